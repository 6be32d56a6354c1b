"""What a hand counts for a bid, and how hands rank in a showdown (pure functions)."""

from collections.abc import Sequence
from dataclasses import dataclass

from referee.core.words import PLACE_WORDS, amount
from referee.games.faeker.deck import HIGHEST, LOW_TOPS, MIN_RUN, NUMBERS, STONE, card_name


@dataclass(frozen=True)
class Count:
    total: int
    counted: tuple[int, ...]  # the cards that made the count, as held
    explanation: str
    ruling: str


def describe_target(top: int, stones_always_count: bool = False) -> tuple[str, str]:
    """What the bids of a round count, in words, and the ruling that says so."""
    if top == STONE:
        return (
            "the longest run of consecutive numbers (each stone circle fills one gap; "
            f"a run needs {MIN_RUN} cards)",
            "FK-COUNT-RUN",
        )
    if top in LOW_TOPS:
        stones = (
            " (every stone circle counts too)"
            if stones_always_count
            else " (a stone circle equals the top card, so it does not count)"
        )
        return f"cards higher than {top}{stones}", "FK-COUNT-LOW"
    stones = " (a stone circle counts as equal)"
    return f"cards of {top} or higher{stones}", "FK-COUNT-HIGH"


def count_hand(top: int, hand: Sequence[int], stones_always_count: bool = False) -> Count:
    if top == STONE:
        return _longest_run(hand)
    stones = [c for c in hand if c == STONE]
    if top in LOW_TOPS:
        numbers = tuple(c for c in hand if c != STONE and c > top)
        stone_counts = stones_always_count
        ruling = "FK-COUNT-LOW"
        rule = f"higher than {top}"
    else:
        numbers = tuple(c for c in hand if c != STONE and c >= top)
        stone_counts = True
        ruling = "FK-COUNT-HIGH"
        rule = f"{top} or higher"
    counted = numbers + (tuple(stones) if stone_counts else ())
    parts = [f"{amount(len(numbers), 'cards')} {rule}"]
    if stones:
        if stone_counts:
            why = "always counts" if top in LOW_TOPS else f"equals the {top}"
            parts.append(f"{amount(len(stones), 'stone circles')} ({why})")
        else:
            said = amount(len(stones), "stone circles")
            parts.append(f"{said} not counted (equal to the {top})")
    return Count(len(counted), counted, "; ".join(parts), ruling)


def _longest_run(hand: Sequence[int]) -> Count:
    numbers = {c for c in hand if c != STONE}
    wild = sum(1 for c in hand if c == STONE)
    best: tuple[int, int] | None = None  # (low, high) of the longest window
    for low in NUMBERS:
        for high in range(low, HIGHEST + 1):
            gaps = sum(1 for n in range(low, high + 1) if n not in numbers)
            if gaps <= wild and (best is None or high - low > best[1] - best[0]):
                best = (low, high)
    if best is None or best[1] - best[0] + 1 < MIN_RUN:
        return Count(0, (), f"no run of {MIN_RUN} or more consecutive numbers", "FK-COUNT-RUN")
    low, high = best
    run = [n for n in range(low, high + 1)]
    filled = [n for n in run if n not in numbers]
    counted = tuple(n for n in run if n in numbers) + (STONE,) * len(filled)
    text = "run " + "-".join(str(n) for n in run)
    if filled:
        text += " (stone circle as " + ", ".join(str(n) for n in filled) + ")"
    return Count(len(run), counted, text, "FK-COUNT-RUN")


def showdown_key(top: int, hand: Sequence[int]) -> tuple[int, ...]:
    """Hand strength: cards high to low, a stone circle ranking as the top card (0 if stone)."""
    stone_rank = STONE if top == STONE else top
    return tuple(sorted((stone_rank if c == STONE else c for c in hand), reverse=True))


def describe_key(top: int, hand: Sequence[int]) -> str:
    key = showdown_key(top, hand)
    stones = sum(1 for c in hand if c == STONE)
    text = "-".join(str(k) for k in key)
    if stones:
        text += f" (stone circle ranks {STONE if top == STONE else top})"
    return text


def first_difference(a: Sequence[int], b: Sequence[int]) -> int | None:
    for i, (x, y) in enumerate(zip(a, b, strict=True)):
        if x != y:
            return i
    return None


def why_beats(winner: str, loser: str, best: Sequence[int], key: Sequence[int]) -> str:
    """'Di beats Bo on the second card (the ones above are equal): 5 against 4.'"""
    i = first_difference(best, key)
    assert i is not None  # asked only of a hand the winner's beats
    where = "highest card" if i == 0 else f"{PLACE_WORDS[i]} card (the ones above are equal)"
    return f"{winner} beats {loser} on the {where}: {best[i]} against {key[i]}."


def hand_text(hand: Sequence[int]) -> str:
    return ", ".join(card_name(c) for c in sorted(hand, key=lambda c: (c == STONE, c)))


def showdown_words(winners: list[str], fae: int) -> tuple[str, str, list[str]]:
    """The headline, the line saying who takes what, and the rulings of a showdown won by
    `winners` (more than one: identical hands share it), for the tracked game and for a
    dispute alike."""
    who = " and ".join(winners)
    if len(winners) > 1:
        return (
            f"Showdown tied: {who} each take {fae} fae",
            f"Identical hands: each takes the top card's {fae} fae.",
            ["FK-SHOWDOWN-RANK", "FK-SHOWDOWN-TIE"],
        )
    return (
        f"{who} wins the showdown",
        f"{who} takes the top card's {fae} fae.",
        ["FK-SHOWDOWN-RANK"],
    )
