"""The table code's guard: wrong codes make the next try wait, so the code cannot be found
by trying codes one after another, and other devices' wrong codes do not keep a guest out.

Each client (a phone's address) may try 5 wrong codes freely; after that, each wrong code
makes its next try wait twice as long as the last (1 s, 2 s, 4 s ... at most 60 s). A
client's count is cleared by the right code, or forgotten after 15 minutes without a
wrong one. A try during the client's wait is not checked at all, not even the right code;
it does not count either, so an impatient player does not make the wait longer.

Other clients' wrong codes never hold up a client that has tried fewer than 2 wrong codes
of its own (a new phone, a phone that mistyped once): its try is checked at once. Only
while the table is busy (20 wrong codes within the last minute, from every client
together) does the whole table count, and then only as far as guarding the code needs:
clients with fewer than 2 wrong codes share 4 wrong codes a minute, and the others share
6; a try beyond those waits until the oldest of them is a minute old. A guesser who takes
a new address for each try gets no more than that. Asking the host (referee/live/asks.py)
never waits for any of this.

What this costs a guesser (tests/live/test_guard.py checks the figures with an injected
clock): a code is 8 letters from 31, 8 × log2 31 = 39.6 bits (31^8 = 8.5e11 codes).
Unthrottled, one WebSocket tried about 800 codes a second. In any minute, at most 20
wrong codes fall before the table is busy and 4 + 6 while it is: 30, from any number of
addresses (a guesser with a new address for each try gets 24 a minute on average). From
4 addresses, trying each time the waits allow, a guesser gets 26 in the first minute and
then 4 a minute (one an address): 2,915 in a 12-hour evening. At 30 a minute a guess costs
2 s instead of 1/800 s: 1,600 times as much, 10.6 bits, 50.3 bits in all. On average the
code is found after 31^8 / 2 = 4.3e11 tries: at 30 a minute, 27,000 years (from 4
addresses, 200,000 years); the chance in a 12-hour evening is 2.5e-8 (21,600 tries; from
4 addresses, 3.4e-9). A new phone's right code is checked at once under the 4-address
attack; under a new address for every try it may wait up to a minute, or ask the host.
"""

import math
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

CLIENT_FREE = 5  # wrong codes one client may try before waiting
OWN_FEW = 2  # a client with fewer wrong codes of its own never waits for other clients'
GLOBAL_FREE = 20  # wrong codes within WINDOW_S, from every client together, before busy
FEW_BUSY = 4  # while busy: wrong codes within WINDOW_S checked for clients with few, together
MANY_BUSY = 6  # while busy: wrong codes within WINDOW_S checked for all other clients, together
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


def _unit(wait_s: int) -> str:
    return "second" if wait_s == 1 else "seconds"


def _wait_sentence(wait_s: int, few: bool) -> str:
    if few:  # held only by other devices' guessing: the host can still let it in
        return (
            f"Many wrong codes were tried here just now: wait {wait_s} {_unit(wait_s)}, "
            "or ask the host to let you in."
        )
    return f"Too many wrong codes were tried: wait {wait_s} {_unit(wait_s)}, then try again."


@dataclass
class CodeGuard:
    """Throttles table-code tries by client, and by the whole table only while it is busy;
    `clock` is injected for tests."""

    clock: Callable[[], float] = time.monotonic
    _clients: dict[str, _Client] = field(default_factory=dict)
    _recent: deque = field(default_factory=deque)  # times of wrong codes within WINDOW_S
    # Times within WINDOW_S of the wrong codes checked while busy: of clients with fewer than
    # OWN_FEW wrong codes of their own, and of the others.
    _few: deque = field(default_factory=deque)
    _many: deque = field(default_factory=deque)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def check(self, client: str, matches: Callable[[], bool]) -> CodeCheck:
        """Check one try from `client`; `matches()` says if the typed code is right and
        is called only when the try counts."""
        with self._lock:
            now = self.clock()
            self._forget(now)
            entry = self._clients.get(client)
            if entry is not None and now - entry.last >= FORGET_S:
                del self._clients[client]  # forgotten: its count starts again
                entry = None
            few = entry is None or entry.wrong < OWN_FEW
            opens = self._opens(entry)
            if now < opens:
                wait = _seconds(opens - now)
                return CodeCheck("wait", _wait_sentence(wait, few), wait)
            if matches():
                self._clients.pop(client, None)
                return CodeCheck("ok")
            if self._busy():
                (self._few if few else self._many).append(now)
            return self._wrong(client, now)

    def _busy(self) -> bool:
        return len(self._recent) >= GLOBAL_FREE

    def _opens(self, entry: _Client | None) -> float:
        """When the next try of the client of `entry` (None: one without a count) counts."""
        opens = entry.until if entry is not None else 0.0
        if not self._busy():
            return opens
        few = entry is None or entry.wrong < OWN_FEW
        shared, most = (self._few, FEW_BUSY) if few else (self._many, MANY_BUSY)
        return max(opens, shared[0] + WINDOW_S) if len(shared) >= most else opens

    def _wrong(self, client: str, now: float) -> CodeCheck:
        entry = self._clients.pop(client, None) or _Client()
        self._clients[client] = entry  # last in the order: the most recently wrong
        entry.wrong += 1
        entry.last = now
        entry.until = now + _doubling(entry.wrong - CLIENT_FREE + 1)
        self._recent.append(now)
        delay = self._opens(entry) - now
        if delay <= 0:
            return CodeCheck("wrong", WRONG)
        wait = _seconds(delay)
        return CodeCheck(
            "wrong",
            f"That is not this table's code; wait {wait} {_unit(wait)} before trying again.",
            wait,
        )

    def _forget(self, now: float) -> None:
        for times in (self._recent, self._few, self._many):
            while times and now - times[0] >= WINDOW_S:
                times.popleft()
        if len(self._clients) > _MAX_CLIENTS // 2:
            for key in [k for k, c in self._clients.items() if now - c.last >= FORGET_S]:
                del self._clients[key]
            while len(self._clients) > _MAX_CLIENTS:  # dicts keep order: oldest first
                del self._clients[next(iter(self._clients))]
