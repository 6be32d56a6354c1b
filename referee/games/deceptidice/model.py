"""Deceptidice options, guesses, actions, state and the menu of legal choices."""

from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, ClassVar, Literal

from pydantic import Field, field_validator, model_validator

from referee.core.values import Snapshot, Value
from referee.core.words import amount
from referee.games.deceptidice.material import (
    COLOURS,
    LONGEST_RUN,
    MAX_COUNT,
    MAX_DICE_ON_TABLE,
    MAX_DICE_PER_PLAYER,
    MAX_PLAYERS,
    MAX_POWER_CARDS,
    MIN_RUN,
    NUMBER_CARDS,
    NUMBERS,
    START_CARDS,
    WILD,
    WILDCARDS,
    table_names,
)

Number = Annotated[
    int, Field(ge=1, le=len(NUMBERS), description=f"a card number, 1-{len(NUMBERS)}")
]
if TYPE_CHECKING:
    # A Literal of a tuple's values checks each code at runtime (pydantic), but a type
    # checker takes a Literal's values only as written out: to it, a code is a str.
    Colour = str
    CardCode = str
else:
    Colour = Literal[COLOURS]
    CardCode = Literal[(*NUMBER_CARDS, WILD)]
Count = Annotated[int, Field(ge=0, le=MAX_COUNT, description="how many cards (COUNT)")]


class DeceptidiceOptions(Value):
    first_liar: int = Field(
        0,
        ge=0,
        title="First Liar",
        description="The player who guesses first in the first round.",
        json_schema_extra={"seat": True},
    )
    straights: bool = Field(
        False,
        title="Straights",
        description="Variant: guess a run of numbers in order, such as 4 in a row including 3.",
    )
    vague: bool = Field(
        False,
        title="Vague guesses",
        description="Variant: guess how many cards are of the same number or of the same colour, "
        "without saying which.",
    )
    wildcards: bool = Field(
        False,
        title="Wildcards",
        description=f"Expansion: {WILDCARDS} wildcards in the deck; each matches whatever the "
        "challenged guess needs.",
    )
    power_cards: int = Field(
        0,
        ge=0,
        le=MAX_POWER_CARDS,
        title="Power cards in the deck",
        description="Expansion: how many power cards were shuffled in (0: not played).",
    )
    power_always: bool = Field(
        False,
        title="Power claims always allowed",
        description="House option: a power claim is higher than any ordinary guess "
        "(normally its value must beat how many that guess named).",
    )
    introductory: bool = Field(
        False,
        title="Introductory game",
        description="No modifiers: no 'less than' and no 'without'.",
    )
    swap: Literal["off", "draw_pile", "another_player"] = Field(
        "off",
        title="Loser swaps a card",
        description="Variant: after discarding, the round's loser may swap one card.",
        json_schema_extra={
            "labels": {
                "off": "No swap",
                "draw_pile": "With the draw pile",
                "another_player": "With another player",
            }
        },
    )
    open_hands: bool = Field(
        False,
        title="Open hands",
        description="Variant: everyone shows their starting cards; swaps name the cards.",
    )
    reveal_dice: bool = Field(
        False,
        title="Reveal one die per turn",
        description="Variant: on your turn, first reveal one of your dice not yet revealed.",
    )
    colour_names: str = Field(
        "",
        max_length=80,
        title="Colour names",
        description="Optional: your deck's names for the colours, in the order Red, Blue, "
        "Green, Yellow, separated by commas; a blank place keeps the usual name.",
    )


class PowerCard(Value):
    """A power card as printed: a combo and its value. The combo is groups of one number
    each (sizes, e.g. 2+2 for two pairs), groups of one colour each, or a run of numbers."""

    combo: Literal["numbers", "colours", "run"]
    sizes: tuple[int, ...] = Field(min_length=1, max_length=len(NUMBERS))
    value: int = Field(ge=1, le=MAX_COUNT)

    @field_validator("sizes")
    @classmethod
    def _largest_first(cls, sizes: tuple[int, ...]) -> tuple[int, ...]:
        if any(not 1 <= s <= MAX_DICE_ON_TABLE for s in sizes):
            raise ValueError(f"each group holds 1 to {MAX_DICE_ON_TABLE} cards")
        return tuple(sorted(sizes, reverse=True))

    @model_validator(mode="after")
    def _shape(self) -> "PowerCard":
        run = len(self.sizes) == 1 and MIN_RUN <= self.sizes[0] <= LONGEST_RUN
        if self.combo == "run" and not run:
            raise ValueError(f"a run is one length from {MIN_RUN} to {LONGEST_RUN}")
        if self.combo == "colours" and len(self.sizes) > len(COLOURS):
            raise ValueError(f"there are only {amount(len(COLOURS), 'colours')} to make groups of")
        return self


