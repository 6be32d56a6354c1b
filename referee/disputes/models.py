"""What a table enters to settle one dispute: one frozen model per kind, told apart by `kind`.

Each model holds only the cards in question, checked against the physical deck by the
settle functions (`settle.py`), which answer with the games' own pure functions.
"""

from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter

from referee.core.values import Snapshot, Value
from referee.games.deceptidice.model import Card as DiceCard
from referee.games.deceptidice.model import GuessForm
from referee.games.faeker.deck import HAND_SIZE, MAX_BID
from referee.games.faeker.model import Card as FaekerCard
from referee.games.fairybucks.model import Item, Shown
from referee.games.faj.model import DraftCard, TrickCard

Name = Annotated[str, Field(min_length=1, max_length=24)]
FairyCard = Annotated[int, Field(ge=1, le=21, description="a charm card, 1-21")]
FairySuits = Annotated[
    str,
    Field(
        max_length=200,
        description="suits entered by hand, as in the game's setup ('1 4 7 10 13 16 19 / "
        "2 5 8 ... / 3 6 9 ...'); empty: the suits follow the numbers (1-7, 8-14, 15-21)",
    ),
]
FairyGuess = Literal["higher", "lower", "same_suit", "catch"]


# -- Fae-ker -------------------------------------------------------------------------------


class FaekerBluff(Value):
    """A bluff call: the top card, the bid called, and the bidder's hand."""

    kind: Literal["faeker_bluff"] = "faeker_bluff"
    top: FaekerCard
    bid: int = Field(ge=0, le=MAX_BID)
    hand: tuple[FaekerCard, ...] = Field(min_length=HAND_SIZE, max_length=HAND_SIZE)
    bidder: Name = "Bidder"
    caller: Name = "Caller"
    stone_circles_always_count: bool = False
    bluff_needs_exact: bool = False


class FaekerHand(Value):
    player: Name
    cards: tuple[FaekerCard, ...] = Field(min_length=HAND_SIZE, max_length=HAND_SIZE)


class FaekerShowdown(Value):
    """A showdown: the top card and 2-6 hands."""

    kind: Literal["faeker_showdown"] = "faeker_showdown"
    top: FaekerCard
    hands: tuple[FaekerHand, ...] = Field(min_length=2, max_length=6)


# -- Faces, Aces & Jokers ------------------------------------------------------------------


class FajTrump(Value):
    """Which suit is trump for this board."""

    kind: Literal["faj_trump"] = "faj_trump"
    board: tuple[TrickCard, ...] = Field(min_length=1, max_length=4)


class FajPlay(Value):
    player: Name
    card: DraftCard


class FajTrick(Value):
    """Who takes the trick: the board and each player's card."""

    kind: Literal["faj_trick"] = "faj_trick"
    board: tuple[TrickCard, ...] = Field(min_length=1, max_length=4)
    plays: tuple[FajPlay, ...] = Field(min_length=2, max_length=4)


class FajPile(Value):
    player: Name
    cards: tuple[TrickCard, ...] = Field(default=(), max_length=30)


class FajShowdown(Value):
    """The final showdown: every player's won trick cards (0-30 each, no card twice)."""

    kind: Literal["faj_showdown"] = "faj_showdown"
    piles: tuple[FajPile, ...] = Field(min_length=2, max_length=4)
    final_tie: Literal["share", "more_cards"] = "share"


# -- Fairy Bucks ---------------------------------------------------------------------------


class Bidder(Value):
    """One player in the auction: the Bucks showing before this reveal, and what they
    show now ('poof', 'none', or a Buck; leave it out for a player already Poofed)."""

    player: Name
    showing: tuple[Annotated[int, Field(ge=1, le=10)], ...] = Field(default=(), max_length=10)
    shows: Shown | None = None
    poof_spent: bool = False
    hand: tuple[Annotated[int, Field(ge=1, le=10)], ...] | None = Field(
        default=None, max_length=10, description="Bucks in hand (default: all not showing)"
    )


class FairyBucksReveal(Value):
    """A reveal: who was High Bidder after the last reveal, and what everyone shows now."""

    kind: Literal["fairybucks_reveal"] = "fairybucks_reveal"
    bidders: tuple[Bidder, ...] = Field(min_length=2, max_length=5)
    high_bidder: Name | None = None
    reveal: int = Field(2, ge=1, le=99, description="which reveal of the auction this is")
    stalled_auction: Literal["discard_lot", "first_to_total"] = "discard_lot"


