"""A device's taps while another device imports a large file in the app (issue 57).

    python bench/import_taps.py [--mb 50] [--json]

Two devices on one server's side (tests/ui/devices.py, no browser): B plays Fae-ker
(each tap a Pass, timed from the tap's arrival to the server done with it), A chooses a
file of about that many MB on the home screen's Import (sent as Flet's upload handler
writes it, then imported apart, as the app does). Reports B's tap times before the import
and during it (median, 95th percentile, the slowest), and how long the import took.
"""

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from referee import flet_patches
from referee.live.tables import LiveTables
from referee.storage.environ import UPLOADS_ENV
from referee.storage.store import Store
from tests.big_records import write_big_file
from tests.ui.devices import device
from tests.ui.test_import_a_file import choose, sends, tap_and_time, toasts

BEFORE = 50  # taps timed before the import
MAX_TAPS = 100_000


def figures(times: list[float]) -> dict:
    times = sorted(times)
    return {
        "taps": len(times),
        "median_ms": round(statistics.median(times) * 1000, 1),
        "p95_ms": round(times[int(len(times) * 0.95)] * 1000, 1),
        "max_ms": round(times[-1] * 1000, 1),
    }


async def measure(folder: Path, mb: float) -> dict:
    uploads = folder / "uploads"
    uploads.mkdir()
    os.environ[UPLOADS_ENV] = str(uploads)
    path = folder / "club.json"
    records = write_big_file(path, mb)
    store = Store(folder / "referee.db")
    lives = LiveTables(store)
    b, b_session = device(lives)
    b.games.start_game("faeker", ["Ana", "Bo", "Cy"], {})
    before = [await tap_and_time(b_session, b) for _ in range(BEFORE)]
    a, a_session = device(lives)
    sends(a_session)
    a.top.import_dialog()
    started = time.perf_counter()
    await choose(a_session, path, uploads)
    during = []
    for _ in range(MAX_TAPS):
        if toasts(a_session):
            break
        during.append(await tap_and_time(b_session, b))
        await asyncio.sleep(0.01)  # a table's pace is slower still
    seconds = time.perf_counter() - started
    told = toasts(a_session)
    store.close()
    return {
        "mb": mb,
        "records": records,
        "import_seconds": round(seconds, 1),
        "told": told,
        "before": figures(before),
        "during": figures(during),
        "load": os.getloadavg(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=50)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    flet_patches.install()  # as the app does
    with tempfile.TemporaryDirectory(prefix="referee-import-taps-") as folder:
        row = asyncio.run(measure(Path(folder), args.mb))
    if args.json:
        print(json.dumps(row))
        return
    print(f"{row['mb']:g} MB ({row['records']:,} records) imported in {row['import_seconds']} s:")
    for when in ("before", "during"):
        f = row[when]
        print(
            f"  taps {when} the import: {f['taps']}, median {f['median_ms']} ms, "
            f"95% {f['p95_ms']} ms, slowest {f['max_ms']} ms"
        )
    print(f"  the importing device was told: {' '.join(row['told'])}")


if __name__ == "__main__":
    main()
