"""Fonts on an offline table, in the CanvasKit renderer these tests get: text the web
client's own font draws (an accented name, a minus sign) asks the server for no other font
(referee/ui/theme.py), and a letter none of its fonts has (a name in emoji or in Chinese)
asks for each Noto font once (referee/live/web_fonts.py); each used to be asked for again at
every layout."""

from collections import Counter

import pytest
from playwright.sync_api import expect

from referee.core.record import GameRecord
from referee.live.kept_session import KeptSession
from referee.storage.store import Store
from tests.e2e.browser import open_page, serve_app, tagged

pytestmark = pytest.mark.e2e

ACCENTS = ["Zoé", "José", "Ana"]
UNDRAWN = ["Bo😀", "李", "Ana"]


def _fairy_game(folder, players: list[str]) -> None:
    store = Store(folder / "referee.db")
    table = KeptSession.new(store, GameRecord(game="fairy", players=players))
    table.play({"type": "opening", "card": 9})  # its card pad says "nobody drops below −4"
    store.close()


def _fonts_asked(browser, folder, players: list[str]) -> list[str]:
    """The Noto fonts a page asked for, from loading home to a guess taken back."""
    _fairy_game(folder, players)
    asked: list[str] = []
    with serve_app(folder) as (url, _started):

        def listen(page):
            page.on("request", lambda r: "/fonts/noto" in r.url and asked.append(r.url))

        page = open_page(browser, url, on_page=listen)
        _guess_and_take_back(page, players)
    return asked


def _guess_and_take_back(page, players: list[str]) -> None:
    page.get_by_role("button", name=f"Resume Fairy: {', '.join(players)}").click()
    expect(tagged(page, "guess-count")).to_have_text("0 of 3 guessed")
    guess = page.get_by_role("button", name="Ana higher", exact=True)
    guess.click()
    expect(tagged(page, "guess-count")).to_have_text("1 of 3 guessed")
    guess.click()  # the same guess again takes it back
    expect(tagged(page, "guess-count")).to_have_text("0 of 3 guessed")
    page.wait_for_timeout(500)  # a layout's request goes out after its frame


class TestOfflineFonts:
    def test_accents_and_a_minus_sign_ask_for_no_font(self, browser, tmp_path):
        assert _fonts_asked(browser, tmp_path, ACCENTS) == []

    def test_a_letter_no_font_has_asks_for_each_font_once(self, browser, tmp_path):
        times = Counter(_fonts_asked(browser, tmp_path, UNDRAWN))
        assert times and max(times.values()) == 1, times
