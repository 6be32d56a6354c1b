"""Every screen of the app, one class in one module each, by the route that shows it. A
screen with much to show is a package: its screen (screen.py) beside the widgets only it
shows.

Only the home screen is imported with the app: the first page is drawn without the others,
and referee.cli imports them (and every game's rules) right after it, before anyone can
tap their way there.
"""

import importlib

from referee.ui.routes import DRAWN_BY, Route

# route.screen -> (module under referee.ui.screens, class)
SCREENS = {
    "home": ("home", "HomeScreen"),
    "new": ("new_game", "NewGameScreen"),
    "stats": ("stats", "StatsScreen"),
    "settings": ("settings", "SettingsScreen"),
    "game": ("game", "GameScreen"),
    "log": ("log", "LogScreen"),
    "fix": ("log.fix", "FixScreen"),
    "standings": ("standings", "StandingsScreen"),
    "rules": ("rulebook", "RulesScreen"),
    "walk": ("walk", "WalkScreen"),
    "settle": ("settle", "SettleScreen"),
}


def screen_class(name: str) -> type:
    """The class of the screen `name`, or of the screen that draws it (routes.DRAWN_BY)."""
    module, cls = SCREENS[DRAWN_BY.get(name, name)]
    return getattr(importlib.import_module(f"{__name__}.{module}"), cls)


def make(shell, route: Route):
    return screen_class(route.screen)(shell, route)


def load_all() -> None:
    from referee.games import GAMES
    from referee.ui.games import VIEWS

    for name in SCREENS:
        screen_class(name)
    for kind in GAMES:
        _ = GAMES[kind], VIEWS[kind]
