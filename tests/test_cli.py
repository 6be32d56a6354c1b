"""python -m referee replay / schema."""

import json
import subprocess
import sys

import pytest

from referee.games import GAMES
from tests.helpers import bid, bluff, faeker, reveal, top


def run(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "referee", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


class TestReplayCommand:
    def test_prints_final_state_and_every_verdict(self, tmp_path):
        s = faeker(actions=[top(5), bid("Bo", 2), bluff("Cy"), reveal("Bo", 5, 6, 1, 1, 1)])
        path = tmp_path / "game.json"
        path.write_text(json.dumps(s.record().model_dump(mode="json")))
        out = run("replay", str(path))
        assert out.returncode == 0, out.stderr
        data = json.loads(out.stdout)
        assert data["state"]["cubes"] == [0, 3, 0]
        assert len(data["verdicts"]) == 4
        assert data["verdicts"][-1]["rulings"][0] == "FK-BLUFF-AT-LEAST"

    def test_illegal_action_exits_2_with_index_and_reason(self, tmp_path):
        record = {
            "format": "referee-record",
            "version": 1,
            "game": "faeker",
            "players": ["Ana", "Bo"],
            "options": {},
            "actions": [top(3), bid("Bo", 3), bid("Ana", 1)],
        }
        path = tmp_path / "bad.json"
        path.write_text(json.dumps(record))
        out = run("replay", str(path))
        assert out.returncode == 2
        data = json.loads(out.stdout)
        assert data["index"] == 2 and "at least 3" in data["reason"]

    def test_unreadable_file_exits_2(self, tmp_path):
        path = tmp_path / "x.json"
        path.write_text("{not json")
        assert run("replay", str(path)).returncode == 2


class TestSchemaCommand:
    def test_schema_describes_records_and_actions(self):
        out = run("schema")
        assert out.returncode == 0
        schema = json.loads(out.stdout)
        defs = set(schema["$defs"])
        assert {"Bid", "Pass", "CallBluff", "CallShowdown", "RevealHand", "TopCard"} <= defs
        assert {"Board", "Plays", "DraftPick", "Lot", "BucksReveal", "Finale"} <= defs
        assert schema["discriminator"]["propertyName"] == "game"
        assert set(schema["discriminator"]["mapping"]) >= {"faeker", "faj", "fairybucks"}

    def test_records_refuse_unknown_fields_and_long_names(self):
        schema = json.loads(run("schema").stdout)
        faeker = schema["$defs"]["FaekerRecord"]
        assert faeker["additionalProperties"] is False
        assert faeker["properties"]["players"]["items"]["maxLength"] == 40


def replay_in_process(capsys, text: str | bytes, tmp_path) -> tuple[int, dict]:
    from referee import cli

    path = tmp_path / "record.json"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
    code = cli.main(["replay", str(path)])
    out = capsys.readouterr().out
    return code, json.loads(out)


def record_text(**changes) -> str:
    record = {
        "format": "referee-record",
        "version": 1,
        "game": "faeker",
        "players": ["Ana", "Bo"],
        "options": {},
        "actions": [top(3)],
    }
    record.update(changes)
    return json.dumps(record)


BAD_RECORDS = {
    "nested 100,000 deep": ("[" * 100_000 + "]" * 100_000, "deep"),
    "a number of 5,000 digits": (
        '{"format": "referee-record", "version": ' + "9" * 5000 + "}",
        "digits",
    ),
    "a lone surrogate in a name": (record_text(players=["Ana\ud83d", "Bo"]), "cannot be shown"),
    "version '2'": (record_text(version="2"), "version must be"),
    "version 2.0": (record_text(version=2.0), "version must be"),
    "version true": (record_text(version=True), "version must be"),
    "version -5": (record_text(version=-5), "version must be"),
    "version 99": (record_text(version=99), "newer referee"),
    "version 99 without format": ('{"version": 99, "game": "faeker"}', "not a referee record"),
    "an unknown field": (record_text(comment="hi"), "does not know"),
    "the same name twice, once spaced": (record_text(players=[" Ana ", "ana"]), "same name"),
    "100 kB of input": (record_text(players=["x" * 100_000, "Bo"]), "longest"),
    "a bid out of range": (record_text(actions=[top(3), bid("Bo", 7)]), "from 0 to 5"),
    "an unknown game": (record_text(game="deceptidice9"), "Unknown game"),
    "NaN": ('{"format": "referee-record", "version": NaN}', "NaN"),
    "not UTF-8": (b'{"format": "\xff"}', "UTF-8"),
    "empty": ("", "empty"),
    "a key twice": ('{"format": "referee-record", "format": "x"}', "twice"),
}


class TestReplayRefusals:
    @pytest.mark.parametrize("case", sorted(BAD_RECORDS))
    def test_one_sentence_and_status_2(self, capsys, tmp_path, case):
        text, words = BAD_RECORDS[case]
        code, out = replay_in_process(capsys, text, tmp_path)
        assert code == 2 and out["ok"] is False
        reason = out["reason"]
        assert words in reason, reason
        assert "\n" not in reason and len(reason) <= 200
        assert "Input should" not in reason and "Traceback" not in reason

    def test_names_are_trimmed_once_and_keep_their_case(self, capsys, tmp_path):
        code, out = replay_in_process(
            capsys, record_text(players=[" ana ", "BO"], actions=[top(3), bid("BO", 2)]), tmp_path
        )
        assert code == 0, out
        assert out["state"]["players"] == ["ana", "BO"]

    def test_a_missing_file_and_a_folder(self, capsys, tmp_path):
        from referee import cli

        for path in (tmp_path / "nope.json", tmp_path):
            assert cli.main(["replay", str(path)]) == 2
            out = json.loads(capsys.readouterr().out)
            assert out["index"] is None and "Cannot read the record" in out["reason"]

    def test_a_huge_file_is_refused_without_reading_it_whole(self, capsys, tmp_path):
        code, out = replay_in_process(capsys, " " * 3_000_000, tmp_path)
        assert code == 2 and "too large" in out["reason"]

    def test_standard_input_deep_nesting_exits_2_with_json_and_no_traceback(self):
        out = run("replay", "-", stdin="[" * 100_000)
        assert out.returncode == 2, out.stderr
        assert json.loads(out.stdout)["ok"] is False
        assert "Traceback" not in out.stderr


def _fresh_python(code: str) -> subprocess.CompletedProcess:
    """`code` run by a new interpreter: what it imports is what startup imports."""
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)


