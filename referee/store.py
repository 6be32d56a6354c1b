"""SQLite store: games and their action logs, one transaction per action.

The database lives in the user data folder, never beside the code. A file that is corrupt,
or was written by a newer referee, is moved aside with a timestamp and never overwritten;
`notices` tells the app what happened so it can tell the user.
"""

import json
import os
import sqlite3
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from referee.core.record import GameRecord

SCHEMA_VERSION = 1
DB_NAME = "referee.db"
DATA_DIR_ENV = "REFEREE_DATA_DIR"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    players TEXT NOT NULL,
    options TEXT NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    summary TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS actions (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    payload TEXT NOT NULL,
    undone INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seq)
);
"""


def data_dir() -> Path:
    """Where the database lives: REFEREE_DATA_DIR, else Flet's app storage, else platformdirs."""
    for var in (DATA_DIR_ENV, "FLET_APP_STORAGE_DATA"):
        if os.environ.get(var):
            return Path(os.environ[var])
    import platformdirs

    return Path(platformdirs.user_data_dir("referee", appauthor=False))


@dataclass(frozen=True)
class GameSummary:
    id: int
    kind: str
    players: list[str]
    created: str
    updated: str
    finished: bool
    summary: str
    actions: int


@dataclass(frozen=True)
class StoredGame:
    id: int
    record: GameRecord
    redo: list[dict]  # undone actions, the next one to redo last (a stack)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Store:
    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path else data_dir() / DB_NAME
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.notices: list[str] = []
        self._conn = self._open()

    # -- opening safely ----------------------------------------------------------------

    def _open(self) -> sqlite3.Connection:
        if self.path.exists():
            problem = self._check_existing()
            if problem:
                moved = self._move_aside(problem[0])
                self.notices.append(
                    f"{problem[1]} It was moved to {moved.name}; a new one "
                    "was started. Nothing was overwritten."
                )
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA journal_mode=WAL")
        # FULL syncs the log at every commit: a phone's battery may die mid-game, and a
        # confirmed action must survive that, not only a crash of this process.
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
        conn.executescript(_SCHEMA)
        if conn.execute("PRAGMA user_version").fetchone()[0] == 0:
            conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        return conn

    def _check_existing(self) -> tuple[str, str] | None:
        try:
            conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)
            try:
                version = conn.execute("PRAGMA user_version").fetchone()[0]
                if version > SCHEMA_VERSION:
                    return (
                        "newer",
                        f"The saved games were written by a newer referee "
                        f"(database version {version}).",
                    )
                check = conn.execute("PRAGMA integrity_check").fetchone()[0]
                if check != "ok":
                    return ("corrupt", "The saved-games database is damaged.")
            finally:
                conn.close()
        except sqlite3.DatabaseError:
            return ("corrupt", "The saved-games file is not a readable database.")
        return None

    def _move_aside(self, why: str) -> Path:
        stamp = time.strftime("%Y%m%dT%H%M%S")
        target = self.path.with_name(f"{self.path.name}.{why}-{stamp}")
        n = 1
        while target.exists():
            target = self.path.with_name(f"{self.path.name}.{why}-{stamp}-{n}")
            n += 1
        self.path.rename(target)
        for suffix in ("-wal", "-shm"):
            side = Path(str(self.path) + suffix)
            if side.exists():
                side.rename(Path(str(target) + suffix))
        return target

    def close(self) -> None:
        self._conn.close()

    def _tx(self):
        return _Transaction(self._conn)

    # -- games -------------------------------------------------------------------------

    def create_game(self, record: GameRecord, summary: str = "") -> int:
        now = _now()
        with self._tx() as c:
            cur = c.execute(
                "INSERT INTO games(kind, players, options, created, updated, summary) "
                "VALUES (?,?,?,?,?,?)",
                (
                    record.game,
                    json.dumps(record.players),
                    json.dumps(record.options),
                    now,
                    now,
                    summary,
                ),
            )
            game_id = cur.lastrowid
            for seq, action in enumerate(record.actions):
                c.execute(
                    "INSERT INTO actions(game_id, seq, payload) VALUES (?,?,?)",
                    (game_id, seq, json.dumps(action)),
                )
        return game_id

    def delete_game(self, game_id: int) -> None:
        with self._tx() as c:
            c.execute("DELETE FROM actions WHERE game_id=?", (game_id,))
            c.execute("DELETE FROM games WHERE id=?", (game_id,))

    def list_games(self) -> list[GameSummary]:
        rows = self._conn.execute(
            "SELECT g.id, g.kind, g.players, g.created, g.updated, g.finished, g.summary, "
            "(SELECT COUNT(*) FROM actions a WHERE a.game_id=g.id AND a.undone=0) "
            "FROM games g ORDER BY g.updated DESC, g.id DESC"
        ).fetchall()
        return [
            GameSummary(r[0], r[1], json.loads(r[2]), r[3], r[4], bool(r[5]), r[6], r[7])
            for r in rows
        ]

    def load(self, game_id: int) -> StoredGame:
        row = self._conn.execute(
            "SELECT kind, players, options FROM games WHERE id=?", (game_id,)
        ).fetchone()
        if row is None:
            raise KeyError(game_id)
        actions = self._conn.execute(
            "SELECT payload, undone FROM actions WHERE game_id=? ORDER BY seq", (game_id,)
        ).fetchall()
        done = [json.loads(p) for p, undone in actions if not undone]
        undone = [json.loads(p) for p, u in actions if u]
        record = GameRecord(
            game=row[0], players=json.loads(row[1]), options=json.loads(row[2]), actions=done
        )
        return StoredGame(game_id, record, list(reversed(undone)))

    def known_players(self) -> list[str]:
        """Names used before, most recently played first."""
        seen: dict[str, None] = {}
        for (players,) in self._conn.execute(
            "SELECT players FROM games ORDER BY updated DESC, id DESC"
        ):
            for name in json.loads(players):
                seen.setdefault(name, None)
        return list(seen)

    # -- the action log ----------------------------------------------------------------

    def append(self, game_id: int, action: dict, *, summary: str, finished: bool) -> None:
        """Add one action (dropping any undone ones: a new action ends redo)."""
        with self._tx() as c:
            c.execute("DELETE FROM actions WHERE game_id=? AND undone=1", (game_id,))
            seq = c.execute(
                "SELECT COALESCE(MAX(seq), -1) + 1 FROM actions WHERE game_id=?", (game_id,)
            ).fetchone()[0]
            c.execute(
                "INSERT INTO actions(game_id, seq, payload) VALUES (?,?,?)",
                (game_id, seq, json.dumps(action)),
            )
            self._touch(c, game_id, summary, finished)

    def undo(self, game_id: int, *, summary: str, finished: bool) -> None:
        with self._tx() as c:
            c.execute(
                "UPDATE actions SET undone=1 WHERE game_id=? AND seq=(SELECT MAX(seq) FROM "
                "actions WHERE game_id=? AND undone=0)",
                (game_id, game_id),
            )
            self._touch(c, game_id, summary, finished)

    def redo(self, game_id: int, *, summary: str, finished: bool) -> None:
        with self._tx() as c:
            c.execute(
                "UPDATE actions SET undone=0 WHERE game_id=? AND seq=(SELECT MIN(seq) FROM "
                "actions WHERE game_id=? AND undone=1)",
                (game_id, game_id),
            )
            self._touch(c, game_id, summary, finished)

    @staticmethod
    def _touch(c, game_id: int, summary: str, finished: bool) -> None:
        c.execute(
            "UPDATE games SET updated=?, summary=?, finished=? WHERE id=?",
            (_now(), summary, int(finished), game_id),
        )

    def integrity(self) -> str:
        return self._conn.execute("PRAGMA integrity_check").fetchone()[0]


class _Transaction:
    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def __enter__(self) -> sqlite3.Connection:
        self.conn.execute("BEGIN IMMEDIATE")
        return self.conn

    def __exit__(self, exc_type, exc, tb) -> None:
        self.conn.execute("ROLLBACK" if exc_type else "COMMIT")
