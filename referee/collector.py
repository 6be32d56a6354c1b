"""The garbage collector's full passes, moved to moments when the table is idle.

Every tap builds a screen's worth of controls. Left to itself, Python then starts a full
pass over everything the server holds (every screen's module, every live game) every few
dozen taps, and the tap it lands on waits 15-25 ms longer (measured on a 2-core machine).
Here automatic full passes become rare, and the pass Python would have run (after ten
middle-generation passes) runs instead once the table has been idle for two seconds, when
nobody is likely to be waiting for a screen. The young generations are still collected as
usual: those passes are short. Python 3.14's incremental collector has no such pauses and
is left alone.

While the devices of a game are being told of a change (`telling`), no pass runs at all:
each device's screen would otherwise wait for the young passes its own and the earlier
devices' screens set off (some 5% of each device's push), and the last device for all of
them. The young objects are collected as soon as the last device has its screen.
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

_last_drawn = time.monotonic()
_tellings = 0  # games whose devices are being told of a change now
_paused_here = False  # whether `telling` turned the collector off (and so turns it on)
_lock = threading.Lock()


def drawn() -> None:
    """A screen is being drawn: the table is in use."""
    global _last_drawn
    _last_drawn = time.monotonic()


_tellings = 0  # games whose devices are being told of a change now
_paused_here = False  # whether `telling` turned the collector off (and so turns it on)
_lock = threading.Lock()


def due(now: float, last_drawn: float, passes_since_full: int) -> bool:
    """Whether a full pass should run now: garbage may have grown and nobody is waiting."""
    return passes_since_full >= PASSES_PER_FULL and now - last_drawn >= IDLE_SECONDS


def telling_starts() -> None:
    """A game's devices are about to be told of a change, one turn each."""
    global _tellings, _paused_here
    with _lock:
        _tellings += 1
        if _tellings == 1 and gc.isenabled():
            gc.disable()
            _paused_here = True


def telling_ends() -> None:
    """The last device of that game has its screen."""
    global _tellings, _paused_here
    with _lock:
        _tellings = max(0, _tellings - 1)
        if _tellings == 0 and _paused_here:
            _paused_here = False
            gc.enable()


async def collect_when_idle() -> None:
    if sys.version_info >= (3, 14):
        return
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_PASS_BACKSTOP)
    while True:
        await asyncio.sleep(IDLE_SECONDS / 4)
        # gc.get_count()[2]: middle-generation passes since the last full one.
        if due(time.monotonic(), _last_drawn, gc.get_count()[2]):
            gc.collect()
