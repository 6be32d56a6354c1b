"""What now?: what the table may do in a state, and what it may not, each with why.

The contract the screens, the command line and the tests read. Each game's slice says its
own sentences (a `BaseTeacher` the game's rules carry as `rules.teacher`); the lists themselves
come from the rules' flow contract and refusals, never from a second copy of the rules.
"""

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic

from pydantic import BaseModel

from referee.core.errors import RefereeError
from referee.core.rules import GameRules, State, TableState, action_label
from referee.core.rulings import Cited


@dataclass(frozen=True)
class Move:
    """One kind of move, allowed now or not, in a player's words."""

    kind: str  # the action's label as the log names it ("Bid", "Call bluff")
    sentence: str  # "Bo may bid 3 to 8: a higher bid than Ana's 2."
    ruling: str | None = None  # the ruling's id, as the record cites it ("FK-BID-RAISE")
    # That ruling as a player reads it: whose it is (the printed rules, the referee's
    # reading, a house rule) and its words; never its id.
    cited: Cited | None = None
    # An action of this kind in this state: an allowed move's example is accepted by the
    # rules; a refused move's example is refused, and `reason` is the refusal's message.
    example: BaseModel | None = None
    reason: str | None = None

    @property
    def ruling_words(self) -> str | None:
        """The ruling in full: "The printed rules: On your turn: bid …"."""
        return self.cited.words if self.cited else None


def cited_json(cited: Cited) -> dict[str, str | None]:
    """Whose rule it is, as a field: "printed", "reading" or "house", and the option that
    changes it (or that it is under) by its title."""
    return {"whose": cited.source, "option": cited.option, "said": cited.whose}


@dataclass(frozen=True)
class WhatNow:
    headline: str  # "Bo to act: bid 3 or more, pass, or call a bluff on Ana's 2."
    to_act: tuple[str, ...] = ()
    allowed: tuple[Move, ...] = ()
    refused: tuple[Move, ...] = ()
    # At a phase's end: what happens next, who starts it, and why (None mid-phase).
    next: str | None = None
    next_cited: Cited | None = None  # the ruling `next` rests on, when it says a rule
    facts: tuple[str, ...] = field(default=())  # the numbers of this state, one per line
    # A simultaneous choice: each player still to choose, and what they may choose (as
    # the game names each pick), in seat order; () when nobody chooses at once.
    choosing: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def as_json(self) -> dict[str, Any]:
        def move(m: Move) -> dict[str, Any]:
            out: dict[str, Any] = {"kind": m.kind, "sentence": m.sentence, "ruling": m.ruling}
            if m.cited:
                out["ruling_words"] = m.cited.words
                out["ruling_whose"] = cited_json(m.cited)
            if m.reason is not None:
                out["reason"] = m.reason
            if m.example is not None:  # the action as a record holds it
                out["example"] = m.example.model_dump(mode="json")
            return out

        return {
            "headline": self.headline,
            "to_act": list(self.to_act),
            "allowed": [move(m) for m in self.allowed],
            "not_allowed": [move(m) for m in self.refused],
            "next": self.next,
            "next_ruling": (
                {"ruling": self.next_cited.id, "ruling_words": self.next_cited.words}
                | cited_json(self.next_cited)
                if self.next_cited
                else None
            ),
            "facts": list(self.facts),
            "choosing": [{"player": p, "may_choose": list(c)} for p, c in self.choosing],
        }


def what_now(
    rules: GameRules[Any, Any, Any], state: TableState, picked: Collection[int] = ()
) -> WhatNow:
    """What now? for `state` of the game `rules` plays.

    `picked`: the seats that have already locked a simultaneous choice (a live table
    knows; the state does not), so the rest are named as still to choose.
    """
    # A game's words for What now?, held in the game's own folder.
    teacher: BaseTeacher[Any] | None = getattr(rules, "teacher", None)
    if teacher is None:
        # A game without words of its own: the moves its menu draws, named by their labels.
        teacher = BaseTeacher(rules)
    return teacher.what_now(state, picked)


