"""A faster first walk over the controls Flet sends for the first time.

Before Flet 1.0.5 sends a control it has not sent before, `DiffBuilder._configure_dataclass`
walks every declared field of that control and of every value inside it (60 and more per
button) to find the controls nested there. Profiled on a game screen, that walk was 60% of
the server's time to open the screen and a third of a bid's. A control keeps the fields
that differ from their defaults in `_values`, so only those, its structural fields and any
defaults that could hold a control need the walk: this visits exactly the values the
original visits that can hold something to configure, in the same field order, and does
to each item what the original does. tests/flet_patches/test_walk.py holds the two to the
same result on real screens; flet is pinned, and `install` refuses any other version.
"""

import dataclasses
import logging
import weakref
from collections.abc import Iterator
from enum import Enum
from operator import itemgetter
from typing import Any, NamedTuple

from referee.flet_patches.version import known

try:  # private parts of flet 1.0.5: another version may lack them (install then declines)
    from flet.controls import object_patch
    from flet.controls.value_types import _UNSET

    ORIGINAL = object_patch.DiffBuilder._configure_dataclass
    ORIGINAL_REMOVED = object_patch.DiffBuilder._removed_controls
except (ImportError, AttributeError):
    # Never used there (install declines first), so typed as the pinned Flet's names.
    object_patch = ORIGINAL = ORIGINAL_REMOVED = None  # type: ignore[assignment]
    _UNSET = object()
_LEAVES = (str, int, float, bool, bytes, Enum, type(None))


class _Plan(NamedTuple):
    order: dict[str, int]  # every field the original walks, by declaration order
    others: tuple[str, ...]  # walked fields that are not in `_values` (structural)
    defaults: tuple[tuple[str, Any], ...]  # props whose default may hold a control
    layouts: dict[tuple, tuple]  # per set of fields in `_values`: what to walk, in order


_plans: dict[type, _Plan | None] = {}
_MAX_LAYOUTS = 256  # a class is built from a handful of places; more is not kept


def _plan(cls: type) -> _Plan | None:
    try:
        return _plans[cls]
    except KeyError:
        pass  # a class not seen yet
    # Only a class Flet prepared itself keeps its fields in `_values`; a plain dataclass,
    # or a subclass that declares fields without Flet's decorator, gets the original walk.
    prop_defaults = vars(cls).get("_prop_defaults")
    plan: _Plan | None
    if prop_defaults is None:
        plan = None
    else:
        walked = [f.name for f in dataclasses.fields(cls) if not f.metadata.get("skip", False)]
        plan = _Plan(
            order={name: i for i, name in enumerate(walked)},
            others=tuple(name for name in walked if name not in prop_defaults),
            defaults=tuple(
                (name, prop_defaults[name])
                for name in walked
                if name in prop_defaults
                and prop_defaults[name] is not _UNSET
                and not isinstance(prop_defaults[name], _LEAVES)
            ),
            layouts={},
        )
    _plans[cls] = plan
    return plan


_OWN, _STRUCTURAL, _DEFAULT = 0, 1, 2  # where a walked field's value is found


def _layout(keys: tuple, plan: _Plan) -> tuple:
    """For a control whose `_values` holds `keys`: the fields to walk, in declaration
    order, each with where its value is and its default."""
    order = plan.order
    found = [(order[name], name, _OWN, None) for name in keys if name in order]
    found.extend((order[name], name, _STRUCTURAL, None) for name in plan.others)
    found.extend(
        (order[name], name, _DEFAULT, value) for name, value in plan.defaults if name not in keys
    )
    found.sort(key=itemgetter(0))
    return tuple((name, where, value) for _, name, where, value in found)


def _fields(item: Any, plan: _Plan) -> list:
    """The values of `item`'s walked fields that may hold something to configure."""
    values = item._values
    keys = tuple(values)
    layout = plan.layouts.get(keys)
    if layout is None:
        layout = _layout(keys, plan)
        if len(plan.layouts) < _MAX_LAYOUTS:
            plan.layouts[keys] = layout
    found = []
    for name, where, default in layout:
        if where == _OWN:
            value = values[name]
        elif where == _STRUCTURAL:
            value = getattr(item, name)
        else:
            value = default
        if not isinstance(value, _LEAVES):
            found.append(value)
    return found


def configure_dataclass(
    self: Any, item: Any, parent: Any, frozen: bool, configure_setattr_only: bool = False
) -> Iterator[Any]:
    """`DiffBuilder._configure_dataclass` with the field walk above, done at once into a
    list: the original nests a generator per level, so each control found was handed up
    through every level above it (its caller, Flet's `from_diff`, takes them all at once
    anyway). Otherwise the same steps, in the same order."""
    found: list = []
    debug = object_patch.logger.isEnabledFor(logging.DEBUG)
    _configure(self, item, parent, frozen, configure_setattr_only, found, debug)
    return iter(found)


