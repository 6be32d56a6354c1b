"""Rulings: how the referee reads each rule, with a stable id every verdict can cite."""

from typing import Any

from pydantic import BaseModel, ConfigDict


class Ruling(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    title: str
    text: str
    option: str | None = None  # the option field that switches this ruling, if any
    when: Any = None  # ...and the value of that field under which this ruling is in force

    def in_force(self, options: BaseModel) -> bool:
        return self.option is None or getattr(options, self.option) == self.when


class RulingBook:
    """The rulings of one game, looked up by id."""

    def __init__(self, rulings: list[Ruling]) -> None:
        self._by_id = {r.id: r for r in rulings}
        if len(self._by_id) != len(rulings):
            raise ValueError("duplicate ruling id")

    def __getitem__(self, ruling_id: str) -> Ruling:
        return self._by_id[ruling_id]

    def __iter__(self):
        return iter(self._by_id.values())

    def cite(self, ruling_id: str) -> str:
        ruling = self._by_id[ruling_id]
        return f"{ruling.id}: {ruling.title}"
