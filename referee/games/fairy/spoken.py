"""Fairy moves as the table says them aloud: each player's guess ("Ana higher", "Bo same
suit", "Cy fairy") and the card turned up ("card fourteen", "the card is fourteen")."""

from typing import TYPE_CHECKING, Any

from referee.core.spoken import Form, Slot, Speech, Words, number_words
from referee.games.fairy.model import FairyReveal, FairyState, Opening
from referee.games.fairy.scoring import GUESSES

if TYPE_CHECKING:
    from referee.games.fairy.rules import FairyRules

HIGHER, LOWER, SAME_SUIT, CATCH = GUESSES
# A guess's own name is a word said for it ("higher"), with the table's other ways.
GUESS_WORDS = {
    HIGHER: ((HIGHER,), ("goes", HIGHER)),
    LOWER: ((LOWER,), ("goes", LOWER)),
    SAME_SUIT: (tuple(SAME_SUIT.split("_")),),
    CATCH: ((CATCH,), ("fairy",), (CATCH, "a", "fairy")),
}


class FairySpeech(Speech[FairyState]):
    rules: "FairyRules"  # the rules it says, whose menu it reads

    def forms(self, state: FairyState) -> list[Form]:
        menu = self.rules.choices(state)
        if not menu.cards:
            return []
        make = Opening if state.phase == "opening" else FairyReveal
        cards = Slot("card", tuple((number_words(c), c) for c in menu.cards))
        leads = (("the", "card", "is"), ("card",))  # never alone: "undo" is heard as "two"
        return [Form((lead, cards), lambda c: make(card=c)) for lead in leads]

    def pick_words(self, state: FairyState, value: Any) -> tuple[Words, ...]:
        return GUESS_WORDS[value]
