"""Best-5-of-N per-hand time: referee.games.faj.poker vs enumerating every 5-card subset with
treys and with phevaluator, side by side in one run on the same random hands of the 36-card trick
deck.

    python bench/poker.py [--json] [--seconds S]

The peers have no suit tie-break; they are timed only for finding the best rank, which is
less work than the referee's evaluator does.
"""

import argparse
import itertools
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from referee.games.faj.poker import TWO_TO_TEN

SIZES = (7, 10, 15, 20, 30)
DECK = [(r, s) for r in range(2, 11) for s in range(4)]


def batch_for(fn, hands, seconds: float) -> list:
    """As many hands as take about a tenth of the time budget (at least 3)."""
    size = 3
    while size < len(hands):
        start = time.perf_counter()
        for hand in hands[:size]:
            fn(hand)
        if time.perf_counter() - start > seconds / 10:
            break
        size *= 2
    return hands[:size]


def per_hand_us(fns, batches, seconds: float, rounds: int = 5) -> list[float]:
    """Best (minimum) mean time per hand for each function, measured in alternating rounds.

    This machine's speed drifts from moment to moment; alternating the contenders and
    keeping each one's fastest round compares them under the same conditions.
    """
    best = [float("inf")] * len(fns)
    for _ in range(rounds):
        for k, (fn, batch) in enumerate(zip(fns, batches, strict=True)):
            done, spent = 0, 0.0
            while spent < seconds / rounds or done == 0:
                t0 = time.perf_counter()
                for hand in batch:
                    fn(hand)
                spent += time.perf_counter() - t0
                done += len(batch)
            best[k] = min(best[k], spent / done * 1e6)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--seconds", type=float, default=2.0, help="time budget per contender and hand size"
    )
    args = parser.parse_args()

    from phevaluator import _pheval
    from treys import Card, Evaluator

    treys = Evaluator()
    treys_card = {c: Card.new("23456789T"[c[0] - 2] + "cdhs"[c[1]]) for c in DECK}
    phe_card = {c: (c[0] - 2) * 4 + c[1] for c in DECK}  # phevaluator ids: rank * 4 + suit
    five, phe5 = treys._five, _pheval.evaluate_5cards

    def treys_best(hand):
        return min(five(list(c)) for c in itertools.combinations(hand, 5))

    def phe_best(hand):
        return min(phe5(*c) for c in itertools.combinations(hand, 5))

    rng = random.Random(1)
    result = {}
    for n in SIZES:
        hands = [rng.sample(DECK, n) for _ in range(500)]
        th = [[treys_card[c] for c in h] for h in hands]
        ph = [[phe_card[c] for c in h] for h in hands]
        fns = (TWO_TO_TEN.best, treys_best, phe_best)
        inputs = (hands, th, ph)
        batches = [batch_for(f, h, args.seconds) for f, h in zip(fns, inputs, strict=True)]
        ours, t, p = per_hand_us(fns, batches, args.seconds)
        result[str(n)] = {
            "ours_us": round(ours, 2),
            "treys_us": round(t, 1),
            "phevaluator_us": round(p, 1),
            "vs_treys": round(t / ours, 1),
            "vs_phevaluator": round(p / ours, 1),
        }
    if args.json:
        print(json.dumps(result))
        return
    print(f"{'N':>3} {'ours us':>9} {'treys us':>11} {'phe us':>10} {'x treys':>8} {'x phe':>7}")
    for n, r in result.items():
        print(
            f"{n:>3} {r['ours_us']:>9} {r['treys_us']:>11} {r['phevaluator_us']:>10} "
            f"{r['vs_treys']:>8} {r['vs_phevaluator']:>7}"
        )


if __name__ == "__main__":
    main()
