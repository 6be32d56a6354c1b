"""The phone beside the game, in headless Chromium at 390x844 with touch: a lost
connection leaves the table readable under a slim bar, the screen's wake lock is asked for
on a game, a dispute and a walk through a round and let go at home and after a game ends,
and Settings are kept by the device that chose them (a reload keeps them, another browser
does not see them)."""

import os
import re
import signal

import pytest
from playwright.sync_api import expect

from referee.ui.screens.settings import SAYS, THEME_SAYS
from tests.e2e.browser import free_port, open_page, serve, shot, start_on, tagged
from tests.e2e.test_joining import back_on_the_game, fairy_game

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844, "touch": True}
LOST = "Connection lost \u2014 reconnecting\u2026"


def _centre(page, locator) -> tuple[float, float]:
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


class TestConnectionLost:
    def test_the_table_stays_readable_under_a_slim_bar_and_takes_no_taps(self, browser, tmp_path):
        game_id = fairy_game(tmp_path)
        port = free_port()
        with open(tmp_path / "server.log", "a") as log:
            proc = start_on(port, tmp_path, log)
            try:
                page = open_page(
                    browser, f"http://127.0.0.1:{port}/game/{game_id}", ready="Ana higher", **PHONE
                )
                shot(page, "device-game-connected")
                os.kill(proc.pid, signal.SIGKILL)
                proc.wait()
                page.locator("#referee-offline").wait_for(timeout=5_000)
                shot(page, "device-connection-lost")
                expect(page.get_by_role("alert")).to_have_text(LOST)
                bar = page.get_by_role("alert").bounding_box()
                # One line across the top, over the app bar: the scores below stay in sight.
                assert bar["y"] == 0 and bar["width"] == 390 and bar["height"] <= 48, bar
                # A tap on the table lands on the cover: nothing is entered.
                x, y = _centre(page, page.get_by_role("button", name="Ana higher", exact=True))
                covered = page.evaluate(
                    "([x, y]) => !!document.elementFromPoint(x, y).closest('#referee-offline')",
                    [x, y],
                )
                assert covered
                page.touchscreen.tap(x, y)
                proc = start_on(port, tmp_path, log)
                back_on_the_game(page, "0 of 3 guessed")
                expect(page.locator("#referee-offline")).to_have_count(0)
                shot(page, "device-reconnected")
            finally:
                proc.kill()


# Every wake lock the page asks for and lets go, in order: the browser's own is replaced
# by one that only keeps the record (a headless browser may refuse the real one).
RECORD_WAKE_LOCK = """(() => {
  const log = [];
  const times = [];
  window.__wakeLog = log;
  window.__wakeTimes = times;
  const request = async (type) => {
    log.push("request " + type);
    times.push(performance.now());
    const sentinel = new EventTarget();
    sentinel.type = type;
    sentinel.released = false;
    sentinel.release = async () => {
      if (sentinel.released) return;
      sentinel.released = true;
      log.push("release");
      times.push(performance.now());
      sentinel.dispatchEvent(new Event("release"));
    };
    return sentinel;
  };
  Object.defineProperty(navigator, "wakeLock", {value: {request}, configurable: true});
})();"""
AFTER_END_S = 3  # REFEREE_AWAKE_AFTER_END_S: how long an ended game keeps the screen on


def wake_log(page) -> list[str]:
    return page.evaluate("window.__wakeLog.slice()")


def expect_wake_log(page, wanted: list[str], timeout_s: float = 20) -> None:
    """The page's wake-lock calls come to `wanted` (each waits for a message from the
    server), and stay there a moment."""
    for _ in range(int(timeout_s * 10)):
        if wake_log(page) == wanted:
            break
        page.wait_for_timeout(100)
    page.wait_for_timeout(300)
    assert wake_log(page) == wanted


def ended_fairy_game(data) -> int:
    """A Fairy game played to its end by the rules' own draw, stored before the server
    starts."""
    import random

    from referee.core.record import GameRecord
    from referee.live.tables import LiveTables
    from referee.storage.store import Store

    store = Store(data / "referee.db")
    try:
        live = LiveTables(store).create(GameRecord(game="fairy", players=["Ana", "Bo"]))
        rng = random.Random(3)
        while not live.table.session.is_over:
            state = live.table.session.state
            live.play(live.version, "setup", live.table.rules.draw(state, rng))
        return live.game_id
    finally:
        store.close()


