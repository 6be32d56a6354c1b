"""flet_patches/init.py: a control built with the faster `__init__` is the control Flet's own
`__init__` builds, field for field, for every control class and on every game's screen."""

import dataclasses
import inspect
from datetime import date, datetime, time
from enum import Enum

import flet as ft
import pytest
from flet.controls.base_control import BaseControl

from referee.flet_patches import init as flet_init
from referee.games import GAMES
from tests.helpers import run_async
from tests.ui.devices import device

PLAYERS = ["Ana", "Bo", "Cy", "Dee"]


@pytest.fixture
def fast():
    """Every flet control class loaded and given the faster `__init__`, for this test."""
    flet_init.uninstall()
    for name in ft.__all__:
        getattr(ft, name)
    flet_init.install()
    yield flet_init.ORIGINALS
    flet_init.uninstall()
    flet_init.install()  # as the app has it


def _state(obj) -> dict:
    """What construction left on `obj`, but for what is new in every object: its id, a
    service's uid and lock."""
    state = {k: v for k, v in vars(obj).items() if k not in ("_i", "_lock")}
    if "_internals" in state:
        state["_internals"] = {k: v for k, v in state["_internals"].items() if k != "uid"}
    return state


def _built_by_flet(cls, *args, **kwargs):
    obj = object.__new__(cls)
    flet_init.ORIGINALS[cls](obj, *args, **kwargs)
    return obj


def test_every_control_class_takes_the_same_arguments(fast):
    assert len(fast) > 150
    for cls, original in fast.items():
        ours = inspect.signature(cls.__init__).parameters
        theirs = inspect.signature(original).parameters
        assert list(ours) == list(theirs), cls
        for name, param in theirs.items():
            assert ours[name].kind == param.kind, (cls, name)
            if repr(param.default) != "<factory>":
                assert ours[name].default is param.default, (cls, name)


def test_every_control_class_built_bare_is_the_same(fast):
    built = 0
    for cls in fast:
        try:
            theirs = _built_by_flet(cls)
        except (TypeError, ValueError):
            continue  # needs arguments (or is abstract): the screens below build those
        ours = cls()
        assert type(ours) is cls
        assert _shape(_state(ours)) == _shape(_state(theirs)), cls
        built += 1
    assert built > 100


def test_defaults_given_again_are_stored_as_flet_stores_them(fast):
    for args, kwargs in [
        (("x",), {"size": 14, "opacity": 1.0, "weight": ft.FontWeight.W_500}),
        ((), {"value": "", "italic": False, "semantics_label": ""}),
        ((), {"color": None, "tooltip": None, "visible": True, "key": "k"}),
    ]:
        ours, theirs = ft.Text(*args, **kwargs), _built_by_flet(ft.Text, *args, **kwargs)
        assert _state(ours) == _state(theirs)
    ours = ft.Container(ft.Text("a"), padding=ft.Padding.symmetric(horizontal=8), expand=True)
    theirs = _built_by_flet(
        ft.Container, ft.Text("a"), padding=ft.Padding.symmetric(horizontal=8), expand=True
    )
    assert _state(ours) == _state(theirs)


def _shape(value):
    """A tree of controls as plain data: types and field values, without ids."""
    if isinstance(value, BaseControl) or (
        dataclasses.is_dataclass(value) and not isinstance(value, type)
    ):
        fields = {k: v for k, v in vars(value).items() if k not in ("_i", "_parent")}
        return (type(value).__name__, {k: _shape(v) for k, v in sorted(fields.items())})
    if isinstance(value, (list, tuple)):
        return [_shape(v) for v in value]
    if isinstance(value, dict):
        return {k: _shape(v) for k, v in value.items()}
    if callable(value):
        return "handler"
    if isinstance(value, (date, datetime, time)) or (
        hasattr(value, "__dict__") and not isinstance(value, Enum)
    ):
        return type(value).__name__  # made anew for each object (now, a lock, an event)
    return value


def _screen(app):
    header, body = app.top.parts()
    return _shape([header, body, app.top.appbar()])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_game_screen_is_built_the_same(lives, fast, game):
    async def run():
        app, _session = device(lives)
        app.games.start_game(game, PLAYERS[: GAMES[game].min_players + 1], {})
        ours = _screen(app)
        flet_init.uninstall()
        return ours, _screen(app)

    ours, theirs = run_async(run())
    assert ours == theirs


def test_only_the_pinned_flet_builds_this_way(monkeypatch):
    flet_init.uninstall()
    monkeypatch.setattr(ft, "__version__", "1.0.6")
    try:
        flet_init.install()
        assert not flet_init.ORIGINALS
    finally:
        monkeypatch.undo()
        flet_init.install()


def test_a_subclass_flet_did_not_prepare_gets_its_own_setter_and_notice(fast):
    """A subclass without Flet's decorator inherits the faster `__init__`: its own
    `__setattr__` and `_notify` still see every value, as with Flet's."""
    told = []

    class Upper(ft.Text):
        def __setattr__(self, name, value):
            if name == "value" and isinstance(value, str):
                value = value.upper()
            super().__setattr__(name, value)

    class Noisy(ft.Text):
        def _notify(self, name, value):
            told.append(name)

    assert Upper("hi").value == "HI"
    Noisy("hi", size=14)
    assert told == ["value", "size"]


class _Watched(type):
    """A class that counts what is set on it after it is made."""

    def __setattr__(cls, name, value):
        cls.__dict__.get("_set_on_class", []).append(name)
        super().__setattr__(name, value)


def test_a_control_class_is_given_its_hash_once_not_at_every_control(fast):
    """Setting anything on a class drops what Python learnt about it (its attribute
    cache, the specialised lookups of code using it): Flet set `__hash__` again at each
    control made, which slowed every Text on screen at each Text built."""

    @ft.control("Watched")
    class Watched(ft.Text, metaclass=_Watched):
        pass

    type.__setattr__(Watched, "_set_on_class", [])
    first, second, third = Watched("a"), Watched("b"), Watched("c")
    assert Watched._set_on_class == ["__hash__"]
    assert len({hash(first), hash(second), hash(third)}) == 3
    assert hash(first) == hash(first) and first._i < second._i < third._i
