"""Whether a game is taught ("Teach this game": What now? open under the status line on
every device of the table). A setting of the table, not of the game's record: it is kept
beside the game, never in its record or its export, and goes with the game when it is
deleted. A part of the store (`store.teaching`)."""

import sqlite3

from referee.storage.database import Part

TEACHING_SCHEMA = """
CREATE TABLE IF NOT EXISTS game_teaching (
    game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    teach INTEGER NOT NULL DEFAULT 1
);
"""


class Teaching(Part):
    def save(self, game_id: int, teach: bool) -> None:
        """One transaction: the game is taught from now on, or no longer."""
        with self.db.transaction() as c:
            if teach:
                c.execute(
                    "INSERT OR REPLACE INTO game_teaching(game_id, teach) VALUES (?, 1)",
                    (game_id,),
                )
            else:
                c.execute("DELETE FROM game_teaching WHERE game_id=?", (game_id,))

    def taught(self, game_id: int) -> bool:
        with self.db.reading() as conn:
            try:
                row = conn.execute(
                    "SELECT teach FROM game_teaching WHERE game_id=?", (game_id,)
                ).fetchone()
            except sqlite3.Error:  # a file from before the table: nobody turned it on
                return False
        return bool(row and row[0])
