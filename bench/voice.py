"""How well the referee hears a move: phrases of random legal states of every game, said
by espeak-ng (several voices, 130-190 words a minute), clean and with pink noise made by
sox mixed in at 10 dB SNR, each heard with that state's grammar (referee/voice).

    python bench/voice.py [--per-game 60] [--seed 1] [--json]

Reported per game and condition: the right move, played at once ("sure") or offered with
"Did you say ...?" for a tap; a wrong move played (worse than none: the table must undo
it) or offered (the table says no); nothing heard; and the time from the end of the speech
to the move (p50, p95: the whole decoding, which starts once the speech is over; the
state's search is made while the player speaks, as the page asks for it), with the
load average beside it; then the phrases that were not heard right at once.
Goals: clean >= 97% right, <= 0.5% wrong; 10 dB >= 90% right, <= 1% wrong; p95 < 300 ms
(right: played or offered; wrong: played).
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
    # The speech's level from its own frames: those within 20 dB of the loudest (not the
    # pauses, which carry the floor of audio.with_floor and would dilute it).
    frames = x[: len(x) // 320 * 320].reshape(-1, 320)
    power = np.mean(frames**2, axis=1)
    speech_rms = np.sqrt(np.mean(power[power > power.max() * 10 ** (-20 / 10)]))
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
                    recogniser.prepare(rules, state)  # the page asks for it as it listens
                    start = time.perf_counter()
                    heard = recogniser.hear(rules, state, pcm)
                    times[kind, condition].append((time.perf_counter() - start) * 1000)
                    verdict = (
                        "nothing"
                        if heard.move is None
                        else ("right" if heard.move == move else "wrong")
                        + ("" if heard.sure else " offered")
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
            "right": counts["right"] / total, "right_offered": counts["right offered"] / total,
            "wrong": counts["wrong"] / total, "wrong_offered": counts["wrong offered"] / total,
            "nothing": counts["nothing"] / total,
            "p50_ms": statistics.median(t), "p95_ms": t[int(0.95 * (len(t) - 1))],
            "misses": misses[kind, condition],
        })  # fmt: skip
    if args.json:
        print(json.dumps({"load_average": load, "rows": rows}, indent=2))
        return 0
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} (2 cores)")
    print("right/wrong: played at once (sure) or offered with 'Did you say ...?'")
    print(
        f"{'game':12} {'speech':7} {'n':>4} {'right':>7} {'offered':>8} {'wrong':>7}"
        f" {'offered':>8} {'nothing':>8} {'p50':>7} {'p95':>7}"
    )
    for c in ("clean", f"{SNR_DB} dB"):
        mine = [r for r in rows if r["condition"] == c]
        n = sum(r["phrases"] for r in mine)
        all_ = {"game": "all", "condition": c, "phrases": n}
        for k in ("right", "right_offered", "wrong", "wrong_offered", "nothing"):
            all_[k] = sum(r[k] * r["phrases"] for r in mine) / max(1, n)
        t = sorted(x for (kind, cond), ts in times.items() if cond == c for x in ts)
        all_["p50_ms"], all_["p95_ms"] = statistics.median(t), t[int(0.95 * (len(t) - 1))]
        rows.append({**all_, "misses": []})
    for r in rows:
        print(
            f"{r['game']:12} {r['condition']:7} {r['phrases']:4} {r['right']:7.1%}"
            f" {r['right_offered']:8.1%} {r['wrong']:7.1%} {r['wrong_offered']:8.1%}"
            f" {r['nothing']:8.1%} {r['p50_ms']:5.0f}ms {r['p95_ms']:5.0f}ms"
        )
    print("\nnot heard right at once (phrase, voice, wpm, what, heard):")
    for r in rows:
        for miss in r["misses"]:
            print(f"  {r['game']:12} {r['condition']:6} {miss}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
