"""Each game's ending as the store keeps it: one row per seat (the player, the points and,
once the game is over, the place), so the statistics and the games list read it without
replaying a game.

The rows are written in the same transaction as the change that moves them (an action,
undo, redo, an edit, a restored version, an import), from the `Standing` the table
computed from the state it already holds; deleting a game deletes them with it. The
store's part `store.results` reads them for the statistics.
"""

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby
from operator import itemgetter

from referee.storage.database import Part, why_unusable

RESULTS_SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    player TEXT NOT NULL,
    points INTEGER NOT NULL,
    place INTEGER,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS results_by_player ON results(player);
"""


@dataclass(frozen=True)
class GameResult:
    """One stored game as the statistics see it."""

    id: int
    kind: str
    players: tuple[str, ...]  # in seat order
    points: tuple[int, ...]
    places: tuple[int, ...] | None  # None while the game goes on
    created: str  # UTC, ISO 8601, as stored
    ended: str | None  # when it was first over (kept through later edits), UTC
    actions: int  # the actions of its log (undone ones left out)
    summary: str = ""

    @property
    def finished(self) -> bool:
        return self.places is not None


def insert_results(
    c: sqlite3.Connection,
    game_id: int,
    players: Sequence[str],
    points: Sequence[int],
    places: Sequence[int] | None,
) -> None:
    """The rows of a game just stored (see `result_rows`)."""
    c.executemany(
        "INSERT INTO results(game_id, seat, player, points, place) VALUES (?,?,?,?,?)",
        [(game_id, *row) for row in result_rows(players, points, places)],
    )


def result_rows(
    players: Sequence[str], points: Sequence[int], places: Sequence[int] | None
) -> list[tuple[int, str, int, int | None]]:
    """Each seat's row (seat, player, points, place). Without points for every seat (a
    caller that does not know them) there are none: the game is then left out of the
    statistics."""
    if len(points) != len(players):
        return []
    return [
        (seat, name, points[seat], None if places is None else places[seat])
        for seat, name in enumerate(players)
    ]


def update_results(
    c: sqlite3.Connection,
    game_id: int,
    points: Sequence[int],
    places: Sequence[int] | None,
) -> None:
    c.executemany(
        "UPDATE results SET points=?, place=? WHERE game_id=? AND seat=?",
        [
            (value, None if places is None else places[seat], game_id, seat)
            for seat, value in enumerate(points)
        ],
    )


def points_by_game(conn: sqlite3.Connection) -> dict[int, tuple[int, ...]]:
    """Each game's points in seat order (games without rows are left out)."""
    out: dict[int, list[int]] = {}
    for game_id, points in conn.execute(
        "SELECT game_id, points FROM results ORDER BY game_id, seat"
    ):
        out.setdefault(game_id, []).append(points)
    return {game_id: tuple(points) for game_id, points in out.items()}


def read_results(conn: sqlite3.Connection, game_id: int | None = None) -> list[GameResult]:
    """Every game with rows (or only `game_id`'s), oldest first. A game counts as finished
    only when it is marked so and every seat has its place."""
    one, args = ("", ()) if game_id is None else (" WHERE game_id=?", (game_id,))
    counts = dict(
        conn.execute(
            "SELECT game_id, COUNT(*) FROM actions WHERE undone=0"
            + ("" if game_id is None else " AND game_id=?")
            + " GROUP BY game_id",
            args,
        )
    )
    games = {
        row[0]: row
        for row in conn.execute(
            "SELECT id, kind, created, ended, finished, summary FROM games"
            + ("" if game_id is None else " WHERE id=?"),
            args,
        )
    }
    out: list[GameResult] = []
    seats = conn.execute(
        f"SELECT game_id, player, points, place FROM results{one} ORDER BY game_id, seat", args
    )
    for game_id, rows in groupby(seats, key=itemgetter(0)):
        _id, kind, created, ended, finished, summary = games[game_id]
        _ids, players, points, places = zip(*rows, strict=True)
        over = bool(finished) and None not in places
        out.append(
            GameResult(
                id=game_id,
                kind=kind,
                players=players,
                points=points,
                places=places if over else None,
                created=created,
                ended=ended if over else None,
                actions=counts.get(game_id, 0),
                summary=summary,
            )
        )
    return out


class Results(Part):
    def all(self) -> list[GameResult]:
        """Every game's players, points and (once over) places, oldest first, as the
        statistics need them; read from the results rows, nothing is replayed."""
        with self.db.reading() as conn:
            try:
                return read_results(conn)
            except sqlite3.Error as exc:
                raise self.db.unavailable(_unreadable(exc)) from exc

    def of(self, game_id: int) -> GameResult | None:
        """One game's players, points and places (None: no such game, or no rows)."""
        with self.db.reading() as conn:
            try:
                found = read_results(conn, game_id)
            except sqlite3.Error as exc:
                raise self.db.unavailable(_unreadable(exc)) from exc
        return found[0] if found else None


def _unreadable(exc: sqlite3.Error) -> str:
    return f"The saved games cannot be read now: {why_unusable(exc)}. Nothing was changed."
