"""bench/live.py --devices: many devices without a browser on one server (see live.py)."""

import asyncio
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from bench.figures import percentile
from bench.flet_client import Device
from referee.core.record import GameRecord
from referee.live.kept_session import KeptSession
from referee.storage.store import Store
from tests.e2e.browser import serve

# The taps a game's tapping device makes in turn, and what the status line says after each:
# `undo` takes the top card back and puts it back (each tap changes the phase, and the
# action area is drawn anew: the heaviest tap); `bid` bids and takes the bid back (the
# taps of a round's bidding).
TAPS = {
    "undo": (("Undo", "Deal 5 cards"), ("Redo", "to act")),
    "bid": (("Bid 2", "Cy {game} to act"), ("Undo", "Bo {game} to act")),
}
WARM_TAPS = 4  # per game, untimed: the first screens of a kind are built once
SAMPLE_EVERY = 100  # taps between samples of the server's memory and open files


def players(game: int) -> list[str]:
    return [f"Ana {game + 1}", f"Bo {game + 1}", f"Cy {game + 1}"]


def make_games(folder: Path, games: int) -> None:
    """Fae-ker games with the top card entered, so Undo and Redo are both real changes."""
    store = Store(folder / "referee.db")
    try:
        for g in range(games):
            table = KeptSession.new(store, GameRecord(game="faeker", players=players(g)))
            table.play({"type": "top_card", "card": 3})
    finally:
        store.close()


def server_sample(pid: int) -> dict:
    rss = 0
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1]) // 1024
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    # The server's own processor time (user + system): what the pushes cost it, whatever
    # else the machine was doing at the time.
    cpu_s = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return {"rss_mib": rss, "open_files": len(os.listdir(f"/proc/{pid}/fd")), "cpu_s": cpu_s}


class Bench:
    def __init__(
        self,
        url: str,
        pid: int,
        devices: int,
        games: int,
        taps: int,
        gap_ms: float,
        kind: str = "undo",
    ):
        self.url, self.pid = url, pid
        self.kind = kind
        self.games = games
        self.taps = taps
        self.gap_s = gap_ms / 1000
        self.devices = [Device(f"device {i}") for i in range(devices)]
        self.of_game = [self.devices[g::games] for g in range(games)]
        self.latencies: list[float] = []  # one per tap and device, in ms
        self.whole: list[float] = []  # one per tap: until its last device had it
        self.samples: list[dict] = []
        self.done = 0
        self.failures: list[str] = []

    async def join(self) -> None:
        """Every device opens the app and its game, a few at a time as a club night would."""
        for g, devices in enumerate(self.of_game):
            label = f"Resume Fae-ker: {', '.join(players(g))}"
            for device in devices:
                await device.connect(self.url)
                await device.click(await device.wait_for(label))
                await device.wait_for("Undo")
        for device in self.devices:
            await device.quiet(0.3)

    async def tap(self, g: int, n: int, timed: bool) -> None:
        devices = self.of_game[g]
        tapper = devices[0]
        which, after = TAPS[self.kind][n % 2]
        button = tapper.find(which)
        if button is None:
            raise RuntimeError(f"game {g + 1} shows no {which} button")
        arrivals = [d.expect(after.format(game=g + 1)) for d in devices]
        start = time.perf_counter()
        await tapper.click(button)
        try:
            times = await asyncio.wait_for(asyncio.gather(*arrivals), 30)
        except TimeoutError:
            self.failures.append(f"game {g + 1}, tap {n + 1}: not every device had it in 30 s")
            return
        if timed:
            ms = [(t - start) * 1000 for t in times]
            self.latencies.extend(ms)
            self.whole.append(max(ms))
            self.done += 1
            if self.done % SAMPLE_EVERY == 0:
                self.samples.append({"taps": self.done, **server_sample(self.pid)})

    async def play(self, g: int, first: int, taps: int, timed: bool) -> None:
        rng = random.Random(g)
        for n in range(first, first + taps):
            if timed and self.gap_s:
                await asyncio.sleep(rng.uniform(0, 2 * self.gap_s))
            await self.tap(g, n, timed)

    async def run(self) -> dict:
        await self.join()
        games = range(self.games)
        await asyncio.gather(*(self.play(g, 0, WARM_TAPS, timed=False) for g in games))
        for device in self.devices:
            await device.quiet(0.3)
        self.samples.append({"taps": 0, **server_sample(self.pid)})
        per_game = [self.taps // self.games + (g < self.taps % self.games) for g in games]
        started = time.perf_counter()
        await asyncio.gather(*(self.play(g, WARM_TAPS, per_game[g], timed=True) for g in games))
        seconds = time.perf_counter() - started
        for device in self.devices:
            await device.quiet(0.3)
        if self.done % SAMPLE_EVERY:
            self.samples.append({"taps": self.done, **server_sample(self.pid)})
        diverged = self.diverged()
        for device in self.devices:
            await device.close()
        return self.result(seconds, diverged)

    def diverged(self) -> list[str]:
        """Games whose devices do not all show the same round, status and scores."""
        out = []
        for g, devices in enumerate(self.of_game):
            shown = [
                d.tagged(lambda i: i in ("round", "status") or i.startswith("score-"))
                for d in devices
            ]
            if not shown[0].get("status") or any(s != shown[0] for s in shown[1:]):
                out.append(f"game {g + 1}")
        return out

    def result(self, seconds: float, diverged: list[str]) -> dict:
        first, last = self.samples[0], self.samples[-1]
        taps = max(1, self.done)
        lat = self.latencies or [0.0]
        return {
            "devices": len(self.devices),
            "games": self.games,
            "taps": self.done,
            "gap_ms": self.gap_s * 1000,
            "tap": self.kind,
            "taps_per_s": round(self.done / seconds, 1) if seconds else None,
            "push_p50_ms": round(percentile(lat, 50), 1),
            "push_p95_ms": round(percentile(lat, 95), 1),
            "push_max_ms": round(max(lat), 1),
            "push_mean_ms": round(statistics.mean(lat), 1),
            "whole_game_p95_ms": round(percentile(self.whole or [0.0], 95), 1),
            "server_cpu_ms_per_tap": round(1000 * (last["cpu_s"] - first["cpu_s"]) / taps, 1),
            "server_cpu_ms_per_device_push": round(
                1000 * (last["cpu_s"] - first["cpu_s"]) / taps / (len(self.devices) / self.games),
                2,
            ),
            "diverged": diverged,
            "failures": self.failures[:5],
            "rss_mib_first": first["rss_mib"],
            "rss_mib_last": last["rss_mib"],
            "rss_mib_max": max(s["rss_mib"] for s in self.samples),
            "open_files_first": first["open_files"],
            "open_files_last": last["open_files"],
            "open_files_max": max(s["open_files"] for s in self.samples),
            "samples": self.samples,
        }


def run(
    devices: int,
    games: int,
    taps: int,
    gap_ms: float = 0,
    kind: str = "undo",
    patches: str | None = None,
) -> dict:
    """`patches`: the server's REFEREE_FLET_PATCHES (None: as the environment has it)."""
    env = None if patches is None else {"REFEREE_FLET_PATCHES": patches}
    with tempfile.TemporaryDirectory() as folder:
        make_games(Path(folder), games)
        with serve(Path(folder), "auto", env=env) as app:
            bench = Bench(app.url, app.pid, devices, games, taps, gap_ms, kind)
            result = asyncio.run(bench.run())
            return {**result, "patches": patches}
