"""Building a control without handing every one of its fields to Flet one by one.

Flet 1.0.5 makes each control a dataclass whose generated `__init__` assigns every declared
field, 50 to 60 for most controls, and each public field is a `Prop` descriptor whose
`__set__` (Python code) is called even for the default, only to find it is the default and
store nothing. A game screen is about 100 controls, so building one made some 5,800 such
calls: with 8 devices on a game, about a sixth of the server's time for each of them.

Here each control class gets an `__init__` of the same signature that does the same
assignments in the same order, but skips a Prop field given the default object itself (the
descriptor would have stored nothing: the control is new, and the value equals its
default), and stores any other value as the descriptor does on a new control: into
`_values` when it differs from the default, marked changed (the mark is cleared once the
control is built). That skips some 500 descriptor calls a game screen, 15% of building
it. A page (told of its changes), and a subclass Flet did not prepare, still go through
the descriptor. Everything else (default factories, fields not in `__init__`,
`__post_init__` with its init-only arguments) is written as `dataclasses` writes it.
tests/flet_patches/test_init.py holds every class built both ways to the same fields and the
same values, on real screens too; flet is pinned, and `install` declines any other version.

And one step of every control's `__post_init__` costs far more than it looks: it sets its
class's `__hash__` again, to the same function, each time a control is made. Setting an
attribute of a class makes Python drop what it has learnt about that class (its attribute
cache and the specialised lookups of every function using it), so each Text built undid
that for every Text on screen. Here the class is given its hash the first time only. With
8 devices on a game in one process, seven runs of each way in turns: a device's whole push
12% cheaper at the median (from 3% dearer to 19% cheaper), building its screen about a
fifth cheaper. Control ids come from Flet's counter without its lock: taking the next
number of an `itertools.count` is one step under the GIL already.
"""

import dataclasses
import threading
from collections.abc import Callable
from typing import Any

import flet

from referee.flet_patches.version import known

try:  # private parts of flet 1.0.5
    from flet.controls.base_control import BaseControl
    from flet.controls.id_counter import ControlId
    from flet.controls.page import Page
    from flet.controls.value_types import Prop
except ImportError:  # pragma: no cover - another flet: install declines
    # Never used there (install declines first), so typed as the pinned Flet's names.
    BaseControl = ControlId = Page = Prop = None  # type: ignore[assignment, misc]

# Python's own spelling of these: the generated code is that of `dataclasses` in 3.11-3.13.
_FIELD = getattr(dataclasses, "_FIELD", None)
_FIELD_INITVAR = getattr(dataclasses, "_FIELD_INITVAR", None)

ORIGINALS: dict[type, object] = {}  # class -> the `__init__` dataclasses made for it


# The default a factory-made field shows in the signature: `dataclasses`' own sentinel.
_FACTORY = getattr(dataclasses, "_HAS_DEFAULT_FACTORY", None)


def _generated_init(cls: type) -> bool:
    """Whether `cls.__init__` is the one `dataclasses` wrote for `cls` (not a hand-written
    one, not inherited, and not ours)."""
    init = vars(cls).get("__init__")
    code = getattr(init, "__code__", None)
    return (
        code is not None
        and code.co_filename == "<string>"
        and code.co_name == "__init__"
        and not getattr(init, "_fast", False)
    )


