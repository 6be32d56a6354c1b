"""Flet's diff and encoder, without steps that buy nothing.

Profiled with 40 devices on 5 games, every device's push runs Flet 1.0.5's diff and
MessagePack encoder over its screen, and three of their steps cost more than their work:

- `dataclasses.is_dataclass`, asked some 1,300 times a push about the same few types
  (6% of the server's busy time on its own). Here the answer is kept per type.
- `dataclasses.fields` of a changed control, built afresh each time. Kept per type too.
- Pairing a removed control with an added one: the key of an item in a keyed list holds
  its path as a list, which cannot be hashed, so every add and remove of a new control
  raised a TypeError and was looked up in a list scanned item by item. Here the path is
  a tuple: the same keys, found by hash.

And one step it cannot know to skip: a redraw the shell merged into the screen shown
(ui/reconcile.py) changed a few controls, but Flet compares every control of the view
with what it sent last. Inside `only(touched)`, the diff compares only the controls the
merge gave values of their own and the controls above them; every other control, below a
touched one too, is untouched since the last patch and skipped. A device of a Fae-ker game
then compares 40 controls for a bid or its Undo (63 when everything below a touched
control was compared, some 105 in Flet's own diff) and 28 for an Undo or Redo of the top
card (39); README.md here gives the time it saves. A control only above touched ones and
unchanged itself (the view, the columns and rows on the way down: some 20 a push) is
passed through to its children on the way, not walked list by list
(`_passed_through`): a bid's diff 17-27% cheaper again (four runs of each, in turns).

And one check made the long way: before sending a control, Flet validates it, calling
the rule of each annotated field, and keeps a set of reported errors on the control.
For the controls a screen is mostly made of (Text, Container, Row, Column, Semantics)
the only rules are the `expand` and `opacity` checks every control inherits from Flet's
`Control`, each a check of that one value (`_SELF_CHECKED`); a field at its default is not
in `_values`, and that default (Flet's own) is valid. Here such a control
has only the rules of the fields it sets checked; a failure goes to Flet's own validation,
which says it as before (README.md here gives what the checks cost).

The patches sent are the same, byte for byte (tests/flet_patches/test_diff.py, on every
game's screens).
"""

import dataclasses
import logging
import threading
import types
from collections.abc import Iterable
from contextlib import contextmanager

import flet

from referee.flet_patches.version import known

try:  # private parts of flet 1.0.5: another version may lack them (install then declines)
    from flet.controls import object_patch
    from flet.controls.base_control import BaseControl
    from flet.messaging import protocol, session
    from flet.utils import validation

    ORIGINAL_INDEX_KEY = object_patch.DiffBuilder._index_key
    ORIGINAL_COMPARE = object_patch.DiffBuilder._compare_dataclasses
    ORIGINAL_BEFORE_UPDATE = BaseControl._before_update_safe
    # A classmethod read off its class is bound to it (mypy sees a plain callable): its
    # function is what is put back in a classmethod.
    ORIGINAL_FROM_DIFF = object_patch.ObjectPatch.from_diff.__func__  # type: ignore[attr-defined]
    PATCH_LOG = object_patch.logger
except (ImportError, AttributeError):
    # Never used there (install declines first), so typed as the pinned Flet's names.
    object_patch = protocol = session = validation = ORIGINAL_INDEX_KEY = None  # type: ignore[assignment]
    ORIGINAL_COMPARE = BaseControl = ORIGINAL_BEFORE_UPDATE = ORIGINAL_FROM_DIFF = None  # type: ignore[assignment, misc]
    PATCH_LOG = None  # type: ignore[assignment]

_FIELDS = "__dataclass_fields__"  # what dataclasses.is_dataclass looks for
_is_dataclass: dict[type, bool] = {}


def is_dataclass(obj) -> bool:
    """`dataclasses.is_dataclass`, kept per type (a class asked about itself is not)."""
    cls = type(obj)
    known = _is_dataclass.get(cls)
    if known is None:
        if isinstance(obj, type):
            return hasattr(obj, _FIELDS)
        known = _is_dataclass[cls] = hasattr(cls, _FIELDS)
    return known


_fields: dict[type, tuple] = {}


def fields(obj) -> tuple:
    """`dataclasses.fields`, kept per type (Flet asks for a changed control's 60-odd
    fields to find the few that changed)."""
    if isinstance(obj, type):
        return dataclasses.fields(obj)
    cls = type(obj)
    known = _fields.get(cls)
    if known is None:
        known = _fields[cls] = dataclasses.fields(obj)
    return known


