"""Faces, Aces & Jokers moves as the table says them aloud: the board card by card ("seven
of hearts, ten of clubs"), a draft pick ("Ana keeps queen of hearts", "Ana keeps Q
hearts") and each player's card of a trick ("Bo king of spades", "Cy black joker")."""

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from referee.core.spoken import (
    Form,
    Said,
    Slot,
    Speech,
    Words,
    label_parts,
    number_words,
    words_of,
)
from referee.games.faj.deck import (
    DRAFT_CARDS,
    HIGH_JOKER,
    JOKERS,
    SUITS,
    TRICK_CARDS,
    short,
    trick_parts,
)
from referee.games.faj.model import Board, DraftPick, FajState

if TYPE_CHECKING:
    from referee.games.faj.rules import FajRules

SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_WORDS = {
    "A": (("ace",),),
    "K": (("king",), ("k",)),
    "Q": (("queen",), ("q",)),
    "J": (("jack",), ("j",)),
}
JOKER_WORDS = {
    HIGH_JOKER: (("black", "joker"), ("high", "joker")),
    "LJ": (("red", "joker"), ("low", "joker")),
}


def card_words(card: str) -> tuple[tuple[str, ...], ...]:
    """A card of either deck in the words a table uses: 'seven of hearts', 'seven hearts',
    'queen of hearts', 'Q hearts', 'black joker'."""
    if card in JOKERS:
        return JOKER_WORDS[card]
    suit = SUIT_WORDS[card[-1]]
    ranks = RANK_WORDS.get(card[0]) or (number_words(trick_parts(card)[0]),)
    return tuple(w for r in ranks for w in ((*r, "of", suit), (*r, suit)))


# A card as a button shows it ("10♥", "black joker (high)"), longest first: "10♥" before "0♥".
_SHOWN = sorted(((short(c), c) for c in (*TRICK_CARDS, *DRAFT_CARDS)), key=lambda p: -len(p[0]))


def _cards(name: str, cards: Iterable[str]) -> Slot:
    return Slot(name, tuple((w, c) for c in cards for w in card_words(c)))


class FajSpeech(Speech[FajState]):
    rules: "FajRules"  # the rules it says, whose menu it reads

    def forms(self, state: FajState) -> list[Form]:
        menu = self.rules.choices(state)
        forms: list[Form] = []
        if menu.board_size:
            board = _cards("trick", menu.board_cards)
            parts = (board,) * menu.board_size
            build = lambda *cs: Board(cards=cs)  # noqa: E731
            forms += [
                Form(parts, build, checked=True),
                Form((("board",), *parts), build, checked=True),
            ]
        for seat, cards in menu.pickable:
            who = state.players[seat]
            slot = _cards("draft", cards)
            for verb in ("keeps", "picks"):
                forms.append(
                    Form(
                        ((*self.name(state, seat), verb), slot),
                        lambda c, p=who: DraftPick(player=p, card=c),
                    )
                )
        return forms

    def pick_words(self, state: FajState, value: Any) -> tuple[Words, ...]:
        return tuple(w for said in card_words(value) for w in (said, ("plays", *said)))

    def label_words(self, text: str) -> tuple[Said, ...]:
        """A button's name with its card said as a table says it: "Board 10♥" is "board
        ten of hearts" or "board ten hearts", and the card alone where no other button
        on screen ends with it."""
        for shown, card in _SHOWN:
            before, found, after = text.partition(shown)
            if found and not after.strip(" ()"):
                return tuple((words_of(before), said) for said in card_words(card))
            if found:
                head, tail = words_of(before), words_of(after)
                return tuple(((), (*head, *said, *tail)) for said in card_words(card))
        return label_parts(text)


assert set(SUIT_WORDS) == set(SUITS)
