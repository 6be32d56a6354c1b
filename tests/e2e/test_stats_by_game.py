"""The statistics' "Wins by game" on a 390x844 touch phone (issue 54: its table of a column
a game was cut at the screen's edge): every game's row, and every player's wins in it, lie
inside the screen, with nothing to scroll sideways to."""

import random

import pytest
from playwright.sync_api import expect

from referee.core.record import GameRecord
from referee.games import GAMES
from referee.live.kept_session import KeptSession
from referee.storage.store import Store
from tests.e2e.browser import open_page, serve_app, shot, tagged
from tests.e2e.test_players import scrolled_to

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844, "touch": True}
# Every game, finished once, with a name long enough to need a line of its own.
PLAYERS = ["Bartholomew", "Ana", "Bo", "Cy"]


def seed(data_dir) -> list[tuple[str, str]]:
    """A finished game of every kind; (kind, player) for each player's wins shown."""
    store = Store(data_dir / "referee.db")
    try:
        for n, (kind, rules) in enumerate(GAMES.items()):
            table = KeptSession.new(store, GameRecord(game=kind, players=PLAYERS))
            rng = random.Random(n)
            while not rules.is_over(table.state):
                table.play(rules.draw(table.state, rng))
    finally:
        store.close()
    return [(kind, name) for kind in GAMES for name in PLAYERS]


def test_wins_by_game_fit_a_390_px_phone_without_scrolling_sideways(browser, tmp_path):
    shown = seed(tmp_path)
    # CanvasKit: its screenshots show the state asserted (tests/e2e/browser.py).
    with serve_app(tmp_path, renderer="canvaskit") as (url, _started):
        page = open_page(browser, url, **PHONE)
        page.get_by_role("button", name="Statistics").tap()
        expect(tagged(page, "stats-summary")).to_contain_text("5 finished games")
        section = scrolled_to(page, tagged(page, "stats-by-game"), top=200)
        expect(section).to_be_visible()
        shot(page, "stats-by-game-390x844")
        width = page.viewport_size["width"]
        box = section.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
        for kind, name in shown:
            cell = tagged(page, f"stats-by-game-{kind}-{name}")
            expect(cell).to_have_count(1)
            c = cell.bounding_box()
            assert c is not None, f"{kind}, {name}: not drawn"
            assert c["x"] >= 0 and c["x"] + c["width"] <= width, f"{kind}, {name}: {c}"
        # The page itself is no wider than the phone.
        assert page.evaluate("document.documentElement.scrollWidth") <= width
