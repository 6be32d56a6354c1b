import pytest

from referee.games import GAMES
from referee.live.tables import LiveTables
from referee.storage.store import Store
from referee.ui import games as screens

KIND = "highcard"


@pytest.fixture
def highcard():
    """High card registered in both registries for one test, then taken out again."""
    GAMES.register(KIND, "tests.sixth_game.game")
    screens.register(KIND, "tests.sixth_game.ui")
    yield KIND
    screens.unregister(KIND)
    GAMES.unregister(KIND)


@pytest.fixture
def lives(tmp_path):
    """The live tables of one server, over a fresh store."""
    store = Store(tmp_path / "referee.db")
    yield LiveTables(store)
    store.close()
