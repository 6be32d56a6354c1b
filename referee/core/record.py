"""The game record: game kind, players in seat order, options and the ordered actions.

The record is the truth; every state is derived from it by replay. Its format is
versioned so a newer file is recognised rather than misread.

Records arrive from outside (`replay`, the Import dialog) and from the store's rows; all
of them go through one bounded, strict reader: `read_json` (size, depth, number and text
limits, before and while parsing) and `parse_record` (exact format and version, no
unknown fields, names cleaned once). Every refusal is an InvalidAction whose reason is one
sentence for players, at most 200 characters, quoting at most a short piece of the input.
`explain_validation` turns pydantic's errors into such sentences for the games' actions
and options too.
"""

import contextlib
import json
import re
import types
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Annotated, Any, Literal, Optional, Union, get_args, get_origin

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    TypeAdapter,
    ValidationError,
    field_validator,
    model_serializer,
    model_validator,
)
from pydantic.fields import FieldInfo

from referee.core.errors import InvalidAction
from referee.core.names import MAX_NAME_LENGTH, clean_name, quoted, sentence, unshowable
from referee.core.words import amount

RECORD_FORMAT = "referee-record"
RECORD_VERSION = 1

MAX_RECORD_CHARS = 2_000_000  # characters (and bytes) of a record's JSON text
MAX_DEPTH = 16  # nesting of [ and {; a record needs 6
MAX_NUMBER_CHARS = 18  # a number's characters in the JSON text (sign, digits, point)
MAX_TEXT = 200  # characters of any one text in a record (names are shorter still)
MAX_PLAYERS = 12
# When the game was played: optional, so a record from before them still loads, and never
# part of what the game is (two records of the same game at other times are one game).
DATE_FIELDS = ("created", "changed", "ended", "times")
RECORD_FIELDS = ("format", "version", "game", "players", "options", "actions", *DATE_FIELDS)
_GAME_KIND = re.compile(r"[a-z][a-z0-9_-]{0,39}")
# UTC only ("Z" or "+00:00"), to the second or finer: every referee reads the same moment.
STAMP_PATTERN = r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|\+00:00)$"
_STAMP = re.compile(STAMP_PATTERN)
DATE_DESCRIPTIONS = {
    "created": "When the game was started: ISO 8601 in UTC, e.g. 2025-03-01T19:30:00+00:00.",
    "changed": "When the game last changed (an action, an undo, an edit), ISO 8601 in UTC.",
    "ended": "When the game was first over, ISO 8601 in UTC; absent while it goes on.",
    "times": "When each action was entered, ISO 8601 in UTC, one per action in the same "
    "order (null where not known).",
}

PlayerName = Annotated[str, AfterValidator(clean_name)]


def stamp(value: str) -> str:
    """A moment in UTC as the store keeps it (2025-03-01T19:30:00+00:00); ValueError with
    a sentence for anything else."""
    moment = None
    if _STAMP.fullmatch(value):
        with contextlib.suppress(ValueError):
            moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    if moment is None:
        raise ValueError(
            f"A record's dates and times are ISO 8601 in UTC, such as "
            f"2025-03-01T19:30:00+00:00, not {quoted(value)}."
        )
    return moment.isoformat()


Stamp = Annotated[str, AfterValidator(stamp)]


