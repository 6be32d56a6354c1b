"""What a change made on one phone costs until another phone shows it, in Flet itself,
with none of the referee's code: the floor under bench/live.py's two pages.

One small Flet app (PAGES below) is opened on two pages. A tap on page A's button counts
one more in the server and tells every page (Flet's pubsub, as the referee's live table
does); each page then redraws. Page B's tagged label shows the count once the change is on
its screen. Timed as bench/live.py times it: from page A's pointer event to the animation
frame after page B's semantics tree shows the change, on the wall clock both pages share,
at 390x844 with touch and each page's CPU slowed `--cpu-throttle` times.

    python bench/flet_floor_pages.py [--taps 60] [--cpu-throttle 4] [--json]

Kinds: `label` (one Text's value changes on every page) and `big` (every page's body is
drawn anew at a game screen's size: bench/flet_floor.py's BIG, as an Undo that changes
the phase draws the referee's action area anew).
"""

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.figures import percentile  # noqa: E402
from bench.flet_floor import BIG  # noqa: E402
from bench.live import MARK_TAPS, PHONE, WATCH  # noqa: E402
from bench.tap import serve_script  # noqa: E402
from tests.e2e.browser import launch, open_page, tagged  # noqa: E402

KINDS = ("label", "big")

PAGES = """
import flet as ft

ROWS, TILES, BIG_LINES = %r
shared = {"n": 0}


def tile(n):
    return ft.Semantics(
        label=f"Tile {n}",
        button=True,
        container=True,
        content=ft.Container(
            ft.Text(f"Bid {n}", color=ft.Colors.ON_PRIMARY, size=14),
            bgcolor=ft.Colors.PRIMARY,
            border_radius=20,
            padding=ft.Padding.symmetric(horizontal=20),
            height=52,
            on_click=lambda _e: None,
        ),
    )


def big(n):
    rows = [ft.Row([tile(r * TILES + t) for t in range(TILES)], wrap=True) for r in range(ROWS)]
    lines = [ft.Text(f"line {i} of {n}", size=14) for i in range(BIG_LINES)]
    return ft.Column([*rows, *lines])


def main(page: ft.Page):
    page.title = "floor pages"
    label = ft.Text("screen 0")
    area = ft.Column([])

    def show(message):
        kind, n = message
        label.value = f"screen {n}"
        if kind == "big":
            area.controls = [big(n)]
        page.update()

    page.pubsub.subscribe(show)

    def tap(kind):
        shared["n"] += 1
        page.pubsub.send_all((kind, shared["n"]))

    page.add(
        ft.Row([ft.FilledButton(k, on_click=lambda _e, k=k: tap(k)) for k in %r], wrap=True),
        ft.Semantics(identifier="label", content=label),
        area,
    )


ft.run(main)
"""


def run(taps: int, throttle: float) -> dict:
    from playwright.sync_api import sync_playwright

    times: dict[str, list[float]] = {kind: [] for kind in KINDS}
    with (
        tempfile.TemporaryDirectory() as folder,
        sync_playwright() as pw,
        serve_script(Path(folder) / "pages.py", PAGES % (BIG, KINDS)) as url,
    ):
        browser = launch(pw)
        a = open_page(browser, url, ready="label", cpu_throttle=throttle, **PHONE)
        b = open_page(browser, url, ready="label", cpu_throttle=throttle, **PHONE)
        a.evaluate(MARK_TAPS)
        tagged(b, "label").wait_for()
        shown = 0
        for round_ in range(taps + 1):  # the first round warms up, untimed
            for kind in KINDS:
                shown += 1
                a.wait_for_timeout(300)
                b.evaluate(WATCH, ["label", f"screen {shown}"])
                a.get_by_role("button", name=kind, exact=True).tap()
                seen = b.evaluate("() => window.__seen")
                if round_:
                    times[kind].append(seen - a.evaluate("() => window.__tapAt"))
        browser.close()
    return {
        "taps_per_kind": taps,
        "cpu_throttle": throttle,
        "kinds": {
            kind: {
                "p50_ms": round(statistics.median(ms), 1),
                "p95_ms": round(percentile(ms, 95), 1),
            }
            for kind, ms in times.items()
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=60, help="timed taps of each kind")
    parser.add_argument("--cpu-throttle", type=float, default=4)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = run(args.taps, args.cpu_throttle)
    print(json.dumps(result) if args.json else json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
