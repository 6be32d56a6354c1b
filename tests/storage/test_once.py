"""Nothing done twice: Play again makes one rematch whichever device or process taps, and
the same record imported again is said to be stored already instead of stored twice."""

import json
import sqlite3
import threading

import pytest

from referee.core.record import GameRecord, load_record_text
from referee.core.session import Session
from referee.games import rules_for
from referee.live.kept_session import KeptSession, StoredAlready
from referee.storage.once import same_game
from referee.storage.store import SCHEMA_VERSION, Store
from referee.ui.screens.home.view import import_record
from tests.helpers import bid, pass_, top


@pytest.fixture
def path(tmp_path):
    return tmp_path / "referee.db"


@pytest.fixture
def store(path):
    s = Store(path)
    yield s
    s.close()


def a_game(store) -> KeptSession:
    table = KeptSession.new(store, GameRecord(game="faeker", players=["Ana", "Bo", "Cy"]))
    table.play(top(4))
    table.play(bid("Bo", 2))
    return table


def exported(table: KeptSession) -> str:
    return json.dumps(table.session.record().model_dump(mode="json"))


class TestPlayAgainOnce:
    def test_a_second_play_again_finds_the_first_rematch(self, store):
        table = a_game(store)
        first, rematch = KeptSession.again(store, table)
        second, again = KeptSession.again(store, table)
        assert first == second != table.game_id and rematch.note == again.note
        assert len(store.list_games()) == 2
        assert KeptSession.resume(store, first).session.players == ["Ana", "Bo", "Cy"]

    def test_two_processes_at_once_make_one_rematch(self, store, path):
        table = a_game(store)
        others = [Store(path) for _ in range(4)]
        ids: list[int] = []
        start = threading.Barrier(len(others))

        def tap(other: Store) -> None:
            start.wait()
            ids.append(KeptSession.again(other, KeptSession.resume(other, table.game_id))[0])

        threads = [threading.Thread(target=tap, args=(o,)) for o in others]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        for o in others:
            o.close()
        assert len(set(ids)) == 1 and len(store.list_games()) == 2

    def test_a_deleted_rematch_can_be_made_again(self, store):
        table = a_game(store)
        first, _ = KeptSession.again(store, table)
        store.delete_game(first)
        second, _ = KeptSession.again(store, table)
        assert len(store.list_games()) == 2
        assert KeptSession.resume(store, second).session.steps == []


class TestTheSameRecordImportedAgain:
    def test_the_app_says_it_is_stored_already_and_stores_nothing(self, store):
        table = a_game(store)
        with pytest.raises(StoredAlready) as info:
            import_record(store, exported(table))
        assert info.value.game_id == table.game_id
        assert info.value.reason == (
            f"This game is stored already (game {table.game_id}); it was not imported again."
        )
        assert len(store.list_games()) == 1

    def test_a_copy_imported_once_then_again(self, store):
        text = exported(a_game(store))
        store.delete_game(store.list_games()[0].id)
        imported = import_record(store, text)
        with pytest.raises(StoredAlready):
            import_record(store, text)
        assert [g.id for g in store.list_games()] == [imported.game_id]

    @pytest.mark.parametrize(
        "change",
        [
            {"players": ["Ana", "Bo", "Di"]},
            {"options": {"bluff_needs_exact": True}},
            {"actions": [top(4), bid("Bo", 2), pass_("Cy")]},
            {"actions": [top(4)]},
            {"game": "fairy"},
        ],
    )
    def test_another_game_players_options_or_actions_is_another_game(self, store, change):
        table = a_game(store)
        data = {**table.session.record().model_dump(mode="json"), **change}
        if change.get("game") == "fairy":
            data["actions"], data["options"] = [], {}
        import_record(store, json.dumps(data))
        assert len(store.list_games()) == 2

    def test_options_left_out_or_written_out_are_one_game(self, store):
        table = a_game(store)
        data = table.session.record().model_dump(mode="json")
        assert same_game(load_record_text(json.dumps({**data, "options": {}}))) == same_game(
            table.session.record()
        )


class TestMigration:
    def test_a_database_before_rematch_of_gets_it(self, path):
        conn = sqlite3.connect(path)
        conn.executescript(
            "CREATE TABLE games (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, players TEXT NOT "
            "NULL, options TEXT NOT NULL, created TEXT NOT NULL, updated TEXT NOT NULL, "
            "finished INTEGER NOT NULL DEFAULT 0, summary TEXT NOT NULL DEFAULT '', revision "
            "INTEGER NOT NULL DEFAULT 0, ended TEXT); PRAGMA user_version=4;"
        )
        conn.close()
        store = Store(path)
        try:
            assert store._conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
            columns = {r[1] for r in store._conn.execute("PRAGMA table_info(games)")}
            assert "rematch_of" in columns
            table = a_game(store)
            assert KeptSession.again(store, table)[0] == KeptSession.again(store, table)[0]
        finally:
            store.close()


class TestTwoEveningsOfTheSameGame:
    """Where a record says when it was begun, a game of another evening is its own game,
    however alike (a backup restored keeps every game); the same evening's is not."""

    def record(self, created: str | None) -> str:
        session = Session(rules_for("faeker"), GameRecord(game="faeker", players=["Ana", "Bo"]))
        session.play(top(4))
        data = session.record().model_dump(mode="json")
        return json.dumps({**data, "created": created} if created else data)

    def test_the_same_game_begun_at_two_times_is_stored_twice(self, store):
        import_record(store, self.record("2026-10-01T19:00:00Z"))
        import_record(store, self.record("2026-10-02T19:00:00Z"))
        assert len(store.list_games()) == 2

    def test_the_same_game_begun_at_the_same_time_is_stored_once(self, store):
        import_record(store, self.record("2026-10-01T19:00:00Z"))
        with pytest.raises(StoredAlready):
            import_record(store, self.record("2026-10-01T19:00:00+00:00"))

    def test_a_record_without_a_date_is_the_stored_game_whatever_its_date(self, store):
        import_record(store, self.record("2026-10-01T19:00:00Z"))
        with pytest.raises(StoredAlready):
            import_record(store, self.record(None))
