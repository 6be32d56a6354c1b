"""Each game's results rows (players, points, places) and its end time: written by every
change in the change's own transaction, so the statistics never replay a game; back-filled
once by replaying when a database from before them is opened."""

import sqlite3

import pytest

from referee.core.errors import RefereeError
from referee.core.record import GameRecord, parse_record
from referee.core.session import Session
from referee.games import GAMES
from referee.live.kept_session import KeptSession
from referee.storage.results import GameResult
from referee.storage.store import SCHEMA_VERSION, Store
from tests.helpers import bid, pass_, top


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "referee.db")
    yield s
    s.close()


def faeker_to_the_end(store, players=("Ana", "Bo")) -> KeptSession:
    """Bo's bids stand unopposed round after round until the game is over."""
    t = KeptSession.new(store, GameRecord(game="faeker", players=list(players)))
    while not t.session.is_over:
        t.play(top(6))
        t.play(bid(t.rules.current_player(t.state), 1))
        t.play(pass_(t.rules.current_player(t.state)))
    return t


def result(store, game_id) -> GameResult:
    return next(r for r in store.results.all() if r.id == game_id)


def replayed(store, game_id) -> tuple:
    stored = store.load(game_id)
    rules = GAMES[stored.record.game]
    st = rules.standing(Session(rules, stored.record).state)
    return tuple(stored.record.players), st.points, st.places


def as_stored(r: GameResult) -> tuple:
    return r.players, r.points, r.places


class TestEveryWriterKeepsTheResults:
    def test_an_action_that_ends_the_game_stores_places_and_an_end_time(self, store):
        t = faeker_to_the_end(store)
        r = result(store, t.game_id)
        assert r.finished and r.places == t.rules.outcome(t.state).places
        assert r.points == t.state.cubes and r.ended is not None
        assert r.actions == len(t.session.steps)
        assert as_stored(r) == replayed(store, t.game_id)

    def test_undo_after_the_end_unfinishes_the_game_and_redo_ends_it_again(self, store):
        t = faeker_to_the_end(store)
        t.undo()
        r = result(store, t.game_id)
        assert not r.finished and r.places is None and r.ended is None
        assert [g.finished for g in store.list_games()] == [False]
        assert as_stored(r) == replayed(store, t.game_id)
        t.redo()
        assert result(store, t.game_id).finished
        assert as_stored(result(store, t.game_id)) == replayed(store, t.game_id)

    def test_an_edit_of_the_log_moves_the_results_and_keeps_the_end_time(self, store):
        t = faeker_to_the_end(store)
        ended = result(store, t.game_id).ended
        actions = t.session.record().actions
        t.replace(actions[:-3], [], "Removed the last round")
        assert not result(store, t.game_id).finished
        t.replace(actions, [], "Put it back")
        r = result(store, t.game_id)
        assert r.finished and as_stored(r) == replayed(store, t.game_id)
        ended_again = r.ended
        t.replace([*actions[:-1], pass_(actions[-1]["player"])], [], "The same ending")
        assert result(store, t.game_id).ended == ended_again
        assert ended <= ended_again

    def test_restoring_an_earlier_version_restores_its_results(self, store):
        t = faeker_to_the_end(store)
        before = as_stored(result(store, t.game_id))
        t.replace(t.session.record().actions[:2], [], "Cut")
        version = store.log.versions(t.game_id)[0]["id"]
        t.restore_version(version)
        assert as_stored(result(store, t.game_id)) == before

    def test_an_imported_ending_is_stored_finished(self, store):
        record = faeker_to_the_end(store).session.record()
        copy = KeptSession.new(store, parse_record(record.model_dump(mode="json")))
        r = result(store, copy.game_id)
        assert r.finished and as_stored(r) == replayed(store, copy.game_id)
        assert next(g for g in store.list_games() if g.id == copy.game_id).finished

    def test_deleting_a_game_deletes_its_results(self, store):
        t = faeker_to_the_end(store)
        other = KeptSession.new(store, GameRecord(game="fairy", players=["Cy", "Di"]))
        store.delete_game(t.game_id)
        assert [r.id for r in store.results.all()] == [other.game_id]
        rows = store._conn.execute("SELECT COUNT(*) FROM results WHERE game_id=?", (t.game_id,))
        assert rows.fetchone()[0] == 0

    def test_a_refused_write_changes_no_result(self, store):
        t = faeker_to_the_end(store)
        before = store.results.all()
        stale = KeptSession.resume(store, t.game_id)
        t.undo()
        with pytest.raises(RefereeError):
            stale.undo()  # the game moved on since this table read it
        assert store.results.all() != before
        assert as_stored(result(store, t.game_id)) == replayed(store, t.game_id)

    def test_the_games_list_reads_its_points_from_the_results(self, store):
        t = faeker_to_the_end(store)
        (listed,) = store.list_games()
        assert listed.points == t.state.cubes


def make_older(path, finished_to_zero=()) -> None:
    """Turn a database into one of schema 3 (before results and end times), as an older
    referee left it: games.points held the points, imported endings were left unfinished."""
    conn = sqlite3.connect(path)
    conn.execute("DROP TABLE results")
    conn.execute("ALTER TABLE games DROP COLUMN ended")
    conn.execute("ALTER TABLE games ADD COLUMN points TEXT NOT NULL DEFAULT '[]'")
    for game_id in finished_to_zero:
        conn.execute("UPDATE games SET finished=0 WHERE id=?", (game_id,))
    conn.execute("PRAGMA user_version=3")
    conn.commit()
    conn.close()


class TestMigration:
    def test_an_older_database_gets_its_results_by_replaying_once(self, tmp_path, monkeypatch):
        path = tmp_path / "referee.db"
        store = Store(path)
        ended = faeker_to_the_end(store)
        imported = KeptSession.new(store, ended.session.record())
        going = KeptSession.new(store, GameRecord(game="fairy", players=["Cy", "Di", "Ed"]))
        going.play({"type": "opening", "card": 3})
        expected = {g: replayed(store, g) for g in (ended.game_id, imported.game_id, going.game_id)}
        store.close()
        make_older(path, finished_to_zero=[imported.game_id])

        store = Store(path)
        assert store.notices == []
        assert store._conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        got = {r.id: as_stored(r) for r in store.results.all()}
        assert got == expected
        assert result(store, imported.game_id).finished  # the older referee's slip, mended
        assert result(store, ended.game_id).ended is not None
        store.close()

        import referee.storage.schema as store_module

        def no_replay(*_a, **_k):
            raise AssertionError("opened an up-to-date database by replaying")

        monkeypatch.setattr(store_module, "Session", no_replay)
        again = Store(path)
        assert {r.id: as_stored(r) for r in again.results.all()} == expected
        again.close()

    def test_a_game_that_cannot_be_replayed_stays_listed_without_results(self, tmp_path):
        path = tmp_path / "referee.db"
        store = Store(path)
        good = faeker_to_the_end(store)
        bad = KeptSession.new(store, GameRecord(game="faeker", players=["Ana", "Bo"]))
        store.close()
        make_older(path)
        conn = sqlite3.connect(path)
        conn.execute("UPDATE games SET kind='chess' WHERE id=?", (bad.game_id,))
        conn.commit()
        conn.close()
        store = Store(path)
        assert [r.id for r in store.results.all()] == [good.game_id]
        listed = {g.id: g for g in store.list_games()}
        assert listed[bad.game_id].problem and "chess" in listed[bad.game_id].problem
        store.close()
