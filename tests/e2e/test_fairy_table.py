"""Fairy in the real app: four players through the third fairy, a tie and its play-off."""

import pytest
from playwright.sync_api import expect

from tests.e2e.browser import fill_in, open_page, serve_app, shot, tagged
from tests.player_words import cite

pytestmark = pytest.mark.e2e

PLAYERS = ["Ana", "Bo", "Cy", "Dee"]


def create_game(page) -> None:
    page.get_by_role("button", name="New game").click()
    page.get_by_role("radio", name="Fairy", exact=True).click()
    page.get_by_role("button", name="Add player").click()
    for i, name in enumerate(PLAYERS):
        field = page.get_by_role("textbox", name=f"Player {i + 1}")
        field.click()
        fill_in(field, name)
    # Memory aid: the game's only option (the Teach this game switch comes before it)
    page.get_by_role("switch").last.click()
    page.get_by_role("button", name="Start game").click()


def scrolled_to(page, locator):
    """Flutter leaves controls far below the fold out of the page: scroll until it is in."""
    for _ in range(8):
        if locator.count():
            break
        page.mouse.move(195, 700)
        page.mouse.wheel(0, 300)
        page.wait_for_timeout(250)
    return locator


def guesses(page, **said) -> None:
    for name, guess in said.items():
        button = page.get_by_role("button", name=f"{name} {guess.replace('_', ' ')}", exact=True)
        scrolled_to(page, button).click()
        # The row stays and shows the guess as picked (the last pick locks the turn in and
        # the card pad follows): wait for either before the next tap.
        picked = tagged(page, f"guessed-{name}").or_(tagged(page, "locked-guesses"))
        expect(picked.first).to_be_visible()


def turn_up(page, card: int) -> None:
    """The last guess locked the guesses in: the card pad enters the card turned up."""
    expect(tagged(page, "status")).to_contain_text("Turn up the next card")
    fairy = " fairy" if card in (4, 11, 18) else ""
    page.get_by_role("button", name=f"Card {card}{fairy}", exact=True).click()


def scores(page, **expected) -> None:
    for name, score in expected.items():
        expect(tagged(page, f"score-{name}")).to_have_text(str(score).replace("-", "−"))


class TestThirdFairy:
    def test_four_players_through_the_third_fairy_and_a_play_off(self, browser, tmp_path):
        with serve_app(tmp_path) as (url, _started):
            page = open_page(browser, url, width=390, height=844)
            create_game(page)

            page.get_by_role("button", name="Card 4 fairy", exact=True).click()
            expect(tagged(page, "score-footer")).to_contain_text("fairies seen 1 of 3")

            # Turn 1: one tap per player; the last one locks the guesses in.
            guesses(page, Ana="catch", Bo="higher")
            expect(tagged(page, "guess-count")).to_have_text("2 of 4 guessed")
            expect(tagged(page, "guessed-Ana")).to_be_visible()
            shot(page, "fairy-guess-entry")
            guesses(page, Cy="same_suit", Dee="lower")
            turn_up(page, 11)
            expect(tagged(page, "verdict-headline")).to_have_text(
                "11 is higher than 4 and a fairy: Ana and Bo were right"
            )
            expect(page.get_by_text("Catch, right +7: Ana.")).to_be_visible()
            page.get_by_role("button", name="Why?").click()  # rulings wait behind Why?
            expect(page.get_by_text(cite("FY-SCORE"), exact=False)).to_be_visible()
            expect(tagged(page, "change-Ana")).to_have_text("Ana: 0 to 7 points (+7)")
            shot(page, "fairy-verdict")
            page.get_by_role("button", name="OK").click()
            scores(page, Ana=7, Bo=2, Cy=-1, Dee=-1)

            # Turn 2: everyone repeats last turn's guess with one tap.
            page.get_by_role("button", name="Same as last turn for all").click()
            turn_up(page, 9)
            expect(tagged(page, "verdict-headline")).to_have_text(
                "9 is lower than 11 and same suit: Cy and Dee were right"
            )
            page.get_by_role("button", name="OK").click()
            scores(page, Ana=6, Bo=1, Cy=3, Dee=1)

            # The memory aid: the cards seen, and exact odds from the 18 unseen cards.
            expect(tagged(page, "seen-cards")).to_have_text("Seen, in order: 4, 11, 9")
            expect(tagged(page, "odds-same_suit")).to_contain_text("5 of 18")
            expect(tagged(page, "odds-same_suit")).to_contain_text("+4 × 0.28 − 1 × 0.72")
            expect(tagged(page, "odds-catch")).to_contain_text("1 of 18")
            shot(page, "fairy-memory-aid")

            # Turn 3: the third fairy; Ana and Bo tie at the top and play off.
            guesses(page, Ana="higher", Bo="catch", Cy="same_suit", Dee="lower")
            turn_up(page, 18)
            expect(tagged(page, "verdict-headline")).to_have_text(
                "Ana and Bo tie at 8 and play off"
            )
            page.get_by_role("button", name="Why?").click()  # rulings wait behind Why?
            expect(page.get_by_text(cite("FY-END-FAIRY"), exact=False)).to_be_visible()
            page.get_by_role("button", name="OK").click()
            scores(page, Ana=8, Bo=8, Cy=2, Dee=0)
            expect(tagged(page, "score-footer")).to_contain_text("play-off: Ana and Bo")
            expect(tagged(page, "status")).to_contain_text("Play-off: only Ana and Bo guess")
            expect(page.get_by_role("button", name="Cy higher", exact=True)).to_have_count(0)

            # The play-off: Ana is ahead after one turn and wins.
            guesses(page, Ana="lower", Bo="higher")
            turn_up(page, 2)
            expect(tagged(page, "verdict-headline")).to_have_text("Ana wins with 10 points")
            page.get_by_role("button", name="OK").click()
            expect(tagged(page, "standings-headline")).to_have_text("Ana wins with 10 points")
            expect(tagged(page, "all-cards")).to_have_text("Cards in order: 4, 11, 9, 18, 2")
            scores(page, Ana=10, Bo=7)
            shot(page, "fairy-ending")