def _configure(self, item, parent, frozen, setattr_only, found, debug) -> None:
    if isinstance(item, list):
        for value in item:
            _configure(self, value, parent, frozen, False, found, debug)
        return
    if isinstance(item, dict):
        for value in item.values():
            _configure(self, value, parent, frozen, False, found, debug)
        return
    if isinstance(item, type) or not hasattr(type(item), "__dataclass_fields__"):
        if dataclasses.is_dataclass(item):  # a dataclass type: the original's way
            found.extend(ORIGINAL(self, item, parent, frozen, setattr_only))
        return
    plan = _plan(type(item))
    if plan is None or not isinstance(getattr(item, "_values", None), dict):
        found.extend(ORIGINAL(self, item, parent, frozen, setattr_only))
        return
    if debug:
        object_patch.logger.debug("\n_configure_dataclass: %s %s %s", item, frozen, setattr_only)
    if parent is None:
        parent_ref = getattr(item, "_parent", None)
        parent = parent_ref() if parent_ref else None
    if parent:
        if parent is item:
            raise object_patch.ObjectPatchException(f"Parent is the same as item: {item}")
        item._parent = weakref.ref(parent)
    if hasattr(item, "_frozen"):
        frozen = item._frozen
    elif frozen:
        item._frozen = frozen
    item_cls = item.__class__
    if getattr(item_cls, "__flet_control_cls__", None) is None:
        item_cls.__flet_control_cls__ = self.control_cls
    is_control = self.control_cls and isinstance(item, self.control_cls)
    if is_control:
        if not setattr_only:
            item.build()
            item._before_update_safe()
            object.__setattr__(item, "_initialized", True)
        found.append(item)
    if not setattr_only:
        child_parent = item if is_control else parent
        for value in _fields(item, plan):
            _configure(self, value, child_parent, frozen, False, found, debug)
    if not frozen:
        dst_dirty = getattr(item, "_dirty", None)
        if dst_dirty is not None:
            dst_dirty.clear()
        else:
            if item_cls.__setattr__ is not object_patch._control_setattr:
                item_cls.__setattr__ = object_patch._control_setattr
            object.__setattr__(item, "__changes", {})


def removed_controls(self: Any, item: Any, recurse: bool) -> list[Any]:
    """`DiffBuilder._removed_controls`, the controls under a control taken off the screen
    (each after those under it), found into one list: the original nests a generator per
    level, as the configure walk did (a bid takes some 35 controls off each device)."""
    found: list = []
    _removed(self, item, recurse, found)
    return found


def _removed(self, item, recurse, found) -> None:
    control_cls = self.control_cls
    if control_cls and isinstance(item, control_cls):
        lists = getattr(item, "__prev_lists", None)
        if lists is None:
            if recurse:  # never sent: the original's walk of every field
                found.extend(ORIGINAL_REMOVED(self, item, recurse))
            else:
                found.append(item)
            return
        for value in lists.values():
            _removed(self, value, recurse, found)
        for value in getattr(item, "__prev_dicts", {}).values():
            _removed(self, value, recurse, found)
        for value in getattr(item, "__prev_classes", {}).values():
            _removed(self, value, recurse, found)
        found.append(item)
    elif isinstance(item, dict):
        for value in item.values():
            _removed(self, value, recurse, found)
    elif isinstance(item, list):
        for value in item:
            _removed(self, value, recurse, found)


def install() -> None:
    """Use the faster walks (once flet is the pinned version they were checked on)."""
    if not known() or ORIGINAL is None:
        return  # another flet: its own walks, unchanged
    # The patch: Flet's methods replaced on purpose, by functions of the same signature
    # (the removed controls in a list where Flet declares an iterator: its callers only
    # `yield from` them).
    object_patch.DiffBuilder._configure_dataclass = configure_dataclass  # type: ignore[method-assign]
    object_patch.DiffBuilder._removed_controls = removed_controls  # type: ignore[method-assign, assignment]


def installed() -> bool:
    return ORIGINAL is not None and (
        object_patch.DiffBuilder._configure_dataclass is configure_dataclass
        and object_patch.DiffBuilder._removed_controls is removed_controls
    )


def uninstall() -> None:
    if ORIGINAL is not None:
        object_patch.DiffBuilder._configure_dataclass = ORIGINAL  # type: ignore[method-assign]
        object_patch.DiffBuilder._removed_controls = ORIGINAL_REMOVED  # type: ignore[method-assign]
