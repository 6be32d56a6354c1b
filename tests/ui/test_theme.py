"""The theme's text styles: which fonts a screen's text is drawn from."""

import flet as ft

from referee.ui.theme import _SLOTS, BOOK_FONT, SYMBOL_FONT, WEB_FONT, theme
from tests.helpers import run_async
from tests.ui.devices import device


def _styles(web: bool) -> list[ft.TextStyle]:
    text = theme(web=web).text_theme
    return [getattr(text, slot) for slot in _SLOTS]


class TestTextFonts:
    def test_on_the_web_every_style_names_the_clients_font_before_the_fallbacks(self):
        # Why: theme() (tests/e2e/test_fonts.py shows it in a browser).
        styles = _styles(web=True)
        assert styles and all(s.font_family == WEB_FONT for s in styles)
        assert all(s.font_family_fallback == [SYMBOL_FONT, BOOK_FONT] for s in styles)

    def test_a_desktop_window_keeps_its_platforms_font(self):
        styles = _styles(web=False)
        assert styles and all(s.font_family is None for s in styles)
        assert all(s.font_family_fallback == [SYMBOL_FONT, BOOK_FONT] for s in styles)

    def test_a_page_in_a_browser_gets_the_web_styles_in_both_themes(self, lives):
        async def run():
            _app, session = device(lives)  # a page whose client said it is on the web
            page = session.page
            return [t.text_theme.body_medium.font_family for t in (page.theme, page.dark_theme)]

        assert run_async(run()) == [WEB_FONT, WEB_FONT]
