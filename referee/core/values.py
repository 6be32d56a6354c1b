"""Base classes for the records' value objects: frozen, and strict about unknown fields."""

from pydantic import BaseModel, ConfigDict


class Value(BaseModel):
    """Options, actions and their parts: immutable, and a typo'd field is an error."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Snapshot(BaseModel):
    """A game state: immutable; rules make new ones with model_copy."""

    model_config = ConfigDict(frozen=True)
