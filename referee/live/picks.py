"""Simultaneous choices at a live table (everyone reveals at once): each seat's pick, stored
as it is entered and hidden from the other devices when private, applied as one action
when every seat the game waits for has one; and the entries being tapped in (drafts).

Entries is a part LiveTable (referee.live.tables) holds: it keeps its own state and
reaches the table only through Holder, so what it may touch of the table is written in
one place and the table's insides can change without it."""

import contextlib
import sqlite3
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

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


class Holder(Protocol):
    """What the entries use of the live table that holds them, and nothing else."""

    @property
    def lock(self) -> threading.RLock:
        """The table's: an entry and a change to the game never interleave."""

    @property
    def table(self) -> "KeptSession":
        """The game as last read: asked for each time, as it is read again when another
        process writes."""

    @property
    def version(self) -> int:
        """The table's version, which every change moves (a device redraws when it does)."""

    def bump(self) -> None:
        """Count a change: every device redraws."""

    def refuse_stale(self, seen: int) -> None:
        """Raise if the device drew the game before its latest move."""

    def announce(self, exclude: str | None = None) -> None:
        """Tell every device but `exclude` that the table moved."""

    def play(self, seen: int, device: str, action: Any, by: str | None = None) -> Verdict:
        """Apply an action to the game as one change every device sees."""


Entered = tuple[dict[int, Pick], dict[str, Any]]  # the picks and drafts of one moment


