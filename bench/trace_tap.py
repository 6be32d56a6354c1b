"""Where a tap's time goes in the phone's browser: a Chromium trace of timed taps of one
kind (bench/tap_kinds.py), split into what the main thread did between the tap's pointer
event and the frame after its change was on the screen.

    python bench/trace_tap.py [--kind bid] [--taps 10] [--cpu-throttle 4] [--save FILE]
                              [--step N]

Prints, per tap on average: the main thread's busy time in the window, the trace's own
split (style and layout of the page's DOM, which is Flutter's semantics tree; paint;
garbage collection; animation frames; the WebSocket message), and the sampled JavaScript
time by script (main.dart.js is Flutter and Flet's client; canvaskit draws the frame).
"""

import argparse
import itertools
import json
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.live import MARK_TAPS, WATCH  # noqa: E402
from bench.tap import serve_hello  # noqa: E402
from bench.tap_kinds import KINDS, seed  # noqa: E402
from bench.tapping import expect_shown, press, warm_up  # noqa: E402
from tests.e2e.browser import launch, open_page, serve, tagged  # noqa: E402

CATEGORIES = [
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "disabled-by-default-devtools.timeline.frame",
    "v8",
    "v8.execute",
    "blink.user_timing",
    "disabled-by-default-v8.cpu_profiler",
    "toplevel",
]

# Trace events whose time the split reports (inclusive; they do not nest in one another).
SPLIT = {
    "UpdateLayoutTree": "style",
    "Layout": "layout",
    "PrePaint": "paint",
    "Paint": "paint",
    "Layerize": "paint",
    "UpdateLayer": "paint",
    "HitTest": "hit test",
    "MinorGC": "gc",
    "MajorGC": "gc",
    "V8.GC_SCAVENGER": "gc",
    "V8.GCScavenger": "gc",
    "V8.GCFinalizeMC": "gc",
}


def taps_traced(page, browser, steps, taps: int, touch: bool) -> tuple[bytes, list]:
    """Trace `taps` taps; returns the trace and each tap's (tap, seen) in epoch ms."""

    windows = []
    browser.start_tracing(page=page, categories=CATEGORIES)
    for n in range(taps):
        button, identifier, text = steps[n % len(steps)]
        page.wait_for_timeout(300)
        page.evaluate(WATCH, [identifier, text])
        press(button, touch)
        seen = page.evaluate("() => window.__seen")
        windows.append((page.evaluate("() => window.__tapAt"), seen))
        expect_shown(page, identifier, text)
    page.wait_for_timeout(300)
    return browser.stop_tracing(), windows


def main_thread(events) -> tuple[int, int]:
    """(pid, tid) of the page's renderer main thread."""
    for e in events:
        if e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain":
            pid, tid = e["pid"], e["tid"]
            if any(x.get("pid") == pid and x.get("name") == "FunctionCall" for x in events):
                return pid, tid
    raise SystemExit("no renderer main thread in the trace")


def clip(start, end, lo, hi) -> float:
    return max(0.0, min(end, hi) - max(start, lo))


def tap_windows(events, pid: int, windows_epoch: list) -> list[tuple[float, float]]:
    """Each tap's (start, end) in the trace's clock, from its pointerdown EventDispatch and
    the page's own measure of the tap."""
    downs = sorted(
        e["ts"]
        for e in events
        if e.get("name") == "EventDispatch"
        and e.get("pid") == pid
        and e.get("args", {}).get("data", {}).get("type") == "pointerdown"
    )
    if len(downs) < len(windows_epoch):
        raise SystemExit(f"{len(downs)} pointerdowns in the trace for {len(windows_epoch)} taps")
    downs = downs[-len(windows_epoch) :]
    return [
        (down, down + (seen - tap) * 1000)
        for down, (tap, seen) in zip(downs, windows_epoch, strict=True)
    ]


def main_events(events, pid: int, tid: int) -> list[dict]:
    return [e for e in events if e.get("pid") == pid and e.get("tid") == tid and e.get("ph") == "X"]


