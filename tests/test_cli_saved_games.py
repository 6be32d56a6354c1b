"""python -m referee import / export --all / stats: many saved games at once, with
--data-dir before or after the command."""

import json
import subprocess
import sys

import pytest

from referee import cli
from referee.commands import replay_text
from referee.core.session import Session
from referee.storage.store import Store
from tests.games import test_deceptidice_rulings as deceptidice_rulings
from tests.helpers import bid, faeker, pass_, top


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "referee", *args], capture_output=True, text=True, timeout=120
    )


def one_takes_every_round(players, winner: str, **options) -> Session:
    """Fae-ker where `winner` alone bids every round (the others pass) until it is over."""
    s = faeker(players=players, **options)
    while not s.is_over:
        s.play(top(7))
        while s.state.phase == "bidding":
            turn = s.rules.current_player(s.state)
            s.play(bid(turn, 1) if turn == winner else pass_(turn))
    return s


def known_records() -> list[dict]:
    """Three endings whose places are known, and one game still going."""
    games = [
        one_takes_every_round(("Ana", "Bo"), "Ana"),  # places 1, 2
        one_takes_every_round(("Ana", "Bo", "Cy"), "Cy"),  # 2, 2, 1: Ana and Bo tie
        # Deceptidice 4, 1, 1, 1: three share the win
        deceptidice_rulings.TestEnd().ana_loses_until_the_end(),
        faeker(players=("Ana", "Bo"), actions=[top(3)]),  # unfinished: never counted
    ]
    return [g.record().model_dump(mode="json") for g in games]


@pytest.fixture
def records(tmp_path):
    paths = []
    for n, record in enumerate(known_records(), start=1):
        path = tmp_path / f"game{n}.json"
        path.write_text(json.dumps(record, indent=1))
        paths.append(str(path))
    return paths


def test_known_places_give_the_expected_wins_places_and_head_to_head(tmp_path, records):
    data = str(tmp_path / "club")
    out = run("--data-dir", data, "import", *records)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "Imported 4 games from 4 files."
    out = run("stats", "--json", "--data-dir", data)
    assert out.returncode == 0, out.stderr
    stats = json.loads(out.stdout)
    assert stats["games"] == 3
    players = {p["player"]: p for p in stats["players"]}
    assert {n: (p["games"], p["wins"]) for n, p in players.items()} == {
        "Ana": (3, 1),
        "Bo": (3, 1),
        "Cy": (2, 2),
        "Di": (1, 1),
    }
    assert players["Ana"]["average_place"] == round(7 / 3, 3)  # 1, 2 (tied) and 4
    assert players["Bo"]["average_place"] == round(5 / 3, 3)  # 2 (tied), 2 and 1 (shared)
    assert players["Ana"]["by_game"]["faeker"] == {
        "games": 2,
        "wins": 1,
        "win_rate": 0.5,
        "average_place": 1.5,
    }
    pairs = {tuple(h["players"]): h for h in stats["head_to_head"]}
    assert pairs[("Ana", "Bo")] == {
        "players": ["Ana", "Bo"],
        "games": 3,
        "higher": {"Ana": 1, "Bo": 1},
        "ties": 1,
    }
    assert pairs[("Bo", "Cy")]["higher"] == {"Bo": 0, "Cy": 1} and pairs[("Bo", "Cy")]["ties"] == 1
    faeker_stats = next(k for k in stats["games_by_kind"] if k["game"] == "faeker")
    assert faeker_stats["most_wins"] == {"players": ["Ana", "Cy"], "wins": 1}
    assert [g["players"] for g in stats["unfinished"]] == [["Ana", "Bo"]]
    assert stats["titles"]["faeker"] == {"title": "Fae-ker", "unit": "cubes"}

    one_game = run("stats", "--json", "--game", "deceptidice", "--data-dir", data)
    assert json.loads(one_game.stdout)["games"] == 1
    text = run("--data-dir", data, "stats")
    assert text.returncode == 0 and "Ana and Bo: 3 together" in text.stdout


def cli_run(capsys, *args) -> tuple[int, str, str]:
    code = cli.main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture(autouse=True)
def own_data_dir(monkeypatch):
    monkeypatch.delenv("REFEREE_DATA_DIR", raising=False)  # cli.main sets it


