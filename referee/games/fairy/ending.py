"""The end of a turn, once the guesses are scored: the game ends, goes to a play-off
between the tied players, or goes on.
"""

from collections.abc import Iterable
from typing import Protocol

from referee.core.outcome import Outcome, names_text
from referee.core.words import PLACE_WORDS, number
from referee.games.fairy.deck import BASE_GOAL, FAIRIES, GOAL_15, is_fairy
from referee.games.fairy.model import FairyState


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


class Holder(Protocol):
    """What the end of a turn uses of the Fairy rules that hold it, and nothing else."""

    def outcome(self, state: FairyState) -> Outcome | None:
        """How a game over is worded: its headline and rulings end the last verdict."""


class Ending:
    """The end of a turn: a part FairyRules holds (`rules.ending`), whose reveal calls
    `settle`; it reaches the rules only through Holder."""

    def __init__(self, rules: Holder) -> None:
        self.rules = rules

    def settle(
        self, state: FairyState, card: int, headline: str
    ) -> tuple[FairyState, str, list[str], list[str]]:
        """After a turn's scoring: does the game end, go to a play-off, or go on?"""
        scores, players = state.scores, state.players
        empty = state.cards_left == 0
        if state.playoff:
            contenders = state.playing
            trigger, rulings = state.trigger, [*state.trigger_rulings, "FY-PLAYOFF"]
        else:
            found = self._triggers(state, card)
            if not found:
                if not empty:
                    return state, headline, [], []
                # Only the 15-point variant can run out of cards before its end.
                best = max(scores)
                winners = tuple(s for s, v in enumerate(scores) if v == best)
                ruling = "FY-15-DECK-OUT" if state.options.variant == "fifteen" else "FY-DECK-OUT"
                goal = str(GOAL_15) if state.options.variant == "fifteen" else "the end"
                reason = (
                    f"The deck ran out before anyone reached {goal}; "
                    f"{names_text([players[s] for s in winners])} "
                    f"{'have' if len(winners) > 1 else 'has'} the highest score, "
                    f"{number(best)}."
                )
                return self._over(state, winners, reason, [ruling])
            trigger = " and ".join(t for t, _ in found)
            rulings = [r for _, r in found]
            contenders = tuple(range(len(players)))
        best = max(scores[s] for s in contenders)
        top = tuple(s for s in contenders if scores[s] == best)
        others = [s for s in contenders if s not in top]
        if len(top) == 1:
            (winner,) = top
            name = players[winner]
            if state.playoff:
                beaten = ", ".join(f"{players[s]} {number(scores[s])}" for s in others)
                reason = (
                    f"{name} won the play-off after {trigger}: {number(best)} against {beaten}."
                )
                rulings.append("FY-PLAYOFF-AHEAD")
            else:
                reason = (
                    f"{_cap(trigger)} ended the game; {name} has the highest score, {number(best)}."
                )
            if best > BASE_GOAL and state.options.variant == "fairies":
                rulings.append("FY-ABOVE-24")
            return self._over(state, top, reason, rulings)
        tied = names_text([players[s] for s in top])
        if empty:
            reason = (
                f"{_cap(trigger)} left {tied} tied at {number(best)}, and no card is left "
                "to break the tie."
            )
            return self._over(state, top, reason, [*rulings, "FY-DECK-OUT"])
        out = [players[s] for s in range(len(players)) if s not in top]
        new = state.model_copy(
            update=dict(
                playing=top,
                playoff=True,
                trigger=trigger,
                trigger_rulings=tuple(r for r in rulings if r != "FY-PLAYOFF"),
            )
        )
        if state.playoff:
            line = f"Still tied at {number(best)}: {tied} play on."
            if others:
                behind = [players[s] for s in others]
                line += (
                    f" {names_text(behind)} fell behind and "
                    f"{'drops' if len(behind) == 1 else 'drop'} out."
                )
            headline = f"{tied} still tied at {number(best)}: the play-off goes on"
        else:
            line = (
                f"{_cap(trigger)} ends the game with {tied} tied at {number(best)}: only they "
                "guess from now on, and the first one ahead after a turn wins."
            )
            headline = f"{tied} tie at {number(best)} and play off"
        lines = [line]
        if out:
            lines.append(f"Out of the play-off, scores stand: {names_text(out)}.")
        return new, headline, lines, [*rulings, "FY-PLAYOFF"]

    def _triggers(self, state: FairyState, card: int) -> list[tuple[str, str]]:
        """What ends the regular game after this turn, with the ruling for each."""
        found = []
        if state.options.variant == "fairies":
            if is_fairy(card) and state.fairies_seen == len(FAIRIES):
                nth = PLACE_WORDS[len(FAIRIES) - 1]
                found.append((f"the {nth} fairy ({card})", "FY-END-FAIRY"))
            if max(state.scores) >= BASE_GOAL:
                found.append((f"reaching {BASE_GOAL}", "FY-END-24"))
        elif max(state.scores) >= GOAL_15:
            found.append((f"reaching {GOAL_15}", "FY-END-15"))
        return found

    def _over(
        self, state: FairyState, winners: Iterable[int], reason: str, rulings: list[str]
    ) -> tuple[FairyState, str, list[str], list[str]]:
        new = state.model_copy(
            update=dict(
                phase="over",
                winners=tuple(winners),
                end_reason=reason,
                end_rulings=tuple(dict.fromkeys(rulings)),
            )
        )
        ended = self.rules.outcome(new)
        assert ended is not None  # a game over has its outcome
        return new, ended.headline, [reason], list(ended.rulings)
