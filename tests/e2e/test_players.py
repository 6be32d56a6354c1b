"""Players, Play again and the statistics on a phone (issue 24), in the real app in
headless Chromium at 390x844 with touch: a Fairy game (the quickest to finish) is
finished by taps, played again and finished too, then the statistics show both with the
games of earlier evenings, a player is merged from there, and New game offers the tables
and names played before. The taps from the ending to the next game's first action are
counted (test-artifacts/players-taps.json)."""

import json
import random
from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import expect

from referee.core.record import GameRecord
from referee.games import GAMES
from referee.live.kept_session import KeptSession
from referee.storage.store import Store
from tests.e2e.browser import ARTIFACTS, fill_in, open_page, serve_app, shot, tagged

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844, "touch": True}
TABLE = ["Ana", "Bo", "Cy"]
# Earlier evenings: (game, players, days ago, seed of its random play); "Anna" is Ana
# typed another way once. Each seed gives the places the statistics below count on: a
# rule that changes what random play may draw changes the game a seed gives.
HISTORY = [
    ("faeker", ["Ana", "Bo", "Cy", "Dee"], 45, 0),  # places 2, 1, 3, 3
    ("fairy", ["Ana", "Bo", "Dee"], 9, 1),  # 2, 3, 1
    ("deceptidice", ["Bo", "Cy", "Dee"], 9, 2),  # 1, 3, 1
    ("faj", ["Anna", "Bo", "Cy"], 2, 0),  # 3, 2, 1
    ("fairybucks", ["Ana", "Bo", "Cy", "Dee"], 1, 65),  # 3, 2, 4, 1
]


def seed(data_dir) -> None:
    """Earlier evenings' finished games, one unfinished game, and tonight's Fairy game of
    Ana, Bo and Cy one card from its end (the third fairy)."""
    store = Store(data_dir / "referee.db")
    try:
        now = datetime.now(UTC)
        for n, (kind, players, ago, seed) in enumerate(HISTORY):
            rules, rng = GAMES[kind], random.Random(seed)
            table = KeptSession.new(store, GameRecord(game=kind, players=players))
            while not rules.is_over(table.state):
                table.play(rules.draw(table.state, rng))
            when = (now - timedelta(days=ago, hours=n)).isoformat()
            with store._lock:
                store._conn.execute(
                    "UPDATE games SET ended=?, updated=? WHERE id=?", (when, when, table.game_id)
                )
        KeptSession.new(store, GameRecord(game="faj", players=["Bo", "Cy", "Dee"]))
        fairy = KeptSession.new(store, GameRecord(game="fairy", players=TABLE))
        guesses = [
            {"player": "Ana", "guess": "catch"},
            {"player": "Bo", "guess": "higher"},
            {"player": "Cy", "guess": "lower"},
        ]
        for action in (
            {"type": "opening", "card": 4},
            {"type": "guesses", "guesses": guesses},
            {"type": "reveal", "card": 11},
        ):
            fairy.play(action)
    finally:
        store.close()


class Taps:
    """Every tap of the test, and those counted from the ending on."""

    def __init__(self, page) -> None:
        self.page = page
        self.counted: list[str] | None = None

    def button(self, name: str, exact: bool = True) -> None:
        self.tap(self.page.get_by_role("button", name=name, exact=exact).first, name)

    def tap(self, locator, what: str) -> None:
        locator.tap()
        if self.counted is not None:
            self.counted.append(what)


def guesses(taps: Taps, **said) -> None:
    for name, guess in said.items():
        taps.button(f"{name} {guess}")
        picked = tagged(taps.page, f"guessed-{name}").or_(tagged(taps.page, "locked-guesses"))
        expect(picked.first).to_be_visible()


def reveal(taps: Taps, card: int, headline: str) -> None:
    expect(tagged(taps.page, "status")).to_contain_text("Turn up the next card")
    taps.button(f"Card {card}{' fairy' if card in (4, 11, 18) else ''}")
    expect(tagged(taps.page, "verdict-headline")).to_have_text(headline)


def scrolled_to(page, locator, fold: int = 400, top: int = 844):
    """Scroll the screen until `locator` is on it, its first `fold` px in sight and its
    top above `top` (Flutter leaves what is far from the screen out of the page)."""
    for _ in range(30):
        box = locator.first.bounding_box() if locator.count() else None
        if box is not None and 60 <= box["y"] <= top and box["y"] + min(box["height"], fold) <= 844:
            break
        up = box is not None and box["y"] < 60
        page.mouse.move(195, 500)
        page.mouse.wheel(0, -250 if up else 250)
        page.wait_for_timeout(200)
    return locator


