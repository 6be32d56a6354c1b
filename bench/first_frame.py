"""Cold start to first frame: start the server, open headless Chromium, and time until the
animation frame after the first screen's button is in the page's semantics tree, for the
referee (empty, and with 1,000 saved games on its home screen) and for the smallest Flet app
(one button), side by side in one run with the three taken in turn, so that the machine's
drift hits them alike. The page itself notes when the button came (FIRST_FRAME): Playwright
looks for it at growing intervals, up to half a second apart, which would time its polling
instead.

    python bench/first_frame.py [--json] [--runs N] [--renderer auto|canvaskit|skwasm]

Both apps start from compiled bytecode, as they do for a user from the second start on:
flet and its server were compiled when pip installed them, and `referee` (an editable
install) is compiled here first, since a machine with PYTHONDONTWRITEBYTECODE=1 never caches
it and would time the compiling of its source on every start.

`ratio` is the referee's median over the smallest app's median; `usable_ratio` the same of
the time to a usable home: process start until home's "New game" is reachable by role and
name (looked for at every animation frame; the smallest app's button the same way);
`home_1000_extra_ms` is
what 1,000 saved games add to the referee's first frame (the home screen lists them and
adds up their series without replaying any game).
"""

import argparse
import compileall
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.live import MARK_TAPS, WATCH
from bench.tap import serve_hello
from tests.e2e.browser import launch, open_page, serve_app, tagged

# Run in the page before its own scripts: the time (ms since the epoch) of the animation
# frame after a button named NAME first shows in the semantics tree.
FIRST_FRAME = """
(() => {
  const name = NAME;
  window.__firstFrame = null;
  const seen = () => [...document.querySelectorAll('flt-semantics[role="button"]')]
    .some((el) => el.textContent.trim() === name);
  const observer = new MutationObserver(() => {
    if (window.__firstFrame !== null || !seen()) return;
    observer.disconnect();
    window.__firstFrame = 0;
    requestAnimationFrame(() => {
      window.__firstFrame = performance.timeOrigin + performance.now();
    });
  });
  const all = {subtree: true, childList: true, characterData: true, attributes: true};
  observer.observe(document, all);
})();
"""


USABLE: dict[str, list[float]] = {}  # app -> seconds to its button reachable, each run


# A button of that accessible name in the page's tree (its role and its name, as
# get_by_role reads them off Flutter's semantics nodes).
REACHABLE = """() => [...document.querySelectorAll('[role="button"]')].some(
  (el) => (el.getAttribute('aria-label') || el.textContent).trim() === NAME)"""


def first_frame_s(
    browser, url: str, started: float, ready: str, cpu_throttle: float = 1, app: str = ""
) -> tuple[float, object]:
    """Seconds from `started` (time.perf_counter() as the server was started) to the frame
    after `ready`'s button is in the page, and the page. Also kept in USABLE[app]: the
    seconds until Playwright reaches that button by role and name, as a test (and a screen
    reader) does."""
    script = FIRST_FRAME.replace("NAME", json.dumps(ready))
    page = open_page(browser, url, ready=None, init_script=script, cpu_throttle=cpu_throttle)
    # By role and name, looked for at every animation frame: Playwright's own wait looks
    # at growing intervals, up to 500 ms apart, and would time its polling.
    button = page.get_by_role("button", name=ready, exact=True)
    page.wait_for_function(REACHABLE.replace("NAME", json.dumps(ready)), polling="raf")
    USABLE.setdefault(app, []).append(time.perf_counter() - started)
    button.wait_for()
    page.wait_for_function("() => window.__firstFrame > 0")
    frame_epoch_s = page.evaluate("() => window.__firstFrame") / 1000
    started_epoch_s = time.time() - (time.perf_counter() - started)
    return frame_epoch_s - started_epoch_s, page


