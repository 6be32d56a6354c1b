"""Deceptidice moves as the table says them aloud: a guess of a number or a colour ("three
sixes", "Ana two red", "I guess four blues"), with its modifier ("two less than four",
"four without red"), a straight ("five in a row with three"), a vague guess ("three of the
same number"), a power claim of a combo the table names in words ("Ana claims two pairs
value four", "claim a run of four numbers value three"), a revealed die ("Ana reveals red
four", "reveal wildcard"), the challenge ("Bo challenges", "liar"), and the loser's discard
("discard four"), and a swap where hands are closed ("Ana swaps with the draw pile",
"swap with Bo")."""

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel

from referee.core.spoken import Form, Slot, Speech, Words, number_words, phrase, words_of
from referee.games.deceptidice.guesses import NAMED_COMBOS, combo_text
from referee.games.deceptidice.material import (
    COLOURS,
    MIN_COUNT,
    NUMBER_CARDS,
    NUMBERS,
    WILD,
    colour_names,
)
from referee.games.deceptidice.model import (
    Challenge,
    ColourGuess,
    DeceptidiceGuess,
    DeceptidiceState,
    Discard,
    GuessForm,
    GuessMenu,
    NoSwap,
    NumberGuess,
    PowerCard,
    PowerClaim,
    RevealDie,
    StraightGuess,
    Swap,
    VagueGuess,
)

if TYPE_CHECKING:
    from referee.games.deceptidice.rules import DeceptidiceRules

