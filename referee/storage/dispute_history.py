"""Settled disputes kept as a history list (the home screen shows the latest): a part of
the store (`store.disputes`). The table appears with the first dispute saved."""

import json
import sqlite3
from datetime import UTC, datetime

from referee.storage.database import Part

_DISPUTES = (
    "CREATE TABLE IF NOT EXISTS disputes (id INTEGER PRIMARY KEY, game TEXT NOT NULL, "
    "headline TEXT NOT NULL, dispute TEXT NOT NULL, settled TEXT NOT NULL, saved TEXT NOT NULL)"
)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class DisputeHistory(Part):
    def save(self, game: str, headline: str, dispute: dict, settled: dict) -> int:
        with self.db.transaction() as c:
            c.execute(_DISPUTES)
            cur = c.execute(
                "INSERT INTO disputes(game, headline, dispute, settled, saved) VALUES (?,?,?,?,?)",
                (game, headline, json.dumps(dispute), json.dumps(settled), _now()),
            )
            return cur.lastrowid

    def recent(self, limit: int = 5) -> list[dict]:
        """The latest settled disputes, newest first (none when there are none yet)."""
        with self.db.reading() as conn:
            try:
                rows = conn.execute(
                    "SELECT id, game, headline, saved FROM disputes ORDER BY id DESC LIMIT ?",
                    (limit,),
                ).fetchall()
            except sqlite3.Error:
                return []
        keys = ("id", "game", "headline", "saved")
        return [dict(zip(keys, row, strict=True)) for row in rows]
