"""Sending a message at once, without first writing it out for a log nobody reads.

Flet 1.0.5's web server formats every message it sends into its debug log's text before
asking the log whether it is on (an f-string), so each patch is written out in full, every
field of every control in it. Profiled with 40 devices on one server, that text was more
than half the time spent sending (README.md here).

Here the message is written out only when the log is on, and encoded by Flet's own
encoder, as Flet encodes it. A message sent from a thread other than the event loop's (the
app sends from the loop: handlers run on it, and the watcher of other processes hands its
work to it) is handed over with `call_soon_threadsafe`, since an asyncio queue is not safe
to use from another thread; Flet's own code put it on the queue directly. The bytes sent
are the same; tests/flet_patches/test_send.py holds the two to that.
"""

import asyncio
import logging

import flet

from referee.flet_patches import wire
from referee.flet_patches.version import known

try:  # private parts of flet-web 1.0.5 (install declines without them)
    from flet_web.fastapi import flet_app

    ORIGINAL = flet_app.FletApp.send_message
except (ImportError, AttributeError):  # pragma: no cover - flet-web comes with flet[web]
    flet_app = ORIGINAL = None


def send_message(self, message) -> None:
    """`FletApp.send_message`, formatting the message for the log only when it is on, and
    handing it to the event loop's own thread."""
    log = flet_app.transport_log
    if log.isEnabledFor(logging.DEBUG):
        log.debug(f"send_message: {message}")
    data = wire.frame(message)  # as Flet's own: its encoder, its framing
    queue = self._FletApp__send_queue
    if queue is None:
        return  # the page went (its sending ended): the message is moot, as Flet's own
        # data-channel frames are then
    try:
        on_loop = asyncio.get_running_loop() is self.loop
    except RuntimeError:
        on_loop = False
    if on_loop:
        queue.put_nowait(data)
    else:
        self.loop.call_soon_threadsafe(queue.put_nowait, data)


def install() -> None:
    if not known() or ORIGINAL is None:
        return  # another flet: its own sending, unchanged
    flet_app.FletApp.send_message = send_message


def installed() -> bool:
    return ORIGINAL is not None and flet_app.FletApp.send_message is send_message


def uninstall() -> None:
    if ORIGINAL is not None:
        flet_app.FletApp.send_message = ORIGINAL


_route_told = False  # `tell_route` sends the address itself (the `route` patch is on)
try:  # a private part of flet 1.0.5: the session's own sending, in order with the patches
    from flet.messaging.session import Session

    # Flet's session sends through a name-mangled private method, on purpose reached.
    _SESSION_SEND = Session._Session__send_message  # type: ignore[attr-defined]
except (ImportError, AttributeError):  # pragma: no cover - another flet: install declines
    _SESSION_SEND = None


def install_route() -> None:
    global _route_told
    _route_told = known() and _SESSION_SEND is not None


def installed_route() -> bool:
    return _route_told


def uninstall_route() -> None:
    global _route_told
    _route_told = False


def tell_route(page: flet.Page, route: str) -> None:
    """Send the browser `route` (what `page.push_route` sends) now, in order with what is
    sent after it in this turn, without waiting for the browser's answer.

    `push_route` runs as a task of its own, so its message went out after the patch of the
    screen it names. A phone then drew the screen, took the address, and built every view
    once more for its router: a second long frame between the tap and the screen at rest
    (bench/README.md). Sent first, the address is held by the page (assets/referee.js) until
    the patch comes, and both are taken in one frame. The answer to a `push_route` carries
    nothing; with no call waiting for it, Flet's session drops it. With the `route` patch
    off (REFEREE_FLET_PATCHES, README.md here), Flet's own `push_route` sends it.
    """
    if not _route_told or not known():
        page.run_task(page.push_route, route)  # another flet: its own way, after the patch
        return
    page.session._Session__send_message(wire.route_message(page, route))  # type: ignore[attr-defined]
