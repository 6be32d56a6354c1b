"""Many records into the saved games at once, all or none, without holding the saved games
while they are checked (`python -m referee import`, the app's Import a file).

Each record, once checked and replayed, is written at once to a staging database of the
import's own: a private temporary SQLite file attached to the import's own connection to
the saved games. SQLite takes that file out of its folder as it opens it, so an import
stopped at any moment (a refusal, a full disk, a kill) leaves nothing anywhere, and the
saved games are not touched until `commit`: one transaction that finds which games are
stored already and copies the others in. Meanwhile other devices play on: no lock of the
store's own connection is taken, and the saved games are locked only for that copy.

A game stored already is found as store.once.import_games finds it (`once.same_game`, and the
dates rule of `once.stored_as`), including a record that is an earlier one of the same
import; the stored games that may match are read before the copy, so the copy itself only
looks again at those that changed meanwhile. Two imports at once of one record store it
once: the second's copy finds the first's game.
"""

import hashlib
import json
import sqlite3
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from types import TracebackType
from typing import NamedTuple, ParamSpec, TypeVar

from referee.core.outcome import Standing
from referee.core.record import GameRecord
from referee.storage.database import SqliteFile, Transaction, save_failed
from referee.storage.once import instant, same_game, stored_same_game
from referee.storage.rows import ActionRow, GameRow, ResultRow, game_rows

BATCH = 200  # records staged per transaction of the staging database

_STAGING = """
CREATE TABLE staging.games (
    sid INTEGER PRIMARY KEY,  -- the record's place in the import
    file INTEGER NOT NULL,
    number INTEGER NOT NULL,
    kind TEXT NOT NULL,
    players TEXT NOT NULL,
    options TEXT NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    summary TEXT NOT NULL,
    finished INTEGER NOT NULL,
    ended TEXT,
    dated INTEGER NOT NULL,  -- the record says when it was begun
    digest BLOB,  -- its same_game, hashed; NULL when that is None (no game matches)
    first INTEGER,  -- the first earlier record of this import that is the same game
    stored INTEGER  -- the stored game it is (found by commit)
);
CREATE TABLE staging.actions (
    sid INTEGER NOT NULL, seq INTEGER NOT NULL, payload TEXT NOT NULL, at TEXT,
    PRIMARY KEY (sid, seq)
) WITHOUT ROWID;
CREATE TABLE staging.results (
    sid INTEGER NOT NULL, seat INTEGER NOT NULL, player TEXT NOT NULL,
    points INTEGER NOT NULL, place INTEGER,
    PRIMARY KEY (sid, seat)
) WITHOUT ROWID;
CREATE TABLE staging.ids (sid INTEGER PRIMARY KEY, id INTEGER NOT NULL);
CREATE TABLE staging.stored (
    id INTEGER PRIMARY KEY,  -- a stored game at one of the import's tables
    revision INTEGER NOT NULL,  -- its revision, players and options when it was read
    players TEXT NOT NULL,
    options TEXT NOT NULL,
    digest BLOB,  -- its same_game, hashed; NULL when this referee cannot read it
    moment TEXT  -- when it was begun, one text for each instant; NULL: not a time
);
CREATE INDEX staging.stored_by_digest ON stored(digest, moment, id);
"""
# Made once every record is staged: quicker than keeping them up to date at each.
_INDEXES = """
CREATE INDEX staging.games_by_digest ON games(digest, sid);
CREATE INDEX staging.games_by_moment ON games(digest, created, sid);
CREATE INDEX staging.games_by_table ON games(kind, players);
"""

# The stored games at the import's tables (game and players) not read yet, or changed
# since they were read.
_CHANGED = """
SELECT g.id FROM main.games g LEFT JOIN staging.stored t ON t.id = g.id
WHERE (t.id IS NULL OR t.revision != g.revision OR t.players != g.players
    OR t.options != g.options)
AND EXISTS (SELECT 1 FROM staging.games s
    WHERE s.kind = g.kind AND s.players = g.players AND s.digest IS NOT NULL)
ORDER BY g.id
"""


def _digest(key: str | None) -> bytes | None:
    return None if key is None else hashlib.sha256(key.encode()).digest()


def _moment(stamp: str) -> str | None:
    """A stored time as `stamp` writes a record's (the same instant, the same text)."""
    when = instant(stamp)
    return when.astimezone(UTC).isoformat() if isinstance(when, datetime) else None


