"""A record carries when its game was played (created, changed, ended and each action's
time), optional so older records still load: export writes them, import keeps them, and
the statistics read them, so `export --all` then `import` into an empty folder gives the
same statistics, day by day."""

import json
import sqlite3
import subprocess
import sys
from collections import Counter
from datetime import UTC, datetime, timedelta

import pytest

from referee import cli
from referee.core.errors import InvalidAction
from referee.core.record import parse_record
from referee.live.kept_session import KeptSession
from referee.storage.store import SCHEMA_VERSION, Store
from referee.storage.transfer import import_files
from referee.ui.screens.home.view import import_record
from tests.test_cli_saved_games import known_records

GAMES = 1000
DAYS = 30


def run(*args):
    out = subprocess.run(
        [sys.executable, "-m", "referee", *args], capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    return out.stdout


def at(moment: datetime) -> str:
    return moment.isoformat(timespec="seconds")


def dated(record: dict, start: datetime) -> dict:
    """The record as played from `start`, an action a minute."""
    times = [start + timedelta(minutes=n + 1) for n in range(len(record["actions"]))]
    last = times[-1] if times else start
    finished = len(record["actions"]) > 1  # the known records' one unfinished game has one
    return {
        **record,
        "created": at(start),
        "changed": at(last),
        **({"ended": at(last)} if finished else {}),
        "times": [at(t) for t in times],
    }


@pytest.fixture(scope="module")
def club_month():
    """1,000 games over the 30 days before now: the four known games over and over, each
    evening a few of them from 19:00 on (UTC), some evenings busier than others."""
    base = known_records()
    first = datetime.now(UTC).replace(hour=19, minute=0, second=0, microsecond=0)
    first -= timedelta(days=DAYS)
    records = []
    for n in range(GAMES):
        day = (n * 7) % DAYS  # every day, unevenly filled as n runs on
        # A second apart at least: no two games begin at once (each is a game of its own).
        start = first + timedelta(days=day, minutes=20 * (n // DAYS % 12), seconds=n)
        records.append(dated(base[n % len(base)], start))
    return records


class TestTheRecord:
    def test_older_records_without_dates_still_load(self):
        record = parse_record(known_records()[0])
        assert record.dates() == {"created": None, "changed": None, "ended": None, "times": None}
        assert "created" not in record.model_dump(mode="json")

    def test_dates_are_iso_8601_in_utc_and_kept_as_the_store_keeps_them(self):
        record = parse_record({**known_records()[3], "created": "2025-03-01T19:30:00Z"})
        assert record.created == "2025-03-01T19:30:00+00:00"
        wrong_ones = ("2025-03-01 19:30", "2025-03-01T19:30:00+02:00", "2025-02-30T19:30:00Z")
        for wrong in wrong_ones:
            with pytest.raises(InvalidAction, match="ISO 8601 in UTC"):
                parse_record({**known_records()[3], "created": wrong})

    def test_there_is_one_time_per_action(self):
        record = known_records()[3]  # one action
        with pytest.raises(InvalidAction, match="one per action: 2 times for 1 action"):
            parse_record({**record, "times": ["2025-03-01T19:30:00Z", None]})
        assert parse_record({**record, "times": [None]}).times == [None]

    def test_the_dates_are_not_the_game(self):
        record = parse_record(dated(known_records()[0], datetime(2025, 3, 1, 19, tzinfo=UTC)))
        assert record.undated() == parse_record(known_records()[0])

    def test_the_schema_describes_them(self):
        schema = json.loads(run("schema"))
        records = [
            d["properties"]
            for d in schema["$defs"].values()
            if "actions" in d.get("properties", {})
        ]
        assert len(records) >= 5  # one per game
        for fields in records:
            assert "UTC" in fields["created"]["description"]
            assert "one per action" in fields["times"]["description"]


class TestTheStore:
    def test_an_imported_record_keeps_its_dates_and_action_times(self, tmp_path, club_month):
        record = club_month[0]
        path = tmp_path / "game.json"
        path.write_text(json.dumps(record))
        store = Store(tmp_path / "referee.db")
        (game_id,) = import_files(store, [str(path)]).games
        loaded = store.load(game_id).record
        assert loaded.model_dump(mode="json") == record
        (result,) = store.results.all()
        assert (result.created, result.ended) == (record["created"], record["ended"])
        store.close()

    def test_the_apps_import_keeps_them_too(self, tmp_path, club_month):
        store = Store(tmp_path / "referee.db")
        table = import_record(store, json.dumps(club_month[1]))
        assert store.load(table.game_id).record.model_dump(mode="json") == club_month[1]
        store.close()

    def test_each_action_played_gets_its_time_and_an_edit_keeps_the_others(self, tmp_path):
        store = Store(tmp_path / "referee.db")
        record = parse_record(known_records()[0])
        table = KeptSession.new(store, record.model_copy(update={"actions": []}))
        for action in record.actions[:4]:  # the top card, Bo passes, Ana bids, the top card
            table.play(action)
        times = store.load(table.game_id).record.times
        assert None not in times and times == sorted(times)
        ana_passes = {"type": "pass", "player": "Ana"}
        edited = [*record.actions[:2], ana_passes, record.actions[3]]
        table.replace(edited, [], "Action 3 edited")
        assert store.load(table.game_id).record.times == [*times[:2], None, times[3]]
        store.close()

    def test_a_database_from_before_action_times_gets_them_and_keeps_its_games(self, tmp_path):
        path = tmp_path / "referee.db"
        store = Store(path)
        game_id = store.create_game(parse_record(known_records()[3]))
        created = store.load(game_id).record.created
        store.close()
        conn = sqlite3.connect(path)  # as referee's schema 4 left it
        conn.execute("ALTER TABLE actions DROP COLUMN at")
        conn.execute("PRAGMA user_version=4")
        conn.commit()
        conn.close()
        for _twice in range(2):
            store = Store(path)
            loaded = store.load(game_id).record
            assert (loaded.created, loaded.times) == (created, None)
            store.close()
        conn = sqlite3.connect(path)
        assert "at" in {r[1] for r in conn.execute("PRAGMA table_info(actions)")}
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        conn.close()

    def test_an_edited_record_keeps_its_dates(self, tmp_path, club_month):
        record = club_month[0]
        path = tmp_path / "game.json"
        path.write_text(json.dumps(record))
        again = json.dumps(record["actions"][1])  # Bo passes, entered anew: when is not known
        edited = json.loads(run("edit", str(path), "--at", "2", "--replace", again))["record"]
        assert edited["created"] == record["created"] and edited["ended"] == record["ended"]
        assert edited["times"] == [record["times"][0], None, *record["times"][2:]]


def stats(capsys, data: str, period: str = "all") -> dict:
    """The figures `stats --json` prints (in this process: 0.5 s less a run, six runs)."""
    assert cli.main(["stats", "--json", "--period", period, "--data-dir", data]) == 0
    return json.loads(capsys.readouterr().out)


def test_export_then_import_into_an_empty_folder_gives_the_same_statistics(
    tmp_path, club_month, capsys, monkeypatch
):
    monkeypatch.delenv("REFEREE_DATA_DIR", raising=False)  # cli.main sets it
    games = tmp_path / "month.json"
    games.write_text(json.dumps(club_month))
    first, second = str(tmp_path / "first"), str(tmp_path / "second")
    run("import", str(games), "--data-dir", first)
    run("export", "--all", f"{tmp_path}/out/", "--data-dir", first)
    files = sorted(str(p) for p in (tmp_path / "out").iterdir())
    assert len(files) == GAMES
    run("import", *files, "--data-dir", second)
    for period in ("all", "month", "evening"):
        before, after = stats(capsys, first, period), stats(capsys, second, period)
        # "since" is the moment each ran (30 days before it): the rest must be the same.
        assert {**before, "since": None} == {**after, "since": None}, period
    whole = stats(capsys, second)
    finished = [r for r in club_month if "ended" in r]
    assert whole["games"] == len(finished) == 750
    expected_days = Counter(
        datetime.fromisoformat(r["ended"]).astimezone().date().isoformat() for r in finished
    )
    assert {d["day"]: d["games"] for d in whole["days"]} == expected_days
    assert len(whole["days"]) >= DAYS
