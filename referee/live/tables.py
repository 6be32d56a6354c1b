"""Live tables: one shared table per game per server, so every device shows the same game.

Each device (a browser tab, a phone) that opens a game gets the same LiveTable. A change is
applied under the table's lock, stored, and only then announced to every device showing
the game. A device acts on the version of the game it last drew; if the game has moved on
since, its change is refused and it is told what changed, so a stale screen can never
write over a newer game. Across processes the store does the same check inside its
transaction (see ActionLog.append).

Simultaneous choices (everyone reveals at once) can be entered privately: a player locks
their choice on their own device, the others see only that it is locked, and the choices
are applied as one action when every seat the game waits for has one. Each table holds
them in a part of its own (referee.live.picks); they become an action only when applied.

Another process on the same data folder (a second referee) writes to the same SQLite file.
While some device shows a game, LiveTables polls SQLite's data_version (it moves only when
another connection commits) every POLL_S seconds; when it moves, a game whose stored
revision is not the one shown is read again and every device is told what changed.
"""

import asyncio
import contextlib
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from referee.core.errors import RefereeError
from referee.core.names import clean_name
from referee.core.record import GameRecord
from referee.core.rules import Rematch
from referee.core.verdict import Verdict
from referee.core.whatnow import WhatNow, what_now
from referee.flet_patches import collector
from referee.live.kept_session import KeptSession
from referee.live.picks import LOCKED, NOTES_KEPT, Entries  # noqa: F401 - LOCKED, for the screens
from referee.live.turns import turns_on
from referee.storage.store import StaleWrite, Store

ANOTHER = "Another device"  # a change's maker when none is known (another referee)
POLL_S = 0.5  # how often another process's changes are looked for, while a game is shown


def _nothing() -> None:
    return None


class Stale(RefereeError):
    """The device drew an older version of the game; nothing was changed."""


