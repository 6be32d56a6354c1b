"""SQLite store: games and their action logs, one transaction per action.

The database lives in the user data folder, never beside the code. Opening it tells two
kinds of trouble apart:

- it *cannot be opened* (no permission, a read-only folder or disk, a file where the folder
  should be, a full disk): nothing is moved or changed. If the games can still be read,
  the store opens read-only (`read_only`, with a notice) so the players can look at them;
  otherwise `StoreUnavailable` says why, in one sentence, for the app's own screen;
- it is *damaged* (not a database, fails its integrity check) or was written by a newer
  referee: it is moved aside with a timestamp, never overwritten, and a new one is
  started; `notices` tells the app so it can tell the user.

One game that cannot be read (a damaged row, a game or option this version does not know)
never hides the others: `list_games` lists it with its `problem`, `load` refuses it with
`GameUnreadable`, and `raw_game` gives its stored text for export.
"""

import contextlib
import functools
import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from referee.core.names import printable, sentence
from referee.core.outcome import Standing
from referee.core.record import GameRecord
from referee.storage.action_log import ActionLog, StaleWrite
from referee.storage.database import (  # the store's errors, named here too (__all__)
    GameUnreadable,
    SaveFailed,
    SqliteFile,
    StoreUnavailable,
    locked_read,
    why_unusable,
)
from referee.storage.dispute_history import DisputeHistory
from referee.storage.environ import DATA_DIR_ENV, data_dir  # noqa: F401 - named here too
from referee.storage.kept_reads import kept_read
from referee.storage.known_players import Players
from referee.storage.once import Once
from referee.storage.pending import DeviceSeats, PendingPicks
from referee.storage.reading import (
    StoredGame,
    check_game,
    has_json_valid,
    json_object,
    read_game,
)
from referee.storage.renaming import Renaming
from referee.storage.results import Results, points_by_game
from referee.storage.rows import insert_game
from referee.storage.schema import DB_NAME, SCHEMA, SCHEMA_VERSION, migrate
from referee.storage.teaching import Teaching

# The store is in parts (each a module of storage/): the schema and its migrations, the
# strict reading of a stored game, and the parts a Store holds (its action log, pending
# picks, ...). Its callers import its names from here.
__all__ = [
    "DB_NAME",
    "SCHEMA_VERSION",
    "GameSummary",
    "GameUnreadable",
    "SaveFailed",
    "StaleWrite",
    "Store",
    "StoreUnavailable",
    "StoredGame",
    "data_dir",
]


# A row of list_games: the game's id, its texts as stored (another tool may have written
# anything there: each is read as it comes), and its two counts of actions.
_ListedRow = tuple[int, Any, Any, Any, Any, Any, Any, Any, int, int]


@functools.lru_cache(maxsize=1024)
def _table_of(
    kind: object, players: object, options: object
) -> tuple[list[str], str | None, dict[str, Any]]:
    """`check_game`'s answer and the options of a row: the same for every game of a
    table (a club's 30,000 imported games sit at a few), and an answer the texts alone
    give; a row that raises is never kept."""
    names, problem = check_game(kind, players, options)
    return names, problem, json_object(options)


@dataclass(frozen=True)
class GameSummary:
    """One stored game as the games list shows it. `list_games` hands the same summaries
    to every caller until the game changes: read them, never change their lists."""

    id: int
    kind: str
    players: list[str]
    created: str
    updated: str
    finished: bool
    summary: str
    actions: int
    problem: str | None = None  # "cannot open: ..." when this referee cannot load the game
    points: tuple[int, ...] = ()  # each seat's points after the latest change (no replay)
    options: dict[str, Any] = field(default_factory=dict)


