"""Numbers as the table says them: a true minus sign, and units that agree with the count.

One place for these, so that verdicts, endings, the log editor and the screens never write
'1 points' or '-1' in one spot and '1 point' or '−1' in another.
"""

# Where two hands or rank lists first differ, as a player points at it ("the second card").
PLACE_WORDS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def number(n: int, sign: bool = False) -> str:
    """An integer with a true minus sign: '−4'; with `sign`, '+7' and '−1'."""
    return (f"{n:+d}" if sign else str(n)).replace("-", "−")


def amount(n: int, unit: str) -> str:
    """'1 point', '−1 point', '7 points', '1 card won': the unit's first word agrees."""
    if abs(n) == 1:
        first, _, rest = unit.partition(" ")
        unit = " ".join(filter(None, [first.removesuffix("s"), rest]))
    return f"{number(n)} {unit}"


def change_text(player: str, before: int, after: int, unit: str) -> str:
    """'Ana: 0 to 7 points (+7)'; at the floor, 'Bo stays at −4 points'."""
    if before == after:
        return f"{player} stays at {amount(after, unit)}"
    return f"{player}: {number(before)} to {amount(after, unit)} ({number(after - before, True)})"
