"""Simultaneous choices at a live table (everyone reveals at once): each seat's pick, stored
as it is entered and hidden from the other devices when private, applied as one action
when every seat the game waits for has one; and the entries being tapped in (drafts). A
part of LiveTable (referee.live.tables), kept apart for its length."""

import contextlib
import sqlite3
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from referee.core.errors import RefereeError
from referee.core.verdict import Verdict
from referee.storage.pending import StoredPick

if TYPE_CHECKING:
    from referee.live.kept_session import KeptSession

LOCKED = object()  # what a device sees of a pick another player made privately
NOTES_KEPT = 20  # notes of changes from another process, kept for devices to show


@dataclass(frozen=True)
class Pick:
    """One seat's choice in a simultaneous decision, before the decision is applied."""

    value: Any
    owner: str  # the device that entered it (its browser: the same after a reload)
    private: bool  # entered by the player on their own device: hidden from the others
    by: str = ""  # how that device is named to the others ("Bo's phone")


class SimultaneousPicks:
    """LiveTable's picks and drafts (its fields `picks`, `drafts`, `taken_back`, `replaced`;
    its lock, store and announcements)."""

    if TYPE_CHECKING:  # LiveTable's, which holds these parts; declared for the checker only
        table: KeptSession
        lock: threading.RLock
        version: int
        picks: dict[int, Pick]
        drafts: dict[str, Any]
        teach: bool
        replaced: dict[int, tuple[str, str]]
        taken_back: dict[int, Pick]
        _undone_entries: list[tuple[dict, dict]]

        @property
        def game_id(self) -> int: ...
        def _check(self, seen: int) -> None: ...
        def _announce(self, exclude: str | None = None) -> None: ...
        def play(self, seen: int, device: str, action: Any, by: str | None = None) -> Verdict: ...

    # -- simultaneous choices (each stored as it is entered) ---------------------------

    def load_picks(self) -> bool:
        """The picks and entries stored for the game as it is now (after a restart, or
        entered through another referee on the same folder); whether they differ from
        those shown."""
        store = self.table.store
        drafts = store.picks.drafts(self.game_id, self.table.revision)
        stored = store.picks.entered(self.game_id, self.table.revision)
        picks = {
            seat: Pick(p.value, p.owner, p.private, p.by)
            for seat, p in stored.items()
            if seat < len(self.table.state.players)
        }
        teach = store.teaching.taught(self.game_id)
        with self.lock:
            if picks == self.picks and drafts == self.drafts and teach == self.teach:
                return False
            self.picks, self.drafts, self.teach = picks, drafts, teach
            self.version += 1
        return True

    def set_draft(self, seen: int, device: str, name: str, value: Any) -> None:
        """An entry being tapped in, stored at once and shown on every device (None:
        cleared); refused, as any change, from a screen behind the game."""
        with self.lock:
            self._check(seen)
            if self.drafts.get(name) == value:
                return
            self.table.store.picks.save_draft(self.game_id, self.table.revision, name, value)
            if value is None:
                self.drafts.pop(name, None)
            else:
                self.drafts[name] = value
            self.version += 1
        self._announce(exclude=device)

    def pick(
        self,
        seen: int,
        device: str,
        seat: int,
        value: Any,
        private: bool,
        owner: str | None = None,
        by: str = "",
    ) -> Verdict | None:
        """Record one seat's choice (stored at once); when every seat the game waits for
        has one, apply them as one action and return its verdict."""
        owner = owner or device
        with self.lock:
            self._check(seen)
            rules, state = self.table.rules, self.table.state
            waiting = rules.to_act(state)
            if seat not in waiting:
                raise RefereeError(f"{state.players[seat]} has nothing to choose now.")
            rules.verify_pick(state, seat, value)
            before = self.picks.get(seat) or self.taken_back.pop(seat, None)
            new = Pick(value, owner, private, by)
            complete = all(s in self.picks or s == seat for s in waiting)
            if not complete:
                stored = StoredPick(value, owner, by, private)
                self.table.store.picks.save(self.game_id, self.table.revision, seat, stored)
                self.picks[seat] = new
                self.version += 1
                self._note_replaced(before, new, seat)
                action = None
            else:
                self.picks[seat] = new
                action = rules.gather(state, {s: p.value for s, p in self.picks.items()})
        if action is None:
            self._announce(exclude=device)
            return None
        try:
            verdict = self.play(self.version, device, action, by)
        except RefereeError:
            with self.lock:
                if before is None:
                    self.picks.pop(seat, None)
                else:
                    self.picks[seat] = before
            raise
        with self.lock:
            self._note_replaced(before, new, seat, self.version)
        with contextlib.suppress(RefereeError, sqlite3.Error):  # of a revision never read again
            self.table.store.picks.drop_all(self.game_id)
        return verdict

    def _note_replaced(
        self, before: Pick | None, new: Pick, seat: int, version: int | None = None
    ) -> None:
        """Another device changed a seat's pick before the choice was made: the device
        that entered it first is told, in one line, when it next draws."""
        if before is None or before.owner == new.owner or before.value == new.value:
            return
        rules, state = self.table.rules, self.table.state
        name = state.players[seat] if seat < len(state.players) else f"Player {seat + 1}"
        if version is not None:  # the choice was made with it: said of the old state
            label = str(new.value)
            with contextlib.suppress(Exception):
                label = rules.pick_label(new.value)
        else:
            label = rules.pick_label(new.value)
        said = f"{new.by or 'Another device'} changed {name}'s {rules.pick_noun}"
        # A private pick stays hidden from the phone told (it sees only the lock).
        said += "." if new.private else f" to {label}."
        self.replaced[version or self.version] = (before.owner, said)
        for old in list(self.replaced)[:-NOTES_KEPT]:
            del self.replaced[old]

    def replaced_for(self, owner: str, after: int, upto: int) -> list[str]:
        with self.lock:
            return [
                said for v, (o, said) in self.replaced.items() if o == owner and after < v <= upto
            ]

    def _entries_moved(self, kind: str) -> None:
        """The game moved (`kind`: the change's kind), and what was tapped in for it ends.
        An Undo keeps it for the moment it took back (the guesses made, a hand half
        typed); the Redo that brings that moment back brings it back too, stored again as
        if tapped. Any other change ends what was kept."""
        entered = (dict(self.picks), dict(self.drafts))
        self.picks.clear()
        self.taken_back.clear()
        self.drafts.clear()
        if kind == "undo":
            self._undone_entries.append(entered)
            return
        kept = self._undone_entries.pop() if kind == "redo" and self._undone_entries else None
        if kind != "redo":
            self._undone_entries.clear()
        if kept is None:
            return
        picks, drafts = kept
        store, revision = self.table.store, self.table.revision
        for seat, p in picks.items():
            stored = StoredPick(p.value, p.owner, p.by, p.private)
            store.picks.save(self.game_id, revision, seat, stored)
        for name, value in drafts.items():
            store.picks.save_draft(self.game_id, revision, name, value)
        self.picks, self.drafts = picks, drafts

    def unpick(self, seen: int, device: str, seat: int, owner: str | None = None) -> None:
        with self.lock:
            self._check(seen)
            if seat in self.picks:
                self.table.store.picks.drop(self.game_id, seat)
                taken = self.picks.pop(seat)
                self.version += 1
                if taken.owner != (owner or device):
                    self.taken_back[seat] = taken
        self._announce(exclude=device)
