"""The table code's guard: wrong codes make the next try wait, so the code cannot be found
by trying codes one after another.

Each client (a phone's address) may try 5 wrong codes freely; after that, each wrong code
makes its next try wait twice as long as the last (1 s, 2 s, 4 s ... at most 60 s). A
client's count is cleared by the right code, or forgotten after 15 minutes without a
wrong one. Across all clients together, once 20 wrong codes fell within the last minute,
every further try waits the same way (1 s, 2 s, 4 s ... at most 60 s), so many
addresses do not add up to many guesses. A try during a wait is not checked at all, not
even the right code; it does not count either, so an impatient player does not make the
wait longer. After the wait, the right code works as before.

What this costs a guesser (tests/live/test_guard.py checks the figures): a code is 8
letters from 31, 8 × log2 31 = 39.6 bits (31^8 = 8.5e11 codes). Unthrottled, one WebSocket
tried about 800 codes a second. Now, from any number of clients together, at most 25 wrong
codes fall in any minute (a guesser trying each time the wait allows gets 17 a minute on
average), so a guess costs at least 2.4 s instead of 1/800 s: 1,920 times as much, 10.9
bits, 50.5 bits in all. On average the code is found after 31^8 / 2 = 4.3e11 tries: at 25
a minute, 32,000 years; in a 12-hour evening (18,000 tries) the chance is 2.1e-8. The old
6-letter code (29.7 bits) would have reached 40.6 bits with the throttle, but a chance of
2e-5 an evening.
"""

import math
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

CLIENT_FREE = 5  # wrong codes one client may try before waiting
GLOBAL_FREE = 20  # wrong codes within WINDOW_S, from every client together
WINDOW_S = 60.0
CAP_S = 60.0  # the longest wait
FORGET_S = 15 * 60.0  # a client's wrong codes are forgotten after this long without one
_MAX_CLIENTS = 4096  # clients remembered at once; the oldest are forgotten first

WRONG = "That is not this table's code; ask the host for it."


@dataclass(frozen=True)
class CodeCheck:
    """What the code screen shows after a try: `status` "ok" (join the table), "wrong"
    (the code was checked and is not this table's) or "wait" (not checked: too many
    wrong codes). `message` is one sentence for the screen ("" when ok); `wait_s` the whole
    seconds before the next try counts (0 when none)."""

    status: Literal["ok", "wrong", "wait"]
    message: str = ""
    wait_s: int = 0

    @property
    def ok(self) -> bool:
        return self.status == "ok"


@dataclass
class _Client:
    wrong: int = 0
    last: float = 0.0
    until: float = 0.0  # no try counts before this time


def _doubling(excess: int) -> float:
    """The wait after the `excess`-th wrong code past the free ones (1 = the first)."""
    return min(CAP_S, 2.0 ** min(excess - 1, 16)) if excess > 0 else 0.0


def _seconds(delay: float) -> int:
    return max(1, math.ceil(delay - 1e-9))


def _wait_sentence(wait_s: int) -> str:
    unit = "second" if wait_s == 1 else "seconds"
    return f"Too many wrong codes were tried: wait {wait_s} {unit}, then try again."


@dataclass
class CodeGuard:
    """Throttles table-code tries by client and overall; `clock` is injected for tests."""

    clock: Callable[[], float] = time.monotonic
    _clients: dict[str, _Client] = field(default_factory=dict)
    _recent: deque = field(default_factory=deque)  # times of wrong codes within WINDOW_S
    _until: float = 0.0  # no try from anyone counts before this time
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def check(self, client: str, matches: Callable[[], bool]) -> CodeCheck:
        """Check one try from `client`; `matches()` says if the typed code is right and
        is called only when the try counts."""
        with self._lock:
            now = self.clock()
            self._forget(now)
            entry = self._clients.get(client)
            if entry is not None and now - entry.last >= FORGET_S:
                entry = self._clients.pop(client)  # forgotten: its count starts again
                entry = None
            until = max(self._until, entry.until if entry else 0.0)
            if now < until:
                wait = _seconds(until - now)
                return CodeCheck("wait", _wait_sentence(wait), wait)
            if matches():
                self._clients.pop(client, None)
                return CodeCheck("ok")
            return self._wrong(client, now)

    def _wrong(self, client: str, now: float) -> CodeCheck:
        entry = self._clients.pop(client, None) or _Client()
        self._clients[client] = entry  # last in the order: the most recently wrong
        entry.wrong += 1
        entry.last = now
        entry.until = now + _doubling(entry.wrong - CLIENT_FREE + 1)
        self._recent.append(now)
        self._until = max(self._until, now + _doubling(len(self._recent) - GLOBAL_FREE + 1))
        delay = max(entry.until, self._until) - now
        if delay <= 0:
            return CodeCheck("wrong", WRONG)
        wait = _seconds(delay)
        unit = "second" if wait == 1 else "seconds"
        return CodeCheck(
            "wrong", f"That is not this table's code; wait {wait} {unit} before trying again.", wait
        )

    def _forget(self, now: float) -> None:
        while self._recent and now - self._recent[0] >= WINDOW_S:
            self._recent.popleft()
        if len(self._clients) > _MAX_CLIENTS // 2:
            for key in [k for k, c in self._clients.items() if now - c.last >= FORGET_S]:
                del self._clients[key]
            while len(self._clients) > _MAX_CLIENTS:  # dicts keep order: oldest first
                del self._clients[next(iter(self._clients))]
