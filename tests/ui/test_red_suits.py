"""Red suits are red in sentences too, as on the cards and in every picker (issue 47)."""

import flet as ft

from referee.ui.theme import RED_SUIT
from referee.ui.widgets import suited

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
