"""Deceptidice disputes: is a guess higher, and who loses a challenge, settled by the
game's ladder and judge."""

from collections import Counter
from typing import Any, Literal

from pydantic import Field

from referee.core.dispute_kinds import (
    DisputeKind,
    GameDisputes,
    Name,
    Settled,
    settled,
    unique_names,
)
from referee.core.errors import InvalidAction
from referee.core.values import Value
from referee.core.words import amount, times
from referee.games.deceptidice import guesses, truth
from referee.games.deceptidice.material import (
    COPIES_EACH,
    MAX_DICE_PER_PLAYER,
    MAX_PLAYERS,
    MAX_POWER_CARDS,
    MIN_COUNT,
    MIN_PLAYERS,
    NUMBER_CARDS,
    WILD,
    WILDCARDS,
)
from referee.games.deceptidice.model import (
    Card,
    DeceptidiceState,
    GuessForm,
    PowerCard,
    PowerClaim,
    StraightGuess,
    VagueGuess,
)


class DiceVariants(Value):
    straights: bool = False
    vague: bool = False
    power_cards: int = Field(0, ge=0, le=MAX_POWER_CARDS)
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
    tops: tuple[Card, ...] = Field(default=(), max_length=MAX_DICE_PER_PLAYER)


class DeceptidiceChallenge(Value):
    """A challenge: the guess, who made and who challenged it, and every die's top card."""

    kind: Literal["deceptidice_challenge"] = "deceptidice_challenge"
    guess: GuessForm
    guesser: Name
    challenger: Name
    tops: tuple[DiceTops, ...] = Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)
    variants: DiceVariants = DiceVariants()


def _check_form(guess: GuessForm, v: DiceVariants) -> None:
    if isinstance(guess, StraightGuess) and not v.straights:
        raise InvalidAction("Straights are a variant: turn it on to ask about a straight.")
    if isinstance(guess, VagueGuess) and not v.vague:
        raise InvalidAction("Vague guesses are a variant: turn it on to ask about one.")
    if isinstance(guess, PowerClaim) and not v.power_cards:
        raise InvalidAction("Power claims need the power cards expansion: turn it on.")
    modifier = getattr(guess, "less_than", False) or getattr(guess, "without", False)
    if modifier and v.introductory:
        raise InvalidAction("The introductory game has no modifiers: no 'less than', no 'without'.")
    if not isinstance(guess, PowerClaim) and guess.count < MIN_COUNT:
        raise InvalidAction(guesses.no_count(guess.count))


def settle_higher(d: DeceptidiceHigher) -> Settled:
    for g in (d.previous, d.guess):
        if g is not None:
            _check_form(g, d.variants)
    higher = guesses.is_higher(d.previous, d.guess, d.variants)
    said = guesses.describe(d.guess)
    before = "the opening" if d.previous is None else guesses.describe(d.previous)
    headline = (
        f"Yes: {said} is higher than {before}"
        if higher.higher
        else f"No: {said} is not higher than {before}"
    )
    if d.previous is None:
        headline = f"Yes: {said} may open the round"
    return settled(
        d,
        headline,
        [higher.reason],
        [higher.ruling],
        facts={"higher": higher.higher},
    )


def settle_challenge(d: DeceptidiceChallenge) -> Settled:
    _check_form(d.guess, d.variants)
    names = [t.player for t in d.tops]
    unique_names(names)
    for who in (d.guesser, d.challenger):
        if who not in names:
            raise InvalidAction(f"{who} is not among the players whose dice are entered.")
    if d.guesser == d.challenger:
        raise InvalidAction("A player cannot challenge their own guess.")
    flat = [c for t in d.tops for c in t.tops]
    owners = [s for s, t in enumerate(d.tops) for _ in t.tops]
    counts = Counter(c for c in flat if not isinstance(c, PowerCard))
    for code, k in counts.items():
        if code == WILD:
            if not d.variants.wildcards:
                raise InvalidAction("A wildcard needs the wildcards expansion: turn it on.")
            if k > WILDCARDS:
                raise InvalidAction(f"The deck has only {WILDCARDS} wildcards, not {k}.")
        elif code in NUMBER_CARDS and k > COPIES_EACH:
            raise InvalidAction(
                f"The deck has each card {times(COPIES_EACH)}: "
                f"{truth.card_name(code)} {amount(k, 'times')}."
            )
    powers = [c for c in flat if isinstance(c, PowerCard)]
    if powers and len(powers) > d.variants.power_cards:
        raise InvalidAction(
            f"{len(powers)} power cards are on the dice, more than the "
            f"{d.variants.power_cards} in the deck."
        )
    guesser, challenger = names.index(d.guesser), names.index(d.challenger)
    j = truth.judge(d.guess, flat, owners, guesser)
    lost = names[truth.loser(j, guesser, challenger)]
    matched = {m.index for m in j.matches}
    lines = [f"{d.guesser} guessed {guesses.describe(d.guess)}; {d.challenger} challenged."]
    i = 0
    for t in d.tops:
        shown = []
        for card in t.tops:
            shown.append(truth.card_name(card) + (" ✓" if i in matched else ""))
            i += 1
        lines.append(f"{t.player}: {', '.join(shown) or 'no dice'}.")
    lines += j.lines
    lines.append(
        f"The guess was true, so the challenger, {d.challenger}, loses."
        if j.true
        else f"The guess was false, so {d.guesser}, who made it, loses."
    )
    return settled(
        d,
        f"{lost} loses: {truth.verdict_phrase(j, d.guess)}",
        lines,
        [*j.rulings, "DD-CHALLENGE"],
        winners=(d.challenger if not j.true else d.guesser,),
        counted=tuple(truth.card_name(flat[m.index]) for m in j.matches),
        facts={"true": j.true, "count": j.count, "needed": j.needed, "loser": lost},
    )


def prefill(state: DeceptidiceState) -> dict[str, Any]:
    r, o = state.round, state.options
    pre: dict[str, Any] = {
        "variants": {
            "straights": o.straights,
            "vague": o.vague,
            "wildcards": o.wildcards,
            "power_cards": o.power_cards,
            "power_always": o.power_always,
            "introductory": o.introductory,
        }
    }
    ladder = list(r.ladder)
    if ladder:
        pre["guess"] = ladder[-1].guess.model_dump()
        pre["guesser"] = state.players[ladder[-1].seat]
    if len(ladder) > 1:
        pre["previous"] = ladder[-2].guess.model_dump()
    if r.challenger is not None:
        pre["challenger"] = state.players[r.challenger]
    pre["kind"] = "deceptidice_challenge" if r.challenger is not None else "deceptidice_higher"
    return pre


DISPUTES = GameDisputes(
    kinds=(
        DisputeKind(
            "deceptidice_higher", "Is this guess higher?", DeceptidiceHigher, settle_higher
        ),
        DisputeKind(
            "deceptidice_challenge",
            "A challenge: who loses",
            DeceptidiceChallenge,
            settle_challenge,
        ),
    ),
    offered=("deceptidice_challenge", "deceptidice_higher"),
    prefill=prefill,
)