def fill_store(folder: Path, count: int) -> None:
    """`count` saved Fairy Bucks games of one series, as a long-time user would have."""
    import random

    from referee.core.record import GameRecord
    from referee.games import GAMES
    from referee.live.kept_session import KeptSession
    from referee.storage.store import Store

    rules = GAMES["fairybucks"]
    store = Store(folder / "referee.db")
    table = KeptSession.new(
        store,
        GameRecord(game="fairybucks", players=["Ana", "Bo", "Cy"], options={"series": "Cup"}),
    )
    rng = random.Random(4)
    for _ in range(20):
        action = rules.draw(table.state, rng)
        if action is None:
            break
        table.play(action)
    record, state = table.session.record(), table.state
    for _ in range(count - 1):
        store.create_game(record, rules.summary(state), rules.points(state))
    store.close()


def home_render_ms(page) -> float:
    """From the pointer event of a tap on the app bar's Home (from the new-game screen) to
    the animation frame after the home screen's series line is in the page."""
    import re

    page.get_by_role("button", name="New game").click()
    page.get_by_role("button", name="Start game").wait_for()
    page.evaluate(MARK_TAPS)
    page.evaluate(WATCH, ["series-Fairy Bucks: Cup", "Cup"])
    page.get_by_role("button", name=re.compile("^(Home|Back)")).first.click()
    seen = page.evaluate("() => window.__seen")
    tagged(page, "series-Fairy Bucks: Cup").wait_for()
    return seen - page.evaluate("() => window.__tapAt")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument(
        "--renderer",
        default="auto",
        choices=["auto", "canvaskit", "skwasm"],
        help="auto is what users get; the tests use canvaskit for screenshots",
    )
    parser.add_argument(
        "--cpu-throttle", type=float, default=1, help="slow each page's CPU N times (4: a phone)"
    )
    args = parser.parse_args()
    slow = args.cpu_throttle
    from playwright.sync_api import sync_playwright

    compileall.compile_dir(Path(__file__).resolve().parents[1] / "referee", quiet=1)

    times: dict[str, list[float]] = {"referee": [], "referee_1000": [], "hello": []}
    home_ms: list[float] = []  # a tap on Home until the 1,000-game home screen is drawn
    with sync_playwright() as pw, tempfile.TemporaryDirectory() as full:
        fill_store(Path(full), args.games)
        browser = launch(pw)
        for _ in range(args.runs):
            with (
                tempfile.TemporaryDirectory() as folder,
                serve_app(Path(folder), args.renderer) as (url, t0),
            ):
                seconds, page = first_frame_s(browser, url, t0, "New game", slow, "referee")
                times["referee"].append(seconds)
                page.close()
            with serve_app(Path(full), args.renderer) as (url, t0):
                seconds, page = first_frame_s(browser, url, t0, "New game", slow)
                page.get_by_text("Cup", exact=False).first.wait_for(timeout=60_000)
                times["referee_1000"].append(seconds)
                home_ms.append(home_render_ms(page))
                page.close()
            with tempfile.TemporaryDirectory() as folder:
                t0 = time.perf_counter()
                with serve_hello(Path(folder), args.renderer) as url:
                    seconds, page = first_frame_s(browser, url, t0, "Tap", slow, "hello")
                    times["hello"].append(seconds)
                    page.close()
        browser.close()
    median = {k: statistics.median(v) for k, v in times.items()}
    result = {
        "runs": args.runs,
        "first_frame_median_s": round(median["referee"], 2),
        "first_frame_min_s": round(min(times["referee"]), 2),
        "first_frame_max_s": round(max(times["referee"]), 2),
        "hello_first_frame_median_s": round(median["hello"], 2),
        "ratio": round(median["referee"] / median["hello"], 2),
        "usable_home_median_s": round(statistics.median(USABLE["referee"]), 2),
        "hello_usable_median_s": round(statistics.median(USABLE["hello"]), 2),
        "usable_ratio": round(
            statistics.median(USABLE["referee"]) / statistics.median(USABLE["hello"]), 2
        ),
        "home_1000_first_frame_median_s": round(median["referee_1000"], 2),
        "home_1000_extra_ms": round((median["referee_1000"] - median["referee"]) * 1000),
        "home_1000_render_median_ms": round(statistics.median(home_ms)),
        "renderer": args.renderer,
        "cpu_throttle": slow,
    }
    print(json.dumps(result) if args.json else "\n".join(f"{k}: {v}" for k, v in result.items()))


if __name__ == "__main__":
    main()
