"""A phone's taps on a page of the referee or of the smallest app, as the tap benches take
them (bench/tap.py, ab_tap.py, trace_tap.py, blind.py): pressing, warming up, timing a tap
to the frame after its change, going to a kind's saved game, and taking turns."""

from bench.live import WATCH
from tests.e2e.browser import tagged

# Untimed taps before each kind (even: a two-step cycle then ends where it began).
WARM_UP = 4
CHUNK = 10  # timed taps one app takes before the other app's turn
SETTLE_MS = 200  # after a turn changes page, before its first tap
SCROLL_PX = 300  # one swipe of home's list, less than the band `in_view` aims at
# Flutter's web renderers: auto (skwasm on Chromium), or one named (canvaskit: what a
# browser without WebAssembly GC gets).
RENDERERS = ["auto", "canvaskit", "skwasm"]


def press(button, touch: bool) -> None:
    if touch:
        button.tap()
    else:
        button.click()


def warm_up(page, steps, touch: bool) -> None:
    """Tap WARM_UP times and drop the times: the first taps of a kind run code neither the
    browser nor the server has run yet (the first bid took 113 ms, the first tap on the
    smallest app 74)."""
    timed_taps(page, steps, WARM_UP, touch)


def open_kind(page, kind, touch: bool) -> list:
    """Go to `kind`'s saved game (from home or another game's screen) and warm its taps up;
    returns its steps. WARM_UP is a whole number of cycles: the page ends at the first step."""
    if page.get_by_role("button", name="Home").count():
        press(page.get_by_role("button", name="Home"), touch)
    tagged(page, "home").wait_for()
    press(in_view(page, page.get_by_role("button", name=kind.resume, exact=True), touch), touch)
    tagged(page, kind.ready).wait_for()
    steps = kind.steps(page)
    warm_up(page, steps, touch)
    return steps


def in_view(page, button, touch: bool):
    """`button`, once home's list is scrolled to show it whole, below the app bar:
    Playwright scrolls the accessibility tree's element, not Flutter's list, and a tap
    below a phone's fold lands nowhere (with seven saved games, the oldest game's Resume
    is some 1,100 px down). Scrolled by a finger's swipe on a touch screen (a mouse would
    leave a pointer hovering), else by the wheel."""
    size = page.viewport_size
    top, bottom = size["height"] / 6, size["height"] * 2 / 3
    before = None
    for _ in range(20):
        box = button.bounding_box()
        if box is None:
            raise SystemExit("The saved game to open is not on home's list.")
        inside = box["y"] >= 0 and box["y"] + box["height"] <= size["height"]
        # In the band, or as far as the list goes (the last game's button).
        if inside and (box == before or top <= box["y"] <= bottom):
            return button
        down = box["y"] > bottom
        x, y = size["width"] / 2, size["height"] / 2  # over the list, not the bar
        if touch:
            page.context.new_cdp_session(page).send(
                "Input.synthesizeScrollGesture",
                {
                    "x": x,
                    "y": y,
                    "yDistance": -SCROLL_PX if down else SCROLL_PX,  # > 0: back up
                    "gestureSourceType": "touch",
                },
            )
        else:
            page.mouse.move(x, y)
            page.mouse.wheel(0, SCROLL_PX if down else -SCROLL_PX)
        page.wait_for_timeout(300)
        before = box
    raise SystemExit("The saved game to open stays out of the phone's view.")


def take_turn(page) -> None:
    page.bring_to_front()
    page.wait_for_timeout(SETTLE_MS)


def expect_shown(page, identifier: str, text: str | None) -> None:
    """Wait until the tagged control shows `text` (None: until it is gone)."""
    from playwright.sync_api import expect

    if text is None:
        expect(tagged(page, identifier)).to_have_count(0)
    else:
        expect(tagged(page, identifier)).to_contain_text(text)


def timed_taps(
    page, steps, taps: int, touch: bool, start: int = 0, gap_ms: float = 0
) -> list[float]:
    """Tap `steps` in turn (button, identifier, text it then shows) `taps` times, from
    step `start`; each time from the tap's pointer event in the page to the frame after.
    `gap_ms`: a pause after each tap's change is seen, as a player reads before the next
    tap (0: the next tap as soon as Playwright can send it)."""

    times = []
    for n in range(start, start + taps):
        button, identifier, text = steps[n % len(steps)]
        page.evaluate(WATCH, [identifier, text])
        press(button, touch)
        seen = page.evaluate("() => window.__seen")
        times.append(seen - page.evaluate("() => window.__tapAt"))
        expect_shown(page, identifier, text)
        if gap_ms:
            page.wait_for_timeout(gap_ms)
    return times


class Cycle:
    """A kind's steps on a page with the tree, tapped in turn; the timed taps' times."""

    def __init__(self, page, steps, touch: bool, gap_ms: float = 0) -> None:
        self.page, self.steps, self.touch, self.gap_ms = page, steps, touch, gap_ms
        self.times: list[float] = []

    def taps(self, n: int) -> None:
        take_turn(self.page)
        start = len(self.times)
        self.times += timed_taps(self.page, self.steps, n, self.touch, start, self.gap_ms)


def interleaved(ours, hello, taps: int) -> list[float]:
    """`taps` timed taps on our page, CHUNK at a time, each chunk followed by as many on
    the smallest app's page; `ours` and `hello` take `n` timed taps with `.taps(n)`, after
    a turn, and keep their times in `.times`."""
    while len(ours.times) < taps:
        n = min(CHUNK, taps - len(ours.times))
        ours.taps(n)
        hello.taps(n)
    return ours.times
