"""Reading stored games through the one strict reader: a game's rows checked (does this
referee know its game, players and options?) and parsed into a record, or refused with one
sentence that says why. A part of the store, kept apart for its length."""

import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from referee.core.errors import InvalidAction, RefereeError
from referee.core.names import clean_name, printable, quoted, sentence
from referee.core.record import (
    RECORD_FORMAT,
    RECORD_VERSION,
    GameRecord,
    parse_record,
    read_json,
    stamp,
)
from referee.games import GAMES
from referee.storage.database import GameUnreadable, as_clause


@dataclass(frozen=True)
class StoredGame:
    id: int
    record: GameRecord
    redo: list[dict[str, Any]]  # undone actions, the next one to redo last (a stack)
    revision: int = 0  # how many changes the game has had; writers must name it


def json_object(raw: object) -> dict[str, Any]:
    try:
        data = read_json(raw) if isinstance(raw, str) else {}
    except InvalidAction:
        return {}
    return data if isinstance(data, dict) else {}


def readable_tables(rows: Iterable[tuple[Any, Any, str]]) -> Iterator[tuple[str, list[str], str]]:
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


def has_json_valid(conn: sqlite3.Connection) -> bool:
    try:
        conn.execute("SELECT json_valid('1')").fetchone()
        return True
    except sqlite3.Error:
        return False


def read_game(conn: sqlite3.Connection, json_valid: bool, game_id: int) -> StoredGame:
    """A stored game through the one strict reader (see Store.load)."""
    row = conn.execute(
        "SELECT kind, players, options, revision, created, updated, ended FROM games WHERE id=?",
        (game_id,),
    ).fetchone()
    if row is None:
        raise KeyError(game_id)
    *row, revision, created, updated, ended = row
    _names, problem = check_game(*row)
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
            sentence(f"This game cannot be opened: {as_clause(exc.reason)}")
        ) from None
    done: list[Any] = []
    undone: list[Any] = []
    times: list[str | None] = []
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
            },
            stored=True,
        )
    except InvalidAction as exc:
        raise GameUnreadable(
            sentence(f"This game cannot be opened: {as_clause(exc.reason)}")
        ) from None
    return StoredGame(game_id, record, list(reversed(undone)), revision)


def _stamp(stored: Any) -> str | None:
    """A stored time as a record carries it; one another tool left unreadable is left out
    (the record then says nothing of it, rather than refusing to open)."""
    if not isinstance(stored, str):
        return None
    try:
        return stamp(stored)
    except ValueError:
        return None


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


def check_game(kind: Any, players: Any, options: Any) -> tuple[list[str], str | None]:
    """A stored game's players (display-safe) and, if this referee cannot load it, why."""
    raw: Any = None
    try:
        raw = read_json(players, "Its stored player list")
        if not isinstance(raw, list):
            raise InvalidAction("its stored player list is not a list")
        names = [clean_name(name) for name in raw]
    except InvalidAction as exc:
        shown = [printable(n, 40) for n in raw] if isinstance(raw, list) else []
        return shown, as_clause(exc.reason)
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
        return names, as_clause(exc.reason)
    return names, None
