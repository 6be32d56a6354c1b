"""Devices without a browser that try table codes on a served referee, each posing as an
address of its own (X-Forwarded-For, trusted from 127.0.0.1 only when the server is told
so: REFEREE_TRUSTED_PROXIES). A try is a page opened with the code in its link
(`/?code=...`), which the server checks as a typed code (referee/app.py): the first frames
say what the code screen says, or show home.

Flet 1.0.5's protocol, as bench/flet_client.py speaks it: one byte 0, then a MessagePack
list [action, body]; action 1 registers the page."""

import asyncio
import re
import threading
import time
from dataclasses import dataclass, field

import msgpack
import websockets

_REGISTER = 1
_WAIT = re.compile(r"wait (\d+) seconds?")


@dataclass
class Try:
    at: float  # perf_counter() when its answer came
    address: str
    status: str  # "ok" (home shown), "wrong" (checked and refused), "wait" (not checked)
    wait_s: int = 0


async def try_code(url: str, address: str, code: str, timeout: float = 20) -> Try:
    """Open the app at `/?code=code` as `address`; what the server answered."""
    ws_url = url.replace("http://", "ws://").rstrip("/") + "/ws"
    headers = {"Origin": url.rstrip("/"), "X-Forwarded-For": address}
    async with websockets.connect(
        ws_url, additional_headers=headers, max_size=None, open_timeout=timeout
    ) as ws:
        page = {"route": f"/?code={code}", "width": 390.0, "height": 844.0, "platform": "android"}
        body = {"session_id": "", "page_name": "", "page": page}
        await ws.send(b"\x00" + msgpack.packb([_REGISTER, body]))
        seen = ""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            frame = await asyncio.wait_for(ws.recv(), timeout)
            seen += frame.decode("utf-8", "replace") if isinstance(frame, bytes) else frame
            if "New game" in seen:
                return Try(time.perf_counter(), address, "ok")
            if "not this table's code" in seen:
                wait = _WAIT.search(seen)
                return Try(time.perf_counter(), address, "wrong", int(wait[1]) if wait else 0)
            if "wrong codes were tried" in seen:
                return Try(time.perf_counter(), address, "wait", int(_WAIT.search(seen)[1]))
    raise TimeoutError(f"no answer to {address}'s code within {timeout} s")


@dataclass
class Attack:
    """Guessers at `addresses`, each trying a wrong code whenever the throttle allows, and
    (every `probe_every` seconds) a new phone at an address never seen trying the right
    code, until `stop()` or `seconds`."""

    url: str
    right: str
    addresses: tuple[str, ...] = ("198.51.100.1", "198.51.100.2", "198.51.100.3", "198.51.100.4")
    probe_every: float = 4.0
    seconds: float = 120.0
    tries: list[Try] = field(default_factory=list)  # the guessers'
    probes: list[Try] = field(default_factory=list)  # the new phones' right codes
    errors: list[str] = field(default_factory=list)
    started: float = 0.0
    _stop: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None

    def start(self) -> "Attack":
        self.started = time.perf_counter()
        self._thread = threading.Thread(target=lambda: asyncio.run(self._run()), daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(30)

    def checked(self) -> list[Try]:
        return [t for t in self.tries if t.status == "wrong"]

    def most_in_a_minute(self) -> int:
        times = [t.at for t in self.checked()]
        return max((sum(1 for u in times if t <= u < t + 60) for t in times), default=0)

    def _over(self) -> bool:
        return self._stop.is_set() or time.perf_counter() - self.started > self.seconds

    async def _guess(self, address: str) -> None:
        n = 0
        while not self._over():
            n += 1
            try:
                tried = await try_code(self.url, address, f"WRNG{n % 10}{address[-1]}ZZ")
            except (OSError, TimeoutError, websockets.WebSocketException) as exc:
                self.errors.append(f"{address}: {exc!r}")
                await asyncio.sleep(1)
                continue
            self.tries.append(tried)
            await self._sleep(tried.wait_s)

    async def _probe(self) -> None:
        n = 0
        while not self._over():
            await self._sleep(self.probe_every)
            if self._over():
                return
            n += 1
            try:
                self.probes.append(await try_code(self.url, f"203.0.113.{n}", self.right))
            except (OSError, TimeoutError, websockets.WebSocketException) as exc:
                self.errors.append(f"probe {n}: {exc!r}")

    async def _sleep(self, seconds: float) -> None:
        end = time.perf_counter() + seconds
        while not self._over() and time.perf_counter() < end:
            await asyncio.sleep(min(0.1, end - time.perf_counter()))

    async def _run(self) -> None:
        await asyncio.gather(*(self._guess(a) for a in self.addresses), self._probe())
