"""A series: several games under one name, each player's points added up."""

from collections.abc import Iterable
from typing import Any

from referee.core.rules import GameRules


def series_totals(rules: GameRules[Any, Any, Any], states: Iterable[Any]) -> dict[str, int]:
    """Running totals by player name, in order of first appearance (unfinished games count
    with their current points)."""
    totals: dict[str, int] = {}
    for state in states:
        for name, points in zip(state.players, rules.points(state), strict=True):
            totals[name] = totals.get(name, 0) + points
    return totals
