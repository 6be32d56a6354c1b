"""Nothing stored twice: the same record imported again, and Play again tapped again on
any device or in another process. A part of the store (`store.once`)."""

import json
import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime

from referee.core.errors import RefereeError
from referee.core.outcome import Standing
from referee.core.record import GameRecord, read_json
from referee.games import GAMES
from referee.storage.database import Part
from referee.storage.rows import insert_game


def same_game(record: GameRecord, *, replayed: bool = False) -> str | None:
    """What makes two records one game: the game, the players, the options and the
    actions, each as this referee reads them; and, where both say it, when it was begun
    (`stored_as`). None when this referee cannot read it. A `replayed` record (one
    Session.record gave) holds them as this referee reads them already."""
    if record.game not in GAMES:
        return None
    if replayed:
        options, actions = record.options, record.actions
    else:
        rules = GAMES[record.game]
        try:
            options = rules.parse_options(record.options).model_dump(mode="json")
            actions = [rules.parse_action(a).model_dump(mode="json") for a in record.actions]
        except RefereeError:
            return None
    return json.dumps([record.game, record.players, options, actions], sort_keys=True)


def stored_same_game(
    conn: sqlite3.Connection, game_id: int, game: str, players: list[str], options: str
) -> str | None:
    """`same_game` of a stored game (of this kind and these players); None when this
    referee cannot read it (a game it cannot read is no match)."""
    payloads = conn.execute(
        "SELECT payload FROM actions WHERE game_id=? AND undone=0 ORDER BY seq", (game_id,)
    ).fetchall()
    try:
        stored = GameRecord(
            game=game,
            players=players,
            options=read_json(options, "Its stored options", None),
            actions=[read_json(p, "A stored action", None) for (p,) in payloads],
        )
    except (RefereeError, ValueError):
        return None
    return same_game(stored)


def instant(stamp: object) -> datetime | str:
    """A stored or recorded time as one instant (its text, when it is not a time)."""
    try:
        when = datetime.fromisoformat(str(stamp))
    except ValueError:
        return str(stamp)
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def stored_as(conn: sqlite3.Connection, record: GameRecord) -> int | None:
    """The id of a stored game that is this record (`same_game`), or None: on `conn`, inside
    the caller's read or write (an import checks inside its own transaction)."""
    want = same_game(record)
    if want is None:
        return None
    rows: list[tuple[int, str, str]] = conn.execute(
        "SELECT id, options, created FROM games WHERE kind=? AND players=? ORDER BY id",
        (record.game, json.dumps(record.players)),
    ).fetchall()
    for game_id, options, created in rows:
        # A record that says when it was played is another evening's game when that
        # differs: a club's two identical quick games both stay (a backup restored
        # gives the same statistics). Without a date, the game alone decides.
        if record.created is not None and instant(created) != instant(record.created):
            continue
        if stored_same_game(conn, game_id, record.game, record.players, options) == want:
            return game_id
    return None


class Once(Part):
    def import_games(self, games: Sequence[tuple[GameRecord, Standing]]) -> list[tuple[int, bool]]:
        """Store each game that is not stored already, in one transaction: per game, its
        id and whether it is new (a game stored already, even earlier in `games`, gives
        the stored one's id). Checked inside the write, so two imports at once of one
        record store it once."""
        out: list[tuple[int, bool]] = []
        with self.db.transaction() as c:
            for record, st in games:
                same = stored_as(c, record)
                if same is None:
                    same = insert_game(c, record, st.summary, st.points, st.finished, st.places)
                    out.append((same, True))
                else:
                    out.append((same, False))
        return out

    def stored_already(self, record: GameRecord) -> int | None:
        """The id of a stored game that is this record (`same_game`), or None."""
        with self.db.reading() as conn:
            return stored_as(conn, record)

    def create_rematch(
        self, of: int, record: GameRecord, summary: str, points: Sequence[int]
    ) -> int:
        """Play again of game `of`: the game made the first time, or this new one. The
        check and the write are one transaction and `rematch_of` is unique, so a second
        tap on any device, or in another process, finds the game the first one made."""
        with self.db.transaction() as c:
            row: tuple[int] | None = c.execute(
                "SELECT id FROM games WHERE rematch_of=?", (of,)
            ).fetchone()
            if row is not None:
                return row[0]
            game_id = insert_game(c, record, summary, points, None, None)
            c.execute("UPDATE games SET rematch_of=? WHERE id=?", (of, game_id))
            return game_id
