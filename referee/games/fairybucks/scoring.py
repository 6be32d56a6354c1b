"""Item scores: values plus the bonus for each complete set of the four symbols."""

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from referee.core.words import amount
from referee.games.fairybucks.material import SET_BONUS, SYMBOLS
from referee.games.fairybucks.model import Item


@dataclass(frozen=True)
class Score:
    values: int
    sets: int
    castle: int  # the castle card's own value, when this player took it

    @property
    def total(self) -> int:
        return self.values + self.sets * SET_BONUS + self.castle

    def arithmetic(self, items: Sequence[Item]) -> str:
        parts = " + ".join(str(i.value) for i in items) or "0"
        text = f"items {parts} = {self.values}"
        if self.sets:
            text += f"; {amount(self.sets, 'complete sets')} x {SET_BONUS}"
            text += f" = {self.sets * SET_BONUS}"
        if self.castle:
            text += f"; castle card {self.castle}"
        return f"{text}; total {self.total}"


def score(items: Sequence[Item], castle_value: int = 0) -> Score:
    counts = Counter(i.symbol for i in items)
    sets = min(counts.get(s, 0) for s in SYMBOLS)
    return Score(sum(i.value for i in items), sets, castle_value)


def item_text(item: Item) -> str:
    return f"{item.value} {item.symbol}"
