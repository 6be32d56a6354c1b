"""What now? in the real app at 390x844: a newcomer's Fae-ker round played only by following
its panel, and the walk through a round of each of the five games."""

import re

import pytest
from playwright.sync_api import expect

from referee.core.record import GameRecord
from referee.games import GAMES
from referee.live.kept_session import KeptSession
from referee.storage.store import Store
from tests.e2e.browser import fill_in, open_page, serve_app, shot, tagged
from tests.player_words import cite

pytestmark = pytest.mark.e2e

PHONE = dict(width=390, height=844)
PLAYERS = ["Ana", "Bo", "Cy"]


def _button(page, name: str):
    return page.get_by_role("button", name=name, exact=True)


def test_walk_through_one_round_of_each_game(browser, tmp_path):
    store = Store(tmp_path / "referee.db")
    for kind in GAMES:
        KeptSession.new(store, GameRecord(game=kind, players=PLAYERS))
    stored = len(store.list_games())
    store.close()
    with serve_app(tmp_path) as (url, _started):
        page = open_page(browser, url, **PHONE)
        for kind, rules in GAMES.items():
            _button(page, f"Resume {rules.title}: {', '.join(PLAYERS)}").click()
            _button(page, "Rules").last.click()
            _button(page, "Walk through a round").click()
            expect(tagged(page, "walk-step")).to_contain_text("Step 0 of")
            total = int(tagged(page, "walk-step").inner_text().rsplit(" ", 1)[-1])
            expect(tagged(page, "whatnow-headline")).to_be_visible()
            _button(page, "Next").click()
            expect(tagged(page, "walk-step")).to_have_text(f"Step 1 of {total}")
            expect(tagged(page, "walk-verdict")).to_be_visible()
            expect(page).to_have_url(re.compile(r"/walk\?step=1$"))
            shot(page, f"whatnow-walk-{kind}-step1")
            _button(page, "Step back").click()  # Back steps back
            expect(tagged(page, "walk-step")).to_have_text(f"Step 0 of {total}")
            for n in range(1, total + 1):
                _button(page, "Next").click()
                expect(tagged(page, "walk-step")).to_have_text(f"Step {n} of {total}")
            expect(tagged(page, "walk-result")).not_to_be_empty()
            shot(page, f"whatnow-walk-{kind}-end")
            _button(page, "Start a real game").click()
            expect(page.get_by_role("radio", name=rules.title, exact=True)).to_be_checked()
            _button(page, "Cancel").click()
            expect(_button(page, "New game")).to_be_visible()
    store = Store(tmp_path / "referee.db")
    assert len(store.list_games()) == stored  # nothing of the walks was stored
    store.close()


def _panel(page, *phrases: str) -> None:
    """The taught game's What now? panel says each of `phrases` (once the last tap's
    change is on the screen)."""
    panel = tagged(page, "whatnow-panel")
    for phrase in phrases:
        expect(panel).to_contain_text(phrase, ignore_case=True)


def _stored_faeker(folder) -> None:
    """A Fae-ker game of PLAYERS stored in `folder`, for home's Resume."""
    store = Store(folder / "referee.db")
    KeptSession.new(store, GameRecord(game="faeker", players=PLAYERS))
    store.close()


def _allowed(page, phrase: str) -> None:
    """What now? lists `phrase` among the moves allowed now."""
    expect(tagged(page, "whatnow-allowed")).to_contain_text(phrase, ignore_case=True)


