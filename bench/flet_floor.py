"""What a tap's kind of change costs a phone in Flet itself, with none of the referee's code:
the floor under bench/tap.py's kinds.

One small Flet app (FLOOR below) keeps a row of buttons at the top of its page; each
button makes one kind of change to the part below them, and a tagged label there shows
the tap's number once the change is on the screen. The bench taps the buttons in turn,
round after round, so a phase in which the machine is slower falls on every kind alike,
and times each tap as bench/tap.py does: from the pointer event to the animation frame
after the semantics tree shows the change, at 390x844 with touch.

    python bench/flet_floor.py [--taps 20] [--cpu-throttle 4] [--json]

The kinds: `label` (one Text's value, as the smallest app of bench/tap.py; the rest of
the page untouched), `body` (a new body: a Text and a button), `bar` (a new body and a new
app bar with a title and one icon button), `title` (a new body and a new page title),
`route` (a new body and a new address), `screen` (all four at once: what the referee's
change of screen does), `texts` (a new body with 30 lines of text, one Text each),
`one_text` (the same 30 lines in one Text), `boxes` (a new body with 30 coloured
Containers and no text), and three of a game screen's size (BIG: 24 tiles and 10 lines,
some 90 controls, where the referee's game screen has 110): `big` (such a body, new), `big_route`
(the same with a new address and title, as the referee's Resume) and `big_shown` (two such
bodies kept on the page, one hidden: the tap shows the hidden one and hides the other, so
the phone gets no new control, only widgets to build again), and `big_shown_screen`: that with
a new app bar, title and address, the cheapest a change of screen could be made in Flet.
`panel`: a box of six lines of text (as What now? opened in a game) put above such a body,
kept, and taken away again, in turns; `panel_kept`: that box kept above the body, clipped
at no height and given its height again, in turns (as What now? is shut and opened now).
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
from bench.live import MARK_TAPS, WATCH  # noqa: E402
from bench.tap import serve_script  # noqa: E402
from bench.tapping import press  # noqa: E402
from tests.e2e.browser import launch, open_page, tagged  # noqa: E402

KINDS = (
    "label", "body", "bar", "title", "route", "screen", "texts", "one_text", "boxes",
    "big", "big_route", "big_shown", "big_shown_screen", "panel", "panel_kept",
)  # fmt: skip
LINES = 30
BIG = (4, 6, 10)  # rows of tiles, tiles a row, lines of text

FLOOR = """
import flet as ft

LINES = %d
ROWS, TILES, BIG_LINES = %r


def tile(n):
    # as the referee's game tiles: a named button drawn as a plain rounded box
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


def big(label):
    rows = [ft.Row([tile(r * TILES + t) for t in range(TILES)], wrap=True) for r in range(ROWS)]
    lines = [ft.Text(f"line {i}", size=14) for i in range(BIG_LINES)]
    return ft.Column([ft.Semantics(identifier="label", content=label), *rows, *lines])


