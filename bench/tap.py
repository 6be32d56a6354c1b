"""Tap to frame: from a tap's pointer event to the animation frame after the page's
semantics tree shows the change, timed inside the page, for the referee and for the
smallest Flet app (one button changing a label), side by side in one run.

The referee's taps are the three kinds the issue names, a third of them each, in two saved
4-player Fae-ker games:

- a bid: "Bid 2", then Undo in the app bar, in turn (each a change to the saved game,
  stored before the screen changes; ui/reconcile.py sends what changed);
- a card picked: "Add 4" in a showdown's hand, then "Clear", in turn;
- a screen change: Home, then the game's Resume button, in turn (each a whole screen).

Taps are a phone's (touch events, no pointer hovering), unless `--pointer mouse`. Each kind
on ours, and the smallest app, begin with WARM_UP untimed taps. The two apps take turns,
CHUNK taps at a time, each on a page of its own: a phase in which the machine is slower then
falls on both apps alike, not on whichever ran last. Each turn begins after SETTLE_MS, so
that what the other page was still doing is not timed as this page's tap.

    python bench/tap.py [--json] [--taps N] [--pointer touch|mouse] [--cpu-throttle N]

`--cpu-throttle 4` slows every page of both apps like DevTools' mid-range phone, set before
the page loads.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.live import MARK_TAPS, WATCH, percentile  # noqa: E402
from tests.e2e.browser import free_port, launch, open_page, serve, tagged, wait_for_port  # noqa: E402

HELLO = """
import flet as ft

def main(page: ft.Page):
    label = ft.Text("0")
    def tap(_e):
        label.value = str(int(label.value) + 1)
        page.update()
    page.add(ft.Semantics(identifier="label", content=label), ft.FilledButton("Tap", on_click=tap))

ft.run(main)
"""


@contextmanager
def serve_hello(folder: Path, renderer: str):
    script = folder / "hello.py"
    script.write_text(HELLO)
    port = free_port()
    env = dict(
        os.environ,
        FLET_FORCE_WEB_SERVER="1",
        FLET_WEB_NO_CDN="1",
        FLET_SERVER_IP="127.0.0.1",
        FLET_SERVER_PORT=str(port),
    )
    if renderer != "auto":
        env["FLET_WEB_RENDERER"] = renderer
    env.pop("DISPLAY", None)
    proc = subprocess.Popen(
        [sys.executable, str(script)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT
    )
    try:
        wait_for_port("127.0.0.1", port, proc)
        yield f"http://127.0.0.1:{port}/"
    finally:
        proc.terminate()
        proc.wait(10)


def press(button, touch: bool) -> None:
    if touch:
        button.tap()
    else:
        button.click()


# Untimed taps before each kind (even: a two-step cycle then ends where it began).
WARM_UP = 4
CHUNK = 10  # timed taps one app takes before the other app's turn
SETTLE_MS = 200  # after a turn changes page, before its first tap


def warm_up(page, steps, touch: bool) -> None:
    """Tap WARM_UP times and drop the times: the first taps of a kind run code neither the
    browser nor the server has run yet (the first bid took 113 ms, the first tap on the
    smallest app 74)."""
    timed_taps(page, steps, WARM_UP, touch)


def take_turn(page) -> None:
    page.bring_to_front()
    page.wait_for_timeout(SETTLE_MS)


def timed_taps(page, steps, taps: int, touch: bool, start: int = 0) -> list[float]:
    """Tap `steps` in turn (button, identifier, text it then shows) `taps` times, from
    step `start`; each time from the tap's pointer event in the page to the frame after."""
    from playwright.sync_api import expect

    times = []
    for n in range(start, start + taps):
        button, identifier, text = steps[n % len(steps)]
        page.evaluate(WATCH, [identifier, text])
        press(button, touch)
        seen = page.evaluate("() => window.__seen")
        times.append(seen - page.evaluate("() => window.__tapAt"))
        expect(tagged(page, identifier)).to_contain_text(text)
    return times


class Hello:
    """The smallest app's page, tapped in turns beside ours: its label counts the taps."""

    def __init__(self, page, touch: bool) -> None:
        self.page = page
        self.touch = touch
        self.button = page.get_by_role("button", name="Tap")
        self.count = 0  # taps so far, timed or not: what the label shows
        self.times: list[float] = []

    def _steps(self, taps: int) -> list:
        return [(self.button, "label", str(n + 1)) for n in range(self.count, self.count + taps)]

    def warm_up(self) -> None:
        warm_up(self.page, self._steps(WARM_UP), self.touch)
        self.count += WARM_UP

    def taps(self, taps: int) -> None:
        take_turn(self.page)
        self.times += timed_taps(self.page, self._steps(taps), taps, self.touch)
        self.count += taps


