"""A game in play: the record, the derived state, and undo/redo as a log.

Applying an action is pure (rules.apply); a session only keeps the list. Undo drops the
last action and recomputes by replay, so no rule ever needs an inverse.
"""

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from referee.core.errors import RefereeError
from referee.core.names import sentence
from referee.core.record import GameRecord
from referee.core.rules import GameRules
from referee.core.verdict import Verdict


class ReplayError(RefereeError):
    """A record holds an action that cannot be applied; `index` is 0-based."""

    def __init__(self, index: int, reason: str) -> None:
        reason = sentence(reason)  # one line for players, whatever the rules said
        super().__init__(sentence(f"Action {index + 1} of the record: {reason}"))  # 1-based
        self.index = index
        self.action_reason = reason


@dataclass(frozen=True)
class Step:
    action: BaseModel
    verdict: Verdict
    state: BaseModel  # the state after the action


class Session:
    def __init__(
        self,
        rules: GameRules[Any, Any, Any],
        record: GameRecord,
        redo: list[dict[str, Any]] | None = None,
    ) -> None:
        rules.verify_players(record.players)
        self.rules = rules
        self.players = list(record.players)
        self.options = rules.parse_options(record.options)
        self.initial = rules.new_state(self.players, self.options)
        self.steps: list[Step] = []
        state = self.initial
        for index, raw in enumerate(record.actions):
            try:
                action = rules.parse_action(raw)
                state, verdict = rules.apply(state, action)
            except RefereeError as exc:
                raise ReplayError(index, exc.reason) from exc
            self.steps.append(Step(action, verdict, state))
        self._redo: list[BaseModel] = [rules.parse_action(a) for a in (redo or [])]

    @property
    def state(self) -> Any:
        return self.steps[-1].state if self.steps else self.initial

    @property
    def verdicts(self) -> list[Verdict]:
        return [s.verdict for s in self.steps]

    @property
    def is_over(self) -> bool:
        return self.rules.is_over(self.state)

    def record(self) -> GameRecord:
        return GameRecord(
            game=self.rules.kind,
            players=self.players,
            options=self.options.model_dump(mode="json"),
            actions=[s.action.model_dump(mode="json") for s in self.steps],
        )

    def verify(self, action: BaseModel | dict[str, Any]) -> None:
        """Raise the RefereeError that `play(action)` would raise, changing nothing."""
        self._try(action)

    def can(self, action: BaseModel | dict[str, Any]) -> bool:
        try:
            self._try(action)
        except RefereeError:
            return False
        return True

    def _try(self, action: BaseModel | dict[str, Any]) -> Step:
        parsed = self.rules.parse_action(
            action.model_dump(mode="json") if isinstance(action, BaseModel) else action
        )
        state, verdict = self.rules.apply(self.state, parsed)
        return Step(parsed, verdict, state)

    def play(self, action: BaseModel | dict[str, Any]) -> Verdict:
        step = self._try(action)
        self.steps.append(step)
        self._redo.clear()
        return step.verdict

    def undo(self) -> BaseModel:
        if not self.steps:
            raise RefereeError("Nothing to undo.")
        step = self.steps.pop()
        self._redo.append(step.action)
        return step.action

    def redo(self) -> Verdict:
        if not self._redo:
            raise RefereeError("Nothing to redo.")
        # The redone action is re-checked: it was legal before, and state is the same again.
        action = self._redo[-1]
        step = self._try(action)
        self._redo.pop()
        self.steps.append(step)
        return step.verdict

    def snapshot(self) -> tuple[list[Step], list[BaseModel]]:
        """Everything play/undo/redo change, so a caller can roll back (e.g. a failed save)."""
        return list(self.steps), list(self._redo)

    def restore(self, snapshot: tuple[list[Step], list[BaseModel]]) -> None:
        self.steps, self._redo = list(snapshot[0]), list(snapshot[1])

    @property
    def can_undo(self) -> bool:
        return bool(self.steps)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def redo_actions(self) -> list[dict[str, Any]]:
        return [a.model_dump(mode="json") for a in self._redo]
