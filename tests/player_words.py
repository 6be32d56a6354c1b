"""What no text a player reads may hold: a ruling's id (the pattern is made from every id
in the games' registry), a plural written "(s)", or words about the app's own controls (a
sentence about the game says what the table does, never which button to press)."""

import re

from referee.games import GAMES

RULING_ID = re.compile(
    r"\b("
    + "|".join(
        sorted((re.escape(i) for g in GAMES.values() for i in g.rulings.ids()), key=len)[::-1]
    )
    + r")\b"
)
# The shape of every id, so a new one is caught too: "FK-BID", "FAJ-DRAFT-LOG".
ID_SHAPE = re.compile(r"\b[A-Z]{2,4}(?:-[A-Z0-9]+)+\b")
PLURAL_BY_HAND = re.compile(r"\w\(e?s\)")
CONTROLS = re.compile(
    r"\b(?:tap|taps|tapped|tapping|click|clicks|button|buttons|screen|screens|menu|menus|"
    r"swipe|scroll|icon)\b|(?:^|\s)the \?(?:\s|$)|\bthe \? ",
    re.IGNORECASE,
)
# The words a ruling cited opens with: whose rule it is.
WHOSE = ("The printed rules", "The referee's reading (the rules are silent", "A house rule")


def slips(text: str) -> list[str]:
    """Each thing in `text` no player should read."""
    found = [f"ruling id {m.group(0)!r}" for m in RULING_ID.finditer(text)]
    if not found:
        found += [f"ruling id {m.group(0)!r}" for m in ID_SHAPE.finditer(text)]
    found += [f"plural by hand {m.group(0)!r}" for m in PLURAL_BY_HAND.finditer(text)]
    found += [f"the app's controls {m.group(0).strip()!r}" for m in CONTROLS.finditer(text)]
    return found


def cite(ruling_id: str) -> str:
    """A ruling as a verdict's Why? cites it: its title and whose rule it is."""
    book = next(g.rulings for g in GAMES.values() if ruling_id in g.rulings.ids())
    return book.cite(ruling_id)