def interleaved(page, steps, taps: int, hello: Hello, touch: bool) -> list[float]:
    """`taps` timed taps of `steps` on our page, CHUNK at a time, each chunk followed by
    as many on the smallest app's page."""
    times: list[float] = []
    while len(times) < taps:
        n = min(CHUNK, taps - len(times))
        take_turn(page)
        times += timed_taps(page, steps, n, touch, start=len(times))
        hello.taps(n)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--taps", type=int, default=100)
    parser.add_argument("--pointer", default="touch", choices=["touch", "mouse"])
    parser.add_argument("--renderer", default="auto", choices=["auto", "canvaskit", "skwasm"])
    parser.add_argument(
        "--cpu-throttle", type=float, default=1, help="slow each page's CPU N times (4: a phone)"
    )
    args = parser.parse_args()
    if args.taps < 6:
        parser.error("--taps: at least 6 (two of each kind)")
    from playwright.sync_api import sync_playwright

    from referee.core.record import GameRecord
    from referee.store import Store
    from referee.table import Table

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as pw:
        folder = Path(folder)
        store = Store(folder / "referee.db")
        bidding = Table.new(store, GameRecord(game="faeker", players=["Ana", "Bo", "Cy", "Dee"]))
        bidding.play({"type": "top_card", "card": 3})
        showdown = Table.new(store, GameRecord(game="faeker", players=["Eve", "Fin", "Gus", "Hal"]))
        showdown.play({"type": "top_card", "card": 3})
        showdown.play({"type": "showdown", "player": "Fin"})
        store.close()
        browser = launch(pw)
        touch = args.pointer == "touch"
        # Even shares for the two-step cycles that must end where they began.
        per = args.taps // 3 // 2 * 2
        share = [per, per, args.taps - 2 * per]
        with serve(folder, args.renderer) as app, serve_hello(folder, args.renderer) as url:
            phone = {"width": 390, "height": 844, "touch": touch, "cpu_throttle": args.cpu_throttle}
            hello = Hello(open_page(browser, url, ready="Tap", **phone), touch)
            hello.page.evaluate(MARK_TAPS)
            hello.warm_up()
            page = open_page(browser, app.url, **phone)
            page.evaluate(MARK_TAPS)
            resume = page.get_by_role("button", name="Resume Fae-ker: Ana, Bo, Cy, Dee")
            press(resume, touch)
            tagged(page, "status").wait_for()
            bids = [
                (page.get_by_role("button", name="Bid 2", exact=True), "status", "Cy to act"),
                (page.get_by_role("button", name="Undo"), "status", "Bo to act"),
            ]
            screens = [
                (page.get_by_role("button", name="Home"), "home", "Resume"),
                (resume, "status", "Bo to act"),
            ]
            warm_up(page, bids, touch)
            kinds = {"bid": interleaved(page, bids, share[0], hello, touch)}
            warm_up(page, screens, touch)
            kinds["screen"] = interleaved(page, screens, share[1], hello, touch)
            press(page.get_by_role("button", name="Home"), touch)
            press(page.get_by_role("button", name="Resume Fae-ker: Eve, Fin, Gus, Hal"), touch)
            tagged(page, "picked-count").wait_for()
            cards = [
                (page.get_by_role("button", name="Add 4"), "picked-count", "1 of 5"),
                (page.get_by_role("button", name="Clear"), "picked-count", "0 of 5"),
            ]
            warm_up(page, cards, touch)
            kinds["card"] = interleaved(page, cards, share[2], hello, touch)
            ours = [t for times in kinds.values() for t in times]
            hello_times = hello.times
        browser.close()
    p95, hello_p95 = percentile(ours, 95), percentile(hello_times, 95)
    result = {
        "taps": len(ours),
        "tap_p50_ms": round(percentile(ours, 50), 1),
        "tap_p95_ms": round(p95, 1),
        "hello_tap_p50_ms": round(percentile(hello_times, 50), 1),
        "hello_tap_p95_ms": round(hello_p95, 1),
        "ratio": round(p95 / hello_p95, 2),
        **{f"{kind}_tap_p95_ms": round(percentile(t, 95), 1) for kind, t in kinds.items()},
        "renderer": args.renderer,
        "pointer": args.pointer,
        "cpu_throttle": args.cpu_throttle,
    }
    print(json.dumps(result) if args.json else "\n".join(f"{k}: {v}" for k, v in result.items()))


if __name__ == "__main__":
    main()
