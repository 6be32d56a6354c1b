"""Every game keeps the flow contract: these tests run once per game of the registry.

A test marked `per_game` is parametrized over GAMES as collected, and listed in PER_GAME
with its name, so a game registered while the suite runs (a test's own game, such as
tests/sixth_game) runs every one of them too (`per_game_tests`).
"""

import functools
import importlib
import pkgutil
from collections.abc import Callable

import pytest

from referee.games import GAMES

PER_GAME: dict[str, Callable] = {}


def per_game(test):
    """Run `test(kind, ...)` (a function, or each test of a class) for every game."""
    if isinstance(test, type):
        for name, method in vars(test).items():
            if name.startswith("test"):
                PER_GAME[f"{test.__name__}.{name}"] = functools.partial(method, test())
    else:
        PER_GAME[test.__name__] = test
    return pytest.mark.parametrize("kind", sorted(GAMES))(test)


def per_game_tests() -> dict[str, Callable]:
    """Every `per_game` test of this package: each takes `kind`, and may ask for
    `tmp_path_factory`."""
    for module in pkgutil.iter_modules(__path__):
        if module.name.startswith("test_"):
            importlib.import_module(f"{__name__}.{module.name}")
    return PER_GAME
