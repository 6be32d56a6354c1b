"""A phone's navigation (issue 21), in the real app in headless Chromium at 390x844 with
touch: every screen has its address, Back goes one screen back and never out of the app
from inside it, a reload or a link opens the same screen, and a lost connection is said
at once and comes back to the same place."""

import json
import re
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

from referee.live.kept_session import KeptSession
from referee.storage.store import Store
from tests.e2e.browser import (
    ROOT,
    expect_path,
    free_port,
    open_page,
    serve,
    serve_app,
    shot,
    start_on,
    tagged,
)
from tests.e2e.test_faeker_table import create_game

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844, "touch": True}


def back(page, expected_path: str, ready: str) -> None:
    page.go_back()
    page.get_by_role("button", name=ready).first.wait_for(timeout=15_000)
    expect_path(page, expected_path)


def fresh(browser, url: str, ready: str):
    """A page in a context of its own: a link opened on another phone."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    origin = url.split("/", 3)[:3]
    prefix = "/".join(origin) + "/"
    page.route(
        "**/*",
        lambda route: route.continue_() if route.request.url.startswith(prefix) else route.abort(),
    )
    page.goto(url)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    page.get_by_role("button", name=ready).first.wait_for(timeout=60_000)
    return page


class TestBack:
    def test_back_returns_to_the_previous_screen_each_time(self, browser, tmp_path):
        with serve_app(tmp_path) as (url, _started):
            page = open_page(browser, url, **PHONE)
            create_game(page, ["Ana", "Bo", "Cy"])
            page.get_by_role("button", name="Top 4", exact=True).tap()
            expect_path(page, "/game/1")
            page.get_by_role("button", name="Show log (1)").tap()
            tagged(page, "log-1").wait_for()
            expect_path(page, "/game/1/log")
            shot(page, "phone-nav-log")
            back(page, "/game/1", "Show log (1)")
            back(page, "/new", "Start game")
            back(page, "/", "New game")

    def test_the_app_bars_arrow_goes_one_screen_up(self, browser, tmp_path):
        with serve_app(tmp_path) as (url, _started):
            page = open_page(browser, url, **PHONE)
            create_game(page, ["Ana", "Bo", "Cy"])
            page.get_by_role("button", name="Rules").tap()
            expect(tagged(page, "rules")).to_contain_text("The printed rules")
            expect_path(page, "/game/1/rules")
            shot(page, "phone-nav-rules")
            page.get_by_role("button", name="Back").tap()
            page.get_by_role("button", name="Top 4", exact=True).wait_for()
            # The address follows the screen (on a slow machine, a frame or two later).
            expect(page).to_have_url(re.compile(r"/game/1$"))
            page.get_by_role("button", name="Home").first.tap()
            page.get_by_role("button", name="New game").wait_for()
            expect(page).to_have_url(re.compile(r"127\.0\.0\.1:\d+/$"))

    def test_back_after_the_app_bars_arrow_goes_further_up_not_to_the_screen_left(
        self, browser, tmp_path
    ):
        with serve_app(tmp_path) as (url, _started):
            page = open_page(browser, url, **PHONE)
            create_game(page, ["Ana", "Bo", "Cy"])
            page.get_by_role("button", name="Rules").tap()
            expect(tagged(page, "rules")).to_contain_text("The printed rules")
            expect_path(page, "/game/1/rules")  # its history entry is made
            entries = page.evaluate("history.length")
            page.get_by_role("button", name="Back").tap()
            page.get_by_role("button", name="Top 4", exact=True).wait_for()
            expect(page).to_have_url(re.compile(r"/game/1$"))  # the address follows the screen
            assert page.evaluate("history.length") == entries  # back in history, not a new entry
            back(page, "/new", "Start game")

    def test_a_dialog_closes_on_back_before_the_screen_changes(self, browser, tmp_path):
        with serve_app(tmp_path) as (url, _started):
            page = open_page(browser, url, **PHONE)
            create_game(page, ["Ana", "Bo", "Cy"])
            page.get_by_role("button", name="Game menu").tap()
            page.get_by_role("menuitem", name="Delete game").tap()
            expect(page.get_by_role("button", name="Keep it")).to_be_visible()
            page.go_back()
            expect(page.get_by_role("button", name="Keep it")).to_have_count(0)
            page.get_by_role("button", name="Top 4", exact=True).wait_for()
            expect_path(page, "/game/1")
            back(page, "/new", "Start game")


class TestAddresses:
    def test_a_reload_on_the_log_shows_that_log(self, browser, tmp_path):
        with serve_app(tmp_path) as (url, _started):
            page = open_page(browser, url, **PHONE)
            create_game(page, ["Ana", "Bo", "Cy"])
            page.get_by_role("button", name="Top 4", exact=True).tap()
            page.get_by_role("button", name="Show log (1)").tap()
            tagged(page, "log-1").wait_for()
            page.reload()
            page.locator("flt-semantics-placeholder").dispatch_event("click")
            expect(tagged(page, "log-1")).to_contain_text("top card 4", timeout=60_000)
            expect_path(page, "/game/1/log")
            back(page, "/game/1", "Show log (1)")

    def test_a_link_opens_the_game_and_back_goes_home(self, browser, tmp_path):
        with serve_app(tmp_path) as (url, _started):
            page = open_page(browser, url, **PHONE)
            create_game(page, ["Ana", "Bo", "Cy"])
            page.get_by_role("button", name="Top 4", exact=True).tap()
            other = fresh(browser, url + "game/1", ready="Bid 2")
            expect(tagged(other, "status")).to_contain_text("Bo to act")
            assert other.title() == "Fae-ker · referee"
            shot(other, "phone-nav-link")
            back(other, "/", "New game")

    def test_a_link_opened_in_the_tab_that_shows_home_opens_the_game(self, browser, tmp_path):
        """The tab keeps its page's session for a reload; a link is a page of its own."""
        with serve_app(tmp_path) as (url, _started):
            page = open_page(browser, url, **PHONE)
            create_game(page, ["Ana", "Bo", "Cy"])
            page.get_by_role("button", name="Top 4", exact=True).tap()
            page.get_by_role("button", name="Home", exact=False).first.tap()
            page.get_by_role("button", name="New game").wait_for()
            page.goto(url + "game/1")
            page.locator("flt-semantics-placeholder").dispatch_event("click")
            expect(tagged(page, "status")).to_contain_text("Bo to act", timeout=60_000)
            expect_path(page, "/game/1")
            back(page, "/", "New game")

    def test_back_to_the_page_before_a_typed_address_shows_that_pages_screen(
        self, browser, tmp_path
    ):
        """Each page of the tab has its own session: Back to the page before takes up
        none of the typed page's, and shows the screen its address names."""
        with serve_app(tmp_path) as (url, _started):
            page = open_page(browser, url, **PHONE)
            create_game(page, ["Ana", "Bo", "Cy"])
            page.get_by_role("button", name="Top 4", exact=True).tap()
            expect(tagged(page, "status")).to_contain_text("Bo to act")
            page.goto(url)  # home, typed
            page.locator("flt-semantics-placeholder").dispatch_event("click")
            page.get_by_role("button", name="New game").wait_for(timeout=60_000)
            page.go_back()
            page.locator("flt-semantics-placeholder").dispatch_event("click")
            expect(tagged(page, "status")).to_contain_text("Bo to act", timeout=60_000)
            expect_path(page, "/game/1")

    def test_a_deleted_games_address_lands_home_with_a_sentence(self, browser, tmp_path):
        with serve_app(tmp_path) as (url, _started):
            page = open_page(browser, url, **PHONE)
            create_game(page, ["Ana", "Bo", "Cy"])
            page.get_by_role("button", name="Game menu").tap()
            page.get_by_role("menuitem", name="Delete game").tap()
            page.get_by_role("button", name="Delete").tap()
            page.get_by_role("button", name="New game").wait_for()
            other = fresh(browser, url + "game/1", ready="New game")
            expect(tagged(other, "message")).to_have_text(
                "There is no game 1 here: it may have been deleted."
            )
            expect_path(other, "/")
            stranger = fresh(browser, url + "no/such/screen", ready="New game")
            expect(tagged(stranger, "message")).to_contain_text("not a screen of referee")
            shot(other, "phone-nav-deleted")