def analyse(trace: dict, windows_epoch: list, only: list[int] | None = None) -> dict:
    """`only`: the taps (by their place) reported, the others traced but left out."""
    events = trace["traceEvents"]
    pid, tid = main_thread(events)
    windows = tap_windows(events, pid, windows_epoch)
    if only is not None:
        windows = [windows[i] for i in only]
    main = main_events(events, pid, tid)
    split: Counter = Counter()
    tops = merged(
        (e["ts"], e["ts"] + e.get("dur", 0))
        for e in main
        if e["name"] in ("ThreadControllerImpl::RunTask", "RunTask")
    )
    busy = sum(clip(a, b, lo, hi) for a, b in tops for lo, hi in windows)
    for e in main:
        start, end = e["ts"], e["ts"] + e.get("dur", 0)
        inside = sum(clip(start, end, lo, hi) for lo, hi in windows)
        if not inside:
            continue
        if e["name"] in SPLIT:
            split[SPLIT[e["name"]]] += inside
        if e["name"] == "FireAnimationFrame":
            split["animation frame callbacks"] += inside
        if e["name"] in ("FunctionCall", "EvaluateScript", "v8.callFunction"):
            split["script (all calls)"] += inside
    samples = cpu_samples(events, pid, tid)
    by_script: Counter = Counter()
    by_function: Counter = Counter()
    for ts, frame in samples:
        if any(lo <= ts <= hi for lo, hi in windows):
            url = frame.get("url", "") or ""
            script = url.rsplit("/", 1)[-1] or frame.get("functionName") or "?"
            by_script[script] += 1
            by_function[(script, frame.get("functionName", ""))] += 1
    n = len(windows)
    interval_ms = sampling_ms(samples)
    # The frame that draws the change: each tap's longest animation frame.
    longest = sorted(
        max(
            (
                e.get("dur", 0)
                for e in main
                if e["name"] == "FireAnimationFrame" and lo <= e["ts"] <= hi
            ),
            default=0,
        )
        for lo, hi in windows
    )
    return {
        "taps": n,
        "tap_ms": round(sum(hi - lo for lo, hi in windows) / n / 1000, 1),
        "main_thread_busy_ms": round(busy / n / 1000, 1),
        "update_frame_median_ms": round(longest[n // 2] / 1000, 1),
        "split_ms": {k: round(v / n / 1000, 1) for k, v in split.most_common()},
        "sampled_ms_by_script": {
            k: round(v * interval_ms / n, 1) for k, v in by_script.most_common(8)
        },
        "top_functions_ms": [
            (s, f, round(v * interval_ms / n, 1)) for (s, f), v in by_function.most_common(15)
        ],
    }


def merged(intervals) -> list[tuple[float, float]]:
    out: list[list[float]] = []
    for a, b in sorted(intervals):
        if out and a <= out[-1][1]:
            out[-1][1] = max(out[-1][1], b)
        else:
            out.append([a, b])
    return [(a, b) for a, b in out]


def timeline(trace: dict, windows_epoch: list, which: int = -1) -> list[str]:
    """The main thread's tasks of one tap, with the longest events in each."""
    events = trace["traceEvents"]
    pid, tid = main_thread(events)
    lo, hi = tap_windows(events, pid, windows_epoch)[which]
    main = main_events(events, pid, tid)
    tasks = [
        e
        for e in main
        if e["name"] == "ThreadControllerImpl::RunTask" and lo - 2000 <= e["ts"] <= hi
    ]
    lines = [f"tap window {(hi - lo) / 1000:.1f} ms"]
    for t in tasks:
        start, end = t["ts"], t["ts"] + t.get("dur", 0)
        inner = [
            e
            for e in main
            if start <= e["ts"] < end
            and e is not t
            and e.get("dur", 0) > 300
            and e["name"] not in ("ThreadControllerImpl::RunTask", "RunTask")
        ]
        inner.sort(key=lambda e: -e.get("dur", 0))
        names = ", ".join(f"{_name(e)} {e['dur'] / 1000:.1f}" for e in inner[:5])
        if t.get("dur", 0) > 500:
            lines.append(f"  +{(start - lo) / 1000:7.1f} ms  {t['dur'] / 1000:6.1f} ms  {names}")
    return lines


def _name(event) -> str:
    if event["name"] == "EventDispatch":
        return f"EventDispatch({event['args']['data'].get('type', '')})"
    return event["name"]


def cpu_samples(events, pid, tid) -> list[tuple[float, dict]]:
    """(trace time, leaf call frame) of every CPU profile sample on the main thread."""
    nodes: dict[tuple, dict] = {}
    times: dict = defaultdict(float)
    out = []
    for e in events:
        if e.get("pid") != pid:
            continue
        if e.get("name") == "Profile" and e.get("tid") == tid:
            times[e["id"]] = e["args"]["data"]["startTime"]
        if e.get("name") != "ProfileChunk":
            continue
        data = e["args"]["data"]
        profile = data.get("cpuProfile", {})
        for node in profile.get("nodes", []):
            nodes[(e["id"], node["id"])] = node.get("callFrame", {})
        deltas = data.get("timeDeltas", [])
        for node_id, delta in zip(profile.get("samples", []), deltas, strict=False):
            times[e["id"]] += delta
            out.append((times[e["id"]], nodes.get((e["id"], node_id), {})))
    return out


def sampling_ms(samples) -> float:
    if len(samples) < 2:
        return 0.0
    ts = sorted(t for t, _ in samples)
    gaps = sorted(b - a for a, b in itertools.pairwise(ts) if b > a)
    return gaps[len(gaps) // 2] / 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kind", default="bid", choices=[*KINDS, "hello"])
    parser.add_argument("--taps", type=int, default=10)
    parser.add_argument("--cpu-throttle", type=float, default=4)
    parser.add_argument("--save", help="write the raw trace here (chrome://tracing, Perfetto)")
    parser.add_argument(
        "--step", type=int, default=None, help="report only this step of the kind's cycle (0, 1)"
    )
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    if args.kind == "hello":
        return trace_hello(args)
    kind = KINDS[args.kind]

    from referee.storage.store import Store

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as pw:
        folder = Path(folder)
        store = Store(folder / "referee.db")
        seed(store, [kind])
        store.close()
        browser = launch(pw)
        with serve(folder, "auto") as app:
            page = open_page(
                browser, app.url, width=390, height=844, touch=True, cpu_throttle=args.cpu_throttle
            )
            page.evaluate(MARK_TAPS)
            press(page.get_by_role("button", name=kind.resume, exact=True), True)
            tagged(page, kind.ready).wait_for()
            steps = kind.steps(page)
            warm_up(page, steps, True)
            raw, windows = taps_traced(page, browser, steps, args.taps, True)
        browser.close()
    only = None if args.step is None else list(range(args.step, args.taps, len(steps)))
    report(raw, windows, args.save, only)


def trace_hello(args) -> None:
    """The same trace of the smallest Flet app's taps, for the framework's floor."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as pw:
        browser = launch(pw)
        with serve_hello(Path(folder), "auto") as url:
            page = open_page(
                browser,
                url,
                ready="Tap",
                width=390,
                height=844,
                touch=True,
                cpu_throttle=args.cpu_throttle,
            )
            page.evaluate(MARK_TAPS)
            button = page.get_by_role("button", name="Tap")
            steps = [(button, "label", str(n + 1)) for n in range(WARM + args.taps)]
            warm_up(page, steps[:WARM], True)
            raw, windows = taps_traced(page, browser, steps[WARM:], args.taps, True)
        browser.close()
    report(raw, windows, args.save)


WARM = 4


def report(raw: bytes, windows, save, only: list[int] | None = None) -> None:
    if save:
        Path(save).write_bytes(raw)
    trace = json.loads(raw)
    print(json.dumps(analyse(trace, windows, only), indent=1, ensure_ascii=False))
    print("\n".join(timeline(trace, windows, only[-1] if only else -1)))


if __name__ == "__main__":
    main()
