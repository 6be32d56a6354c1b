"""Server time of the statistics screen's data for 1,000 stored games.

    python bench/stats.py [--json] [--games N] [--runs N]

Stores N finished games (all five kinds, eight players, spread over 100 evenings) in a
fresh database in a temporary folder, then times what the screen asks for on each visit:
the stored results (`Store.results`, one query and nothing replayed) and the statistics
of them (`stats.statistics`: players, head-to-head, per game, per day), for every game
and for one game, each period, and the chart's wins over time. The budget is 300 ms.
"""

import argparse
import json
import random
import statistics as st
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from referee.core.record import GameRecord
from referee.core.session import Session
from referee.games import GAMES
from referee.history.stats import PERIODS, statistics
from referee.storage.store import Store

BUDGET_MS = 300
NAMES = ["Ana", "Bo", "Cy", "Dee", "Ed", "Fae", "Gus", "Hal"]


def finished_records(n: int, rng: random.Random) -> list:
    """`n` distinct finished games, drawn from each game's own menu."""
    out = []
    while len(out) < n:
        kind = rng.choice(sorted(GAMES))
        rules = GAMES[kind]
        count = rng.randint(rules.min_players, min(rules.max_players, 5))
        session = Session(rules, GameRecord(game=kind, players=rng.sample(NAMES, count)))
        for _ in range(600):
            action = rules.draw(session.state, rng)
            if action is None:
                break
            session.play(action)
        if session.is_over:
            out.append((session.record(), rules.standing(session.state)))
    return out


def fill(store: Store, games: int, rng: random.Random) -> None:
    pool = finished_records(60, rng)
    store.create_games([pool[i % len(pool)] for i in range(games)])
    start = datetime(2025, 1, 1, 19, tzinfo=UTC)
    with store._lock:  # spread the endings over 100 evenings, a few hours each
        store._conn.executemany(
            "UPDATE games SET ended=? WHERE id=?",
            [
                ((start + timedelta(days=i % 100, minutes=i % 240)).isoformat(), i + 1)
                for i in range(games)
            ],
        )


def screen(store: Store, kind: str | None, period: str) -> int:
    """What one visit of the statistics screen computes on the server."""
    stats = statistics(store.results(), kind, period)
    stats.wins_over_time()
    return stats.games


def percentile(values, q):
    values = sorted(values)
    k = (len(values) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


def run(games: int, runs: int) -> dict:
    rng = random.Random(2024)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "referee.db"
        store = Store(path)
        fill(store, games, rng)
        store.close()
        store = Store(path)  # a fresh connection, as after a restart
        timings: dict[str, list[float]] = {}
        views = [(None, p) for p in PERIODS] + [("faeker", "all")]
        screen(store, None, "all")  # the first visit warms SQLite's page cache
        for _ in range(runs):
            for kind, period in views:
                t0 = time.perf_counter()
                counted = screen(store, kind, period)
                took = (time.perf_counter() - t0) * 1000
                timings.setdefault(f"{kind or 'all games'}/{period}", []).append(took)
            t0 = time.perf_counter()
            store.results()
            timings.setdefault("store_results_only", []).append((time.perf_counter() - t0) * 1000)
        assert screen(store, None, "all") == games
        assert counted > 0
        store.close()
    every = [t for name, ts in timings.items() if name != "store_results_only" for t in ts]
    return {
        "games": games,
        "runs": runs,
        "budget_ms": BUDGET_MS,
        "screen_p50_ms": round(percentile(every, 0.5), 2),
        "screen_p95_ms": round(percentile(every, 0.95), 2),
        "screen_max_ms": round(max(every), 2),
        "store_results_p50_ms": round(st.median(timings["store_results_only"]), 2),
        "by_view_p50_ms": {
            name: round(st.median(ts), 2)
            for name, ts in timings.items()
            if name != "store_results_only"
        },
        "within_budget": max(every) < BUDGET_MS,
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--json", action="store_true")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--runs", type=int, default=20)
    args = p.parse_args()
    out = run(args.games, args.runs)
    if args.json:
        print(json.dumps(out))
    else:
        for key, value in out.items():
            print(f"{key}: {value}")
    return 0 if out["within_budget"] else 1


if __name__ == "__main__":
    sys.exit(main())
