"""Renaming a player in every stored game at once (merging two names is renaming one as
the other): a part of the store (`store.renaming`)."""

import json
import sqlite3
from collections.abc import Callable

from referee.core.errors import InvalidAction, RefereeError
from referee.core.names import look_alike, name_key, new_name, printable, quoted
from referee.core.record import read_json
from referee.core.session import Session
from referee.games import GAMES
from referee.storage.database import GameUnreadable, Part, SqliteFile, as_clause
from referee.storage.players import renamed
from referee.storage.reading import StoredGame


class Renaming(Part):
    def __init__(self, db: SqliteFile, load: Callable[[int], StoredGame]) -> None:
        super().__init__(db)
        self._load = load  # the store's reader: a renamed game must still replay

    def rename(self, old: str, new: str) -> list[int]:
        """Rename a player in every stored game at once; naming them as another player
        merges the two ("Anna" into "Ana"). Only the names change: in the players, the
        actions (also the undone ones and the earlier versions), the summaries and the
        results; each game changed moves on one revision, so a device showing it reloads.
        Returns the ids of the games changed. Refused with one sentence (InvalidAction),
        nothing changed: an invalid new name, a name no game has, or a merge that would
        seat one name twice at a table."""
        with self.db.transaction() as c:
            return self._rename(c, old, new)

    def verify(self, old: str, new: str) -> list[int]:
        """The games `rename(old, new)` would change, or the sentence it would
        refuse with (InvalidAction, SaveFailed), changing nothing: the rename is done in a
        transaction that is then rolled back, so even a game that would no longer replay
        is found. A dialog asks its question only after this, never to say no after a yes."""
        try:
            with self.db.transaction() as c:
                raise _DryRun(self._rename(c, old, new))
        except _DryRun as done:
            return done.games

    def _rename(self, c: sqlite3.Connection, old: str, new: str) -> list[int]:
        new = new_name(new)  # as for a new table: nothing invisible or text-turning
        if new == old:
            raise InvalidAction(f"The player is called {quoted(new)} already.")
        games = []
        for game_id, kind, players, updated in c.execute(
            "SELECT id, kind, players, updated FROM games ORDER BY id"
        ).fetchall():
            try:
                names = read_json(players, "Its stored player list", None)
            except InvalidAction:
                continue  # unreadable: nobody can be found in it to rename
            if not isinstance(names, list) or old not in names:
                continue
            twice = [n for n in names if n != old and _same_name(n, new)]
            if twice:
                raise InvalidAction(
                    f"The {_title(kind)} game of {printable(str(updated)[:10])} has both "
                    f"{quoted(twice[0])} and {quoted(old)} at its table, and one table "
                    "cannot have the same name twice, so nothing was changed."
                )
            games.append((game_id, [new if n == old else n for n in names]))
        if not games:
            raise InvalidAction(f"No saved game has a player called {quoted(old)}.")
        for game_id, names in games:
            self._rename_in(c, game_id, names, old, new)
        return [game_id for game_id, _names in games]

    def _rename_in(
        self, c: sqlite3.Connection, game_id: int, names: list[str], old: str, new: str
    ) -> None:
        c.execute(
            "UPDATE games SET players=?, revision=revision+1 WHERE id=?",
            (json.dumps(names), game_id),
        )
        c.execute("UPDATE results SET player=? WHERE game_id=? AND player=?", (new, game_id, old))
        for seq, payload in c.execute(
            "SELECT seq, payload FROM actions WHERE game_id=?", (game_id,)
        ).fetchall():
            changed = _renamed_json(payload, old, new)
            if changed is not None:
                c.execute(
                    "UPDATE actions SET payload=? WHERE game_id=? AND seq=?",
                    (changed, game_id, seq),
                )
        for vid, actions, redo in c.execute(
            "SELECT id, actions, redo FROM game_versions WHERE game_id=?", (game_id,)
        ).fetchall():
            c.execute(
                "UPDATE game_versions SET actions=?, redo=? WHERE id=?",
                (
                    _renamed_json(actions, old, new) or actions,
                    _renamed_json(redo, old, new) or redo,
                    vid,
                ),
            )
        # The summary names the players ("Ana wins with 12 cubes"): made again from the
        # renamed game, which must replay as it did.
        try:
            stored = self._load(game_id)  # the store's reader, on this transaction's `c`
        except (GameUnreadable, KeyError):
            return  # it could not be opened before either: its summary stays
        rules = GAMES[stored.record.game]
        try:
            state = Session(rules, stored.record, stored.redo).state
        except RefereeError as exc:
            raise InvalidAction(
                f"Game {game_id} would no longer replay with the new name, so nothing was "
                f"changed ({as_clause(exc.reason)})."
            ) from None
        c.execute("UPDATE games SET summary=? WHERE id=?", (rules.standing(state).summary, game_id))


class _DryRun(Exception):
    """Ends verify's transaction, which rolls it back, carrying what it found."""

    def __init__(self, games: list[int]) -> None:
        super().__init__("dry run")
        self.games = games


def _same_name(a: str, b: str) -> bool:
    # Alike as a table sees them: the same letters, or lookalikes (Unicode TS #39).
    return name_key(a) == name_key(b) or look_alike(a, b)


def _title(kind: str) -> str:
    return GAMES[kind].title if kind in GAMES else printable(kind, 40)


def _renamed_json(text: str, old: str, new: str) -> str | None:
    """Stored JSON with the player `old` renamed, or None when nothing changes (or the
    text is damaged: it is left for the game's own reader to report)."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError):
        return None
    changed = renamed(data, old, new)
    return None if changed == data else json.dumps(changed)
