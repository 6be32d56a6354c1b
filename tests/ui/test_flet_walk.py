"""ui/flet_walk.py: the faster first walk over new controls finds and prepares exactly
what Flet's own walk does, on every game's screen."""

import flet as ft
import pytest
from flet.controls import object_patch
from flet.controls.base_control import BaseControl
from flet.controls.object_patch import ObjectPatch

from referee.games import GAMES
from referee.ui import flet_walk
from tests.helpers import run_async
from tests.ui.test_stale_taps import _device, lives  # noqa: F401 - the fixture

PLAYERS = ["Ana", "Bo", "Cy", "Dee"]


def _walk(root, walker) -> list[tuple]:
    """What a first send of `root` adds, as (type, parent type, key, values)."""
    saved = object_patch.DiffBuilder._configure_dataclass
    object_patch.DiffBuilder._configure_dataclass = walker
    try:
        _patch, added, _removed = ObjectPatch.from_diff(None, root, control_cls=BaseControl)
    finally:
        object_patch.DiffBuilder._configure_dataclass = saved
    return [
        (
            type(c).__name__,
            type(c.parent).__name__ if c.parent is not None else None,
            c._values.get("key"),
            sorted(k for k in c._values if not k.startswith("on_")),
            getattr(c, "_initialized", False),
            dict(c._dirty),
        )
        for c in added
    ]


def _screens(app) -> list:
    header, body = app._game()
    return [ft.Column([header, body]), app._new_appbar()]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_fast_walk_adds_what_flets_own_walk_adds(lives, game):  # noqa: F811
    async def run():
        app, _session = _device(lives)
        app.start_game(game, PLAYERS[: GAMES[game].min_players + 1], {})
        for ours, theirs in zip(_screens(app), _screens(app), strict=True):
            assert _walk(ours, flet_walk.configure_dataclass) == _walk(theirs, flet_walk.ORIGINAL)

    run_async(run())


def test_only_the_pinned_flet_gets_the_fast_walk(monkeypatch):
    monkeypatch.setattr(object_patch.DiffBuilder, "_configure_dataclass", flet_walk.ORIGINAL)
    monkeypatch.setattr(ft, "__version__", "1.0.6")
    flet_walk.install()
    assert object_patch.DiffBuilder._configure_dataclass is flet_walk.ORIGINAL
