"""Deceptidice moves as the table says them aloud: a guess of a number or a colour ("three
sixes", "Ana two red", "I guess four blues"), the challenge ("Bo challenges", "liar"), and
the loser's discard ("discard four")."""

from typing import TYPE_CHECKING

from pydantic import BaseModel

from referee.core.spoken import Form, Slot, Speech, number_words, phrase, words_of
from referee.games.deceptidice.material import COLOURS, NUMBERS, colour_names
from referee.games.deceptidice.model import (
    Challenge,
    ColourGuess,
    DeceptidiceGuess,
    DeceptidiceState,
    Discard,
    NoSwap,
    NumberGuess,
)

if TYPE_CHECKING:
    from referee.games.deceptidice.rules import DeceptidiceRules

PLURALS = {1: "ones", 2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes"}


class DeceptidiceSpeech(Speech[DeceptidiceState]):
    rules: "DeceptidiceRules"  # the rules it says, whose menu it reads

    def says(self, action: BaseModel) -> bool:
        """Plain number and colour guesses are said; a guess with a modifier, a straight,
        a vague guess, a power claim, a revealed die, the tops and a swap are tapped."""
        if isinstance(action, DeceptidiceGuess):
            guess = action.guess
            plain = not (getattr(guess, "less_than", False) or getattr(guess, "without", False))
            return isinstance(guess, NumberGuess | ColourGuess) and plain
        return isinstance(action, Challenge | Discard | NoSwap)

    def forms(self, state: DeceptidiceState) -> list[Form]:
        menu = self.rules.choices(state)
        if menu.actor is None:
            return []
        seat, who = menu.actor, state.players[menu.actor]
        forms: list[Form] = []
        heads = [*self.subjects(state, seat, ("guesses",), ("guess",)), self.name(state, seat), ()]
        if menu.guesses is not None:
            top = menu.guesses.max_count
            for n in NUMBERS:
                counts = [
                    c
                    for c in range(1, top + 1)
                    if menu.guesses.allows(NumberGuess(count=c, number=n))
                ]
                if counts:
                    slot = Slot("count", tuple((number_words(c), c) for c in counts))
                    forms += [
                        Form(
                            (h, slot, (PLURALS[n],)),
                            lambda c, n=n, p=who: DeceptidiceGuess(
                                player=p, guess=NumberGuess(count=c, number=n)
                            ),
                        )
                        for h in heads
                    ]
            names = colour_names(state.options.colour_names)
            for colour in COLOURS:
                said = words_of(names[colour])
                counts = [
                    c
                    for c in range(1, top + 1)
                    if menu.guesses.allows(ColourGuess(count=c, colour=colour))
                ]
                if counts and said:
                    slot = Slot("count", tuple((number_words(c), c) for c in counts))
                    forms += [
                        Form(
                            (h, slot, said),
                            lambda c, k=colour, p=who: DeceptidiceGuess(
                                player=p, guess=ColourGuess(count=c, colour=k)
                            ),
                        )
                        for h in heads
                    ]
        if menu.challenge:
            forms += [
                phrase(h, Challenge(player=who))
                for h in self.subjects(state, seat, ("challenges",), ("challenge",))
            ]
            forms.append(phrase("liar", Challenge(player=who)))
        if menu.sizes:
            slot = Slot("size", tuple((number_words(s), s) for s in menu.sizes))
            forms += [
                Form((h, slot), lambda s, p=who: Discard(player=p, size=s))
                for h in self.subjects(state, seat, ("discards",), ("discard",))
            ]
        if state.phase == "swap":
            forms += [
                phrase(h, NoSwap(player=who))
                for h in self.subjects(
                    state, seat, ("keeps", "the", "cards"), ("keep", "the", "cards")
                )
            ]
            forms.append(phrase("no swap", NoSwap(player=who)))
        return forms
