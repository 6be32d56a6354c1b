"""Flet 1.0.5's wire, as far as referee speaks it: how its web server frames a message, the
message that tells the browser a new address, and what the page's own script
(assets/referee.js) must know of Flet's client to hold that address until the screen
comes (send.py, `tell_route`).

The script's part is written from here: its block between JS_START and JS_END is
`js_block()`, put in by `python -m referee.flet_patches.wire`, and
tests/flet_patches/test_wire.py holds the block to this module and its bytes to what
Flet's own encoder sends.
"""

import re
import sys
from pathlib import Path

import flet as ft
import msgpack

try:  # private parts of flet 1.0.5: another version may lack them (version.known() then fails)
    from flet.messaging.protocol import (
        InvokeMethodRequestBody,
        Message,
        MessageAction,
        configure_encode_object_for_msgpack,
    )
    from flet.utils.strings import random_string
except ImportError:  # pragma: no cover - another flet: nothing here is called
    # Never used there (version.known() fails first), so typed as the pinned Flet's names.
    InvokeMethodRequestBody = Message = MessageAction = None  # type: ignore[assignment, misc]
    configure_encode_object_for_msgpack = random_string = None  # type: ignore[assignment]

from referee.flet_patches.version import FLET_VERSION

# Where Flet's web client keeps its session for the tab (sessionStorage).
SESSION_KEY = "_flet_session_id"
# The path of Flet's WebSocket (flet_web.fastapi.app's default).
SOCKET_PATH = "ws"
# A frame holding a message starts with this byte (a data channel's frame with 0x01).
MESSAGE = b"\x00"
PUSH_ROUTE = "push_route"
# The longest route frame the page looks into: an address is a few dozen bytes.
ROUTE_FRAME_MAX = 1024

SCRIPT = Path(__file__).resolve().parents[2] / "assets" / "referee.js"
JS_START = "  // -- Flet's wire: written by `python -m referee.flet_patches.wire` --\n"
JS_END = "  // -- end of Flet's wire --\n"


def encoded(value) -> bytes:
    """`value` in MessagePack, by Flet's own encoder (which takes, as it encodes a control,
    the snapshots Flet's next diff of it compares with)."""
    return msgpack.packb(value, default=configure_encode_object_for_msgpack(ft.BaseControl))


def frame(message: Message) -> bytes:
    """`message` as Flet's web server sends it (`FletApp.send_message`)."""
    return MESSAGE + encoded([message.action, message.body])


def route_message(page: ft.Page, route: str) -> Message:
    """The message of `page.push_route(route)`, as Flet sends it."""
    body = InvokeMethodRequestBody(
        control_id=page._i, call_id=random_string(10), name=PUSH_ROUTE, args={"route": route}
    )
    return Message(MessageAction.INVOKE_METHOD, body)


def route_head() -> bytes:
    """How every frame of a method call starts: a message, an array of two, the action."""
    return frame(Message(MessageAction.INVOKE_METHOD, None))[:3]


def route_name() -> bytes:
    """The method's name, as MessagePack writes it inside the frame."""
    return msgpack.packb(PUSH_ROUTE)


def is_route_frame(data: bytes) -> bool:
    """What the page's `isAddress` answers for `data` (the same test, in Python)."""
    return (
        len(data) <= ROUTE_FRAME_MAX
        and data.startswith(route_head())
        and route_name() in data[len(route_head()) :]
    )


def _js_bytes(data: bytes) -> str:
    return "[" + ", ".join(f"0x{b:02x}" for b in data) + "]"


def js_block() -> str:
    """The constants assets/referee.js takes from Flet's wire, as JavaScript."""
    return (
        JS_START
        + f'  var FLET_VERSION = "{FLET_VERSION}"; // the Flet these were read from\n'
        + f'  var FLET_SESSION = "{SESSION_KEY}"; // its client\'s session, kept for the tab\n'
        + f"  var FLET_SOCKET = /\\/{SOCKET_PATH}(\\?|$)/; // its WebSocket's address\n"
        + f'  // A method call\'s frame begins with ROUTE_HEAD; "{PUSH_ROUTE}" is PUSH_ROUTE\n'
        + f"  var ROUTE_HEAD = {_js_bytes(route_head())};\n"
        + f"  var PUSH_ROUTE = {_js_bytes(route_name())};\n"
        + f"  var ROUTE_FRAME_MAX = {ROUTE_FRAME_MAX};\n"
        + JS_END
    )


def js_in(text: str) -> str | None:
    """The wire block of a script's `text`, if it has one."""
    found = re.search(re.escape(JS_START) + r".*?" + re.escape(JS_END), text, re.S)
    return found.group(0) if found else None


def write_js(script: Path = SCRIPT) -> bool:
    """Put `js_block()` in `script` in place of its block; whether it changed."""
    text = script.read_text(encoding="utf-8")
    block = js_in(text)
    if block is None:
        raise ValueError(f"{script} has no block between {JS_START.strip()} and {JS_END.strip()}")
    if block == js_block():
        return False
    script.write_text(text.replace(block, js_block()), encoding="utf-8")
    return True


if __name__ == "__main__":
    changed = write_js()
    print(f"{SCRIPT}: {'written' if changed else 'already as Flet ' + FLET_VERSION + ' has it'}")
    sys.exit(0)
