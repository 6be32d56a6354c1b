"""Cold start to first frame: start `python -m referee --web`, open headless Chromium, and
time until the home screen's "New game" button exists in the page.

    python bench/first_frame.py [--json] [--runs N]
"""

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.e2e.browser import launch, open_page, serve_app


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--renderer",
        default="auto",
        choices=["auto", "canvaskit", "skwasm"],
        help="auto is what users get; the tests use canvaskit for screenshots",
    )
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    times = []
    with sync_playwright() as pw:
        browser = launch(pw)
        for _ in range(args.runs):
            with (
                tempfile.TemporaryDirectory() as folder,
                serve_app(Path(folder), args.renderer) as (url, t0),
            ):
                page = open_page(browser, url)
                times.append(time.perf_counter() - t0)
                page.close()
        browser.close()
    result = {
        "runs": args.runs,
        "first_frame_median_s": round(statistics.median(times), 2),
        "first_frame_min_s": round(min(times), 2),
        "first_frame_max_s": round(max(times), 2),
        "renderer": args.renderer,
    }
    print(json.dumps(result) if args.json else "\n".join(f"{k}: {v}" for k, v in result.items()))


if __name__ == "__main__":
    main()
