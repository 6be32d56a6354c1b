"""python -m referee bgstats [GAME_ID ... | --all] [--url] and export --csv FILE: the
same plays and sheet as the app's, one play per line; every refusal one sentence and
status 2, never a traceback."""

import csv
import io
import json
from pathlib import Path

import pytest

from referee.core.record import GameRecord
from referee.history.bgstats import logged_play
from referee.storage.store import Store
from tests.test_bgstats import decoded, random_ending, stored
from tests.test_cli_saved_games import cli_run


@pytest.fixture(autouse=True)
def own_data_dir(monkeypatch):
    monkeypatch.delenv("REFEREE_DATA_DIR", raising=False)  # cli.main sets it


@pytest.fixture
def saved(tmp_path):
    """A data folder with two finished games and one still going: (folder, ids)."""
    folder = tmp_path / "club"
    folder.mkdir()
    store = Store(folder / "referee.db")
    ids = [
        stored(store, random_ending("faeker", 0)),
        stored(store, random_ending("deceptidice", 0)),
        stored(store, GameRecord(game="fairy", players=["Ana", "Bo"])),
    ]
    plays = [logged_play(store, i) for i in ids[:2]]
    store.close()
    return str(folder), ids, plays


class TestBgstats:
    def test_each_game_is_its_play_one_a_line(self, saved, capsys):
        folder, (a, b, _going), plays = saved
        code, out, err = cli_run(capsys, "bgstats", str(b), str(a), "--data-dir", folder)
        assert (code, err) == (0, "")
        assert [json.loads(line) for line in out.splitlines()] == [plays[1], plays[0]]

    def test_urls_decode_to_the_same_plays(self, saved, capsys):
        folder, _ids, plays = saved
        code, out, _err = cli_run(capsys, "--data-dir", folder, "bgstats", "--all", "--url")
        assert code == 0
        assert [decoded(line) for line in out.splitlines()] == plays

    def test_unknown_and_unfinished_games_are_a_sentence_each_and_status_2(self, saved, capsys):
        folder, (a, _b, going), plays = saved
        code, out, err = cli_run(
            capsys, "bgstats", str(a), "99", str(going), "x1", "--data-dir", folder
        )
        assert code == 2
        assert [json.loads(line) for line in out.splitlines()] == [plays[0]]  # still said
        assert err.splitlines() == [
            "'x1' is not a game id: ids are whole numbers.",
            "There is no saved game 99 that this referee can read.",
            f"Game {going} (Fairy) is not over yet: BG Stats logs a play once it has a winner.",
        ]

    @pytest.mark.parametrize(
        ("args", "said"),
        [
            ([], "Name the games to log by their ids, or give --all."),
            (["--all", "1"], "Give game ids or --all, not both."),
        ],
    )
    def test_what_to_log_must_be_said(self, saved, capsys, args, said):
        folder, _ids, _plays = saved
        code, out, err = cli_run(capsys, "bgstats", *args, "--data-dir", folder)
        assert (code, out, err.strip()) == (2, "", said)

    def test_a_missing_data_folder_is_one_sentence(self, tmp_path, capsys):
        code, _out, err = cli_run(capsys, "bgstats", "--all", "--data-dir", str(tmp_path / "no"))
        assert code == 2 and err.strip().endswith("no games are saved there.")


class TestExportCsv:
    def test_the_sheet_has_a_row_per_player_per_finished_game(self, saved, tmp_path, capsys):
        folder, (a, b, _going), _plays = saved
        target = tmp_path / "games.csv"
        code, out, err = cli_run(capsys, "export", "--csv", str(target), "--data-dir", folder)
        assert (code, err) == (0, "")
        assert out.strip() == f"Wrote 6 rows (2 finished games) to {target}."
        raw = target.read_bytes()
        assert raw.startswith(b"\xef\xbb\xbf") and b"\r\n" in raw
        rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"), newline="")))
        assert sorted(r[2] for r in rows[1:]) == [str(a)] * 3 + [str(b)] * 3

    def test_it_never_writes_over_the_saved_games(self, saved, capsys):
        folder, _ids, _plays = saved
        database = Path(folder) / "referee.db"
        before = database.read_bytes()
        code, out, err = cli_run(capsys, "export", "--csv", str(database), "--data-dir", folder)
        assert (code, out) == (2, "")
        assert "it is the saved-games database" in err and len(err.splitlines()) == 1
        assert database.read_bytes() == before

    @pytest.mark.parametrize(
        ("args", "said"),
        [
            (["--csv", "a.csv", "b.csv"], "export --csv writes one file: 'b.csv' is one too many."),
            (["--all"], "export --all needs a folder or a file to write the records to."),
        ],
    )
    def test_a_target_too_many_or_missing_is_one_sentence(self, saved, capsys, args, said):
        folder, _ids, _plays = saved
        code, out, err = cli_run(capsys, "export", *args, "--data-dir", folder)
        assert (code, out, err.strip()) == (2, "", said)
