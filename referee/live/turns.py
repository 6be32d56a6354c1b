"""The order in which the games of one server tell their devices of a change.

Each device is drawn in a turn of its own on the server's event loop, so a tap arriving
meanwhile is handled between two devices. When two games of 8 devices each changed at
once, their devices used to be told in alternation: each table then waited for all 16
screens to be drawn. Here the game that changed first tells its devices first, and the
next game follows: the first table sees its change in half the time, and the second in
the same time as before (40 devices on 5 games: bench/README.md).

A game that keeps changing while it tells (a tap on one of its devices after another's)
goes to the back once it has told as many devices as it has since another game began to
wait, so no game waits on another's run of taps for more than one round of it.
"""

import asyncio
import weakref
from collections import deque
from typing import Protocol


class Telling(Protocol):
    """A game with devices to tell (referee.live.tables.LiveTable)."""

    listeners: dict

    def tell_one(self) -> bool: ...


class Turns:
    """The games with devices still to tell on one loop, the first to change first."""

    def __init__(self) -> None:
        # The loop is not kept here: it is the key this is kept under (see `turns_on`).
        self.games: deque[Telling] = deque()
        self.told = 0  # devices the first game told since another game began to wait

    def due(self, game: Telling, loop: asyncio.AbstractEventLoop) -> None:
        """`game` has devices to tell (it says so once, until it has told them all)."""
        self.games.append(game)
        if len(self.games) == 2:
            self.told = 0  # the first game's round starts now that another waits
        if len(self.games) == 1:
            # One turn later than at once: the device that made the change sends its
            # own screen in this turn, and its frame then leaves before the first other
            # device is drawn (bench/README.md).
            loop.call_soon(loop.call_soon, self._next, loop)

    def _next(self, loop: asyncio.AbstractEventLoop) -> None:
        while self.games:
            game = self.games[0]
            try:
                told = game.tell_one()
            except BaseException:
                # A device that failed (its screen cancelled, say) must not stop the
                # other devices and games from being told.
                loop.call_soon(self._next, loop)
                raise
            if not told:
                self.games.popleft()
                self.told = 0
                continue
            self.told += 1
            if self.told >= max(1, len(game.listeners)) and len(self.games) > 1:
                self.games.rotate(-1)  # a round told: the next game's turn
                self.told = 0
            loop.call_soon(self._next, loop)
            return


_turns: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Turns]"
_turns = weakref.WeakKeyDictionary()


def turns_on(loop: asyncio.AbstractEventLoop) -> Turns:
    turns = _turns.get(loop)
    if turns is None:
        turns = _turns[loop] = Turns()
    return turns
