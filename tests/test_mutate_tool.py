"""tools/mutate.py, the mutation-testing command beside the suite: how it sorts survivors,
and that its list of equivalent mutants names only rules modules it runs, each with why.
(The command itself needs the `mutation` extra and minutes per game; these checks need
neither.)"""

import importlib.util
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("mutate", ROOT / "tools" / "mutate.py")
mutate = importlib.util.module_from_spec(_spec)
sys.modules["mutate"] = mutate  # its dataclass looks itself up there
_spec.loader.exec_module(mutate)


def test_a_sentence_changed_inside_is_text_but_a_key_or_a_ruling_id_is_not():
    assert mutate.changes_only_text('return "none"', 'return "XXnoneXX"')
    assert mutate.changes_only_text(
        "f\"{'true' if ok else 'false'}.\"", "f\"{'TRUE' if ok else 'false'}.\""
    )
    assert not mutate.changes_only_text('if combo == "run":', 'if combo == "XXrunXX":')
    assert not mutate.changes_only_text('rulings = ["DD-WILD"]', 'rulings = ["XXDD-WILDXX"]')
    assert not mutate.changes_only_text("x = a + b", "x = a - b")


def test_turning_off_zips_strictness_is_recognised_and_nothing_else():
    was = "for a, b in zip(xs, ys, strict=True):"
    assert mutate.only_strictness(was, "for a, b in zip(xs, ys, strict=False):")
    assert mutate.only_strictness(was, "for a, b in zip(xs, ys, ):")
    assert not mutate.only_strictness(was, "for a, b in zip(ys, xs, strict=True):")


def test_a_mutant_is_named_by_the_function_it_changes():
    assert mutate.function_of("referee.games.deceptidice.truth.x__combo__mutmut_20") == "_combo"
    assert mutate.function_of("referee.games.fairy.rules.xǁFairyRulesǁprogress__mutmut_3") == (
        "progress"
    )


def test_every_game_has_rules_modules_and_tests_that_exist():
    for game, (modules, _) in mutate.GAMES.items():
        for path in mutate.module_paths(game):
            assert (ROOT / path).is_file(), path
        tests = mutate.test_files(game)
        assert tests and all((ROOT / t.split("::")[0]).is_file() for t in tests), game
        assert modules


def test_each_accepted_mutant_names_a_module_the_command_runs_and_says_why():
    entries = tomllib.loads((ROOT / "tools" / "mutants_accepted.toml").read_text())["equivalent"]
    run = {p for game in mutate.GAMES for p in mutate.module_paths(game)}
    for entry in entries:
        assert entry["module"] in run, entry
        assert entry["was"] != entry["now"] and entry["why"].endswith("."), entry
