"""The SQLite store: one transaction per action, survival of a kill, damaged files set aside."""

import os
import sqlite3

import pytest

from referee.core.errors import IllegalAction
from referee.core.record import GameRecord
from referee.live.kept_session import KeptSession
from referee.storage.database import Part, SqliteFile
from referee.storage.store import SCHEMA_VERSION, Store, data_dir
from tests.helpers import bid, top


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "referee.db")
    yield s
    s.close()


def new_table(store):
    return KeptSession.new(store, GameRecord(game="faeker", players=["Ana", "Bo", "Cy"]))


class TestParts:
    """The store holds its parts (issue 58), as the live table holds its picks: it is the
    file, and each part is an object of its own on that one file."""

    def test_the_store_inherits_only_the_file_and_holds_its_parts(self, store):
        assert Store.__bases__ == (SqliteFile,)
        parts = {name: part for name, part in vars(store).items() if isinstance(part, Part)}
        assert set(parts) == {
            "log",
            "picks",
            "seats",
            "teaching",
            "disputes",
            "once",
            "renaming",
            "players",
            "results",
        }
        assert all(part.db is store for part in parts.values())

    def test_a_write_through_a_part_is_seen_by_the_stores_kept_reads(self, store):
        table = new_table(store)
        assert store.players.known()[:3] == ["Ana", "Bo", "Cy"]
        store.renaming.rename("Ana", "Anna")
        assert store.players.known()[:3] == ["Anna", "Bo", "Cy"]
        assert store.list_games()[0].players == ["Anna", "Bo", "Cy"]
        assert store.log.revisions([table.game_id]) == {table.game_id: table.revision + 1}


class TestDataFolder:
    def test_env_override_then_flet_storage(self, monkeypatch, tmp_path):
        monkeypatch.delenv("REFEREE_DATA_DIR", raising=False)
        monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "flet"))
        assert data_dir() == tmp_path / "flet"
        monkeypatch.setenv("REFEREE_DATA_DIR", str(tmp_path / "mine"))
        assert data_dir() == tmp_path / "mine"

    def test_default_is_the_user_data_folder_not_the_app_folder(self, monkeypatch):
        monkeypatch.delenv("REFEREE_DATA_DIR", raising=False)
        monkeypatch.delenv("FLET_APP_STORAGE_DATA", raising=False)
        import referee

        assert os.path.dirname(referee.__file__) not in str(data_dir())
        assert "referee" in str(data_dir())


class TestGamesAndLog:
    def test_resume_gives_the_same_state(self, store):
        t = new_table(store)
        t.play(top(4))
        t.play(bid("Bo", 2))
        again = KeptSession.resume(store, t.game_id)
        assert again.state == t.state

    def test_undo_and_redo_survive_a_restart(self, store, tmp_path):
        t = new_table(store)
        t.play(top(4))
        t.play(bid("Bo", 2))
        t.undo()
        store.close()
        again = KeptSession.resume(Store(tmp_path / "referee.db"), t.game_id)
        assert again.session.can_redo and again.state.deal.ladder == ()
        again.redo()
        assert again.state.deal.ladder[0].amount == 2

    def test_refused_action_is_not_stored(self, store):
        t = new_table(store)
        t.play(top(4))
        with pytest.raises(IllegalAction):
            t.play(bid("Cy", 2))
        assert len(store.load(t.game_id).record.actions) == 1

    def test_list_known_players_and_delete(self, store):
        t = new_table(store)
        KeptSession.new(store, GameRecord(game="faeker", players=["Di", "Ana"]))
        assert store.players.known()[:2] == ["Di", "Ana"]
        assert len(store.list_games()) == 2
        store.delete_game(t.game_id)
        assert [g.players for g in store.list_games()] == [["Di", "Ana"]]


class TestDamagedFiles:
    def test_corrupt_file_is_moved_aside_not_overwritten(self, tmp_path):
        path = tmp_path / "referee.db"
        path.write_bytes(b"this is not sqlite" * 100)
        s = Store(path)
        aside = [p for p in tmp_path.iterdir() if ".corrupt-" in p.name]
        assert len(aside) == 1 and aside[0].read_bytes() == b"this is not sqlite" * 100
        assert s.notices and "moved" in s.notices[0]
        assert s.list_games() == []

    def test_newer_database_is_moved_aside(self, tmp_path):
        path = tmp_path / "referee.db"
        conn = sqlite3.connect(path)
        conn.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
        conn.execute("CREATE TABLE future(x)")
        conn.commit()
        conn.close()
        s = Store(path)
        assert any(".newer-" in p.name for p in tmp_path.iterdir())
        assert "newer referee" in s.notices[0]


# Killed while writing: see test_kills.py (a hundred SIGKILLs at random points).


class TestFailedWrite:
    def test_a_failed_save_leaves_the_game_as_it_was(self, store, monkeypatch):
        t = new_table(store)
        t.play(top(4))
        t.play(bid("Bo", 2))
        t.undo()
        before = (t.state, t.session.can_redo)

        def refuse(*_a, **_k):
            raise sqlite3.OperationalError("disk I/O error")

        monkeypatch.setattr(store.log, "append", refuse)
        with pytest.raises(sqlite3.OperationalError):
            t.play(bid("Bo", 3))
        assert (t.state, t.session.can_redo) == before  # redo survives too
        monkeypatch.undo()
        assert KeptSession.resume(store, t.game_id).state == t.state


class TestImport:
    def test_an_exported_record_imports_as_a_new_resumable_game(self, store):
        from referee.core.record import parse_record

        t = new_table(store)
        t.play(top(4))
        t.play(bid("Bo", 2))
        data = t.session.record().model_dump(mode="json")
        copy = KeptSession.new(store, parse_record(data))
        assert copy.game_id != t.game_id and copy.state == t.state
        assert KeptSession.resume(store, copy.game_id).state == t.state

    def test_a_record_with_an_illegal_action_is_refused_and_not_stored(self, store):
        from referee.core.session import ReplayError

        record = GameRecord(game="faeker", players=["Ana", "Bo"], actions=[top(3), bid("Ana", 1)])
        with pytest.raises(ReplayError, match="Action 2 of the record"):
            KeptSession.new(store, record)
        assert store.list_games() == []
