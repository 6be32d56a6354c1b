"""Draw a screen again without sending it again.

Views build a fresh control tree for every change; handing Flet that tree costs a diff that
re-registers every control (most of a tap's server time: bench/README.md).
`adopt` instead makes the tree already on screen look like the fresh one: controls in the
same place with the same type (or the same key, wherever it stands) are kept and given the
fresh values, so Flet's in-place diff sends only what changed and the client keeps its
widgets (scroll position, focus). What the client changes by itself (a tile opened, text
typed) survives only if the view builds it back: the log keeps its open entries itself.

A kept control keeps its id, so a tap sent from an older screen would reach the new
handler: a double tap on "Bid 2" would bid for the next player too. With `moved` (the
app passes it at every redraw), controls that run a command when tapped are therefore
not kept: they come anew, and Flet drops a tap on an id that is gone. A command control
with a key is kept: its key says the command means the same on every screen (Home, an
entry's Edit). Text, layout and fields being typed in are kept too.

A control's fields are read and written through flet_patches/fields.py (Flet 1.0.5's own
storage of them, or Flet's public API on another Flet); event handlers reach the client
only as "has one or not". tests/ui/test_reconcile.py holds it to that.
"""

from collections.abc import Callable
from typing import Any

import flet as ft

from referee.flet_patches import fields

# Events that carry out a command: a control with one of these is new after every move.
COMMANDS = frozenset({"on_click", "on_tap", "on_long_press", "on_select", "on_delete"})


def _key(control: ft.BaseControl) -> Any:
    return fields.values(control).get("key")


def _commands(control: ft.BaseControl) -> bool:
    get = fields.values(control).get
    # A loop, not any() over a generator: this is asked of every control of every redraw.
    for name in COMMANDS:  # noqa: SIM110
        if get(name) is not None:
            return True
    return False


def same_kind(old: Any, new: Any) -> bool:
    """Whether `old` may take on `new`'s values: both controls of one type and key."""
    return (
        type(old) is type(new)  # first: the cheapest test, and the one that fails most
        and isinstance(old, ft.BaseControl)
        and fields.values(old).get("key") == fields.values(new).get("key")
        and not isinstance(old, ft.Component)  # components keep hook state: never merged
    )


def _merged(old: Any, new: Any, changed: list, moved: bool, touched: list | None) -> Any:
    """The value to keep where `old` is shown and `new` was built."""
    if same_kind(old, new) and not (moved and _commands(new) and _key(new) is None):
        adopt(old, new, changed, moved, touched)
        return old
    if isinstance(old, list) and isinstance(new, list):
        return _merged_list(old, new, changed, moved, touched)
    return new


def _merged_list(old: list, new: list, changed: list, moved: bool, touched: list | None) -> list:
    if not any(isinstance(item, ft.BaseControl) for item in new):
        return old if old == new else new
    # A keyed item takes over the shown item of its key wherever that stands (a log
    # entry as newer ones come in above it); the others go by place, counted from the
    # start while the kinds agree and from the end after that, so that a line coming or
    # going (the Undo note) does not make everything below it new.
    keyed = {_key(o): o for o in old if isinstance(o, ft.BaseControl) and _key(o) is not None}
    head = _agreeing(old, new)
    tail = _agreeing(old[head:][::-1], new[head:][::-1])
    shift = len(old) - len(new)
    merged = []
    for i, item in enumerate(new):
        key = _key(item) if isinstance(item, ft.BaseControl) else None
        if key is not None:
            shown = keyed.pop(key, None)  # a key twice: new again
        elif i >= len(new) - tail:
            shown = old[i + shift]
        else:
            shown = old[i] if i < len(old) - tail else None
        merged.append(item if shown is None else _merged(shown, item, changed, moved, touched))
    if len(merged) == len(old) and all(m is o for m, o in zip(merged, old, strict=True)):
        return old  # nothing moved: the list Flet already knows stays
    return merged


def _agreeing(old: list, new: list) -> int:
    """How many items from the start of `old` and `new` are of one kind, place by place."""
    count = 0
    for shown, built in zip(old, new, strict=False):
        if not same_kind(shown, built):
            break
        count += 1
    return count


def _differs(before: Any, after: Any) -> bool:
    # Controls and merged lists are new only when something in them changed; other
    # values (padding, colours, text) may be equal though built anew.
    if isinstance(after, (ft.BaseControl, list)):
        return True
    return after != before


def adopt(
    old: ft.BaseControl,
    new: ft.BaseControl,
    changed: list | None = None,
    moved: bool = False,
    touched: list | None = None,
) -> None:
    """Give `old` (on screen) everything `new` (just built) says; `same_kind(old, new)`.
    `moved`: what `old` shows may have changed meaning (controls with commands come anew).

    `changed` receives the lowest shown control whose update carries every change (none
    when nothing changed); `touched`, every shown control given a value of its own (a
    diff of the screen need look nowhere else: flet_patches/diff.py's `only`).
    """
    if old is new:  # kept as it was (a part the screen did not build again)
        return
    below: list = []
    own = False
    layout = fields.layout(type(new))
    for name in layout.children:
        before = getattr(old, name)
        after = _merged(before, getattr(new, name), below, moved, touched)
        if after is not before:
            setattr(old, name, after)
            own = True
    defaults, events = layout.defaults, layout.events
    values, new_values = fields.values(old), fields.values(new)
    for name in {**values, **new_values}:
        default = defaults.get(name)
        before = values.get(name, default)
        after = new_values.get(name, default)
        if before is after:
            continue
        if name in events and before is not None and after is not None:
            # The client only knows that a handler exists: swap it without a patch.
            fields.set_handler(old, name, after)
            continue
        after = _merged(before, after, below, moved, touched)
        if after is before or not _differs(before, after):
            continue
        # A new control (a new id) goes in even if it equals the one shown, field by field
        # and handler by handler: a tap on the old one must not run on.
        fields.set_field(old, name, after)
        own = True
    if own and touched is not None:
        touched.append(old)
    if changed is not None:
        # One control whose update carries every change below it: the client then gets
        # one message, not a burst a frame may fall in the middle of.
        changed.extend([old] if own or len(below) > 1 else below)


def find(root: ft.BaseControl, key: str) -> ft.BaseControl | None:
    """The control of `key` in the tree under `root` (the one on screen), if any."""
    if _key(root) == key:
        return root
    for name in fields.layout(type(root)).children:
        for child in _children(getattr(root, name)):
            if (hit := find(child, key)) is not None:
                return hit
    for value in fields.values(root).values():
        for child in _children(value):
            if (hit := find(child, key)) is not None:
                return hit
    return None


def under(root: ft.BaseControl, skip: Callable[[ft.BaseControl], bool] | None = None):
    """`root` and every control of the tree under it, depth first, as the merge walks
    it; below a control `skip` says yes to, nothing."""
    yield root
    if skip is not None and skip(root):
        return
    for name in fields.layout(type(root)).children:
        for child in _children(getattr(root, name)):
            yield from under(child, skip)
    for value in fields.values(root).values():
        for child in _children(value):
            yield from under(child, skip)


def _children(value: Any) -> list:
    items = value if isinstance(value, list) else [value]
    return [item for item in items if isinstance(item, ft.BaseControl)]
