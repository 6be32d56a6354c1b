"""Each Flet patch's worth: bench/live.py --devices, every patch on against each one off.

Runs bench/live.py's devices (one Fae-ker game) with REFEREE_FLET_PATCHES set to `1` (every
patch), `0` (Flet as shipped) and `-<patch>` (every patch but one), in rounds: each round
runs every setting once, in a shuffled order, so a load that comes and goes on a shared
machine falls on all of them alike. Each run's line (its figures, the setting, the load
average beside it) goes to --out as JSON; the summary is the median over the rounds of the
server's processor time per tap, and what each patch saves is that of `-<patch>` against
that of `1`.

    python bench/patches_ab.py --devices 4,8 --rounds 3 --taps 200 --out patches.jsonl
    python bench/patches_ab.py --summary patches.jsonl
"""

import argparse
import json
import os
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from referee.flet_patches import PATCHES


def settings(patches: list[str]) -> list[str]:
    return ["1", "0", *(f"-{name}" for name in patches)]


def load() -> float:
    return os.getloadavg()[0]


def measure(args) -> None:
    from bench.live_devices import run

    rng = random.Random(args.seed)
    with open(args.out, "a") as out:
        for round_ in range(args.rounds):
            for tap in args.tap.split(","):
                for devices in (int(n) for n in args.devices.split(",")):
                    order = settings(args.patches.split(","))
                    rng.shuffle(order)
                    for setting in order:
                        before = load()
                        result = run(devices, 1, args.taps, 0, tap, setting)
                        result.pop("samples", None)
                        line = {"round": round_, "load_before": before, "load_after": load()}
                        out.write(json.dumps({**line, **result}) + "\n")
                        out.flush()
                        print(
                            f"round {round_} {tap} {devices} dev {setting:>10}: "
                            f"{result['server_cpu_ms_per_tap']} ms/tap, "
                            f"push mean {result['push_mean_ms']} ms, load {before:.2f}",
                            flush=True,
                        )


def summary(path: str) -> None:
    runs = [json.loads(line) for line in Path(path).read_text().splitlines()]
    groups: dict = {}
    for r in runs:
        key = (r["tap"], r["devices"], r["patches"])
        groups.setdefault(key, []).append(r)
    for tap, devices in sorted({(t, d) for t, d, _ in groups}):

        def med(setting, field, tap=tap, devices=devices):
            found = groups.get((tap, devices, setting), [])
            return statistics.median(r[field] for r in found) if found else None

        base_cpu, base_push = med("1", "server_cpu_ms_per_tap"), med("1", "push_mean_ms")
        print(f"\n{tap}, {devices} devices: every patch {base_cpu} ms/tap, push {base_push} ms")
        for setting in sorted({s for t, d, s in groups if (t, d) == (tap, devices)}):
            found = groups[(tap, devices, setting)]
            cpu, push = med(setting, "server_cpu_ms_per_tap"), med(setting, "push_mean_ms")
            p95 = med(setting, "whole_game_p95_ms")
            loads = [round(r["load_before"], 1) for r in found]
            saved = 100 * (cpu - base_cpu) / cpu if setting != "1" else 0.0
            push_saved = 100 * (push - base_push) / push if setting != "1" else 0.0
            print(
                f"  {setting:>10}: {cpu:6.1f} ms/tap (on saves {saved:5.1f}%), "
                f"push mean {push:5.1f} ms (on saves {push_saved:5.1f}%), "
                f"whole game p95 {p95:5.1f} ms, runs {len(found)}, load {loads}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--devices", default="4,8", help="devices on the one game, comma-separated")
    parser.add_argument("--tap", default="undo,bid", help="bench/live.py's --tap kinds")
    parser.add_argument("--taps", type=int, default=200, help="timed taps of each run")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--patches", default=",".join(PATCHES), help="the ones to turn off")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="patches_ab.jsonl")
    parser.add_argument("--summary", metavar="JSONL", help="only summarise these runs")
    args = parser.parse_args()
    if args.summary:
        summary(args.summary)
    else:
        measure(args)
        summary(args.out)


if __name__ == "__main__":
    main()
