"""Players across games: the tables played before (New game's suggestions), and what a
renamed player changes in a stored game.

A player is known by the name stored at the table, exactly as typed (see
`core.names.clean_name`); two spellings are two players until one is merged into the other
(`store.renaming.rename`).
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, tzinfo
from typing import Any

from referee.core.errors import InvalidAction
from referee.core.record import read_json

# The fields of an action that name a player: a renamed player is renamed in these only, so
# a colour or a guess that happens to read like a name is never touched. A test holds every
# game's actions to it.
PLAYER_FIELDS = frozenset({"player", "partner"})


@dataclass(frozen=True)
class RecentTable:
    """A table that played before: its players in seat order, the game, when last."""

    players: tuple[str, ...]
    kind: str
    played: str  # the latest change to one of its games, UTC, ISO 8601

    def line(self, now: datetime | None = None, tz: tzinfo | None = None) -> str:
        """'Ana, Bo, Cy, Dee · Fae-ker · yesterday'."""
        from referee.games import GAMES

        title = GAMES[self.kind].title if self.kind in GAMES else self.kind
        return f"{', '.join(self.players)} · {title} · {relative_day(self.played, now, tz)}"


def local_date(stamp: str, tz: tzinfo | None = None) -> date | None:
    """The day of a stored UTC time on this device's calendar (or `tz`'s); None if the
    stamp cannot be read."""
    moment = parse_stamp(stamp)
    return None if moment is None else moment.astimezone(tz).date()


def parse_stamp(stamp: Any) -> datetime | None:
    try:
        moment = datetime.fromisoformat(stamp)
    except (TypeError, ValueError):
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def relative_day(stamp: str, now: datetime | None = None, tz: tzinfo | None = None) -> str:
    """'today', 'yesterday', 'on Friday' within a week, else '3 March' (with the year when
    it is not this year's); '' for a stamp that cannot be read."""
    day = local_date(stamp, tz)
    if day is None:
        return ""
    today = (now or datetime.now(UTC)).astimezone(tz).date()
    ago = (today - day).days
    if ago <= 0:
        return "today"
    if ago == 1:
        return "yesterday"
    if ago < 7:
        return f"on {day.strftime('%A')}"
    shown = f"{day.day} {day.strftime('%B')}"
    return shown if day.year == today.year else f"{shown} {day.year}"


def recent_tables(rows: Iterable[tuple[str, Sequence[str], str]], limit: int) -> list[RecentTable]:
    """The distinct tables of (kind, players, played) rows given most recent first: a
    table is its players in seat order and its game."""
    seen: dict[tuple[str, ...], RecentTable] = {}
    for kind, players, played in rows:
        key = tuple(players)
        if key not in seen:
            seen[key] = RecentTable(tuple(players), kind, played)
            if len(seen) >= limit:
                break
    return list(seen.values())


def matching_names(known: Sequence[str], typed: str, limit: int = 6) -> list[str]:
    """Known names for a name field as one types (`known` most recent first): those that
    begin with what is typed, then those with a word that does, ignoring case; nothing
    for an empty field or a name typed in full."""
    key = " ".join(typed.split()).casefold()
    if not key:
        return []
    starts = [n for n in known if n.casefold().startswith(key)]
    inside = [
        n
        for n in known
        if n not in starts and any(w.startswith(key) for w in n.casefold().split()[1:])
    ]
    found = [*starts, *inside]
    if any(n.casefold() == key for n in found) and len(found) == 1:
        return []
    return found[:limit]


def renamed(value: Any, old: str, new: str) -> Any:
    """An action's JSON with every player field naming `old` naming `new` instead."""
    if isinstance(value, dict):
        return {
            key: new if key in PLAYER_FIELDS and item == old else renamed(item, old, new)
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [renamed(item, old, new) for item in value]
    return value


def first_seen(player_lists: Iterable[str]) -> list[str]:
    """The names of stored player lists (JSON, the oldest game first), each once, in the
    order they first appear; unreadable lists are skipped."""
    seen: dict[str, None] = {}
    for players in player_lists:
        try:
            names = read_json(players)
        except InvalidAction:
            continue
        for name in names if isinstance(names, list) else []:
            if isinstance(name, str):
                seen.setdefault(name, None)
    return list(seen)
