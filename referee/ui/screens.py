"""The screens beyond home (a game, a new game, disputes, the log editor, standings),
imported when first used: the first page is drawn without them, and referee.cli imports
them (and every game's rules) right after it, before anyone can tap their way there."""

import importlib
import sys

NAMES = ("disputes", "log_editor", "new_game", "standings", "views")


def __getattr__(name: str):
    if name not in NAMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = importlib.import_module(f"referee.ui.{name}")
    setattr(sys.modules[__name__], name, module)
    return module


def load_all() -> None:
    from referee.games import GAMES

    for name in NAMES:
        __getattr__(name)
    for kind in GAMES:
        _ = GAMES[kind]
