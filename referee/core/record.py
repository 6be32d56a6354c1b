"""The game record: game kind, players in seat order, options and the ordered actions.

The record is the truth; every state is derived from it by replay. Its format is
versioned so a newer file is recognised rather than misread.
"""

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, Field, TypeAdapter, ValidationError

from referee.core.errors import InvalidAction

RECORD_FORMAT = "referee-record"
RECORD_VERSION = 1


class GameRecord(BaseModel):
    format: Literal["referee-record"] = RECORD_FORMAT
    version: int = RECORD_VERSION
    game: str
    players: list[str]
    options: dict[str, Any] = Field(default_factory=dict)
    actions: list[dict[str, Any]] = Field(default_factory=list)


def typed_record_model(kind: str, options_model: type[BaseModel], action_type: Any):
    """A record model for one game, so the published JSON Schema names every action."""
    return type(
        f"{kind.title().replace('-', '')}Record",
        (BaseModel,),
        {
            "__annotations__": {
                "format": Literal["referee-record"],
                "version": Literal[1],
                "game": Literal[kind],
                "players": list[str],
                "options": options_model,
                "actions": list[action_type],
            },
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "options": Field(default_factory=options_model),
            "actions": Field(default_factory=list),
        },
    )


def record_schema(typed_models: list[type[BaseModel]]) -> dict[str, Any]:
    if len(typed_models) == 1:
        return TypeAdapter(typed_models[0]).json_schema()
    union = Annotated[Union[tuple(typed_models)], Field(discriminator="game")]  # noqa: UP007
    return TypeAdapter(union).json_schema()


def parse_record(data: Any) -> GameRecord:
    if isinstance(data, dict) and data.get("format") == RECORD_FORMAT:
        version = data.get("version")
        if isinstance(version, int) and version > RECORD_VERSION:
            raise InvalidAction(
                f"This record was written by a newer referee (format {version}); "
                f"this one reads format {RECORD_VERSION}."
            )
    try:
        return GameRecord.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "record"
        raise InvalidAction(f"Not a referee record: {where}: {first['msg']}.") from exc