def index_key(self, item, item_key, path):
    """`DiffBuilder._index_key`, hashable: a keyed item's path as a tuple."""
    if item_key is None:
        return item
    if type(item_key) is tuple and len(item_key) == 2 and type(item_key[1]) is list:
        return item_key[0], tuple(item_key[1])
    return item_key


_focus = threading.local()  # per thread: the diff runs inside the caller's update


@contextmanager
def only(touched: Iterable):
    """Inside, a diff of a control compares only `touched` (their own values, and the
    controls added or removed in their lists and fields) and the controls above them;
    every other control, below a touched one too, is taken as unchanged: `touched` holds
    every control on screen that was changed (ui/reconcile.py's `adopt` lists them)."""
    if ORIGINAL_INDEX_KEY is None or object_patch.DiffBuilder._compare_dataclasses is not (
        compare_dataclasses
    ):
        yield  # the patch is off: Flet's own diff compares every control
        return
    wanted, above = set(), set()
    for control in touched:
        wanted.add(id(control))
        node = control
        while (parent := node.parent) is not None and id(parent) not in above:
            above.add(id(parent))
            node = parent
        if parent is None and not isinstance(node, flet.Page):
            yield  # a control not on the page: no telling what is above it, compare all
            return
    _focus.wanted = (wanted, above)
    try:
        yield
    finally:
        _focus.wanted = None


def compare_dataclasses(self, parent, path, src, dst, frozen):
    """`DiffBuilder._compare_dataclasses`, which skips a control `only` leaves out."""
    focus = getattr(_focus, "wanted", None)
    if focus is None or frozen or src is not dst:
        return ORIGINAL_COMPARE(self, parent, path, src, dst, frozen)
    if not hasattr(dst, "_i"):  # a value object (a padding, a border) kept where it was
        if _value_as_sent(dst):
            return None  # Flet's compare of it would find nothing to send
        return ORIGINAL_COMPARE(self, parent, path, src, dst, frozen)
    wanted, above = focus
    if id(dst) in wanted:
        return ORIGINAL_COMPARE(self, parent, path, src, dst, frozen)
    if id(dst) not in above:
        return None
    if not _passed_through(self, parent, path, dst, wanted, above):
        return ORIGINAL_COMPARE(self, parent, path, src, dst, frozen)
    return None


_PLAIN = (str, int, float, bool, type(None))


def _same_plain_dict(old, new) -> bool:
    """Whether a dict field is as last sent, holding plain values only (Flet's compare of
    it then sends nothing: `_internals`, say)."""
    return (
        type(new) is dict
        and old.keys() == new.keys()
        and all(
            type(value) in _PLAIN and type(old[key]) is type(value) and old[key] == value
            for key, value in new.items()
        )
    )


def _same_list(old: list, new, item_ok) -> bool:
    """Whether a list field holds, place by place, the very items last sent, each `item_ok`."""
    return (
        type(new) is list
        and len(new) == len(old)
        and all(o is n and item_ok(n) for o, n in zip(old, new, strict=True))
    )


def _given_again(obj, prev_lists: dict, prev_dicts: dict, prev_classes: dict) -> bool:
    """Whether a structural field with no snapshot (it was None when last sent) holds
    something again: Flet's compare then patches it."""
    for name in getattr(type(obj), "_structural_fields", ()):
        if name in prev_lists or name in prev_dicts or name in prev_classes:
            continue
        value = getattr(obj, name)
        if (isinstance(value, (list, dict)) and value) or is_dataclass(value):
            return True
    return False


def _not_a_collection(item) -> bool:
    return not isinstance(item, (list, dict))


def _plain_as_sent(item) -> bool:
    return type(item) in _PLAIN and item == item  # NaN is never equal: Flet sends it again


def _value_as_sent(value) -> bool:
    """Whether a value object is as it was last sent: nothing set on it since, its lists
    and dicts the plain ones sent, its value objects likewise (Flet's compare of it then
    sends nothing). A touched control's border or padding left as it was is compared
    with itself: some 25 objects a device's push of a bid, half the diff's compares."""
    own = getattr(value, "__dict__", None)
    if (
        own is None
        or own.get("_dirty")
        or "_dirty" not in own  # a plain dataclass: Flet tracks it its own way
        or "_frozen" in own
        or own.get("__changes")
        or "__prev_classes" not in own  # never sent: Flet's compare knows what to do
        or PATCH_LOG.isEnabledFor(logging.DEBUG)
    ):
        return False
    prev_lists, prev_dicts = own.get("__prev_lists", {}), own.get("__prev_dicts", {})
    prev_classes = own["__prev_classes"]
    return (
        all(_same_list(old, getattr(value, n), _plain_as_sent) for n, old in prev_lists.items())
        and all(_same_plain_dict(old, getattr(value, n)) for n, old in prev_dicts.items())
        and all(
            getattr(value, n) is old and not hasattr(old, "_i") and _value_as_sent(old)
            for n, old in prev_classes.items()
        )
        and not _given_again(value, prev_lists, prev_dicts, prev_classes)
    )


