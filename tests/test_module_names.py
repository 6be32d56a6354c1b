"""Names that say one thing: two modules of referee/ share a name only when they are the
same concept in sibling folders (each game's `rules.py`, each screen's `screen.py`) or the
contract those siblings follow (`core/rules.py`, `ui/screen.py`)."""

from collections import defaultdict
from pathlib import Path

import referee

ROOT = Path(referee.__file__).parent

# Folders whose children are siblings of one kind: every game, every game's view, every screen.
SIBLING_FOLDERS = ("games", "ui/games", "ui/screens")


def _family(path: Path) -> str | None:
    """The kind of sibling folder a module sits in, or None."""
    rel = path.relative_to(ROOT).parent.as_posix()
    for folder in SIBLING_FOLDERS:
        if rel.startswith(folder + "/") and rel.count("/") == folder.count("/") + 1:
            return folder
    return None


def _repeated() -> dict[str, list[Path]]:
    found = defaultdict(list)
    for path in ROOT.rglob("*.py"):
        if path.name != "__init__.py":
            found[path.name].append(path)
    return {name: paths for name, paths in found.items() if len(paths) > 1}


def test_a_module_name_repeats_only_for_one_concept_in_sibling_folders():
    wrong = []
    for name, paths in _repeated().items():
        outside = [p for p in paths if _family(p) is None]
        # One module outside the sibling folders may be the contract they follow.
        if len(outside) > 1 or len(outside) == len(paths):
            wrong.append(f"{name}: " + ", ".join(str(p.relative_to(ROOT)) for p in paths))
    assert not wrong, "modules that share a name:\n" + "\n".join(sorted(wrong))


def test_the_check_sees_a_second_module_of_one_name():
    assert _family(ROOT / "games" / "fairy" / "rules.py") == "games"
    assert _family(ROOT / "ui" / "screens" / "home" / "screen.py") == "ui/screens"
    assert _family(ROOT / "ui" / "screens" / "walk.py") is None
    assert "rules.py" in _repeated()