@dataclass
class LiveTable:
    table: KeptSession
    lock: threading.RLock = field(default_factory=threading.RLock)
    # Every change adds one to `version` (a device redraws when it moves); `history` says
    # what each change to the game's log did, with the version it made. Picks are not in
    # the log: a device whose screen only missed another player's pick may still act.
    version: int = 0
    history: list[tuple[int, str]] = field(default_factory=list)
    devices: dict[str, str] = field(default_factory=dict)  # device id -> shown name
    listeners: dict[str, Callable[[int], None]] = field(default_factory=dict)
    # Version -> "Changed on another device: ..." for changes read from another process.
    notes: dict[int, str] = field(default_factory=dict)
    # Version -> who made that change to the log ("Bo's phone") and what it was ("undo",
    # "edit", ...): a device whose verdict it took away says who and how.
    made: dict[int, tuple[str, str]] = field(default_factory=dict)
    # "Teach this game": What now? open under the status line on every device (stored
    # beside the game, never in its record).
    teach: bool = False
    on_listen: Callable[[], None] = field(default=_nothing, repr=False)
    on_moved: Callable[[], None] = field(default=_nothing, repr=False)  # the games list moved
    # Devices still to be told of a change, the longest waiting first, with the newest
    # version (a device draws the game as it is: one turn tells it every change since).
    _due: dict[str, int] = field(default_factory=dict, init=False, repr=False, compare=False)
    # What now? of the game as it stands: (the version it is of, it), one for every device.
    _taught: tuple[int, WhatNow] | None = field(default=None, init=False, repr=False, compare=False)
    _telling: bool = field(default=False, init=False, repr=False, compare=False)
    # The picks and drafts entered, not yet played: a part held (picks.Holder: what it uses).
    entries: Entries = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.entries = Entries(self)

    @property
    def game_id(self) -> int:
        return self.table.game_id

    # -- devices -----------------------------------------------------------------------

    def join(self, device: str, name: str, on_change: Callable[[int], None]) -> None:
        with self.lock:
            self.devices[device] = name
            self.listeners[device] = on_change
        self.on_listen()
        self.announce(exclude=device)

    def leave(self, device: str) -> None:
        with self.lock:
            self.devices.pop(device, None)
            self.listeners.pop(device, None)
        self.announce(exclude=device)

    def what_now(self) -> WhatNow:
        """What now? for the game as it stands. The picks locked so far (the state does not
        hold them) name who is still to choose. Worked out once a version: each device of
        the table draws it after each change."""
        with self.lock:
            if self._taught is None or self._taught[0] != self.version:
                session = self.table.session
                taught = what_now(session.rules, session.state, self.entries.picks.keys())
                self._taught = (self.version, taught)
            return self._taught[1]

    def others(self, device: str) -> list[str]:
        with self.lock:
            return [name for d, name in self.devices.items() if d != device]

    def announce(self, exclude: str | None = None) -> None:
        """Tell every device but `exclude` that the game moved. On the server's event
        loop each device is told in a turn of its own, after the one telling: the device
        that made the change draws it first, each device's screen is sent as soon as it
        is drawn (not after the last device's), and taps go in between (referee.live.turns
        says which game's devices are told first)."""
        with self.lock:
            for device in self.listeners:
                if device != exclude:
                    self._due[device] = self.version  # a device already due keeps its place
            if self._telling or not self._due:
                return
            self._telling = True
        collector.telling_starts()  # ended by the turn that finds nobody left to tell
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no server (tests, the command line): tell them all now
            while self.tell_one():
                pass
            return
        turns_on(loop).due(self, loop)

    def tell_one(self) -> bool:
        """Tell the next device due; whether there was one (False: telling ends)."""
        with self.lock:
            if not self._due:
                self._telling = False
                collector.telling_ends()
                return False
            device = next(iter(self._due))
            version = self._due.pop(device)
            notify = self.listeners.get(device)
        if notify is not None:
            with contextlib.suppress(Exception):  # a device gone must not stop the others
                notify(version)
        return True

    # -- changes -----------------------------------------------------------------------

    @property
    def log_version(self) -> int:
        """The version of the latest change to the game itself (not a pick)."""
        return self.history[-1][0] if self.history else 0

    def refuse_stale(self, seen: int) -> None:
        """Refuse a change from a device that drew the game before its latest move."""
        if seen < self.log_version:
            raise Stale(self.changes_since(seen))

    def bump(self) -> None:
        """Count a change that is not the game's (a pick, a draft): every device redraws."""
        self.version += 1

    def _logged(self, what: str, by: str | None = None, kind: str = "change") -> None:
        self.version += 1
        self.history.append((self.version, what))
        self.made[self.version] = (by or ANOTHER, kind)
        for old in list(self.made)[:-NOTES_KEPT]:
            del self.made[old]

    def log_changes(self, after: int, upto: int) -> list[tuple[str, str, str]]:
        """Each change to the log after version `after` up to `upto`, oldest first: (who
        made it, its kind, what it did), for a device that last drew `after`."""
        with self.lock:
            return [
                (*self.made.get(v, (ANOTHER, "change")), what)
                for v, what in self.history
                if after < v <= upto
            ]

    def changes_since(self, version: int) -> str:
        missed = [what for v, what in self.history if v > version]
        if not missed:
            return "The game changed on another device. Your change was not made."
        shown = "; ".join(m.rstrip(".") for m in missed[-3:])
        more = f" (and {len(missed) - 3} more)" if len(missed) > 3 else ""
        return f"Changed on another device: {shown}{more}. Your change was not made."

    def _change(
        self, seen: int, device: str, apply: Callable[[KeptSession], Any], say, by=None, kind="play"
    ) -> Any:
        told = None
        with self.lock:
            self.refuse_stale(seen)
            try:
                result = apply(self.table)
            except StaleWrite:  # another process wrote first: read again, nothing of ours kept
                told = f"Changed on another device: {self._reread()}. Your change was not made."
            else:
                self._logged(say(result), by, kind)
                self.entries.game_moved(kind)
                if kind == "undo":
                    self.entries.picked_again(result, device, by)
        self.announce(exclude=None if told else device)
        self.on_moved()
        if told:
            raise Stale(told)
        return result

    def catch_up(self) -> bool:
        """Read the game again if another process changed it since this table last read
        or wrote it, and tell every device (`note` says what changed); False if not."""
        with self.lock:
            stored = self.table.store.log.revisions([self.game_id]).get(self.game_id)
            if stored is None or stored == self.table.revision:
                return False
            what = self._reread()
            self.notes[self.version] = f"Changed on another device: {what}."
            for old in list(self.notes)[:-NOTES_KEPT]:
                del self.notes[old]
        self.announce()
        return True

    def notes_between(self, after: int, upto: int) -> list[str]:
        """What changed after version `after` up to `upto` through another process (for a
        device that last drew `after` to show), oldest first."""
        with self.lock:
            return [note for v, note in self.notes.items() if after < v <= upto]

    def _reread(self) -> str:
        before = [v.headline for v in self.table.session.verdicts]
        self.table = KeptSession.resume(self.table.store, self.table.game_id)
        after = [v.headline for v in self.table.session.verdicts]
        same = 0
        while same < min(len(before), len(after)) and before[same] == after[same]:
            same += 1
        undone = [h.rstrip(".") for h in before[same:]]
        added = [h.rstrip(".") for h in after[same:]]
        parts = []
        if undone:
            parts.append("undone: " + "; ".join(undone[-2:]))
        if added:
            parts.append("; ".join(added[-3:]))
        what = "; ".join(parts) or "nothing you can see"
        self._logged(what, kind="undo" if undone and not added else "change")
        self.entries.game_moved("reload")  # another process moved the game: none is this one's
        with contextlib.suppress(sqlite3.Error, RefereeError):
            self.load_picks()
        return what

    def load_picks(self) -> bool:
        """The picks, entries and teaching stored for the game (after a restart, or entered
        through another referee on the same folder); whether they differ from those shown."""
        entered, teach = self.entries.stored(), self.table.store.teaching.taught(self.game_id)
        with self.lock:
            if not self.entries.take(entered) and teach == self.teach:
                return False
            self.teach, self.version = teach, self.version + 1
        return True

    def set_teach(self, device: str, teach: bool) -> None:
        """Teach this game, or no longer: stored (one transaction), then every device
        shows What now? under its status line, or stops. Not a change to the game: a
        device's screen is not behind the game for it."""
        with self.lock:
            if teach == self.teach:
                return
            self.table.store.teaching.save(self.game_id, teach)
            self.teach = teach
            self.version += 1
        self.announce(exclude=device)

    # `by`: how the device making a change is named to the others ("Bo's phone").

    def play(self, seen: int, device: str, action, by: str | None = None) -> Verdict:
        return self._change(seen, device, lambda t: t.play(action), lambda v: v.headline, by)

    def undo(self, seen: int, device: str, by: str | None = None):
        said = f"undone: {v[-1].headline}" if (v := self.table.session.verdicts) else "undone: "
        return self._change(seen, device, lambda t: t.undo(), lambda _a: said, by, "undo")

    def redo(self, seen: int, device: str, by: str | None = None) -> Verdict:
        said = lambda v: f"redone: {v.headline}"  # noqa: E731
        return self._change(seen, device, lambda t: t.redo(), said, by, "redo")

    def edit(self, seen: int, device: str, actions, redo, note: str, by: str | None = None):
        """A whole new log (a fixed mistake anywhere in it) as one change every device
        sees; refused (nothing written) if it does not replay or the game moved on."""
        fix = lambda t: t.replace(actions, redo, note)  # noqa: E731
        return self._change(seen, device, fix, lambda _s: note.lower(), by, "edit")

    def restore(self, seen: int, device: str, version_id: int, by: str | None = None):
        """An earlier log of the game (from the game menu) back, as one change."""
        said = "an earlier version of the game was restored"
        back = lambda t: t.restore_version(version_id)  # noqa: E731
        return self._change(seen, device, back, lambda _s: said, by, "restore")


