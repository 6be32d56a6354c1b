"""The shell stays small, and so does every class: none in referee/ is longer than 400
lines (read from the source, so it cannot drift)."""

import ast
from pathlib import Path

MAX_CLASS_LINES = 400
REFEREE = Path(__file__).resolve().parents[2] / "referee"


def _classes():
    for path in sorted(REFEREE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                yield path.relative_to(REFEREE.parent), node


def test_no_class_in_referee_is_longer_than_400_lines():
    long = {
        f"{path}:{node.name}": node.end_lineno - node.lineno + 1
        for path, node in _classes()
        if node.end_lineno - node.lineno + 1 > MAX_CLASS_LINES
    }
    assert not long, long


def test_the_shell_only_routes_and_holds_what_screens_share():
    """Each screen is a class of its own in a module of its own (ui/screens/)."""
    from referee.ui.screens import SCREENS

    modules = [module for module, _cls in SCREENS.values()]
    assert len(set(modules)) == len(modules)
    shell = next(node for path, node in _classes() if node.name == "Shell")
    assert shell.end_lineno - shell.lineno + 1 < MAX_CLASS_LINES
