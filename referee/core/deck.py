"""Physical decks: how many copies of each card exist, so no entry can exceed them."""

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Generic, TypeVar

from referee.core.errors import InvalidAction

Card = TypeVar("Card", bound=Hashable)


class Deck(Generic[Card]):
    """A deck composition: card -> number of copies."""

    def __init__(self, copies: Mapping[Card, int], name: Callable[[Card], str]) -> None:
        self.copies = dict(copies)
        self.name = name

    @property
    def size(self) -> int:
        return sum(self.copies.values())

    def remaining(self, seen: Iterable[Card]) -> dict[Card, int]:
        used = Counter(seen)
        return {card: n - used.get(card, 0) for card, n in self.copies.items()}

    def verify_cards(self, seen: Iterable[Card]) -> None:
        """Raise InvalidAction if `seen` holds a card the deck lacks or too many copies."""
        used = Counter(seen)
        for card, n in used.items():
            if card not in self.copies:
                raise InvalidAction(f"There is no card {card!r} in this deck.")
            if n > self.copies[card]:
                have = self.copies[card]
                copies = "copy" if have == 1 else "copies"
                raise InvalidAction(
                    f"The deck has only {have} {copies} of {self.name(card)}, "
                    f"but {n} were entered this round."
                )
