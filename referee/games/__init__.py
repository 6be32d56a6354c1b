"""One package per game: rules only, no I/O, no Flet. GAMES is the registry the app lists.

A game's package (referee.games.<kind>) holds its RULES, and its `disputes` module the
disputes a table can settle without tracking the game (DISPUTES, a GameDisputes). Both are
imported the first time they are asked for: importing them all takes time (bench/README.md),
and the first screen of a referee with no saved games needs none of them.
"""

import importlib
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from referee.core import record
from referee.core.rules import GameRules

if TYPE_CHECKING:
    from referee.core.dispute_kinds import GameDisputes

# Each game's kind, in the order the app lists the games.
_KINDS = ("faeker", "faj", "fairybucks", "fairy", "deceptidice")
# The dispute schema (`python -m referee schema`) lists the games' disputes in this order,
# as it was first published; a game added later follows them, in the order of GAMES.
_DISPUTE_ORDER = ("faeker", "faj", "fairybucks", "deceptidice", "fairy")


class _Games(Mapping[str, GameRules[Any, Any, Any]]):
    """A read-only mapping from a game's kind to its rules, imported on first use.

    `register` adds a game whose package lives elsewhere (a test's game), `unregister`
    takes it out again; `generation` changes with each, so what is built from the
    registry (the dispute catalogue) knows when to build again.
    """

    def __init__(self, kinds: tuple[str, ...]) -> None:
        self._packages = {kind: f"{__name__}.{kind}" for kind in kinds}
        self._rules: dict[str, GameRules[Any, Any, Any]] = {}
        self.generation = 0

    def __getitem__(self, kind: str) -> GameRules[Any, Any, Any]:
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
        # Mapping's own test would look the rules up, importing them just to say yes.
        return kind in self._packages

    def register(self, kind: str, package: str) -> None:
        if kind in self._packages:
            raise ValueError(f"a game {kind!r} is already registered")
        self._packages[kind] = package
        self.generation += 1

    def unregister(self, kind: str) -> None:
        del self._packages[kind]
        self._rules.pop(kind, None)
        self.generation += 1

    def disputes(self, kind: str) -> "GameDisputes":
        module = importlib.import_module(f"{self._packages[kind]}.disputes")
        disputes: GameDisputes = module.DISPUTES
        return disputes

    def dispute_order(self) -> tuple[str, ...]:
        first = [kind for kind in _DISPUTE_ORDER if kind in self._packages]
        return (*first, *(kind for kind in self._packages if kind not in first))


GAMES = _Games(_KINDS)
record.example_game = next(iter(GAMES))  # for a refusal in core (core names no game)


def rules_for(kind: str) -> GameRules[Any, Any, Any]:
    try:
        return GAMES[kind]
    except KeyError:
        from referee.core.errors import InvalidAction

        known = ", ".join(sorted(GAMES))
        raise InvalidAction(f"Unknown game {kind!r}; this referee knows: {known}.") from None
