"""Fix a mistake anywhere in the log (issue 14), in the real app in headless Chromium: a
Fae-ker game of three rounds, the round-1 bid edited from the log, the scores after
round 3 change on this device and on another one showing the game."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.browser import open_page, serve_app, shot, tagged
from tests.e2e.test_faeker_table import create_game

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}


def bluff_round(page, top, bidder, amount, caller, hand):
    page.get_by_role("button", name=f"Top {top}", exact=True).click()
    page.get_by_role("button", name=f"Bid {amount}", exact=True).click()
    page.get_by_role("button", name=f"Call bluff on {bidder}'s {amount}").click()
    for card in hand:
        page.get_by_role("button", name=f"Add {card}", exact=True).click()
    page.get_by_role("button", name=f"Confirm {bidder}'s hand").click()
    expect(tagged(page, "verdict-headline")).to_contain_text(bidder)
    page.get_by_role("button", name="OK").click()


class TestEditRoundOneBid:
    def test_editing_the_round_1_bid_changes_the_scores_after_round_3(self, browser, tmp_path):
        with serve_app(tmp_path) as (url, _started):
            page = open_page(browser, url, **PHONE)
            create_game(page, ["Ana", "Bo", "Cy"])
            bluff_round(page, "5", "Bo", 2, "Cy", ("5", "6", "1", "1", "1"))
            bluff_round(page, "4", "Cy", 1, "Ana", ("4", "4", "2", "2", "3"))
            bluff_round(page, "3", "Ana", 1, "Bo", ("3", "3", "1", "2", "4"))
            for name in ("Ana", "Bo", "Cy"):
                expect(tagged(page, f"score-{name}")).to_have_text("3 of 12")

            other = open_page(browser, url, **PHONE)
            other.get_by_role("button", name="Resume Fae-ker: Ana, Bo, Cy").click()
            expect(tagged(other, "score-Bo")).to_have_text("3 of 12")

            page.get_by_role("button", name="Show log (12)").click()
            tagged(page, "log-2").click()
            shot(page, "log-edit-before")
            page.get_by_role("button", name="Edit", exact=True).click()
            expect(tagged(page, "edit-heading")).to_have_text("Edit action 2")
            expect(tagged(page, "edit-was")).to_have_text("As logged: Bo bids 2")
            shot(page, "log-edit-choose")
            page.get_by_role("button", name="Bid 3", exact=True).click()

            # The change itself first, in the game's words; then what it changed.
            expect(tagged(page, "edit-what")).to_have_text("Action 2: Bo's bid: 2 → 3")
            expect(tagged(page, "edit-before-Bo")).to_have_text("3")
            expect(tagged(page, "edit-after-Bo")).to_have_text("0")
            expect(tagged(page, "edit-after-Cy")).to_have_text("7")
            expect(tagged(page, "edit-flipped-4")).to_contain_text(
                "Bo told the truth: 2 for a bid of 2 → Bo bluffed: 2 for a bid of 3"
            )
            shot(page, "log-edit-compare")
            page.get_by_role("button", name="Confirm").click()

            expect(tagged(page, "score-Bo")).to_have_text("0 of 12")
            expect(tagged(page, "score-Cy")).to_have_text("7 of 12")
            expect(tagged(page, "score-Ana")).to_have_text("3 of 12")
            shot(page, "log-edit-after")
            # One change to the live table: the other device shows it too.
            expect(tagged(other, "score-Bo")).to_have_text("0 of 12")
            expect(tagged(other, "score-Cy")).to_have_text("7 of 12")

            # The log before the edit is kept and comes back from the game menu.
            page.get_by_role("button", name="Game menu").click()
            page.get_by_role("menuitem", name="Earlier versions").click()
            expect(tagged(page, "versions")).to_have_attribute(
                "aria-label", re.compile("Before “Action 2 edited” · 12 actions")
            )
            shot(page, "log-edit-versions")
            page.get_by_role("button", name="Restore").click()
            expect(tagged(page, "score-Bo")).to_have_text("3 of 12")
            expect(tagged(other, "score-Bo")).to_have_text("3 of 12")

            # Deleting the round-1 top card breaks the next action: told, and nothing changes.
            page.get_by_role("button", name="Show log (12)").click()
            tagged(page, "log-1").click()
            page.get_by_role("button", name="Delete", exact=True).last.click()
            expect(tagged(page, "edit-what")).to_have_text("Action 1: Deleted: The top card is 5")
            expect(tagged(page, "edit-heading")).to_have_text(
                "Then action 1 (Bo bids 2) no longer applies"
            )
            shot(page, "log-edit-break")
            page.get_by_role("button", name="Cancel").click()
            expect(tagged(page, "score-Bo")).to_have_text("3 of 12")