PLURALS = {1: "ones", 2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes"}


class DeceptidiceSpeech(Speech[DeceptidiceState]):
    rules: "DeceptidiceRules"  # the rules it says, whose menu it reads

    def says(self, action: BaseModel) -> bool:
        """Number, colour, straight and vague guesses, a power claim of a combo named in
        words (SAID_COMBOS) and a die revealed (a number card or a wildcard) are said;
        other power claims, a power card revealed and a swap naming its cards are tapped.
        The tops after a challenge are said card by card as the screen's buttons ("Ana's
        top red four": ui/voice.py), since no move of them is whole until the last."""
        if isinstance(action, DeceptidiceGuess):
            guess = action.guess
            if isinstance(guess, PowerClaim):
                return (guess.card.combo, guess.card.sizes) in SAID_COMBOS
            return isinstance(guess, NumberGuess | ColourGuess | StraightGuess | VagueGuess)
        if isinstance(action, RevealDie):
            return isinstance(action.card, str)
        if isinstance(action, Swap):  # said where hands are closed: no card is named
            return action.give is None and action.take is None
        return isinstance(action, Challenge | Discard | NoSwap)

    @staticmethod
    def _counts(menu: GuessMenu, guess: Callable[[int], GuessForm]) -> Slot | None:
        top = menu.max_count
        counts = [c for c in range(MIN_COUNT, top + 1) if menu.allows(guess(c))]
        return Slot("count", tuple((number_words(c), c) for c in counts)) if counts else None

    def forms(self, state: DeceptidiceState) -> list[Form]:
        menu = self.rules.choices(state)
        if menu.actor is None:
            return []
        seat, who = menu.actor, state.players[menu.actor]
        forms: list[Form] = []
        heads = [*self.subjects(state, seat, ("guesses",), ("guess",)), self.name(state, seat), ()]
        if menu.guesses is not None:
            guesses, named = menu.guesses, colour_names(state.options.colour_names)
            said: list[tuple[Words, Callable[[int], GuessForm]]] = [
                *(((PLURALS[n],), partial(_number, n)) for n in NUMBERS),
                *((words_of(named[k]), partial(_colour, k)) for k in COLOURS),
            ]
            for tail, guess in said:
                slot = self._counts(guesses, guess)
                if slot is not None and tail:
                    build = _guessing(who, guess)
                    forms += [Form((h, slot, tail), build) for h in heads]
            forms += self._more_guesses(state, menu.guesses, heads, who)
            forms += self._claims(state, seat, menu.guesses, who)
        if menu.reveal:
            forms += self._reveals(state, seat, who)
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
            forms += self._swaps(state, seat, who)
        return forms

    def _claims(self, state: DeceptidiceState, seat: int, menu: GuessMenu, who: str) -> list[Form]:
        """Power claims of the combos named in words, each with the values the menu allows:
        "Ana claims two pairs value four"."""
        forms: list[Form] = []
        if menu.power is None:
            return forms
        heads = self.subjects(state, seat, ("claims",), ("claim",))
        least, top = menu.power, menu.max_count
        for combo, sizes in SAID_COMBOS:
            card = partial(_power_card, combo, sizes)
            values = [v for v in range(least, top + 1) if menu.allows(PowerClaim(card=card(v)))]
            if not values:
                continue
            slot = Slot("value", tuple((number_words(v), v) for v in values))
            said = words_of(combo_text(card(values[0])))
            build = lambda v, c=card, p=who: DeceptidiceGuess(  # noqa: E731
                player=p, guess=PowerClaim(card=c(v))
            )
            forms += [Form((h, said, ("value",), slot), build) for h in heads]
        return forms

    def _swaps(self, state: DeceptidiceState, seat: int, who: str) -> list[Form]:
        """A swap with the draw pile or with another player, where hands are closed (open
        hands name the cards given and taken: those are tapped)."""
        menu = self.rules.choices(state)
        if menu.identities:
            return []
        withs: list[tuple[Words, Swap]] = []
        if menu.swap_pile:
            withs.append((("the", "draw", "pile"), Swap(player=who)))
        for other in menu.partners:
            withs.append((self.name(state, other), Swap(player=who, partner=state.players[other])))
        return [
            phrase((*h, "with", *target), swap)
            for target, swap in withs
            for h in self.subjects(state, seat, ("swaps",), ("swap",))
        ]

    def _reveals(self, state: DeceptidiceState, seat: int, who: str) -> list[Form]:
        """The die turned face up, as its card: a number card in the table's colour
        names, or the wildcard; what the deck holds no copy of now is left out."""
        menu = self.rules.choices(state)
        named = colour_names(state.options.colour_names)
        said = [
            ((*words_of(named[card[0]]), *number_words(int(card[1:]))), card)
            for card in NUMBER_CARDS
        ]
        said.append((("wildcard",), WILD))
        cards = tuple(
            (words, card)
            for words, card in said
            if words and menu.card_kind_ok(card) and menu.fits([card])
        )
        if not cards:
            return []
        slot = Slot("revealed", cards)
        build = lambda card, p=who: RevealDie(player=p, card=card)  # noqa: E731
        return [
            Form((h, slot), build) for h in self.subjects(state, seat, ("reveals",), ("reveal",))
        ]

    def _more_guesses(
        self, state: DeceptidiceState, menu: GuessMenu, heads: list[Words], who: str
    ) -> list[Form]:
        """Guesses with a modifier, straights and vague guesses, where the menu has them."""
        made: list[tuple[Slot, Words, Callable[[int], DeceptidiceGuess]]] = []

        def add(tail: Words, guess: Callable[[int], GuessForm]) -> None:
            slot = self._counts(menu, guess)
            if slot is not None:
                made.append((slot, tail, _guessing(who, guess)))

        if menu.modifiers:
            for n in NUMBERS:
                add(("less", "than", *number_words(n)), partial(_less_than, n))
            names = colour_names(state.options.colour_names)
            for colour in COLOURS:
                if said := words_of(names[colour]):
                    add(("without", *said), partial(_without, colour))
        for element, _least in menu.straight:
            tail = ("in", "a", "row", "with", *number_words(element))
            add(tail, partial(_straight, element))
        if menu.vague is not None:
            kinds: tuple[Literal["number", "colour"], ...] = ("number", "colour")
            for of in kinds:
                spoken = ("color",) if of == "colour" else (of,)
                add(("of", "the", "same", *spoken), partial(_vague, of))
        return [Form((h, slot, tail), build) for slot, tail, build in made for h in heads]


# The power claims said aloud: the combos named in words, and runs of 3 to 6 numbers.
SAID_COMBOS: tuple[tuple[str, tuple[int, ...]], ...] = (
    *NAMED_COMBOS,
    *(("run", (n,)) for n in range(3, len(NUMBERS) + 1)),
)


def _power_card(combo: str, sizes: tuple[int, ...], value: int) -> PowerCard:
    return PowerCard.model_validate({"combo": combo, "sizes": sizes, "value": value})


def _guessing(who: str, guess: Callable[[int], GuessForm]) -> Callable[[int], DeceptidiceGuess]:
    return lambda count: DeceptidiceGuess(player=who, guess=guess(count))


def _number(number: int, count: int) -> GuessForm:
    return NumberGuess(count=count, number=number)


def _colour(colour: str, count: int) -> GuessForm:
    return ColourGuess(count=count, colour=colour)


def _less_than(number: int, count: int) -> GuessForm:
    return NumberGuess(count=count, number=number, less_than=True)


def _without(colour: str, count: int) -> GuessForm:
    return ColourGuess(count=count, colour=colour, without=True)


def _straight(element: int, count: int) -> GuessForm:
    return StraightGuess(count=count, element=element)


def _vague(of: Literal["number", "colour"], count: int) -> GuessForm:
    return VagueGuess(count=count, of=of)
