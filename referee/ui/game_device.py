"""One device's hold on a shared game: what every screen of that game on this device
shares (the table, the log, the standings, the rules, a fix to the log).

It remembers the version of the game the device last drew, whose phone it is (for private
simultaneous choices), what it just undid and which log entries are open, and it is the
one way a screen changes the game: a refusal, a stale screen or a failed save is told,
changes nothing, and the screen shows the game as it now is.
"""

import contextlib
import copy
import json
import sqlite3
import threading

from referee.core.errors import RefereeError
from referee.live.tables import LOCKED, LiveTable
from referee.ui import routes
from referee.ui.host import Host
from referee.ui.result.facts import game_result
from referee.ui.result.share_dialog import ShareSheet, share_button
from referee.ui.theme import colours_of
from referee.ui.verdicts import FIXES, Shown, gone_dialog, took_away
from referee.ui.voice import Ears
from referee.ui.widgets import export_dialog, verdict_dialog


class PickPad:
    """The shared simultaneous picks as a view sees them from one device: a private pick
    made on another device shows only as LOCKED."""

    def __init__(self, game: "GameDevice") -> None:
        self.game = game

    @property
    def me(self) -> int | None:
        return self.game.me

    def shown(self, seat: int):
        pick = self.game.live.entries.picks.get(seat)
        if pick is None:
            return None
        if pick.private and pick.owner != self.game.owner:
            return LOCKED
        return pick.value

    def can_change(self, seat: int) -> bool:
        pick = self.game.live.entries.picks.get(seat)
        return pick is None or not pick.private or pick.owner == self.game.owner

    @property
    def moment(self) -> int:
        """The game's move the screen shows (picks are not moves): a control keyed with
        it means the same until the game moves (ui/reconcile.py keeps it till then)."""
        return self.game.live.log_version

    def draft(self, name: str, default=None):
        """An entry being tapped in, as the whole table has it (a copy: change it through
        `set_draft`)."""
        value = self.game.live.entries.drafts.get(name)
        return default if value is None else copy.deepcopy(value)

    def set_draft(self, name: str, value) -> None:
        """Store the entry as it now stands (None: cleared) and show it on every device."""
        self.game.set_draft(name, value)

    def choose(self, seat: int, value) -> None:
        self.game.pick(seat, value)

    def clear(self, seat: int) -> None:
        self.game.unpick(seat)


def _kept(before: list, after: list) -> int:
    """How many steps of the log `before` begin the log `after` too: the steps after
    those are new (an undo and another move since are a new step where the old one was)."""
    n = 0
    for old, new in zip(before, after, strict=False):
        if old is not new and (old.action != new.action or old.verdict != new.verdict):
            break
        n += 1
    return n


