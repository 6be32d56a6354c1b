"""Tap to frame: from a tap's pointer event to the animation frame after the page's
semantics tree shows the change, timed inside the page, for the referee and for the
smallest Flet app (one button changing a label), side by side in one run.

The referee's taps are the kinds of bench/tap_kinds.py, `--taps` of each, one saved game
each: a Fae-ker bid and its Undo, a screen change (Home, then Resume), What now? opened from
the bidding and closed again (`whatnow`), a card picked for a
Fae-ker showdown and cleared, and one tap per other game (a Fairy guess, a Fairy Bucks bid
card, a Deceptidice guess step, a Faces, Aces & Jokers board card).

Taps are a phone's (touch events, no pointer hovering), unless `--pointer mouse`. Each kind
on ours, and the smallest app, begin with WARM_UP untimed taps. The two apps take turns,
CHUNK taps at a time, each on a page of its own: a phase in which the machine is slower then
falls on both apps alike, not on whichever ran last. Each turn begins after SETTLE_MS, so
that what the other page was still doing is not timed as this page's tap.

    python bench/tap.py [--json] [--taps N] [--kinds bid,card,...] [--pointer touch|mouse]
                        [--cpu-throttle N]

Each kind's WebSocket messages per tap (sent by the page, received by it) are counted in an
untimed pass after its timed taps, 600 ms after each tap.

`--cpu-throttle 4` slows every page of both apps like DevTools' mid-range phone, set before
the page loads.

`--semantics off` times both apps on pages without Flutter's accessibility tree, as on a
phone without a screen reader (bench/blind.py: taps at the places a page with the tree
showed, timed from the page's WebSocket; each tap after its page has been quiet 300 ms).
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

from bench import blind  # noqa: E402
from bench.figures import percentile  # noqa: E402
from bench.live import MARK_TAPS  # noqa: E402
from bench.tap_kinds import KINDS, seed  # noqa: E402
from bench.tapping import (  # noqa: E402
    RENDERERS,
    WARM_UP,
    Cycle,
    expect_shown,
    interleaved,
    open_kind,
    press,
    take_turn,
    timed_taps,
    warm_up,
)
from tests.e2e.browser import free_port, launch, open_page, serve, wait_for_port  # noqa: E402

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


def serve_hello(folder: Path, renderer: str):
    return serve_script(folder / "hello.py", HELLO, renderer)


@contextmanager
def serve_script(script: Path, source: str, renderer: str = "auto"):
    """Serve the Flet app `source` (written to `script`) in web mode; yield its address."""
    script.write_text(source)
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


class Hello:
    """The smallest app's page, tapped in turns beside ours: its label counts the taps."""

    def __init__(self, page, touch: bool, gap_ms: float = 0) -> None:
        self.page = page
        self.touch = touch
        self.gap_ms = gap_ms
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
        self.times += timed_taps(self.page, self._steps(taps), taps, self.touch, gap_ms=self.gap_ms)
        self.count += taps


def count_messages(page, steps, touch: bool, frames: dict) -> dict:
    """Messages the page sends and receives for each step of one cycle, untimed: from the
    tap until 600 ms after its change is on the screen."""

    sent, received = [], []
    for button, identifier, text in steps:
        page.wait_for_timeout(300)
        frames.update(sent=0, received=0, bytes=0)
        press(button, touch)
        expect_shown(page, identifier, text)
        page.wait_for_timeout(600)
        sent.append(frames["sent"])
        received.append(frames["received"])
    return {"sent": max(sent), "received": max(received)}


