"""flet_patches/wire.py: what the page's script (assets/referee.js) knows of Flet's wire is
written from Flet itself, and tells the frames Flet's own encoder sends as they are: an
address told before its screen is held, a screen never."""

import asyncio
import json
import shutil
import subprocess

import flet_web
import flet_web.fastapi as flet_fastapi
import pytest
from starlette.routing import WebSocketRoute

from referee.flet_patches import wire
from tests.helpers import run_async
from tests.ui.devices import device


def test_the_pages_script_holds_the_wire_block_written_from_flet():
    """After a Flet upgrade, `python -m referee.flet_patches.wire` writes it again."""
    assert wire.js_in(wire.SCRIPT.read_text(encoding="utf-8")) == wire.js_block()


def _frames(lives) -> list[tuple[str, bytes]]:
    """Every frame a phone is sent while it goes from a game to home and back, with the
    route patch's addresses and Flet's own push_route, each as Flet's encoder frames it."""
    sent = []

    async def run():
        app, session = device(lives)
        app.games.start_game("faeker", ["Ana", "Bo", "Cy"], {})
        game = app.top.route.path
        session.connection.send_message = lambda message: sent.append(message)
        app.go("/")
        app.go(game)
        # Flet's own, as with the patch off (it waits for the browser's answer: none comes)
        flets_own = asyncio.get_running_loop().create_task(session.page.push_route("/stats"))
        await asyncio.sleep(0.01)
        flets_own.cancel()

    run_async(run())
    return [(_kind(message), wire.frame(message)) for message in sent]


def _kind(message) -> str:
    body = message.body
    return "address" if getattr(body, "name", None) == wire.PUSH_ROUTE else "other"


def test_an_address_is_a_route_frame_and_nothing_else_is(lives):
    frames = _frames(lives)
    addresses = [data for kind, data in frames if kind == "address"]
    others = [data for kind, data in frames if kind == "other"]
    assert len(addresses) >= 3 and len(others) >= 2  # the screens came too
    assert all(wire.is_route_frame(data) for data in addresses)
    assert not any(wire.is_route_frame(data) for data in others)
    assert all(data.startswith(bytes([0x00, 0x92, 0x05])) for data in addresses)


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node to run the page's script")
def test_the_pages_script_tells_them_apart_the_same_way(lives):
    frames = _frames(lives)
    script = wire.SCRIPT.read_text(encoding="utf-8")
    start = script.index("  function isAddress(data) {")
    is_address = script[start : script.index("\n  }\n", start) + 4]
    program = (
        wire.js_in(script)
        + is_address
        + "const frames = JSON.parse(require('fs').readFileSync(0, 'utf8'));\n"
        + "console.log(JSON.stringify(frames.map(h => "
        + "isAddress(new Uint8Array(Buffer.from(h, 'hex')).buffer))));\n"
    )
    answer = subprocess.run(
        ["node", "-e", program],
        input=json.dumps([data.hex() for _kind, data in frames]),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert json.loads(answer.stdout) == [kind == "address" for kind, _data in frames]


def test_the_session_kept_and_the_socket_are_flets_own():
    client = (flet_web.__path__[0] + "/web/main.dart.js").replace("\\", "/")
    with open(client, "rb") as code:
        assert wire.SESSION_KEY.encode() in code.read()
    served = flet_fastapi.app(lambda page: None)
    sockets = [r.path for r in served.routes if isinstance(r, WebSocketRoute)]
    assert f"/{wire.SOCKET_PATH}" in sockets
