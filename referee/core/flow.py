"""Turn order and simultaneous choices: the seat arithmetic every game shares.

Seats are indices into the players tuple, in clockwise (seat) order; "left" of a seat is
the next index. Written once here so no game counts round the table its own way.
"""

from collections.abc import Callable, Collection, Hashable, Iterable, Sequence
from typing import TypeVar

from referee.core.errors import IllegalAction, InvalidAction
from referee.core.names import sentence

T = TypeVar("T")


def clockwise(n: int, start: int) -> tuple[int, ...]:
    """Every seat once, going left round the table from `start` (included)."""
    return tuple((start + i) % n for i in range(n))


def next_seat(n: int, after: int, active: Collection[int]) -> int | None:
    """The first seat to the left of `after` that is still `active` (None if none is)."""
    for step in range(1, n + 1):
        seat = (after + step) % n
        if seat in active:
            return seat
    return None


def collect(
    players: Sequence[str],
    entries: Iterable[tuple[str, T]],
    expected: Collection[int],
    what: str,
    why_not: Callable[[int], str] | None = None,
) -> dict[int, T]:
    """One choice from each expected seat, nobody twice, nobody else: seat -> choice.

    `what` names the choice in the refusal ("show a card", "play a card");
    `why_not(seat)` says why a seat that entered a choice is not in it.
    """
    chosen: dict[int, T] = {}
    twice: list[str] = []
    for name, value in entries:
        seat = seat_of(players, name)
        if seat not in expected:
            raise IllegalAction(why_not(seat) if why_not else f"{name} is not in this choice now.")
        if seat in chosen:
            twice.append(name)
        chosen[seat] = value
    missing = [players[s] for s in sorted(expected) if s not in chosen]
    if twice:
        raise InvalidAction(
            sentence(f"Entered twice: {', '.join(sorted(set(twice)))}; each may {what} once.")
        )
    if missing:  # many long names would make a page: `sentence` keeps it to one line
        raise InvalidAction(sentence(f"Still to {what}: {', '.join(missing)}."))
    return chosen


def seat_of(players: Sequence[str], name: str) -> int:
    """The seat of a named player, or InvalidAction for a name not at this table."""
    try:
        return list(players).index(name)
    except ValueError:
        raise InvalidAction(f"{short_quote(name)} is not playing in this game.") from None


def short_quote(value: Hashable, limit: int = 40) -> str:
    """A user's input quoted for a message, cut short so a refusal never echoes a page."""
    text = str(value)
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")
