"""A device's server side driven through Flet's own session, as a phone's taps would drive
it, without a browser: for tests of what a tap does to the screen and the game."""

import asyncio

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.messaging.connection import Connection
from flet.messaging.protocol import MessageAction, configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from referee.live.tables import LiveTables
from referee.ui.shell import Shell

ENCODE = configure_encode_object_for_msgpack(BaseControl)


class _Client(Connection):
    """A device whose screen goes nowhere: the server side of a page, with messages
    encoded as the web server encodes them (which takes the snapshots Flet diffs by)."""

    def __init__(self) -> None:
        super().__init__()
        self.pubsubhub = PubSubHub()
        self.invoked: list[tuple[int, str, dict | None]] = []  # (control id, method, args)
        self.requests: list = []  # each InvokeMethodRequestBody, to answer as a phone would
        self.answered = 0  # how many of them a test answered

    def send_message(self, message) -> None:
        msgpack.packb([message.action, message.body], default=ENCODE)
        if message.action == MessageAction.INVOKE_METHOD:  # a service asked of the phone
            body = message.body
            self.invoked.append((body.control_id, body.name, body.args))
            self.requests.append(body)


def device(lives: LiveTables) -> tuple[Shell, Session]:
    client = _Client()
    client.loop = asyncio.get_running_loop()
    session = Session(client)
    session.apply_page_patch({"width": 390, "height": 844, "web": True})  # as a phone's browser
    msgpack.packb(session.get_page_patch(), default=ENCODE)
    return Shell(session.page, lives), session


async def invoked(session, service) -> list:
    """What this device's page asked of `service` (a Flet service: its wake lock, its
    haptics, its stored preferences), each (method, args), once what it started has run."""
    for _ in range(5):  # a service is called in a task of its own (ui/phone.py)
        await asyncio.sleep(0)
    calls = session.connection.invoked
    return [(name, args) for control_id, name, args in calls if control_id == service._i]


def controls(root):
    """Every control on screen under `root`, depth first."""
    if isinstance(root, list):
        for item in root:
            yield from controls(item)
    elif isinstance(root, ft.BaseControl):
        yield root
        for name in type(root)._structural_fields:
            if not name.startswith("_"):
                yield from controls(getattr(root, name))
        for item in root._values.values():
            yield from controls(item)


def text_of(control: ft.Text) -> str:
    """What a Text says, whether in its value or in its spans (a line and its reason)."""
    return control.value or "".join(span.text or "" for span in control.spans or ())


def texts_of(root) -> list[str]:
    """What every Text under `root` says, in order."""
    return [t for c in controls(root) if isinstance(c, ft.Text) and (t := text_of(c))]


async def browser_goes(session, address: str) -> None:
    """The browser's Back (or a link): the page reports the address it now shows."""
    session.connection.page_url = "http://127.0.0.1:8550"
    session.apply_page_patch({"route": address})
    await session.dispatch_event(session.page._i, "route_change", {"route": address})


def bidding_on_two(lives: LiveTables) -> tuple[Shell, Session, Shell, Session]:
    """A Fae-ker game in its bidding (top card 3) open on this device and on another: each
    device and its session (a session nobody holds is closed)."""
    app, session = device(lives)
    other, other_session = device(lives)
    app.start_game("faeker", ["Ana", "Bo", "Cy"], {})
    app.game.play(app.game.rules.parse_action({"type": "top_card", "card": 3}))
    other.open_game(app.game.game_id)
    return app, session, other, other_session