def test_a_newcomers_faeker_round_played_by_following_what_now(browser, tmp_path):
    with serve_app(tmp_path) as (url, _started):
        page = open_page(browser, url, touch=True, **PHONE)
        _button(page, "New game").tap()
        for i, name in enumerate(PLAYERS):
            field = page.get_by_role("textbox", name=f"Player {i + 1}")
            field.tap()
            fill_in(field, name)
        page.get_by_role("switch", name="Teach this game").tap()
        _button(page, "Start game").tap()

        # The panel opens under the status line; the newcomer does what it says: each
        # move tapped is one the panel lists as allowed now.
        _panel(page, "turns up the top card", "round 1: ana deals")
        _allowed(page, "the top card")
        shot(page, "whatnow-newcomer-1-top-card")
        _button(page, "Top 4").tap()

        _panel(page, "bo to act")
        _allowed(page, "bo may open the bidding with 0 to 5")
        _button(page, "Bid 2").tap()

        _panel(page, "cy to act")
        _allowed(page, "cy may call a bluff on bo's 2")
        shot(page, "whatnow-newcomer-2-bluff-on-offer")
        _button(page, "Call bluff on Bo's 2").tap()

        _panel(page, "bo to show a hand", "a bluff gives cy 4")
        _allowed(page, "hand")
        for card in ("4", "1", "1", "2", "3"):
            _button(page, f"Add {card}").tap()
        _button(page, "Confirm Bo's hand").tap()
        expect(tagged(page, "verdict-headline")).to_have_text("Bo bluffed: 1 for a bid of 2")
        _button(page, "OK").tap()

        # The round is over: What now? says what comes next, and who deals.
        _panel(page, "round 2: bo deals", "the deal moving one seat left each round")
        expect(tagged(page, "round")).to_contain_text("Round 2")
        shot(page, "whatnow-newcomer-3-next-round")

        # In full, one tap away, in the game's own view, with its own address; the rulings
        # behind Why?, as a verdict's; the phone's Back closes it.
        _button(page, "What now?").tap()
        expect(page).to_have_url(re.compile(r"/game/\d+/whatnow$"))
        expect(tagged(page, "whatnow-allowed")).not_to_contain_text("FK-DEALER")
        expect(tagged(page, "whatnow-refused")).to_have_count(0)
        page.get_by_role("button", name=re.compile(r"^Why\? Numbers, rules, and")).tap()
        expect(tagged(page, "whatnow-allowed")).to_contain_text(
            "The referee's reading (the rules are silent): The dealer moves"
        )
        expect(tagged(page, "whatnow-refused")).to_contain_text("bluff")
        shot(page, "whatnow-newcomer-4-in-full")
        page.go_back()
        expect(tagged(page, "whatnow")).to_have_count(0)
        expect(tagged(page, "whatnow-panel")).to_be_visible()
        expect(page).to_have_url(re.compile(r"/game/\d+$"))

        # Every device of the table is taught; turned off from the game menu on one, it
        # closes on the other.
        other = open_page(browser, url, **PHONE)
        _button(other, "Resume Fae-ker: Ana, Bo, Cy").click()
        expect(tagged(other, "whatnow-panel")).to_be_visible()
        menu = other.get_by_role("button", name="Game menu", exact=True)
        # Said once: its tooltip's words were read again after its name.
        expect(menu).to_have_attribute("aria-label", "Game menu")
        menu.click()
        other.get_by_label("Teach this game", exact=True).click()
        expect(tagged(other, "whatnow-panel")).to_have_count(0)
        expect(tagged(page, "whatnow-panel")).to_have_count(0)


def test_the_browsers_back_steps_back_through_a_walk_then_returns_to_the_rules(browser, tmp_path):
    _stored_faeker(tmp_path)
    with serve_app(tmp_path) as (url, _started):
        page = open_page(browser, url, **PHONE)
        _button(page, f"Resume Fae-ker: {', '.join(PLAYERS)}").click()
        _button(page, "Rules").last.click()
        _button(page, "Walk through a round").click()
        total = int(tagged(page, "walk-step").inner_text().rsplit(" ", 1)[-1])
        assert total >= 2
        for n in (1, 2):
            _button(page, "Next").click()
            expect(tagged(page, "walk-step")).to_have_text(f"Step {n} of {total}")
        # The verdict's ruling waits behind Why?, and the status line says nothing What
        # now? says under it (who is to act), only what it does not (what bids count).
        why = tagged(page, "why")
        expect(why).not_to_have_attribute("aria-label", re.compile("the printed rules"))
        expect(tagged(page, "walk-status")).not_to_contain_text("to act")
        expect(tagged(page, "walk-status")).to_contain_text("Bids count")
        shot(page, "whatnow-walk-faeker-step2-why-shut")
        _button(page, "Why?").click()
        expect(why).to_have_attribute("aria-label", re.compile(re.escape(cite("FK-BID"))))
        for n in (1, 0):
            page.go_back()
            expect(tagged(page, "walk-step")).to_have_text(f"Step {n} of {total}")
        shot(page, "whatnow-walk-faeker-back-to-step0")
        page.go_back()  # Back at the start: the rules screen that opened the walk
        expect(_button(page, "Walk through a round")).to_be_visible()
        expect(tagged(page, "walk-step")).to_have_count(0)


def test_back_after_what_now_retraces_the_games_way_not_the_panels(browser, tmp_path):
    _stored_faeker(tmp_path)
    with serve_app(tmp_path) as (url, _started):
        page = open_page(browser, url, touch=True, **PHONE)
        resume = _button(page, "Resume Fae-ker: Ana, Bo, Cy")

        # The rules opened from What now?, then the arrow back: the game, and the phone's
        # Back from it goes home, not to the rules or the panel again.
        resume.tap()
        _button(page, "What now?").tap()
        expect(tagged(page, "whatnow")).to_be_visible()
        _button(page, "Rules").tap()
        expect(page).to_have_url(re.compile(r"/game/\d+/rules$"))
        _button(page, "Back").tap()
        expect(page).to_have_url(re.compile(r"/game/\d+$"))
        expect(tagged(page, "whatnow")).to_have_count(0)
        page.go_back()
        expect(tagged(page, "home")).to_be_visible()
        expect(page).to_have_url(re.compile(r"/$"))

        # Home from the panel goes back to the first page of the tab, as Home from the game.
        resume.tap()
        _button(page, "What now?").tap()
        expect(tagged(page, "whatnow")).to_be_visible()
        _button(page, "Home").tap()
        expect(tagged(page, "home")).to_be_visible()
        expect(page).to_have_url(re.compile(r"/$"))
        assert page.evaluate("() => history.state && history.state.serialCount") == 0
