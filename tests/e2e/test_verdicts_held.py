"""A verdict open on one phone gives way when another phone takes it out of the log (issue
54), in headless Chromium with two pages: an undo (the Fairy card of the issue), a card
turned up again instead, a fix to the log (edit, restore, delete, insert), and an undo
through another referee on the same folder."""

import pytest
from playwright.sync_api import expect

from tests.e2e.browser import fill_in, open_page, serve, shot, tagged
from tests.e2e.test_faeker_table import create_game as faeker_game
from tests.e2e.test_fairy_table import guesses, turn_up

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844, "touch": True}
RIGHT = "12 is lower than 19: Ana was right"
TRUTH = "Bo told the truth: 2 for a bid of 2"


def button(page, name: str):
    return page.get_by_role("button", name=name, exact=True)


def fairy_to_the_twelve(browser, url: str, other_url: str | None = None):
    """A Fairy game of Ana, Bo and Cy on page A, open on page B (Bo's own phone, served
    from `other_url` if given): turn 1 turns up 19 on 5; in turn 2 Ana says lower and 12
    comes. Both show the verdict; (A, B)."""
    a = open_page(browser, url, **PHONE)
    button(a, "New game").tap()
    a.get_by_role("radio", name="Fairy", exact=True).tap()
    for i, name in enumerate(["Ana", "Bo", "Cy"]):
        field = a.get_by_role("textbox", name=f"Player {i + 1}")
        field.tap()
        fill_in(field, name)
    button(a, "Start game").tap()
    button(a, "Card 5").tap()
    expect(tagged(a, "who-holds")).to_be_visible()
    # Opened once the game is there: a home list that moves under a tap drops the tap.
    b = open_page(browser, other_url or url, **PHONE)
    # As long as the home's own first frame may take on a machine running the suite.
    button(b, "Resume Fairy: Ana, Bo, Cy").tap(timeout=60_000)
    expect(tagged(b, "who-holds")).to_be_visible()
    b.get_by_role("checkbox", name="Bo", exact=True).tap()  # this is me
    guesses(a, Ana="higher", Bo="lower", Cy="lower")
    turn_up(a, 19)
    for page in (a, b):
        button(page, "OK").tap()
    guesses(a, Ana="lower", Bo="higher", Cy="higher")
    turn_up(a, 12)
    for page in (a, b):
        expect(tagged(page, "verdict-headline")).to_have_text(RIGHT)
    return a, b


def gone(page, sentence: str, was: str, what: str | None = None) -> None:
    """The verdict open on `page` gave way to the sentence saying who took it away."""
    expect(tagged(page, "verdict-gone")).to_have_text(sentence)
    expect(tagged(page, "verdict-gone-was")).to_have_text(was)
    if what is not None:
        expect(tagged(page, "verdict-gone-what")).to_have_text(what)
    expect(tagged(page, "verdict-headline")).to_have_count(0)


class TestTheFairyCardOfTheIssue:
    def test_bos_phone_undoes_the_card_and_anas_dialog_says_so(self, browser, tmp_path):
        with serve(tmp_path) as app:
            a, b = fairy_to_the_twelve(browser, app.url)
            shot(a, "verdict-fairy-open-on-ana-before-bo-undoes")

            button(b, "OK").tap()
            button(b, "Undo").tap()
            gone(a, "Bo's phone undid that.", RIGHT)
            expect(tagged(a, "verdict-gone-now")).to_contain_text("Turn up the next card")
            shot(a, "verdict-fairy-undone-on-bos-phone")
            button(a, "OK").tap()
            expect(tagged(a, "verdict-gone")).to_have_count(0)
            expect(tagged(a, "round")).to_contain_text("Turn 2 · top card 19")

            # Another card turned up instead: that verdict on both, and only that one.
            turn_up(b, 20)
            for page in (a, b):
                expect(tagged(page, "verdict-headline")).to_contain_text("20 is higher than 19")
            button(a, "OK").tap()
            expect(tagged(a, "verdict-headline")).to_have_count(0)
            expect(tagged(a, "verdict-gone")).to_have_count(0)


