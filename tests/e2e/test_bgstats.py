"""The result leaves the table: a finished game is logged in BG Stats (the page opens BG
Stats' own URL with the play, in the tap) from its ending and from home's list, and the
statistics screen downloads its counted games as a sheet."""

import csv
import io
import json
import shutil
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from referee.core.record import GameRecord
from referee.history.bgstats import WEB_URL, logged_play
from referee.live.kept_session import KeptSession
from referee.storage.store import Store
from tests.e2e.browser import ARTIFACTS, open_page, serve_app, shot, tagged

pytestmark = pytest.mark.e2e
SHOTS = Path("/work/shots/bgstats")

# Every URL the page asks to open, and the page itself kept where it is (a test has no
# BG Stats to go to).
CATCH_OPEN = """
window.__opened = [];
window.open = function (url, target, features) {
  window.__opened.push(String(url));
  return null;
};
"""


def finished_faeker(store: Store) -> KeptSession:
    """Ana takes every round (the others pass) until she reaches the target."""
    table = KeptSession.new(store, GameRecord(game="faeker", players=["Ana", "Bo", "Cy"]))
    while not table.session.is_over:
        table.play({"type": "top_card", "card": 7})
        while table.session.state.phase == "bidding":
            turn = table.session.rules.current_player(table.session.state)
            if turn == "Ana":
                table.play({"type": "bid", "player": turn, "amount": 1})
            else:
                table.play({"type": "pass", "player": turn})
    return table


def opened(page, count: int) -> list[str]:
    page.wait_for_function(f"window.__opened.length >= {count}", timeout=15_000)
    return page.evaluate("window.__opened")


def decoded(url: str) -> dict:
    parts = urlsplit(url)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == WEB_URL
    (data,) = parse_qs(parts.query)["data"]
    return json.loads(data)


def keep(name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    shutil.copy(ARTIFACTS / f"{name}.png", SHOTS / f"{name}.png")


def test_log_in_bgstats_opens_the_documented_url_with_the_play(browser, tmp_path):
    store = Store(tmp_path / "referee.db")
    done = finished_faeker(store)
    going = KeptSession.new(store, GameRecord(game="faeker", players=["Ana", "Bo"]))
    expected = logged_play(store, done.game_id)
    store.close()
    with serve_app(tmp_path) as (url, _started):
        page = open_page(browser, url, width=390, height=844, touch=True, init_script=CATCH_OPEN)
        page.get_by_role("button", name="View Fae-ker: Ana, Bo, Cy").tap()
        button = page.get_by_role("button", name="Log in BG Stats")
        button.scroll_into_view_if_needed()
        shot(page, "ending-log-in-bgstats")
        keep("ending-log-in-bgstats")
        button.tap()
        (first,) = opened(page, 1)
        assert decoded(first) == expected
        assert decoded(first)["players"][0] == {
            "name": "Ana",
            "sourcePlayerId": expected["players"][0]["sourcePlayerId"],
            "score": expected["players"][0]["score"],
            "rank": 1,
            "winner": True,
            "startPlayer": True,  # the first dealer
        }

        # Home's finished game: what will be logged, then the same URL.
        page.go_back()
        home_button = page.get_by_role("button", name="Log in BG Stats: Fae-ker: Ana, Bo, Cy")
        home_button.scroll_into_view_if_needed()
        shot(page, "home-finished-game-log-in-bgstats")
        keep("home-finished-game-log-in-bgstats")
        home_button.tap()
        expect(tagged(page, "bgstats-play")).to_contain_text("1. Ana")
        shot(page, "home-log-in-bgstats-dialog")
        keep("home-log-in-bgstats-dialog")
        page.get_by_role("button", name="Log in BG Stats").tap()
        assert opened(page, 2)[1] == first

        # A game still going says why it cannot be logged, from its menu.
        page.get_by_role("button", name="Resume Fae-ker: Ana, Bo").tap()
        page.get_by_role("button", name="Game menu").tap()
        page.get_by_role("menuitem", name="Log in BG Stats").tap()
        expect(tagged(page, "bgstats-refused")).to_have_text(
            f"Game {going.game_id} (Fae-ker) is not over yet: BG Stats logs a play once it "
            "has a winner."
        )
        shot(page, "unfinished-cannot-be-logged")
        keep("unfinished-cannot-be-logged")
        assert len(page.evaluate("window.__opened")) == 2


def test_the_statistics_screen_downloads_its_games_as_a_sheet(browser, tmp_path):
    store = Store(tmp_path / "referee.db")
    done = finished_faeker(store)
    store.close()
    with serve_app(tmp_path) as (url, _started):
        page = open_page(browser, url, width=390, height=844, touch=True)
        page.get_by_role("button", name="Statistics").tap()
        button = page.get_by_role("button", name="Download as a sheet")
        button.scroll_into_view_if_needed()
        shot(page, "stats-download-as-a-sheet")
        keep("stats-download-as-a-sheet")
        with page.expect_download() as info:
            button.tap()
        download = info.value
        assert download.suggested_filename == "referee-all.csv"
        raw = Path(download.path()).read_bytes()
        assert raw.startswith(b"\xef\xbb\xbf")  # UTF-8's mark: a spreadsheet reads it so
        rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"))))
        assert rows[0][:4] == ["date", "game", "game id", "player"]
        assert [(r[1], r[2], r[3], r[5], r[6]) for r in rows[1:]] == [
            ("Fae-ker", str(done.game_id), "Ana", "1", "yes"),
            ("Fae-ker", str(done.game_id), "Bo", "2", "no"),
            ("Fae-ker", str(done.game_id), "Cy", "2", "no"),
        ]
