"""flet_patches/close.py: a page whose socket went while a message was on its way ends
its sending quietly, and its receive loop then ends as for a page that closed, where
Flet's own loop raised (uvicorn's "Exception in ASGI application") and the session was
never told the page went."""

import asyncio

import pytest
from flet_web.fastapi.flet_app import FletApp
from starlette.websockets import WebSocketDisconnect

from referee.flet_patches import close
from tests.helpers import run_async


class _Dropped:
    """A Starlette socket whose page went: sending raises as Starlette's does then."""

    def __init__(self) -> None:
        self.sent: list[bytes] = []

    async def send_bytes(self, data: bytes) -> None:
        self.sent.append(data)
        raise WebSocketDisconnect(code=1006)


def _app(socket) -> FletApp:
    app = FletApp.__new__(FletApp)  # only the two fields the sending loop reads
    app._FletApp__websocket = socket
    app._FletApp__send_queue = asyncio.Queue()
    return app


def test_flets_own_loop_raises_on_a_socket_that_went():
    async def run():
        app = _app(_Dropped())
        app._FletApp__send_queue.put_nowait(b"\x00move")
        await close.ORIGINAL(app)

    with pytest.raises(WebSocketDisconnect):
        run_async(run())


def test_the_patched_loop_ends_quietly_and_the_next_read_says_the_page_went():
    async def run():
        socket = _Dropped()
        app = _app(socket)
        queue = app._FletApp__send_queue
        queue.put_nowait(b"\x00move")
        queue.put_nowait(b"\x00another")
        await close.send_loop(app)
        with pytest.raises(WebSocketDisconnect):
            await app._FletApp__websocket.receive_bytes()
        return socket.sent, app._FletApp__send_queue is queue

    sent, queue_kept = run_async(run())
    assert sent == [b"\x00move"]  # nothing more is tried on a socket that went
    assert queue_kept  # the receive loop puts its end mark there


def test_a_page_that_closed_cleanly_ends_as_in_flet():
    class Fine:
        sent: list = []

        async def send_bytes(self, data):
            self.sent.append(data)

    async def run():
        app = _app(Fine())
        app._FletApp__send_queue.put_nowait(b"\x00move")
        app._FletApp__send_queue.put_nowait(None)
        await close.send_loop(app)
        return app._FletApp__websocket, app._FletApp__send_queue

    assert run_async(run()) == (None, None) and Fine.sent == [b"\x00move"]
