"""Propagation between devices: a tap on one device until the change is on the others.

Two headless Chromium pages (the default) show one Fae-ker game on a local server. Device
A taps Undo and Redo in turn (each a real change to the shared game); device B waits for
its status line to change. Both times are taken inside the pages (A: when the tap's
pointer event arrives; B: the animation frame after its semantics tree shows the new
text), on the wall clock both pages share, so Playwright's own round trips are not counted.
Each tap's time is split three ways: page A from the tap to its event sent, the server
and the wire until page B has the change, and page B until its frame shows it. The pages
are phones: 390x844, touch, each page's CPU slowed `--cpu-throttle` times (4:
DevTools' mid-range phone). `--starts N` also times N taps on New game's Start game until
the game's screen is usable (its status line and the top card's buttons are on the page).

With --devices N, N devices without a browser (bench/flet_client.py: Flet's own WebSocket
protocol) are spread over --games Fae-ker games, all open at once; in each game one device
taps Undo and Redo of the top card in turn (`--tap undo`: each tap a new phase, its action
area drawn anew), or bids and takes the bid back (`--tap bid`), all games at the same
time, and the bench times each tap's
change until its frame reaches every device of that game (the server's push, with no
browser drawing it). After the taps, every device of a game must show the same round,
status and scores (no divergence); the server's memory (RSS) and open files are sampled
every 100 taps.

    python bench/live.py [--json] [--taps N] [--cpu-throttle 4] [--starts N]
    python bench/live.py --devices 40 --games 5 --taps 1000 [--tap undo|bid] [--json]
    python bench/live.py --devices 8 --games 1 --patches -diff   (one patch's worth)
"""

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.figures import percentile
from tests.e2e.browser import fill_in, launch, open_page, serve, tagged

# Kept on window, not returned: Playwright would wait for a returned promise.
WATCH = """
(args) => { window.__seen = new Promise((resolve) => {
  const [id, text] = args;
  const seen = () => {
    const el = document.querySelector(`[flt-semantics-identifier="${id}"]`);
    if (text === null) return !el;  // gone from the page
    return el && el.textContent.includes(text);
  };
  const now = () => performance.timeOrigin + performance.now();
  const done = () => requestAnimationFrame(() => resolve(now()));
  if (seen()) { done(); return; }
  const observer = new MutationObserver(() => {
    if (seen()) { observer.disconnect(); done(); }
  });
  const all = {subtree: true, childList: true, characterData: true, attributes: true};
  observer.observe(document.body, all);
}); }
"""

