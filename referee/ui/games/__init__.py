"""The views' registry: what each game of referee.games shows on screen.

A game's screens live in its package here (referee.ui.games.<kind>): `view.VIEW`, its
table, and `disputes.FORM`, the entry of its disputes on the dispute screen. Each is
imported the first time it is asked for, so the first screen loads no game. The games are
those of the games' registry; a game whose screens live elsewhere (a test's game) is
registered with its package.
"""

import importlib
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

from referee.games import GAMES

if TYPE_CHECKING:
    from referee.ui.dispute_form import DisputeForm
    from referee.ui.game_view import GameView

_packages: dict[str, str] = {}


def register(kind: str, package: str) -> None:
    _packages[kind] = package


def unregister(kind: str) -> None:
    del _packages[kind]


def _part(kind: str, module: str, name: str):
    if kind not in GAMES:
        raise KeyError(kind)
    package = _packages.get(kind, f"{__name__}.{kind}")
    return getattr(importlib.import_module(f"{package}.{module}"), name)


class _Part(Mapping[str, type]):
    """A game's class of one part of its screens, by the game's kind, imported on first use."""

    def __init__(self, module: str, name: str) -> None:
        self._module, self._name = module, name

    def __getitem__(self, kind: str) -> type:
        return _part(kind, self._module, self._name)

    def __iter__(self) -> Iterator[str]:
        return iter(GAMES)

    def __len__(self) -> int:
        return len(GAMES)

    def __contains__(self, kind: object) -> bool:
        return kind in GAMES


VIEWS: "Mapping[str, type[GameView]]" = _Part("view", "VIEW")
FORMS: "Mapping[str, type[DisputeForm]]" = _Part("disputes", "FORM")
