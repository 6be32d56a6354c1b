"""Settle a dispute in the real app: a Faces, Aces & Jokers showdown among 3 players from
the home screen, counted in taps, saved to the history."""

import pytest
from playwright.sync_api import expect

from tests.e2e.browser import open_page, serve_app, shot, tagged

pytestmark = pytest.mark.e2e

PILES = {
    "Player 1": ["10♠", "9♠", "8♠", "7♠", "6♠"],  # straight flush
    "Player 2": ["10♥", "10♦", "10♣", "2♣", "2♦"],  # full house
    "Player 3": ["9♥", "9♦", "3♣"],  # a pair, three cards
}


def test_faj_showdown_among_three_from_home_in_under_25_taps(browser, tmp_path):
    taps = 0

    def tap(role_name: str) -> None:
        nonlocal taps
        page.get_by_role("button", name=role_name, exact=True).click()
        taps += 1

    with serve_app(tmp_path) as (url, _started):
        page = open_page(browser, url, width=390, height=844)
        tap("Settle a dispute")
        tap("Faces, Aces & Jokers")
        tap("The final showdown")
        tap("Add a player")
        for i, (player, cards) in enumerate(PILES.items()):
            if i:
                tap(f"Cards won by {player}")
            for n, card in enumerate(cards, start=1):
                tap(f"{player} won {card}")
                # each tap is drawn before the next (a tap is a toggle)
                expect(page.get_by_role("button", name=f"{player} · {n}")).to_be_visible()
        headline = tagged(page, "dispute-headline")
        expect(headline).to_have_text("Player 1 wins with straight flush, 6 to 10 of spades")
        expect(tagged(page, "dispute-line-3")).to_have_text(
            "Player 1's straight flush beats Player 2's full house."
        )
        # A card another player won is not offered again.
        offered = page.get_by_role("button", name="Player 3 won 10♠", exact=True)
        expect(offered.get_by_role("button", name="10♠")).to_be_disabled()
        shot(page, "dispute-faj-showdown")
        page.mouse.move(195, 600)
        page.mouse.wheel(0, 1500)
        shot(page, "dispute-faj-showdown-why")
        tap("Save to history")
        expect(tagged(page, "dispute-saved")).to_be_visible()
        assert taps < 25, taps
        print(f"taps for a 3-player FAJ showdown from home: {taps}")
        page.get_by_role("button", name="Home").click()
        expect(tagged(page, "dispute-history-1")).to_contain_text(
            "Faces, Aces & Jokers: Player 1 wins with straight flush"
        )
        shot(page, "dispute-home-history")
