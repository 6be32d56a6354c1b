"""A page that closes while a message for it is on its way leaves its table at once.

Flet 1.0.5's web server sends each page's messages from a loop of its own
(`FletApp.__send_loop`). When the page's socket goes while a message is still queued (a
phone closes its tab as another device's move is being sent to it), sending raises
(Starlette's WebSocketDisconnect), and Flet lets it rise: uvicorn logs "Exception in ASGI
application" with a traceback, and `FletApp.handle` ends before it tells the session the
page went (`disconnect_session`). The page's `on_disconnect` never ran, so its device stayed
in its table's count ("Also open on 2 other devices" with one left) until the host stopped.

Here a send to a socket that went ends the sending loop quietly, and the socket is
replaced by one that says, to the receive loop's next read, that the page went (as
Starlette says it of a page that closed: the read of Starlette's own socket, which now
counts itself closed, raised a "not connected" that Flet logged with a traceback). The
receive loop ends as for any page that closes and the session is told. The queue is left
in place: the receive loop puts its end mark there, and a message sent meanwhile is
dropped with it.
"""

from referee.flet_patches.version import known

try:  # private parts of flet-web 1.0.5 (install declines without them)
    from flet_web.fastapi import flet_app
    from starlette.websockets import WebSocketDisconnect

    ORIGINAL = flet_app.FletApp._FletApp__send_loop
except (ImportError, AttributeError):  # pragma: no cover - flet-web comes with flet[web]
    flet_app = ORIGINAL = None

# What a send to a socket that went raises: Starlette's disconnect (from uvicorn's
# ClientDisconnected, an OSError), or its "not connected" once it saw a close.
GONE = (WebSocketDisconnect, OSError, RuntimeError) if ORIGINAL is not None else ()


class _Went:
    """The socket of a page that went."""

    async def receive_bytes(self) -> bytes:
        raise WebSocketDisconnect(code=1006)  # as Starlette's, when a page's socket drops

    async def send_bytes(self, _data: bytes) -> None:
        raise WebSocketDisconnect(code=1006)


async def send_loop(self) -> None:
    """`FletApp.__send_loop`, ending when the page's socket went instead of raising."""
    queue = self._FletApp__send_queue
    while True:
        message = await queue.get()
        if message is None:
            break
        try:
            await self._FletApp__websocket.send_bytes(message)
        except GONE:
            self._FletApp__websocket = _Went()  # its receive loop ends, the session is told
            return
    self._FletApp__websocket = None
    self._FletApp__send_queue = None


def install() -> None:
    if not known() or ORIGINAL is None:
        return  # another flet: its own sending, unchanged
    flet_app.FletApp._FletApp__send_loop = send_loop


def installed() -> bool:
    return ORIGINAL is not None and flet_app.FletApp._FletApp__send_loop is send_loop


def uninstall() -> None:
    if ORIGINAL is not None:
        flet_app.FletApp._FletApp__send_loop = ORIGINAL
