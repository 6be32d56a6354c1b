"""A name typed right after its field was tapped is kept (a game started without it on a
loaded machine). Flet applies the phone's new value of a field at once but runs each event
in a task of its own, in order: the field's focus, queued first, redraws the form before
the change runs. The change takes the value it carried, not the control's, which that
redraw had set back to the older one."""

import asyncio

import flet as ft

from tests.flet_patches.insides import tap, typed
from tests.helpers import run_async
from tests.ui.devices import controls, device


def _field(session, label: str) -> ft.TextField:
    return next(
        c
        for c in controls(session.page.views[-1].controls)
        if isinstance(c, ft.TextField) and c.label == label
    )


def test_a_name_typed_as_its_field_takes_the_focus_is_kept(lives):
    async def run():
        app, session = device(lives)
        app.go("/new")
        field = _field(session, "Player 1")
        # As the phone's messages come: the focus event, the value typed, its change event.
        focus = asyncio.create_task(tap(session, field, "focus"))
        typed(session, field, "Ana")
        change = asyncio.create_task(tap(session, field, "change", "Ana"))
        await focus
        await change
        return app.top.form.names, _field(session, "Player 1").value

    names, shown = run_async(run())
    assert names[0] == "Ana"
    assert shown == "Ana"
