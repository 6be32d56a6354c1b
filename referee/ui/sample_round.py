"""Walk through a round: a sample round dealt by the rules' own `draw` (seeded, so the same
walk comes back after a reload), stepped through one action at a time, forward and back.

Nothing here is stored: the walk is a list of states in memory, shown by its screen
(ui/screens/walk.py). No game is named: where a round ends is read from the flow contract.
"""

import random
import re
from collections.abc import Iterable
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

    def go_to(self, step: int) -> None:
        """Stand at `step` (an address's ?step=), kept within the round."""
        self.at = min(max(step, 0), len(self.steps))

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


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")
_FEWEST_WORDS = 3  # a shorter sentence ("Challenge!") is a call to the table, not a repeat


def _bare(sentence: str) -> str:
    return sentence.strip().rstrip(".!?").casefold()


def unsaid(status: str, said: Iterable[str]) -> str:
    """The sentences of a status line that none of `said` (What now?'s headline and facts,
    open under it) already says: the walk says each thing once. "Bo to act." goes when the
    headline is "Bo to act: bid 4 or more, ..."; a sentence a fact repeats goes too."""
    told = [_bare(text) for text in said]
    kept = [
        sentence
        for sentence in _SENTENCE_END.split(status.strip())
        if len(sentence.split()) < _FEWEST_WORDS or not any(_bare(sentence) in t for t in told)
    ]
    return " ".join(kept)
