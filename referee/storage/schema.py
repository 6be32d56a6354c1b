"""The store's tables and how an older referee's database is brought up to date: its
schema version, the tables, the migrations (one transaction, run by Store._prepare) and the
one-time backfill of the results rows. A part of the store, kept apart for its length."""

import sqlite3

from referee.core.session import Session
from referee.games import GAMES
from referee.storage.pending import PENDING_SCHEMA
from referee.storage.reading import has_json_valid, read_game
from referee.storage.results import RESULTS_SCHEMA, insert_results
from referee.storage.teaching import TEACHING_SCHEMA

# 2: games.revision (stale writers refused); 3: games.points, game_versions; 4: results
# (each seat's points and place: games.points is no longer read) and games.ended; 5:
# actions.at (when each action was entered, which records now carry) and games.rematch_of,
# unique (Play again makes one game, whichever device or process taps).
SCHEMA_VERSION = 5
DB_NAME = "referee.db"

_TABLES = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    players TEXT NOT NULL,
    options TEXT NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    summary TEXT NOT NULL DEFAULT '',
    revision INTEGER NOT NULL DEFAULT 0,
    ended TEXT,
    rematch_of INTEGER
);
CREATE TABLE IF NOT EXISTS actions (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    payload TEXT NOT NULL,
    undone INTEGER NOT NULL DEFAULT 0,
    at TEXT,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS game_versions (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    saved TEXT NOT NULL,
    note TEXT NOT NULL,
    actions TEXT NOT NULL,
    redo TEXT NOT NULL
);
"""
SCHEMA = _TABLES + RESULTS_SCHEMA + PENDING_SCHEMA + TEACHING_SCHEMA


def migrate(conn: sqlite3.Connection, version: int) -> None:
    """Bring an older referee's database up to date (inside the caller's transaction)."""
    columns = {r[1] for r in conn.execute("PRAGMA table_info(games)")}
    if "revision" not in columns:
        conn.execute("ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0")
    if "ended" not in columns:
        conn.execute("ALTER TABLE games ADD COLUMN ended TEXT")
    if "at" not in {r[1] for r in conn.execute("PRAGMA table_info(actions)")}:
        conn.execute("ALTER TABLE actions ADD COLUMN at TEXT")
    if "rematch_of" not in columns:
        conn.execute("ALTER TABLE games ADD COLUMN rematch_of INTEGER")
    conn.execute("CREATE UNIQUE INDEX IF NOT EXISTS games_rematch_of ON games(rematch_of)")
    if version < 4:
        _backfill_results(conn)


def _backfill_results(conn: sqlite3.Connection) -> None:
    """Each game's results rows, by replaying it: once, when a database from before the
    results table is opened. A game that cannot be replayed gets none; it stays listed with
    its reason and out of the statistics. Its summary and finished flag are written anew
    too, since an older referee left an imported ending marked unfinished."""
    json_valid = has_json_valid(conn)
    conn.execute("DELETE FROM results")
    games = conn.execute("SELECT id, updated FROM games ORDER BY id").fetchall()
    for game_id, updated in games:
        try:
            stored = read_game(conn, json_valid, game_id)
            rules = GAMES[stored.record.game]
            standing = rules.standing(Session(rules, stored.record).state)
        except Exception:  # a rule that fails on an old record must not stop the opening
            continue
        conn.execute(
            "UPDATE games SET summary=?, finished=?, ended=? WHERE id=?",
            (
                standing.summary,
                int(standing.finished),
                updated if standing.finished else None,
                game_id,
            ),
        )
        players = stored.record.players
        insert_results(conn, game_id, players, standing.points, standing.places)