P = ParamSpec("P")  # what `_run`'s work takes
R = TypeVar("R")  # and gives


def _run(work: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """`work`, with a write SQLite refuses (a full disk) said as SaveFailed."""
    try:
        return work(*args, **kwargs)
    except sqlite3.Error as exc:
        raise save_failed(exc) from exc


class Staged(NamedTuple):
    """One record as the store will keep it, and what tells whether it is stored already."""

    game: GameRow
    actions: list[ActionRow]
    results: list[ResultRow]
    digest: bytes | None  # its same_game, hashed; None when no game can match it
    dated: bool  # the record says when it was begun


def staged_game(record: GameRecord, standing: Standing, now: str) -> Staged:
    """A record as its replay gave it (Session.record, with the record's dates), and its
    standing; undated, it was played `now`."""
    game, actions, results = game_rows(
        record, standing.summary, standing.points, standing.finished, standing.places, now
    )
    key = same_game(record, replayed=True)
    digest = None if key is None else hashlib.sha256(key.encode()).digest()
    return Staged(game, actions, results, digest, record.created is not None)


class _OwnTransaction(Transaction):
    """A write on the import's own connection: the store's lock is never taken, so every
    other device of this process reads and writes on meanwhile."""

    def __init__(self, store: SqliteFile, conn: sqlite3.Connection) -> None:
        self.store = store
        self.conn = conn

    def __enter__(self) -> sqlite3.Connection:
        return self._begin()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._end(exc_type, exc)


class Staging:
    """One import's staged records (`add`), stored all at once by `commit`; `close` lets
    them go. SaveFailed, in one sentence, when a write fails (a full disk). Undated
    records were played `now`."""

    def __init__(self, store: SqliteFile, now: str) -> None:
        self.store = store
        self.now = now
        self.staged = 0
        self._batch: list[tuple[int, int, Staged]] = []
        self.conn = _run(store._connect)
        try:
            _run(self._prepare)
        except BaseException:
            self.conn.close()
            raise

    def _prepare(self) -> None:
        # Every connection says these for itself (see Store._prepare).
        self.conn.execute("PRAGMA synchronous=FULL")
        self.conn.execute("PRAGMA foreign_keys=ON")
        self.conn.execute("ATTACH DATABASE '' AS staging")
        self.conn.executescript(_STAGING)

    def close(self) -> None:
        self.conn.close()  # SQLite deletes the staging file with it

    # -- staging ---------------------------------------------------------------------

    def add(self, file: int, number: int, staged: Staged) -> None:
        """Record `number` of file `file`."""
        self._batch.append((file, number, staged))
        if len(self._batch) == BATCH:
            _run(self._flush)

    def _flush(self) -> None:
        batch, self._batch = self._batch, []
        first = self.staged + 1
        self.staged += len(batch)
        rows = list(zip(range(first, first + len(batch)), batch, strict=True))
        c = self.conn
        c.execute("BEGIN")
        c.executemany(
            "INSERT INTO staging.games(sid, file, number, kind, players, options, created, "
            "updated, summary, finished, ended, dated, digest) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
            [
                (sid, file, number, *s.game, int(s.dated), s.digest)
                for sid, (file, number, s) in rows
            ],
        )
        c.executemany(
            "INSERT INTO staging.actions(sid, seq, payload, at) VALUES (?,?,?,?)",
            [(sid, *row) for sid, (_f, _n, s) in rows for row in s.actions],
        )
        c.executemany(
            "INSERT INTO staging.results(sid, seat, player, points, place) VALUES (?,?,?,?,?)",
            [(sid, *row) for sid, (_f, _n, s) in rows for row in s.results],
        )
        c.execute("COMMIT")

    def _same_records(self) -> None:
        """Each record's first earlier record of the import that is the same game, by
        once.stored_as's rule on the rows as they will be stored (a time is one text
        each, `stamp`'s): an undated record is any earlier one of the same game, a dated
        one an earlier one begun at the same moment. The earliest of those is never the
        same as one before it, so it is the one store.once.import_games would find."""
        c = self.conn
        c.executescript(_INDEXES)
        c.execute("BEGIN")
        c.execute(
            "UPDATE staging.games SET first = (SELECT MIN(f.sid) FROM staging.games f "
            "WHERE f.digest = games.digest AND f.sid < games.sid) "
            "WHERE digest IS NOT NULL AND NOT dated"
        )
        c.execute(
            "UPDATE staging.games SET first = (SELECT MIN(f.sid) FROM staging.games f "
            "WHERE f.digest = games.digest AND f.created = games.created AND f.sid < games.sid) "
            "WHERE digest IS NOT NULL AND dated"
        )
        c.execute("COMMIT")

    # -- storing ---------------------------------------------------------------------

    def commit(self) -> Iterator[tuple[int, int, int, bool]]:
        """Store every staged game that is not stored already, in one transaction; then,
        for each staged record in order, (file, number, game id, whether it is new)."""
        _run(self._flush)
        _run(self._same_records)
        # Read before the copy, which locks the saved games: inside it only what changed
        # meanwhile is read again.
        _run(self._read_stored)
        with _OwnTransaction(self.store, self.conn) as c:
            self._read_stored()
            self._store(c)
        return self._outcome()

    def _read_stored(self) -> None:
        """The stored games at the import's tables (game and players), each as same_game
        and its moment, into staging.stored: those not read yet or changed since."""
        c = self.conn
        ids = [game_id for (game_id,) in c.execute(_CHANGED)]
        for start in range(0, len(ids), BATCH):
            batch = ids[start : start + BATCH]
            marks = ",".join("?" * len(batch))
            rows = c.execute(
                "SELECT id, kind, players, options, created, revision FROM main.games "
                f"WHERE id IN ({marks})",
                batch,
            ).fetchall()
            c.executemany(
                "INSERT OR REPLACE INTO staging.stored(id, revision, players, options, digest, "
                "moment) VALUES (?,?,?,?,?,?)",
                [
                    (
                        game_id,
                        revision,
                        players,
                        options,
                        _digest(stored_same_game(c, game_id, kind, json.loads(players), options)),
                        _moment(created),
                    )
                    for game_id, kind, players, options, created, revision in rows
                ],
            )

    def _store(self, c: sqlite3.Connection) -> None:
        # once.stored_as's rule: the stored game at the same table that is the same game,
        # begun at the same moment when the record says when; the first of them.
        c.execute(
            "UPDATE staging.games SET stored = (SELECT MIN(t.id) FROM staging.stored t "
            "JOIN main.games g ON g.id = t.id WHERE t.digest = games.digest AND "
            "g.kind = games.kind AND g.players = games.players AND "
            "(NOT games.dated OR t.moment = games.created)) WHERE digest IS NOT NULL"
        )
        base = c.execute("SELECT COALESCE(MAX(id), 0) FROM main.games").fetchone()[0]
        # New: neither stored already nor an earlier record of the import that is new.
        c.execute(
            "INSERT INTO staging.ids(sid, id) SELECT sid, ? + ROW_NUMBER() OVER (ORDER BY sid) "
            "FROM staging.games g WHERE stored IS NULL AND (first IS NULL OR EXISTS "
            "(SELECT 1 FROM staging.games f WHERE f.sid = g.first AND f.stored IS NOT NULL))",
            (base,),
        )
        c.execute(
            "INSERT INTO main.games(id, kind, players, options, created, updated, summary, "
            "finished, ended) SELECT i.id, g.kind, g.players, g.options, g.created, g.updated, "
            "g.summary, g.finished, g.ended FROM staging.ids i JOIN staging.games g USING (sid) "
            "ORDER BY i.id"
        )
        c.execute(
            "INSERT INTO main.actions(game_id, seq, payload, at) SELECT i.id, a.seq, a.payload, "
            "a.at FROM staging.ids i JOIN staging.actions a USING (sid) ORDER BY i.id, a.seq"
        )
        c.execute(
            "INSERT INTO main.results(game_id, seat, player, points, place) SELECT i.id, "
            "r.seat, r.player, r.points, r.place FROM staging.ids i JOIN staging.results r "
            "USING (sid) ORDER BY i.id, r.seat"
        )

    def _outcome(self) -> Iterator[tuple[int, int, int, bool]]:
        rows = self.conn.execute(
            "SELECT g.file, g.number, COALESCE(i.id, g.stored, f.id), i.id IS NOT NULL "
            "FROM staging.games g LEFT JOIN staging.ids i ON i.sid = g.sid "
            "LEFT JOIN staging.ids f ON f.sid = g.first ORDER BY g.sid"
        )
        for file, number, game_id, new in rows:
            yield file, number, game_id, bool(new)
