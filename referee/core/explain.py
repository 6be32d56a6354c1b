"""Pydantic's refusals as one sentence for players (at most 200 characters): which action or
option, which field, and what it must be ("A bid's amount must be from 0 to 5, not 7.").
Used by the record reader (referee.core.record) and by the games for their actions and
options. Kept apart from the record for its length."""

import re
import types
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo
from pydantic_core import ErrorDetails

from referee.core.names import quoted, sentence
from referee.core.words import amount


def explain_validation(exc: ValidationError, what: str, schema: Any = None) -> str:
    """One sentence for players (at most 200 characters) saying why `exc` refused its input.

    `what` is a noun phrase with its article for the thing validated, e.g. "a Fae-ker
    action" or "the Fae-ker options". `schema` is the model or type that was validated
    (a model class, or an annotated union of action models); with it the sentence names
    the action by its `label` ("A bid's amount must be from 0 to 5, not 7.") and a field
    by its title, and gives both bounds of a range.
    """
    try:
        return sentence(_explain(exc.errors(include_url=False), what, schema))
    except Exception:  # an explanation must never be the thing that fails
        return sentence(f"This is not {what}.")


@dataclass
class _Place:
    label: str | None = None  # the nearest thing with a label ("A bid")
    name: str | None = None  # the field, as players read it
    bounds: dict[str, Any] = field(default_factory=dict)
    union: Any = None  # an undiscriminated union the error went into
    depth: int = 0  # how much of `loc` leads to the place
    each: bool = False  # the place is an item of the named list ("each of a hand's cards")


def _explain(errors: list[ErrorDetails], what: str, schema: Any) -> str:
    if not errors:
        return f"This is not {what}."
    first = errors[0]
    loc = tuple(first["loc"])
    place = _place(schema, loc)
    container = place.label or what
    subject = _subject(place, what)
    kind = first["type"]
    shown = quoted(first.get("input"))
    ctx = first.get("ctx") or {}

    if kind == "extra_forbidden":
        return f"This referee does not know {quoted(loc[-1])} in {_lower(container)}."
    if kind == "union_tag_not_found":
        return f"{_upper(what)} must say its {ctx.get('discriminator', 'type')}."
    if kind == "union_tag_invalid":
        given = first.get("input")
        key = str(ctx.get("discriminator", "'type'")).strip("'")
        tag = given.get(key, ctx.get("tag")) if isinstance(given, dict) else ctx.get("tag")
        return (
            f"{_upper(what)}'s {key} must be one of {_cut(ctx.get('expected_tags', ''), 90)}, "
            f"not {quoted(tag)}."
        )
    if kind == "missing":
        verb = "are" if place.name and _plural(place.name) and not place.each else "is"
        return f"{subject} {verb} missing."
    if kind in ("too_short", "too_long") and "actual_length" in ctx:
        low = place.bounds.get("min_length", ctx.get("min_length"))
        high = place.bounds.get("max_length", ctx.get("max_length"))
        count = _range(low, high) or ""
        if place.label and place.name:
            return f"{place.label} must have {count} {place.name}, not {ctx['actual_length']}."
        # The noun agrees with the range's last number: "at most 1 item", "at most 5 items".
        last = (high if high is not None else low) or 0
        items = amount(last, "items").partition(" ")[2]
        return f"{subject} must have {count} {items}, not {ctx['actual_length']}."
    if kind in ("value_error", "assertion_error"):
        message = str(first.get("msg", "")).split(", ", 1)[-1]
        return message if message.endswith(".") else message + "."

    if place.union is not None and len(loc) > place.depth:
        prefix = loc[: place.depth]
        needs: list[str] = []
        for err in errors:
            if tuple(err["loc"])[: place.depth] != prefix or len(err["loc"]) <= place.depth:
                continue
            member = _member(place.union, err["loc"][place.depth])
            need = _need(err, _bounds(member) if member is not None else {})
            if need and need not in needs:
                needs.append(need)
        if needs:
            return f"{subject} must be {' or '.join(needs)}, not {shown}."
    need = _need(first, place.bounds)
    if need:
        return f"{subject} must be {need}, not {shown}."
    return f"{subject} is not valid: {_cut(_lower(str(first.get('msg', ''))), 80)}."


def _subject(place: _Place, what: str) -> str:
    if place.name and place.label:
        if place.label.endswith("ed"):  # "The cards played": no possessive
            subject = f"the {place.name} in {_lower(place.label)}"
        elif _plural(place.label):  # "The guesses' player"
            subject = f"{_lower(place.label)}' {place.name}"
        else:
            subject = f"{_lower(place.label)}'s {place.name}"
    elif place.name:
        subject = place.name
    else:
        return _upper(place.label or what)
    return _upper(f"each of {subject}" if place.each else subject)


def _place(schema: Any, loc: tuple[int | str, ...]) -> _Place:
    place = _Place()
    kind = schema
    for i, part in enumerate(loc):
        kind, meta = _unwrap(kind)
        if meta:
            place.bounds = {**place.bounds, **_bounds_of(meta)}
        if _is_model(kind):
            place.label = getattr(kind, "label", None) or place.label
            info = kind.model_fields.get(part) if isinstance(part, str) else None
            if info is None or not isinstance(part, str):
                place.depth = i
                return place
            place.name = info.title.lower() if info.title and place.label else info.title
            place.name = place.name or part.replace("_", " ")
            place.each = False
            place.bounds = _bounds_of(info.metadata)
            kind = info.annotation
            continue
        members = _members(kind)
        if members:
            tagged = [m for m in members if _tag(m) == part]
            if tagged:
                kind = tagged[0]
                place.label = getattr(_unwrap(kind)[0], "label", None) or place.label
                continue
            place.union, place.depth = members, i
            return place
        origin = get_origin(kind)
        args = get_args(kind)
        if isinstance(part, int) and origin in (list, tuple, set, frozenset, Sequence):
            kind = args[0] if args else Any
            place.bounds = {}
            place.each = i == len(loc) - 1 or _members(_unwrap(kind)[0]) is not None
            continue
        if origin in (dict, Mapping):
            kind = args[1] if len(args) == 2 else Any
            place.bounds = {}
            continue
        place.depth = i
        return place
    kind, meta = _unwrap(kind)
    if meta:
        place.bounds = {**place.bounds, **_bounds_of(meta)}
    place.depth = len(loc)
    return place


