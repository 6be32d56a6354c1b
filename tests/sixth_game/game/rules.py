"""High card rules: the flow contract for two players, two cards a round, first to 3."""

import random
from collections.abc import Sequence

from referee.core import flow
from referee.core.errors import IllegalAction
from referee.core.outcome import Outcome, places, win_text
from referee.core.rules import GameRules
from referee.core.said import Said
from referee.core.verdict import ScoreChange, Verdict
from referee.core.words import amount
from tests.sixth_game.game.model import (
    CARDS,
    GOAL,
    Cards,
    HighCardAction,
    HighCardChoices,
    HighCardOptions,
    HighCardState,
    Play,
    PlayerCard,
)
from tests.sixth_game.game.rulings import RULINGS


def round_winner(cards: Sequence[int]) -> int | None:
    """The seat whose card is higher; None for equal cards. The dispute asks this too."""
    if cards[0] == cards[1]:
        return None
    return 0 if cards[0] > cards[1] else 1


def round_headline(names: Sequence[str], cards: Sequence[int]) -> str:
    seat = round_winner(cards)
    if seat is None:
        return f"Equal cards, {cards[0]}: nobody scores"
    return f"{names[seat]} takes the round: {cards[seat]} beats {cards[1 - seat]}"


class HighCardRules(GameRules[HighCardState, HighCardOptions, HighCardChoices]):
    kind = "highcard"
    title = "High card"
    min_players = 2
    max_players = 2
    options_model = HighCardOptions
    action_type = HighCardAction
    rulings = RULINGS
    overview = "Two players put down a card each; the higher takes a point; first to 3 wins."
    phases = {"cards": (Cards,), "play": (Play,), "over": ()}
    prompts = {
        "cards": "Both players put a card down at once",
        "play": "Put the cards down one after the other",
        "over": "The game is over",
    }

    def new_state(self, players: Sequence[str], options: HighCardOptions) -> HighCardState:
        self.verify_players(players)
        phase = "cards" if options.order == "at_once" else "play"
        return HighCardState(
            players=tuple(players), options=options, phase=phase, scores=(0,) * len(players)
        )

    # -- the flow contract -------------------------------------------------------------

    def to_act(self, state: HighCardState) -> tuple[int, ...]:
        if state.phase == "cards":
            return (0, 1)
        if state.phase == "play":
            return (0,) if state.first is None else (1,)
        return ()

    def choices(self, state: HighCardState) -> HighCardChoices:
        seats = self.to_act(state)
        return HighCardChoices(seats=seats, cards=CARDS if seats else ())

    def pick_options(self, state: HighCardState, seat: int) -> tuple:
        return CARDS if state.phase == "cards" and seat in self.to_act(state) else ()

    def gather(self, state: HighCardState, picks) -> Cards:
        return Cards(
            cards=tuple(
                PlayerCard(player=state.players[s], card=c) for s, c in sorted(picks.items())
            )
        )

    def picks_in(self, state: HighCardState, action) -> dict:
        if not isinstance(action, Cards):
            return {}
        return {self.seat_of(state, c.player): c.card for c in action.cards}

    def said(self, state: HighCardState, action) -> Said:
        if isinstance(action, Cards):
            return Said(
                line=", ".join(f"{c.player} puts down {c.card}" for c in action.cards),
                parts=tuple((f"{c.player}'s card", str(c.card)) for c in action.cards),
            )
        return Said(
            line=f"{action.player} plays {action.card}",
            parts=((f"{action.player}'s card", str(action.card)),),
        )

    def offers(self, state: HighCardState, action) -> bool:
        seats = self.to_act(state)
        if isinstance(action, Cards) and state.phase == "cards":
            return sorted(c.player for c in action.cards) == sorted(state.players)
        if isinstance(action, Play) and state.phase == "play":
            return action.player == state.players[seats[0]]
        return False

    def draw(self, state: HighCardState, rng: random.Random):
        if state.phase == "cards":
            return self.gather(state, {s: rng.choice(CARDS) for s in (0, 1)})
        if state.phase == "play":
            seat = self.to_act(state)[0]
            return Play(player=state.players[seat], card=rng.choice(CARDS))
        return None

    def outcome(self, state: HighCardState) -> Outcome | None:
        if state.phase != "over":
            return None
        winner = state.scores.index(GOAL)
        return Outcome(
            winners=(winner,),
            places=places(state.scores),
            headline=f"{win_text([state.players[winner]])} with {amount(GOAL, self.unit)}",
            reason=f"{state.players[winner]} reached {GOAL} points first.",
            rulings=("HC-END",),
            decided=tuple(amount(s, self.unit) for s in state.scores),
        )

    def points(self, state: HighCardState) -> tuple[int, ...]:
        return state.scores

    def progress(self, state: HighCardState) -> str:
        return f"Round {state.rounds + 1}"

    def audit(self, state: HighCardState) -> list[str]:
        problems = []
        if any(not 0 <= s <= GOAL for s in state.scores) or state.scores.count(GOAL) > 1:
            problems.append(f"a score outside 0-{GOAL}, or two winners")
        if (state.phase == "over") != (GOAL in state.scores):
            problems.append("an ending without a winner, or a winner and no ending")
        if state.first is not None and state.phase != "play":
            problems.append("a card waits for its answer outside play in turn")
        return problems

    # -- the actions -------------------------------------------------------------------

    def handlers(self):
        return {Cards: self._cards, Play: self._play}

    def _cards(self, state: HighCardState, action: Cards):
        chosen = flow.collect(
            state.players, ((c.player, c.card) for c in action.cards), (0, 1), "put a card down"
        )
        return self._score(state, (chosen[0], chosen[1]), "HC-AT-ONCE")

    def _play(self, state: HighCardState, action: Play):
        seat = self.seat_of(state, action.player)
        expected = self.to_act(state)[0]
        if seat != expected:
            raise IllegalAction(f"It is {state.players[expected]}'s turn to put a card down.")
        if state.first is None:
            new = state.model_copy(update=dict(first=action.card))
            return new, Verdict(
                headline=f"{action.player} puts down {action.card}",
                details=(f"{state.players[1]} answers it.",),
                rulings=("HC-IN-TURN",),
            )
        return self._score(state, (state.first, action.card), "HC-IN-TURN")

    def _score(self, state: HighCardState, cards: tuple[int, int], order: str):
        seat = round_winner(cards)
        scores = list(state.scores)
        changes = ()
        if seat is not None:
            scores[seat] += 1
            changes = (
                ScoreChange(
                    player=state.players[seat], before=scores[seat] - 1, after=scores[seat]
                ),
            )
        over = GOAL in scores
        new = state.model_copy(
            update=dict(
                scores=tuple(scores),
                rounds=state.rounds + 1,
                first=None,
                phase="over" if over else state.phase,
            )
        )
        rulings = [order, "HC-TIE" if seat is None else "HC-HIGHER"]
        details = [f"{state.players[s]}: {cards[s]}." for s in (0, 1)]
        if over:
            details.append(self.outcome(new).reason)
            rulings.append("HC-END")
        return new, Verdict(
            headline=round_headline(state.players, cards),
            details=tuple(details),
            rulings=tuple(rulings),
            changes=changes,
            decisive=over,
        )
