"""What the table has entered but not yet made an action: each seat's pick in a choice
everyone makes at once (a guess, a Buck shown, a card played), an entry being tapped in
before it is confirmed (a hand, a lot's items, the tops of the dice, a board), and which
seat a phone said is its player's ("This is me"). Two parts of the store: `store.picks`
(the picks and the entries, which go when their moment does) and `store.seats`.

A pick is stored when it is entered, one transaction each, with the game's revision at the
time; the action that makes or undoes the decision deletes every pick and entry kept for
it in its own transaction, so a private pick is gone from the file as soon as its moment
is. A host that restarts, or a second referee on the same folder, finds every
pick the table had entered.
"""

import json
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from referee.storage.database import Part

PENDING_SCHEMA = """
CREATE TABLE IF NOT EXISTS pending_picks (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    revision INTEGER NOT NULL,
    value TEXT NOT NULL,
    owner TEXT NOT NULL,
    by TEXT NOT NULL DEFAULT '',
    private INTEGER NOT NULL DEFAULT 0,
    at TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS pending_drafts (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    revision INTEGER NOT NULL,
    value TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (game_id, name)
);
CREATE TABLE IF NOT EXISTS device_seats (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    owner TEXT NOT NULL,
    seat INTEGER NOT NULL,
    PRIMARY KEY (game_id, owner)
);
"""


@dataclass(frozen=True)
class StoredPick:
    value: Any
    owner: str  # the device (its browser) that entered it
    by: str  # how that device is named to the others ("Bo's phone")
    private: bool


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _at_revision(c: sqlite3.Connection, game_id: int, revision: int) -> bool:
    """Whether the game is still at `revision`: each decision made or undone deletes the
    picks and entries kept for it (ActionLog's writes), so none is written after it."""
    row = c.execute("SELECT revision FROM games WHERE id=?", (game_id,)).fetchone()
    return row is not None and row[0] == revision


class PendingPicks(Part):
    def save(self, game_id: int, revision: int, seat: int, pick: StoredPick) -> None:
        with self.db.transaction() as c:
            if not _at_revision(c, game_id, revision):
                return  # a page not yet told of a newer decision: its moment has passed
            c.execute(
                "INSERT OR REPLACE INTO pending_picks(game_id, seat, revision, value, owner, "
                "by, private, at) VALUES (?,?,?,?,?,?,?,?)",
                (
                    game_id,
                    seat,
                    revision,
                    json.dumps(pick.value),
                    pick.owner,
                    pick.by,
                    int(pick.private),
                    _now(),
                ),
            )

    def drop(self, game_id: int, seat: int) -> None:
        with self.db.transaction() as c:
            c.execute("DELETE FROM pending_picks WHERE game_id=? AND seat=?", (game_id, seat))

    def entered(self, game_id: int, revision: int) -> dict[int, StoredPick]:
        """The picks entered for the game as it is at `revision`, by seat."""
        with self.db.reading() as conn:
            try:
                rows = conn.execute(
                    "SELECT seat, value, owner, by, private FROM pending_picks "
                    "WHERE game_id=? AND revision=? ORDER BY seat",
                    (game_id, revision),
                ).fetchall()
            except sqlite3.Error:
                return {}
        found = {}
        for seat, value, owner, by, private in rows:
            try:
                found[seat] = StoredPick(json.loads(value), owner, by, bool(private))
            except ValueError:
                continue  # written by another tool: not a pick this referee made
        return found

    def save_draft(self, game_id: int, revision: int, name: str, value: Any) -> None:
        """An entry being tapped in (None: cleared), kept for the game at `revision`."""
        with self.db.transaction() as c:
            if value is None:
                c.execute("DELETE FROM pending_drafts WHERE game_id=? AND name=?", (game_id, name))
            elif _at_revision(c, game_id, revision):
                c.execute(
                    "INSERT OR REPLACE INTO pending_drafts(game_id, name, revision, value, at) "
                    "VALUES (?,?,?,?,?)",
                    (game_id, name, revision, json.dumps(value), _now()),
                )

    def drafts(self, game_id: int, revision: int) -> dict[str, Any]:
        with self.db.reading() as conn:
            try:
                rows = conn.execute(
                    "SELECT name, value FROM pending_drafts WHERE game_id=? AND revision=?",
                    (game_id, revision),
                ).fetchall()
            except sqlite3.Error:
                return {}
        found = {}
        for name, value in rows:
            try:
                found[name] = json.loads(value)
            except ValueError:
                continue
        return found

    def drop_all(self, game_id: int) -> None:
        """Every pick and entry of the game, in one transaction."""
        with self.db.transaction() as c:
            c.execute("DELETE FROM pending_picks WHERE game_id=?", (game_id,))
            c.execute("DELETE FROM pending_drafts WHERE game_id=?", (game_id,))


class DeviceSeats(Part):
    """Which seat a device (its browser, `owner`) said is its player's ("This is me")."""

    def save(self, game_id: int, owner: str, seat: int | None) -> None:
        with self.db.transaction() as c:
            if seat is None:
                c.execute("DELETE FROM device_seats WHERE game_id=? AND owner=?", (game_id, owner))
            else:
                c.execute(
                    "INSERT OR REPLACE INTO device_seats(game_id, owner, seat) VALUES (?,?,?)",
                    (game_id, owner, seat),
                )

    def of(self, game_id: int, owner: str) -> int | None:
        with self.db.reading() as conn:
            try:
                row = conn.execute(
                    "SELECT seat FROM device_seats WHERE game_id=? AND owner=?", (game_id, owner)
                ).fetchone()
            except sqlite3.Error:
                return None
        return row[0] if row else None