class Holding(Value):
    player: Name
    hand: tuple[Annotated[int, Field(ge=1, le=10)], ...] = Field(default=(), max_length=10)
    items: tuple[Item, ...] = Field(default=(), max_length=40)


class FairyBucksFinale(Value):
    """The end: Bucks left in hand, items won, the castle item and the castle's value."""

    kind: Literal["fairybucks_finale"] = "fairybucks_finale"
    holdings: tuple[Holding, ...] = Field(min_length=2, max_length=5)
    castle_item: Item
    castle_value: int = Field(0, ge=0, le=20)


# -- Deceptidice ---------------------------------------------------------------------------


class DiceVariants(Value):
    straights: bool = False
    vague: bool = False
    power_cards: int = Field(0, ge=0, le=20)
    power_always: bool = False
    wildcards: bool = False
    introductory: bool = False


class DeceptidiceHigher(Value):
    """Is `guess` higher than `previous` (none: the round's opening guess)?"""

    kind: Literal["deceptidice_higher"] = "deceptidice_higher"
    previous: GuessForm | None = None
    guess: GuessForm
    variants: DiceVariants = DiceVariants()


class DiceTops(Value):
    player: Name
    tops: tuple[DiceCard, ...] = Field(default=(), max_length=4)


class DeceptidiceChallenge(Value):
    """A challenge: the guess, who made and who challenged it, and every die's top card."""

    kind: Literal["deceptidice_challenge"] = "deceptidice_challenge"
    guess: GuessForm
    guesser: Name
    challenger: Name
    tops: tuple[DiceTops, ...] = Field(min_length=2, max_length=8)
    variants: DiceVariants = DiceVariants()


# -- Fairy ---------------------------------------------------------------------------------


class FairyPlayerGuess(Value):
    player: Name
    guess: FairyGuess
    score: int = Field(0, ge=-4, le=200, description="the score before this turn")


class FairyGuesses(Value):
    """The top card, the card turned up, and each player's guess: the points."""

    kind: Literal["fairy_guesses"] = "fairy_guesses"
    top: FairyCard
    revealed: FairyCard
    guesses: tuple[FairyPlayerGuess, ...] = Field(min_length=1, max_length=10)
    suit_cards: FairySuits = ""


class FairyChances(Value):
    """The chances of each guess from the cards still unseen."""

    kind: Literal["fairy_chances"] = "fairy_chances"
    top: FairyCard
    seen: tuple[FairyCard, ...] = Field(default=(), max_length=20)
    suit_cards: FairySuits = ""


Dispute = Annotated[
    FaekerBluff
    | FaekerShowdown
    | FajTrump
    | FajTrick
    | FajShowdown
    | FairyBucksReveal
    | FairyBucksFinale
    | DeceptidiceHigher
    | DeceptidiceChallenge
    | FairyGuesses
    | FairyChances,
    Field(discriminator="kind"),
]
DISPUTE = TypeAdapter(Dispute)

GAME_OF = {
    "faeker_bluff": "faeker",
    "faeker_showdown": "faeker",
    "faj_trump": "faj",
    "faj_trick": "faj",
    "faj_showdown": "faj",
    "fairybucks_reveal": "fairybucks",
    "fairybucks_finale": "fairybucks",
    "deceptidice_higher": "deceptidice",
    "deceptidice_challenge": "deceptidice",
    "fairy_guesses": "fairy",
    "fairy_chances": "fairy",
}
TITLES = {
    "faeker_bluff": "A bluff call",
    "faeker_showdown": "A showdown",
    "faj_trump": "Which trump",
    "faj_trick": "Who takes the trick",
    "faj_showdown": "The final showdown",
    "fairybucks_reveal": "A reveal: High Bidder or who wins the lot",
    "fairybucks_finale": "The finale: castle and scores",
    "deceptidice_higher": "Is this guess higher?",
    "deceptidice_challenge": "A challenge: who loses",
    "fairy_guesses": "The points for each guess",
    "fairy_chances": "The chances of each guess",
}


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


def dispute_schema() -> dict:
    return DISPUTE.json_schema()