class TestImport:
    def test_a_refused_record_is_named_and_nothing_is_imported(self, tmp_path, records, capsys):
        bad = tmp_path / "bad.json"
        broken = known_records()[0]
        broken["actions"][1] = {"type": "bid", "player": "Zed", "amount": 1}
        bad.write_text(json.dumps([known_records()[1], broken]))
        data = tmp_path / "club"
        code, out, err = cli_run(capsys, "import", *records, str(bad), "--data-dir", str(data))
        assert code == 2 and out == ""
        assert err.splitlines() == [
            f"{bad}, record 2: Action 2 of the record: 'Zed' is not playing in this game.",
            "Nothing was imported: fix or leave out the records above.",
        ]
        store = Store(data / "referee.db")
        assert store.list_games() == []
        store.close()

    def test_a_record_imported_again_is_said_to_be_stored_already(self, tmp_path, records, capsys):
        data = str(tmp_path / "club")
        assert cli_run(capsys, "import", records[0], "--data-dir", data)[0] == 0
        both = tmp_path / "both.json"
        both.write_text(json.dumps(known_records()[:2]))
        code, out, err = cli_run(capsys, "import", str(both), "--data-dir", data)
        assert code == 0 and err == ""
        assert out.splitlines() == [
            f"{both}, record 1: this game is stored already (game 1).",
            "Imported 1 game from 1 file.",
        ]
        code, out, _err = cli_run(capsys, "import", records[0], records[0], "--data-dir", data)
        assert code == 0 and out.splitlines()[-1] == "Imported 0 games from 2 files."
        store = Store(tmp_path / "club" / "referee.db")
        assert len(store.list_games()) == 2
        store.close()

    @pytest.mark.parametrize(
        "players",
        [["Ana", "A\u200bna"], ["Ana", "\u0410na"], ["\u202eanA", "Bo"]],
    )
    def test_names_are_checked_as_new_game_checks_them(self, tmp_path, capsys, players):
        record = tmp_path / "game.json"
        record.write_text(json.dumps({**known_records()[3], "players": players, "actions": []}))
        data = tmp_path / "club"
        code, out, err = cli_run(capsys, "import", str(record), "--data-dir", str(data))
        assert code == 2 and out == ""
        first, last = err.splitlines()
        assert first.startswith(f"{record}: ") and (
            "look the same on screen" in first or "does not show" in first
        ), first
        assert last == "Nothing was imported: fix or leave out the records above."
        store = Store(data / "referee.db")
        assert store.list_games() == []
        store.close()
        assert replay_text(record.read_text())[0] == 0  # an old record still replays

    def test_an_unreadable_file_is_named(self, tmp_path, capsys):
        code, _out, err = cli_run(
            capsys, "--data-dir", str(tmp_path), "import", str(tmp_path / "none.json")
        )
        assert code == 2 and "none.json: The file cannot be read" in err


class TestExport:
    def test_every_game_to_a_folder_and_to_one_file_imports_back_the_same(
        self, tmp_path, records, capsys
    ):
        first, second, third = (str(tmp_path / n) for n in ("one", "two", "three"))
        assert cli_run(capsys, "--data-dir", first, "import", *records)[0] == 0
        folder = f"{tmp_path}/out/"
        code, out, _err = cli_run(capsys, "--data-dir", first, "export", "--all", folder)
        assert code == 0 and out.startswith("Exported 4 games to 4 files")
        files = sorted((tmp_path / "out").iterdir())
        assert [f.name for f in files] == [
            "0001-faeker.json",
            "0002-faeker.json",
            "0003-deceptidice.json",
            "0004-faeker.json",
        ]
        exported = json.loads(files[0].read_text())
        dates = {k: exported.pop(k) for k in ("created", "changed", "ended")}
        assert exported == known_records()[0] and all(dates.values())
        code, _out, _err = cli_run(
            capsys, "--data-dir", first, "export", "--all", str(tmp_path / "all.json")
        )
        assert code == 0
        undated = [
            {k: v for k, v in r.items() if k not in ("created", "changed", "ended")}
            for r in json.loads((tmp_path / "all.json").read_text())
        ]
        assert undated == known_records()
        assert cli_run(capsys, "--data-dir", second, "import", *map(str, files))[0] == 0
        assert cli_run(capsys, "--data-dir", third, "import", str(tmp_path / "all.json"))[0] == 0
        figures = []
        for data in (first, second, third):
            code, out, _err = cli_run(capsys, "--data-dir", data, "stats", "--json")
            figures.append(json.loads(out))  # the days too: the records carry them
        assert figures[0] == figures[1] == figures[2]

    def test_a_game_that_cannot_be_opened_is_left_out_and_named(self, tmp_path, records, capsys):
        data = tmp_path / "club"
        cli_run(capsys, "--data-dir", str(data), "import", *records)
        store = Store(data / "referee.db")
        store._conn.execute("UPDATE games SET kind='chess' WHERE id=2")
        store.close()
        code, _out, err = cli_run(
            capsys, "--data-dir", str(data), "export", "--all", str(tmp_path / "all.json")
        )
        assert code == 1 and err.startswith("Game 2 (chess) was left out: This game cannot be")
        assert len(json.loads((tmp_path / "all.json").read_text())) == 3


class TestStats:
    def test_an_unknown_game_is_one_sentence(self, tmp_path, capsys):
        code, _out, err = cli_run(capsys, "--data-dir", str(tmp_path), "stats", "--game", "chess")
        assert code == 2 and err.startswith("Unknown game 'chess'") and err.count("\n") == 1

    def test_no_games_yet(self, tmp_path, capsys):
        code, out, _err = cli_run(
            capsys, "--data-dir", str(tmp_path), "stats", "--period", "evening"
        )
        assert code == 0 and out.strip() == "All games · last evening: 0 games counted"