class Store(SqliteFile):
    """The saved games: the store's own are opening and closing the file, a game's making,
    loading and deleting, and what the games list and the statistics read of every game.
    The rest is in parts, each with its own small interface on the store's one connection
    and lock (see database.Part), as the live table holds its picks: callers ask the part
    (`store.log.append(...)`), never a forwarding method here, so each interface stays
    small and says what it is for."""

    schema_version = SCHEMA_VERSION

    def __init__(self, path: Path | str | None = None) -> None:
        super().__init__(Path(path) if path else data_dir() / DB_NAME)
        self._json_valid = has_json_valid(self._conn)
        # list_games' rows, as last read, with each game's points
        self._summaries: dict[tuple[_ListedRow, tuple[int, ...]], GameSummary] = {}
        self.log = ActionLog(self)  # each game's actions, undo, redo, edits and versions
        self.picks = PendingPicks(self)  # what the table entered but has not yet played
        self.seats = DeviceSeats(self)  # which seat a phone said is its player's
        self.teaching = Teaching(self)  # whether a game is taught
        self.disputes = DisputeHistory(self)  # the settled disputes
        self.once = Once(self)  # nothing stored twice: imports and Play again
        self.renaming = Renaming(self, self.load)  # a player's name in every game
        self.players = Players(self)  # the names and tables that played before
        self.results = Results(self)  # each game's points and places, for the statistics

    # -- opening safely ----------------------------------------------------------------

    def _prepare(self, conn: sqlite3.Connection) -> None:
        conn.execute("PRAGMA journal_mode=WAL")
        # FULL syncs the log at every commit: a phone's battery may die mid-game, and a
        # confirmed action must survive that, not only a crash of this process.
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
        conn.executescript(SCHEMA)
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version < SCHEMA_VERSION:
            # One transaction: a migration cut short leaves the older database as it was,
            # to be brought up to date at the next start.
            conn.execute("BEGIN IMMEDIATE")
            try:
                migrate(conn, version)
                conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
                conn.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")
                raise
        # SQLite opens a file it may not write read-only without a word; a write that is
        # rolled back (it changes no byte) finds out now rather than at the first move.
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.execute("UPDATE games SET id=id WHERE 0")
        finally:
            conn.execute("ROLLBACK")

    # -- games -------------------------------------------------------------------------

    def create_game(
        self,
        record: GameRecord,
        summary: str = "",
        points: Sequence[int] = (),
        *,
        finished: bool | None = None,
        places: Sequence[int] | None = None,
    ) -> int:
        """Store a new game (an imported record may arrive over: give its `places`)."""
        with self.transaction() as c:
            return insert_game(c, record, summary, points, finished, places)

    def create_games(self, games: Sequence[tuple[GameRecord, Standing]]) -> list[int]:
        """Store many games in one transaction: all of them, or none (an import)."""
        with self.transaction() as c:
            return [
                insert_game(c, record, st.summary, st.points, st.finished, st.places)
                for record, st in games
            ]

    def delete_game(self, game_id: int) -> None:
        with self.transaction() as c:
            c.execute("DELETE FROM actions WHERE game_id=?", (game_id,))
            c.execute("DELETE FROM results WHERE game_id=?", (game_id,))
            c.execute("DELETE FROM pending_picks WHERE game_id=?", (game_id,))
            c.execute("DELETE FROM pending_drafts WHERE game_id=?", (game_id,))
            c.execute("DELETE FROM device_seats WHERE game_id=?", (game_id,))
            c.execute("DELETE FROM games WHERE id=?", (game_id,))

    @kept_read
    def list_games(self) -> list[GameSummary]:
        """Every stored game, newest first. A game this referee cannot load is listed with
        its `problem`; one bad row never hides the others."""
        damaged = (
            "(SELECT COUNT(*) FROM actions a WHERE a.game_id=g.id AND NOT json_valid(a.payload))"
            if self._json_valid
            else "0"
        )
        try:
            rows: list[_ListedRow] = self._conn.execute(
                "SELECT g.id, g.kind, g.players, g.options, g.created, g.updated, g.finished, "
                "g.summary, (SELECT COUNT(*) FROM actions a WHERE a.game_id=g.id AND "
                f"a.undone=0), {damaged} FROM games g "
                "ORDER BY g.updated DESC, g.id DESC"
            ).fetchall()
            points = points_by_game(self._conn)
        except sqlite3.Error as exc:
            raise self.unavailable(
                f"The saved games cannot be read now: {why_unusable(exc)}. Nothing was changed."
            ) from exc
        # A row read as before is summed up as before: after one move only that game's row
        # is read anew (parsing and checking them all is slow: bench/README.md).
        before, self._summaries = self._summaries, {}
        for row in rows:
            key = (row, points.get(row[0], ()))
            self._summaries[key] = before.get(key) or self._summary(*key)
        return list(self._summaries.values())

    def _summary(self, row: _ListedRow, points: tuple[int, ...]) -> GameSummary:
        game_id, kind, players, options, created, updated, finished, summary, count, bad = row
        try:
            names, problem, opts = _table_of(kind, players, options)
        except Exception as exc:  # one row must never break the list: report it
            names, problem = [], f"its stored data cannot be read ({type(exc).__name__})"
            opts = json_object(options)
        names, opts = list(names), dict(opts)  # each summary's own
        if problem is None and bad:
            problem = f"{bad} of its stored actions {'are' if bad > 1 else 'is'} damaged"
        return GameSummary(
            id=game_id,
            kind=printable(kind, 40),
            players=names,
            created=printable(created, 40),
            updated=printable(updated, 40),
            finished=bool(finished),
            summary=printable(summary, 200),
            actions=count,
            problem=sentence(f"cannot open: {problem}") if problem else None,
            points=points,
            options=opts,
        )

    def load(self, game_id: int) -> StoredGame:
        """The game's record and redo stack; GameUnreadable (one sentence) when this
        referee cannot read it, KeyError when there is no such game."""
        with self._lock:
            return read_game(self._conn, self._json_valid, game_id)

    @locked_read
    def raw_game(self, game_id: int) -> str:
        """The game's rows exactly as stored (texts, even unreadable ones, as strings), as
        JSON for copying: the way out for a game this referee cannot open."""
        row = self._conn.execute(
            "SELECT id, kind, players, options, created, updated, finished, summary "
            "FROM games WHERE id=?",
            (game_id,),
        ).fetchone()
        if row is None:
            raise KeyError(game_id)
        keys = ("id", "kind", "players", "options", "created", "updated", "finished", "summary")
        data: dict[str, Any] = {"stored_by": "referee", "schema_version": SCHEMA_VERSION}
        data.update(zip(keys, row, strict=True))
        data["actions"] = [
            {"seq": seq, "undone": bool(undone), "payload": payload}
            for seq, payload, undone in self._conn.execute(
                "SELECT seq, payload, undone FROM actions WHERE game_id=? ORDER BY seq",
                (game_id,),
            )
        ]
        return json.dumps(data, indent=1, ensure_ascii=True)
