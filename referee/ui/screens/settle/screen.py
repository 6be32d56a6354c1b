"""Settle a dispute (`/settle`, `/settle/{dispute-kind}`): pick the game and what is
disputed, tap in only the cards in question, and the verdict appears as soon as the input
is complete. From a game's menu (`?game={id}`) it starts from that game's table, and Back
returns to the game."""

import flet as ft

from referee.core.errors import RefereeError
from referee.games import GAMES
from referee.ui import routes
from referee.ui.screen import Screen
from referee.ui.screens.settle.dispute import DisputeScreen, from_game, game_of
from referee.ui.spoken_buttons import ButtonEars
from referee.ui.voice import MIC_CLEARANCE


class SettleScreen(Screen):
    title = "Settle a dispute"
    scrolls = False  # the form scrolls; the verdict's bar stays at the bottom edge

    def __init__(self, shell, route) -> None:
        super().__init__(shell, route)
        kind = route.dispute
        listed = kind if kind in GAMES and route.game_id is None else None  # /settle/{game}
        if listed is not None:
            kind = None
        elif kind is not None and game_of(kind) is None:
            shell.toast("referee settles no dispute of that name: choose one here.")
            kind = None
        prefill = None
        game = shell.game if route.game_id is not None else None
        # A dispute of another game than the one it came from (an edited address) opens
        # as asked, without that game's cards: never another game's list at this address.
        if game is not None and (kind is None or game_of(kind) == game.rules.kind):
            prefill = from_game(game.rules.kind, game.session.state)
            prefill["kind"] = kind
        self.dispute = DisputeScreen(
            shell.render, self.save, prefill, on_kind=self.choose, on_game=self.choose_game
        )
        if prefill is None and kind is not None:
            self.dispute.start(kind)
        elif listed is not None:
            self.dispute.game = listed
        self.ears = ButtonEars(shell, lambda: shell.top is self)

    def closed(self) -> None:
        self.ears.close()

    def choose_game(self, game: str | None) -> None:
        """Each game's list of disputes has its address: Back returns to the games. From a
        game's menu the choice stays on this screen, whose Back returns to the game."""
        if self.route.game_id is None:
            self.shell.go(routes.settle(game))
            return
        self.dispute.game, self.dispute.kind = game, None
        self.shell.render()

    def choose(self, kind: str | None) -> None:
        """What is disputed is a screen of its own: Back returns to this choice."""
        if kind is not None:
            self.shell.go(routes.settle(kind, self.route.game_id))
        elif self.route.dispute is None or self.route.dispute in GAMES:
            self.dispute.kind = None
            self.shell.render()
        elif self.route.game_id is not None:
            self.shell.go(routes.settle(None, self.route.game_id))
        else:
            self.shell.back()

    def body(self) -> ft.Control:
        before = self.dispute.answer
        # Its end scrolls clear of the microphone button (ui/voice.py).
        clear = ft.Container(height=MIC_CLEARANCE - 60)  # the verdict's bar stands below
        form = ft.Column([self.dispute.view(), clear], scroll=ft.ScrollMode.AUTO, expand=True)
        verdict, refused = self.dispute.answer
        # The tap that brought a verdict where there was none (or made the dispute one the
        # rules refuse) is felt, once: a verdict that only changes with the next card is
        # read, not felt again at every card.
        if verdict is not None and before[0] is None:
            self.shell.phone.felt("verdict")
        elif refused is not None and before[1] is None:
            self.shell.phone.felt("refused")
        body = ft.Column([form, self.dispute.verdict_bar()], spacing=8, expand=True)
        # What may be said: this screen's buttons, its cards in its game's words.
        speech = getattr(GAMES.get(self.dispute.game or ""), "speech", None)
        self.ears.shown(body, speech.label_words if speech is not None else None)
        return body

    def save(self, dispute: dict, settled) -> bool:
        try:
            self.shell.store.disputes.save(
                settled.game, settled.headline, dispute, settled.model_dump(mode="json")
            )
        except RefereeError as exc:
            self.shell.toast(exc.reason)
            return False
        self.shell.toast("Saved to the history.")
        return True
