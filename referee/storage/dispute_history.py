"""Settled disputes kept as a history list (the home screen shows the latest): a part of
the store (`store.disputes`). The table appears with the first dispute saved."""

import json
import sqlite3
from datetime import UTC, datetime
from typing import Any, TypedDict

from referee.storage.database import Part
from referee.storage.rows import inserted_id

_DISPUTES = (
    "CREATE TABLE IF NOT EXISTS disputes (id INTEGER PRIMARY KEY, game TEXT NOT NULL, "
    "headline TEXT NOT NULL, dispute TEXT NOT NULL, settled TEXT NOT NULL, saved TEXT NOT NULL)"
)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class SettledDispute(TypedDict):
    """One settled dispute as the history lists it."""

    id: int
    game: str
    headline: str
    saved: str  # UTC, ISO 8601


class DisputeHistory(Part):
    def save(
        self, game: str, headline: str, dispute: dict[str, Any], settled: dict[str, Any]
    ) -> int:
        with self.db.transaction() as c:
            c.execute(_DISPUTES)
            cur = c.execute(
                "INSERT INTO disputes(game, headline, dispute, settled, saved) VALUES (?,?,?,?,?)",
                (game, headline, json.dumps(dispute), json.dumps(settled), _now()),
            )
            return inserted_id(cur)

    def recent(self, limit: int = 5) -> list[SettledDispute]:
        """The latest settled disputes, newest first (none when there are none yet)."""
        with self.db.reading() as conn:
            try:
                rows = conn.execute(
                    "SELECT id, game, headline, saved FROM disputes ORDER BY id DESC LIMIT ?",
                    (limit,),
                ).fetchall()
            except sqlite3.Error:
                return []
        return [
            SettledDispute(id=vid, game=game, headline=headline, saved=saved)
            for vid, game, headline, saved in rows
        ]