class Entries:
    """What a table's devices have entered and not yet played: each seat's pick of a
    simultaneous choice, and the entries being tapped in (drafts)."""

    def __init__(self, holder: Holder) -> None:
        self._holder = holder
        self.picks: dict[int, Pick] = {}  # seat -> pick, this decision only
        # An entry being tapped in before it is confirmed (a hand, a lot's items, the
        # dice's tops, a board), by name: stored as it grows, shown on every device, gone
        # with the next change to the game.
        self.drafts: dict[str, Any] = {}
        # Version -> (the device whose pick another device replaced, the line it is told).
        self.replaced: dict[int, tuple[str, str]] = {}
        # Seat -> a pick another device took back: its next pick from there replaces it.
        self.taken_back: dict[int, Pick] = {}
        # What was tapped in for each moment an Undo took back, newest last.
        self._undone: list[Entered] = []

    # -- what is stored (after a restart, or entered through another referee) ----------

    def stored(self) -> Entered:
        """The picks and drafts stored for the game as it is now."""
        game = self._holder.table
        store, revision = game.store, game.revision
        drafts = store.picks.drafts(game.game_id, revision)
        picks = {
            seat: Pick(p.value, p.owner, p.private, p.by)
            for seat, p in store.picks.entered(game.game_id, revision).items()
            if seat < len(game.state.players)
        }
        return picks, drafts

    def take(self, entered: Entered) -> bool:
        """Hold `entered` (from `stored`) in place of what is held; whether they differ.
        The change is not counted here: the holder reads its teaching beside these, and
        the two are one new version."""
        picks, drafts = entered
        with self._holder.lock:
            if picks == self.picks and drafts == self.drafts:
                return False
            self.picks, self.drafts = picks, drafts
        return True

    # -- entering ----------------------------------------------------------------------

    def set_draft(self, seen: int, device: str, name: str, value: Any) -> None:
        """An entry being tapped in, stored at once and shown on every device (None:
        cleared); refused, as any change, from a screen behind the game."""
        holder = self._holder
        with holder.lock:
            holder.refuse_stale(seen)
            if self.drafts.get(name) == value:
                return
            game = holder.table
            game.store.picks.save_draft(game.game_id, game.revision, name, value)
            if value is None:
                self.drafts.pop(name, None)
            else:
                self.drafts[name] = value
            holder.bump()
        holder.announce(exclude=device)

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
        holder = self._holder
        owner = owner or device
        with holder.lock:
            holder.refuse_stale(seen)
            game = holder.table
            rules, state = game.rules, game.state
            waiting = rules.to_act(state)
            if seat not in waiting:
                raise RefereeError(f"{state.players[seat]} has nothing to choose now.")
            rules.verify_pick(state, seat, value)
            before = self.picks.get(seat) or self.taken_back.pop(seat, None)
            new = Pick(value, owner, private, by)
            complete = all(s in self.picks or s == seat for s in waiting)
            if not complete:
                stored = StoredPick(value, owner, by, private)
                game.store.picks.save(game.game_id, game.revision, seat, stored)
                self.picks[seat] = new
                holder.bump()
                self._note_replaced(before, new, seat)
                action = None
            else:
                self.picks[seat] = new
                action = rules.gather(state, {s: p.value for s, p in self.picks.items()})
        if action is None:
            holder.announce(exclude=device)
            return None
        try:
            verdict = holder.play(holder.version, device, action, by)
        except RefereeError:
            with holder.lock:
                if before is None:
                    self.picks.pop(seat, None)
                else:
                    self.picks[seat] = before
            raise
        with holder.lock:
            self._note_replaced(before, new, seat, holder.version)
        with contextlib.suppress(RefereeError, sqlite3.Error):  # of a revision never read again
            holder.table.store.picks.drop_all(holder.table.game_id)
        return verdict

    def unpick(self, seen: int, device: str, seat: int, owner: str | None = None) -> None:
        holder = self._holder
        with holder.lock:
            holder.refuse_stale(seen)
            if seat in self.picks:
                holder.table.store.picks.drop(holder.table.game_id, seat)
                taken = self.picks.pop(seat)
                holder.bump()
                if taken.owner != (owner or device):
                    self.taken_back[seat] = taken
        holder.announce(exclude=device)

    # -- a pick another device replaced ------------------------------------------------

    def _note_replaced(
        self, before: Pick | None, new: Pick, seat: int, version: int | None = None
    ) -> None:
        """Another device changed a seat's pick before the choice was made: the device
        that entered it first is told, in one line, when it next draws."""
        if before is None or before.owner == new.owner or before.value == new.value:
            return
        game = self._holder.table
        rules, state = game.rules, game.state
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
        self.replaced[version or self._holder.version] = (before.owner, said)
        for old in list(self.replaced)[:-NOTES_KEPT]:
            del self.replaced[old]

    def replaced_for(self, owner: str, after: int, upto: int) -> list[str]:
        with self._holder.lock:
            return [
                said for v, (o, said) in self.replaced.items() if o == owner and after < v <= upto
            ]

    # -- the game moved ----------------------------------------------------------------

    def picked_again(self, undone: Any, device: str, by: str | None) -> None:
        """An undone choice that everyone made at once (a trick's cards, the guesses) comes
        back as the picks it was gathered from, open to all: changing one pick makes the
        choice again, where it used to mean entering every seat's again. Called under the
        holder's lock, after `game_moved`."""
        game = self._holder.table
        picks = game.rules.picks_in(game.state, undone)
        for seat, value in picks.items():
            stored = StoredPick(value, device, by or "", private=False)
            game.store.picks.save(game.game_id, game.revision, seat, stored)
            self.picks[seat] = Pick(value, device, False, by or "")

    def game_moved(self, kind: str) -> None:
        """The game moved (`kind`: the change's kind), and what was tapped in for it ends;
        called under the holder's lock, by the change. An Undo keeps it for the moment it
        took back (the guesses made, a hand half typed); the Redo that brings that moment
        back brings it back too, stored again as if tapped. Any other change ends what was
        kept."""
        entered = (dict(self.picks), dict(self.drafts))
        self.picks.clear()
        self.taken_back.clear()
        self.drafts.clear()
        if kind == "undo":
            self._undone.append(entered)
            return
        kept = self._undone.pop() if kind == "redo" and self._undone else None
        if kind != "redo":
            self._undone.clear()
        if kept is None:
            return
        picks, drafts = kept
        game = self._holder.table
        store, revision = game.store, game.revision
        for seat, p in picks.items():
            stored = StoredPick(p.value, p.owner, p.by, p.private)
            store.picks.save(game.game_id, revision, seat, stored)
        for name, value in drafts.items():
            store.picks.save_draft(game.game_id, revision, name, value)
        self.picks, self.drafts = picks, drafts