def _passed_through(self, parent, path, dst, wanted, above) -> bool:
    """A control only above touched ones, and plainly unchanged itself: its own values
    untouched and its child lists and child controls the ones last sent. Compares only
    its children on the way to the touched controls, at the paths Flet's own compare
    gives them (item `i` of list field `f`: path + [f, i]; child field `f`: path + [f]).
    Flet's compare would walk every list and child of it to find those (a third of a
    device's diff on a bid: some 20 such controls a push). False, having done nothing,
    when the control is not plainly unchanged: Flet's own compare then runs."""
    if PATCH_LOG.isEnabledFor(logging.DEBUG):
        return False  # Flet's own compare, with its debug lines
    control_cls = self.control_cls
    if (
        control_cls
        and isinstance(parent, control_cls)
        and parent.is_isolated()
        and parent != self.dst_doc
    ):
        return True  # Flet's compare returns here too: an isolated parent's children
    dirty = getattr(dst, "_dirty", None)
    if control_cls is None or not isinstance(dst, control_cls) or dirty is None or dirty:
        return False
    own = vars(dst)
    if (
        own.get("__changes")
        or _REPORTED in own
        or "before_update" in own
        or _rules(type(dst)) is None  # validation (skipped here) could change something
        or not any(name in own for name in ("__prev_lists", "__prev_dicts", "__prev_classes"))
    ):
        return False
    prev_lists = own.get("__prev_lists", {})
    prev_dicts = own.get("__prev_dicts", {})
    prev_classes = own.get("__prev_classes", {})
    for name, old in prev_dicts.items():
        if not _same_plain_dict(old, getattr(dst, name)):
            return False
    lists = []
    for name, old in prev_lists.items():
        new = getattr(dst, name)
        if not _same_list(old, new, _not_a_collection):
            return False
        lists.append((name, new))
    children = []
    for name, old in prev_classes.items():
        new = getattr(dst, name)
        if new is not old or hasattr(new, "_frozen"):
            return False
        children.append((name, new))
    if _given_again(dst, prev_lists, prev_dicts, prev_classes):
        return False

    def on_the_way(item) -> bool:
        if not hasattr(item, "_i"):
            return True  # a value object: Flet's own compare looks at it
        return id(item) in wanted or id(item) in above

    for name, items in lists:
        for i, item in enumerate(items):
            if is_dataclass(item) and on_the_way(item):
                self._compare_dataclasses(dst, [*path, name, i], item, item, False)
    for name, child in children:
        if on_the_way(child):
            self._compare_dataclasses(dst, [*path, name], child, child, False)
    return True


# Fields whose Flet rule looks at the field's own value only (flet/controls/control.py).
_SELF_CHECKED = frozenset({"expand", "opacity"})
_REPORTED = getattr(validation, "_REPORTED_VALIDATION_ERRORS_KEY", None)
_quick_rules: dict[type, tuple | None] = {}


def _own_value_rules() -> dict:
    """Flet's rules for `_SELF_CHECKED`, as every control inherits them, with defaults."""
    spec = validation._compile_class_spec(flet.Control)
    return {
        (name, id(rule)): flet.Control.__dataclass_fields__[name].default
        for name, rule in spec.field_rules
        if name in _SELF_CHECKED
    }


def _rules(cls: type[BaseControl]) -> tuple | None:
    """The field rules of `cls` when they can be checked field by field: no
    `before_update` of its own, no rule across fields, and only the rules every control
    inherits for `_SELF_CHECKED` fields, with their defaults."""
    try:
        return _quick_rules[cls]
    except KeyError:  # a class not seen yet
        # A class is hashable: mypy takes BaseControl's `__hash__`, an instance's, for it.
        spec = validation._compile_class_spec(cls)  # type: ignore[arg-type]
        inherited = _own_value_rules()
        props = vars(cls).get("_prop_defaults")
        simple = (
            cls.before_update is BaseControl.before_update
            and not spec.class_rules
            and isinstance(props, dict)
            and all(
                (name, id(rule)) in inherited and props.get(name) == inherited[(name, id(rule))]
                for name, rule in spec.field_rules
            )
        )
        rules = _quick_rules[cls] = tuple(spec.field_rules) if simple else None
        return rules


