"""Where a page's spoken move goes: the browser POSTs its samples to /voice?game=N (the
server's own page only: same origin, and the token of a browser whose page is open on that
game, which only a browser that gave the table code has), or /voice?game=0 from Settle a
dispute (SETTLE); the samples go to that page's handler and are dropped once heard.
Nothing is stored or logged."""

import asyncio
import json
import threading
from collections.abc import Awaitable, Callable
from urllib.parse import parse_qs

from referee.voice import MAX_SECONDS, RATE

PATH = "/voice"
MAX_BYTES = RATE * 2 * MAX_SECONDS
READ_SECONDS = 10  # a page sends its recording at once; a slower sender is let go

Handler = Callable[[bytes], Awaitable[dict]]
_lock = threading.Lock()
_handlers: dict[tuple[str, int], Handler] = {}
_busy: set[str] = set()  # browsers with a recording being heard: one at a time each

NOT_OURS = "Only this referee's own page may send a move."
NO_GAME = "Open the game on this device first, then say the move."
SETTLE = 0  # no game's id: the Settle a dispute screen of the browser (ui/spoken_buttons.py)


def listen(token: str | None, game_id: int, handler: Handler) -> None:
    """The page of the browser `token` showing game `game_id` hears moves for it."""
    if token:
        with _lock:
            _handlers[token, game_id] = handler


def forget(token: str | None, game_id: int, handler: Handler | None = None) -> None:
    with _lock:
        key = (token or "", game_id)
        if key in _handlers and (handler is None or _handlers[key] == handler):
            del _handlers[key]


def listening(token: str | None, game_id: int, handler: Handler) -> bool:
    """Whether `handler` still hears game `game_id` for this browser (its screen shows it)."""
    with _lock:
        return _handlers.get((token or "", game_id)) == handler


def _handler(token: str | None, game_id: int | None) -> Handler | None:
    with _lock:
        return None if game_id is None else _handlers.get((token or "", game_id))


def _game_of(scope) -> int | None:
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    game = (query.get("game") or [""])[0]
    return int(game) if game.isdigit() and len(game) < 12 else None


def _length(scope) -> int | None:
    for name, value in scope.get("headers", []):
        if name.lower() == b"content-length":
            return int(value) if value.isdigit() else MAX_BYTES + 1
    return None


async def _read(receive) -> bytes | None:
    """The body, or None when it is longer than one move or too slow to come."""
    body, more = bytearray(), True
    async with asyncio.timeout(READ_SECONDS):
        while more:
            message = await receive()
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > MAX_BYTES:
                return None
    return bytes(body)


async def deliver(scope, receive, mine: bool, token: str | None) -> tuple[int, dict]:
    """(HTTP status, JSON answer) for one /voice request. An empty body says the
    microphone just opened (the handler gets ready for the move)."""
    if scope.get("method") != "POST" or not mine:
        return 403, {"ok": False, "said": NOT_OURS}
    handler = _handler(token, _game_of(scope))
    if handler is None or not token:
        return 403, {"ok": False, "said": NO_GAME}
    length = _length(scope)
    if length is not None and length > MAX_BYTES:
        return 413, {"ok": False, "said": "That recording is too long; say just the move."}
    with _lock:
        if token in _busy:
            return 429, {"ok": False, "said": "Still hearing the last move; a moment."}
        _busy.add(token)
    try:
        try:
            body = await _read(receive)
        except TimeoutError:
            body = None
        if body is None or len(body) % 2:
            return 400, {"ok": False, "said": "That recording could not be used; say it again."}
        return 200, await handler(body)
    finally:
        with _lock:
            _busy.discard(token)


async def answer(scope, receive, send, mine: bool, token: str | None, headers: list) -> None:
    """The /voice request (ASGI): `mine` when it comes from this server's own page (same
    origin), `token` the browser's; the body is read into memory, heard and dropped."""
    status, said = await deliver(scope, receive, mine, token)
    data = json.dumps(said).encode()
    kinds = [(b"content-type", b"application/json"), (b"cache-control", b"no-store")]
    await send({"type": "http.response.start", "status": status, "headers": kinds + headers})
    await send({"type": "http.response.body", "body": data})
