import pytest

from referee.live.tables import LiveTables
from referee.storage.store import Store


@pytest.fixture
def lives(tmp_path):
    """The live tables of one server, over a fresh store."""
    store = Store(tmp_path / "referee.db")
    yield LiveTables(store)
    store.close()
