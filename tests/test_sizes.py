"""The house keeps its rooms small: no module in referee/ is longer than 500 lines and no
class longer than 400 (read from the source, so it cannot drift). Generated data is
exempt, by name, below; the shell, which every screen goes through, stays under the class
limit with room to spare."""

import ast
from pathlib import Path

MAX_MODULE_LINES = 500
MAX_CLASS_LINES = 400
REFEREE = Path(__file__).resolve().parents[1] / "referee"
# Written by a tool, not by hand: long because the data is (each says so in its docstring).
GENERATED = {"core/confusables_data.py"}  # tools/gen_confusables.py


def _modules():
    for path in sorted(REFEREE.rglob("*.py")):
        if path.relative_to(REFEREE).as_posix() not in GENERATED:
            yield path


def _classes():
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                yield path.relative_to(REFEREE.parent), node


def test_no_module_in_referee_is_longer_than_500_lines():
    long = {
        str(path.relative_to(REFEREE.parent)): lines
        for path in _modules()
        if (lines := len(path.read_text().splitlines())) > MAX_MODULE_LINES
    }
    assert not long, long


def test_the_generated_modules_exempted_exist_and_say_they_are_generated():
    for name in GENERATED:
        assert "generated" in ast.get_docstring(ast.parse((REFEREE / name).read_text())).lower()


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
