"""Each game lives in its two folders: read from the source, so it cannot drift.

Outside `referee/games/<game>/` and `referee/ui/games/<game>/`, and the two registries
(`referee/games/__init__.py`, `referee/ui/games/__init__.py`), no module of referee
mentions a game's kind (in a string, or in a name such as `faeker_bluff` or `FajView`) or
imports a game's package. And the pure half never imports Flet.
"""

import ast
import re
from pathlib import Path

import pytest

from referee.games import GAMES

ROOT = Path(__file__).resolve().parents[1] / "referee"
KINDS = tuple(sorted(GAMES, key=len, reverse=True))  # "fairybucks" before "fairy"
REGISTRIES = {Path("games/__init__.py"), Path("ui/games/__init__.py")}
# In a string, a kind is lowercase and stands apart from other letters ("faeker_bluff").
IN_TEXT = re.compile(rf"(?<![a-z])({'|'.join(KINDS)})(?![a-z])")


def slice_of(path: Path) -> str | None:
    """The game whose folder holds `path` (relative to referee/), if any."""
    parts = path.parts
    if parts[:1] == ("games",) and len(parts) > 2:
        return parts[1]
    if parts[:2] == ("ui", "games") and len(parts) > 3:
        return parts[2]
    return None


def names_in(tree: ast.AST):
    """Every name the module defines or uses, and every module it imports."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            yield node.id
        elif isinstance(node, ast.Attribute):
            yield node.attr
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield node.name
        elif isinstance(node, ast.arg | ast.keyword) and node.arg:
            yield node.arg
        elif isinstance(node, ast.alias):
            yield node.name
            if node.asname:
                yield node.asname
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module


def mentions(source: str) -> list[tuple[str, str]]:
    """Each game `source` names, and where: in a string, or in a name."""
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            found += [(kind, repr(node.value[:60])) for kind in IN_TEXT.findall(node.value)]
    for name in names_in(tree):
        squashed = name.replace("_", "").replace(".", "").lower()
        for kind in KINDS:
            if kind in squashed:
                found.append((kind, name))
                squashed = squashed.replace(kind, " ")
    return found


def modules():
    for path in sorted(ROOT.rglob("*.py")):
        yield path.relative_to(ROOT), path.read_text("utf-8")


def test_the_check_sees_a_kind_in_a_string_a_name_and_an_import():
    assert mentions("KIND = 'faeker_bluff'")
    assert mentions("def faj_trick(): pass")
    assert mentions("class FairyBucksForm: pass")
    assert mentions("from referee.games.deceptidice import RULES")
    assert mentions("from referee.games import fairy")
    assert not mentions("'Fairy tale' if a else 'a fake fairground'")


@pytest.mark.parametrize("module", [str(p) for p, _ in modules()])
def test_shared_code_names_no_game(module):
    path = Path(module)
    if path in REGISTRIES or slice_of(path) is not None:
        return
    source = (ROOT / path).read_text("utf-8")
    assert mentions(source) == [], f"referee/{module} names a game"


def imported(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module
            yield from (f"{node.module}.{a.name}" for a in node.names)


def test_a_game_imports_no_other_game():
    """Its words may say "fairy" (a fairy-tale), but its imports reach only its own."""
    packages = [f"referee.games.{kind}" for kind in KINDS]
    packages += [f"referee.ui.games.{kind}" for kind in KINDS]
    for path, source in modules():
        game = slice_of(path)
        if game is None:
            continue
        own = (f"referee.games.{game}", f"referee.ui.games.{game}")
        for name in imported(ast.parse(source)):
            other = [p for p in packages if (name + ".").startswith(p + ".") and p not in own]
            assert other == [], f"referee/{path} imports {name}"


def test_the_pure_half_never_imports_flet():
    for path, source in modules():
        if path.parts[0] != "games":
            continue
        for node in ast.walk(ast.parse(source)):
            names = imported(node) if isinstance(node, ast.Import | ast.ImportFrom) else ()
            assert not any(n.split(".")[0] == "flet" for n in names), path
