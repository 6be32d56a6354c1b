"""Draw a screen again without sending it again.

Views build a fresh control tree for every change; handing Flet that tree costs a diff that
re-registers every control (about 8 ms for a game screen, most of a tap's server time).
`adopt` instead makes the tree already on screen look like the fresh one: controls in the
same place with the same type are kept and given the fresh values, so Flet's in-place diff
sends only what changed and the client keeps its widgets (scroll, focus, open tiles).

This leans on how flet 1.0.5 (pinned) stores a control: its public fields in `_values`,
its child lists in `_structural_fields`, and event handlers that reach the client only as
"has one or not". tests/ui/test_reconcile.py holds it to that.
"""

from typing import Any

import flet as ft


def _key(control: ft.BaseControl) -> Any:
    return control._values.get("key")


def same_kind(old: Any, new: Any) -> bool:
    """Whether `old` may take on `new`'s values: both controls of one type and key."""
    return (
        isinstance(old, ft.BaseControl)
        and type(old) is type(new)
        and _key(old) == _key(new)
        and getattr(old, "_c", None) != "C"  # components keep hook state: never merged
    )


def _merged(old: Any, new: Any, changed: list) -> Any:
    """The value to keep where `old` is shown and `new` was built."""
    if same_kind(old, new):
        adopt(old, new, changed)
        return old
    if isinstance(old, list) and isinstance(new, list):
        return _merged_list(old, new, changed)
    return new


def _merged_list(old: list, new: list, changed: list) -> list:
    if not any(isinstance(item, ft.BaseControl) for item in new):
        return old if old == new else new
    merged = [_merged(o, n, changed) for o, n in zip(old, new, strict=False)]
    merged += new[len(old) :]
    if len(merged) == len(old) and all(m is o for m, o in zip(merged, old, strict=True)):
        return old  # nothing moved: the list Flet already knows stays
    return merged


def _differs(before: Any, after: Any) -> bool:
    # Controls and merged lists are new only when something in them changed; other
    # values (padding, colours, text) may be equal though built anew.
    if isinstance(after, (ft.BaseControl, list)):
        return True
    return after != before


def adopt(old: ft.BaseControl, new: ft.BaseControl, changed: list | None = None) -> None:
    """Give `old` (on screen) everything `new` (just built) says; `same_kind(old, new)`.

    `changed` receives the lowest shown control whose update carries every change (none
    when nothing changed).
    """
    if old is new:  # kept as it was (a part the screen did not build again)
        return
    below: list = []
    own = False
    cls = type(new)
    for name in cls._structural_fields:
        if name.startswith("_"):
            continue
        before = getattr(old, name)
        after = _merged(before, getattr(new, name), below)
        if after is not before:
            setattr(old, name, after)
            own = True
    defaults = cls._prop_defaults
    events = cls._event_fields
    values = old._values
    for name in {**values, **new._values}:
        default = defaults.get(name)
        before = values.get(name, default)
        after = new._values.get(name, default)
        if before is after:
            continue
        if name in events and before is not None and after is not None:
            # The client only knows that a handler exists: swap it without a patch.
            values[name] = after
            continue
        after = _merged(before, after, below)
        if after is before or not _differs(before, after):
            continue
        setattr(old, name, after)
        own = True
    if changed is not None:
        # One control whose update carries every change below it: the client then gets
        # one message, not a burst a frame may fall in the middle of.
        changed.extend([old] if own or len(below) > 1 else below)
