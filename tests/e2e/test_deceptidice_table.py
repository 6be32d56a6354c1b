"""Deceptidice in the real app: a 3-player round ending in a challenge, on a phone screen."""

import pytest
from playwright.sync_api import expect

from tests.e2e.browser import fill_in, open_page, serve_app, shot, tagged
from tests.player_words import cite

pytestmark = pytest.mark.e2e

PHONE = dict(width=390, height=844)


def create_game(page, names):
    page.get_by_role("button", name="New game").click()
    page.get_by_role("radio", name="Deceptidice").click()
    for i, name in enumerate(names):
        field = page.get_by_role("textbox", name=f"Player {i + 1}")
        field.click()
        fill_in(field, name)
    page.get_by_role("button", name="Start game").click()


def tops(page, player, cards, before=0, dice=4):
    """Tap each top card for a player, waiting for the count to show it before the next."""
    for i, (colour, number) in enumerate(cards, start=before + 1):
        page.get_by_role("button", name=f"{player}'s top {colour} {number}").click()
        expect(tagged(page, f"tops-{player}")).to_contain_text(f"({i} of {dice})")


class TestChallengedRound:
    def test_three_player_round_ends_in_a_challenge(self, browser, tmp_path):
        with serve_app(tmp_path) as (url, _started):
            page = open_page(browser, url, **PHONE)
            create_game(page, ["Ana", "Bo", "Cy"])
            expect(tagged(page, "status")).to_contain_text("Ana is the Liar")
            expect(tagged(page, "score-Ana")).to_have_text("9 cards")
            expect(tagged(page, "score-footer")).to_contain_text("Draw pile: 21 cards")

            # Ana opens: COUNT 2, Red.
            page.get_by_role("button", name="More cards").click()
            expect(tagged(page, "guess-count")).to_have_text("2")
            page.get_by_role("button", name="Colour Red").click()
            expect(tagged(page, "guess-ladder")).to_contain_text("1. Ana: 2 Red cards")

            # Bo: the stepper starts at the least higher COUNT; a 4.
            expect(tagged(page, "guess-count")).to_have_text("3")
            expect(page.get_by_role("button", name="Fewer cards")).to_be_enabled()
            page.get_by_role("button", name="Number 4").click()
            expect(tagged(page, "guess-ladder")).to_contain_text("2. Bo: 3 cards with a 4")
            expect(tagged(page, "status")).to_contain_text("Cy: guess higher or challenge")
            shot(page, "deceptidice-ladder")

            # Cy challenges: every die's top card, player by player.
            page.get_by_role("button", name="Challenge Bo's guess").click()
            expect(tagged(page, "status")).to_contain_text("enter its top card")
            tops(page, "Ana", [("Red", 4), ("Blue", 2), ("Green", 4), ("Yellow", 1)])
            expect(tagged(page, "tops-Ana")).to_contain_text("(4 of 4)")
            tops(page, "Bo", [("Red", 1), ("Red", 1)])
            # Both Red 1s are entered: the deck has no third.
            expect(page.get_by_role("button", name="Bo's top Red 1")).to_be_disabled()
            tops(page, "Bo", [("Blue", 4), ("Green", 6)], before=2)
            tops(page, "Cy", [("Yellow", 4), ("Yellow", 5)])
            shot(page, "deceptidice-tops")
            tops(page, "Cy", [("Blue", 6), ("Red", 3)], before=2)
            page.get_by_role("button", name="Judge the challenge").click()

            headline = tagged(page, "verdict-headline")
            expect(headline).to_have_text(
                "Cy loses: there are 4 cards with a 4, so the guess holds"
            )
            page.get_by_role("button", name="Why?").click()  # rulings wait behind Why?
            expect(page.get_by_text(cite("DD-CHALLENGE"), exact=False)).to_be_visible()
            expect(page.get_by_text("Ana: Red 4 ✓, Blue 2, Green 4 ✓, Yellow 1.")).to_be_visible()
            shot(page, "deceptidice-verdict")
            page.get_by_role("button", name="OK").click()

            # Cy's 9 cards made dice of 3·2·2·2: either size may go.
            expect(tagged(page, "status")).to_contain_text("Cy lost the round")
            page.get_by_role("button", name="Discard a die of 3").click()
            expect(tagged(page, "score-Cy")).to_have_text("6 cards")
            expect(tagged(page, "round")).to_contain_text("Round 2 · Liar Cy")
            expect(tagged(page, "status")).to_contain_text("Cy is the Liar")