def listen(page, frames: dict) -> None:
    def on_socket(ws):
        def got(payload):
            frames["received"] += 1
            frames["bytes"] += len(payload)

        ws.on("framesent", lambda _p: frames.__setitem__("sent", frames["sent"] + 1))
        ws.on("framereceived", got)

    page.on("websocket", on_socket)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--taps", type=int, default=60, help="timed taps of each kind")
    parser.add_argument("--kinds", default=",".join(KINDS), help="comma-separated")
    parser.add_argument("--pointer", default="touch", choices=["touch", "mouse"])
    parser.add_argument("--raw", action="store_true", help="each tap's time, in --json")
    parser.add_argument("--renderer", default="auto", choices=RENDERERS)
    parser.add_argument(
        "--cpu-throttle", type=float, default=1, help="slow each page's CPU N times (4: a phone)"
    )
    parser.add_argument(
        "--semantics",
        default="on",
        choices=["on", "off"],
        help="off: pages without Flutter's accessibility tree, as without a screen reader "
        "(bench/blind.py)",
    )
    parser.add_argument(
        "--gap-ms",
        type=float,
        default=0,
        help="a pause after each tap's change is on the screen, on both apps, as a player "
        "reads before tapping again (0: back to back; --semantics off always pauses 300)",
    )
    args = parser.parse_args()
    if args.taps < 2 or args.taps % 2:
        parser.error("--taps: an even number, at least 2 (a cycle is two taps)")
    unknown = [k for k in args.kinds.split(",") if k not in KINDS]
    if unknown:
        parser.error(f"--kinds: no kind {', '.join(unknown)}; the kinds are {', '.join(KINDS)}")
    chosen = [KINDS[k] for k in args.kinds.split(",")]
    from playwright.sync_api import sync_playwright

    from referee.storage.store import Store

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as pw:
        folder = Path(folder)
        store = Store(folder / "referee.db")
        seed(store, chosen)
        store.close()
        browser = launch(pw)
        touch = args.pointer == "touch"
        with serve(folder, args.renderer) as app, serve_hello(folder, args.renderer) as url:
            phone = {"width": 390, "height": 844, "touch": touch, "cpu_throttle": args.cpu_throttle}
            if args.semantics == "off":
                ran = blind.run(browser, app.url, url, chosen, args.taps, touch, phone)
            else:
                ran = with_tree(browser, app.url, url, chosen, args.taps, touch, phone, args.gap_ms)
            kinds, messages, hello_times = ran
        browser.close()
    report(args, kinds, messages, hello_times)


def with_tree(
    browser, app_url: str, hello_url: str, chosen, taps: int, touch: bool, phone, gap_ms=0
):
    """Each kind's times and messages per tap, and the smallest app's times, on pages with
    the accessibility tree (found by role, timed by the tree's change)."""
    frames = {"sent": 0, "received": 0, "bytes": 0}
    hello = Hello(open_page(browser, hello_url, ready="Tap", **phone), touch, gap_ms)
    hello.page.evaluate(MARK_TAPS)
    hello.warm_up()
    page = open_page(browser, app_url, on_page=lambda p: listen(p, frames), **phone)
    page.evaluate(MARK_TAPS)
    kinds, messages = {}, {}
    for kind in chosen:
        steps = open_kind(page, kind, touch)
        kinds[kind.name] = interleaved(Cycle(page, steps, touch, gap_ms), hello, taps)
        messages[kind.name] = count_messages(page, steps, touch, frames)
    return kinds, messages, hello.times


def report(args, kinds: dict, messages: dict, hello_times: list) -> None:
    ours = [t for times in kinds.values() for t in times]
    hello_p95 = percentile(hello_times, 95)
    result = {
        "taps_per_kind": args.taps,
        "tap_p50_ms": round(percentile(ours, 50), 1),
        "tap_p95_ms": round(percentile(ours, 95), 1),
        "hello_tap_p50_ms": round(percentile(hello_times, 50), 1),
        "hello_tap_p95_ms": round(hello_p95, 1),
        "ratio": round(percentile(ours, 95) / hello_p95, 2),
        "kinds": {
            name: {
                "p50_ms": round(percentile(t, 50), 1),
                "p95_ms": round(percentile(t, 95), 1),
                "ratio": round(percentile(t, 95) / hello_p95, 2),
                "messages": messages[name],
            }
            for name, t in kinds.items()
        },
        "renderer": args.renderer,
        "pointer": args.pointer,
        "cpu_throttle": args.cpu_throttle,
        "semantics": args.semantics,
        "gap_ms": args.gap_ms,
    }
    if args.raw:  # in tap order: a kind's steps alternate (bid, Undo, bid, ...)
        result["raw_ms"] = {name: [round(x, 1) for x in t] for name, t in kinds.items()}
        result["raw_ms"]["hello"] = [round(x, 1) for x in hello_times]
    if args.json:
        print(json.dumps(result))
        return
    for key, value in result.items():
        if key != "kinds":
            print(f"{key}: {value}")
    for name, row in result["kinds"].items():
        m = row["messages"]
        print(
            f"  {name:18} p50 {row['p50_ms']:6.1f}  p95 {row['p95_ms']:6.1f}  "
            f"ratio {row['ratio']:4.2f}  messages sent {m['sent']} received {m['received']}"
        )


if __name__ == "__main__":
    main()