# When the tap's pointer event reaches page A (Playwright's round trip is not counted).
MARK_TAPS = """
() => window.addEventListener(
  "pointerdown", () => { window.__tapAt = performance.timeOrigin + performance.now(); }, true)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--taps", type=int, default=None, help="100, or 1,000 with --devices")
    parser.add_argument("--renderer", default="auto", choices=["auto", "canvaskit", "skwasm"])
    parser.add_argument(
        "--cpu-throttle", type=float, default=4, help="slow each page's CPU N times (4: a phone)"
    )
    parser.add_argument("--starts", type=int, default=0, help="Start game taps to time")
    parser.add_argument(
        "--browser-tap",
        default="undo",
        choices=sorted(BROWSER_TAPS),
        help="two pages: Undo and Redo of the top card (a new phase each tap), Bid 2 "
        "and its Undo (the bidding's own screen changed), or a FAJ board card picked and "
        "taken back (an entry, not a move)",
    )
    parser.add_argument("--devices", type=int, default=0, help="devices without a browser")
    parser.add_argument("--games", type=int, default=5, help="games the devices spread over")
    parser.add_argument(
        "--gap-ms",
        type=float,
        default=0,
        help="in each game, the pause between one tap's last frame and the next tap",
    )
    parser.add_argument(
        "--tap",
        default="undo",
        choices=["undo", "bid"],
        help="with --devices: Undo and Redo of the top card (a new phase each tap), "
        "or a bid and its Undo",
    )
    parser.add_argument(
        "--patches",
        default=None,
        help="with --devices: REFEREE_FLET_PATCHES for the server (0: Flet as shipped; "
        "-walk: every patch but walk; see referee/flet_patches/README.md)",
    )
    args = parser.parse_args()
    if args.devices:
        from bench.live_devices import run

        result = run(
            args.devices, args.games, args.taps or 1000, args.gap_ms, args.tap, args.patches
        )
    else:
        result = browsers(
            args.taps or 100, args.renderer, args.cpu_throttle, args.starts, args.browser_tap
        )
    print(json.dumps(result) if args.json else "\n".join(f"{k}: {v}" for k, v in result.items()))


PHONE = {"width": 390, "height": 844, "touch": True}

# Each page's WebSocket, watched: when it last sent (the tap's event leaving page A) and
# when each message came (the change reaching page B), on the clock both pages share.
WIRE = """
(() => { const W = window.WebSocket; window.__came = [];
  const now = () => performance.timeOrigin + performance.now();
  window.WebSocket = function (...args) {
    const ws = new W(...args);
    ws.addEventListener("message", () => window.__came.push(now()));
    const send = ws.send.bind(ws);
    ws.send = (data) => { window.__sent = now(); return send(data); };
    return ws;
  };
  window.WebSocket.prototype = W.prototype;
  Object.assign(window.WebSocket, W);
})();
"""


def fill_names(page, names) -> None:
    for i, name in enumerate(names):
        field = page.get_by_role("textbox", name=f"Player {i + 1}")
        field.click()
        fill_in(field, name)


def time_starts(page, starts: int) -> list[float]:
    """Start game, from the tap's pointer event until the new game's screen is usable."""
    times = []
    for _ in range(starts):
        page.get_by_role("button", name="Home").last.tap()
        page.get_by_role("button", name="New game").tap()
        fill_names(page, ["Ana", "Bo", "Cy"])
        page.evaluate(WATCH, ["status", "enter the top card"])
        page.get_by_role("button", name="Start game").tap()
        seen = page.evaluate("() => window.__seen")
        page.get_by_role("button", name="Top 3", exact=True).wait_for()
        times.append(seen - page.evaluate("() => window.__tapAt"))
    return times


# Each tap of the two pages' kinds: the game it is of, and each step's button tapped with
# what it leaves on the other page (a tagged control, and the text it then holds).
BROWSER_TAPS = {
    "undo": ("Fae-ker", (("Undo", "status", "Deal 5 cards"), ("Redo", "status", "Bo to act"))),
    "bid": ("Fae-ker", (("Bid 2", "status", "Cy to act"), ("Undo", "status", "Bo to act"))),
    # A FAJ board card picked and taken back: an entry every device shows, not a move.
    "faj-card": (
        "Faces, Aces & Jokers",
        (("Board 7♥", "board-picked", "7♥"), ("Board 7♥", "board-picked", "tap the cards")),
    ),
}


def browsers(
    taps: int, renderer: str, throttle: float = 4, starts: int = 0, kind: str = "undo"
) -> dict:
    from playwright.sync_api import expect, sync_playwright

    times, parts = [], []
    with (
        tempfile.TemporaryDirectory() as folder,
        serve(Path(folder), renderer) as app,
        sync_playwright() as pw,
    ):
        browser = launch(pw)
        a = open_page(browser, app.url, cpu_throttle=throttle, init_script=WIRE, **PHONE)
        a.evaluate(MARK_TAPS)
        game, steps = BROWSER_TAPS[kind]
        a.get_by_role("button", name="New game").tap()
        a.get_by_role("radio", name=game, exact=True).tap()
        fill_names(a, ["Ana", "Bo", "Cy"])
        a.get_by_role("button", name="Start game").tap()
        if game == "Fae-ker":
            a.get_by_role("button", name="Top 3", exact=True).tap()
        b = open_page(browser, app.url, cpu_throttle=throttle, init_script=WIRE, **PHONE)
        b.get_by_role("button", name=f"Resume {game}: Ana, Bo, Cy").tap()
        expect(tagged(b, "status")).to_be_visible()
        for n in range(taps):
            which, tag, after = steps[n % 2]
            button = a.get_by_role("button", name=which, exact=True).last
            expect(button).to_be_enabled()
            b.evaluate(WATCH, [tag, after])
            b.evaluate("() => { window.__came = []; }")
            button.tap()
            seen = b.evaluate("() => window.__seen")
            tapped, sent = a.evaluate("() => [window.__tapAt, window.__sent]")
            came = b.evaluate("() => window.__came[0]")
            times.append(seen - tapped)
            if came is not None:  # (A's page, the server and wire, B's page)
                parts.append((sent - tapped, came - sent, seen - came))
            expect(tagged(a, tag)).to_contain_text(after)
        started = time_starts(a, starts)
        browser.close()
    figures = {
        "taps": len(times),
        "propagation_p50_ms": round(percentile(times, 50), 1),
        "propagation_p95_ms": round(percentile(times, 95), 1),
        "propagation_max_ms": round(max(times), 1),
        "propagation_mean_ms": round(statistics.mean(times), 1),
        "renderer": renderer,
        "cpu_throttle": throttle,
        "tap": kind,
    }
    # Where the time goes: A's page from the tap to its event sent, the server and the wire
    # until B's page has the change, and B's page until its frame shows it.
    for i, part in enumerate(("a_page", "server_and_wire", "b_page")):
        if parts:
            figures[f"{part}_p50_ms"] = round(percentile([p[i] for p in parts], 50), 1)
            figures[f"{part}_p95_ms"] = round(percentile([p[i] for p in parts], 95), 1)
    if started:
        figures["start_game_p50_ms"] = round(percentile(started, 50), 1)
        figures["start_game_max_ms"] = round(max(started), 1)
    return figures


if __name__ == "__main__":
    main()
