"""The phone layout: with 4 players, in the middle of every game, the header (app bar,
scoreboard, status) leaves at least 55% of a 390x844 screen to the action area."""

import random

import pytest
from playwright.sync_api import expect

from referee.core.record import GameRecord
from referee.games import GAMES
from referee.live.kept_session import KeptSession
from referee.storage.store import Store
from tests.e2e.browser import open_page, serve_app, shot, tagged

pytestmark = pytest.mark.e2e

PHONE = (390, 844)
PLAYERS = ["Ana", "Bo", "Cy", "Dee"]
# Random legal steps into each game: far enough for verdicts, badges and a busy phase.
STEPS = {"faeker": 4, "faj": 6, "fairybucks": 5, "deceptidice": 6, "fairy": 5}


def seed_games(data_dir) -> None:
    store = Store(data_dir / "referee.db")
    try:
        for kind, steps in STEPS.items():
            rules, rng = GAMES[kind], random.Random(12)
            table = KeptSession.new(store, GameRecord(game=kind, players=PLAYERS))
            for _ in range(steps):
                if rules.is_over(table.state):
                    break
                table.play(rules.draw(table.state, rng))
    finally:
        store.close()


def verdict_shots(page, name: str) -> None:
    """The last verdict as the table sees it, then with its 'Why?' open."""
    tagged(page, "last-verdict").click()
    expect(tagged(page, "verdict-headline")).to_be_visible()
    shot(page, f"{name}-verdict")
    why = page.get_by_role("button", name="Why?")
    if why.count():
        why.click()
        shot(page, f"{name}-verdict-why")
    page.get_by_role("button", name="OK").click()
    expect(tagged(page, "verdict-headline")).to_have_count(0)


def test_the_action_area_gets_most_of_a_phone_in_every_game(browser, tmp_path):
    seed_games(tmp_path)
    shares = {}
    with serve_app(tmp_path) as (url, _started):
        page = open_page(browser, url, width=PHONE[0], height=2400)
        for kind in STEPS:
            page.set_viewport_size({"width": PHONE[0], "height": 2400})
            page.wait_for_timeout(500)  # a new width draws the home screen again
            name = f"{GAMES[kind].title}: {', '.join(PLAYERS)}"
            page.get_by_role("button", name=f"Resume {name}").click()
            page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
            header = tagged(page, "game")
            expect(header).to_be_visible(timeout=15_000)
            expect(tagged(page, "score-Dee")).to_be_visible()
            page.wait_for_timeout(300)  # the resize re-render
            box = header.bounding_box()
            shares[kind] = (PHONE[1] - (box["y"] + box["height"])) / PHONE[1]
            shot(page, f"phone-{kind}-main")
            verdict_shots(page, f"phone-{kind}")
            page.set_viewport_size({"width": 1280, "height": 800})
            expect(tagged(page, "score-Dee")).to_be_visible()
            shot(page, f"desktop-{kind}-main")
            verdict_shots(page, f"desktop-{kind}")
            # Back at phone width before going home: the home screen is then drawn once.
            page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
            expect(tagged(page, "game")).to_be_visible()
            page.wait_for_timeout(500)
            page.get_by_role("button", name="Home").first.click()
            page.get_by_role("button", name="New game").wait_for()
    print({k: round(v, 3) for k, v in shares.items()})
    assert all(share >= 0.55 for share in shares.values()), shares


def finish_games(data_dir) -> dict[str, str]:
    """One finished 4-player game of each kind; returns each game's outcome headline."""
    store, headlines = Store(data_dir / "referee.db"), {}
    try:
        for kind in STEPS:
            rules, rng = GAMES[kind], random.Random(5)
            table = KeptSession.new(store, GameRecord(game=kind, players=PLAYERS))
            while not rules.is_over(table.state):
                table.play(rules.draw(table.state, rng))
            headlines[kind] = rules.outcome(table.state).headline
    finally:
        store.close()
    return headlines


def test_every_game_ends_on_standings_at_phone_and_desktop_size(browser, tmp_path):
    headlines = finish_games(tmp_path)
    with serve_app(tmp_path) as (url, _started):
        page = open_page(browser, url, width=PHONE[0], height=2400)
        for kind, headline in headlines.items():
            page.set_viewport_size({"width": 1280, "height": 2400})
            page.wait_for_timeout(800)  # a new width draws the home screen again
            name = f"{GAMES[kind].title}: {', '.join(PLAYERS)}"
            page.get_by_role("button", name=f"View {name}").click()
            expect(tagged(page, "standings-headline")).to_have_text(headline, timeout=15_000)
            expect(tagged(page, "standings-chart")).to_be_visible()
            expect(tagged(page, "place-Dee")).to_be_visible()
            page.set_viewport_size({"width": 1280, "height": 800})
            shot(page, f"desktop-{kind}-standings")
            page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
            expect(tagged(page, "standings-headline")).to_have_text(headline)
            shot(page, f"phone-{kind}-standings")
            page.set_viewport_size({"width": PHONE[0], "height": 2400})
            page.get_by_role("button", name="Home").first.click()
            page.get_by_role("button", name="New game").wait_for()