class GameRecord(BaseModel):
    """A record as the referee keeps it. Built in code or by `parse_record`; either way
    the names are clean and nothing unknown is kept."""

    model_config = ConfigDict(extra="forbid", strict=True)

    format: Literal["referee-record"] = RECORD_FORMAT
    version: int = RECORD_VERSION
    game: str = Field(min_length=1, max_length=40)
    players: list[PlayerName] = Field(max_length=MAX_PLAYERS)
    options: dict[str, Any] = Field(default_factory=dict)
    actions: list[dict[str, Any]] = Field(default_factory=list)
    created: Stamp | None = None
    changed: Stamp | None = None
    ended: Stamp | None = None
    times: list[Stamp | None] | None = None  # one per action

    @field_validator("version", mode="before")
    @classmethod
    def _exactly_one(cls, value: Any) -> int:
        _check_version(value)
        return value

    @model_validator(mode="after")
    def _a_time_per_action(self) -> "GameRecord":
        if self.times is not None and len(self.times) != len(self.actions):
            times, actions = len(self.times), len(self.actions)
            raise ValueError(
                f"A record's times are one per action: {times} time{'s' * (times != 1)} "
                f"for {actions} action{'s' * (actions != 1)}."
            )
        return self

    @model_serializer(mode="wrap")
    def _dates_when_known(self, dump: SerializerFunctionWrapHandler) -> dict[str, Any]:
        # A record without dates reads as it did before there were any.
        data = dump(self)
        for name in DATE_FIELDS:
            if data.get(name, 0) is None:
                del data[name]
        return data

    def dates(self) -> dict[str, Any]:
        """The record's dates, to carry over to another record of the same game."""
        return {name: getattr(self, name) for name in DATE_FIELDS}

    def undated(self) -> "GameRecord":
        """The game itself: the same record without when it was played."""
        return self.model_copy(update=dict.fromkeys(DATE_FIELDS))


def typed_record_model(kind: str, options_model: type[BaseModel], action_type: Any):
    """A record model for one game, so the published JSON Schema names every action."""
    name = Annotated[str, Field(min_length=1, max_length=MAX_NAME_LENGTH)]
    stamp_text = Annotated[str, Field(pattern=STAMP_PATTERN)]
    return type(
        f"{kind.title().replace('-', '')}Record",
        (BaseModel,),
        {
            "__annotations__": {
                "format": Literal["referee-record"],
                "version": Literal[1],
                "game": Literal[kind],
                "players": Annotated[list[name], Field(max_length=MAX_PLAYERS)],
                "options": options_model,
                "actions": list[action_type],
                "created": Optional[stamp_text],  # noqa: UP045 - a type built at run time
                "changed": Optional[stamp_text],  # noqa: UP045
                "ended": Optional[stamp_text],  # noqa: UP045
                "times": Optional[list[Optional[stamp_text]]],  # noqa: UP045
            },
            "model_config": ConfigDict(extra="forbid"),
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "options": Field(default_factory=options_model),
            "actions": Field(default_factory=list),
            **{
                name: Field(default=None, description=DATE_DESCRIPTIONS[name])
                for name in DATE_FIELDS
            },
        },
    )


def record_schema(typed_models: list[type[BaseModel]]) -> dict[str, Any]:
    if len(typed_models) == 1:
        return TypeAdapter(typed_models[0]).json_schema()
    union = Annotated[Union[tuple(typed_models)], Field(discriminator="game")]  # noqa: UP007
    return TypeAdapter(union).json_schema()


# -- reading JSON, bounded -------------------------------------------------------------

_STRING_OR_BRACKET = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]', re.DOTALL)


def read_json(
    text: str | bytes, what: str = "The record", max_chars: int | None = MAX_RECORD_CHARS
) -> Any:
    """Parse JSON text from outside, refusing with one sentence (InvalidAction) what a
    referee record never holds: more than MAX_RECORD_CHARS, nesting deeper than
    MAX_DEPTH, numbers longer than MAX_NUMBER_CHARS characters, NaN or Infinity, a key
    twice in one object, texts longer than MAX_TEXT or holding controls, line breaks or
    lone surrogates. Texts come back in NFC. `what` starts the sentences ("The record").
    `max_chars=None` lifts the size limit only: for the store's own rows, read at once."""
    if isinstance(text, bytes | bytearray):
        if max_chars is not None and len(text) > max_chars:
            raise _too_large(what, len(text))
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InvalidAction(
                f"{what} is not UTF-8 text (byte {exc.start + 1} cannot be read)."
            ) from None
    if not isinstance(text, str):
        raise InvalidAction(f"{what} must be JSON text.")
    if max_chars is not None and len(text) > max_chars:
        raise _too_large(what, len(text))
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise InvalidAction(f"{what} is empty.")
    depth = 0
    for match in _STRING_OR_BRACKET.finditer(text):
        bracket = match.group()
        if bracket in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise _too_deep(what)
        elif bracket in "]}":
            depth -= 1
    try:
        data = json.loads(
            text,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_parse_constant,
            object_pairs_hook=_object,
        )
    except json.JSONDecodeError as exc:
        raise InvalidAction(
            f"{what} is not valid JSON: {exc.msg[0].lower()}{exc.msg[1:]} "
            f"(line {exc.lineno}, column {exc.colno})."
        ) from None
    except RecursionError:  # the scan above should have caught it first
        raise _too_deep(what) from None
    except _Refused as exc:
        raise InvalidAction(f"{what} {exc.args[0]}") from None
    return _checked_texts(data, what)


