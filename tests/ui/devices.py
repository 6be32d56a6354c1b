"""A device's server side driven through Flet's own session, as a phone's taps would drive
it, without a browser: for tests of what a tap does to the screen and the game."""

import asyncio

import flet as ft

from referee.live.tables import LiveTables
from referee.ui.shell import Shell
from tests.flet_patches.insides import children, control_id, headless_session, page_event


def device(lives: LiveTables) -> tuple:
    """A phone's shell and its page's session (tests.flet_patches.insides)."""
    session = headless_session()
    return Shell(session.page, lives), session


async def invoked(session, service) -> list:
    """What this device's page asked of `service` (a Flet service: its wake lock, its
    haptics, its stored preferences), each (method, args), once what it started has run."""
    for _ in range(5):  # a service is called in a task of its own (ui/phone.py)
        await asyncio.sleep(0)
    calls = session.connection.invoked
    return [(name, args) for target, name, args in calls if target == control_id(service)]


def controls(root):
    """Every control on screen under `root`, depth first."""
    if isinstance(root, list):
        for item in root:
            yield from controls(item)
    elif isinstance(root, ft.BaseControl):
        yield root
        for item in children(root):
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
    await page_event(session, "route_change", {"route": address})


def bidding_on_two(lives: LiveTables) -> tuple:
    """A Fae-ker game in its bidding (top card 3) open on this device and on another: each
    device and its session (a session nobody holds is closed)."""
    app, session = device(lives)
    other, other_session = device(lives)
    app.games.start_game("faeker", ["Ana", "Bo", "Cy"], {})
    app.game.play(app.game.rules.parse_action({"type": "top_card", "card": 3}))
    other.games.open_game(app.game.game_id)
    return app, session, other, other_session
