"""Fairy options, actions and state as pydantic models (frozen where they are values)."""

from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, model_validator

from referee.core.values import Snapshot, Value
from referee.core.words import PLACE_WORDS
from referee.games.fairy.deck import (
    BASE_GOAL,
    CARDS,
    FAIRIES,
    GOAL_15,
    LAST_CARD,
    MAX_PLAYERS,
    MAX_SUITS_TEXT,
    SUIT_SIZE,
    suit_ranges,
)
from referee.games.fairy.scoring import Guess as GuessName

Card = Annotated[
    int,
    Field(ge=1, le=LAST_CARD, title="Number", description=f"a charm card, 1-{LAST_CARD}"),
]
_THIRD = PLACE_WORDS[len(FAIRIES) - 1]  # the fairy that ends the base game


class FairyOptions(Value):
    variant: Literal["fairies", "fifteen"] = Field(
        "fairies",
        title="Game end",
        description=f"The base game ends after the {_THIRD} fairy "
        f"(or at once at {BASE_GOAL} points); "
        f"the {GOAL_15}-point variant ignores fairies and ends when someone reaches {GOAL_15}.",
        json_schema_extra={
            "labels": {
                "fairies": f"Base game: {_THIRD} fairy, or {BASE_GOAL} points",
                "fifteen": f"{GOAL_15}-point variant",
            }
        },
    )
    memory_aid: bool = Field(
        False,
        title="Memory aid",
        description="House option: show the cards seen so far and the exact chance of each "
        "guess. Off, the app shows only what players may see: the top card of the pile.",
    )
    suits: Literal["numbers", "by_hand"] = Field(
        "numbers",
        title="Suits",
        description="Which cards share a suit (for the same-suit guess).",
        json_schema_extra={
            "labels": {
                "numbers": f"From the numbers: {suit_ranges()}",
                "by_hand": "Entered by hand (below)",
            }
        },
    )
    suit_cards: str = Field(
        "",
        max_length=MAX_SUITS_TEXT,
        title="Suits by hand",
        description=f"Only for suits entered by hand: the {SUIT_SIZE} cards of each suit, suits "
        "separated by '/', e.g. 1 4 7 10 13 16 19 / 2 5 8 11 14 17 20 / 3 6 9 12 15 18 21.",
    )

    @model_validator(mode="before")
    @classmethod
    def _suit_cards_only_by_hand(cls, data: Any) -> Any:
        # Cards typed for suits by hand mean nothing once the table chose the usual suits;
        # what is not text at all is still refused, as the schema says.
        if (
            isinstance(data, dict)
            and data.get("suits", "numbers") == "numbers"
            and isinstance(data.get("suit_cards", ""), str)
        ):
            return {k: v for k, v in data.items() if k != "suit_cards"}
        return data


class Opening(Value):
    label: ClassVar[str] = "The opening card"
    type: Literal["opening"] = "opening"
    card: Card


class FairyGuess(Value):
    player: str
    guess: GuessName = Field(title="Guess")


class Guesses(Value):
    """Every player still playing shows one guess at once; entered together."""

    label: ClassVar[str] = "The guesses"
    type: Literal["guesses"] = "guesses"
    guesses: tuple[FairyGuess, ...] = Field(min_length=1, max_length=MAX_PLAYERS)


class FairyReveal(Value):
    label: ClassVar[str] = "The revealed card"
    type: Literal["reveal"] = "reveal"
    card: Card


FairyAction = Annotated[Opening | Guesses | FairyReveal, Field(discriminator="type")]


class Turn(Snapshot):
    """What lasts one turn: the next turn starts from a fresh Turn()."""

    guesses: tuple[tuple[int, str], ...] = ()  # (seat, guess), seat order, once locked


class FairyState(Snapshot):
    players: tuple[str, ...]
    options: FairyOptions
    suits: tuple[int, ...]  # each card's suit, indexed by card - 1
    phase: Literal["opening", "guess", "reveal", "over"] = "opening"
    scores: tuple[int, ...]
    pile: tuple[int, ...] = ()  # every card turned up, the opening card first; top last
    turns: int = 0  # turns scored so far
    turn: Turn = Turn()
    previous: tuple[str | None, ...]  # each seat's guess in the last turn (None: none)
    playing: tuple[int, ...]  # seats that guess: everyone, or the players in a play-off
    playoff: bool = False
    trigger: str = ""  # what ended the regular game, for the ending ("the third fairy")
    trigger_rulings: tuple[str, ...] = ()
    winners: tuple[int, ...] = ()
    end_reason: str = ""
    end_rulings: tuple[str, ...] = ()

    @property
    def top(self) -> int | None:
        return self.pile[-1] if self.pile else None

    @property
    def fairies_seen(self) -> int:
        return sum(1 for c in self.pile if c in FAIRIES)

    @property
    def unseen(self) -> tuple[int, ...]:
        seen = set(self.pile)
        return tuple(c for c in CARDS if c not in seen)

    @property
    def cards_left(self) -> int:
        return len(CARDS) - len(self.pile)


class FairyChoices(Snapshot):
    """What may be entered now (the flow contract's menu)."""

    cards: tuple[int, ...] = ()  # cards that may be entered as turned up (never seen yet)
    top: int | None = None  # the pile's top card the next card is compared with
    guessers: tuple[int, ...] = ()  # seats that each give one guess this turn
    guesses: tuple[GuessName, ...] = ()  # the guesses each of them may give
    # Without the memory aid, players may see only the top card: a card pad must not grey
    # out the cards seen earlier (entering one is refused, with one sentence).
    hide_seen: bool = False
