"""Flet's MessagePack encoder of controls, with what it works out per class kept per class.

Every message sent hands each control, value object and enum in it to Flet 1.0.5's
encoder, one call each: about 120 calls for a device's push of a bid, half of them enums
(every patch operation's code is one). For each control, the encoder looked up its class's
defaults again, walking the class's ancestry for each of `_i` and `_c`; for each enum it
first asked whether it was a dataclass. Here what a class needs is worked out once: an
enum gives its value at once, and a control or value object is written out from its
class's plan. Anything else goes to Flet's own encoder.

Installed, it is the encoder Flet's web server takes for each message it sends (its own
`send_message`, or send.py's). The output is Flet's, byte for byte, and so are the
snapshots it leaves on each object for the next diff (tests/ui/test_flet_encode.py holds
the two to that on every game's screens).
"""

from enum import Enum
from typing import Any

import flet
from flet import BaseControl
from flet.messaging.protocol import configure_encode_object_for_msgpack

from referee.flet_patches.diff import is_dataclass
from referee.flet_patches.walk import FLET_VERSION

try:  # private parts of flet 1.0.5: another version may lack them (then Flet's own encoder)
    from flet.controls.value_types import _UNSET, Value
    from flet.messaging.protocol import _get_root_dataclass_field as _root_field
except ImportError:
    _root_field = None
try:  # flet-web's server, which asks for an encoder for each message it sends
    from flet_web.fastapi import flet_app

    ORIGINAL = flet_app.configure_encode_object_for_msgpack
except (ImportError, AttributeError):  # pragma: no cover - flet-web comes with flet[web]
    flet_app = ORIGINAL = None

_ENUM = object()  # an enum: its value
_FLETS = object()  # a class Flet's encoder takes the long way: left to it


def _plan(cls: type) -> Any:
    """What writing out an instance of `cls` needs: Flet's fast path's class lookups."""
    if issubclass(cls, Enum) and not hasattr(cls, "__dataclass_fields__"):
        return _ENUM  # (an enum that is also a dataclass is written as a dataclass)
    structural = getattr(cls, "_structural_fields", None)
    if (
        not hasattr(cls, "__dataclass_fields__")
        or structural is None
        or not issubclass(cls, (BaseControl, Value))
    ):
        return _FLETS
    declared = cls.__dataclass_fields__
    fields = []
    for name in structural:  # Flet's order: the same frozenset, walked the same way
        field = declared.get(name)
        default = field.default if field is not None else _UNSET
        root = _root_field(cls, name)
        if root is not None:
            default = root.default
        fields.append((name, default))
    return (
        getattr(cls, "_event_fields", frozenset()),
        getattr(cls, "_root_defaults", {}),
        tuple(getattr(cls, "_override_props", {}).items()),
        tuple(fields),
    )


def encoder():
    """An encoder for `msgpack.packb(default=...)` that writes what Flet's writes."""
    flets = configure_encode_object_for_msgpack(BaseControl)
    if _root_field is None:
        return flets
    plans: dict[type, Any] = {}

    def encode(obj: Any) -> Any:
        cls = type(obj)
        plan = plans.get(cls)
        if plan is None:
            plan = plans[cls] = _plan(cls)
        if plan is _ENUM:
            return obj.value
        values = None if plan is _FLETS else getattr(obj, "_values", None)
        if values is None:
            return flets(obj)
        events, root_defaults, overrides, fields = plan
        out: dict = {}
        lists: dict = {}
        dicts: dict = {}
        classes: dict = {}
        for name, value in values.items():
            if value is None:
                continue
            root_default = root_defaults.get(name, _UNSET)
            if root_default is not _UNSET and value == root_default:
                continue
            if is_dataclass(value):
                out[name] = classes[name] = value
            elif isinstance(value, list):
                out[name] = lists[name] = value[:]
            elif isinstance(value, dict):
                out[name] = dicts[name] = value.copy()
            else:
                out[name] = True if name in events else value
        for name, value in overrides:
            if name not in out and value is not None:
                out[name] = value
        for name, default in fields:
            value = getattr(obj, name)
            if isinstance(value, list):
                lists[name] = value = value[:]
                if value:
                    out[name] = value
            elif isinstance(value, dict):
                dicts[name] = value = value.copy()
                if value:
                    out[name] = value
            elif is_dataclass(value):
                out[name] = classes[name] = value
            elif value is not None and value != default:
                out[name] = value
        if not hasattr(obj, "_frozen"):
            # The snapshots the next diff compares with, as Flet's encoder leaves them.
            setattr(obj, "__prev_lists", lists)
            setattr(obj, "__prev_dicts", dicts)
            setattr(obj, "__prev_classes", classes)
        return out

    return encode


_SHARED = None  # one encoder for every message: its plans are kept across messages


def _ours(_base: type):
    return _SHARED


def install() -> None:
    """Give Flet's web server this encoder (once flet is the pinned version)."""
    global _SHARED
    if flet.__version__ != FLET_VERSION or ORIGINAL is None or _root_field is None:
        return  # another flet: its own encoder
    if _SHARED is None:
        _SHARED = encoder()
    flet_app.configure_encode_object_for_msgpack = _ours


def uninstall() -> None:
    if ORIGINAL is not None:
        flet_app.configure_encode_object_for_msgpack = ORIGINAL
