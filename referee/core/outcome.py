"""How a game ended: winners, places with ties, and why (one type for every game)."""

from collections.abc import Sequence
from typing import Any

from referee.core.values import Snapshot


def places(strengths: Sequence[Any]) -> tuple[int, ...]:
    """Competition ranking per seat, higher strength first: equal strengths share a place
    and the next place skips (1, 2, 2, 4), as in every game of this referee."""
    return tuple(1 + sum(1 for other in strengths if other > mine) for mine in strengths)


def names_text(names: Sequence[str]) -> str:
    """'Ana', 'Ana and Bo', 'Ana, Bo and Cy'."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def win_text(names: Sequence[str]) -> str:
    """'Ana wins' or 'Ana and Bo share the win'."""
    return f"{names_text(names)} {'share the win' if len(names) > 1 else 'wins'}"


class Outcome(Snapshot):
    """The end of a game: the table reads `headline` first, then `reason`."""

    winners: tuple[int, ...]
    places: tuple[int, ...]  # per seat, 1-based; shared places repeat
    headline: str  # "Ana wins with 12 cubes"
    reason: str  # why, in a sentence or two
    rulings: tuple[str, ...]
    # Per seat, what decided its place, said after the name on its place's line: the
    # points, cubes or cards a game ranks by, or the poker hand ("two pair, 10s and 5s").
    decided: tuple[str, ...]

    @property
    def shared(self) -> bool:
        return len(self.winners) > 1

    def standings(self) -> list[tuple[int, int]]:
        """(place, seat) best first; seats sharing a place keep seat order."""
        return sorted((p, s) for s, p in enumerate(self.places))


class Standing(Snapshot):
    """What the store keeps after every change to a game, so that the games list and the
    statistics never replay it: its line in the list, each seat's points, and each seat's
    place once the game is over (None while it goes on)."""

    summary: str
    points: tuple[int, ...]
    places: tuple[int, ...] | None = None

    @property
    def finished(self) -> bool:
        return self.places is not None
