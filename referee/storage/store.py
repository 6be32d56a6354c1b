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
import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from referee.core.errors import InvalidAction, RefereeError
from referee.core.names import (
    clean_name,
    new_name,
    printable,
    quoted,
    sentence,
)
from referee.core.outcome import Standing
from referee.core.record import (
    RECORD_FORMAT,
    RECORD_VERSION,
    GameRecord,
    parse_record,
    read_json,
    stamp,
)
from referee.core.session import Session
from referee.games import GAMES
from referee.storage.database import (  # noqa: F401 - the store's errors, named here too
    GameUnreadable,
    SaveFailed,
    SqliteFile,
    StoreUnavailable,
    _kept,
    _locked,
    _lower,
    _text,
    _why,
)
from referee.storage.dispute_history import DisputeHistory
from referee.storage.environ import DATA_DIR_ENV, data_dir  # noqa: F401 - named here too
from referee.storage.once import Once
from referee.storage.pending import PENDING_SCHEMA, PendingPicks
from referee.storage.players import RecentTable, recent_tables
from referee.storage.renaming import Renaming
from referee.storage.results import (
    RESULTS_SCHEMA,
    GameResult,
    insert_results,
    points_by_game,
    read_results,
    update_results,
)
from referee.storage.teaching import TEACHING_SCHEMA, Teaching

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
_SCHEMA = _TABLES + RESULTS_SCHEMA + PENDING_SCHEMA + TEACHING_SCHEMA


class StaleWrite(RefereeError):
    """The game changed since the writer last read it (another device or process)."""


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
    options: dict = field(default_factory=dict)


@dataclass(frozen=True)
class StoredGame:
    id: int
    record: GameRecord
    redo: list[dict]  # undone actions, the next one to redo last (a stack)
    revision: int = 0  # how many changes the game has had; writers must name it


