"""One package per game: rules only, no I/O, no Flet. GAMES is the registry the app lists.

A game's rules are imported the first time GAMES is asked for them: together they take about
100 ms to import, and the first screen of a referee with no saved games needs none of them.
"""

import importlib
from collections.abc import Iterator, Mapping

from referee.core.rules import GameRules

# Each game's package (which holds its RULES), in the order the app lists the games.
_PACKAGES = {
    "faeker": "referee.games.faeker",
    "faj": "referee.games.faj",
    "fairybucks": "referee.games.fairybucks",
    "fairy": "referee.games.fairy",
    "deceptidice": "referee.games.deceptidice",
}


class _Games(Mapping[str, GameRules]):
    """A read-only mapping from a game's kind to its rules, imported on first use."""

    def __init__(self, packages: dict[str, str]) -> None:
        self._packages = packages
        self._rules: dict[str, GameRules] = {}

    def __getitem__(self, kind: str) -> GameRules:
        rules = self._rules.get(kind)
        if rules is None:
            rules = importlib.import_module(self._packages[kind]).RULES
            self._rules[kind] = rules
        return rules

    def __iter__(self) -> Iterator[str]:
        return iter(self._packages)

    def __len__(self) -> int:
        return len(self._packages)

    def __contains__(self, kind: object) -> bool:
        return kind in self._packages


GAMES: Mapping[str, GameRules] = _Games(_PACKAGES)


def rules_for(kind: str) -> GameRules:
    try:
        return GAMES[kind]
    except KeyError:
        from referee.core.errors import InvalidAction

        known = ", ".join(sorted(GAMES))
        raise InvalidAction(f"Unknown game {kind!r}; this referee knows: {known}.") from None
