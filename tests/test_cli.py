"""python -m referee replay / schema."""

import json
import subprocess
import sys

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
        defs = schema["$defs"]
        assert {"Bid", "Pass", "CallBluff", "CallShowdown", "RevealHand", "TopCard"} <= set(defs)
        assert {"Board", "Plays", "DraftPick", "Lot", "Reveal", "Finale"} <= set(defs)
        assert schema["discriminator"]["propertyName"] == "game"
        assert set(schema["discriminator"]["mapping"]) == {"faeker", "faj", "fairybucks"}
