"""Fix a mistake anywhere in the log: edit, delete, or insert an action before another.

Tapping an action in the log offers the three. Edit and Insert show the game's own view,
drawn for the table as it stood just before that action, with the same deck-aware pickers
as in play; the action chosen there is captured, not played. The edited record is replayed
(referee.core.edit) and the player sees either what changed, before and after, and
confirms, or the first action that no longer applies and why, and may keep the game up
to there (the rest kept as redo). Nothing is written until then; the write is one change
to the live table, so every device showing the game redraws, and the log it replaced is
kept as a version the game menu can restore.
"""

from typing import Any

import flet as ft

from referee.core.edit import Preview, preview
from referee.core.errors import RefereeError
from referee.core.said import restates
from referee.core.words import amount, number
from referee.ui.game_view import GameView
from referee.ui.widgets import TAP, big_button, tagged


class EditorPad:
    """Simultaneous choices inside the editor: kept here, never on the live table; when
    every seat the game waits for has one, they become one captured action."""

    me = None
    moment = 0  # the editor's screen shows one action being fixed, and no move happens

    def __init__(self, editor: "LogEditor") -> None:
        self.editor = editor
        self.picks: dict[int, object] = {}

    def shown(self, seat: int) -> Any:
        return self.picks.get(seat)

    def can_change(self, seat: int) -> bool:
        return True

    def choose(self, seat: int, value: Any) -> None:
        rules, state = self.editor.rules, self.editor.state
        try:
            rules.verify_pick(state, seat, value)
        except RefereeError as exc:
            self.editor.app.toast(exc.reason)
            return
        self.picks[seat] = value
        if all(s in self.picks for s in rules.to_act(state)):
            self.editor.capture(rules.gather(state, dict(self.picks)))
        else:
            self.editor.app.render()

    def clear(self, seat: int) -> None:
        self.picks.pop(seat, None)
        self.editor.app.render()


