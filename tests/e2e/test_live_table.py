"""One game on several devices, in headless Chromium: changes reach every device without a
reload, a device that fell behind is refused and told what changed, private choices stay
hidden until everyone has locked theirs, and a shared table asks for its code."""

import json
import os
import time

import pytest
from playwright.sync_api import expect

from referee.core.session import Session
from referee.games import rules_for
from referee.storage.store import Store
from tests.e2e.browser import ARTIFACTS, fill_in, open_page, serve, shot, tagged

LOADS = 12  # page loads of the open-files test

pytestmark = pytest.mark.e2e


# How long a change may take to reach another page while the suite's other worker loads
# a browser page beside it (seen past 1 s there; the idle figure is bench/live.py's).
UNDER_LOAD_MS = 3000


def new_game(page, names, game=None):
    page.get_by_role("button", name="New game").click()
    if game:
        page.get_by_role("radio", name=game).click()
    for i, name in enumerate(names):
        field = page.get_by_role("textbox", name=f"Player {i + 1}")
        field.click()
        fill_in(field, name)
    page.get_by_role("button", name="Start game").click()


def stored_game_replays(data_dir) -> int:
    store = Store(data_dir / "referee.db")
    try:
        (game,) = store.list_games()
        stored = store.load(game.id)
        session = Session(rules_for(stored.record.game), stored.record)
        return len(session.steps)
    finally:
        store.close()


class TestOneGameOnTwoDevices:
    def test_a_change_appears_on_the_other_device_and_a_stale_one_is_refused(
        self, browser, tmp_path
    ):
        with serve(tmp_path) as app, serve(tmp_path) as other_process:
            a = open_page(browser, app.url)
            new_game(a, ["Ana", "Bo", "Cy"])
            expect(tagged(a, "status")).to_contain_text("enter the top card")

            b = open_page(browser, app.url)
            b.get_by_role("button", name="Resume Fae-ker: Ana, Bo, Cy").click()
            expect(tagged(a, "devices")).to_have_text("Also open on 1 other device")
            # B's game screen drawn first: the second below times the change, not B's load.
            expect(tagged(b, "status")).to_contain_text("enter the top card")

            a.get_by_role("button", name="Top 3", exact=True).click()
            started = time.perf_counter()
            # On B with no reload: within a second on an idle machine (bench/live.py times
            # it); the suite's bound allows for the other worker's browser beside it.
            expect(tagged(b, "round")).to_contain_text("top 3", timeout=UNDER_LOAD_MS)
            seen_after = time.perf_counter() - started
            shot(b, "live-pushed")

            # A second referee process on the same saved games: its device hears of a
            # change made through the first within 2 s (issue 25), told what changed, so
            # it never writes over it (a write that races the news is refused by the store:
            # tests/live/test_stale_writes.py).
            c = open_page(browser, other_process.url)
            c.get_by_role("button", name="Resume Fae-ker: Ana, Bo, Cy").click()
            expect(tagged(c, "round")).to_contain_text("top 3")
            a.get_by_role("button", name="Bid 2", exact=True).click()
            expect(tagged(b, "bid-ladder")).to_contain_text("Bo bids 2", timeout=UNDER_LOAD_MS)
            expect(tagged(c, "bid-ladder")).to_contain_text("Bo bids 2", timeout=2 * UNDER_LOAD_MS)
            expect(tagged(c, "message")).to_contain_text("Changed on another device")
            expect(tagged(c, "message")).to_contain_text("Bo bids 2")
            shot(c, "live-stale-refused")
            assert stored_game_replays(tmp_path) == 2  # one log, and it replays

            ARTIFACTS.mkdir(exist_ok=True)
            (ARTIFACTS / "live-propagation.json").write_text(
                json.dumps({"seen_on_b_s": round(seen_after, 3)})
            )


class TestPrivateEntry:
    def test_a_third_device_sees_no_choice_until_both_players_lock(self, browser, tmp_path):
        with serve(tmp_path) as app:
            host = open_page(browser, app.url)
            new_game(host, ["Ana", "Bo"], game="Fairy Bucks")
            for value, symbol in ((5, "moon"), (3, "sun")):
                host.get_by_role("button", name=f"Item value {value}", exact=True).click()
                host.get_by_role("button", name=f"Symbol {symbol}").click()
                host.get_by_role("button", name="Add item").click()
            host.get_by_role("button", name="Auction these items").click()

            phones = {}
            for name in ("Ana", "Bo"):
                phone = open_page(browser, app.url)
                phone.get_by_role("button", name="Resume Fairy Bucks: Ana, Bo").click()
                phone.get_by_role("checkbox", name=name, exact=True).click()  # this is me
                phones[name] = phone
            expect(phones["Ana"].get_by_role("button", name="Bo shows 7")).to_have_count(0)

            phones["Ana"].get_by_role("button", name="Ana shows 7").click()
            expect(tagged(host, "picked-Ana")).to_have_text("Ana: locked in")
            expect(tagged(phones["Bo"], "picked-Ana")).to_have_text("Ana: locked in")
            expect(host.get_by_text("Ana shows 7")).to_have_count(0)
            shot(host, "live-private-locked")

            phones["Bo"].get_by_role("button", name="Bo shows 4").click()
            for page in (host, *phones.values()):
                expect(tagged(page, "status")).to_contain_text("Ana is High Bidder at 7")


class TestSharedTableCode:
    def test_a_device_without_the_code_sees_only_the_code_screen(self, browser, tmp_path):
        env = {"REFEREE_TABLE_CODE": "K7PQ2M"}
        with serve(tmp_path, host="127.0.0.2", args=("--share",), env=env) as app:
            stranger = open_page(browser, app.url, ready="Join the table")
            expect(tagged(stranger, "code-screen")).to_contain_text("Enter the table code")
            expect(stranger.get_by_role("button", name="New game")).to_have_count(0)
            field = stranger.get_by_role("textbox", name="Table code")
            field.click()
            fill_in(field, "WRONG1")
            stranger.get_by_role("button", name="Join the table").click()
            expect(stranger.get_by_text("not this table's code")).to_be_visible()
            shot(stranger, "live-code-screen")

            guest = open_page(browser, app.url + "?code=k7pq2m")
            expect(guest.get_by_role("button", name="New game")).to_be_visible()
            guest.get_by_role("button", name="Share this table").first.click()
            expect(tagged(guest, "share-code")).to_have_text("K7PQ2M")
            shot(guest, "live-share-screen")
            log = app.log.read_text()
            assert "Table code: K7PQ2M" in log and "anyone who has the table code" in log


class TestOpenFiles:
    # Twelve loads: a page that left one file open would leave twelve, past the margin of
    # five; more loads give the same answer for more of the suite's time.
    def test_page_loads_leave_the_open_files_flat(self, browser, tmp_path):
        with serve(tmp_path, renderer="auto") as app:
            page = open_page(browser, app.url)

            def open_files() -> int:
                return len(os.listdir(f"/proc/{app.pid}/fd"))

            before = open_files()
            for _ in range(LOADS):
                page.reload()
                page.locator("flt-semantics-placeholder").dispatch_event("click")
                page.get_by_role("button", name="New game").wait_for(timeout=60_000)
            after = open_files()
            ARTIFACTS.mkdir(exist_ok=True)
            (ARTIFACTS / "live-open-files.json").write_text(
                json.dumps({"before": before, "loads": LOADS, "after": after})
            )
            assert abs(after - before) <= 5