class _Refused(Exception):
    """Raised inside json.loads' hooks; turned into a sentence by read_json."""


def _too_large(what: str, size: int) -> InvalidAction:
    return InvalidAction(
        f"{what} is too large ({size // 1000:,} kB); a referee record is at most "
        f"{MAX_RECORD_CHARS // 1000:,} kB."
    )


def _too_deep(what: str) -> InvalidAction:
    return InvalidAction(
        f"{what} nests lists and objects more than {MAX_DEPTH} deep; a referee record never does."
    )


def _parse_int(digits: str) -> int:
    if len(digits) > MAX_NUMBER_CHARS:
        raise _Refused(f"holds a number of {len(digits):,} digits; no referee record does.")
    return int(digits)


def _parse_float(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS:
        raise _Refused(f"holds a number {len(text):,} characters long; no referee record does.")
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise _Refused("holds a number too large for any referee record.")
    return value


def _parse_constant(name: str) -> None:
    raise _Refused(f"holds {name}, which is not a number JSON allows.")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))
        raise _Refused(f"names {quoted(twice)} twice in one object.")
    return data


def _checked_texts(data: Any, what: str) -> Any:
    """Check every text (keys too) without recursion; NFC-normalise them in place."""

    def check(text: str) -> str:
        if len(text) > MAX_TEXT:
            raise InvalidAction(
                f"{what} holds a text of {len(text):,} characters ({quoted(text, 20)}); "
                f"the longest a referee record holds is {MAX_TEXT}."
            )
        bad = unshowable(text)
        if bad is not None:
            raise InvalidAction(
                f"{what} holds a character that cannot be shown (U+{ord(bad):04X}) "
                f"in {quoted(text, 30)}."
            )
        return (
            text if unicodedata.is_normalized("NFC", text) else unicodedata.normalize("NFC", text)
        )

    if isinstance(data, str):
        return check(data)
    stack = [data] if isinstance(data, dict | list) else []
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            items = list(node.items())
            node.clear()
            for key, value in items:
                if isinstance(value, str):
                    value = check(value)
                elif isinstance(value, dict | list):
                    stack.append(value)
                node[check(key)] = value
        else:
            for i, value in enumerate(node):
                if isinstance(value, str):
                    node[i] = check(value)
                elif isinstance(value, dict | list):
                    stack.append(value)
    return data


# -- the record ------------------------------------------------------------------------

# The example of a game's short name in a refusal: the registry's first game, named here by
# the registry as it loads (referee/games/__init__.py), for core names and imports no game.
example_game = ""


def load_record_text(text: str | bytes) -> GameRecord:
    """A record from outside (a file, standard input, the Import dialog): bounded JSON,
    then the strict record checks. Raises InvalidAction with one sentence."""
    return parse_record(read_json(text, "The record"))


