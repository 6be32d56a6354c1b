"""A full Fae-ker round in the real app, in headless Chromium, ending in a bluff call."""

import json
import time

import pytest
from playwright.sync_api import expect

from tests.e2e.browser import ARTIFACTS, fill_in, open_page, serve_app, shot, tagged
from tests.player_words import cite

pytestmark = pytest.mark.e2e


def create_game(page, names):
    page.get_by_role("button", name="New game").click()
    for i, name in enumerate(names):
        field = page.get_by_role("textbox", name=f"Player {i + 1}")
        field.click()
        fill_in(field, name)
    page.get_by_role("button", name="Start game").click()


class TestBluffRound:
    def test_round_ending_in_a_bluff_call_scores_the_caller(self, browser, tmp_path):
        with serve_app(tmp_path) as (url, started):
            page = open_page(browser, url)
            first_frame = time.perf_counter() - started
            shot(page, "faeker-home")

            create_game(page, ["Ana", "Bo", "Cy"])
            page.get_by_role("button", name="Top 4", exact=True).click()
            expect(tagged(page, "status")).to_contain_text("Bo to act")
            page.get_by_role("button", name="Bid 2", exact=True).click()
            # Cy cannot go lower than the highest bid: the button is disabled.
            expect(page.get_by_role("button", name="Bid 1", exact=True)).to_be_disabled()
            page.get_by_role("button", name="Bid 3", exact=True).click()
            expect(tagged(page, "bid-ladder")).to_contain_text("Bo bids 2, then Cy bids 3")
            shot(page, "faeker-game")

            page.get_by_role("button", name="Call bluff on Cy's 3").click()
            expect(tagged(page, "status")).to_contain_text("Enter Cy's 5 cards")
            for card in ("4", "stone circle", "1", "1", "2"):
                page.get_by_role("button", name=f"Add {card}", exact=True).click()
            expect(tagged(page, "picked-count")).to_have_text("5 of 5 cards")
            page.get_by_role("button", name="Confirm Cy's hand").click()

            headline = tagged(page, "verdict-headline")
            expect(headline).to_have_text("Cy bluffed: 2 for a bid of 3")
            page.get_by_role("button", name="Why?").click()  # rulings wait behind Why?
            expect(page.get_by_text(cite("FK-BLUFF-AT-LEAST"), exact=False)).to_be_visible()
            expect(tagged(page, "change-Ana")).to_have_text("Ana: 0 to 4 cubes (+4)")
            shot(page, "faeker-verdict")

            page.get_by_role("button", name="OK").click()
            expect(tagged(page, "score-Ana")).to_have_text("4 of 12")
            expect(tagged(page, "score-footer")).to_contain_text("Supply: 36 of 40")
            expect(tagged(page, "round")).to_contain_text("Round 2 · die shows 2")

            # Undo puts the hand back; the verdict can be redone.
            page.get_by_role("button", name="Undo").last.click()
            expect(tagged(page, "score-Ana")).to_have_text("0 of 12")
            page.get_by_role("button", name="Redo").last.click()
            # The verdict comes back with it, as the other devices show it.
            expect(headline).to_have_text("Cy bluffed: 2 for a bid of 3")
            page.get_by_role("button", name="OK").click()
            expect(tagged(page, "score-Ana")).to_have_text("4 of 12")

            # Another device (a new browser session) finds the game on its home screen.
            other = open_page(browser, url)
            other.get_by_role("button", name="Resume Fae-ker: Ana, Bo, Cy").click()
            expect(tagged(other, "score-Ana")).to_have_text("4 of 12")
            expect(tagged(other, "last-verdict")).to_have_text("Cy bluffed: 2 for a bid of 3")

            ARTIFACTS.mkdir(exist_ok=True)
            (ARTIFACTS / "timings.json").write_text(
                json.dumps({"first_frame_s": round(first_frame, 2)})
            )
