"""A leading underscore means "this module's own": no module of referee/ imports another
module's private name (issue 58), so a module's insides can change without a search of the
whole package. A name two modules share is public, at its definition. Read from the source,
so it cannot drift.

referee/flet_patches/ is the one door to Flet's insides and imports Flet's private names;
only referee's own names count here."""

import ast
from pathlib import Path

REFEREE = Path(__file__).resolve().parents[1] / "referee"


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _ours(module: str) -> bool:
    return module == "referee" or module.startswith("referee.")


def private_imports(root: Path = REFEREE) -> list[str]:
    """Each import of a private name of referee, as "path:line: what"."""
    found = []
    for path in sorted(root.rglob("*.py")):
        where = path.relative_to(root.parent).as_posix()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ImportFrom):
                module = node.module or ""
                if node.level == 0 and not _ours(module):
                    continue  # another package's names (Flet's, in flet_patches/)
                dotted = [*module.split("."), *(a.name for a in node.names)]
                bad = [part for part in dotted if part and _private(part)]
                if bad:
                    found.append(f"{where}:{node.lineno}: from {module} imports {', '.join(bad)}")
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if _ours(alias.name) and any(map(_private, alias.name.split("."))):
                        found.append(f"{where}:{node.lineno}: import {alias.name}")
    return found


def test_no_module_imports_another_modules_private_name():
    found = private_imports()
    assert not found, "\n".join(found)


def test_the_scan_finds_a_private_import(tmp_path):
    """The scan itself: each form of import it must refuse, and the ones it must let be."""
    package = tmp_path / "referee"
    package.mkdir()
    (package / "a.py").write_text(
        "from referee.storage.database import _locked\n"
        "from referee.core import (\n    record,\n    _hidden,\n)\n"
        "import referee.storage._inner\n"
        "from . import _sibling\n"
        "from flet.controls.base_control import _UNSET\n"
        "from referee.storage.database import SaveFailed\n"
        "from referee import __version__\n"
    )
    found = private_imports(package)
    assert [line.split(":")[1] for line in found] == ["1", "2", "6", "7"], found
