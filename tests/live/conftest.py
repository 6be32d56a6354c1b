import pytest

from referee.live.tables import LiveTables
from referee.storage.store import Store


@pytest.fixture
def live(tmp_path):
    store = Store(tmp_path / "referee.db")
    yield LiveTables(store)
    store.close()
