"""The garbage collector's full passes, moved to moments when the table is idle.

Every tap builds a screen's worth of controls. Left to itself, Python then starts a full
pass over everything the server holds (every screen's module, every live game) every few
dozen taps, and the tap it lands on waits longer (README.md here). Here automatic full
passes become rare, and the pass Python would have run (after ten
middle-generation passes) runs instead once the table has been idle for two seconds, when
nobody is likely to be waiting for a screen. The young generations are still collected as
usual: those passes are short. Python 3.14's incremental collector has no such pauses and
is left alone.

While the devices of a game are being told of a change (`telling_starts` to
`telling_ends`), no pass runs at all: each device's screen would otherwise wait for the
young passes its own and the earlier devices' screens set off (README.md here gives
their share of a push), and the last device for all of them. The young objects are
collected as soon as the last device has its screen. The pause never lasts longer than
PAUSE_LIMIT_S, whatever happens to a telling (tellings of several games that keep
overlapping, a loop that stops halfway): the next start, end or idle look turns the
collector back on.

Until `install` (REFEREE_FLET_PATCHES, README.md here), every function here does nothing:
Python's collector runs as it ships.
"""

import asyncio
import gc
import sys
import threading
import time

IDLE_SECONDS = 2.0
# Python runs a full pass after this many middle-generation passes (its default threshold).
PASSES_PER_FULL = 10
# Automatic full passes still happen after this many middle-generation passes (Python's
# default is 10), so memory stays bounded on a server that is never idle.
FULL_PASS_BACKSTOP = 200

# The longest the collector stays off for tellings, well above what a telling takes
# (bench/README.md).
PAUSE_LIMIT_S = 0.5

_last_drawn = time.monotonic()
_tellings = 0  # games whose devices are being told of a change now
_paused_at: float | None = None  # when a telling turned the collector off (it turns it on)
_lock = threading.Lock()
_on = False  # installed: the passes are moved


def install() -> None:
    global _on
    _on = sys.version_info < (3, 14)  # 3.14's incremental collector is left alone


def installed() -> bool:
    return _on


def uninstall() -> None:
    global _on
    with _lock:
        _resume()
        _on = False


def drawn() -> None:
    """A screen is being drawn: the table is in use."""
    global _last_drawn
    if not _on:
        return
    _last_drawn = time.monotonic()


def due(now: float, last_drawn: float, passes_since_full: int) -> bool:
    """Whether a full pass should run now: garbage may have grown and nobody is waiting."""
    return passes_since_full >= PASSES_PER_FULL and now - last_drawn >= IDLE_SECONDS


def telling_starts(now: float | None = None) -> None:
    """A game's devices are about to be told of a change, one turn each."""
    global _tellings, _paused_at
    if not _on:
        return
    now = time.monotonic() if now is None else now
    with _lock:
        _tellings += 1
        if _paused_at is None and _tellings == 1 and gc.isenabled():
            gc.disable()
            _paused_at = now
        _end_stale_pause(now)


def telling_ends(now: float | None = None) -> None:
    """The last device of that game has its screen."""
    global _tellings
    if not _on:
        return
    with _lock:
        _tellings = max(0, _tellings - 1)
        if _tellings == 0:
            _resume()
        _end_stale_pause(time.monotonic() if now is None else now)


def _end_stale_pause(now: float) -> None:
    if _paused_at is not None and now - _paused_at > PAUSE_LIMIT_S:
        _resume()


def _resume() -> None:
    global _paused_at
    if _paused_at is not None:
        _paused_at = None
        gc.enable()


async def collect_when_idle() -> None:
    if not _on:
        return
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_PASS_BACKSTOP)
    while True:
        await asyncio.sleep(IDLE_SECONDS / 4)
        with _lock:
            _end_stale_pause(time.monotonic())
        # gc.get_count()[2]: middle-generation passes since the last full one.
        if due(time.monotonic(), _last_drawn, gc.get_count()[2]):
            gc.collect()
