"""High card's table: the score, then a card pad for whoever puts a card down now."""

import flet as ft

from referee.live.tables import LOCKED
from referee.ui.game_view import GameView
from referee.ui.score_cards import ScoreRow, scoreboard
from referee.ui.widgets import tagged
from tests.sixth_game.game import RULES
from tests.sixth_game.game.model import CARDS, GOAL, HighCardState, Play


class HighCardView(GameView):
    def title(self, state: HighCardState) -> str:
        return "High card"

    def round_line(self, state: HighCardState) -> str:
        return f"Round {state.rounds + 1} · first to {GOAL}"

    def scoreboard(self, state: HighCardState) -> ft.Control:
        seats = RULES.to_act(state)
        return scoreboard(
            [
                ScoreRow(name, str(score), highlight=seat in seats)
                for seat, (name, score) in enumerate(zip(state.players, state.scores, strict=True))
            ]
        )

    def status(self, state: HighCardState) -> str:
        seats = RULES.to_act(state)
        if len(seats) > 1:
            return "Both players: put a card down"
        return f"{state.players[seats[0]]}: put a card down" if seats else ""

    def actions(self, state: HighCardState) -> ft.Control:
        rows: list[ft.Control] = []
        for seat in RULES.to_act(state):
            name = state.players[seat]
            shown = self.pad.shown(seat) if state.phase == "cards" else None
            said = "locked in" if shown is LOCKED else shown or "not yet"
            rows.append(tagged(f"card-{seat}", ft.Text(f"{name}: {said}")))
            buttons = [
                ft.Semantics(
                    label=f"{name} puts down {c}",
                    button=True,
                    content=ft.OutlinedButton(
                        content=str(c),
                        width=48,
                        height=48,
                        on_click=lambda _e, seat=seat, c=c: self._put(state, seat, c),
                    ),
                )
                for c in CARDS
            ]
            rows.append(ft.Row(buttons, wrap=True, spacing=6, run_spacing=6))
        return ft.Column(rows, spacing=8)

    def _put(self, state: HighCardState, seat: int, card: int) -> None:
        if state.phase == "cards":
            self.pad.choose(seat, card)
        else:
            self.play(Play(player=state.players[seat], card=card))


VIEW = HighCardView