def _dict(raw) -> dict:
    try:
        data = read_json(raw) if isinstance(raw, str) else {}
    except InvalidAction:
        return {}
    return data if isinstance(data, dict) else {}


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Store(Renaming, Once, DisputeHistory, PendingPicks, Teaching, SqliteFile):
    schema_version = SCHEMA_VERSION

    def __init__(self, path: Path | str | None = None) -> None:
        super().__init__(Path(path) if path else data_dir() / DB_NAME)
        self._json_valid = _has_json_valid(self._conn)
        self._summaries: dict[tuple, GameSummary] = {}  # list_games' rows, as last read

    # -- opening safely ----------------------------------------------------------------

    def _prepare(self, conn: sqlite3.Connection) -> None:
        conn.execute("PRAGMA journal_mode=WAL")
        # FULL syncs the log at every commit: a phone's battery may die mid-game, and a
        # confirmed action must survive that, not only a crash of this process.
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
        conn.executescript(_SCHEMA)
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version < SCHEMA_VERSION:
            # One transaction: a migration cut short leaves the older database as it was,
            # to be brought up to date at the next start.
            conn.execute("BEGIN IMMEDIATE")
            try:
                _migrate(conn, version)
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
        points=(),
        *,
        finished: bool | None = None,
        places=None,
    ) -> int:
        """Store a new game (an imported record may arrive over: give its `places`)."""
        with self._tx() as c:
            return self._insert(c, record, summary, points, finished, places)

    def create_games(self, games: Sequence[tuple[GameRecord, Standing]]) -> list[int]:
        """Store many games in one transaction: all of them, or none (an import)."""
        with self._tx() as c:
            return [
                self._insert(c, record, st.summary, st.points, st.finished, st.places)
                for record, st in games
            ]

    @staticmethod
    def _insert(c, record: GameRecord, summary, points, finished, places) -> int:
        """A record's dates are kept as it carries them (an import keeps when the game was
        played); a record without them was played now."""
        now = _now()
        over = places is not None if finished is None else bool(finished)
        created = record.created or now
        changed = record.changed or record.ended or record.created or now
        cur = c.execute(
            "INSERT INTO games(kind, players, options, created, updated, summary, finished, "
            "ended) VALUES (?,?,?,?,?,?,?,?)",
            (
                record.game,
                json.dumps(record.players),
                json.dumps(record.options),
                created,
                changed,
                summary,
                int(over),
                (record.ended or changed) if over else None,
            ),
        )
        game_id = cur.lastrowid
        times = record.times or [None] * len(record.actions)
        c.executemany(
            "INSERT INTO actions(game_id, seq, payload, at) VALUES (?,?,?,?)",
            [
                (game_id, seq, json.dumps(action), at)
                for seq, (action, at) in enumerate(zip(record.actions, times, strict=True))
            ],
        )
        insert_results(c, game_id, record.players, tuple(points), places)
        return game_id

    def delete_game(self, game_id: int) -> None:
        with self._tx() as c:
            c.execute("DELETE FROM actions WHERE game_id=?", (game_id,))
            c.execute("DELETE FROM results WHERE game_id=?", (game_id,))
            c.execute("DELETE FROM pending_picks WHERE game_id=?", (game_id,))
            c.execute("DELETE FROM pending_drafts WHERE game_id=?", (game_id,))
            c.execute("DELETE FROM device_seats WHERE game_id=?", (game_id,))
            c.execute("DELETE FROM games WHERE id=?", (game_id,))

    @_kept
    def list_games(self) -> list[GameSummary]:
        """Every stored game, newest first. A game this referee cannot load is listed with
        its `problem`; one bad row never hides the others."""
        damaged = (
            "(SELECT COUNT(*) FROM actions a WHERE a.game_id=g.id AND NOT json_valid(a.payload))"
            if self._json_valid
            else "0"
        )
        try:
            rows = self._conn.execute(
                "SELECT g.id, g.kind, g.players, g.options, g.created, g.updated, g.finished, "
                "g.summary, (SELECT COUNT(*) FROM actions a WHERE a.game_id=g.id AND "
                f"a.undone=0), {damaged} FROM games g "
                "ORDER BY g.updated DESC, g.id DESC"
            ).fetchall()
            points = points_by_game(self._conn)
        except sqlite3.Error as exc:
            raise self._unavailable(
                f"The saved games cannot be read now: {_why(exc)}. Nothing was changed."
            ) from exc
        # A row read as before is summed up as before: after one move only that game's row
        # is read anew (parsing and checking 1,000 rows took some 50 ms).
        before, self._summaries = self._summaries, {}
        for row in rows:
            key = (row, points.get(row[0], ()))
            self._summaries[key] = before.get(key) or self._summary(*key)
        return list(self._summaries.values())

    def _summary(self, row: tuple, points: tuple[int, ...]) -> GameSummary:
        game_id, kind, players, options, created, updated, finished, summary, count, bad = row
        opts = _dict(options)
        try:
            names, problem = _check_game(kind, players, options)
        except Exception as exc:  # one row must never break the list: report it
            names, problem = [], f"its stored data cannot be read ({type(exc).__name__})"
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
            return _read_game(self._conn, self._json_valid, game_id)

    @_locked
    def results(self) -> list[GameResult]:
        """Every game's players, points and (once over) places, oldest first, as the
        statistics need them; read from the results rows, nothing is replayed."""
        try:
            return read_results(self._conn)
        except sqlite3.Error as exc:
            raise self._unavailable(
                f"The saved games cannot be read now: {_why(exc)}. Nothing was changed."
            ) from exc

    @_locked
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

    @_kept
    def known_players(self) -> list[str]:
        """Names used before, most recently played first; unreadable rows, and names a
        new game would refuse (stored before that rule), are skipped."""
        seen: dict[str, None] = {}
        for (players,) in self._conn.execute(
            "SELECT players FROM games ORDER BY updated DESC, id DESC"
        ):
            try:
                names = read_json(players)
            except InvalidAction:
                continue
            for name in names if isinstance(names, list) else []:
                with contextlib.suppress(InvalidAction):
                    seen.setdefault(new_name(name), None)
        return list(seen)

    @_kept
    def recent_tables(self, limit: int = 5) -> list[RecentTable]:
        """The tables that played lately, most recent first: each its players in seat
        order, its game and when it last played (New game's suggestions). Games this
        referee cannot read are left out."""
        rows = self._conn.execute(
            "SELECT kind, players, updated FROM games ORDER BY updated DESC, id DESC"
        )
        return recent_tables(_readable_tables(rows), limit)

    # -- the action log ----------------------------------------------------------------

    def append(
        self,
        game_id: int,
        action: dict,
        *,
        summary: str,
        finished: bool,
        revision: int,
        points=None,
        places=None,
    ) -> int:
        """Add one action (dropping any undone ones: a new action ends redo), only if the
        game is still at `revision`; returns the new revision, or raises StaleWrite."""
        with self._tx() as c:
            new = self._advance(c, game_id, revision)
            c.execute("DELETE FROM actions WHERE game_id=? AND undone=1", (game_id,))
            seq = c.execute(
                "SELECT COALESCE(MAX(seq), -1) + 1 FROM actions WHERE game_id=?", (game_id,)
            ).fetchone()[0]
            c.execute(
                "INSERT INTO actions(game_id, seq, payload, at) VALUES (?,?,?,?)",
                (game_id, seq, json.dumps(action), _now()),
            )
            self._touch(c, game_id, summary, finished, points, places)
        return new

    def undo(
        self,
        game_id: int,
        *,
        summary: str,
        finished: bool,
        revision: int,
        points=None,
        places=None,
    ) -> int:
        with self._tx() as c:
            new = self._advance(c, game_id, revision)
            c.execute(
                "UPDATE actions SET undone=1 WHERE game_id=? AND seq=(SELECT MAX(seq) FROM "
                "actions WHERE game_id=? AND undone=0)",
                (game_id, game_id),
            )
            self._touch(c, game_id, summary, finished, points, places)
        return new

    def redo(
        self,
        game_id: int,
        *,
        summary: str,
        finished: bool,
        revision: int,
        points=None,
        places=None,
    ) -> int:
        with self._tx() as c:
            new = self._advance(c, game_id, revision)
            c.execute(
                "UPDATE actions SET undone=0 WHERE game_id=? AND seq=(SELECT MIN(seq) FROM "
                "actions WHERE game_id=? AND undone=1)",
                (game_id, game_id),
            )
            self._touch(c, game_id, summary, finished, points, places)
        return new

    @staticmethod
    def _advance(c, game_id: int, revision: int) -> int:
        """Inside the write's transaction: refuse unless the game is still at `revision`
        (so two devices or processes can never interleave), then count one more."""
        row = c.execute("SELECT revision FROM games WHERE id=?", (game_id,)).fetchone()
        if row is None:
            raise StaleWrite("This game was deleted on another device.")
        if row[0] != revision:
            raise StaleWrite("This game was changed on another device; it was reloaded.")
        c.execute("UPDATE games SET revision=? WHERE id=?", (revision + 1, game_id))
        return revision + 1

    @staticmethod
    def _touch(c, game_id: int, summary: str, finished: bool, points=None, places=None) -> None:
        """Inside the write's transaction: what the games list and the statistics read of
        the game now. `places` (per seat, once over) come with `points`; the end time is
        the first change that ended the game, kept through later edits of an ending, and
        cleared by an undo that takes the ending back."""
        now = _now()
        c.execute(
            "UPDATE games SET updated=?, summary=?, finished=?, "
            "ended=CASE WHEN ? THEN COALESCE(ended, ?) END WHERE id=?",
            (now, summary, int(finished), int(finished), now, game_id),
        )
        if points is not None:
            update_results(c, game_id, tuple(points), places)

    def replace_log(
        self,
        game_id: int,
        actions: list[dict],
        redo: list[dict],
        *,
        summary: str,
        finished: bool,
        revision: int,
        note: str,
        points=None,
        places=None,
    ) -> int:
        """Write a whole new log (an edit anywhere in it) in one transaction, keeping the
        log it replaces as a version the game menu can restore. `redo` is the stack of
        undone actions, the next to redo last."""
        with self._tx() as c:
            new = self._advance(c, game_id, revision)
            old = c.execute(
                "SELECT payload, undone, at FROM actions WHERE game_id=? ORDER BY seq", (game_id,)
            ).fetchall()
            c.execute(
                "INSERT INTO game_versions(game_id, saved, note, actions, redo) VALUES (?,?,?,?,?)",
                (
                    game_id,
                    _now(),
                    note,
                    json.dumps([json.loads(p) for p, u, _at in old if not u]),
                    json.dumps([json.loads(p) for p, u, _at in reversed(old) if u]),
                ),
            )
            c.execute("DELETE FROM actions WHERE game_id=?", (game_id,))
            rows = [(json.dumps(a), 0) for a in actions] + [
                (json.dumps(a), 1) for a in reversed(redo)
            ]
            times = _kept_times([(p, at) for p, _u, at in old], [p for p, _u in rows])
            for seq, ((payload, undone), at) in enumerate(zip(rows, times, strict=True)):
                c.execute(
                    "INSERT INTO actions(game_id, seq, payload, undone, at) VALUES (?,?,?,?,?)",
                    (game_id, seq, payload, undone, at),
                )
            self._touch(c, game_id, summary, finished, points, places)
        return new

    @_locked
    def versions(self, game_id: int) -> list[dict]:
        """Earlier logs of a game, newest first: id, saved, note, actions, redo."""
        rows = self._conn.execute(
            "SELECT id, saved, note, actions, redo FROM game_versions WHERE game_id=? "
            "ORDER BY id DESC",
            (game_id,),
        ).fetchall()
        out = []
        for vid, saved, note, actions, redo in rows:
            try:
                out.append(
                    dict(
                        id=vid,
                        saved=saved,
                        note=note,
                        actions=read_json(actions),
                        redo=read_json(redo),
                    )
                )
            except InvalidAction:
                continue  # an unreadable old version is skipped, never fatal
        return out

    @_locked
    def revisions(self, game_ids: list[int]) -> dict[int, int]:
        """The stored revision of each of these games; a deleted game is missing."""
        if not game_ids:
            return {}
        marks = ",".join("?" * len(game_ids))
        rows = self._conn.execute(
            f"SELECT id, revision FROM games WHERE id IN ({marks})", list(game_ids)
        ).fetchall()
        return dict(rows)


