"""A series: several games of Fairy Bucks under one name, scores added up per player."""

from collections.abc import Iterable

from referee.games.fairybucks.model import FairyBucksState
from referee.games.fairybucks.rules import FairyBucksRules


def series_totals(rules: FairyBucksRules, states: Iterable[FairyBucksState]) -> dict[str, int]:
    """Running totals by player name, in order of first appearance (unfinished games count
    with their current scores)."""
    totals: dict[str, int] = {}
    for state in states:
        for name, sc in zip(state.players, rules.scores(state), strict=True):
            totals[name] = totals.get(name, 0) + sc.total
    return totals
