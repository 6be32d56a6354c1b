"""What tests need of Flet's insides, in one place beside the door's own tests: a page
driven through Flet's own session with no browser (a phone's taps, typing and Back), the
id Flet gives a control, the dialogs a page holds, and a tree sent as the web server sends
it. Where the door (referee/flet_patches) has the answer, it is asked.
"""

import asyncio

import flet as ft
from flet.controls.object_patch import ObjectPatch
from flet.messaging.connection import Connection
from flet.messaging.protocol import MessageAction, configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from referee.flet_patches import dialogs, fields, wire

# Flet's own encoder for MessagePack, as its web server uses it (`msgpack.packb(value,
# default=ENCODE)`): it takes the snapshots Flet's next diff compares with.
ENCODE = configure_encode_object_for_msgpack(ft.BaseControl)


def encode(message) -> bytes:
    """`message` framed as Flet's web server sends it."""
    return wire.frame(message)


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
        encode(message)
        if is_call(message):  # a service asked of the phone
            body = message.body
            self.invoked.append((body.control_id, body.name, body.args))
            self.requests.append(body)


def is_call(message) -> bool:
    """Whether a message sent asks something of the phone (a method of a control)."""
    return message.action == MessageAction.INVOKE_METHOD


def is_patch(message) -> bool:
    """Whether a message sent changes controls on the phone's screen."""
    return message.action == MessageAction.PATCH_CONTROL


def headless_session() -> Session:
    """A phone's page, in its browser, served through Flet's own session."""
    client = _Client()
    client.loop = asyncio.get_running_loop()
    session = Session(client)
    session.apply_page_patch({"width": 390, "height": 844, "web": True})  # as a phone's browser
    encode_page(session)
    return session


def encode_page(session: Session) -> bytes:
    """The whole page as first sent (which takes the snapshots later diffs compare with)."""
    return wire.encoded(session.get_page_patch())


def control_id(control: ft.BaseControl) -> int:
    """The id Flet gives `control` on the wire (a tap names it)."""
    return control._i


async def tap(session: Session, control: ft.BaseControl, event: str = "click", data=None):
    """A phone's tap (or another event) on `control`."""
    await session.dispatch_event(control._i, event, data)


def typed(session: Session, field: ft.Control, value: str) -> None:
    """The value of `field` as the phone's typing left it (no event yet)."""
    session.apply_patch(field._i, {"value": value})


async def type_into(session: Session, field: ft.Control, value: str) -> None:
    """Text typed on the phone into `field`: its value, then its change event."""
    typed(session, field, value)
    await session.dispatch_event(field._i, "change", value)


async def page_event(session: Session, event: str, data: dict) -> None:
    """An event of the page itself (the browser's Back: route_change, view_pop; the app
    hidden or shown: app_lifecycle_state_change)."""
    await session.dispatch_event(session.page._i, event, data)


def held_dialogs(page: ft.Page) -> list[ft.DialogControl]:
    """Every dialog the page holds, closed ones not yet gone too."""
    return list(page._dialogs.controls)


def open_dialogs(page: ft.Page) -> list[ft.DialogControl]:
    """The dialogs open on the page (as the shell sees them)."""
    return dialogs.open_dialogs(page)


def services(page: ft.Page) -> list:
    """The services (wake lock, share, launcher...) registered with the page."""
    return list(page._services._services)


def action_service(action: ft.ClientAction):
    """The service a client action (`ft.OpenUrl`) runs on the phone."""
    return action._service


def children(control: ft.BaseControl) -> list:
    """The values of `control`'s fields that may hold controls, as the shell's merge sees
    them."""
    found = [getattr(control, name) for name in fields.layout(type(control)).children]
    return found + list(fields.values(control).values())


def own(control: ft.BaseControl) -> dict:
    """The fields `control` was given (not at their default)."""
    return dict(fields.values(control))


def sent(root: ft.BaseControl) -> None:
    """What the server does when it sends a tree: the diff, then the encoding, which takes
    the snapshots the next in-place diff compares with."""
    patch, _added, _removed = ObjectPatch.from_diff(None, root, control_cls=ft.BaseControl)
    wire.encoded(patch.to_message())


def diffed(root: ft.BaseControl) -> tuple[list, list, list]:
    """What an update of `root` sends: its patch's operations, the controls added and
    removed."""
    patch, added, removed = ObjectPatch.from_diff(root, root, control_cls=ft.BaseControl)
    wire.encoded(patch.to_message())
    return patch.patch, added, removed