class TestWakeLock:
    def test_a_game_a_dispute_and_a_walk_keep_the_screen_on_and_home_lets_go(
        self, browser, tmp_path
    ):
        game_id = fairy_game(tmp_path)
        with serve(tmp_path) as app:
            page = open_page(browser, app.url, init_script=RECORD_WAKE_LOCK, **PHONE)
            expect_wake_log(page, [])  # home: the phone sleeps as it would
            page.get_by_role("button", name=re.compile(r"^Resume .*: Ana, Bo, Cy$")).tap()
            expect(tagged(page, "guess-count")).to_have_text("0 of 3 guessed")
            expect_wake_log(page, ["request screen"])
            page.get_by_role("button", name="Home").tap()
            expect_wake_log(page, ["request screen", "release"])
            page.get_by_role("button", name="Settle a dispute").first.tap()
            expect_wake_log(page, ["request screen", "release", "request screen"])
            page.go_back()
            page.get_by_role("button", name="New game").wait_for()
            expect_wake_log(page, ["request screen", "release"] * 2)

            walk = open_page(
                browser,
                f"{app.url}game/{game_id}/walk",
                ready="Next",
                init_script=RECORD_WAKE_LOCK,
                **PHONE,
            )
            expect_wake_log(walk, ["request screen"])

    def test_an_ended_game_lets_the_screen_rest_after_a_while(self, browser, tmp_path):
        game_id = ended_fairy_game(tmp_path)
        env = {"REFEREE_AWAKE_AFTER_END_S": str(AFTER_END_S)}
        with serve(tmp_path, env=env) as app:
            page = open_page(
                browser,
                f"{app.url}game/{game_id}",
                ready="Play again",
                init_script=RECORD_WAKE_LOCK,
                **PHONE,
            )
            expect_wake_log(page, ["request screen", "release"], timeout_s=AFTER_END_S + 15)
            # The page's clock starts as it is opened, before the end can be shown: the
            # rest comes no sooner than the wait after it, however slowly the page loads.
            _requested, released = page.evaluate("window.__wakeTimes.slice()")
            assert released >= AFTER_END_S * 1000
            expect(page.get_by_role("button", name="Play again")).to_be_visible()


def _switch(page, name: str):
    return page.get_by_role("switch", name=name)


# What each switch says when on and when off (referee/ui/screens/settings.py).
SAID_ON = {name: says[0] for name, says in SAYS.items()}
SAID_OFF = {name: says[1] for name, says in SAYS.items()}


class TestSettings:
    def test_each_setting_says_what_it_does_and_is_kept_by_this_device_only(
        self, browser, tmp_path
    ):
        with serve(tmp_path) as app:
            page = open_page(browser, app.url, init_script=RECORD_WAKE_LOCK, **PHONE)
            page.get_by_role("button", name="Menu").tap()
            page.get_by_role("menuitem", name="Settings").tap()
            expect(page.get_by_role("switch", name="Keep the screen on")).to_be_visible()
            assert page.url == f"{app.url}settings"
            defaults = (("keep_awake", SAID_ON), ("haptics", SAID_ON), ("teach", SAID_OFF))
            for name, said in (*defaults, ("ask_spoken", SAID_OFF)):
                expect(tagged(page, f"said-{name}")).to_contain_text(said[name])
            expect(tagged(page, "said-theme")).to_have_text(THEME_SAYS["system"])
            shot(page, "device-settings-default")

            _switch(page, "Keep the screen on").tap()
            expect(tagged(page, "said-keep_awake")).to_have_text(SAID_OFF["keep_awake"])
            _switch(page, "Feel verdicts").tap()
            expect(tagged(page, "said-haptics")).to_have_text(SAID_OFF["haptics"])
            page.get_by_role("radio", name="Dark").tap()
            expect(tagged(page, "said-theme")).to_have_text(THEME_SAYS["dark"])
            _switch(page, "Teach by default").tap()
            expect(tagged(page, "said-teach")).to_have_text(SAID_ON["teach"])
            _switch(page, "Ask before playing a spoken move").tap()
            expect(tagged(page, "said-ask_spoken")).to_have_text(SAID_ON["ask_spoken"])
            shot(page, "device-settings-changed-dark")

            page.reload()
            page.locator("flt-semantics-placeholder").dispatch_event("click")
            expect(tagged(page, "said-teach")).to_have_text(SAID_ON["teach"], timeout=60_000)
            expect(tagged(page, "said-keep_awake")).to_have_text(SAID_OFF["keep_awake"])
            expect(tagged(page, "said-haptics")).to_have_text(SAID_OFF["haptics"])
            expect(tagged(page, "said-theme")).to_have_text(THEME_SAYS["dark"])
            expect(_switch(page, "Teach by default")).to_be_checked()
            expect(tagged(page, "said-ask_spoken")).to_have_text(SAID_ON["ask_spoken"])
            shot(page, "device-settings-after-reload")

            # Teach by default: New game's switch starts on; keep awake off: a game asks
            # for no wake lock.
            page.go_back()
            page.get_by_role("button", name="New game").first.tap()
            expect(_switch(page, "Teach this game")).to_be_checked()
            page.go_back()
            page.get_by_role("button", name="New game").first.wait_for()

            other = open_page(browser, app.url + "settings", ready=None, **PHONE)
            expect(tagged(other, "said-teach")).to_have_text(SAID_OFF["teach"], timeout=60_000)
            expect(tagged(other, "said-keep_awake")).to_contain_text(SAID_ON["keep_awake"])
            expect(tagged(other, "said-theme")).to_have_text(THEME_SAYS["system"])
            assert wake_log(page) == []