def _readable_tables(rows):
    """(kind, players, played) of the stored games whose kind and names can be read."""
    for kind, players, updated in rows:
        if kind not in GAMES:
            continue
        try:
            names = read_json(players, "Its stored player list", None)
            if isinstance(names, list):
                yield kind, [clean_name(n) for n in names], updated
        except InvalidAction:
            continue


def _has_json_valid(conn: sqlite3.Connection) -> bool:
    try:
        conn.execute("SELECT json_valid('1')").fetchone()
        return True
    except sqlite3.Error:
        return False


def _read_game(conn: sqlite3.Connection, json_valid: bool, game_id: int) -> StoredGame:
    """A stored game through the one strict reader (see Store.load)."""
    row = conn.execute(
        "SELECT kind, players, options, revision, created, updated, ended FROM games WHERE id=?",
        (game_id,),
    ).fetchone()
    if row is None:
        raise KeyError(game_id)
    *row, revision, created, updated, ended = row
    _names, problem = _check_game(*row)
    if problem:
        raise GameUnreadable(sentence(f"This game cannot be opened: {problem}"))
    valid = "json_valid(payload)" if json_valid else "0"
    actions = conn.execute(
        f"SELECT payload, undone, {valid}, at FROM actions WHERE game_id=? ORDER BY seq",
        (game_id,),
    ).fetchall()
    try:
        parsed = _read_payloads([a[0] for a in actions], all(a[2] for a in actions))
    except InvalidAction as exc:
        raise GameUnreadable(
            sentence(f"This game cannot be opened: {_lower(exc.reason)}")
        ) from None
    done, undone, times = [], [], []
    for action, (_payload, was_undone, _valid, at) in zip(parsed, actions, strict=True):
        (undone if was_undone else done).append(action)
        if not was_undone:
            times.append(_stamp(at))
    try:
        record = parse_record(
            {
                "format": RECORD_FORMAT,
                "version": RECORD_VERSION,
                "game": row[0],
                "players": read_json(row[1]),
                "options": read_json(row[2]),
                "actions": done,
                "created": _stamp(created),
                "changed": _stamp(updated),
                "ended": _stamp(ended),
                "times": times if any(times) else None,
            }
        )
    except InvalidAction as exc:
        raise GameUnreadable(
            sentence(f"This game cannot be opened: {_lower(exc.reason)}")
        ) from None
    return StoredGame(game_id, record, list(reversed(undone)), revision)