def _check_version(version: Any) -> None:
    if type(version) is int and version > RECORD_VERSION:
        raise InvalidAction(
            f"This record was made by a newer referee (format {quoted(version)}); this one "
            f"reads format {RECORD_VERSION}. Update referee to open it."
        )
    if type(version) is not int or version != RECORD_VERSION:
        raise InvalidAction(
            f"This record's version must be the number {RECORD_VERSION}, not {quoted(version)}."
        )


def parse_record(data: Any) -> GameRecord:
    """A record from parsed JSON, checked field by field with a sentence for each fault."""
    if not isinstance(data, dict):
        raise InvalidAction(
            f'This is not a referee record: a record is a JSON object with "format": '
            f'"referee-record", not {quoted(data)}.'
        )
    if "format" not in data:
        raise InvalidAction('This is not a referee record: it has no "format": "referee-record".')
    if data["format"] != RECORD_FORMAT:
        raise InvalidAction(
            f"This is not a referee record: its format is {quoted(data['format'])}, "
            "not 'referee-record'."
        )
    if "version" not in data:
        raise InvalidAction(
            f'This record has no version; a referee record says "version": {RECORD_VERSION}.'
        )
    _check_version(data["version"])
    unknown = [key for key in data if key not in RECORD_FIELDS]
    if unknown:
        more = f" (and {len(unknown) - 1} more)" if len(unknown) > 1 else ""
        raise InvalidAction(
            f"This record has a field this referee does not know: {quoted(unknown[0])}{more}."
        )
    game = data.get("game")
    if game is None:
        raise InvalidAction('This record does not say which game it is ("game").')
    if not isinstance(game, str) or not _GAME_KIND.fullmatch(game):
        example = f", such as '{example_game}'," if example_game else ""
        raise InvalidAction(
            f"This record's game must be a game's short name{example} not {quoted(game)}."
        )
    players = data.get("players")
    if not isinstance(players, list):
        raise InvalidAction(
            f"This record's players must be a list of names, not {quoted(players)}."
        )
    if len(players) > MAX_PLAYERS:
        raise InvalidAction(
            f"This record has {amount(len(players), 'players')}; a referee table seats at most "
            f"{MAX_PLAYERS}."
        )
    players = [clean_name(name) for name in players]
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise InvalidAction(
            f"This record's options must be an object with named fields, not {quoted(options)}."
        )
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise InvalidAction(f"This record's actions must be a list, not {quoted(actions)}.")
    for index, action in enumerate(actions):
        if not isinstance(action, dict):
            raise InvalidAction(
                f"Action {index + 1} of the record must be an object with named fields, "
                f"not {quoted(action)}."
            )
    try:
        return GameRecord.model_validate(
            {**data, "players": players, "options": options, "actions": actions}
        )
    except ValidationError as exc:
        raise InvalidAction(explain_validation(exc, "a game record", GameRecord)) from None


# -- pydantic's errors as sentences ----------------------------------------------------


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


def _explain(errors: list[dict], what: str, schema: Any) -> str:
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


def _place(schema: Any, loc: tuple) -> _Place:
    place = _Place()
    kind = schema
    for i, part in enumerate(loc):
        kind, meta = _unwrap(kind)
        if meta:
            place.bounds = {**place.bounds, **_bounds_of(meta)}
        if _is_model(kind):
            place.label = getattr(kind, "label", None) or place.label
            info = kind.model_fields.get(part) if isinstance(part, str) else None
            if info is None:
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


def _unwrap(kind: Any) -> tuple[Any, list]:
    meta: list = []
    while get_origin(kind) is Annotated:
        kind, *extra = get_args(kind)
        meta += extra
    return kind, meta


def _is_model(kind: Any) -> bool:
    return isinstance(kind, type) and issubclass(kind, BaseModel)


def _members(kind: Any) -> tuple | None:
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


def _member(members: tuple, segment: Any) -> Any:
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


def _bounds_of(meta: Sequence) -> dict[str, Any]:
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


def _need(err: dict, bounds: dict[str, Any]) -> str | None:
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
        return f"at most {amount(ctx.get('max_length'), 'characters')} long"
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
