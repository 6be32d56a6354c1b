"""The lists the home and New game screens read at every visit (the saved games, the names
and tables played before) are kept between visits, and are never older than the file: a
write through this store or another one shows at the next read."""

import pytest

from referee.core.record import GameRecord
from referee.live.kept_session import KeptSession
from referee.storage.store import Store
from tests.helpers import bid, top

PLAYERS = ["Ana", "Bo", "Cy"]


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "referee.db")
    yield s
    s.close()


def _game(store, players=PLAYERS) -> KeptSession:
    table = KeptSession.new(store, GameRecord(game="faeker", players=players))
    table.play(top(3))
    return table


class TestTheListOfGames:
    def test_a_move_here_shows_at_the_next_read(self, store):
        table = _game(store)
        before = store.list_games()[0]
        table.play(bid("Bo", 2))
        after = store.list_games()[0]
        assert after.actions == before.actions + 1
        assert after.summary != before.summary or after.updated >= before.updated

    def test_a_game_made_or_deleted_here_shows_at_the_next_read(self, store):
        first = _game(store)
        assert [g.id for g in store.list_games()] == [first.game_id]
        second = _game(store, ["Dee", "Eve", "Fin"])
        assert [g.id for g in store.list_games()] == [second.game_id, first.game_id]
        store.delete_game(first.game_id)
        assert [g.id for g in store.list_games()] == [second.game_id]

    def test_a_move_through_another_store_shows_at_the_next_read(self, store, tmp_path):
        table = _game(store)
        count = store.list_games()[0].actions
        other = Store(tmp_path / "referee.db")
        try:
            KeptSession.resume(other, table.game_id).play(bid("Bo", 2))
        finally:
            other.close()
        assert store.list_games()[0].actions == count + 1

    def test_a_caller_changing_its_list_changes_no_later_read(self, store):
        _game(store)
        games = store.list_games()
        games.clear()
        assert len(store.list_games()) == 1

    def test_after_one_move_only_that_games_row_is_read_anew(self, store, monkeypatch):
        tables = [_game(store, [f"{n} {i}" for n in PLAYERS]) for i in range(5)]
        store.list_games()
        read = []
        summary = Store._summary
        monkeypatch.setattr(
            Store,
            "_summary",
            lambda self, row, points: read.append(row[0]) or summary(self, row, points),
        )
        tables[2].play(bid("Bo 2", 2))
        store.list_games()
        assert read == [tables[2].game_id]


class TestNamesAndTablesPlayedBefore:
    def test_a_new_table_shows_in_new_games_suggestions_at_once(self, store):
        _game(store)
        assert store.players.known()[:3] == PLAYERS
        _game(store, ["Dee", "Eve", "Fin"])
        assert store.players.known()[:3] == ["Dee", "Eve", "Fin"]
        assert store.players.recent_tables(limit=5)[0].players == ("Dee", "Eve", "Fin")
