"""The dialogs open on a page. Flet's `show_dialog` keeps them in a list of the page's own
and offers no public way to read it; the shell needs to know, so that the phone's Back
closes a dialog before it leaves the screen, and a list is not redrawn under one."""

import flet as ft

from referee.flet_patches.version import known


def open_dialogs(page: ft.Page) -> list[ft.DialogControl]:
    """The dialogs (snack bars too) open on `page`, oldest first. On another Flet, none:
    Back then leaves the screen under an open dialog, which stays until it is closed."""
    if not known():
        return []
    shown = getattr(getattr(page, "_dialogs", None), "controls", None) or []
    return [dialog for dialog in shown if dialog.open]
