"""Walk through a round: a sample round dealt by the rules' own `draw` (seeded, so the same
walk comes back after a reload), stepped through one action at a time, forward and back.

Nothing here is stored: the walk is a list of states in memory, shown by its screen
(ui/screens/walk.py). No game is named: where a round ends is read from the flow contract.
"""

import random
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from referee.core.verdict import Verdict

SEED = 1  # the sample every walk deals: the same round for everyone who opens it
LIMIT = 500  # actions dealt at most: far beyond any game's length


@dataclass(frozen=True)
class WalkStep:
    action: BaseModel
    verdict: Verdict
    state: Any


def deal(rules, state, seed: int = SEED, limit: int = LIMIT) -> list[WalkStep]:
    """Every action of a sample game from `state`, each drawn by the rules from what they
    offer (so each is accepted), until the game ends or `limit`."""
    rng = random.Random(seed)
    steps: list[WalkStep] = []
    while len(steps) < limit:
        action = rules.draw(state, rng)
        if action is None:
            break
        state, verdict = rules.apply(state, action)
        steps.append(WalkStep(action, verdict, state))
    return steps


def round_length(rules, start, steps: list[WalkStep]) -> int:
    """How many of `steps` make the first round: up to the first state, after something was
    settled (a decisive verdict), in the phase a round starts in, or the game's end.

    A round starts in the phase the game starts in; a game whose first phase comes only
    once (an opening card) starts its rounds in the phase that follows it."""
    phases = [rules.phase(s.state) for s in steps]
    first = rules.phase(start)
    if first not in phases and phases:
        first = phases[0]
    settled = False
    for n, step in enumerate(steps, 1):
        settled = settled or step.verdict.decisive
        if rules.is_over(step.state) or (settled and phases[n - 1] == first):
            return n
    return len(steps)


class Walk:
    """A sample round and where the walk stands in it (`at`: actions taken)."""

    def __init__(self, rules, players, options, seed: int = SEED) -> None:
        self.rules = rules
        self.start = rules.new_state(list(players), options)
        dealt = deal(rules, self.start, seed)
        self.steps = dealt[: round_length(rules, self.start, dealt)]
        self.at = 0

    @property
    def state(self):
        return self.steps[self.at - 1].state if self.at else self.start

    @property
    def verdict(self) -> Verdict | None:
        """The verdict of the action just taken (None before the first)."""
        return self.steps[self.at - 1].verdict if self.at else None

    @property
    def done(self) -> bool:
        return self.at >= len(self.steps)

    def next(self) -> None:
        self.at = min(self.at + 1, len(self.steps))

    def back(self) -> None:
        self.at = max(self.at - 1, 0)

    def result(self) -> str:
        """The round's result: the game's outcome if it ended, else what settled it (the
        last decisive verdict), else the last verdict."""
        outcome = self.rules.outcome(self.state)
        if outcome is not None:
            return outcome.headline
        taken = self.steps[: self.at]
        settled = [s.verdict for s in taken if s.verdict.decisive]
        last = settled[-1] if settled else (taken[-1].verdict if taken else None)
        return last.headline if last is not None else ""

    def progress(self) -> str:
        return f"Step {self.at} of {len(self.steps)}"
