"""Fairy Bucks moves as the table says them aloud: a lot item by item ("seven moon, three
sun, twelve star"), the castle item, and each player's shown Buck ("Bo shows seven",
"Ana poof", "Cy nothing")."""

from typing import TYPE_CHECKING, Any

from referee.core.spoken import Form, Slot, Speech, Words, number_words, words_of
from referee.games.fairybucks.material import NOT_A_BUCK, SYMBOLS
from referee.games.fairybucks.model import FairyBucksState, Finale, Item, Lot

if TYPE_CHECKING:
    from referee.games.fairybucks.rules import FairyBucksRules


class FairyBucksSpeech(Speech[FairyBucksState]):
    rules: "FairyBucksRules"  # the rules it says, whose menu it reads

    def forms(self, state: FairyBucksState) -> list[Form]:
        menu = self.rules.choices(state)
        if not menu.item_values:
            return []
        items = Slot(
            "item",
            tuple(
                ((*number_words(v), s), Item(value=v, symbol=s))
                for v in menu.item_values
                for s in SYMBOLS
            ),
        )
        forms = [
            Form((("lot",), *[items] * size), lambda *i: Lot(items=i), checked=True)
            for size in menu.lot_sizes
        ]
        forms += [
            Form((*[items] * size,), lambda *i: Lot(items=i), checked=True)
            for size in menu.lot_sizes
        ]
        if menu.finale:
            for lead in (("castle",), ("castle", "item")):
                forms.append(Form((lead, items), lambda i: Finale(castle_item=i)))
        return forms

    def pick_words(self, state: FairyBucksState, value: Any) -> tuple[Words, ...]:
        said: Words
        if value in NOT_A_BUCK and isinstance(value, str):
            said = words_of(NOT_A_BUCK[value])  # "Poof!", "nothing"
        else:
            said = number_words(value)
        return (said, ("shows", *said))