def _migrate(conn: sqlite3.Connection, version: int) -> None:
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
    json_valid = _has_json_valid(conn)
    conn.execute("DELETE FROM results")
    games = conn.execute("SELECT id, updated FROM games ORDER BY id").fetchall()
    for game_id, updated in games:
        try:
            stored = _read_game(conn, json_valid, game_id)
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


def _stamp(stored: Any) -> str | None:
    """A stored time as a record carries it; one another tool left unreadable is left out
    (the record then says nothing of it, rather than refusing to open)."""
    if not isinstance(stored, str):
        return None
    try:
        return stamp(stored)
    except ValueError:
        return None


def _kept_times(old: list[tuple[str, str | None]], new: list[str]) -> list[str | None]:
    """Each action's time through an edit of the log: the actions before the first change
    and after the last one are the same actions, entered when they were; what the edit
    put between them has no known time."""
    head = 0
    while head < min(len(old), len(new)) and old[head][0] == new[head]:
        head += 1
    tail = 0
    while tail < min(len(old), len(new)) - head and old[-1 - tail][0] == new[-1 - tail]:
        tail += 1
    middle = [None] * (len(new) - head - tail)
    return [at for _p, at in old[:head]] + middle + [at for _p, at in old[len(old) - tail :]]


def _read_payloads(payloads: list[str], each_valid: bool) -> list[Any]:
    """The stored actions through the one strict reader. When SQLite found every payload
    valid JSON on its own, they are read as one array (five times faster for a long game);
    otherwise, or if that fails, one by one, so the refusal names the damaged action."""
    if each_valid:
        try:
            joined = read_json("[" + ",".join(payloads) + "]", "Its stored actions", None)
            if isinstance(joined, list) and len(joined) == len(payloads):
                return joined
        except InvalidAction:
            pass
    return [read_json(p, f"Its stored action {n}") for n, p in enumerate(payloads, start=1)]


def _check_game(kind: Any, players: Any, options: Any) -> tuple[list[str], str | None]:
    """A stored game's players (display-safe) and, if this referee cannot load it, why."""
    raw: Any = None
    try:
        raw = read_json(players, "Its stored player list")
        if not isinstance(raw, list):
            raise InvalidAction("its stored player list is not a list")
        names = [clean_name(name) for name in raw]
    except InvalidAction as exc:
        shown = [printable(n, 40) for n in raw] if isinstance(raw, list) else []
        return shown, _lower(exc.reason)
    if not isinstance(kind, str) or kind not in GAMES:
        return names, f"this referee does not know the game {quoted(printable(kind))}"
    rules = GAMES[kind]
    try:
        rules.verify_players(names)
        data = read_json(options, "Its stored options")
        if not isinstance(data, dict):
            raise InvalidAction("its stored options are not an object")
        unknown = [key for key in data if key not in rules.options_model.model_fields]
        if unknown:
            raise InvalidAction(
                f"this referee does not know the {rules.title} option {quoted(unknown[0])}"
            )
        rules.parse_options(data)
    except RefereeError as exc:
        return names, _lower(exc.reason)
    return names, None
