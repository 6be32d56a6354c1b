"""Fairy Bucks in the real app: a lot won by being High Bidder twice in a row."""

import pytest
from playwright.sync_api import expect

from tests.e2e.browser import fill_in, open_page, serve_app, shot, tagged
from tests.player_words import cite

pytestmark = pytest.mark.e2e


def add_item(page, value: int, symbol: str) -> None:
    page.get_by_role("button", name=f"Item value {value}", exact=True).click()
    page.get_by_role("button", name=f"Symbol {symbol}").click()
    page.get_by_role("button", name="Add item").click()


class TestHighBidderTwice:
    def test_lot_won_by_high_bidder_twice(self, browser, tmp_path):
        with serve_app(tmp_path) as (url, _started):
            page = open_page(browser, url)
            page.get_by_role("button", name="New game").click()
            page.get_by_role("radio", name="Fairy Bucks").click()
            for i, name in enumerate(["Ana", "Bo"]):
                field = page.get_by_role("textbox", name=f"Player {i + 1}")
                field.click()
                fill_in(field, name)
            page.get_by_role("button", name="Start game").click()

            add_item(page, 5, "moon")
            add_item(page, 3, "sun")
            add_item(page, 2, "star")
            expect(tagged(page, "pending-items")).to_contain_text("5 ☾, 3 ☀, 2 ★")
            page.get_by_role("button", name="Auction these items").click()

            page.get_by_role("button", name="Ana shows 7").click()
            page.get_by_role("button", name="Bo shows 5").click()
            expect(tagged(page, "status")).to_contain_text("Ana is High Bidder at 7")
            # The Bucks just shown stay in their places, greyed: the grid does not shift.
            expect(page.get_by_role("button", name="Ana shows 7")).to_be_disabled()
            expect(page.get_by_role("button", name="Bo shows 5")).to_be_disabled()
            expect(tagged(page, "player-Bo")).to_contain_text("showing 5 = 5")
            shot(page, "fairybucks-high-bidder")

            page.get_by_role("button", name="Ana shows 2").click()
            page.get_by_role("button", name="Bo shows 3").click()
            expect(tagged(page, "verdict-headline")).to_have_text(
                "Ana wins lot 1: High Bidder for the 2nd reveal in a row"
            )
            expect(
                page.get_by_text("Bo loses the lowest Buck showing, 3; 5 back to hand.")
            ).to_be_visible()
            page.get_by_role("button", name="Why?").click()  # rulings wait behind Why?
            expect(page.get_by_text(cite("FB-TWICE"), exact=False)).to_be_visible()
            shot(page, "fairybucks-verdict")
            page.get_by_role("button", name="OK").click()

            expect(tagged(page, "score-Ana")).to_have_text("10")
            expect(tagged(page, "player-Ana")).to_contain_text("in hand 1 3 4 5 6 8 9 10, worth 46")
            bo = "in hand 1 2 4 5 6 7 8 9 10, worth 52"
            expect(tagged(page, "player-Bo")).to_contain_text(bo)
            shot(page, "fairybucks-after-lot")
