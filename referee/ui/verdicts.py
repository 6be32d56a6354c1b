"""A verdict open on one device, held to the log every device shares.

A verdict's dialog shows one step of the log: the device keeps which (its number, its
action and its verdict). When the game changes on another device or through another
referee, the step is looked for in the new log; if the log no longer holds it (undone,
edited, deleted, replaced, an earlier version restored), the dialog gives way to one plain
sentence saying who took it away, so a phone never shows what the log no longer holds.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import flet as ft
from pydantic import BaseModel

from referee.core.verdict import Verdict
from referee.ui.widgets import TAP, tagged

# The kinds of change (referee.live.tables.LiveTable.made) that can take a step away; a
# move on at the end of the log never does.
TAKES_AWAY = ("undo", "edit", "restore", "change", "rename", "deleted")
FIXES = ("edit", "restore", "rename", "deleted")  # changes to the log that are not moves


@dataclass
class Shown:
    """A dialog open on this device: a step's verdict (`number` from 1), or (`number`
    None) a sentence about one that was taken away, which stays true whatever follows."""

    dialog: ft.AlertDialog
    number: int | None = None
    action: BaseModel | None = None
    verdict: Verdict | None = None
    length: int = 0  # the steps of the log when it was shown

    @property
    def is_open(self) -> bool:
        return bool(self.dialog.open)

    def stands(self, steps: Sequence) -> bool:
        """Whether the log still holds this step: the same action with the same verdict
        where it was, or as far along as the log grew or shrank (an action inserted or
        deleted before it moves it, and leaves its verdict true if it is the same)."""
        if self.number is None:
            return True
        moved = len(steps) - self.length
        low, high = sorted((self.number, self.number + moved))
        return any(
            steps[n - 1].action == self.action and steps[n - 1].verdict == self.verdict
            for n in range(max(low, 1), min(high, len(steps)) + 1)
        )

    def instead(self, steps: Sequence) -> str:
        """The headline of the step the log now has where this one was, if another."""
        if self.number is None or self.number > len(steps):
            return ""
        return steps[self.number - 1].verdict.headline

    def close(self) -> None:
        if self.dialog.open:
            self.dialog.open = False
            self.dialog.update()


def took_away(changes: list[tuple[str, str, str]]) -> tuple[str, str]:
    """Who took a verdict away, in one sentence ("Bo's phone undid that"), and what they
    did in the log's words, from the changes since it was shown (who, kind, what)."""
    who, kind, what = next((c for c in changes if c[1] in TAKES_AWAY), changes[0])
    said = {
        "undo": f"{who} undid that",
        "edit": f"{who} fixed the log",
        "restore": f"{who} restored an earlier version of the game",
        "rename": f"{who} renamed a player",
        "deleted": f"{who} deleted the game",
    }.get(kind, f"{who} changed the game")
    if kind == "undo" or kind == "restore":
        return said, ""
    return said, what[:1].upper() + what[1:].rstrip(".") + "."


def gone_dialog(
    sentence: str, detail: str, headline: str, now: str, on_close: Callable, instead: str = ""
) -> ft.AlertDialog:
    """The sentence in place of the verdict it took away: that verdict struck through,
    the verdict the log has in its place (`instead`, if any), and the table now."""
    lines: list[ft.Control] = []
    if detail:
        lines.append(tagged("verdict-gone-what", ft.Text(detail, size=15)))
    lines.append(
        tagged(
            "verdict-gone-was",
            ft.Text(
                headline,
                size=15,
                italic=True,
                color=ft.Colors.ON_SURFACE_VARIANT,
                style=ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH),
            ),
        )
    )
    if instead:
        lines.append(tagged("verdict-gone-instead", ft.Text(f"In its place: {instead}", size=15)))
    lines.append(tagged("verdict-gone-now", ft.Text(f"The table now: {now}", size=15)))
    return ft.AlertDialog(
        modal=True,
        title=tagged("verdict-gone", ft.Text(f"{sentence}.", size=20)),
        content=ft.Container(ft.Column(lines, spacing=8, tight=True), width=460),
        actions=[ft.FilledButton(content="OK", on_click=on_close, height=TAP)],
    )
