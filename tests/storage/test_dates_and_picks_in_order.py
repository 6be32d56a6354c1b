"""A record's dates tell one story (started, each action entered, ended), and a private
pick lives exactly as long as the decision it was for."""

import json
import sqlite3
from datetime import UTC, datetime, timedelta

import pytest

from referee.core.errors import InvalidAction
from referee.core.record import GameRecord, parse_record
from referee.live.kept_session import KeptSession
from referee.storage import action_log
from referee.storage.pending import StoredPick
from referee.storage.store import Store
from referee.storage.transfer import import_files
from tests.test_cli_saved_games import known_records

START = datetime(2026, 11, 20, 19, 30, tzinfo=UTC)


def at(minutes: float) -> str:
    return (START + timedelta(minutes=minutes)).isoformat()


def dated(record: dict, *, created, ended, times) -> dict:
    return {**record, "created": created, "ended": ended, "times": times}


@pytest.fixture
def finished() -> dict:
    record = known_records()[0]  # Ana takes every round: an ending
    return dated(
        record,
        created=at(0),
        ended=at(len(record["actions"])),
        times=[at(n) for n in range(len(record["actions"]))],
    )


class TestARecordsDatesMustBeInOrder:
    def test_a_record_in_order_is_read(self, finished):
        assert parse_record(finished).ended == finished["ended"]

    def test_an_end_before_the_start_is_refused_in_one_sentence(self, finished):
        with pytest.raises(InvalidAction) as refused:
            parse_record({**finished, "created": at(60)})
        reason = refused.value.reason
        assert reason.startswith("This record says its game ended at 2026-11-20 ")
        assert "before it was started at 2026-11-20 20:30:00 UTC." in reason
        assert reason.count(".") == 1

    def test_an_action_before_the_start_is_refused_naming_it(self, finished):
        times = list(finished["times"])
        times[2] = at(-5)
        with pytest.raises(InvalidAction, match=r"^Action 3 of this record is dated .*, before"):
            parse_record({**finished, "times": times})

    def test_an_action_after_the_end_is_refused_naming_it(self, finished):
        times = list(finished["times"])
        times[-1] = at(600)
        number = len(times)
        with pytest.raises(InvalidAction, match=rf"^Action {number} of this record .*, after"):
            parse_record({**finished, "times": times})

    def test_unknown_times_and_missing_dates_decide_nothing(self, finished):
        times = [None] * len(finished["times"])
        parse_record({**finished, "times": times})
        parse_record({**finished, "created": None, "ended": None})

    def test_an_import_of_a_record_out_of_order_saves_nothing(self, tmp_path, finished):
        path = tmp_path / "bad.json"
        path.write_text(json.dumps([finished, {**finished, "created": at(60)}]))
        store = Store(tmp_path / "referee.db")
        result = import_files(store, [str(path)])
        assert result.games == []
        assert [line.split(": ", 1)[0] for line in result.refused] == [f"{path}, record 2"]
        assert "before it was started" in result.refused[0]
        assert store.list_games() == []
        store.close()


class TestTheStoresOwnDatesStayInOrder:
    def test_a_clock_set_back_mid_game_still_gives_an_export_that_imports(
        self, tmp_path, monkeypatch, finished
    ):
        store = Store(tmp_path / "referee.db")
        record = parse_record({**finished, "created": None, "ended": None, "times": None})
        table = KeptSession.new(store, record.model_copy(update={"actions": []}))
        clock = iter(range(len(record.actions), 0, -1))  # each action an hour earlier
        monkeypatch.setattr(
            action_log, "utc_now", lambda: (START + timedelta(hours=next(clock, 0))).isoformat()
        )
        for action in record.actions:
            table.play(action)
        kept = store.load(table.game_id).record
        assert kept.ended is not None
        parse_record(kept.model_dump(mode="json"))  # the import's own check passes
        store.close()


def _picks_in_file(path) -> int:
    with sqlite3.connect(path) as raw:
        return raw.execute("SELECT COUNT(*) FROM pending_picks").fetchone()[0]


class TestAPrivatePickGoesWithItsDecision:
    @pytest.fixture
    def table(self, tmp_path):
        store = Store(tmp_path / "referee.db")
        record = parse_record(known_records()[0])
        table = KeptSession.new(store, GameRecord(game=record.game, players=record.players))
        table.play(record.actions[0])
        yield table, record
        store.close()

    def pick(self, table, seat=0):
        secret = StoredPick({"guess": "higher"}, owner="device-a", by="Ana's phone", private=True)
        table.store.picks.save(table.game_id, table.revision, seat, secret)

    def test_the_decision_made_deletes_the_pick_from_the_file(self, table, tmp_path):
        table, record = table
        self.pick(table)
        assert _picks_in_file(tmp_path / "referee.db") == 1
        table.play(record.actions[1])
        assert _picks_in_file(tmp_path / "referee.db") == 0

    def test_an_undo_deletes_the_pick_from_the_file(self, table, tmp_path):
        table, _record = table
        self.pick(table)
        table.undo()
        assert _picks_in_file(tmp_path / "referee.db") == 0

    def test_a_pick_from_a_page_behind_the_table_changes_nothing(self, table, tmp_path):
        table, record = table
        behind = table.revision
        table.play(record.actions[1])
        self.pick(table, seat=1)
        secret = StoredPick({"guess": "lower"}, owner="device-b", by="Bo's phone", private=True)
        table.store.picks.save(table.game_id, behind, 1, secret)
        assert table.store.picks.entered(table.game_id, table.revision)[1].value == {
            "guess": "higher"
        }
        assert _picks_in_file(tmp_path / "referee.db") == 1