class TestSharedLinks:
    def test_the_share_screens_link_opens_that_game_with_the_code(self, browser, tmp_path):
        env = {"REFEREE_TABLE_CODE": "K7PQ2M"}
        with serve(tmp_path, host="127.0.0.2", args=("--share",), env=env) as app:
            host = open_page(browser, app.url + "?code=K7PQ2M", **PHONE)
            create_game(host, ["Ana", "Bo", "Cy"])
            host.get_by_role("button", name="Game menu").tap()
            host.get_by_role("menuitem", name="Share this table").tap()
            link = tagged(host, "share-link").get_by_role("textbox")
            expect(link).to_have_accessible_name(app.url + "game/1?code=K7PQ2M")
            shot(host, "phone-nav-share")
            guest = fresh(browser, app.url + "game/1?code=K7PQ2M", ready="Top 4")
            expect(tagged(guest, "status")).to_contain_text("enter the top card")


_NOTE_OFFLINE = """() => {
  window.__offlineAt = null;
  new MutationObserver(() => {
    if (!window.__offlineAt && document.getElementById("referee-offline")) {
      window.__offlineAt = Date.now();
    }
  }).observe(document.body, {childList: true});
}"""


def _start(port: int, data: Path, log) -> subprocess.Popen:
    return start_on(port, data, log)


