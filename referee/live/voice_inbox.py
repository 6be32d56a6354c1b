"""Where a page's spoken move goes: the browser POSTs its samples to /voice (the server's
own page only: same origin, and the token of a browser whose page is open on a game, which
only a browser that gave the table code has); the samples go to that page's handler and
are dropped once heard. Nothing is stored or logged."""

import json
import threading
from collections.abc import Awaitable, Callable

MAX_BYTES = 16000 * 2 * 12  # 12 s of 16 kHz 16-bit samples: far more than one move

Handler = Callable[[bytes], Awaitable[dict]]
_lock = threading.Lock()
_handlers: dict[str, Handler] = {}


def listen(token: str | None, handler: Handler) -> None:
    """The page of the browser `token` hears moves (the game on its screen)."""
    if token:
        with _lock:
            _handlers[token] = handler


def forget(token: str | None, handler: Handler | None = None) -> None:
    with _lock:
        if token in _handlers and (handler is None or _handlers[token] == handler):
            del _handlers[token]


async def deliver(token: str | None, body: bytes) -> tuple[int, dict]:
    """(HTTP status, JSON answer) for one recording from the browser `token`."""
    with _lock:
        handler = _handlers.get(token or "")
    if handler is None:
        return 403, {"ok": False, "said": "Open a game on this device first, then say the move."}
    if len(body) > MAX_BYTES or len(body) % 2:
        return 400, {"ok": False, "said": "That recording could not be used; say the move again."}
    return 200, await handler(body)


PATH = "/voice"


async def answer(scope, receive, send, mine: bool, token: str | None, headers: list) -> None:
    """The /voice request (ASGI): POST from this server's own page only (`mine`: same
    origin), with the browser's `token`; the body is read into memory, heard and dropped.
    An empty body says the microphone just opened (the state's search is made then)."""
    status, said = 403, {"ok": False, "said": "Only this referee's own page may send a move."}
    if scope.get("method") == "POST" and mine:
        body, more = b"", True
        while more and len(body) <= MAX_BYTES:
            message = await receive()
            body += message.get("body", b"")
            more = message.get("more_body", False)
        status, said = await deliver(token, body)
    data = json.dumps(said).encode()
    kinds = [(b"content-type", b"application/json"), (b"cache-control", b"no-store")]
    await send({"type": "http.response.start", "status": status, "headers": kinds + headers})
    await send({"type": "http.response.body", "body": data})