def main(page: ft.Page):
    page.title = "floor"
    count = {"n": 0}
    count_text = ft.Text("screen 0")
    area = ft.Column([ft.Semantics(identifier="label", content=ft.Text("screen 0"))])

    def body(n, extra=()):
        return [
            ft.Semantics(identifier="label", content=ft.Text(f"screen {n}")),
            ft.FilledButton("Go", on_click=lambda _e: None),
            *extra,
        ]

    shown_bodies = []  # big_shown's two bodies, the one shown first
    under_panel = []  # panel's game-sized body, kept

    def panel(n):
        # as What now? opened in the referee's game view: a headline, a title, three
        # moves of two lines and a button's worth of text, on a tinted box
        sentence = "Bo may call a showdown: Ana, Bo and Cy show their hands and the highest"
        texts = [
            ft.Text(f"Bo to act: bid 5, pass, call a showdown ({n}).", weight=ft.FontWeight.W_600),
            ft.Text("You may now", size=13, weight=ft.FontWeight.BOLD),
            *[ft.Text(f"{sentence} hand takes {i} cubes.", size=14) for i in range(3)],
            ft.Text("Why? Numbers, rules, and 3 moves not allowed", size=14),
        ]
        return ft.Container(
            ft.Column(texts, spacing=6, tight=True),
            padding=ft.Padding.symmetric(horizontal=12, vertical=10),
            border_radius=10,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
        )

    def change(kind):
        count["n"] += 1
        n = count["n"]
        if kind in ("big", "big_route"):
            area.controls = [big(ft.Text(f"screen {n}"))]
        elif kind in ("big_shown", "big_shown_screen"):
            if not shown_bodies or not any(c is shown_bodies[0] for c in area.controls):
                shown_bodies[:] = [big(ft.Text(f"screen {n - 1}")), big(ft.Text(""))]
                shown_bodies[1].visible = False
                area.controls = list(shown_bodies)
                page.update()
            hidden, shown = shown_bodies[1], shown_bodies[0]
            hidden.controls[0].content.value = f"screen {n}"
            hidden.visible, shown.visible = True, False
            shown_bodies.reverse()
        elif kind == "panel":  # opened over a game-sized body, then closed, in turns
            if not under_panel or not any(c is under_panel[0] for c in area.controls):
                under_panel[:] = [big(ft.Text(f"screen {n - 1}"))]
                area.controls = list(under_panel)
                page.update()
            under_panel[0].controls[0].content.value = f"screen {n}"
            opened = len(area.controls) > 1
            area.controls = under_panel[:] if opened else [panel(n), *under_panel]
        elif kind == "panel_kept":  # kept above the body, its height taken and given back
            if not under_panel or getattr(area.controls[0], "data", None) != "kept":
                under_panel[:] = [big(ft.Text(f"screen {n - 1}"))]
                # a width always, as the referee's: without one, a height of 0 taken away
                # takes Flutter's ConstrainedBox with it, and the box is built anew
                box = ft.Container(
                    panel(n), width=10_000, clip_behavior=ft.ClipBehavior.HARD_EDGE, data="kept"
                )
                area.controls = [box, *under_panel]
                page.update()
            box = area.controls[0]
            under_panel[0].controls[0].content.value = f"screen {n}"
            box.height = None if box.height == 0 else 0
        elif kind == "label":  # the rest of the page stays as it is
            count_text.value = f"screen {n}"
        elif kind == "texts":
            area.controls = body(n, [ft.Text(f"line {i} of screen {n}") for i in range(LINES)])
        elif kind == "one_text":
            lines = "\\n".join(f"line {i} of screen {n}" for i in range(LINES))
            area.controls = body(n, [ft.Text(lines)])
        elif kind == "boxes":
            box = dict(width=200, height=10, bgcolor=ft.Colors.PRIMARY)
            area.controls = body(n, [ft.Container(**box) for _ in range(LINES)])
        else:
            area.controls = body(n)
        if kind in ("bar", "screen", "big_shown_screen"):
            page.views[-1].appbar = ft.AppBar(
                title=ft.Text(f"Screen {n}"),
                actions=[ft.IconButton(ft.Icons.UNDO, tooltip="Undo")],
            )
        if kind in ("title", "screen", "big_route", "big_shown_screen"):
            page.title = f"Screen {n}"
        if kind in ("route", "screen", "big_route", "big_shown_screen"):
            page.route = f"/screen/{n}"
        page.update()

    kinds = %r
    buttons = [
        ft.FilledButton(kind, on_click=lambda _e, k=kind: change(k)) for kind in kinds
    ]
    page.add(
        ft.Row(buttons, wrap=True),
        ft.Semantics(identifier="count", content=count_text),
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
        serve_script(Path(folder) / "floor.py", FLOOR % (LINES, BIG, KINDS)) as url,
    ):
        browser = launch(pw)
        page = open_page(
            browser,
            url,
            width=390,
            height=844,
            touch=True,
            ready="label",
            cpu_throttle=throttle,
        )
        page.evaluate(MARK_TAPS)
        tagged(page, "label").wait_for()
        shown = 0
        for round_ in range(taps + 1):  # the first round warms up, untimed
            for kind in KINDS:
                # big_shown's first tap of a round puts its two bodies on the page, and
                # panel's its body with the panel open: untimed; panel's next two close and
                # open it
                turns = {"panel": (False, True, True), "panel_kept": (False, True, True)}.get(
                    kind, (False, True) if kind.startswith("big_shown") else (True,)
                )
                for timed in turns:
                    shown += 1
                    page.wait_for_timeout(300)
                    where = "count" if kind == "label" else "label"
                    page.evaluate(WATCH, [where, f"screen {shown}"])
                    press(page.get_by_role("button", name=kind, exact=True), True)
                    seen = page.evaluate("() => window.__seen")
                    if round_ and timed:
                        times[kind].append(seen - page.evaluate("() => window.__tapAt"))
        browser.close()
    label = statistics.median(times["label"])
    return {
        "taps_per_kind": taps,
        "cpu_throttle": throttle,
        "kinds": {
            kind: {
                "p50_ms": round(statistics.median(ms), 1),
                "p95_ms": round(percentile(ms, 95), 1),
                "p50_over_label": round(statistics.median(ms) / label, 2),
            }
            for kind, ms in times.items()
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=20, help="timed taps of each kind")
    parser.add_argument("--cpu-throttle", type=float, default=4)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = run(args.taps, args.cpu_throttle)
    if args.json:
        print(json.dumps(result, indent=1))
        return
    print(f"x{args.cpu_throttle:g} CPU, touch, {args.taps} taps of each kind")
    for kind, r in result["kinds"].items():
        print(f"  {kind:9s} p50 {r['p50_ms']:6.1f}  p95 {r['p95_ms']:6.1f}  ×{r['p50_over_label']}")


if __name__ == "__main__":
    main()
