"""A game's action log in the store: append, undo and redo one action, or replace the whole
log (an edit) keeping the old one as a version; every write names the revision it read,
and a stale one is refused. A part of the store (`store.log`)."""

import json
import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any, TypedDict

from referee.core.errors import InvalidAction, RefereeError
from referee.core.record import read_json
from referee.storage.database import Part
from referee.storage.results import update_results


class StaleWrite(RefereeError):
    """The game changed since the writer last read it (another device or process)."""


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _not_before(c: sqlite3.Connection, game_id: int) -> str:
    """Now, for a write to this game, but never before its start or its latest action:
    a clock set back must not give the game dates out of order, which an import of its
    own export would then refuse (referee/core/record_dates.py)."""
    row = c.execute(
        "SELECT g.created, (SELECT MAX(at) FROM actions WHERE game_id=g.id) FROM games g "
        "WHERE g.id=?",
        (game_id,),
    ).fetchone()
    now = utc_now()
    known = [now, *(v for v in row or () if isinstance(v, str))]
    return max(known, key=_moment_or_none)


def _moment_or_none(value: str) -> datetime:
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return datetime.min.replace(tzinfo=UTC)  # an unreadable stamp decides nothing
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


class StoredVersion(TypedDict):
    """An earlier log of a game, kept by an edit (ActionLog.replace)."""

    id: int
    saved: str  # when it was replaced, UTC, ISO 8601
    note: str  # what replaced it
    actions: Any  # as a record's actions; the next to redo last in `redo`
    redo: Any


class ActionLog(Part):
    def append(
        self,
        game_id: int,
        action: dict[str, Any],
        *,
        summary: str,
        finished: bool,
        revision: int,
        points: Sequence[int] | None = None,
        places: Sequence[int] | None = None,
    ) -> int:
        """Add one action (dropping any undone ones: a new action ends redo), only if the
        game is still at `revision`; returns the new revision, or raises StaleWrite."""
        with self.db.transaction() as c:
            new = self._advance(c, game_id, revision)
            c.execute("DELETE FROM actions WHERE game_id=? AND undone=1", (game_id,))
            seq = c.execute(
                "SELECT COALESCE(MAX(seq), -1) + 1 FROM actions WHERE game_id=?", (game_id,)
            ).fetchone()[0]
            c.execute(
                "INSERT INTO actions(game_id, seq, payload, at) VALUES (?,?,?,?)",
                (game_id, seq, json.dumps(action), _not_before(c, game_id)),
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
        points: Sequence[int] | None = None,
        places: Sequence[int] | None = None,
    ) -> int:
        with self.db.transaction() as c:
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
        points: Sequence[int] | None = None,
        places: Sequence[int] | None = None,
    ) -> int:
        with self.db.transaction() as c:
            new = self._advance(c, game_id, revision)
            c.execute(
                "UPDATE actions SET undone=0 WHERE game_id=? AND seq=(SELECT MIN(seq) FROM "
                "actions WHERE game_id=? AND undone=1)",
                (game_id, game_id),
            )
            self._touch(c, game_id, summary, finished, points, places)
        return new

    @staticmethod
    def _advance(c: sqlite3.Connection, game_id: int, revision: int) -> int:
        """Inside the write's transaction: refuse unless the game is still at `revision`
        (so two devices or processes can never interleave), then count one more."""
        row = c.execute("SELECT revision FROM games WHERE id=?", (game_id,)).fetchone()
        if row is None:
            raise StaleWrite("This game was deleted on another device.")
        if row[0] != revision:
            raise StaleWrite("This game was changed on another device; it was reloaded.")
        c.execute("UPDATE games SET revision=? WHERE id=?", (revision + 1, game_id))
        # The picks and entries of the decision just made or undone go with it, in this
        # same transaction: a private pick must not outlive the moment it was for.
        c.execute("DELETE FROM pending_picks WHERE game_id=?", (game_id,))
        c.execute("DELETE FROM pending_drafts WHERE game_id=?", (game_id,))
        return revision + 1

    @staticmethod
    def _touch(
        c: sqlite3.Connection,
        game_id: int,
        summary: str,
        finished: bool,
        points: Sequence[int] | None = None,
        places: Sequence[int] | None = None,
    ) -> None:
        """Inside the write's transaction: what the games list and the statistics read of
        the game now. `places` (per seat, once over) come with `points`; the end time is
        the first change that ended the game, kept through later edits of an ending, and
        cleared by an undo that takes the ending back."""
        now = _not_before(c, game_id)
        c.execute(
            "UPDATE games SET updated=?, summary=?, finished=?, "
            "ended=CASE WHEN ? THEN COALESCE(ended, ?) END WHERE id=?",
            (now, summary, int(finished), int(finished), now, game_id),
        )
        if points is not None:
            update_results(c, game_id, tuple(points), places)

    def replace(
        self,
        game_id: int,
        actions: list[dict[str, Any]],
        redo: list[dict[str, Any]],
        *,
        summary: str,
        finished: bool,
        revision: int,
        note: str,
        points: Sequence[int] | None = None,
        places: Sequence[int] | None = None,
    ) -> int:
        """Write a whole new log (an edit anywhere in it) in one transaction, keeping the
        log it replaces as a version the game menu can restore. `redo` is the stack of
        undone actions, the next to redo last."""
        with self.db.transaction() as c:
            new = self._advance(c, game_id, revision)
            old = c.execute(
                "SELECT payload, undone, at FROM actions WHERE game_id=? ORDER BY seq", (game_id,)
            ).fetchall()
            c.execute(
                "INSERT INTO game_versions(game_id, saved, note, actions, redo) VALUES (?,?,?,?,?)",
                (
                    game_id,
                    utc_now(),
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

    def versions(self, game_id: int) -> list[StoredVersion]:
        """Earlier logs of a game, newest first: id, saved, note, actions, redo."""
        with self.db.reading() as conn:
            rows = conn.execute(
                "SELECT id, saved, note, actions, redo FROM game_versions WHERE game_id=? "
                "ORDER BY id DESC",
                (game_id,),
            ).fetchall()
        out: list[StoredVersion] = []
        for vid, saved, note, actions, redo in rows:
            try:
                out.append(
                    StoredVersion(
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

    def revisions(self, game_ids: list[int]) -> dict[int, int]:
        """The stored revision of each of these games; a deleted game is missing."""
        if not game_ids:
            return {}
        marks = ",".join("?" * len(game_ids))
        with self.db.reading() as conn:
            rows = conn.execute(
                f"SELECT id, revision FROM games WHERE id IN ({marks})", list(game_ids)
            ).fetchall()
        return dict(rows)


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