class LogEditor:
    """One edit of one game's log on one device, from the choice to the confirmation."""

    def __init__(self, app, number: int, kind: str) -> None:
        self.app = app  # the game on this device (referee.ui.game_device.GameDevice)
        self.live = app.live
        session = self.live.table.session
        self.seen = app.seen  # the game this edit was made against: a newer one refuses it
        self.rules = session.rules
        self.record = session.record()
        self.redo = session.redo_actions
        self.number, self.kind = number, kind
        self.old = session.steps[number - 1]
        self.state = session.steps[number - 2].state if number > 1 else session.initial
        self.result: Preview | None = None
        self.view: GameView | None = None  # the game's view, for an edit or an insert
        self.pad = EditorPad(self)  # the view's pad: the picks it holds are the editor's
        if kind == "delete":
            self._preview(None)
        else:
            self.view = app.new_view(play=self.capture)
            self.view.pad = self.pad
            if kind == "replace":
                self._prefill()

    def _prefill(self) -> None:
        """The editor starts from the action as logged: a choice everyone made at once
        with every seat's pick in (change one, and the action is taken again), and any
        other with what it was entered by tapped in already (the game's view knows its
        entries), so a fix is the one change, not the whole action again."""
        action = self.old.action
        picks = self.rules.picks_in(self.state, action)
        if picks:
            self.pad.picks.update(picks)
            return
        view = self._view()
        view.keypad(self.state)  # a view sets its entries up for the moment first
        view.actions(self.state)
        view.start_from(self.state, action)

    def _view(self) -> GameView:
        """The game's view, which an edit or an insert has (a delete has none)."""
        if self.view is None:
            raise RuntimeError("a delete enters no action: it has no view")
        return self.view

    # -- steps -------------------------------------------------------------------------

    def capture(self, action) -> None:
        """The view's `play`: the action entered becomes the edit, not a move."""
        if self._preview(action):
            self.app.render()

    def _preview(self, action) -> bool:
        try:
            self.result = preview(
                self.rules, self.record, self.number, self.kind, action, self.redo
            )
        except RefereeError as exc:  # the entered action itself does not apply there
            self.app.toast(exc.reason)
            return False
        return True

    def back_to_choosing(self, _e=None) -> None:
        if self.kind == "delete":
            self.cancel()
            return
        self.result = None
        if self.view is not None:
            self.pad.picks.clear()
            if self.kind == "replace":
                self._prefill()  # from the action as logged again
        self.app.render()

    def cancel(self, _e=None) -> None:
        self.app.end_edit()

    def confirm(self, _e=None) -> None:
        result = self.result
        if result is None:
            return
        if result.ok:
            actions, redo = result.record.actions, self.redo
        else:
            actions, redo = result.kept, result.kept_redo
        done = self.app.change(
            lambda: self.live.edit(
                self.seen, self.app.device, actions, redo, result.note, self.app.name
            )
        )
        self.app.end_edit()
        if done is not None:
            self.app.toast(f"{result.note}. The earlier log is kept in the game menu.")

    # -- drawing -----------------------------------------------------------------------

    def screen(self) -> ft.Control:
        if self.result is None:
            return self._choosing()
        return self._broken(self.result) if not self.result.ok else self._changes(self.result)

    def _was(self) -> ft.Control:
        said = self.rules.said(self.state, self.old.action).line
        told = "As logged" if self.kind == "replace" else f"Action {self.number} as logged"
        return tagged(
            "edit-was",
            ft.Text(f"{told}: {said}", size=15, weight=ft.FontWeight.W_600),
        )

    def _choosing(self) -> ft.Control:
        view, state = self._view(), self.state
        heading = (
            f"Edit action {self.number}"
            if self.kind == "replace"
            else f"Insert an action before action {self.number}"
        )
        return ft.Column(
            [
                tagged("edit-heading", ft.Text(heading, size=20, weight=ft.FontWeight.BOLD)),
                self._was(),
                ft.Text(
                    "The table as it stood then. Enter what really happened:",
                    size=13,
                    color=ft.Colors.ON_SURFACE_VARIANT,
                ),
                ft.Text(view.round_line(state), size=14),
                view.scoreboard(state),
                ft.Text(view.status(state), size=16, weight=ft.FontWeight.W_600),
                # The move's pad first, as on the table (a FAJ trick, a Fae-ker hand).
                *(pad for pad in (view.keypad(state),) if pad is not None),
                view.actions(state),
                ft.Divider(),
                big_button("Cancel", self.cancel, filled=False, icon=ft.Icons.CLOSE),
            ],
            spacing=10,
        )

    def _changes(self, result: Preview) -> ft.Control:
        s = result.summary
        edited = s["edited"]
        header = ft.Row(
            [
                ft.Text("", expand=2),
                ft.Text("Before", weight=ft.FontWeight.BOLD, expand=1),
                ft.Text("After", weight=ft.FontWeight.BOLD, expand=1),
            ]
        )
        rows: list[ft.Control] = [header]
        for p in s["points"]:
            moved = p["before"] != p["after"]
            weight = ft.FontWeight.BOLD if moved else None
            rows.append(
                ft.Row(
                    [
                        ft.Text(p["player"], expand=2, weight=weight),
                        ft.Container(
                            tagged(f"edit-before-{p['player']}", ft.Text(number(p["before"]))),
                            expand=1,
                        ),
                        ft.Container(
                            tagged(
                                f"edit-after-{p['player']}",
                                ft.Text(
                                    number(p["after"]),
                                    weight=weight,
                                    color=ft.Colors.PRIMARY if moved else None,
                                ),
                            ),
                            expand=1,
                        ),
                    ]
                )
            )
        parts: list[ft.Control] = [
            tagged("edit-heading", ft.Text("Check the change", size=20, weight=ft.FontWeight.BOLD)),
            tagged(
                "edit-what",
                ft.Text(
                    f"Action {self.number}: {s['action']['change']}",
                    size=16,
                    weight=ft.FontWeight.BOLD,
                ),
            ),
            *self._verdict_change(edited, s["action"]),
            ft.Text(f"Scores at the end of the log ({s['unit']}):", size=13),
            ft.Container(
                ft.Column(rows, spacing=4),
                padding=10,
                border_radius=10,
                bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
            ),
        ]
        ending = s["ending"]
        if ending["before"] != ending["after"]:
            parts.append(
                tagged(
                    "edit-ending",
                    ft.Text(
                        f"Ending: {ending['before'] or 'not over yet'} → "
                        f"{ending['after'] or 'not over yet'}",
                        weight=ft.FontWeight.BOLD,
                    ),
                )
            )
        flipped = s["flipped"]
        if flipped:
            parts.append(ft.Text("Verdicts that change:", weight=ft.FontWeight.BOLD, size=14))
            for f in flipped[:8]:
                parts.append(
                    tagged(
                        f"edit-flipped-{f['action']}",
                        ft.Text(f"{f['action']}. {f['before']} → {f['after']}", size=13),
                    )
                )
            if len(flipped) > 8:
                parts.append(ft.Text(f"and {len(flipped) - 8} more", size=13, italic=True))
        elif not s["changed"]:
            parts.append(ft.Text("Nothing changes: the log stays as it is.", italic=True))
        parts.append(
            ft.Row(
                [
                    big_button("Confirm", self.confirm, icon=ft.Icons.CHECK),
                    big_button("Cancel", self.cancel, filled=False),
                ],
                wrap=True,
            )
        )
        return ft.Column(parts, spacing=10)

    def _verdict_change(self, edited: dict, action: dict) -> list[ft.Control]:
        """The edited action's own verdict, when the change changes it. A verdict that only
        says the action again (a bid, a pass) is no verdict of its own: the action's line
        above already says the change, so no "Verdict:" line repeats it."""
        before, after = edited["before"], edited["after"]
        if self.kind != "replace" or before == after:
            return []
        was = None if restates(before, action["before"]) else before
        now = None if restates(after, action["after"]) else after
        if was is None and now is None:
            return []
        if was is None:
            said = f"Verdict now: {now}"
        elif now is None:
            said = f"No verdict now (it was: {was})"
        else:
            said = f"Verdict: {was} → {now}"
        return [tagged("edit-verdict", ft.Text(said, size=14))]

    def _broken(self, r: Preview) -> ft.Control:
        assert r.broken is not None  # drawn for an edit after which an action breaks
        later = r.broken + 1
        return ft.Column(
            [
                # The change itself first, as when every action still applies.
                tagged(
                    "edit-what",
                    ft.Text(
                        f"Action {self.number}: {r.change}", size=16, weight=ft.FontWeight.BOLD
                    ),
                ),
                tagged(
                    "edit-heading",
                    ft.Text(
                        f"Then action {later} ({r.broken_headline.rstrip('.')}) no longer applies"
                        if r.broken_headline
                        else f"Then action {later} no longer applies",
                        size=20,
                        weight=ft.FontWeight.BOLD,
                    ),
                ),
                tagged("edit-reason", ft.Text(r.reason, size=15)),
                ft.Text(
                    (
                        "Keeping the game up to there empties the log"
                        if r.broken == 0
                        else "Keeping the game up to there keeps action 1"
                        if r.broken == 1
                        else f"Keeping the game up to there keeps actions 1 to {r.broken}"
                    )
                    + "; the rest waits under Redo, to redo one by one once fixed.",
                    size=13,
                    color=ft.Colors.ON_SURFACE_VARIANT,
                ),
                big_button(
                    "Keep the game up to there (the rest kept as redo)",
                    self.confirm,
                    icon=ft.Icons.CONTENT_CUT,
                ),
                ft.Row(
                    [
                        big_button("Cancel", self.cancel, filled=False),
                        *(
                            [big_button("Choose again", self.back_to_choosing, filled=False)]
                            if self.kind != "delete"
                            else []
                        ),
                    ],
                    wrap=True,
                ),
            ],
            spacing=12,
        )


