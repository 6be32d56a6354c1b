"""The theme's text styles: which fonts a screen's text is drawn from."""

import flet as ft

from referee.ui.theme import BOOK_FONT, SYMBOL_FONT, WEB_FONT, theme


def _styles(web: bool) -> list[ft.TextStyle]:
    text = theme(web=web).text_theme
    return [getattr(text, f.name) for f in text.__dataclass_fields__.values() if f.name[0] != "_"]


class TestTextFonts:
    def test_on_the_web_every_style_names_the_clients_font_before_the_fallbacks(self):
        # With fallbacks alone, CanvasKit took é or − for a glyph no font has, and asked
        # the offline server for a Noto font at every layout (tests/e2e/test_fonts.py).
        styles = _styles(web=True)
        assert styles and all(s.font_family == WEB_FONT for s in styles)
        assert all(s.font_family_fallback == [SYMBOL_FONT, BOOK_FONT] for s in styles)

    def test_a_desktop_window_keeps_its_platforms_font(self):
        styles = _styles(web=False)
        assert styles and all(s.font_family is None for s in styles)
        assert all(s.font_family_fallback == [SYMBOL_FONT, BOOK_FONT] for s in styles)