def before_update_safe(self) -> None:
    """`BaseControl._before_update_safe` for a control whose rules `_rules` gives: the
    rules of the fields it sets (in `_values`), and Flet's own way if one fails, an
    earlier failure is on record, or the control was given a `before_update`."""
    rules = _rules(type(self))
    values = getattr(self, "_values", None)
    own = vars(self)
    if rules is None or values is None or _REPORTED in own or "before_update" in own:
        return ORIGINAL_BEFORE_UPDATE(self)
    try:
        for name, rule in rules:
            if name in values:
                rule.validate(self, name, values[name])
    except ValueError:
        ORIGINAL_BEFORE_UPDATE(self)


def _ignore(*_args, **_kwargs) -> None:
    return None


class _QuietLog:
    """Flet's patch log while it keeps nothing below INFO (Flet sets it so): the debug
    lines of a diff, some 500 for a device's push of a bid, are not even offered to it
    (4% of the server's busy time, 40 devices)."""

    debug = staticmethod(_ignore)

    def __getattr__(self, name: str):
        return getattr(PATCH_LOG, name)


_QUIET_LOG = _QuietLog()


def from_diff(cls, *args, **kwargs):
    """`ObjectPatch.from_diff`, with the patch log quiet for this diff and the sending of
    its patch, unless the log keeps debug lines."""
    log = PATCH_LOG if PATCH_LOG.isEnabledFor(logging.DEBUG) else _QUIET_LOG
    object_patch.logger = session.patch_logger = log
    return ORIGINAL_FROM_DIFF(cls, *args, **kwargs)


# `object_patch` reaches is_dataclass and fields through the module: it gets a copy with
# those two replaced, and the real module stays as it is for everyone else.
_DATACLASSES = types.SimpleNamespace(**vars(dataclasses))
_DATACLASSES.is_dataclass = is_dataclass
_DATACLASSES.fields = fields


def install() -> None:
    """Use the cheaper steps (once flet is the pinned version they were checked on)."""
    if not known() or ORIGINAL_INDEX_KEY is None:
        return  # another flet: its own diff, unchanged
    # The patch: Flet's methods and module names replaced on purpose, by functions of the
    # same signature (and a namespace standing for `dataclasses`).
    object_patch.DiffBuilder._index_key = index_key  # type: ignore[method-assign]
    object_patch.DiffBuilder._compare_dataclasses = compare_dataclasses  # type: ignore[method-assign]
    if _REPORTED is not None:
        BaseControl._before_update_safe = before_update_safe  # type: ignore[method-assign]
    object_patch.dataclasses = _DATACLASSES  # type: ignore[assignment]
    protocol.is_dataclass = is_dataclass  # type: ignore[assignment]
    object_patch.ObjectPatch.from_diff = classmethod(from_diff)  # type: ignore[method-assign, assignment]


def installed() -> bool:
    return ORIGINAL_INDEX_KEY is not None and (
        object_patch.DiffBuilder._index_key is index_key
        and object_patch.DiffBuilder._compare_dataclasses is compare_dataclasses
        and object_patch.dataclasses is _DATACLASSES
        and protocol.is_dataclass is is_dataclass
        and object_patch.ObjectPatch.from_diff.__func__ is from_diff  # type: ignore[attr-defined]
    )


def uninstall() -> None:
    if ORIGINAL_INDEX_KEY is not None:
        # Flet's own methods put back where the patch replaced them.
        object_patch.DiffBuilder._index_key = ORIGINAL_INDEX_KEY  # type: ignore[method-assign]
        object_patch.DiffBuilder._compare_dataclasses = ORIGINAL_COMPARE  # type: ignore[method-assign]
        BaseControl._before_update_safe = ORIGINAL_BEFORE_UPDATE  # type: ignore[method-assign]
        object_patch.dataclasses = dataclasses
        protocol.is_dataclass = dataclasses.is_dataclass
        object_patch.ObjectPatch.from_diff = classmethod(ORIGINAL_FROM_DIFF)  # type: ignore[method-assign, assignment]
        object_patch.logger = session.patch_logger = PATCH_LOG
