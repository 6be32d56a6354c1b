"""Red suits are red in sentences too, as on the cards and in every picker (issue 47)."""

import flet as ft
import pytest

from referee.ui.suits import suited
from referee.ui.theme import RED_SUIT

SENTENCE = "Ana takes K♥ and 9♦ (trump hearts ♥), not 7♠."


class TestRedSuitsInSentences:
    def test_a_red_card_in_a_sentence_is_drawn_red_and_read_whole(self):
        text = suited(SENTENCE)
        red = [s.text for s in text.spans if s.style and s.style.color == RED_SUIT]
        assert red == ["K♥", "9♦", "♥"]
        assert "".join(s.text for s in text.spans) == SENTENCE
        assert text.semantics_label == SENTENCE

    def test_a_sentence_without_red_cards_is_plain_text(self):
        text = suited("Bo takes 7♠ into their won pile (1 card).", size=13)
        assert isinstance(text, ft.Text) and text.value.startswith("Bo takes") and not text.spans


class TestRedSuitsInWhatNow:
    def test_a_red_card_in_what_now_is_drawn_red_in_its_line_and_its_reason(self):
        from referee.core.whatnow import Move, WhatNow
        from referee.ui.whatnow_panel import panel
        from tests.ui.devices import controls

        move = Move("Play", "Bo may play 9♦.", reason="Q♥ was kept by Ana, not Bo.")
        shown = panel(WhatNow("Bo to play: trump hearts ♥.", allowed=(move,), refused=(move,)))
        red = [
            c.text
            for c in controls(shown)
            if isinstance(c, ft.TextSpan) and c.style is not None and c.style.color == RED_SUIT
        ]
        assert red == ["♥", "9♦", "9♦", "Q♥"]


class TestRedSuitsOnEveryScreen:
    """Every screen of a played game (the table, its log, its standings): a card of a red
    suit anywhere in a sentence is drawn red, not left in plain text."""

    @staticmethod
    def _plain_red_cards(root) -> list[str]:
        from tests.ui.devices import controls

        plain = []
        for c in controls(root):
            red = isinstance(c, ft.Text) and c.value and ("♥" in c.value or "♦" in c.value)
            if red and c.color != RED_SUIT:
                plain.append(c.value)
        return plain

    @pytest.mark.parametrize("kind", ["faj", "faeker", "fairybucks", "deceptidice", "fairy"])
    def test_a_red_card_is_red_on_the_table_its_log_and_its_standings(self, kind, tmp_path):
        import random

        from referee.games import GAMES
        from referee.live.tables import LiveTables
        from referee.storage.store import Store
        from tests.helpers import run_async
        from tests.ui.devices import device

        store = Store(tmp_path / "referee.db")
        found: dict[str, list[str]] = {}

        async def run():
            app, _session = device(LiveTables(store))
            app.games.start_game(kind, ["Ana", "Bo", "Cy"][: max(2, GAMES[kind].min_players)], {})
            rng = random.Random(5)
            for _ in range(60):
                action = app.game.rules.draw(app.game.session.state, rng)
                if action is None:
                    break
                app.game.play(action)
                app.close_dialog()
            game_id = app.game.game_id
            for address in (
                f"/game/{game_id}",
                f"/game/{game_id}/log",
                f"/game/{game_id}/standings",
            ):
                app.go(address)
                found[address] = self._plain_red_cards(app.page.views)

        try:
            run_async(run())
        finally:
            store.close()
        assert found == {address: [] for address in found}