def test_finish_play_again_finish_and_the_statistics(browser, tmp_path):
    seed(tmp_path)
    with serve_app(tmp_path) as (url, _started):
        page = open_page(browser, url, **PHONE)
        taps = Taps(page)

        # Tonight's game: the last turn, then the third fairy ends it.
        taps.button("Resume Fairy: Ana, Bo, Cy")
        taps.button("Same as last turn for all")
        reveal(taps, 18, "Ana wins with 14 points")
        taps.counted = []  # the ending is on screen: from here to the next game's first action
        taps.button("OK")
        expect(tagged(page, "standings-headline")).to_have_text("Ana wins with 14 points")
        expect(page.get_by_role("button", name="Play again")).to_be_visible()
        shot(page, "players-ending")

        taps.button("Play again")
        expect(tagged(page, "rematch-note")).to_have_text("Play again: Same players, same options.")
        expect(tagged(page, "score-Ana")).to_have_text("0")
        assert page.url.endswith("/game/8")
        shot(page, "players-play-again")
        taps.button("Card 4 fairy")  # the rematch's first action
        expect(tagged(page, "rematch-note")).to_have_count(0)
        counted, taps.counted = taps.counted, None

        # The rematch, played to its end by taps.
        guesses(taps, Ana="catch", Bo="higher", Cy="lower")
        reveal(taps, 11, "11 is higher than 4 and a fairy: Ana and Bo were right")
        taps.button("OK")
        taps.button("Same as last turn for all")
        reveal(taps, 18, "Ana wins with 14 points")
        taps.button("OK")
        expect(tagged(page, "standings-headline")).to_have_text("Ana wins with 14 points")

        # The statistics, from home.
        tagged(page, "ending-actions").get_by_role("button", name="Home").tap()
        expect(page.get_by_role("button", name="Statistics")).to_be_visible()
        shot(page, "players-home")
        taps.button("Statistics")
        summary = tagged(page, "stats-summary")
        expect(summary).to_have_text(
            "All games · all time: 7 finished games; 1 unfinished, not counted."
        )
        expect(tagged(page, "stats-wins-Ana")).to_be_visible()
        expect(tagged(page, "stats-games-Ana")).to_have_text("5")
        expect(tagged(page, "stats-games-Anna")).to_have_text("1")
        shot(page, "players-stats")
        scrolled_to(page, tagged(page, "stats-chart"), top=200)
        shot(page, "players-stats-chart")
        scrolled_to(page, tagged(page, "head-to-head"), top=300)
        expect(tagged(page, "h2h-result")).to_have_text("Dee and Ana: 3 games together")
        taps.tap(page.get_by_role("checkbox", name="Bo", exact=True), "Bo")
        expect(tagged(page, "h2h-result")).to_have_text("Ana and Bo: 5 games together")
        shot(page, "players-stats-head-to-head")
        resume = page.get_by_role("button", name="Resume Faces, Aces & Jokers: Bo, Cy, Dee")
        scrolled_to(page, resume)
        expect(resume).to_be_visible()
        shot(page, "players-stats-end")

        # Anna is Ana: merged from the statistics, with the question first.
        rename = page.get_by_role("button", name="Rename or merge a player")
        scrolled_to(page, rename)
        taps.tap(rename, "Rename or merge a player")
        field = page.get_by_role("textbox", name="Player")
        field.click()
        fill_in(field, "Anna")
        field = page.get_by_role("textbox", name="New name")
        field.click()
        fill_in(field, "An")
        tagged(page, "offered-name").get_by_role("button", name="Ana", exact=True).tap()
        expect(page.get_by_role("textbox", name="New name")).to_have_value("Ana")
        shot(page, "players-rename")
        taps.button("Rename…")
        expect(tagged(page, "confirm-title")).to_have_text("Merge Anna into Ana in 1 game?")
        shot(page, "players-merge-question")
        taps.button("Merge")
        expect(tagged(page, "message")).to_have_text("Anna is now Ana in 1 game.")
        scrolled_to(page, tagged(page, "filter-period"))
        expect(tagged(page, "stats-games-Ana")).to_have_text("6")
        expect(tagged(page, "stats-games-Anna")).to_have_count(0)

        # Filters: tonight only, then one game.
        taps.tap(page.get_by_role("checkbox", name="Last evening", exact=True), "Last evening")
        expect(summary).to_have_text(
            "All games · last evening: 2 finished games; 1 unfinished, not counted."
        )
        expect(tagged(page, "stats-wins-Ana")).to_have_text("2")
        taps.tap(page.get_by_role("checkbox", name="All time", exact=True), "All time")
        expect(summary).to_contain_text("All games · all time")
        taps.tap(page.get_by_role("checkbox", name="Fairy", exact=True), "Fairy")
        expect(summary).to_have_text("Fairy · all time: 3 finished games.")
        expect(tagged(page, "stats-wins-Ana")).to_have_text("2")
        shot(page, "players-stats-fairy")

        # New game: tonight's table first, and the names played before while typing.
        page.get_by_role("button", name="Back").tap()
        taps.button("New game")
        tonight = page.get_by_role("button", name="Ana, Bo, Cy · Fairy · today")
        expect(tonight).to_be_visible()
        field = page.get_by_role("textbox", name="Player 1")
        field.click()
        fill_in(field, "d")
        offered = tagged(page, "suggestions-0")
        expect(offered.get_by_role("button", name="Dee", exact=True)).to_be_visible()
        shot(page, "players-new-game-suggestions")
        offered.get_by_role("button", name="Dee", exact=True).tap()
        expect(page.get_by_role("textbox", name="Player 1")).to_have_value("Dee")
        tonight.tap()
        expect(page.get_by_role("radio", name="Fairy", exact=True)).to_be_checked()
        shot(page, "players-new-game-seated")
        # (Flutter keeps an unfocused field's text out of the page: the game shows the seats.)
        page.get_by_role("button", name="Start game").tap()
        expect(tagged(page, "status")).to_contain_text("turn up the top one")
        for name in TABLE:
            expect(tagged(page, f"score-{name}")).to_have_text("0")
        expect(tagged(page, "score-Dee")).to_have_count(0)

    result = {
        "from_final_verdict": len(counted),
        "from_standings": len(counted) - 1,  # the final verdict's OK already tapped
        "taps": counted,
    }
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "players-taps.json").write_text(json.dumps(result, indent=1))
    print(json.dumps(result))
    assert counted == ["OK", "Play again", "Card 4 fairy"]
