"""What a game tells the shared dispute code (its package's `disputes.DISPUTES`), and what
settling one dispute answers.

A game's disputes module holds one frozen model per kind, told apart by `kind`, and a
settle function per kind that answers with the game's own pure functions. Nothing here
knows a game: the catalogue (`referee/disputes/models.py`) puts the games' kinds together
from the registry.
"""

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any

from pydantic import Field

from referee.core.errors import InvalidAction
from referee.core.values import Snapshot, Value

# A player's name as a dispute enters it: shorter than a record's, it is typed at the table.
Name = Annotated[str, Field(min_length=1, max_length=24)]


class Settled(Snapshot):
    """A settled dispute: the headline a player would say, then the working and rulings."""

    kind: str
    game: str
    headline: str
    details: tuple[str, ...] = ()
    rulings: tuple[str, ...] = ()
    winners: tuple[str, ...] = ()  # who the verdict goes to (a loser's opponent, a taker)
    counted: tuple[str, ...] = ()  # the cards that made the count or the hand
    facts: dict[str, Any] = {}  # the numbers, per kind (JSON)


@dataclass(frozen=True)
class DisputeKind:
    """One kind of dispute: its `kind` in the JSON, the title a table picks it by, the model
    of what is entered, and the function that settles it."""

    kind: str
    title: str
    model: type[Value]
    settle: Callable[[Any], Settled]


def _nothing_known(state: Any) -> dict[str, Any]:
    return {}


@dataclass(frozen=True)
class GameDisputes:
    """A game's disputes.

    `kinds` come in the order the dispute schema lists them (and `parse` names them);
    `offered` is the order the dispute screen offers them (empty: as `kinds`).
    `prefill(state)` is what a game in progress already knows for the screen: its entries'
    starting values and, under "kind", the dispute its position is about.
    """

    kinds: tuple[DisputeKind, ...]
    offered: tuple[str, ...] = ()
    prefill: Callable[[Any], dict[str, Any]] = field(default=_nothing_known)

    def __post_init__(self) -> None:
        names = [k.kind for k in self.kinds]
        if sorted(self.offered) not in ([], sorted(names)):
            raise ValueError(f"offered {self.offered} must list the kinds {names} once each")

    @property
    def order(self) -> tuple[str, ...]:
        return self.offered or tuple(k.kind for k in self.kinds)


def unique_names(names: Sequence[str]) -> None:
    seen = Counter(n.casefold() for n in names)
    twice = [n for n in names if seen[n.casefold()] > 1]
    if twice:
        raise InvalidAction(f"Two players are both called {twice[0]!r}: give each a name.")


def settled(
    dispute: Any, headline: str, details: Iterable[str], rulings: Iterable[str], **more: Any
) -> Settled:
    """The answer to `dispute`: the rulings once each, in the order first cited. Its game
    is the catalogue's to name (`referee.disputes.settle`): here no game is known."""
    return Settled(
        kind=dispute.kind,
        game="",
        headline=headline,
        details=tuple(details),
        rulings=tuple(dict.fromkeys(rulings)),
        **more,
    )
