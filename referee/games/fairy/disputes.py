"""Fairy disputes: the points for each guess, and the chances of each guess from the cards
still unseen, settled by the game's scoring and odds."""

from typing import Annotated, Any, Literal

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
from referee.core.words import amount
from referee.games.fairy import RULES, odds, scoring
from referee.games.fairy.deck import (
    CARDS,
    FLOOR,
    LAST_CARD,
    MAX_PLAYERS,
    MAX_SUITS_TEXT,
    NUMBER_SUITS,
    card_text,
    parse_suits,
    suit_ranges,
)
from referee.games.fairy.model import FairyState
from referee.games.fairy.scoring import Guess

# The dispute schema has said a card this way since it was published: without the record's
# title "Number", so the same range is kept here rather than the model's Card.
FairyCard = Annotated[int, Field(ge=1, le=LAST_CARD, description=f"a charm card, 1-{LAST_CARD}")]
FairySuits = Annotated[
    str,
    Field(
        max_length=MAX_SUITS_TEXT,
        description="suits entered by hand, as in the game's setup ('1 4 7 10 13 16 19 / "
        f"2 5 8 ... / 3 6 9 ...'); empty: the suits follow the numbers ({suit_ranges()})",
    ),
]


class FairyPlayerGuess(Value):
    player: Name
    guess: Guess
    score: int = Field(0, ge=FLOOR, le=200, description="the score before this turn")


class FairyGuesses(Value):
    """The top card, the card turned up, and each player's guess: the points."""

    kind: Literal["fairy_guesses"] = "fairy_guesses"
    top: FairyCard
    revealed: FairyCard
    guesses: tuple[FairyPlayerGuess, ...] = Field(min_length=1, max_length=MAX_PLAYERS)
    suit_cards: FairySuits = ""


class FairyChances(Value):
    """The chances of each guess from the cards still unseen."""

    kind: Literal["fairy_chances"] = "fairy_chances"
    top: FairyCard
    seen: tuple[FairyCard, ...] = Field(default=(), max_length=len(CARDS) - 1)  # all but the top
    suit_cards: FairySuits = ""


def _suits(d: FairyGuesses | FairyChances) -> tuple[tuple[int, ...], str]:
    """The suits the dispute's table plays with, and the ruling that says so."""
    if d.suit_cards.strip():
        return parse_suits(d.suit_cards), "FY-SUITS-HAND"
    return NUMBER_SUITS, "FY-SUITS"


def settle_guesses(d: FairyGuesses) -> Settled:
    if d.top == d.revealed:
        raise InvalidAction(f"Card {d.top} exists once: it cannot be both on top and revealed.")
    unique_names([g.player for g in d.guesses])
    suits, suit_ruling = _suits(d)
    came = scoring.what_came(d.top, d.revealed, suits)
    lines = [
        f"On the pile {card_text(d.top, suits)}, turned up {card_text(d.revealed, suits)}: "
        "right were " + (", ".join(scoring.GUESS_NAMES[g] for g in came) or "none") + "."
    ]
    rulings = ["FY-SCORE"]
    if any(g.guess == scoring.SAME_SUIT for g in d.guesses):
        rulings.append(suit_ruling)
    points = {}
    for g in d.guesses:
        s = scoring.score_guess(d.top, d.revealed, g.guess, g.score, suits)
        name = scoring.GUESS_NAMES[g.guess]
        if s.floored:
            rulings.append("FY-FLOOR")
            lines.append(
                f"{g.player}: {name} is wrong, but {g.score} is the floor: stays at {s.after}."
            )
        else:
            lines.append(
                f"{g.player}: {name} is {'right' if s.right else 'wrong'}: "
                f"{g.score} {s.nominal:+d} = {s.after}."
            )
        points[g.player] = s.points
    right = [g.player for g in d.guesses if scoring.is_right(d.top, d.revealed, g.guess, suits)]
    return settled(
        d,
        scoring.reveal_headline(d.top, d.revealed, right, len(d.guesses), suits),
        lines,
        rulings,
        winners=tuple(right),
        counted=(str(d.revealed),),
        facts={"points": points, "right": list(came)},
    )


def settle_chances(d: FairyChances) -> Settled:
    seen = [d.top, *d.seen]
    if len(set(seen)) != len(seen):
        twice = next(c for c in seen if seen.count(c) > 1)
        raise InvalidAction(f"Card {twice} is entered twice: each card exists once.")
    unseen = [c for c in CARDS if c not in seen]
    if not unseen:
        raise InvalidAction("Every card is seen: nothing is left to turn up.")
    suits, suit_ruling = _suits(d)
    ch = odds.chances(d.top, unseen, suits)
    best = max(ch, key=lambda g: odds.expected_points(g, ch[g]))
    lines = [f"{amount(len(unseen), 'cards')} unseen; top card {card_text(d.top, suits)}."]
    lines += [f"{scoring.GUESS_NAMES[g]}: {odds.formula(g, ch[g])}" for g in ch]
    return settled(
        d,
        f"{scoring.GUESS_NAMES[best].capitalize()} is the best guess now: "
        f"{odds.points(odds.expected_points(best, ch[best]))} points on average, "
        f"right {odds.percent(ch[best])} of the time",
        lines,
        ["FY-MEMORY-AID", suit_ruling],
        facts={g: f"{c.numerator}/{c.denominator}" for g, c in ch.items()},
    )


def prefill(state: FairyState) -> dict[str, Any]:
    pre: dict[str, Any] = {"top": state.top, "scores": list(state.scores)}
    if RULES.earlier_cards_visible(state):  # FY-HIDDEN
        pre["seen"] = list(state.pile[:-1])
    if state.options.suits == "by_hand":
        pre["suit_cards"] = state.options.suit_cards
    pre["kind"] = "fairy_guesses"
    return pre


DISPUTES = GameDisputes(
    kinds=(
        DisputeKind("fairy_guesses", "The points for each guess", FairyGuesses, settle_guesses),
        DisputeKind("fairy_chances", "The chances of each guess", FairyChances, settle_chances),
    ),
    prefill=prefill,
)