def open_last_verdict(page, headline: str) -> None:
    tagged(page, "last-verdict").first.tap()
    expect(tagged(page, "verdict-headline")).to_have_text(headline)


def fix_from_log(page, step: int, fix: str, *then: str) -> None:
    """On `page`: the log, action `step` opened, its fix (Edit, Delete, Insert before),
    then each of `then` tapped (the action entered, Confirm)."""
    page.get_by_role("button", name="Show log", exact=False).tap()
    tagged(page, f"log-{step}").tap()
    button(page, fix).last.tap()
    for name in then:
        button(page, name).tap()
    expect(tagged(page, "status")).to_be_visible()  # back at the table


class TestAFixToTheLogOnAnotherPhone:
    def test_an_edit_a_restore_a_delete_and_an_insert_each_take_the_verdict_away(
        self, browser, tmp_path
    ):
        with serve(tmp_path) as app:
            a = open_page(browser, app.url, **PHONE)
            faeker_game(a, ["Ana", "Bo", "Cy"])
            button(a, "Top 5").tap()
            expect(tagged(a, "round")).to_contain_text("top 5")
            b = open_page(browser, app.url, **PHONE)
            button(b, "Resume Fae-ker: Ana, Bo, Cy").tap()
            button(a, "Bid 2").tap()
            a.get_by_role("button", name="Call bluff on Bo's 2").tap()
            for card in ("5", "6", "1", "1", "1"):
                button(a, f"Add {card}").tap()
            a.get_by_role("button", name="Confirm Bo's hand").tap()
            for page in (a, b):
                expect(tagged(page, "verdict-headline")).to_have_text(TRUTH)
                button(page, "OK").tap()

            open_last_verdict(a, TRUTH)
            fix_from_log(b, 2, "Edit", "Bid 3", "Confirm")
            gone(a, "Another device fixed the log.", TRUTH, "Action 2 edited.")
            expect(tagged(a, "verdict-gone-instead")).to_have_text(
                "In its place: Bo bluffed: 2 for a bid of 3"
            )
            shot(a, "verdict-faeker-edited-on-another-phone")
            button(a, "OK").tap()

            bluffed = "Bo bluffed: 2 for a bid of 3"
            open_last_verdict(a, bluffed)
            b.get_by_role("button", name="Game menu").tap()
            b.get_by_role("menuitem", name="Earlier versions").tap()
            button(b, "Restore").tap()
            gone(a, "Another device restored an earlier version of the game.", bluffed)
            button(a, "OK").tap()

            open_last_verdict(a, TRUTH)
            fix_from_log(b, 4, "Delete", "Confirm")
            gone(a, "Another device fixed the log.", TRUTH, "Action 4 deleted.")
            button(a, "OK").tap()

            called = "Cy calls Bo's bluff on 2"
            open_last_verdict(a, called)
            keep = "Keep the game up to there (the rest kept as redo)"
            fix_from_log(b, 3, "Insert before", "Bid 3", keep)
            gone(
                a,
                "Another device fixed the log.",
                called,
                "Action 3 inserted; kept up to action 3.",
            )
            button(a, "OK").tap()
            expect(tagged(a, "verdict-gone")).to_have_count(0)


class TestAnotherRefereeOnTheSameFolder:
    def test_an_undo_through_the_other_referee_takes_the_verdict_away(self, browser, tmp_path):
        with serve(tmp_path) as app, serve(tmp_path) as other_process:
            a, b = fairy_to_the_twelve(browser, app.url, other_process.url)
            button(b, "OK").tap()
            button(b, "Undo").tap()
            gone(a, "Another device undid that.", RIGHT)
            expect(tagged(a, "message")).to_have_count(0)  # said once: no toast besides
