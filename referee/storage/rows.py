"""What the store writes for a new game: its row, its actions' rows and its results'
rows, as one game is created (`insert_game`: Store.create_game, Once's imports and Play
again) and as an import stages many (referee.storage.staging)."""

import json
import sqlite3
from collections.abc import Sequence
from typing import cast

from referee.core.record import GameRecord
from referee.storage.action_log import utc_now
from referee.storage.results import result_rows

GameRow = tuple[str, str, str, str, str, str, int, str | None]  # as games' columns below
ActionRow = tuple[int, str, str | None]  # seq, payload, at
ResultRow = tuple[int, str, int, int | None]  # seat, player, points, place


def game_rows(
    record: GameRecord,
    summary: str,
    points: Sequence[int],
    finished: bool | None,
    places: Sequence[int] | None,
    now: str,
) -> tuple[GameRow, list[ActionRow], list[ResultRow]]:
    """The rows of `record` (kind, players, options, created, updated, summary, finished,
    ended). A record's dates are kept as it carries them (an import keeps when the game
    was played); a record without them was played `now`. An imported record may arrive
    over: give its `places`."""
    over = places is not None if finished is None else bool(finished)
    created = record.created or now
    changed = record.changed or record.ended or record.created or now
    game: GameRow = (
        record.game,
        json.dumps(record.players),
        json.dumps(record.options),
        created,
        changed,
        summary,
        int(over),
        (record.ended or changed) if over else None,
    )
    times = record.times or [None] * len(record.actions)
    actions = [
        (seq, json.dumps(action), at)
        for seq, (action, at) in enumerate(zip(record.actions, times, strict=True))
    ]
    return game, actions, result_rows(record.players, tuple(points), places)


def insert_game(
    c: sqlite3.Connection,
    record: GameRecord,
    summary: str,
    points: Sequence[int],
    finished: bool | None,
    places: Sequence[int] | None,
) -> int:
    """Inside the caller's transaction: store a new game's rows; its id."""
    game, actions, results = game_rows(record, summary, points, finished, places, utc_now())
    cur = c.execute(
        "INSERT INTO games(kind, players, options, created, updated, summary, finished, "
        "ended) VALUES (?,?,?,?,?,?,?,?)",
        game,
    )
    game_id = inserted_id(cur)
    c.executemany(
        "INSERT INTO actions(game_id, seq, payload, at) VALUES (?,?,?,?)",
        [(game_id, *row) for row in actions],
    )
    c.executemany(
        "INSERT INTO results(game_id, seat, player, points, place) VALUES (?,?,?,?,?)",
        [(game_id, *row) for row in results],
    )
    return game_id


def inserted_id(cur: sqlite3.Cursor) -> int:
    """The id of the row an INSERT on `cur` just wrote."""
    # lastrowid is None only on a cursor that has inserted nothing, which typeshed cannot
    # tell from one that has.
    return cast(int, cur.lastrowid)