def fast_init(cls: type):
    """An `__init__` for dataclass `cls` that assigns as the generated one does, skipping
    a Prop field's descriptor when given its default object. None if `cls` is not a plain
    generated dataclass of this shape."""
    # What `dataclasses` keeps on a class it made: not in its stubs, which give neither.
    params = cls.__dataclass_params__  # type: ignore[attr-defined]
    if params.frozen or not _generated_init(cls) or None in (_FIELD, _FACTORY):
        return None
    props = vars(cls)["_prop_defaults"]  # the fields Flet made Prop descriptors
    # A Prop field is stored straight into `_values` once `_values` and `_dirty` exist
    # (Flet declares them first for that), unless the class says it changed (a page).
    fields: dict[str, Any] = cls.__dataclass_fields__  # type: ignore[attr-defined]
    order = list(fields)
    direct = (
        order[:2] == ["_values", "_dirty"]
        and not hasattr(cls, "_notify")
        and cls.__setattr__ is object.__setattr__
        and not issubclass(cls, Page)
    )
    names: dict[str, object] = {"_FACTORY": _FACTORY, "__cls": cls}
    positional: list[str] = []
    keyword: list[str] = []
    body: list[str] = []
    post_args: list[str] = []
    for f in fields.values():
        kind = f._field_type
        if kind not in (_FIELD, _FIELD_INITVAR):
            continue  # a ClassVar
        has_default = f.default is not dataclasses.MISSING
        has_factory = f.default_factory is not dataclasses.MISSING
        if has_factory:
            names[f"__f_{f.name}"] = f.default_factory
        if has_default:
            names[f"__d_{f.name}"] = f.default
        if kind is _FIELD_INITVAR:
            post_args.append(f.name)
        if f.init:
            if has_factory:
                param = f"{f.name}=_FACTORY"
            elif has_default:
                param = f"{f.name}=__d_{f.name}"
            else:
                param = f.name
            (keyword if f.kw_only else positional).append(param)
        if kind is _FIELD_INITVAR:
            continue
        if not f.init:
            # As dataclasses does: a factory's value is set; a plain default stays the
            # class's own.
            if has_factory:
                body.append(f"self.{f.name} = __f_{f.name}()")
            if f.name == "_dirty" and direct:
                # A subclass Flet did not prepare (its own setter, `_notify`) inherits
                # this `__init__`: its values go through `setattr`, as Flet's would.
                body.append("_v, _d = self._values, self._dirty")
                body.append("if type(self) is not __cls: _v = None")
            continue
        if has_factory:
            value = f"__f_{f.name}() if {f.name} is _FACTORY else {f.name}"
            body.append(f"self.{f.name} = {value}")
        elif has_default and f.name in props and direct and props[f.name] is f.default:
            # What the descriptor does for a new control: store a value that is not
            # the default, and mark it changed (cleared once the control is built).
            body.append(f"if {f.name} is not __d_{f.name}:")
            body.append(f"    if _v is None: self.{f.name} = {f.name}")
            body.append(
                f"    elif not {f.name} == __d_{f.name}: "
                f"_v['{f.name}'] = {f.name}; _d['{f.name}'] = None"
            )
        elif has_default and f.name in props:
            body.append(f"if {f.name} is not __d_{f.name}: self.{f.name} = {f.name}")
        else:
            body.append(f"self.{f.name} = {f.name}")
    if hasattr(cls, "__post_init__"):
        body.append(f"self.__post_init__({', '.join(post_args)})")
    signature = ", ".join(["self", *positional, *(["*", *keyword] if keyword else [])])
    source = f"def __init__({signature}):\n" + "".join(f"    {line}\n" for line in body or ["pass"])
    namespace: dict = {}
    exec(source, names, namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__doc__ = vars(cls)["__init__"].__doc__
    init._fast = True
    return init


def _classes(base: type):
    todo = [base]
    while todo:
        cls = todo.pop()
        yield cls
        todo.extend(cls.__subclasses__())


_patching = threading.Lock()  # the first page and the screens' import thread may both load


def _patch_loaded() -> None:
    with _patching:
        for cls in _classes(BaseControl):
            if cls in ORIGINALS or "_prop_defaults" not in vars(cls):
                continue
            init = fast_init(cls)
            if init is not None:
                ORIGINALS[cls] = vars(cls)["__init__"]
                cls.__init__ = init


def _post_init(self, ref):
    """`BaseControl.__post_init__` of flet 1.0.5, setting the class's hash once only. Its
    code takes the place of Flet's (every control class's `__post_init__` reaches Flet's
    function object), and runs among Flet's names (`BaseControl`, `ControlId`)."""
    cls = self.__class__
    if cls.__dict__.get("__hash__") is not BaseControl.__hash__:
        cls.__hash__ = BaseControl.__hash__
    self._i = ControlId.next()
    if not hasattr(self, "_c") or self._c is None:
        cls_name = f"{self.__class__.__module__}.{self.__class__.__qualname__}"
        raise ValueError(
            f"Control {cls_name} must have @control decorator with type_name specified."
        )
    if ref is not None:
        ref.current = self
    self.init()
    self._dirty.clear()


POST_INIT = getattr(getattr(BaseControl, "__post_init__", None), "__code__", None)


def _post_init_as_known() -> bool:
    """Whether Flet's `__post_init__` is the one `_post_init` was written from."""
    code = POST_INIT
    return (
        code is not None
        and code.co_varnames[:2] == ("self", "ref")
        and not code.co_freevars
        and {"__hash__", "ControlId", "next", "init", "_dirty"} <= set(code.co_names)
    )


# flet's own lazy `__getattr__`, while ours stands in front of it
_LAZY: Callable[[str], Any] | None = None


def _lazy_getattr(name: str) -> Any:
    assert _LAZY is not None  # ours is flet's `__getattr__` only while flet's is kept here
    value = _LAZY(name)
    _patch_loaded()  # the classes that access just loaded
    return value


def install() -> None:
    """Give every control class the faster `__init__` (once flet is the pinned version it
    was checked on): those loaded now, and each one flet loads later (flet imports a
    control's module on first use of its name)."""
    global _LAZY
    if not known() or BaseControl is None or _LAZY is not None:
        return
    _patch_loaded()
    _LAZY = vars(flet)["__getattr__"]
    flet.__getattr__ = _lazy_getattr
    if _post_init_as_known():
        BaseControl.__post_init__.__code__ = _post_init.__code__
        # The same numbers, without the lock: Flet's method replaced on purpose.
        ControlId.next = ControlId._counter.__next__  # type: ignore[method-assign]


def installed() -> bool:
    return _LAZY is not None and vars(flet).get("__getattr__") is _lazy_getattr and bool(ORIGINALS)


def uninstall() -> None:
    global _LAZY
    with _patching:
        if _LAZY is not None:
            flet.__getattr__ = _LAZY
            _LAZY = None
        for cls, init in ORIGINALS.items():
            # Each class's own `__init__` given back, as `dataclasses` made it for it.
            cls.__init__ = init  # type: ignore[misc]
        ORIGINALS.clear()
        if POST_INIT is not None:
            BaseControl.__post_init__.__code__ = POST_INIT
            vars(ControlId).pop("next", None)
