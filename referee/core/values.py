"""Base classes for the records' value objects: frozen, and strict about unknown fields
and about JSON types."""

from typing import Any

from pydantic import BaseModel, ConfigDict, model_validator


def _tuples(value: Any) -> Any:
    return tuple(_tuples(item) for item in value) if isinstance(value, list) else value


class Value(BaseModel):
    """Options, actions, disputes and their parts: immutable, a typo'd field is an error,
    and a value is exactly the JSON type the schema names. Strict mode never converts: "3",
    3.0 or true is no integer, 1 or "yes" no boolean, whoever sent it (a record, an import,
    `replay`, `edit`, `settle`, the app).

    Strict mode would also refuse a JSON array where a model holds a tuple; an array is
    what JSON has for one, so lists become tuples before validation, and only lists."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    @model_validator(mode="before")
    @classmethod
    def _arrays_as_tuples(cls, data: Any) -> Any:
        if isinstance(data, dict) and any(isinstance(v, list) for v in data.values()):
            return {key: _tuples(value) for key, value in data.items()}
        return data


class Snapshot(BaseModel):
    """A game state: immutable; rules make new ones with model_copy."""

    model_config = ConfigDict(frozen=True)
