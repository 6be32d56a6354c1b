"""Two versions of the referee on one phone, tapped in turns: whether a change makes a kind
of tap faster in the phone's browser.

A tap's time moves with the machine by a third from one minute to the next, so two runs of
bench/tap.py, one per version, cannot show a change of a tenth. Here both versions are
served at once, each on a page of its own (390x844, touch, the CPU slowed like a phone),
and take CHUNK taps each in turn, the one going first changing every round: a slower
moment falls on both alike. Each tap is timed as bench/tap.py times it (from its pointer
event to the frame after the change is in the semantics tree).

    python bench/ab_tap.py BASE [--kind screen] [--taps 60] [--cpu-throttle 4]
                           [--renderer auto|canvaskit|skwasm] [--gap-ms 0] [--json]

BASE is a git revision (checked out for the run into a temporary worktree) or the folder of
another checkout; it is compared with this checkout. `--renderer`: the web client's renderer
for both (auto: what Flutter picks, skwasm on Chromium; canvaskit: what browsers without
WebAssembly GC get, and the browser tests). Reported per version: p50 and p95, and
for each step of the kind's cycle its p50 (a screen change's Home and Resume differ);
then this checkout's p50 over BASE's, and in how many rounds its median was the lower.
`--gap-ms N`: a pause after each tap's change is on screen, as bench/tap.py's (what a
version does once a game is still, such as What now?'s update, then falls between taps).
"""

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from contextlib import ExitStack, contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.figures import percentile  # noqa: E402
from bench.live import MARK_TAPS  # noqa: E402
from bench.tap_kinds import KINDS, seed  # noqa: E402
from bench.tapping import CHUNK, RENDERERS, Cycle, open_kind  # noqa: E402
from referee.storage.store import Store  # noqa: E402
from tests.e2e.browser import launch, open_page, serve  # noqa: E402


@contextmanager
def checkout(base: str):
    """The folder of `base`: itself when it is a checkout, else a worktree of that revision,
    removed afterwards."""
    if Path(base).is_dir():
        folder = Path(base).resolve()
        if not (folder / "referee" / "__init__.py").is_file():
            # served from there, `python -m referee` would find this checkout's (the editable
            # install's) and compare it with itself
            raise SystemExit(f"{folder} holds no referee package: give a checkout's folder")
        yield folder
        return
    with tempfile.TemporaryDirectory() as parent:
        folder = Path(parent) / "base"
        git = ["git", "-C", str(ROOT)]
        add = [*git, "worktree", "add", "--quiet", "--detach", str(folder), base]
        if subprocess.run(add, check=False).returncode:
            raise SystemExit(f"{base!r} is neither a folder nor a revision git knows")
        try:
            yield folder
        finally:
            subprocess.run([*git, "worktree", "remove", "--force", str(folder)], check=False)
            subprocess.run([*git, "worktree", "prune"], check=False)


def side(
    stack: ExitStack, browser, root: Path, kind, phone: dict, renderer: str, gap_ms: float = 0
) -> Cycle:
    """A page showing `kind`'s game, served from `root`, warmed up, with its steps. The game
    is saved by this checkout's store: a change to the stored format is not for this bench."""
    folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
    store = Store(folder / "referee.db")
    seed(store, [kind])
    store.close()
    app = stack.enter_context(serve(folder, renderer, root=root))
    page = open_page(browser, app.url, **phone)
    page.evaluate(MARK_TAPS)
    return Cycle(page, open_kind(page, kind, phone["touch"]), phone["touch"], gap_ms)


def compare(
    base: Path,
    kind,
    taps: int,
    throttle: float,
    chunk: int,
    renderer: str = "auto",
    gap_ms: float = 0,
) -> dict:
    from playwright.sync_api import sync_playwright

    phone = {"width": 390, "height": 844, "touch": True, "cpu_throttle": throttle}
    roots = {"base": base, "this": ROOT}
    rounds: list[dict[str, float]] = []
    with sync_playwright() as pw, ExitStack() as stack:
        browser = launch(pw)
        stack.callback(browser.close)  # before the servers stop, on every way out
        sides = {
            name: side(stack, browser, root, kind, phone, renderer, gap_ms)
            for name, root in roots.items()
        }
        order = list(roots)
        while len(sides["this"].times) < taps:
            n = min(chunk, taps - len(sides["this"].times))
            this_round = {}
            for name in order:
                sides[name].taps(n)
                this_round[name] = statistics.median(sides[name].times[-n:])
            rounds.append(this_round)
            order.reverse()  # the other version goes first next round
    times = {name: cycle.times for name, cycle in sides.items()}
    p50 = {name: percentile(t, 50) for name, t in times.items()}
    steps = len(sides["this"].steps)  # the kind's steps, tapped in turn from the first
    return {
        "kind": kind.name,
        "taps": taps,
        "cpu_throttle": throttle,
        "renderer": renderer,
        "gap_ms": gap_ms,
        "versions": {
            name: {
                "root": str(roots[name]),
                "p50_ms": round(p50[name], 1),
                "p95_ms": round(percentile(t, 95), 1),
                "step_p50_ms": [round(percentile(t[i::steps], 50), 1) for i in range(steps)],
            }
            for name, t in times.items()
        },
        "p50_this_over_base": round(p50["this"] / p50["base"], 3),
        "rounds_this_lower": sum(r["this"] < r["base"] for r in rounds),
        "rounds": len(rounds),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", help="a git revision, or another checkout's folder")
    parser.add_argument("--kind", default="screen", choices=list(KINDS))
    parser.add_argument("--taps", type=int, default=60, help="timed taps of each version")
    parser.add_argument("--cpu-throttle", type=float, default=4)
    parser.add_argument("--chunk", type=int, default=CHUNK, help="taps of a version per turn")
    parser.add_argument("--renderer", default="auto", choices=RENDERERS)
    parser.add_argument("--gap-ms", type=float, default=0, help="pause after each tap's change")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.taps < 2 or args.chunk < 1:
        parser.error("--taps must be at least 2 and --chunk at least 1")
    with checkout(args.base) as base:
        result = compare(
            base,
            KINDS[args.kind],
            args.taps,
            args.cpu_throttle,
            args.chunk,
            args.renderer,
            args.gap_ms,
        )
    if args.json:
        print(json.dumps(result))
        return
    print(
        f"{result['kind']}, ×{args.cpu_throttle:g} CPU, touch, {args.renderer} renderer, "
        f"{args.taps} taps each, {args.gap_ms:g} ms apart"
    )
    for name, row in result["versions"].items():
        steps = " / ".join(f"{ms:.1f}" for ms in row["step_p50_ms"])
        print(f"  {name:4} p50 {row['p50_ms']:6.1f}  p95 {row['p95_ms']:6.1f}  steps {steps}")
    print(
        f"  this over base (p50): {result['p50_this_over_base']:.3f}; "
        f"this lower in {result['rounds_this_lower']} of {result['rounds']} rounds"
    )


if __name__ == "__main__":
    main()