class TestStartup:
    """The server opens its port before the rules and the screens are imported; they load
    on a thread while the browser fetches the web client."""

    def test_the_command_line_imports_no_rules_store_or_screens(self):
        out = _fresh_python(
            "import sys, referee.cli, referee.live.server\n"
            "heavy = [m for m in sys.modules if m.startswith(('referee.games', "
            "'referee.storage.store', 'referee.ui', 'referee.app', 'pydantic'))]\n"
            "print(heavy)"
        )
        assert out.stdout.strip() == "[]", out.stdout + out.stderr

    def test_the_first_screen_needs_none_of_the_other_screens(self):
        out = _fresh_python(
            "import sys, referee.app\n"
            "referee.app.warm_up()\n"
            "from referee.ui.screens import SCREENS\n"
            "later = ['referee.ui.screens.' + n\n"
            "         for n in ('settle.dispute', 'log.editor', 'new_game.form')]\n"
            "later += ['referee.ui.screens.' + m for m, _c in SCREENS.values() if m != 'home']\n"
            "later += [m for m in sys.modules if m.startswith('referee.ui.games.')]\n"
            "print([m for m in later if m in sys.modules])"
        )
        assert out.stdout.strip() == "[]", out.stdout + out.stderr

    def test_the_first_screen_of_an_empty_referee_imports_no_rules(self, tmp_path):
        out = _fresh_python(
            "import os, sys\n"
            f"os.environ['REFEREE_DATA_DIR'] = {str(tmp_path)!r}\n"
            "import referee.app\n"
            "referee.app.warm_up()\n"
            "print([m for m in sys.modules if m.startswith('referee.games.')])"
        )
        assert out.stdout.strip() == "[]", out.stdout + out.stderr

    def test_the_other_screens_load_on_demand(self):
        from referee.ui import screens

        screens.load_all()
        assert all(f"referee.ui.games.{kind}.view" in sys.modules for kind in GAMES)
        assert all(screens.screen_class(name) for name in screens.SCREENS)
        with pytest.raises(KeyError):
            screens.screen_class("nothing_such")
