"""The garbage collector's full passes, moved to moments when the table is idle.

Every tap builds a screen's worth of controls. Left to itself, Python then starts a full
pass over everything the server holds (every screen's module, every live game) every few
dozen taps, and the tap it lands on waits 15-25 ms longer (measured on a 2-core machine).
Here automatic full passes become rare, and the pass Python would have run (after ten
middle-generation passes) runs instead once the table has been idle for two seconds, when
nobody is likely to be waiting for a screen. The young generations are still collected as
usual: those passes are short. Python 3.14's incremental collector has no such pauses and
is left alone.
"""

import asyncio
import gc
import sys
import time

IDLE_SECONDS = 2.0
# Python runs a full pass after this many middle-generation passes (its default threshold).
PASSES_PER_FULL = 10
# Automatic full passes still happen after this many middle-generation passes (Python's
# default is 10), so memory stays bounded on a server that is never idle.
FULL_PASS_BACKSTOP = 200

_last_drawn = time.monotonic()


def drawn() -> None:
    """A screen is being drawn: the table is in use."""
    global _last_drawn
    _last_drawn = time.monotonic()


def due(now: float, last_drawn: float, passes_since_full: int) -> bool:
    """Whether a full pass should run now: garbage may have grown and nobody is waiting."""
    return passes_since_full >= PASSES_PER_FULL and now - last_drawn >= IDLE_SECONDS


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
