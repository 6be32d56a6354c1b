"""Time to apply + store one action, and to resume a 1,000-action Fae-ker game.

    python bench/store.py [--json] [--actions N]

Runs against a fresh database in a temporary folder (WAL, one transaction per action, as
the app does).
"""

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from referee.core.record import GameRecord
from referee.live.kept_session import KeptSession
from referee.storage.store import Store


def actions_for(table: KeptSession):
    """A legal 2-player game that never ends: mostly all-pass rounds, some bluff calls."""
    rnd = 0
    while True:
        rnd += 1
        state = table.state
        if rnd % 100 == 5:
            bidder = state.players[(state.dealer + 1) % 2]
            caller = state.players[state.dealer]
            yield {"type": "top_card", "card": 5}
            yield {"type": "bid", "player": bidder, "amount": 1}
            yield {"type": "bluff", "player": caller}
            yield {"type": "reveal", "player": bidder, "cards": [5, 1, 1, 2, 0]}
        else:
            yield {"type": "top_card", "card": 1 + rnd % 7}
            first = state.players[(state.dealer + 1) % 2]
            second = state.players[state.dealer]
            yield {"type": "pass", "player": first}
            yield {"type": "pass", "player": second}


def percentile(values, q):
    values = sorted(values)
    k = (len(values) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


def run(n: int) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "referee.db")
        table = KeptSession.new(store, GameRecord(game="faeker", players=["Ana", "Bo"]))
        timings = []
        source = actions_for(table)
        for _ in range(n):
            action = next(source)
            t0 = time.perf_counter()
            table.play(action)
            timings.append((time.perf_counter() - t0) * 1000)
        assert not table.session.is_over and len(table.session.steps) == n
        store.close()
        resumes = []
        for _ in range(5):
            t0 = time.perf_counter()
            reopened = Store(Path(folder) / "referee.db")
            again = KeptSession.resume(reopened, table.game_id)
            resumes.append((time.perf_counter() - t0) * 1000)
            assert again.state == table.state
            reopened.close()
    return {
        "actions": n,
        "apply_store_p50_ms": round(percentile(timings, 0.50), 3),
        "apply_store_p95_ms": round(percentile(timings, 0.95), 3),
        "apply_store_max_ms": round(max(timings), 3),
        "resume_1000_ms": round(statistics.median(resumes), 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--actions", type=int, default=1000)
    args = parser.parse_args()
    result = run(args.actions)
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>22}: {value}")


if __name__ == "__main__":
    main()
