"""Asking the host: a device at the code screen asks to join, and every page open on the host
machine itself shows its number with Let in and Refuse.

The host can always let a guest in this way, whatever wrong codes others try: an ask
checks no code, so the guard against guessing (referee/live/guard.py) never holds it up.
The guest's screen and the host's show the same short number, so the host lets in the
device in front of them and not another that asked at the same time.

An ask cannot be used to flood the host's screen: one address has one ask open at a time,
at most MAX_OPEN are open at once, an ask not answered within ASK_S is dropped, and an
address the host refused asks again only after REFUSED_WAIT_S (after cancelling or an ask
dropped, after AGAIN_S). The asks live in this server process only; a restart drops them.

Every change (an ask made, answered, cancelled or dropped) is told to each page watching,
and an answer to the device that asked, as `LiveTables` tells its devices: in a later turn
of the server's event loop, never inside the tap that made it.
"""

import asyncio
import contextlib
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from referee.live.server import is_loopback

ASK_S = 120.0  # an ask the host has not answered is dropped after this long
MAX_OPEN = 3  # asks open at once, from every device together
REFUSED_WAIT_S = 60.0  # an address the host refused may ask again after this long
AGAIN_S = 5.0  # after cancelling, or an ask dropped unanswered
_MAX_WAITING = 1024  # addresses remembered for their wait; the oldest are forgotten first

Answer = Literal["let in", "refused", "expired"]

ASKING_ALREADY = "This device is asking the host already: wait for their answer."
REFUSED = "The host did not let this device in; ask them for the table code."
EXPIRED = "The host did not answer within 2 minutes; ask again or type the table code."


def _seconds(delay: float) -> int:
    return max(1, int(delay + 0.999))


def _in(delay: float) -> str:
    wait = _seconds(delay)
    return f"{wait} second" if wait == 1 else f"{wait} seconds"


def on_host_machine(client_ip: str | None) -> bool:
    """Whether a page's client is the host machine itself: a loopback address, or none at
    all (the desktop window)."""
    return not client_ip or is_loopback(client_ip)


@dataclass
class Ask:
    """One device's open ask: `number` is shown on its screen and on the host's."""

    number: str
    client: str
    made: float
    on_answer: Callable[[Answer], None] = field(repr=False)


class Asks:
    """The open asks of this server; `clock` is injected for tests."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._lock = threading.Lock()
        self._open: dict[str, Ask] = {}  # number -> ask, the oldest first
        self._again: dict[str, float] = {}  # client -> when it may ask again
        self._watchers: dict[str, Callable[[], None]] = {}

    # -- the device that asks -----------------------------------------------------------

    def ask(self, client: str, on_answer: Callable[[Answer], None]) -> Ask | str:
        """A new ask from `client`, or the sentence saying why there is none now.
        `on_answer` is told once: "let in", "refused" or "expired" (never after `cancel`)."""
        with self._lock:
            now = self.clock()
            dropped = self._drop_expired(now)
            if any(a.client == client for a in self._open.values()):
                why = ASKING_ALREADY
            elif self._again.get(client, 0.0) > now:
                wait = _in(self._again[client] - now)
                why = f"You asked just now: you can ask the host again in {wait}."
            elif len(self._open) >= MAX_OPEN:
                wait = _in(next(iter(self._open.values())).made + ASK_S - now)
                why = f"Other devices are asking the host already: try again in {wait}."
            else:
                why = None
                ask = Ask(self._new_number(), client, now, on_answer)
                self._open[ask.number] = ask
        if dropped:
            self._tell(dropped)  # the host pages with it
        elif why is None:
            self._changed()
        if why is not None:
            return why
        self._later(ASK_S, self.sweep)
        return ask

    def cancel(self, ask: Ask) -> None:
        """The device stops asking (Cancel, or its page closed)."""
        with self._lock:
            gone = self._open.get(ask.number) is ask
            if gone:
                del self._open[ask.number]
                self._wait(ask.client, self.clock() + AGAIN_S)
        if gone:
            self._changed()

    # -- the host ---------------------------------------------------------------------------

    def open(self) -> list[Ask]:
        """The open asks, the oldest first."""
        with self._lock:
            dropped = self._drop_expired(self.clock())
            asks = list(self._open.values())
        self._tell(dropped)
        return asks

    def answer(self, number: str, let_in: bool) -> bool:
        """The host's Let in or Refuse; False when that ask is no longer open (answered on
        another page, cancelled or dropped)."""
        with self._lock:
            now = self.clock()
            dropped = self._drop_expired(now)
            ask = self._open.pop(number, None)
            if ask is not None and not let_in:
                self._wait(ask.client, now + REFUSED_WAIT_S)
        if ask is not None:
            dropped.append((ask, "let in" if let_in else "refused"))
        self._tell(dropped)
        return ask is not None

    def watch(self, key: str, on_change: Callable[[], None]) -> None:
        """`on_change()` after every change to the open asks, until `unwatch(key)`."""
        with self._lock:
            self._watchers[key] = on_change

    def unwatch(self, key: str) -> None:
        with self._lock:
            self._watchers.pop(key, None)

    def sweep(self) -> None:
        """Drop the asks not answered in time, and tell their devices and the host."""
        with self._lock:
            dropped = self._drop_expired(self.clock())
        self._tell(dropped)

    # -- inside --------------------------------------------------------------------------------

    def _new_number(self) -> str:
        while True:  # at most MAX_OPEN numbers are taken out of 900
            number = str(100 + secrets.randbelow(900))
            if number not in self._open:
                return number

    def _wait(self, client: str, until: float) -> None:
        self._again.pop(client, None)
        self._again[client] = until  # last in the order: the latest
        now = self.clock()
        for old in [c for c, t in self._again.items() if t <= now]:
            del self._again[old]
        while len(self._again) > _MAX_WAITING:
            del self._again[next(iter(self._again))]

    def _drop_expired(self, now: float) -> list[tuple[Ask, Answer]]:
        dropped = [a for a in self._open.values() if now - a.made >= ASK_S]
        for ask in dropped:
            del self._open[ask.number]
            self._wait(ask.client, now + AGAIN_S)
        return [(ask, "expired") for ask in dropped]

    def _tell(self, answers: list[tuple[Ask, Answer]]) -> None:
        if not answers:
            return
        for ask, answer in answers:
            self._soon(ask.on_answer, answer)
        self._changed()

    def _changed(self) -> None:
        with self._lock:
            watchers = list(self._watchers.values())
        for on_change in watchers:
            self._soon(on_change)

    @staticmethod
    def _soon(work: Callable, *args) -> None:
        """`work(*args)` in a later turn of the server's loop; at once without one (tests,
        the command line). A page gone must not stop the others being told."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            with contextlib.suppress(Exception):
                work(*args)
            return
        loop.call_soon(_safely, work, *args)

    @staticmethod
    def _later(delay: float, work: Callable[[], None]) -> None:
        with contextlib.suppress(RuntimeError):  # no loop (tests): their clock sweeps
            asyncio.get_running_loop().call_later(delay + 0.05, _safely, work)


def _safely(work: Callable, *args) -> None:
    with contextlib.suppress(Exception):
        work(*args)


ASKS = Asks()  # this server's
