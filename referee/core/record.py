"""The game record: game kind, players in seat order, options and the ordered actions.

The record is the truth; every state is derived from it by replay. Its format is
versioned so a newer file is recognised rather than misread.

Records arrive from outside (`replay`, the Import dialog) and from the store's rows; all
of them go through one bounded, strict reader: `read_json` (size, depth, number and text
limits, before and while parsing) and `parse_record` (exact format and version, no
unknown fields, names cleaned once). Every refusal is an InvalidAction whose reason is one
sentence for players, at most 200 characters, quoting at most a short piece of the input.
`explain_validation` (referee.core.explain) turns pydantic's errors into such sentences
for the games' actions and options too.
"""

import contextlib
import json
import re
import unicodedata
from datetime import datetime
from typing import Annotated, Any, Final, Literal, Optional, Union

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

from referee.core.errors import InvalidAction
from referee.core.explain import explain_validation
from referee.core.names import MAX_NAME_LENGTH, clean_name, quoted, unshowable
from referee.core.record_dates import check_dates_in_order
from referee.core.words import amount

RECORD_FORMAT: Final = "referee-record"
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
    def _exactly_one(cls, value: Any) -> Any:
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
        data: dict[str, Any] = dump(self)
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


def typed_record_model(
    kind: str, options_model: type[BaseModel], action_type: Any
) -> type[BaseModel]:
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
    union: Any = Annotated[Union[tuple(typed_models)], Field(discriminator="game")]  # noqa: UP007
    return TypeAdapter(union).json_schema()


# -- reading JSON, bounded -------------------------------------------------------------

STRING_OR_BRACKET = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]', re.DOTALL)


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
            raise not_utf8(what, exc.start) from None
    if not isinstance(text, str):
        raise InvalidAction(f"{what} must be JSON text.")
    if max_chars is not None and len(text) > max_chars:
        raise _too_large(what, len(text))
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise InvalidAction(f"{what} is empty.")
    depth = 0
    for match in STRING_OR_BRACKET.finditer(text):
        bracket = match.group()
        if bracket in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise too_deep(what)
        elif bracket in "]}":
            depth -= 1
    try:
        data = json.loads(
            text,
            parse_int=parse_int,
            parse_float=parse_float,
            parse_constant=refuse_constant,
            object_pairs_hook=object_of_pairs,
        )
    except json.JSONDecodeError as exc:
        raise not_json(what, exc.msg, exc.lineno, exc.colno) from None
    except RecursionError:  # the scan above should have caught it first
        raise too_deep(what) from None
    except Refused as exc:
        raise InvalidAction(f"{what} {exc.args[0]}") from None
    return checked_texts(data, what)


class Refused(Exception):
    """Raised inside json.loads' hooks; turned into a sentence by read_json."""


def not_utf8(what: str, index: int) -> InvalidAction:
    """The refusal of text whose byte `index` (0-based) is not UTF-8."""
    return InvalidAction(f"{what} is not UTF-8 text (byte {index + 1} cannot be read).")


def not_json(what: str, msg: str, lineno: int, colno: int) -> InvalidAction:
    """The refusal of text that is not JSON, as the json module found it."""
    return InvalidAction(
        f"{what} is not valid JSON: {msg[0].lower()}{msg[1:]} (line {lineno}, column {colno})."
    )


def _too_large(what: str, size: int) -> InvalidAction:
    return InvalidAction(
        f"{what} is too large ({size // 1000:,} kB); a referee record is at most "
        f"{MAX_RECORD_CHARS // 1000:,} kB."
    )


def too_deep(what: str) -> InvalidAction:
    return InvalidAction(
        f"{what} nests lists and objects more than {MAX_DEPTH} deep; a referee record never does."
    )


def parse_int(digits: str) -> int:
    if len(digits) > MAX_NUMBER_CHARS:
        raise Refused(f"holds a number of {len(digits):,} digits; no referee record does.")
    return int(digits)


def parse_float(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS:
        raise Refused(f"holds a number {len(text):,} characters long; no referee record does.")
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise Refused("holds a number too large for any referee record.")
    return value


def refuse_constant(name: str) -> None:
    raise Refused(f"holds {name}, which is not a number JSON allows.")


def object_of_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise Refused(f"names {quoted(key)} twice in one object.")
            seen.add(key)
    return data


def checked_texts(data: Any, what: str) -> Any:
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


def parse_record(data: Any, *, stored: bool = False) -> GameRecord:
    """A record from parsed JSON, checked field by field with a sentence for each fault.
    A record from outside must also have its dates in order; `stored`: the store's own
    row, read as it was kept (its dates were written by this referee, in order)."""
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
        record = GameRecord.model_validate(
            {**data, "players": players, "options": options, "actions": actions}
        )
    except ValidationError as exc:
        raise InvalidAction(explain_validation(exc, "a game record", GameRecord)) from None
    if not stored:
        check_dates_in_order(record.created, record.ended, record.times)
    return record
