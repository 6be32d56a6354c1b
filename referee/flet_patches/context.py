"""Flet's "current page", set for a moment: a service (`Wakelock`, `HapticFeedback`,
`SharedPreferences`) registers itself with the page of the call that builds it, which
Flet 1.0.5 keeps in a private context variable. With several pages in one process, a
service built outside that page's own handler would land on whichever page was current."""

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar
from typing import cast

import flet as ft

from referee.flet_patches.version import known

try:  # a private part of flet 1.0.5
    from flet.controls.context import _context_page as _declared

    # Flet declares it with a default of None and no type, which reads as a variable of
    # None only: it holds the current page.
    _context_page = cast("ContextVar[ft.Page | None] | None", _declared)
except ImportError:  # pragma: no cover - another flet: its own current page
    _context_page = None


@contextlib.contextmanager
def current_page(page: ft.Page) -> Iterator[ft.Page]:
    """Build Flet services for `page` inside this block (on another Flet, Flet's own
    current page is left as it is)."""
    if _context_page is None or not known():
        yield page
        return
    token = _context_page.set(page)
    try:
        yield page
    finally:
        _context_page.reset(token)
