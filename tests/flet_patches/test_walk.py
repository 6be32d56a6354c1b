"""flet_patches/tree_walk.py: the faster first walk over new controls finds and prepares exactly
what Flet's own walk does, on every game's screen, and the walk over controls taken away
finds what Flet's finds."""

import dataclasses

import flet as ft
import msgpack
import pytest
from flet.controls import object_patch
from flet.controls.base_control import BaseControl
from flet.controls.object_patch import ObjectPatch

from referee.flet_patches import tree_walk as flet_walk
from referee.games import GAMES
from referee.ui.routes import HOME
from referee.ui.screens import screen_class
from tests.flet_patches.insides import ENCODE
from tests.helpers import run_async
from tests.ui.devices import controls, device

PLAYERS = ["Ana", "Bo", "Cy", "Dee"]


def _objects(root) -> list:
    """Every dataclass in the tree under `root` (controls and values), each once, depth
    first in field order."""
    seen: set[int] = set()
    found: list = []

    def visit(value) -> None:
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            if id(value) not in seen:
                seen.add(id(value))
                found.append(value)
                for f in dataclasses.fields(value):
                    if not f.metadata.get("skip", False):
                        visit(getattr(value, f.name))
        elif isinstance(value, (list, tuple)):
            for item in value:
                visit(item)
        elif isinstance(value, dict):
            for item in value.values():
                visit(item)

    visit(root)
    return found


def _walk(root, walker) -> dict:
    """What a first send of `root` leaves behind: which controls it adds, in order, and
    for every dataclass in the tree its parent (by place), frozen flag, pending changes,
    and whether it was built and tracked."""
    saved = object_patch.DiffBuilder._configure_dataclass
    object_patch.DiffBuilder._configure_dataclass = walker
    try:
        _patch, added, _removed = ObjectPatch.from_diff(None, root, control_cls=BaseControl)
    finally:
        object_patch.DiffBuilder._configure_dataclass = saved
    objects = _objects(root)
    place = {id(o): i for i, o in enumerate(objects)}

    def parent(o):
        ref = getattr(o, "_parent", None)
        shown = ref() if ref is not None else None
        return None if shown is None else place.get(id(shown), "outside")

    return {
        "added": [place[id(c)] for c in added],
        "objects": [
            (
                type(o).__name__,
                parent(o),
                getattr(o, "_frozen", None),
                dict(getattr(o, "_dirty", None) or {}),
                getattr(o, "_initialized", False),
                hasattr(o, "__changes"),
            )
            for o in objects
        ],
    }


def _screens(app) -> list:
    header, body = app.top.parts()
    home = screen_class("home")(app, HOME)
    return [ft.Column([header, body]), app.top.appbar(), home.body()]


def _same_walk(app) -> None:
    for ours, theirs in zip(_screens(app), _screens(app), strict=True):
        assert _walk(ours, flet_walk.configure_dataclass) == _walk(theirs, flet_walk.ORIGINAL)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_fast_walk_leaves_what_flets_own_walk_leaves(lives, game):
    async def run():
        app, _session = device(lives)
        app.games.start_game(game, PLAYERS[: GAMES[game].min_players + 1], {})
        _same_walk(app)

    run_async(run())


def test_the_same_on_a_hand_being_picked(lives):
    async def run():
        app, _session = device(lives)
        app.games.start_game("faeker", PLAYERS[:3], {})
        for action in ({"type": "top_card", "card": 4}, {"type": "showdown", "player": "Bo"}):
            app.game.play(app.game.rules.parse_action(action))
        for card in (4, 7):
            app.top.view.picker._add(card)
        _same_walk(app)

    run_async(run())


def _a_list_in(screen) -> list:
    """A list of controls in `screen` (a column's, or an app bar's actions)."""
    for control in controls(screen):
        for name in ("controls", "actions"):
            items = getattr(control, name, None)
            if isinstance(items, list) and items:
                return items
    raise LookupError("no list of controls")


def _removed_by(walker, root, recurse: bool) -> list[int]:
    """The controls a walk finds under `root` taken off the screen, in order, by id."""
    saved = object_patch.DiffBuilder._removed_controls
    object_patch.DiffBuilder._removed_controls = walker
    try:
        builder = object_patch.DiffBuilder(None, None, control_cls=BaseControl)
        return [id(c) for c in builder._removed_controls(root, recurse)]
    finally:
        object_patch.DiffBuilder._removed_controls = saved


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_screen_taken_away_is_walked_as_flets_own_walk_walks_it(lives, game):
    """Sent (the snapshots of what was sent lead the walk) or never sent (every field)."""

    async def run():
        app, _session = device(lives)
        app.games.start_game(game, PLAYERS[: GAMES[game].min_players + 1], {})
        for screen in _screens(app):
            for sent in (False, True, "changed since"):
                if sent:
                    msgpack.packb(screen, default=ENCODE)
                if sent == "changed since":  # the walk follows what was sent, not what is
                    items = _a_list_in(screen)
                    items.append(ft.Text("new"))
                    items.pop(0)
                for recurse in (True, False):
                    ours = _removed_by(flet_walk.removed_controls, screen, recurse)
                    theirs = _removed_by(flet_walk.ORIGINAL_REMOVED, screen, recurse)
                    assert ours == theirs
                    assert len(ours) > (10 if sent or recurse else 0)

    run_async(run())


def test_only_the_pinned_flet_gets_the_fast_walk(monkeypatch):
    monkeypatch.setattr(object_patch.DiffBuilder, "_configure_dataclass", flet_walk.ORIGINAL)
    monkeypatch.setattr(object_patch.DiffBuilder, "_removed_controls", flet_walk.ORIGINAL_REMOVED)
    monkeypatch.setattr(ft, "__version__", "1.0.6")
    flet_walk.install()
    assert object_patch.DiffBuilder._configure_dataclass is flet_walk.ORIGINAL
    assert object_patch.DiffBuilder._removed_controls is flet_walk.ORIGINAL_REMOVED