# -- the engine every game's teacher shares -------------------------------------------
#
# A teacher only says things: which example actions to try, and the words for each
# kind. Whether a kind is allowed is `rules.offers` (the menu); why one is refused is the
# message `rules.apply` raises for the example. So What now? can never disagree with the
# referee.


def or_list(items: Sequence[str]) -> str:
    """'a', 'a or b', 'a, b, or c'."""
    items = [i for i in items if i]
    if len(items) <= 2:
        return " or ".join(items)
    return f"{', '.join(items[:-1])}, or {items[-1]}"


def and_list(items: Sequence[str]) -> str:
    items = list(items)
    if len(items) <= 2:
        return " and ".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def refusal(rules: GameRules[State, Any, Any], state: State, action: BaseModel) -> str | None:
    """The message the rules refuse `action` with in `state` (None: they accept it)."""
    try:
        rules.apply(state, action)
    except RefereeError as exc:
        return exc.reason
    return None


def action_kinds(rules: GameRules[Any, Any, Any]) -> tuple[type, ...]:
    """Every action type of the game, in the order its phases list them."""
    return tuple(dict.fromkeys(t for allowed in rules.phases.values() for t in allowed))


class BaseTeacher(Generic[State]):
    """The shared engine: a game's teacher subclasses it and says its own words.

    A subclass gives `examples(state)` (candidate actions, at least one of every kind it
    teaches; the first the menu offers is an allowed move's example, else the first is the
    refused move's), and may override `allowed_words`, `refused_words`, `ruling_of`,
    `facts`, `next_words`, `next_ruling` and `more_refusals`."""

    draws = 12  # actions drawn from the menu, besides the teacher's own examples

    def __init__(self, rules: GameRules[State, Any, Any]) -> None:
        self.rules = rules

    # -- what a game says --------------------------------------------------------------

    def examples(self, state: State) -> list[BaseModel]:
        return []

    def allowed_words(self, state: State, example: BaseModel) -> tuple[str, str]:
        """(a plain sentence, the short phrase the headline lists)."""
        label = action_label(example)
        return f"{label} may be entered now.", f"enter {label[0].lower()}{label[1:]}"

    def refused_words(self, state: State, example: BaseModel, reason: str) -> str:
        return reason

    def ruling_of(self, state: State, example: BaseModel) -> str | None:
        return None

    def facts(self, state: State) -> list[str]:
        return []

    def next_words(self, state: State) -> str | None:
        return None

    def next_ruling(self, state: State) -> str | None:
        """The ruling what comes next rests on (who deals the next round), if any."""
        return None

    def more_refusals(self, state: State) -> list[BaseModel]:
        """Actions of allowed kinds that some player may not take (a player who passed
        bidding): each refused by the rules becomes a refused move."""
        return []

    def pick_words(self, state: State, seat: int, options: tuple[Any, ...]) -> str:
        labels = [str(self.rules.pick_label(v)) for v in options]
        # A few, then how many: a hand of cards listed whole took three lines a player.
        shown = labels if len(labels) <= 5 else [*labels[:4], f"… ({len(labels)} in all)"]
        return f"{state.players[seat]}: {', '.join(shown)}"

    # -- the engine --------------------------------------------------------------------

    def what_now(self, state: State, picked: Collection[int] = ()) -> WhatNow:
        rules = self.rules
        names = tuple(state.players[s] for s in rules.to_act(state))
        if rules.is_over(state):
            ended = rules.outcome(state)
            said = f"The game is over: {ended.headline}." if ended else "The game is over."
            again = rules.rematch(state)
            return WhatNow(
                headline=said,
                next=f"To play again: {again.note}",
                next_cited=self._cited(again.rulings[0] if again.rulings else None),
                # No facts: those of the last deal (a bid to beat, cards unseen) are of a
                # game that is over, and the standings say the rest.
            )
        candidates = [*self.examples(state), *self._drawn(state)]
        allowed: list[Move] = []
        refused: list[Move] = []
        phrases: list[str] = []
        for kind in action_kinds(rules):
            mine = [a for a in candidates if type(a) is kind]
            if not mine:
                continue
            good = next((a for a in mine if self._accepted(state, a)), None)
            if good is not None:
                sentence, phrase = self.allowed_words(state, good)
                allowed.append(self._move(state, good, sentence))
                phrases.append(phrase)
                continue
            reason = refusal(rules, state, mine[0])
            if reason is not None:
                words = self.refused_words(state, mine[0], reason)
                refused.append(self._move(state, mine[0], words, reason))
        for action in self.more_refusals(state):
            reason = refusal(rules, state, action)
            if reason is not None and not rules.offers(state, action):
                words = self.refused_words(state, action, reason)
                refused.append(self._move(state, action, words, reason))
        facts = list(self.facts(state))
        facts += self._still_to_choose(state, picked)
        choosing = self._choosing(state, picked)
        if choosing and picked:  # a choice made at once: those who have chosen are done
            names = tuple(player for player, _ in choosing)
        return WhatNow(
            headline=self.headline(state, names, phrases),
            to_act=names,
            allowed=tuple(allowed),
            refused=tuple(refused),
            next=self.next_words(state),
            next_cited=self._cited(self.next_ruling(state)),
            facts=tuple(facts),
            choosing=choosing,
        )

    def headline(self, state: State, names: tuple[str, ...], phrases: list[str]) -> str:
        doing = or_list(phrases) or self.rules.prompts[self.rules.phase(state)].lower()
        if not names:
            return f"The table's turn: {doing}."
        if self._simultaneous(state):
            if len(names) == 1:  # the others have chosen
                return f"{names[0]} still to choose: {doing}."
            return f"{and_list(names)} choose at once: {doing}."
        return f"{and_list(names)} to act: {doing}."

    def _simultaneous(self, state: State) -> dict[int, tuple[Any, ...]]:
        """Each seat of a simultaneous choice (flow: `pick_options`/`gather`) and what it
        may pick; {} when the game waits for no such choice."""
        seats = self.rules.to_act(state)
        options = {s: self.rules.pick_options(state, s) for s in seats}
        return options if len(seats) > 1 and all(options.values()) else {}

    def _still_to_choose(self, state: State, picked: Collection[int]) -> list[str]:
        options = self._simultaneous(state)
        if not options:
            return []
        waiting = [s for s in options if s not in picked]
        if not waiting:
            return ["Everyone has chosen: the choices are shown together."]
        names = and_list([state.players[s] for s in waiting])
        return [
            f"Still to choose: {names}.",
            *(f"{self.pick_words(state, s, options[s])}." for s in waiting),
        ]

    def _choosing(
        self, state: State, picked: Collection[int]
    ) -> tuple[tuple[str, tuple[str, ...]], ...]:
        label = self.rules.pick_label
        return tuple(
            (state.players[s], tuple(str(label(v)) for v in values))
            for s, values in self._simultaneous(state).items()
            if s not in picked
        )

    def _drawn(self, state: State) -> list[BaseModel]:
        rng = random.Random(0)  # the same answer for the same state
        drawn = (self.rules.draw(state, rng) for _ in range(self.draws))
        return [a for a in drawn if a is not None]

    def _accepted(self, state: State, action: BaseModel) -> bool:
        return self.rules.offers(state, action) and refusal(self.rules, state, action) is None

    def _move(
        self, state: State, example: BaseModel, sentence: str, reason: str | None = None
    ) -> Move:
        ruling = self.ruling_of(state, example)
        return Move(
            kind=action_label(example),
            sentence=sentence,
            ruling=ruling,
            cited=self._cited(ruling),
            example=example,
            reason=reason,
        )

    def whose(self, ruling: str) -> str:
        """Whose rule `ruling` is, to end a sentence that states it: "— the referee's
        reading (the rules are silent)". A sentence that says a reading as a rule says so
        in its own words, not only behind Why?."""
        said = self.rules.rulings.whose(ruling)
        return f" — {said[0].lower()}{said[1:]}"

    def _cited(self, ruling: str | None) -> Cited | None:
        return None if ruling is None else self.rules.rulings.cited(ruling)
