"""Is the challenged guess true? Judged from the top card of every die (pure functions).

`judge(guess, tops, owners, guesser, names)` returns the tops that match (a wildcard with
what it stood for), the count against COUNT, the words for the verdict and the rulings
used. Wildcards each stand for whatever the guess needs (a number 1-6 or a colour, nothing
else); power cards count as no number, colour or run.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import TypeVar

from referee.core.words import amount
from referee.games.deceptidice.guesses import DEFAULT, combo_text, describe, power_text
from referee.games.deceptidice.material import (
    COLOURS,
    NUMBERS,
    WILD,
    colour_of,
    is_number_card,
    number_of,
)
from referee.games.deceptidice.model import (
    Card,
    ColourGuess,
    GuessForm,
    NumberGuess,
    PowerCard,
    PowerClaim,
    StraightGuess,
    VagueGuess,
)

K = TypeVar("K", int, str)  # what a group is of: a number, or a colour's letter


def card_name(card: Card, names: Mapping[str, str] = DEFAULT) -> str:
    if isinstance(card, PowerCard):
        return f"power card {power_text(card)}"
    if card == WILD:
        return "wildcard"
    return f"{names[colour_of(card)]} {number_of(card)}"


@dataclass(frozen=True)
class Match:
    index: int  # into the tops judged
    stands_for: str | None = None  # what a wildcard stood for ("4", "Red")


# The working of one form of guess: the matches, what the table shows, the lines, rulings.
_Found = tuple[list[Match], str, list[str], list[str]]


@dataclass(frozen=True)
class Judgement:
    true: bool
    count: int  # matching cards (a straight: the run's length; vague: top frequency)
    needed: int
    matches: tuple[Match, ...]
    found: str  # what the table shows, in words: "2 Red cards"
    lines: tuple[str, ...]  # the working, one sentence each
    rulings: tuple[str, ...]
    honest: bool | None = None  # power claims: the claimant rolled that very card

    @property
    def wild_used(self) -> int:
        return sum(1 for m in self.matches if m.stands_for is not None)


def judge(
    guess: GuessForm,
    tops: Sequence[Card],
    owners: Sequence[int],
    guesser: int,
    names: Mapping[str, str] = DEFAULT,
) -> Judgement:
    """Judge `guess` (made by seat `guesser`) against `tops`, owned by `owners` (parallel)."""
    if isinstance(guess, PowerClaim):
        return _power(guess, tops, owners, guesser, names)
    if isinstance(guess, NumberGuess):
        result = _number(guess, tops, names)
    elif isinstance(guess, ColourGuess):
        result = _colour(guess, tops, names)
    elif isinstance(guess, StraightGuess):
        result = _straight(guess, tops, names)
    else:
        result = _vague(guess, tops, names)
    matches, found, lines, rulings = result
    count = _count(guess, matches)
    rulings = list(rulings)
    if any(m.stands_for is not None for m in matches):
        rulings += ["DD-WILD", "DD-WILD-STANDS"]
    if any(isinstance(c, PowerCard) for c in tops):
        rulings.append("DD-POWER-NONE")
        lines = [*lines, "Power cards on the table count as no number, colour or run."]
    true = count >= guess.count
    lines = [
        *lines,
        f"{count} matching against the {guess.count} guessed: the guess needs at least "
        f"{guess.count}, so it is {'true' if true else 'false'}.",
    ]
    return Judgement(
        true=true,
        count=count,
        needed=guess.count,
        matches=tuple(matches),
        found=found,
        lines=tuple(lines),
        rulings=tuple(dict.fromkeys(["DD-GUESS", *rulings])),
    )


def _count(guess: GuessForm, matches: Sequence[Match]) -> int:
    return len(matches)


def _wilds(tops: Sequence[Card]) -> list[int]:
    return [i for i, c in enumerate(tops) if c == WILD]


def _listing(tops: Sequence[Card], matches: Sequence[Match], names: Mapping[str, str]) -> str:
    if not matches:
        return "none"
    parts = []
    for m in matches:
        if m.stands_for is not None:
            parts.append(f"wildcard as {m.stands_for}")
        else:
            parts.append(card_name(tops[m.index], names))
    return ", ".join(parts)


def _number(guess: NumberGuess, tops: Sequence[Card], names: Mapping[str, str]) -> _Found:
    n = guess.number
    if guess.less_than:
        real = [i for i, c in enumerate(tops) if is_number_card(c) and number_of(c) < n]
        wild_as = f"a number below {n}"
        wild = [] if n == 1 else _wilds(tops)  # no number is below 1: no wildcard can be
        what = amount(len(real) + len(wild), "cards") + f" below {n}"
        rulings = ["DD-LESS-THAN"]
    else:
        real = [i for i, c in enumerate(tops) if is_number_card(c) and number_of(c) == n]
        wild_as = str(n)
        wild = _wilds(tops)
        what = amount(len(real) + len(wild), "cards") + f" with a {n}"
        rulings = []
    matches = [Match(i) for i in real] + [Match(i, wild_as) for i in wild]
    lines = [f"Matching tops: {_listing(tops, matches, names)}."]
    return matches, what, lines, rulings


def _colour(guess: ColourGuess, tops: Sequence[Card], names: Mapping[str, str]) -> _Found:
    name = names[guess.colour]
    wild = _wilds(tops)
    if guess.without:
        real = [i for i, c in enumerate(tops) if is_number_card(c) and colour_of(c) != guess.colour]
        wild_as = f"a colour other than {name}"
        what = amount(len(real) + len(wild), "cards") + f" without {name}"
        rulings = ["DD-WITHOUT"]
    else:
        real = [i for i, c in enumerate(tops) if is_number_card(c) and colour_of(c) == guess.colour]
        wild_as = name
        total = len(real) + len(wild)
        what = f"{total} {name} {amount(total, 'cards').partition(' ')[2]}"
        rulings = []
    matches = [Match(i) for i in real] + [Match(i, wild_as) for i in wild]
    lines = [f"Matching tops: {_listing(tops, matches, names)}."]
    return matches, what, lines, rulings


def _straight(guess: StraightGuess, tops: Sequence[Card], names: Mapping[str, str]) -> _Found:
    e = guess.element
    by_number: dict[int, list[int]] = {}
    for i, c in enumerate(tops):
        if is_number_card(c):
            by_number.setdefault(number_of(c), []).append(i)
    wild = _wilds(tops)
    best: tuple[int, int, int, int] | None = None  # (length, -wildcards used, lo, hi)
    for lo in range(1, e + 1):
        for hi in range(e, len(NUMBERS) + 1):
            missing = sum(1 for n in range(lo, hi + 1) if n not in by_number)
            if missing <= len(wild):
                key = (hi - lo + 1, -missing, lo, hi)
                if best is None or key > best:
                    best = key
    matches: list[Match] = []
    if best is None:
        what = f"no run including {e}"
        lines = [f"No {e} on the table and no wildcard to stand for it."]
        return matches, what, lines, ["DD-STRAIGHT"]
    _, _, lo, hi = best
    spare = iter(wild)
    for n in range(lo, hi + 1):
        if n in by_number:
            matches.append(Match(by_number[n][0]))
        else:
            matches.append(Match(next(spare), str(n)))
    run = "-".join(str(n) for n in range(lo, hi + 1))
    what = f"a run of {hi - lo + 1} including {e} ({run})"
    lines = [
        f"Longest run of different numbers in order that includes {e}: {run}, "
        f"from {_listing(tops, matches, names)}."
    ]
    return matches, what, lines, ["DD-STRAIGHT"]


def _vague(guess: VagueGuess, tops: Sequence[Card], names: Mapping[str, str]) -> _Found:
    if guess.of == "number":
        return _most_alike(guess, tops, names, NUMBERS, number_of, str)
    return _most_alike(guess, tops, names, COLOURS, colour_of, names.__getitem__)


def _most_alike(
    guess: VagueGuess,
    tops: Sequence[Card],
    names: Mapping[str, str],
    keys: Sequence[K],
    key_of: Callable[[str], K],
    label: Callable[[K], str],
) -> _Found:
    """A vague guess judged over one kind of group: the numbers, or the colours."""
    wild = _wilds(tops)
    groups = {
        k: [i for i, c in enumerate(tops) if is_number_card(c) and key_of(c) == k] for k in keys
    }
    most = max(len(v) for v in groups.values())
    leaders = [k for k in keys if len(groups[k]) == most]
    pick = leaders[-1]  # any leader gives the same count; show the highest
    matches = [Match(i) for i in groups[pick]] + [Match(i, label(pick)) for i in wild]
    count = len(matches)
    what = f"{count} of the same {guess.of} ({label(pick)})"
    others = [label(k) for k in leaders if k != pick]
    tie = f" ({', '.join(others)} as often)" if others and most else ""
    frequency = ", ".join(f"{label(k)} ×{len(groups[k])}" for k in keys if groups[k]) or "none"
    lines = [
        f"How often each {guess.of} shows: {frequency}.",
        f"Most frequent: {label(pick)}{tie}; with wildcards: {_listing(tops, matches, names)}.",
    ]
    return matches, what, lines, ["DD-VAGUE"]


# -- power claims ----------------------------------------------------------------------


def _power(
    guess: PowerClaim,
    tops: Sequence[Card],
    owners: Sequence[int],
    guesser: int,
    names: Mapping[str, str],
) -> Judgement:
    card = guess.card
    needed = sum(card.sizes)
    own = [i for i, (c, o) in enumerate(zip(tops, owners, strict=True)) if o == guesser]
    holding = [i for i in own if tops[i] == card]
    rulings = ["DD-POWER-HONEST"]
    if not holding:
        mine = ", ".join(card_name(tops[i], names) for i in own) or "no dice"
        return Judgement(
            true=False,
            count=0,
            needed=needed,
            matches=(),
            found=f"no power card {power_text(card)} on the claimant's own dice",
            lines=(
                f"The claimant's tops: {mine}.",
                f"None of them is the power card {power_text(card)}, so the claim "
                "loses whatever the table shows.",
            ),
            rulings=tuple(rulings),
            honest=False,
        )
    matches, short_by = _combo(card, tops, names)
    true = short_by == 0
    count = needed - short_by
    rulings += ["DD-POWER-ENTRY", "DD-POWER-NONE"]
    if any(m.stands_for is not None for m in matches):
        rulings += ["DD-WILD", "DD-WILD-STANDS"]
    lines = [
        f"The claimant rolled the power card {power_text(card)}: the claim is honest.",
        f"The combo, {combo_text(card)}, on the table: {_listing(tops, matches, names)}.",
        "Power cards count as no number, colour or run.",
        f"{count} of the {amount(needed, 'cards')} the combo needs: the claim is "
        f"{'true' if true else 'false'}.",
    ]
    found = (
        f"{combo_text(card)} is on the table"
        if true
        else f"{combo_text(card)} is {amount(short_by, 'cards')} short"
    )
    return Judgement(
        true=true,
        count=count,
        needed=needed,
        matches=tuple(matches),
        found=found,
        lines=tuple(lines),
        rulings=tuple(dict.fromkeys(rulings)),
        honest=True,
    )


def _combo(
    card: PowerCard, tops: Sequence[Card], names: Mapping[str, str]
) -> tuple[list[Match], int]:
    """The best way the table makes the combo: the cards used and how many it lacks."""
    wild = _wilds(tops)
    if card.combo == "run":
        length = card.sizes[0]
        by_number: dict[int, list[int]] = {}
        for i, c in enumerate(tops):
            if is_number_card(c):
                by_number.setdefault(number_of(c), []).append(i)
        best: tuple[int, list[int]] | None = None
        for lo in NUMBERS[: len(NUMBERS) - length + 1]:  # the lows a run of `length` fits on
            missing = [n for n in range(lo, lo + length) if n not in by_number]
            if best is None or len(missing) < len(best[1]):
                best = (lo, missing)
        assert best is not None  # a run of a power card fits on the numbers at least once
        lo, missing = best
        spare = iter(wild)
        matches = []
        short_by = 0
        for n in range(lo, lo + length):
            if n in by_number:
                matches.append(Match(by_number[n][0]))
            else:
                w = next(spare, None)
                if w is None:
                    short_by += 1
                else:
                    matches.append(Match(w, str(n)))
        return matches, short_by
    if card.combo == "numbers":
        return _groups(card, tops, wild, NUMBERS, number_of, str)
    return _groups(card, tops, wild, COLOURS, colour_of, names.__getitem__)


def _groups(
    card: PowerCard,
    tops: Sequence[Card],
    wild: list[int],
    keys: Sequence[K],
    key_of: Callable[[str], K],
    label: Callable[[K], str],
) -> tuple[list[Match], int]:
    """A combo of groups made on the table, each of one number or each of one colour."""
    groups = {
        k: [i for i, c in enumerate(tops) if is_number_card(c) and key_of(c) == k] for k in keys
    }
    best_keys: tuple[K, ...] = ()  # set by the first arrangement: there is always one
    best_deficit: int | None = None
    for chosen in permutations(keys, len(card.sizes)):
        deficit = sum(max(0, s - len(groups[k])) for s, k in zip(card.sizes, chosen, strict=True))
        if best_deficit is None or deficit < best_deficit:
            best_keys, best_deficit = chosen, deficit
    spare = iter(wild)
    matches = []
    short_by = 0
    for size, k in zip(card.sizes, best_keys, strict=True):
        real = groups[k][:size]
        matches += [Match(i) for i in real]
        for _ in range(size - len(real)):
            w = next(spare, None)
            if w is None:
                short_by += 1
            else:
                matches.append(Match(w, label(k)))
    return matches, short_by


def loser(judgement: Judgement, guesser: int, challenger: int) -> int:
    """Who loses the challenge: the challenger when the guess was true, else the guesser."""
    return challenger if judgement.true else guesser


def verdict_phrase(
    judgement: Judgement, guess: GuessForm, names: Mapping[str, str] = DEFAULT
) -> str:
    """The second half of a headline, as a player says it: 'there are only 2 Red cards,
    fewer than the 3 guessed' or 'there are 4 Red cards, so the guess holds'."""
    if isinstance(guess, PowerClaim):
        if not judgement.honest:
            return f"they did not roll the power card {power_text(guess.card)}"
        return judgement.found
    if isinstance(guess, VagueGuess) and judgement.count == 0:  # only power cards are up
        return f"no {guess.of} shows at all, fewer than the {guess.count} guessed"
    found = judgement.found
    if found.startswith("0 "):
        found = f"no {found[2:]}"
    be = "is" if found.startswith(("1 ", "a ", "an ", "no run")) else "are"
    if judgement.true:
        return f"there {be} {found}, so the guess holds"
    only = "" if found.startswith("no ") else "only "
    return f"there {be} {only}{found}, fewer than the {guess.count} guessed"


__all__ = ["Judgement", "Match", "card_name", "describe", "judge", "loser", "verdict_phrase"]
