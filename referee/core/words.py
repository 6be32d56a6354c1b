"""Numbers as the table says them: a true minus sign, and units that agree with the count.

One place for these, so that verdicts, endings, the log editor and the screens never write
'1 points' or '-1' in one spot and '1 point' or '−1' in another.
"""

# Where two hands or rank lists first differ, as a player points at it ("the second card").
PLACE_WORDS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


# Small counts as a sentence spells them ("three rounds", "four suits").
COUNT_WORDS = (
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
)


def count_word(n: int) -> str:
    """'three' for 3; a count past twelve stays in figures ('21')."""
    return COUNT_WORDS[n] if 0 <= n < len(COUNT_WORDS) else str(n)


def times(n: int) -> str:
    """'once', 'twice', '3 times'."""
    return {1: "once", 2: "twice"}.get(n) or amount(n, "times")


def number(n: int, sign: bool = False) -> str:
    """An integer with a true minus sign: '−4'; with `sign`, '+7' and '−1'."""
    return (f"{n:+d}" if sign else str(n)).replace("-", "−")


# Plurals that dropping an "s" would get wrong; the others lose their "s" (or "ies" -> "y").
_SINGULAR = {"dice": "die", "fae": "fae", "times": "time", "guesses": "guess"}


def singular(noun: str) -> str:
    """'cards' -> 'card', 'dice' -> 'die', 'copies' -> 'copy', 'guesses' -> 'guess'."""
    if noun in _SINGULAR:
        return _SINGULAR[noun]
    if noun.endswith("ies"):
        return noun[:-3] + "y"
    if noun.endswith(("sses", "ches", "shes", "xes")):
        return noun[:-2]
    return noun.removesuffix("s")


def amount(n: int, unit: str, spelled: bool = False) -> str:
    """A count and its noun, which agree: '1 point', '−1 point', '7 points', '1 card won',
    '1 die', '0 cards', '1 stone circle', '1 red card'. `unit` is written in the plural
    ('cards won', 'red cards'); its first plural word agrees with `n`. Every sentence that
    counts something says it through here (a test reads the source for counts written by
    hand: tests/test_counted_nouns.py). `spelled`: the count in words ('three rounds')."""
    if abs(n) == 1:
        words = unit.split(" ")
        for i, word in enumerate(words):
            if word in _SINGULAR or word.endswith("s"):
                words[i] = singular(word)
                break
        unit = " ".join(words)
    return f"{count_word(n) if spelled else number(n)} {unit}"


def change_text(player: str, before: int, after: int, unit: str) -> str:
    """'Ana: 0 to 7 points (+7)'; at the floor, 'Bo stays at −4 points'."""
    if before == after:
        return f"{player} stays at {amount(after, unit)}"
    return f"{player}: {number(before)} to {amount(after, unit)} ({number(after - before, True)})"