Card = CardCode | PowerCard


class NumberGuess(Value):
    form: Literal["number"] = "number"
    count: Count
    number: Number
    less_than: bool = False


class ColourGuess(Value):
    form: Literal["colour"] = "colour"
    count: Count
    colour: Colour
    without: bool = False


class StraightGuess(Value):
    form: Literal["straight"] = "straight"
    count: Count
    element: Number


class VagueGuess(Value):
    form: Literal["vague"] = "vague"
    count: Count
    of: Literal["number", "colour"]


class PowerClaim(Value):
    form: Literal["power"] = "power"
    card: PowerCard


GuessForm = Annotated[
    NumberGuess | ColourGuess | StraightGuess | VagueGuess | PowerClaim,
    Field(discriminator="form"),
]


class DeceptidiceGuess(Value):
    label: ClassVar[str] = "A guess"
    type: Literal["guess"] = "guess"
    player: str
    guess: GuessForm


class Challenge(Value):
    label: ClassVar[str] = "A challenge"
    type: Literal["challenge"] = "challenge"
    player: str


class RevealDie(Value):
    """Reveal-one-die variant: the player to act turns one die face up before guessing."""

    label: ClassVar[str] = "A revealed die"
    type: Literal["reveal"] = "reveal"
    player: str
    card: Card


class DieTops(Value):
    player: str
    cards: tuple[Card, ...] = Field(max_length=MAX_DICE_PER_PLAYER)


class Tops(Value):
    """After a challenge: the top card of every die not yet revealed, player by player."""

    label: ClassVar[str] = "The top cards"
    type: Literal["tops"] = "tops"
    tops: tuple[DieTops, ...] = Field(min_length=1, max_length=MAX_PLAYERS)


class Discard(Value):
    label: ClassVar[str] = "A discarded die"
    type: Literal["discard"] = "discard"
    player: str
    size: int = Field(ge=1, le=START_CARDS)


class Swap(Value):
    """Swap variant: the loser swaps one card with the draw pile, or with `partner`. The
    cards are named only when hands are open."""

    label: ClassVar[str] = "A swap"
    type: Literal["swap"] = "swap"
    player: str
    partner: str | None = None
    give: Card | None = None
    take: Card | None = None


class NoSwap(Value):
    label: ClassVar[str] = "Keeping the cards"
    type: Literal["no_swap"] = "no_swap"
    player: str


# The actions a player takes by name: all but the tops, which the table enters.
PlayerAction = DeceptidiceGuess | Challenge | RevealDie | Discard | Swap | NoSwap

DeceptidiceAction = Annotated[
    DeceptidiceGuess | Challenge | RevealDie | Tops | Discard | Swap | NoSwap,
    Field(discriminator="type"),
]


class LadderEntry(Snapshot):
    """One guess of the round, as the ladder shows it."""

    seat: int
    guess: GuessForm


class RoundState(Snapshot):
    """Everything that lasts one round: a new round starts from RoundState.fresh()."""

    liar: int
    turn: int | None
    ladder: tuple[LadderEntry, ...] = ()
    revealed: tuple[tuple[Card, ...], ...]  # per seat: tops revealed during the round
    turn_revealed: bool = False  # the player to act has revealed this turn
    challenger: int | None = None
    tops: tuple[tuple[Card, ...], ...] = ()  # per seat, every die, once entered
    loser: int | None = None

    @classmethod
    def fresh(cls, players: int, liar: int) -> "RoundState":
        return cls(liar=liar, turn=liar, revealed=((),) * players)

    @property
    def last(self) -> LadderEntry | None:
        return self.ladder[-1] if self.ladder else None

    @property
    def seen(self) -> list[Card]:
        """Cards face up this round: revealed dice, then every top entered."""
        if self.tops:
            return [c for tops in self.tops for c in tops]
        return [c for tops in self.revealed for c in tops]