class TestLostConnection:
    def test_both_pages_say_so_at_once_refuse_taps_and_come_back_to_the_game(
        self, browser, tmp_path
    ):
        port = free_port()
        url = f"http://127.0.0.1:{port}/"
        with open(tmp_path / "server.log", "a") as log:
            proc = _start(port, tmp_path, log)
            try:
                a = open_page(browser, url, **PHONE)
                create_game(a, ["Ana", "Bo", "Cy"])
                a.get_by_role("button", name="Top 4", exact=True).tap()
                b = fresh(browser, url + "game/1", ready="Bid 2")

                # Each page notes when its notice appears (its own clock is this machine's):
                # waiting for one page and then the other would add the first wait to the
                # second page's time on a loaded machine.
                for page in (a, b):
                    page.evaluate(_NOTE_OFFLINE)
                proc.kill()
                proc.wait()
                gone = time.time()
                notices = []
                for page in (a, b):
                    page.locator("#referee-offline").wait_for(timeout=5_000)
                    notices.append(page.evaluate("window.__offlineAt") / 1000 - gone)
                assert max(notices) < 1.0, notices
                expect(a.get_by_role("alert")).to_contain_text("Connection lost")
                shot(a, "phone-nav-connection-lost")
                # A tap meanwhile lands on the notice: nothing is entered.
                box = a.get_by_role("button", name="Bid 2", exact=True).bounding_box()
                a.mouse.click(box["x"] + 5, box["y"] + 5)
                # A bid that reached the store while the pages were cut off.
                store = Store(tmp_path / "referee.db")
                table = KeptSession.resume(store, 1)
                table.play(table.rules.parse_action({"type": "bid", "player": "Bo", "amount": 1}))
                store.close()

                proc = _start(port, tmp_path, log)
                for page in (a, b):
                    page.locator("#referee-offline").wait_for(state="detached", timeout=30_000)
                    if page.locator("flt-semantics-placeholder").count():
                        page.locator("flt-semantics-placeholder").dispatch_event("click")
                    expect(tagged(page, "status")).to_contain_text("Cy to act", timeout=30_000)
                    expect_path(page, "/game/1")
                a.get_by_role("button", name="Show log (2)").tap()
                expect(tagged(a, "log-2")).to_contain_text("Bo bids 1")
                (ROOT / "test-artifacts").mkdir(exist_ok=True)
                (ROOT / "test-artifacts" / "reconnect.json").write_text(
                    json.dumps({"notice_s": [round(n, 3) for n in notices]})
                )
            finally:
                proc.kill()


class TestOwnName:
    @pytest.mark.parametrize("share", [False, True])
    def test_the_page_and_its_manifest_name_referee(self, browser, tmp_path, share):
        env = {"REFEREE_TABLE_CODE": "K7PQ2M"} if share else {}
        args = ("--share",) if share else ()
        host = "127.0.0.2" if share else "127.0.0.1"
        with serve(tmp_path, host=host, args=args, env=env, renderer="auto") as app:
            html = urllib.request.urlopen(app.url, timeout=30).read().decode()
            manifest = json.loads(
                urllib.request.urlopen(app.url + "manifest.json", timeout=30).read()
            )
            assert "<title>referee</title>" in html and "Flet" not in html.split("<script")[0]
            assert 'content="referee"' in html and "apple-touch-icon" in html
            assert manifest["name"] == manifest["short_name"] == "referee"
            assert manifest["theme_color"] == "#5E35B1" and manifest["display"] == "standalone"
            for icon in manifest["icons"]:
                assert urllib.request.urlopen(app.url + icon["src"], timeout=30).status == 200
            (ROOT / "test-artifacts").mkdir(exist_ok=True)
            (ROOT / "test-artifacts" / f"manifest-{'share' if share else 'web'}.json").write_text(
                json.dumps(manifest, indent=1)
            )
