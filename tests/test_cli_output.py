"""`settle` and `edit` never print a traceback: a wrong type is one sentence with status 2,
and output the terminal cannot encode (PYTHONIOENCODING=ascii) comes as JSON's own
escapes, the same JSON."""

import json
import os
import subprocess
import sys

from tests.disputes.test_settle_cli import EXAMPLES
from tests.helpers import bid, faeker, top


def run(*args, encoding="ascii"):
    env = dict(os.environ, PYTHONIOENCODING=encoding)
    return subprocess.run(
        [sys.executable, "-m", "referee", *args],
        capture_output=True,
        env=env,
        timeout=60,
    )


def record_file(tmp_path, players=("Zoé", "Bo", "Cy")):
    path = tmp_path / "game.json"
    session = faeker(players=players, actions=[top(3), bid("Bo", 2)])
    path.write_text(json.dumps(session.record().model_dump(mode="json")), encoding="utf-8")
    return path


class TestAnAsciiTerminal:
    def test_a_verdict_with_a_heart_is_escaped_not_a_crash(self, tmp_path):
        path = tmp_path / "dispute.json"
        path.write_text(json.dumps(EXAMPLES["faj_trick"]), encoding="utf-8")
        out = run("settle", str(path))
        assert out.returncode == 0 and out.stderr == b""
        assert out.stdout.isascii()
        assert json.loads(out.stdout)["headline"] == "Bo takes the trick with J♥"

    def test_an_edited_record_with_an_accent_is_escaped_not_a_crash(self, tmp_path):
        out = run("edit", str(record_file(tmp_path)), "--at", "2", "--delete")
        assert out.returncode == 0 and out.stderr == b""
        assert out.stdout.isascii()
        assert json.loads(out.stdout)["record"]["players"][0] == "Zoé"

    def test_a_refusal_naming_a_card_is_escaped_not_a_crash(self, tmp_path):
        path = tmp_path / "dispute.json"
        path.write_text(json.dumps(EXAMPLES["faj_trick"] | {"board": ["5H", "5H"]}))
        out = run("settle", str(path))
        assert out.returncode == 2 and out.stderr == b""
        assert json.loads(out.stdout)["ok"] is False


class TestWrongTypes:
    def test_a_dispute_kind_that_is_a_list_is_one_sentence_and_status_2(self, tmp_path):
        path = tmp_path / "dispute.json"
        path.write_text(json.dumps(EXAMPLES["faeker_bluff"] | {"kind": ["faeker_bluff"]}))
        out = run("settle", str(path), encoding="utf-8")
        assert out.returncode == 2 and out.stderr == b""
        reason = json.loads(out.stdout)["reason"]
        assert reason.startswith("Unknown dispute kind a list of 1") and "\n" not in reason

    def test_an_inserted_action_that_is_an_object_of_lists_is_one_sentence(self, tmp_path):
        path = record_file(tmp_path)
        out = run("edit", str(path), "--at", "1", "--insert", '{"type": [1], "card": {}}')
        assert out.returncode == 2 and out.stderr == b""
        assert "\n" not in json.loads(out.stdout)["reason"]
