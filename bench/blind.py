"""Taps on a page without Flutter's semantics tree: a phone whose owner runs no screen reader.

Flutter's web client builds its semantics tree (the accessibility DOM that tests and screen
readers read) only once asked to; a phone without a screen reader never asks, and spares
the work of keeping it up to date at every change. Such a page has nothing to find a button
or a text by, so:

- where to tap is learnt on a page with the tree (`learn`): the centre of each step's
  button, in the steady state a cycle of the kind returns to;
- when the change is on the screen is learnt from the page's WebSocket: the tap's answer
  is drawn in the animation frame after its last message arrives, and the tap's time runs
  to the frame after that, as bench/live.py's WATCH times a page with the tree. Both ways
  were taken of the same taps on a page with the tree (×4 CPU, 20 taps each): a bid, a
  card and the smallest app's tap agreed within 3.3 ms in every tap; in a screen change
  the tree showed the new screen 0-25 ms after these frames;
- a tap that lands on nothing is caught (no message comes), and so is a tap on another
  button that leaves the kind elsewhere than its cycles end: after its taps, the page
  timed turns its tree on and must show where the kind's cycles end (`check`).
"""

from bench.live import MARK_TAPS
from bench.tapping import WARM_UP, expect_shown, interleaved, open_kind, press, take_turn
from tests.e2e.browser import open_page, tagged

# Kept on window: the last tap's pointer event, its messages each way, when the last one
# it received came, and the start of the frame after the frame that drew that one.
TIMING = """
(() => {
  const now = () => performance.now();
  let taps = 0;
  const fresh = () => ({taps, at: now(), last: 0, end: 0, sent: 0, received: 0});
  window.__tap = fresh();  // the page's load counts as tap 0
  window.addEventListener("pointerdown", () => { taps += 1; window.__tap = fresh(); }, true);
  const Socket = window.WebSocket;
  window.WebSocket = function (...args) {
    const ws = new Socket(...args);
    const send = ws.send.bind(ws);
    ws.send = (data) => { window.__tap.sent += 1; send(data); };
    ws.addEventListener("message", () => {
      const tap = window.__tap;
      const nth = (tap.received += 1);
      tap.last = now();
      requestAnimationFrame(() => requestAnimationFrame(() => {
        if (tap.received === nth) tap.end = now();  // no later message: this one was last
      }));
    });
    return ws;
  };
  window.WebSocket.prototype = Socket.prototype;
  for (const state of ["CONNECTING", "OPEN", "CLOSING", "CLOSED"]) {
    window.WebSocket[state] = Socket[state];
  }
})();
"""

QUIET_MS = 300  # no message for this long after a tap's answer: the tap is over
LOAD_QUIET_MS = 2_000  # the same, for a page's first draw


def centre(locator) -> tuple[float, float]:
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def learn(page, steps, touch: bool) -> list[tuple[float, float]]:
    """Where each step's button is, on `page` (with the tree), taking one cycle of `steps`
    from the steady state (the page ends where it began)."""

    points = []
    for button, identifier, text in steps:
        points.append(centre(button))
        press(button, touch)
        expect_shown(page, identifier, text)
    return points


def settled_url(page, still_ms: int = 500) -> str:
    """`page`'s address once it has not changed for `still_ms`. A panel's address is taken
    a moment after the panel is drawn (assets/referee.js): read at once after What now?
    closed, it was still /game/1/whatnow, and the page timed opened with the panel open."""
    url, since = page.url, 0
    while since < still_ms:
        page.wait_for_timeout(100)
        since = since + 100 if page.url == url else 0
        url = page.url
    return url


def open_blind(browser, url: str, **phone):
    """A page of `url` without the semantics tree, timed by TIMING, once first drawn;
    `phone`: open_page's width, height, touch and cpu_throttle."""
    page = open_page(browser, url, init_script=TIMING, semantics=False, **phone)
    page.wait_for_function("() => window.__tap.received > 0", timeout=60_000)
    quiet(page, LOAD_QUIET_MS)
    return page


def quiet(page, ms: int) -> None:
    """Wait until the page has had no message for `ms` and has drawn the last one."""
    page.wait_for_function(
        "() => window.__tap.end >= window.__tap.last"
        f" && performance.now() - window.__tap.last > {ms}",
        timeout=60_000,
        polling=50,
    )


def tap(page, point, touch: bool) -> dict:
    """Tap at `point`; the tap's time (ms, to the frame after its answer) and messages."""
    from playwright.sync_api import TimeoutError as NoAnswer

    nth = page.evaluate("() => window.__tap.taps") + 1
    if touch:
        page.touchscreen.tap(*point)
    else:
        page.mouse.click(*point)
    try:
        page.wait_for_function(
            f"() => window.__tap.taps === {nth} && window.__tap.received > 0",
            timeout=10_000,
            polling=20,
        )
    except NoAnswer as exc:
        raise SystemExit(
            f"The tap at {point} had no WebSocket message within 10 s: it landed on no "
            "button, or the server stalled."
        ) from exc
    quiet(page, QUIET_MS)
    t = page.evaluate("() => window.__tap")
    return {"ms": t["end"] - t["at"], "sent": t["sent"], "received": t["received"]}


def check(page, kind) -> None:
    """After whole cycles, `page` (timed without the tree) turns its tree on: it must show
    `kind` where its cycles end."""

    page.locator("flt-semantics-placeholder").dispatch_event("click")
    tagged(page, kind.ready).wait_for(timeout=60_000)
    _button, identifier, text = kind.steps(page)[-1]
    try:
        expect_shown(page, identifier, text)
    except AssertionError as exc:
        raise SystemExit(
            f"After the taps without the semantics tree, {identifier!r} does not show "
            f"{text!r}: a tap landed on another button, so the times are not of this kind."
        ) from exc


class Blind:
    """A page without the tree, tapped at `points` in turn; its times and messages."""

    def __init__(self, page, points, touch: bool) -> None:
        self.page, self.points, self.touch = page, points, touch
        self.count = 0  # taps so far: the next is at points[count % len(points)]
        self.times: list[float] = []
        self.messages = {"sent": 0, "received": 0}

    def taps(self, n: int, timed: bool = True) -> None:
        take_turn(self.page)
        for _ in range(n):
            done = tap(self.page, self.points[self.count % len(self.points)], self.touch)
            self.count += 1
            if timed:
                self.times.append(done["ms"])
                for way in self.messages:
                    self.messages[way] = max(self.messages[way], done[way])


def run(browser, app_url: str, hello_url: str, kinds, taps: int, touch: bool, phone: dict):
    """bench/tap.py's run without the tree: each kind's times and messages per tap, and the
    smallest app's times, tapped in turns as there."""
    shown = open_page(browser, hello_url, ready="Tap", **phone)
    point = centre(shown.get_by_role("button", name="Tap"))
    shown.close()
    hello = Blind(open_blind(browser, hello_url, **phone), [point], touch)
    hello.taps(WARM_UP, timed=False)
    times, messages = {}, {}
    for kind in kinds:
        shown = open_page(browser, app_url, **phone)
        shown.evaluate(MARK_TAPS)  # open_kind's warm-up times its taps
        points = learn(shown, open_kind(shown, kind, touch), touch)
        url = settled_url(shown)
        shown.close()  # else it would draw every tap of the page timed
        ours = Blind(open_blind(browser, url, **phone), points, touch)
        ours.taps(WARM_UP, timed=False)
        times[kind.name] = interleaved(ours, hello, taps)
        messages[kind.name] = ours.messages
        check(ours.page, kind)
        ours.page.close()
    return times, messages, hello.times