def _unwrap(kind: Any) -> tuple[Any, list[Any]]:
    meta: list[Any] = []
    while get_origin(kind) is Annotated:
        kind, *extra = get_args(kind)
        meta += extra
    return kind, meta


def _is_model(kind: Any) -> bool:
    return isinstance(kind, type) and issubclass(kind, BaseModel)


def _members(kind: Any) -> tuple[Any, ...] | None:
    if get_origin(kind) in (Union, types.UnionType):
        return get_args(kind)
    return None


def _tag(member: Any) -> Any:
    model, _ = _unwrap(member)
    if not _is_model(model):
        return None
    for info in model.model_fields.values():
        if get_origin(info.annotation) is Literal and info.default is not None:
            return info.default
    return None


def _member(members: tuple[Any, ...], segment: Any) -> Any:
    """The member of an undiscriminated union that pydantic's loc segment names."""
    segment = str(segment)
    for member in members:
        kind = _unwrap(member)[0]
        if get_origin(kind) is Literal and segment.startswith("literal["):
            return member
        if _is_model(kind) and segment == kind.__name__:
            return member
        if isinstance(kind, type) and segment in (kind.__name__, f"constrained-{kind.__name__}"):
            return member
    return None


def _bounds(member: Any) -> dict[str, Any]:
    return _bounds_of(_unwrap(member)[1])


def _bounds_of(meta: Sequence[Any]) -> dict[str, Any]:
    bounds: dict[str, Any] = {}
    for item in meta:
        if isinstance(item, FieldInfo):
            bounds.update(_bounds_of(item.metadata))
            continue
        for name in ("ge", "le", "gt", "lt", "min_length", "max_length"):
            value = getattr(item, name, None)
            if value is not None:
                bounds[name] = value
    if "gt" in bounds and isinstance(bounds["gt"], int):
        bounds.setdefault("ge", bounds["gt"] + 1)
    if "lt" in bounds and isinstance(bounds["lt"], int):
        bounds.setdefault("le", bounds["lt"] - 1)
    return bounds


_NUMERIC = {
    "less_than_equal",
    "greater_than_equal",
    "less_than",
    "greater_than",
    "int_type",
    "int_parsing",
    "int_from_float",
    "int_parsing_size",
    "float_type",
    "float_parsing",
    "finite_number",
    "multiple_of",
}


def _need(err: ErrorDetails, bounds: dict[str, Any]) -> str | None:
    """What the value must be, as a phrase completing "... must be ___"."""
    kind = err["type"]
    ctx = err.get("ctx") or {}
    if kind in _NUMERIC:
        low = bounds.get("ge", ctx.get("ge", ctx.get("gt")))
        high = bounds.get("le", ctx.get("le", ctx.get("lt")))
        span = _range(low, high)
        whole = kind.startswith("int") or isinstance(low, int) or isinstance(high, int)
        noun = "a whole number" if whole else "a number"
        return f"{noun} {span}" if span else noun
    if kind in ("literal_error", "enum"):
        return _choices(str(ctx.get("expected", ""))) or None
    if kind in ("bool_type", "bool_parsing"):
        return "true or false"
    if kind == "string_type":
        return "text"
    if kind == "string_too_long":
        return f"at most {amount(ctx['max_length'], 'characters')} long"
    if kind == "string_too_short":
        low = ctx.get("min_length", 1)
        return "filled in" if low == 1 else f"at least {amount(low, 'characters')} long"
    if kind in ("list_type", "tuple_type", "set_type", "frozen_set_type", "iterable_type"):
        return "a list"
    if kind in ("dict_type", "model_type", "model_attributes_type", "dataclass_type"):
        return "an object with named fields"
    if kind == "none_required":
        return "null"
    return None


def _choices(expected: str) -> str:
    """pydantic's "'a', 'b' or 'c'", or for a long list "one of 55 values, such as ..."."""
    values = re.findall(r"'(?:[^'\\]|\\.)*'|[^,' ]+", expected.replace(" or ", ", "))
    if len(expected) <= 60 or len(values) < 4:
        return _cut(expected, 100)
    return f"one of {amount(len(values), 'values')}, such as {values[0]} or {values[-1]}"


def _range(low: Any, high: Any) -> str | None:
    if low is not None and high is not None:
        return f"exactly {low}" if low == high else f"from {low} to {high}"
    if low is not None:
        return f"at least {low}"
    if high is not None:
        return f"at most {high}"
    return None


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _plural(words: str) -> bool:
    """Good enough for the project's labels and field names: "cards", "guesses" (not "guess")."""
    return words.endswith("s") and not words.endswith("ss")


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def _lower(text: str) -> str:
    """ "A bid" -> "a bid", "The options" -> "the options"; "AS" or "HJ" stay as they are."""
    return text[:1].lower() + text[1:] if text[1:2].islower() or text[1:2] in ("", " ") else text
