"""Flet's "current page", set for a moment: a service (`Wakelock`, `HapticFeedback`,
`SharedPreferences`) registers itself with the page of the call that builds it, which
Flet 1.0.5 keeps in a private context variable. With several pages in one process, a
service built outside that page's own handler would land on whichever page was current."""

import contextlib

import flet as ft
from flet.controls.context import _context_page


@contextlib.contextmanager
def current_page(page: ft.Page):
    """Build Flet services for `page` inside this block."""
    token = _context_page.set(page)
    try:
        yield page
    finally:
        _context_page.reset(token)
