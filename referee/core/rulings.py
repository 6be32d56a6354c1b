"""Rulings: how the referee reads each rule, with a stable id every verdict can cite.

Each ruling also says whose rule it is, a fact held once beside it: the printed rules, the
referee's reading where the printed rules are silent, or a house rule a table turned on;
and which option, by the title the table sees at setup, changes it. What now?, verdicts and
the rules screen say it in those words, never by the ruling's id."""

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Literal, cast

from pydantic import BaseModel, ConfigDict

# "printed": the rulebook says so; "reading": the rulebook is silent (or unclear) and this
# is how the referee reads it; "house": not in the rulebook, a table's house option.
Source = Literal["printed", "reading", "house"]


class Ruling(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    title: str
    text: str
    source: Source  # whose rule it is: no default, so every ruling says it
    option: str | None = None  # the option field that switches this ruling, if any
    when: Any = None  # ...and the value of that field under which this ruling is in force
    # The option field a table sets to play otherwise (the house rule beside a default
    # reading, a castle's value); None when no option changes it. A ruling in force only
    # under one setting of `option` (a variant's) and changed by none says that setting.
    changed_by: str | None = None

    def in_force(self, options: BaseModel) -> bool:
        return self.option is None or getattr(options, self.option) == self.when


@dataclass(frozen=True)
class Cited:
    """A ruling as a player reads it: whose it is, and its words."""

    id: str  # for the record and the JSON only; never shown on its own
    source: Source
    option: str | None  # the title of the option that changes it, or that it is under
    whose: str  # "The referee's reading (the rules are silent; option '…' changes it)"
    title: str
    text: str

    @property
    def words(self) -> str:
        """In full: "The printed rules: With a 1, 2 or 3 on top, a bid counts …"."""
        return f"{self.whose}: {self.text}"

    @property
    def short(self) -> str:
        """As a verdict cites it: "Passing is final — the referee's reading (…)"."""
        return f"{self.title} — {self.whose[0].lower()}{self.whose[1:]}"


def whose_words(source: Source, option: str | None, setting: str | None = None) -> str:
    """Whose rule it is, in words. `option`: the title of the option that changes the
    ruling or, with `setting`, of the one under whose setting it is in force."""
    notes = ["the rules are silent"] if source == "reading" else []
    if option:
        notes.append(
            f"option '{option}': {setting}" if setting else f"option '{option}' changes it"
        )
    head = {"printed": "The printed rules", "reading": "The referee's reading"}.get(
        source, "A house rule"
    )
    return f"{head} ({'; '.join(notes)})" if notes else head


class RulingBook:
    """The rulings of one game, looked up by id; `options`: the game's options model,
    whose field titles name the option that changes a ruling."""

    def __init__(self, rulings: list[Ruling], options: type[BaseModel] | None = None) -> None:
        self._by_id = {r.id: r for r in rulings}
        if len(self._by_id) != len(rulings):
            raise ValueError("duplicate ruling id")
        fields = options.model_fields if options is not None else {}
        for r in rulings:
            for name in (r.option, r.changed_by):
                if name is not None and name not in fields:
                    raise ValueError(f"{r.id}: no option {name!r}")
            if r.source == "house" and r.option is None:
                raise ValueError(f"{r.id}: a house rule names the option that turns it on")
        self._titles = {name: f.title or name for name, f in fields.items()}
        # Each choice option's labels, by the value chosen (the field's extra "labels").
        self._labels: dict[str, dict[Any, str]] = {
            name: cast(dict[Any, str], (f.json_schema_extra or {}).get("labels", {}))
            for name, f in fields.items()
            if isinstance(f.json_schema_extra, dict)
        }

    def __getitem__(self, ruling_id: str) -> Ruling:
        return self._by_id[ruling_id]

    def __iter__(self) -> Iterator[Ruling]:
        return iter(self._by_id.values())

    def ids(self) -> tuple[str, ...]:
        return tuple(self._by_id)

    def cited(self, ruling_id: str) -> Cited:
        r = self._by_id[ruling_id]
        name = r.changed_by or r.option
        option = self._titles[name] if name else None
        whose = whose_words(r.source, option, self._setting(r))
        return Cited(r.id, r.source, option, whose, r.title, r.text)

    def _setting(self, r: Ruling) -> str | None:
        """The setting under which a ruling no option changes is in force: 'on', 'off',
        or the label of its choice."""
        if r.changed_by is not None or r.option is None:
            return None
        if isinstance(r.when, bool):
            return "on" if r.when else "off"
        return self._labels.get(r.option, {}).get(r.when, str(r.when))

    def whose(self, ruling_id: str) -> str:
        return self.cited(ruling_id).whose

    def cite(self, ruling_id: str) -> str:
        """The ruling as a verdict's Why? says it: its title and whose it is."""
        return self.cited(ruling_id).short
