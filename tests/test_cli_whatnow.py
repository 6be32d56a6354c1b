"""python -m referee whatnow game.json [--at N]: What now? as JSON for the state after N
actions; bad input is one sentence on standard error and status 2."""

import json
import subprocess
import sys

import pytest

from tests.helpers import bid, faeker, top


def run(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "referee", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    session = faeker(players=("Ana", "Bo", "Cy"), actions=[top(3), bid("Bo", 2)])
    path = tmp_path_factory.mktemp("whatnow") / "game.json"
    path.write_text(json.dumps(session.record().model_dump(mode="json")))
    return path


def test_after_every_action_it_says_who_acts_and_what_they_may_do(game):
    out = run("whatnow", str(game))
    assert out.returncode == 0, out.stderr
    told = json.loads(out.stdout)
    assert told["headline"] == (
        "Cy to act: bid 2 or more, pass, call a showdown, or call a bluff on Bo's 2."
    )
    assert told["to_act"] == ["Cy"]
    kinds = {m["kind"]: m for m in told["allowed"]}
    assert kinds["A bluff call"]["ruling"] == "FK-BLUFF-AT-LEAST"
    assert kinds["A bid"]["ruling_words"].startswith("The printed rules: ")
    # Whose rule it is, as a field: the referee's reading, and the option that changes it.
    assert kinds["A bluff call"]["ruling_whose"] == {
        "whose": "reading",
        "option": "Bluff needs the exact count",
        "said": "The referee's reading (the rules are silent; option 'Bluff needs the exact "
        "count' changes it)",
    }
    assert kinds["A pass"]["ruling_whose"]["whose"] == "reading"
    assert all(m["reason"] for m in told["not_allowed"])
    assert kinds["A bid"]["example"] == {"type": "bid", "player": "Cy", "amount": 2}


def test_at_n_is_the_state_after_n_actions(game):
    told = json.loads(run("whatnow", str(game), "--at", "1").stdout)
    assert told["headline"] == "Bo to act: bid 0 or more, pass, or call a showdown."
    refused = {m["kind"]: m for m in told["not_allowed"]}
    assert refused["A bluff call"]["reason"] == "Nobody can call a bluff yet: no bid has been made."
    at_start = json.loads(run("whatnow", str(game), "--at", "0").stdout)
    assert at_start["headline"] == "Ana to deal and turn up the top card."


def test_standard_input_is_read_for_a_dash(game):
    out = run("whatnow", "-", stdin=game.read_text())
    assert out.returncode == 0 and json.loads(out.stdout)["to_act"] == ["Cy"]


@pytest.mark.parametrize(
    ("case", "args", "said"),
    [
        ("missing file", ["nope.json"], "Cannot read the record"),
        ("bad JSON", ["bad.json"], "is not valid JSON"),
        ("not a record", ["list.json"], "This is not a referee record"),
        ("N past the end", ["game.json", "--at", "3"], "--at 3 is out of range"),
        ("N negative", ["game.json", "--at", "-1"], "--at -1 is out of range"),
    ],
)
def test_bad_input_is_one_sentence_and_status_2(game, tmp_path, case, args, said):
    (tmp_path / "bad.json").write_text("{not json")
    (tmp_path / "list.json").write_text("[1, 2]")
    (tmp_path / "game.json").write_text(game.read_text())
    out = run("whatnow", *(str(tmp_path / a) if a.endswith(".json") else a for a in args))
    assert out.returncode == 2, case
    assert out.stdout == ""
    assert out.stderr.count("\n") == 1 and said in out.stderr, out.stderr
    assert "Traceback" not in out.stderr


def test_a_record_that_does_not_replay_names_the_action(tmp_path):
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
    out = run("whatnow", str(path))
    assert out.returncode == 2
    assert out.stderr.startswith("Action 3 of the record:")
    told = json.loads(run("whatnow", str(path), "--at", "2").stdout)
    assert told["to_act"] == ["Ana"]
