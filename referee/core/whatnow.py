"""What now?: what the table may do in a state, and what it may not, each with why.

The contract the screens, the command line and the tests read. Each game's slice says its
own sentences (a `Teacher` the game's rules carry as `rules.teacher`); the lists themselves
come from the rules' flow contract and refusals, never from a second copy of the rules.
"""

from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass(frozen=True)
class Move:
    """One kind of move, allowed now or not, in a player's words."""

    kind: str  # the action's label as the log names it ("Bid", "Call bluff")
    sentence: str  # "Bo may bid 3 to 8: a higher bid than Ana's 2."
    ruling: str | None = None  # the ruling's id, as verdicts cite it ("FK-BID-RAISE")
    ruling_words: str | None = None  # that ruling's title and text
    # An action of this kind in this state: an allowed move's example is accepted by the
    # rules; a refused move's example is refused, and `reason` is the refusal's message.
    example: Any = None
    reason: str | None = None


@dataclass(frozen=True)
class WhatNow:
    headline: str  # "Bo to act: bid 3 or more, pass, or call a bluff on Ana's 2."
    to_act: tuple[str, ...] = ()
    allowed: tuple[Move, ...] = ()
    refused: tuple[Move, ...] = ()
    # At a phase's end: what happens next, who starts it, and why (None mid-phase).
    next: str | None = None
    facts: tuple[str, ...] = field(default=())  # the numbers of this state, one per line

    def as_json(self) -> dict:
        def move(m: Move) -> dict:
            out = {"kind": m.kind, "sentence": m.sentence, "ruling": m.ruling}
            if m.ruling_words:
                out["ruling_words"] = m.ruling_words
            if m.reason is not None:
                out["reason"] = m.reason
            return out

        return {
            "headline": self.headline,
            "to_act": list(self.to_act),
            "allowed": [move(m) for m in self.allowed],
            "not_allowed": [move(m) for m in self.refused],
            "next": self.next,
            "facts": list(self.facts),
        }


class Teacher(Protocol):
    """A game's words for What now? (held in the game's own folder)."""

    def what_now(self, state: Any) -> WhatNow: ...


def what_now(rules: Any, state: Any) -> WhatNow:
    """What now? for `state` of the game `rules` plays.

    Interface fixed for the screens; the games' teachers fill it in.
    """
    teacher = getattr(rules, "teacher", None)
    if teacher is not None:
        return teacher.what_now(state)
    seats = rules.to_act(state)
    names = tuple(state.players[s] for s in seats)
    if rules.is_over(state):
        return WhatNow(headline="The game is over.")
    prompt = rules.prompts[rules.phase(state)]
    return WhatNow(headline=f"{prompt}.", to_act=names)
