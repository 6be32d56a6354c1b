"""Fairy moves as the table says them aloud: each player's guess ("Ana higher", "Bo same
suit", "Cy fairy") and the card turned up ("card fourteen", "the card is fourteen")."""

from referee.core.spoken import Form, Slot, Speech, number_words
from referee.games.fairy.model import FairyReveal, Opening

GUESS_WORDS = {
    "higher": (("higher",), ("goes", "higher")),
    "lower": (("lower",), ("goes", "lower")),
    "same_suit": (("same", "suit"),),
    "catch": (("catch",), ("fairy",), ("catch", "a", "fairy")),
}


class FairySpeech(Speech):
    def forms(self, state) -> list[Form]:
        menu = self.rules.choices(state)
        if not menu.cards:
            return []
        make = Opening if state.phase == "opening" else FairyReveal
        cards = Slot("card", tuple((number_words(c), c) for c in menu.cards))
        leads = (("the", "card", "is"), ("card",))  # never alone: "undo" is heard as "two"
        return [Form((lead, cards), lambda c: make(card=c)) for lead in leads]

    def pick_words(self, state, value):
        return GUESS_WORDS[value]
