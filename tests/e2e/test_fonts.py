"""Text the web client's own font draws (an accented name, a minus sign) asks the server for
no other font. Offline, every font asked for is missing, and the CanvasKit renderer (the one
these tests and browsers without WebAssembly GC get) asked again at every layout: ×4 CPU, a
Fairy guess took 295 ms instead of 119."""

import pytest
from playwright.sync_api import expect

from referee.core.record import GameRecord
from referee.store import Store
from referee.table import Table
from tests.e2e.browser import open_page, serve_app, tagged

pytestmark = pytest.mark.e2e


def _fairy_with_accents(folder) -> None:
    store = Store(folder / "referee.db")
    table = Table.new(store, GameRecord(game="fairy", players=["Zoé", "José", "Ana"]))
    table.play({"type": "opening", "card": 9})  # the card pad says "nobody drops below −4"
    store.close()


class TestOfflineFonts:
    def test_accents_and_a_minus_sign_fetch_no_font_at_load_or_at_a_tap(self, browser, tmp_path):
        _fairy_with_accents(tmp_path)
        with serve_app(tmp_path) as (url, _started):
            fonts: list[str] = []

            def listen(page):
                page.on("request", lambda r: "/fonts/" in r.url and fonts.append(r.url))

            page = open_page(browser, url, ready="Resume", on_page=listen)
            expect(page.get_by_text("Fairy: Zoé, José, Ana").first).to_be_visible()
            page.get_by_role("button", name="Resume").click()
            expect(tagged(page, "guess-count")).to_have_text("0 of 3 guessed")
            guess = page.get_by_role("button", name="Zoé higher", exact=True)
            guess.click()
            expect(tagged(page, "guess-count")).to_have_text("1 of 3 guessed")
            guess.click()  # the same guess again takes it back
            expect(tagged(page, "guess-count")).to_have_text("0 of 3 guessed")
            page.wait_for_timeout(500)  # a layout's request goes out after its frame
        assert [u for u in fonts if "/fonts/noto" in u] == []
