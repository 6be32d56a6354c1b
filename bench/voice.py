"""How well the referee hears a move: phrases of random legal states of every game, said
by espeak-ng (several voices, 130-190 words a minute), clean and with pink noise made by
sox mixed in at 10 dB SNR, each heard with that state's grammar (referee/voice).

    python bench/voice.py [--per-game 60] [--seed 1] [--json]

Reported per game and condition: right move, wrong move (worse than none: the table must
undo it), nothing heard, and the time from the end of the speech to the move (p50, p95:
the whole decoding, which starts once the speech is over), with the load average beside
it; then the phrases that were heard wrong or not at all.
Goals: clean >= 97% right, <= 0.5% wrong; 10 dB >= 90% right, <= 1% wrong; p95 < 300 ms.
"""

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from referee.core.errors import RefereeError
from referee.core.spoken import TableWord, grammar
from referee.games import GAMES
from referee.voice import audio, recogniser

VOICES = ("en-us", "en-us+m3", "en-us+f2", "en-us+m1", "en")
NAMES = ("Ana", "Bo", "Cy", "Dee", "Eve")
SNR_DB = 10


def states(rules, rng, count):
    """Random legal states of a game, from random tables played from the menu."""
    out = []
    while len(out) < count:
        n = rng.randint(rules.min_players, min(rules.max_players, len(NAMES)))
        try:
            state = rules.new_state(NAMES[:n], rules.parse_options({}))
        except RefereeError:
            continue
        for _ in range(rng.randint(0, 40)):
            action = rules.draw(state, rng)
            if action is None:
                break
            state, _ = rules.apply(state, action)
        if not rules.is_over(state):
            out.append(state)
    return out


def phrase_of(rules, state, rng):
    """One phrase of the state's grammar, a game's move (not a table word), and its move."""
    g = grammar(rules, state)
    forms = g.forms
    for _ in range(50):
        form = rng.choice(forms)
        words, move = next(form.sayings(rng, 1))
        if isinstance(move, TableWord) and rng.random() < 0.9:
            continue
        if form.checked and not rules.offers(state, move):
            continue
        return " ".join(words), move
    return None


def speech(text, voice, wpm, folder) -> np.ndarray:
    out = Path(folder) / "s.wav"
    subprocess.run(["espeak-ng", "-v", voice, "-s", str(wpm), "-w", str(out), text], check=True)
    pcm = audio.from_wav(out.read_bytes())
    return np.frombuffer(pcm, "<i2").astype(np.float64) / 32767


def noisy(x: np.ndarray, folder, rng) -> np.ndarray:
    out = Path(folder) / "n.wav"
    seconds = len(x) / audio.RATE + 0.1
    subprocess.run(
        ["sox", "-q", "-n", "-r", "16000", "-b", "16", "-c", "1", str(out), "synth",
         f"{seconds:.2f}", "pinknoise", "vol", "0.5"],
        check=True,
    )  # fmt: skip
    noise = np.frombuffer(audio.from_wav(out.read_bytes()), "<i2").astype(np.float64)[: len(x)]
    noise = noise / 32767
    speech_rms = np.sqrt(np.mean(x[np.abs(x) > 1e-4] ** 2))
    gain = speech_rms / (np.sqrt(np.mean(noise**2)) * 10 ** (SNR_DB / 20))
    return x + noise * gain


def run(per_game: int, seed: int):
    rng = random.Random(seed)
    results = defaultdict(Counter)
    times = defaultdict(list)
    misses = defaultdict(list)
    with tempfile.TemporaryDirectory() as folder:
        for kind in sorted(GAMES):
            rules = GAMES[kind]
            for state in states(rules, rng, per_game):
                found = phrase_of(rules, state, rng)
                if found is None:
                    continue
                text, move = found
                voice, wpm = rng.choice(VOICES), rng.randint(130, 190)
                clean = speech(text, voice, wpm, folder)
                for condition, x in (("clean", clean), (f"{SNR_DB} dB", noisy(clean, folder, rng))):
                    pcm = (np.clip(x, -1, 1) * 32767).astype("<i2").tobytes()
                    start = time.perf_counter()
                    heard = recogniser.hear(rules, state, pcm)
                    times[kind, condition].append((time.perf_counter() - start) * 1000)
                    verdict = (
                        "right"
                        if heard.move == move
                        else "nothing"
                        if heard.move is None
                        else "wrong"
                    )
                    results[kind, condition][verdict] += 1
                    if verdict != "right":
                        misses[kind, condition].append((text, voice, wpm, verdict, heard.words))
    return results, times, misses


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--per-game", type=int, default=60)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    results, times, misses = run(args.per_game, args.seed)
    load = os.getloadavg()
    rows = []
    for (kind, condition), counts in sorted(results.items()):
        total = sum(counts.values())
        t = sorted(times[kind, condition])
        rows.append({
            "game": kind, "condition": condition, "phrases": total,
            "right": counts["right"] / total, "wrong": counts["wrong"] / total,
            "nothing": counts["nothing"] / total,
            "p50_ms": statistics.median(t), "p95_ms": t[int(0.95 * (len(t) - 1))],
            "misses": misses[kind, condition],
        })  # fmt: skip
    if args.json:
        print(json.dumps({"load_average": load, "rows": rows}, indent=2))
        return 0
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} (2 cores)")
    print(
        f"{'game':12} {'speech':7} {'n':>4} {'right':>7} {'wrong':>7} {'nothing':>8}"
        f" {'p50':>7} {'p95':>7}"
    )
    for r in rows:
        print(
            f"{r['game']:12} {r['condition']:7} {r['phrases']:4} {r['right']:7.1%}"
            f" {r['wrong']:7.1%} {r['nothing']:8.1%} {r['p50_ms']:5.0f}ms {r['p95_ms']:5.0f}ms"
        )
    print("\nheard wrong or not at all (phrase, voice, wpm, what, heard):")
    for r in rows:
        for miss in r["misses"]:
            print(f"  {r['game']:12} {r['condition']:6} {miss}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
