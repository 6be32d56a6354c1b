"""Every count agrees with its noun ("1 card", never "1 cards"): sentences say counts
through `core.words.amount`, and none writes a plural by hand after a number it does not
know. Two checks: the source (any f-string "{n} cards"), and the text of random play of
every game (verdicts, status lines, what the screens say)."""

import ast
import itertools
import re
from pathlib import Path

import pytest

from referee.core.words import amount

SOURCE = Path(__file__).resolve().parents[1] / "referee"
# Nouns a sentence counts; an f-string "{n} <noun>" is a count written by hand.
COUNTED = (
    "actions|Bucks|cards|characters|colours|copies|cubes|dice|digits|files|games|"
    "items|lots|numbers|players|points|pts|rounds|times|tricks|turns|values|"
    "wildcards"
)
BY_HAND = re.compile(rf"^\)?\s*({COUNTED})\b")
HAND_PLURAL = re.compile(r"""\{'e?s' if [^}]*\}|\{"e?s" if [^}]*\}""")
# A number fixed in the code is never 1: "{MAX_PLAYERS} players" needs no agreement.
CONSTANT = re.compile(r"^[A-Z][A-Z0-9_]*$")
# Values that are not counts: a signed average ("+0.80 points on average"),
# and a list of counts ("3, 2, 2, 2 cards"), plural whatever its last number.
NOT_COUNTS = {"odds.points(odds.expected_points(best, ch[best]))", "sizes_list(sizes)"}
# "1 cards", but not the end of a list ("4 dice: 2, 2, 1, 1 cards").
SLIP = re.compile(rf"(?<![\d.,])(?<!, )[−-]?1 ({COUNTED})\b")


def counts_by_hand(path: Path) -> list[str]:
    found = []
    tree = ast.parse(path.read_text(), str(path))
    for node in ast.walk(tree):
        if not isinstance(node, ast.JoinedStr):
            continue
        parts = node.values
        for value, after in itertools.pairwise(parts):
            if not (isinstance(value, ast.FormattedValue) and isinstance(after, ast.Constant)):
                continue
            said = ast.unparse(value.value)
            if CONSTANT.match(said.split(".")[-1]) or not isinstance(after.value, str):
                continue
            if said in NOT_COUNTS or _grouped(value):
                continue
            if BY_HAND.match(after.value):
                found.append(
                    f"{path.relative_to(SOURCE.parent)}:{node.lineno}: {{{said}}}{after.value[:20]}"
                )
    for n, line in enumerate(path.read_text().splitlines(), 1):
        if HAND_PLURAL.search(line):
            found.append(f"{path.relative_to(SOURCE.parent)}:{n}: {line.strip()}")
    return found


def _grouped(value: ast.FormattedValue) -> bool:
    """A count written with thousands separators ("{n:,} digits") is one of a limit's
    thousands, never 1."""
    spec = value.format_spec
    return spec is not None and "," in ast.unparse(spec)


def test_no_sentence_writes_a_counted_plural_by_hand():
    found = [
        hit
        for path in sorted(SOURCE.rglob("*.py"))
        if path.name != "confusables_data.py"
        for hit in counts_by_hand(path)
    ]
    assert not found, "counts written by hand; say them with core.words.amount:\n" + "\n".join(
        found
    )


@pytest.mark.parametrize(
    ("n", "unit", "said"),
    [
        (1, "cards", "1 card"),
        (0, "cards", "0 cards"),
        (2, "cards", "2 cards"),
        (-1, "points", "−1 point"),
        (1, "dice", "1 die"),
        (3, "dice", "3 dice"),
        (1, "copies", "1 copy"),
        (1, "guesses", "1 guess"),
        (1, "cards won", "1 card won"),
        (1, "Bucks", "1 Buck"),
    ],
)
def test_a_count_agrees_with_its_noun(n, unit, said):
    assert amount(n, unit) == said
