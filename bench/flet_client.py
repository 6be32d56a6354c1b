"""A device without a browser: speaks Flet 1.0.5's WebSocket protocol to the served app.

Each WebSocket frame is one byte (0: a protocol message) and a MessagePack list
[action, body]. The client registers (action 1) and gets the page; the server then sends
patches (action 2: {"id": control, "patch": [paths, *operations]}) that this client
applies to its copy of the controls, and the client sends taps as control events
(action 3: {"target": control, "name": "click"}).

Frames are only stamped and kept as they arrive; they are applied when the device needs
its controls (to find a button, or to compare devices at the end), so a bench with many
devices spends its time in the server, not in the clients.
"""

import asyncio
import time
from typing import Any

import msgpack
import websockets

REGISTER, PATCH, EVENT = 1, 2, 3
REPLACE, ADD, REMOVE, MOVE = 0, 1, 2, 3


def _controls(node: Any, found: dict[int, dict]) -> None:
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if "_i" in item and "_c" in item:
                found[item["_i"]] = item
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def _paths(tree: list, prefix: tuple = (), out: dict | None = None) -> dict[int, tuple]:
    """The path of every node index in a patch's path table ([index, {key: node}])."""
    out = {} if out is None else out
    out[tree[0]] = prefix
    for key, child in (tree[1] if len(tree) > 1 else {}).items():
        _paths(child, (*prefix, key), out)
    return out


def _follow(root: Any, path: tuple) -> Any:
    for key in path:
        root = root[key]
    return root


def _put(container: Any, key: Any, value: Any, insert: bool) -> None:
    if isinstance(container, list):
        if insert:
            container.insert(key, value)
        else:
            container[key] = value
    else:
        container[key] = value


def _take(container: Any, key: Any) -> Any:
    return container.pop(key)


class Device:
    """One device on the app: its frames (arrival time, bytes) and its controls."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.ws = None
        self.page: dict = {}
        self.index: dict[int, dict] = {}
        self.pending: list[bytes] = []  # frames not applied yet
        self.frames = 0
        self.waiting: tuple[bytes, asyncio.Future] | None = None
        self._reader: asyncio.Task | None = None

    async def connect(self, url: str, route: str = "/") -> None:
        ws_url = url.replace("http://", "ws://").rstrip("/") + "/ws"
        self.ws = await websockets.connect(
            ws_url,
            additional_headers={"Origin": url.rstrip("/")},
            max_size=None,
            open_timeout=30,
        )
        page = {"route": route, "width": 400.0, "height": 860.0, "platform": "android"}
        await self.send(REGISTER, {"session_id": "", "page_name": "", "page": page})
        first = msgpack.unpackb((await self.ws.recv())[1:], strict_map_key=False)
        assert first[0] == REGISTER and not first[1]["error"], first[1].get("error")
        self.page = first[1]["page_patch"]
        _controls(self.page, self.index)
        self._reader = asyncio.get_running_loop().create_task(self._read())

    async def send(self, action: int, body: dict) -> None:
        await self.ws.send(b"\x00" + msgpack.packb([action, body]))

    async def _read(self) -> None:
        try:
            async for frame in self.ws:
                now = time.perf_counter()
                self.frames += 1
                self.pending.append(frame)
                if self.waiting and self.waiting[0] in frame and not self.waiting[1].done():
                    self.waiting[1].set_result(now)
        except websockets.ConnectionClosed:
            pass

    def expect(self, text: str) -> asyncio.Future:
        """A future set to the arrival time of the next frame holding `text`."""
        future = asyncio.get_running_loop().create_future()
        self.waiting = (text.encode(), future)
        return future

    async def quiet(self, seconds: float = 0.5, most: float = 30.0) -> None:
        """Wait until no frame has come for `seconds` (at most `most` in all)."""
        end = time.perf_counter() + most
        while time.perf_counter() < end:
            before = self.frames
            await asyncio.sleep(seconds)
            if self.frames == before:
                return

    def apply(self) -> None:
        frames, self.pending = self.pending, []
        for frame in frames:
            if frame[:1] != b"\x00":
                continue
            action, body = msgpack.unpackb(frame[1:], strict_map_key=False)
            if action == PATCH:
                self._patch(body["id"], body["patch"])

    def _patch(self, target: int, patch: list) -> None:
        paths = _paths(patch[0])
        root = self.index[target]
        for op in patch[1:]:
            kind = op[0]
            if kind == MOVE:
                value = _take(_follow(root, paths[op[1]]), op[2])
                _put(_follow(root, paths[op[3]]), op[4], value, insert=True)
                continue
            container = _follow(root, paths[op[1]])
            if kind == REMOVE:
                _take(container, op[2])
            else:
                _put(container, op[2], op[3], insert=kind == ADD)
                _controls(op[3], self.index)

    def find(self, label: str) -> dict | None:
        """The clickable control inside the Semantics labelled `label` (the last one)."""
        self.apply()
        found = None
        for control in self._walk(self.page):
            if control.get("_c") == "Semantics" and control.get("label") == label:
                for inner in self._walk(control.get("content")):
                    if inner.get("on_click") and not inner.get("disabled"):
                        found = inner
                        break
        return found

    async def wait_for(self, label: str, seconds: float = 60.0) -> dict:
        """The clickable control labelled `label`, once the device shows it."""
        end = time.perf_counter() + seconds
        while (found := self.find(label)) is None:
            if time.perf_counter() > end:
                raise TimeoutError(f"{self.name} does not show {label!r}")
            await asyncio.sleep(0.05)
        return found

    def texts(self, identifier: str) -> list[str]:
        """Every text shown under the Semantics with this identifier."""
        return self.tagged(lambda i: i == identifier).get(identifier, [])

    def tagged(self, wanted) -> dict[str, list[str]]:
        """The texts under every Semantics whose identifier `wanted(identifier)` takes."""
        self.apply()
        out: dict[str, list[str]] = {}
        for control in self._walk(self.page):
            identifier = control.get("identifier")
            if control.get("_c") == "Semantics" and identifier and wanted(identifier):
                texts = out.setdefault(identifier, [])
                for inner in self._walk(control.get("content")):
                    for key in ("value", "text", "content"):
                        if isinstance(inner.get(key), str):
                            texts.append(inner[key])
        return out

    @staticmethod
    def _walk(node: Any):
        stack = [node]
        while stack:
            item = stack.pop()
            if isinstance(item, dict):
                if "_c" in item:
                    yield item
                stack.extend(reversed(list(item.values())))
            elif isinstance(item, list):
                stack.extend(reversed(item))

    async def click(self, control: dict) -> None:
        await self.send(EVENT, {"target": control["_i"], "name": "click", "data": None})

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            await self._reader
