"""One package per game: rules only, no I/O, no Flet. GAMES is the registry the app lists.

A game's rules are imported the first time GAMES is asked for them: together they take about
100 ms to import, and the first screen of a referee with no saved games needs none of them.
"""

import importlib
from collections.abc import Iterator, Mapping

from referee.core.rules import GameRules

# Each game's kind, in the order the app lists the games; its package (referee.games.<kind>)
# holds its RULES.
_KINDS = ("faeker", "faj", "fairybucks", "fairy", "deceptidice")


class _Games(Mapping[str, GameRules]):
    """A read-only mapping from a game's kind to its rules, imported on first use."""

    def __init__(self, kinds: tuple[str, ...]) -> None:
        self._kinds = kinds
        self._rules: dict[str, GameRules] = {}

    def __getitem__(self, kind: str) -> GameRules:
        rules = self._rules.get(kind)
        if rules is None:
            if kind not in self._kinds:
                raise KeyError(kind)
            rules = importlib.import_module(f"{__name__}.{kind}").RULES
            self._rules[kind] = rules
        return rules

    def __iter__(self) -> Iterator[str]:
        return iter(self._kinds)

    def __len__(self) -> int:
        return len(self._kinds)

    def __contains__(self, kind: object) -> bool:
        # Mapping's own test would look the rules up, importing them just to say yes.
        return kind in self._kinds


GAMES: Mapping[str, GameRules] = _Games(_KINDS)


def rules_for(kind: str) -> GameRules:
    try:
        return GAMES[kind]
    except KeyError:
        from referee.core.errors import InvalidAction

        known = ", ".join(sorted(GAMES))
        raise InvalidAction(f"Unknown game {kind!r}; this referee knows: {known}.") from None