class DeceptidiceState(Snapshot):
    players: tuple[str, ...]
    options: DeceptidiceOptions
    start: int  # cards dealt to each player
    dice: int  # dice each player makes every round
    cards: tuple[int, ...]  # cards held, per seat
    discarded: tuple[tuple[int, ...], ...]  # sizes of the dice each seat discarded
    draw_pile: int
    number: int = 1  # the round
    phase: Literal["guessing", "tops", "discard", "swap", "over"] = "guessing"
    round: RoundState
    swaps: int = 0
    winners: tuple[int, ...] = ()  # once over: every game's state says who won

    @property
    def dice_in_play(self) -> int:
        return self.dice * len(self.players)


def has_modifier(guess: GuessForm) -> bool:
    return bool(getattr(guess, "less_than", False) or getattr(guess, "without", False))


class GuessMenu(Snapshot):
    """The least COUNT (a power claim: value) that is higher than the last guess, per form;
    None where the form is not played or nothing up to the cap is higher."""

    specific: int | None  # a number or a colour, with or without a modifier
    straight: tuple[tuple[int, int], ...] = ()  # (ELEMENT, least COUNT) per element
    vague: int | None = None
    power: int | None = None
    modifiers: bool = True
    max_count: int = MAX_COUNT

    def least(self, guess: GuessForm) -> int | None:
        if isinstance(guess, NumberGuess | ColourGuess):
            return self.specific
        if isinstance(guess, StraightGuess):
            return dict(self.straight).get(guess.element)
        if isinstance(guess, VagueGuess):
            return self.vague
        return self.power

    def allows(self, guess: GuessForm) -> bool:
        if not self.modifiers and has_modifier(guess):
            return False
        least = self.least(guess)
        amount = guess.card.value if isinstance(guess, PowerClaim) else guess.count
        return least is not None and least <= amount <= self.max_count

    @property
    def any(self) -> bool:
        return any(v is not None for v in (self.specific, self.vague, self.power)) or bool(
            self.straight
        )


class DeceptidiceChoices(Snapshot):
    """What may be entered now (the flow contract's menu)."""

    actor: int | None = None  # whose turn it is (guessing, discarding, swapping)
    reveal: bool = False  # the actor must reveal a die before guessing
    guesses: GuessMenu | None = None  # guesses the actor may make now
    challenge: bool = False  # the actor may challenge the last guess
    tops: tuple[tuple[int, int], ...] = ()  # (seat, top cards it enters) after a challenge
    cards_left: tuple[tuple[str, int], ...] = ()  # unseen copies of each card this round
    power_left: int = 0  # power cards that may still turn up this round
    power_seen: tuple[PowerCard, ...] = ()  # power cards already face up this round
    sizes: tuple[int, ...] = ()  # die sizes the loser may discard
    swap_pile: bool = False  # the loser may swap with the draw pile
    partners: tuple[int, ...] = ()  # seats the loser may swap with
    identities: bool = False  # a swap names the cards given and taken (open hands)
    wildcards: bool = False  # wildcards are in this deck
    power_cards: bool = False  # power cards are in this deck

    def card_kind_ok(self, card: Card) -> bool:
        """Whether the card exists in this deck at all."""
        if isinstance(card, PowerCard):
            return self.power_cards
        return card != WILD or self.wildcards

    def fits(self, cards: Sequence[Card]) -> bool:
        """Whether these cards can all turn up now, besides those already face up."""
        left = dict(self.cards_left)
        power = [c for c in cards if isinstance(c, PowerCard)]
        if len(power) > self.power_left or len(set(power)) != len(power):
            return False
        if any(p in self.power_seen for p in power):
            return False
        plain = [c for c in cards if not isinstance(c, PowerCard)]
        return all(plain.count(c) <= left.get(c, 0) for c in set(plain))


def names_of(state: DeceptidiceState) -> dict[str, str]:
    """The table's colour names (colour letter -> name)."""
    return table_names(state.options.colour_names)