class LiveTables:
    """Every live table of one server process, by game id, over one store."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._lock = threading.Lock()
        self._tables: dict[int, LiveTable] = {}
        self._listening = threading.Event()  # set when a device joins a table
        self._stop = threading.Event()
        self._watcher: threading.Thread | None = None
        # The server's event loop, where the devices' screens are drawn: a change read by
        # the watcher thread is told there, never from the watcher's own thread.
        self._loop: asyncio.AbstractEventLoop | None = None
        # Devices showing the games list or the statistics: told when any game is made,
        # changed or deleted, here or through another referee on the same folder.
        self._list_watchers: dict[str, Callable[[], None]] = {}
        self._lists_due = False

    def _live(self, table: KeptSession) -> LiveTable:
        live = LiveTable(table, on_listen=self._wake, on_moved=self.lists_moved)
        with contextlib.suppress(sqlite3.Error, RefereeError):  # what the table had entered
            live.load_picks()
        return live

    def open(self, game_id: int) -> LiveTable:
        with self._lock:
            live = self._tables.get(game_id)
            if live is None:
                live = self._live(KeptSession.resume(self.store, game_id))
                self._tables[game_id] = live
            return live

    def get(self, game_id: int) -> LiveTable | None:
        with self._lock:
            return self._tables.get(game_id)

    def create(self, record: GameRecord, teach: bool = False) -> LiveTable:
        """A new game; `teach`: taught from its first screen (What now? open)."""
        table = KeptSession.new(self.store, record)
        if teach:
            self.store.teaching.save(table.game_id, True)
        return self.register(table)

    def play_again(self, table: KeptSession) -> tuple[int, Rematch]:
        """Play again of `table`'s game: made once (KeptSession.again), whoever taps first."""
        return KeptSession.again(self.store, table)

    def register(self, table: KeptSession) -> LiveTable:
        """A table just made (a new or imported game) becomes the live one for its id."""
        with self._lock:
            live = self._live(table)
            self._tables[table.game_id] = live
        self.lists_moved()
        return live

    # -- the games list, on every device that shows it ---------------------------------

    def watch_lists(self, device: str, on_moved: Callable[[], None]) -> None:
        with self._lock:
            self._list_watchers[device] = on_moved
        self._wake()

    def unwatch_lists(self, device: str) -> None:
        with self._lock:
            self._list_watchers.pop(device, None)

    def lists_moved(self) -> None:
        """A game was made, changed or deleted: every device showing a list is told once,
        on the server's loop, after the change's own screens went out."""
        with self._lock:
            if self._lists_due or not self._list_watchers:
                return
            self._lists_due = True
        loop = self._loop
        if loop is not None and loop.is_running() and not loop.is_closed():
            loop.call_soon_threadsafe(self._tell_lists)
        else:
            self._tell_lists()

    def _tell_lists(self) -> None:
        with self._lock:
            self._lists_due = False
            watchers = list(self._list_watchers.values())
        for on_moved in watchers:
            with contextlib.suppress(Exception):  # a page gone must not stop the others
                on_moved()

    def rename_player(self, old: str, new: str) -> list[int]:
        """store.renaming.rename, then every open table of a renamed game reads it again
        and its devices redraw (a device that acts on the old names is told so)."""
        changed = self.store.renaming.rename(old, new)
        with self._lock:
            lives = [self._tables[g] for g in changed if g in self._tables]
        for live in lives:
            with live.lock:
                live.table = KeptSession.resume(self.store, live.game_id)
                live._logged(f"{old} is now called {clean_name(new)}", kind="rename")
            live.announce()
        self.lists_moved()
        return changed

    def delete(self, game_id: int) -> None:
        with self._lock:
            live = self._tables.pop(game_id, None)
        self.store.delete_game(game_id)
        if live is not None:
            self._deleted(live, "the game was deleted")
        self.lists_moved()

    def _deleted(self, live: LiveTable, what: str) -> None:
        with live.lock:
            live._logged(what, kind="deleted")
        live.announce()

    # -- changes made by another process -----------------------------------------------

    def close(self) -> None:
        """Stop looking for other processes' changes (the store stays open)."""
        self._stop.set()
        self._listening.set()
        if self._watcher is not None:
            self._watcher.join(5)

    def _wake(self) -> None:
        with contextlib.suppress(RuntimeError):  # a device joins from its event handler
            self._loop = asyncio.get_running_loop()
        with self._lock:
            if self._watcher is None and not self._stop.is_set():
                self._watcher = threading.Thread(
                    target=self._watch, name="referee-other-processes", daemon=True
                )
                self._watcher.start()
        self._listening.set()

    def _shown(self) -> list[LiveTable]:
        with self._lock:
            tables = list(self._tables.values())
        return [t for t in tables if t.listeners]

    def _watched(self) -> bool:
        with self._lock:
            return bool(self._list_watchers)

    def _watch(self) -> None:
        seen: int | None = None  # data_version at the last look; None: look at every game
        while not self._stop.is_set() and not self.store.closed:
            shown = self._shown()
            if not shown and not self._watched():  # nobody to tell: sleep until one comes
                self._listening.clear()
                if not self._shown() and not self._watched():
                    self._listening.wait()
                seen = None
                continue
            version = self.store.data_version()
            if version is not None and version != seen:
                first, seen = seen is None, version
                if shown:
                    self._on_devices_loop(self.catch_up, shown)
                if not first:  # another process wrote: the lists shown may have moved
                    self.lists_moved()
            self._stop.wait(POLL_S)

    def _on_devices_loop(self, work: Callable, *args) -> None:
        loop = self._loop
        if loop is not None and loop.is_running() and not loop.is_closed():
            loop.call_soon_threadsafe(work, *args)
        else:  # no server (tests, the command line): nothing is drawn, tell them here
            work(*args)

    def catch_up(self, shown: list[LiveTable]) -> None:
        """Read again every shown game another process changed or deleted."""
        try:
            stored = self.store.log.revisions([t.game_id for t in shown])
        except sqlite3.Error:
            return  # the file cannot be read now: the next look tries again
        for live in shown:
            if live.game_id not in stored:
                with self._lock:
                    gone = self._tables.get(live.game_id) is live
                    if gone:
                        del self._tables[live.game_id]
                if gone:
                    self._deleted(live, "the game was deleted on another device")
            elif stored[live.game_id] != live.table.revision:
                try:
                    live.catch_up()
                except (RefereeError, sqlite3.Error, KeyError):
                    continue  # unreadable or just deleted: the next look tells
            else:  # the same game: picks entered through another referee show too
                with contextlib.suppress(RefereeError, sqlite3.Error):
                    if live.load_picks():
                        live.announce()
