"""What now? in a game's own view (`/game/{id}/whatnow`): the ? in the bar that opens it,
the panel above the actions (ui/whatnow_panel.py draws it), open or kept shut on the page, and
its Why?. Back, the panel's × and the ? again close it."""

import asyncio
import time

import flet as ft

from referee.core.whatnow import WhatNow
from referee.ui import routes
from referee.ui.whatnow_panel import Why, slot
from referee.ui.widgets import icon_button

DOUBLE_TAP_S = 0.6  # a second tap on the ? this soon after the first is the same tap
# How long a game stays still before its shut What now? is brought up to date: after the
# taps of a move, not in their frames.
KEEP_AFTER_S = 0.4


class WhatNowHere:
    def __init__(self, screen) -> None:
        self.screen = screen  # the GameScreen whose view it opens in
        self.rulings_shown = False  # its Why?
        self.asked_at = 0.0  # when this device's ? opened it (time.monotonic)
        # What it tells, open or as the page keeps it shut, and the table's version that is.
        self.told: WhatNow | None = None
        self.version: int | None = None
        self._updates = 0  # updates asked for: only the last one is made
        # The slot last drawn and what it was drawn of: a redraw of the game that changed
        # nothing in it builds none of its some 25 controls again.
        self._drawn: tuple[tuple, ft.Control] | None = None

    @property
    def opened(self) -> bool:
        return self.screen.route.screen == "whatnow"

    def button(self) -> ft.Control:
        # In the bar, not beside the status line: there it took the status a third of the
        # phone's width, and the actions moved two lines down. Keyed: it opens What now? of
        # whatever the game is, so a move's redraw keeps it. The same open or shut: drawn
        # filled while open, it cost the opening tap a redraw of the bar (bench/README.md);
        # the panel's × says it is open.
        return icon_button(ft.Icons.HELP_OUTLINE, "What now?", self._open, key="whatnow")

    def slot(self) -> list[ft.Control]:
        """The panel open, as of now; or shut as last brought up to date (none before the
        first update), its update asked for when the game has changed since."""
        live = self.screen.game.live
        if self.opened:
            self._tell()
        elif self.version != live.version:
            self._ask_update()
        if self.told is None:
            return []
        drawn_of = (self.version, self.told, self.opened, self.rulings_shown)
        if self._drawn is None or self._drawn[0] != drawn_of:
            why = Why(self.rulings_shown, self._toggle_rulings)
            self._drawn = (drawn_of, slot(self.told, self.opened, self._close, why))
        return [self._drawn[1]]

    def _tell(self) -> None:
        live = self.screen.game.live
        self.version, self.told = live.version, live.what_now()

    def _ask_update(self) -> None:
        page = self.screen.page
        try:
            _ = page.session
        except RuntimeError:  # a page gone (its session with it) is drawn no more
            return
        self._updates += 1
        page.run_task(self._update_later, self._updates)

    async def _update_later(self, asked: int) -> None:
        """Bring the shut panel up to date after KEEP_AFTER_S, unless another update was
        asked for since or it is no longer due."""
        await asyncio.sleep(KEEP_AFTER_S)
        if asked == self._updates and self.update_due():
            self._tell()
            self.screen.shell.render(moved=False)  # nothing was played: the buttons are kept

    def update_due(self) -> bool:
        """Whether the shut panel is this page's to bring up to date now: not when it is
        open, on another screen or game, or when the table changed since this page drew it
        (the page is told of that change next, which must find the page as it was: the
        notes and verdicts it says are those of the changes since it last drew)."""
        screen, game = self.screen, self.screen.game
        return (
            not self.opened
            and screen.shell.top is screen
            and screen.shell.game is game
            and game.seen == game.live.version
            and self.version != game.live.version
        )

    def _open(self, _e=None) -> None:
        if not self.opened:
            self.asked_at = time.monotonic()
            self.screen.shell.go(routes.game(self.screen.game.game_id, "whatnow"))
        elif time.monotonic() - self.asked_at > DOUBLE_TAP_S:  # the same ? closes it
            self.screen.shell.back()
        # else: a double tap's second tap, which would close what the first opened

    def _close(self, _e=None) -> None:
        # Shut, the panel stays on the page with its ×: a second tap of a double tap on it
        # reaches the server after the first closed it, and must not go Back again (home).
        if self.opened:
            self.screen.shell.back()

    def _toggle_rulings(self) -> None:
        if not self.opened:  # a tap on the shut panel's Why?, sent before it was shut
            return
        self.rulings_shown = not self.rulings_shown
        self.screen.shell.render(moved=False)  # nothing was played: the buttons are kept
