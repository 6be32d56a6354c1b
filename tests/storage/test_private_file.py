"""The saved games hold private picks: only their owner's account may read them."""

import os
import stat
import sys

import pytest

from referee.core.record import GameRecord
from referee.live.kept_session import KeptSession
from referee.storage.store import Store

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file modes")


def _mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


class TestSavedGamesAreTheOwnersOnly:
    def test_a_new_store_and_its_journal_are_made_0600(self, tmp_path):
        old = os.umask(0o022)
        try:
            store = Store(tmp_path / "referee.db")
            KeptSession.new(store, GameRecord(game="faeker", players=["Ana", "Bo"]))
        finally:
            os.umask(old)
        for name in ("referee.db", "referee.db-wal"):
            if (tmp_path / name).exists():
                assert _mode(tmp_path / name) == 0o600, name

    def test_an_old_store_readable_by_others_is_narrowed(self, tmp_path):
        path = tmp_path / "referee.db"
        Store(path).close()
        path.chmod(0o644)
        Store(path).close()
        assert _mode(path) == 0o600
