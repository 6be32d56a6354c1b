"""An action as a player says it ("Bo passes", "Ana shows 5, 3, 1", "Cy plays 7♣"), for the
log's line of each action and the log editor's check of a change.

The words are each game's own (`GameRules.said`); what is shared is only how two of them
compare: an edit that changes one part of an action (one player's card of a trick) is said
as that part, before and after ("Ana's card: A♣ → A♦"), and one that changes what kind of
action it was as the whole line ("Bo passes → Bo bids 4").
"""

import re

from referee.core.values import Snapshot

ARROW = "→"


class Said(Snapshot):
    """`line`: the whole action in words. `parts`: what a fix may change in it, each named
    as the table names it (("Ana's card", "A♣"), ("Bo's card", "K♦")); () for an action
    with nothing to change but itself (a pass)."""

    line: str
    parts: tuple[tuple[str, str], ...] = ()


def change_text(before: Said, after: Said) -> str:
    """The change from one action to another as a player checks it: the parts that
    differ, when both actions have the same parts (in any order); else the whole line,
    before and after."""
    old, new = dict(before.parts), dict(after.parts)
    if old and set(old) == set(new):
        changed = [
            f"{name}: {old[name]} {ARROW} {new[name]}" for name in old if old[name] != new[name]
        ]
        if changed:
            return "; ".join(changed)
    if before.line == after.line:
        return f"{before.line} (unchanged)"
    return f"{before.line} {ARROW} {after.line}"


def _plain(text: str) -> str:
    return re.sub(r"[^\w♠♥♦♣]+", " ", text).strip().casefold()


def restates(headline: str, line: str) -> bool:
    """Whether a verdict's headline only says the action again ("Bo bids 4." under "Bo
    bids 4", "Ana keeps Q♠ (pick 1 of 4)" under "Ana keeps Q♠"): the log then shows the
    action's line alone, and the verdict where it said something of its own."""
    said, told = _plain(line), _plain(headline)
    return told == said or told.startswith(said + " ")