class GameDevice:
    def __init__(self, shell: Host, live: LiveTable) -> None:
        self.shell = shell
        self.live = live
        self.device = shell.device
        # The browser holding the page: the same after a reload or a restart of the host,
        # so its private picks and "This is me" come back with it.
        self.owner = shell.owner
        self.seen = live.version  # the version of the shared game this device last drew
        self.me: int | None = None  # the seat of the player holding this device, if any
        with contextlib.suppress(sqlite3.Error, RefereeError):
            seat = live.table.store.seats.of(live.game_id, self.owner)
            if seat is not None and seat < len(live.table.state.players):
                self.me = seat
        # What this device just undid: (the log's version, sentence), shown until the game
        # itself moves again.
        self.undone: tuple[int, str] | None = None
        self.log_open: set[str] = set()  # the log entries open on this device
        self.shown: Shown | None = None  # the verdict open on this device, held to the log
        # The version and log steps this device last said the changes up to (a verdict
        # opened, a toast, an undo line). Apart from `seen`: a redraw told of one change
        # may draw a later one too, and that one must still be said when it is told.
        self.told = live.version
        self.steps_told: list = list(live.table.session.steps)
        self.ears = Ears(self)  # push to talk, while this device shows the game
        self.joined = False
        # Play again said who starts and why; shown until the first action.
        self.note: str | None = shell.notes.pop(live.game_id, None)
        self.rematch_id: int | None = None  # the game Play again started from this one
        self._again = threading.Lock()

    # -- what the screens of this game share ------------------------------------------

    @property
    def game_id(self) -> int:
        return self.live.game_id

    @property
    def table(self):
        return self.live.table

    @property
    def session(self):
        return self.live.table.session

    @property
    def rules(self):
        return self.live.table.rules

    @property
    def page(self):
        return self.shell.page

    def new_view(self, play=None):
        """The game's view (referee.ui.games.VIEWS), playing on this device unless told
        otherwise (a fix to the log captures the action instead)."""
        from referee.ui.games import VIEWS  # the game views load after the first page

        view = VIEWS[self.rules.kind](
            play or self.play, self.shell.render, self.shell.toast, self.shell.confirm
        )
        view.pad = PickPad(self)
        view.explain_last = self.explain_last
        return view

    def render(self, to_top: bool = False, moved: bool = True) -> None:
        self.shell.render(to_top, moved=moved)

    def toast(self, message: str) -> None:
        self.shell.toast(message)

    def confirm(self, title: str, message: str, on_yes, yes="Yes, go ahead", no="Not yet") -> None:
        self.shell.confirm(title, message, on_yes, yes, no)

    def drawn(self) -> None:
        """The screen now shows this version of the game."""
        self.seen = self.live.version

    # -- the devices showing it --------------------------------------------------------

    def join(self) -> None:
        if not self.joined:
            self.joined = True
            self.live.join(self.device, self.device, self._changed_elsewhere)
            self.ears.open()

    def leave(self) -> None:
        if self.joined:
            self.joined = False
            self.live.leave(self.device)
            self.ears.close()

    def deleted(self) -> bool:
        return self.shell.lives.get(self.game_id) is not self.live

    def _changed_elsewhere(self, version: int) -> None:
        """Another device changed the game (or joined it): draw it again, and show a
        verdict that settled something so the whole table sees it. A change made through
        another referee on the same data folder is said in a sentence too."""
        if self.shell.game is not self:
            return
        if self.deleted():
            self.close_verdict()
            self.shell.game_gone("This game was deleted on another device.")
            return
        # A device is told in a turn of its own, so the game may have moved more than once
        # since it last drew: it says every change and shows the newest decisive verdict.
        with self.live.lock:
            version = self.live.version  # said up to the game as it is, not as it was
            seen_before, steps_before = self.told, self.steps_told
            self.told, self.steps_told = version, list(self.session.steps)
        changes = self.live.log_changes(seen_before, version)
        if changes and changes[-1][1] == "undo" and self.shown is None:
            # Said where this device's own Undo says it: a move that only vanished from
            # the screen left the other players asking what happened.
            who, _kind, what = changes[-1]
            took = what.removeprefix("undone: ").rstrip(".")
            said = f"{who} undid: {took or 'the last move'}. Redo puts it back."
            self.undone = (self.live.log_version, said)
        # A device joining or leaving changes no button's meaning: a tap sent from the
        # screen before still counts (a phone opening the game dropped a bid tapped as it
        # joined). A change of the game itself is a new version, and the shell then
        # renews every button whatever is asked here.
        self.render(moved=False)
        notes = self.live.notes_between(seen_before, version)
        gone = self._taken_away(seen_before, version)
        if gone is not None:  # said in the dialog that gives way, or in the toast
            notes = [f"{gone[0]}: “{self.shown.verdict.headline.rstrip('.')}”."]
        notes += self.live.entries.replaced_for(self.owner, seen_before, version)
        # Moves since (an undo and another move too); a fix to the log, an earlier version
        # back or a name changed shows no verdict of its own (the device making it shows
        # none either).
        moved = changes and changes[-1][1] not in FIXES
        added = self.session.steps[_kept(steps_before, self.session.steps) :] if moved else []
        decisive = next((s.verdict for s in reversed(added) if s.verdict.decisive), None)
        if decisive is not None and not self.shell.editing:
            self.show_verdict(decisive)
        elif gone is not None:
            self._show_gone(*gone)
            notes = notes[1:]
        if notes:
            self.toast(" ".join(notes))

    def _taken_away(self, seen: int, version: int) -> tuple[str, str] | None:
        """Who took the verdict open here out of the log since version `seen` and how
        (took_away), or None: none is open, or the log still holds it."""
        shown = self.shown
        if shown is None or not shown.is_open or shown.stands(self.session.steps):
            return None
        changes = self.live.log_changes(seen, version)
        return took_away(changes) if changes else ("Another device changed the game", "")

    def _show_gone(self, sentence: str, detail: str) -> None:
        shown, steps = self.shown, self.session.steps
        # A step's verdict open here, taken out of the log (`_taken_away`).
        assert shown is not None and shown.verdict is not None
        now = self.new_view().status(self.session.state)
        dialog = gone_dialog(
            sentence, detail, shown.verdict.headline, now, self.close_verdict, shown.instead(steps)
        )
        self._show(Shown(dialog))

    # -- changes -----------------------------------------------------------------------

    def change(self, change):
        """Run a change to the shared game; a refusal, a stale screen or a failed save is
        told, changes nothing, and the screen shows the game as it now is."""
        try:
            done = change()
        except RefereeError as exc:
            self.render()
            self.shell.phone.felt("refused")
            self.toast(exc.reason)
        except sqlite3.Error as exc:
            self.toast(f"Could not save ({exc}); nothing was changed. Try again.")
        else:
            with self.live.lock:  # this device's own change is never said to it again
                self.told, self.steps_told = self.live.version, list(self.session.steps)
            return done
        return None

    def play(self, action) -> None:
        verdict = self.change(lambda: self.live.play(self.seen, self.device, action, self.name))
        if verdict is None:
            return
        self.render()
        if verdict.decisive:
            self.decided(verdict)

    @property
    def name(self) -> str:
        """How this device is named to the others ("Bo's phone")."""
        players = self.table.state.players
        if self.me is not None and self.me < len(players):
            return f"{players[self.me]}'s phone"
        return "Another device"

    def can_change_pick(self, seat: int) -> bool:
        """Whether this device may change the seat's pick (not another phone's private one)."""
        return PickPad(self).can_change(seat)

    def pick(self, seat: int, value) -> None:
        private = self.me == seat
        done = self.change(
            lambda: (
                self.live.entries.pick(
                    self.seen, self.device, seat, value, private, owner=self.owner, by=self.name
                )
                or False
            )
        )
        if done is None:
            return
        self.render()
        if done and done.decisive:
            self.decided(done)

    def set_draft(self, name: str, value) -> None:
        def step() -> bool:
            self.live.entries.set_draft(self.seen, self.device, name, value)
            return True  # done (`change` gives None for a step refused)

        if self.change(step):
            self.render()

    def unpick(self, seat: int) -> None:
        def step() -> bool:
            self.live.entries.unpick(self.seen, self.device, seat, self.owner)
            return True

        if self.change(step):
            self.render()

    def choose_me(self, seat: int | None) -> None:
        try:  # kept, so a reload or a restart of the host finds the phone still its player's
            self.table.store.seats.save(self.game_id, self.owner, seat)
        except (RefereeError, sqlite3.Error) as exc:
            self.toast(getattr(exc, "reason", "This phone's player could not be saved."))
            return
        self.me = seat
        self.render()

    def set_teach(self, teach: bool) -> None:
        """Teach this game (What now? under the status line), on every device."""

        def step() -> bool:
            self.live.set_teach(self.device, teach)
            return True

        if self.change(step):
            self.render()

    def undo(self, _e=None) -> None:
        verdicts = self.session.verdicts
        undone = verdicts[-1].headline if verdicts else None
        action = self.change(lambda: self.live.undo(self.seen, self.device, self.name))
        if action is not None:
            said = f"Undone: {(undone or '').rstrip('.')}. Redo puts it back."
            self.undone = (self.live.log_version, said)
            self.render(to_top=True)
            self._entered_again(action)

    def _entered_again(self, action) -> None:
        """The undone move back in the pad it was tapped in with (a hand, a board, a lot,
        the dice's tops, a guess's count), so fixing one card of it is that card, not the
        whole entry again. Its picks came back with the undo itself (LiveTable.undo)."""
        view = getattr(self.shell.top, "view", None)  # the game screen, whose Undo it was
        state = self.session.state
        if view is None or self.rules.picks_in(state, action):
            return
        view.keypad(state)  # a view sets its entries up for the moment first
        view.actions(state)
        version = self.live.version
        view.start_from(state, action)
        if self.live.version == version:  # an entry of the view's own: this screen only
            self.render()

    def redo(self, _e=None) -> None:
        verdict = self.change(lambda: self.live.redo(self.seen, self.device, self.name))
        if verdict is not None:
            self.render(to_top=True)
            if verdict.decisive:  # as the other devices show it
                self.decided(verdict)

    def play_again(self, _e=None) -> None:
        """The same players and options at a fresh game, the first seat handed on as the
        rules say. Made once: a second tap, here or on any other device or process, while
        the first is being made or after, goes to the game the first one made."""
        if not self._again.acquire(blocking=False):
            return
        try:
            if self.rematch_id is None:
                try:
                    game_id, rematch = self.shell.lives.play_again(self.table)
                except RefereeError as exc:  # read-only, disk trouble: nothing was started
                    self.toast(exc.reason)
                    return
                except sqlite3.Error as exc:
                    self.toast(f"Could not save ({exc}); nothing was started. Try again.")
                    return
                self.rematch_id = game_id
                self.shell.notes[game_id] = rematch.note
                if self.live.teach:  # a table still learning the game: still taught
                    with contextlib.suppress(RefereeError, sqlite3.Error):
                        self.table.store.teaching.save(game_id, True)
            self.shell.go(routes.game(self.rematch_id))
        finally:
            self._again.release()

    def end_edit(self) -> None:
        """A fix to the log is done or dropped: back to the table."""
        self.shell.go(f"/game/{self.game_id}")

    # -- telling -----------------------------------------------------------------------

    def undone_line(self) -> str | None:
        # Until the next change to the game itself: a pick or an entry leaves Redo there.
        if self.undone is not None and self.undone[0] == self.live.log_version:
            return self.undone[1]
        return None

    def explain_last(self) -> None:
        verdicts = self.session.verdicts
        if verdicts:
            self.show_verdict(verdicts[-1])

    def decided(self, verdict) -> None:
        """A tap on this device decided something: the verdict shows, and is felt."""
        self.shell.phone.felt("verdict")
        self.show_verdict(verdict)

    def show_verdict(self, verdict) -> None:
        """The verdict of a step of the log in a dialog, held to the log: when another
        device takes the step away, it gives way to a sentence saying so."""
        from referee.ui.games import VIEWS  # the game views load after the first page

        s = self.session
        ends = s.is_over and s.steps and s.steps[-1].verdict == verdict
        newest_first = range(len(s.steps), 0, -1)
        number = next((n for n in newest_first if s.steps[n - 1].verdict is verdict), None)
        number = number or next((n for n in newest_first if s.steps[n - 1].verdict == verdict), 0)
        dialog = verdict_dialog(
            self.rules,
            verdict,
            VIEWS[self.rules.kind].unit,
            self.close_verdict,
            ending=s.rules.outcome(s.state).headline if ends else None,
        )
        if ends:  # the ending's Share, beside its OK
            dialog.actions.insert(0, share_button(self._share_from_dialog, "Share"))
        action = s.steps[number - 1].action if number else None
        self._show(Shown(dialog, number or None, action, verdict, len(s.steps)))

    def _show(self, shown: Shown) -> None:
        self.close_verdict()  # one verdict at a time: the newer takes the older's place
        self.shown = shown
        self.shell.dialog(shown.dialog)

    def close_verdict(self, _e=None) -> None:
        """Close the verdict (or the sentence about one) open here: that very dialog, not
        whatever opened last (a toast)."""
        shown, self.shown = self.shown, None
        if shown is not None:
            shown.close()

    def _share_from_dialog(self, _e=None) -> None:
        self.close_verdict()  # the verdict gives way to the picture that says it
        self.share_result()

    def share_result(self, _e=None) -> None:
        """Share the finished game's result: its picture and its text (ui/result)."""
        s = self.session
        if not s.is_over:
            return
        try:  # when it was played, from the stored record (as Export reads it)
            stored = self.table.store.load(self.game_id).record
            created, ended = stored.created, stored.ended
        except (RefereeError, KeyError, sqlite3.Error):
            created = ended = None
        with colours_of(self.table.store):  # each name in the colour it has on screen
            result = game_result(s, self.game_id, created, ended)
        ShareSheet(self.shell, result).open()

    def export(self, _e=None) -> None:
        record = self.session.record()
        try:  # the stored record carries when the game was played, as export --all writes it
            stored = self.table.store.load(self.game_id).record
        except (RefereeError, KeyError, sqlite3.Error):
            stored = None
        if stored is not None and stored.undated() == record:  # the game as drawn here
            record = stored
        text = json.dumps(record.model_dump(mode="json"), indent=1)
        name = f"referee-{self.rules.kind}-{self.game_id}.json"
        self.shell.dialog(
            export_dialog("Game record", text, name, lambda _e: self.shell.close_dialog())
        )
