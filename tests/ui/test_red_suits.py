"""Red suits are red in sentences too, as on the cards and in every picker (issue 47)."""

import flet as ft

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
        from referee.ui.whatnow import panel
        from tests.ui.devices import controls

        move = Move("Play", "Bo may play 9♦.", reason="Q♥ was kept by Ana, not Bo.")
        shown = panel(WhatNow("Bo to play: trump hearts ♥.", allowed=(move,), refused=(move,)))
        red = [
            c.text
            for c in controls(shown)
            if isinstance(c, ft.TextSpan) and c.style is not None and c.style.color == RED_SUIT
        ]
        assert red == ["♥", "9♦", "9♦", "Q♥"]
