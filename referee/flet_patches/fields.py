"""A control's fields as the shell's merge (ui/reconcile.py) reads and writes them.

Flet 1.0.5 keeps the fields a control was given (those not at their default) in a dict of
its own, and its child lists apart; reading that dict is what makes a redraw's merge
cheap (a few fields a control, not 60). Setting a field to a value equal to the one held
is skipped by Flet, and controls compare equal field by field, so a new button equal to
the one shown would not go in and a tap on the old one would run on: `set_field` puts it
in all the same.

On another Flet (`choose(False)`, made by `install()`), the same questions are answered
through the control's dataclass fields and plain attribute access, Flet's public API:
slower, and the same merge.
"""

import dataclasses
from collections.abc import Callable, Mapping
from operator import attrgetter
from typing import Any, NamedTuple

import flet as ft

from referee.flet_patches.version import known


class Layout(NamedTuple):
    """What the merge asks of a control class."""

    children: tuple[str, ...]  # fields holding controls that `values` does not give
    defaults: Mapping[str, Any]  # the default of each field `values` leaves out at it
    events: frozenset[str]  # handlers: the client only knows whether one is set


_KIN = (ft.BaseControl, list)  # values Flet compares by content, not by identity

# -- Flet 1.0.5's own storage ----------------------------------------------------------------

_own_values = attrgetter("_values")


def _own_layout(cls: type) -> Layout:
    # Flet's @control decorator sets these three on each class; none is declared.
    structural = cls._structural_fields  # type: ignore[attr-defined]
    children = tuple(name for name in structural if not name.startswith("_"))
    return Layout(children, cls._prop_defaults, cls._event_fields)  # type: ignore[attr-defined]


def _own_set_field(control: ft.BaseControl, name: str, value: Any) -> None:
    if isinstance(value, _KIN):
        control._values[name] = value
        control._dirty[name] = None  # sent at the next update, as a set field is
    else:
        setattr(control, name, value)


def _own_set_handler(control: ft.BaseControl, name: str, handler: Callable) -> None:
    control._values[name] = handler  # no patch: the client already knows one is set


# -- Flet's public API ---------------------------------------------------------------------

_NO_DEFAULT = object()
_public: dict[type, tuple[tuple[str, Any], ...]] = {}


def _public_fields(cls: type) -> tuple[tuple[str, Any], ...]:
    known_fields = _public.get(cls)
    if known_fields is None:
        known_fields = _public[cls] = tuple(
            (f.name, _NO_DEFAULT if f.default is dataclasses.MISSING else f.default)
            for f in dataclasses.fields(cls)
            if not f.name.startswith("_") and not f.metadata.get("skip", False)
        )
    return known_fields


def _public_values(control: ft.BaseControl) -> dict[str, Any]:
    values = {}
    for name, default in _public_fields(type(control)):
        value = getattr(control, name)
        if default is _NO_DEFAULT or not (value is default or value == default):
            values[name] = value
    return values


def _public_layout(cls: type) -> Layout:
    fields = _public_fields(cls)
    return Layout(
        (),  # every field, lists too, comes through `values`
        {name: default for name, default in fields if default is not _NO_DEFAULT},
        frozenset(name for name, _ in fields if name.startswith("on_")),
    )


def _public_set_field(control: ft.BaseControl, name: str, value: Any) -> None:
    if isinstance(value, _KIN) and getattr(control, name) == value:
        setattr(control, name, None)  # an equal value would be skipped
    setattr(control, name, value)


def _public_set_handler(control: ft.BaseControl, name: str, handler: Callable) -> None:
    setattr(control, name, handler)


# -- what the merge calls ------------------------------------------------------------------

values: Callable[[ft.BaseControl], Mapping[str, Any]]
"""The fields `control` was given (not at their default), by name; read only."""
set_field: Callable[[ft.BaseControl, str, Any], None]
"""Put `value` in `control`'s field `name`, to be sent at the next update even when Flet
would take it for the value held."""
set_handler: Callable[[ft.BaseControl, str, Callable], None]
"""Swap the handler of an event that has one for another, without a patch."""
_layout_of: Callable[[type], Layout]
_layouts: dict[type, Layout] = {}


def layout(cls: type) -> Layout:
    """Where the merge finds `cls`'s fields (kept per class)."""
    found = _layouts.get(cls)
    if found is None:
        found = _layouts[cls] = _layout_of(cls)
    return found


def choose(private: bool) -> None:
    """Read and write fields Flet 1.0.5's way (`private`) or through Flet's public API."""
    global values, set_field, set_handler, _layout_of
    if private:
        values, set_field, set_handler = _own_values, _own_set_field, _own_set_handler
        _layout_of = _own_layout
    else:
        values, set_field, set_handler = _public_values, _public_set_field, _public_set_handler
        _layout_of = _public_layout
    _layouts.clear()


def private() -> bool:
    """Whether fields are read Flet 1.0.5's way."""
    return values is _own_values


choose(known())