def versions_dialog(app) -> ft.AlertDialog:
    """Earlier logs of the game (kept by every edit), newest first, each restorable.
    `app`: the game on this device (referee.ui.game_device.GameDevice)."""
    live = app.live
    versions = live.table.store.log.versions(live.game_id)
    seen = app.seen  # the game these versions were listed for: a newer one refuses them

    def restore(version_id: int):
        def go(_e):
            app.page.pop_dialog()
            done = app.change(lambda: live.restore(seen, app.device, version_id, app.name))
            if done is not None:
                app.log_open = set()  # another log: its entries start closed
                app.render(to_top=True)
                app.toast("The earlier version is back; the log it replaced is kept too.")

        return go

    rows: list[ft.Control] = []
    for v in versions[:20]:
        when = v["saved"].replace("T", " ")[:16]
        rows.append(
            ft.Row(
                [
                    ft.Text(
                        f"Before “{v['note']}” · {amount(len(v['actions']), 'actions')} · {when}",
                        size=13,
                        expand=True,
                    ),
                    ft.TextButton(content="Restore", on_click=restore(v["id"]), height=TAP),
                ]
            )
        )
    if not rows:
        rows = [ft.Text("No earlier versions: the log was never edited.", italic=True)]
    return ft.AlertDialog(
        title=ft.Text("Earlier versions"),
        content=tagged("versions", ft.Column(rows, tight=True, spacing=4)),
        actions=[
            ft.TextButton(content="Close", on_click=lambda _e: app.page.pop_dialog(), height=TAP)
        ],
        scrollable=True,
    )
