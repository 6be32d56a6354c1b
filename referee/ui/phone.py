"""What the phone itself does for the table: it keeps its screen on while a game is open,
it is felt when a tap decided something, it remembers this device's settings, and it
shares a result through its share sheet.

Each is one of Flet's services on the page (`Wakelock`, `HapticFeedback`,
`SharedPreferences`; `Share`, `Clipboard` and `FilePicker` from the first Share). In a
browser they are the Screen Wake Lock API, `navigator.vibrate` (nothing where the browser
has none), the browser's own storage (`localStorage`) and the Web Share API: the
settings belong to the device that chose them, never to the games database, so a second
phone at the table keeps its own.
"""

import asyncio
import contextlib
import os
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, fields, replace
from typing import Any

import flet as ft

from referee.flet_patches.context import current_page

# How long the screen stays on after the game on it ended: the table reads the final
# scores and may tap Play again; then the phone may sleep as it would without referee.
# REFEREE_AWAKE_AFTER_END_S sets it (a test waits seconds, not minutes).
AWAKE_AFTER_END_S = float(os.environ.get("REFEREE_AWAKE_AFTER_END_S", 180))

THEMES = {"light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK, "system": ft.ThemeMode.SYSTEM}
# What is felt: a verdict a firm tap, a refused move a heavier one (on the web, 20 and 30 ms).
FELT = {"verdict": "medium_impact", "refused": "heavy_impact"}
_PREFIX = "referee."  # this app's keys among the device's stored preferences


@dataclass(frozen=True)
class Settings:
    """This device's settings (`/settings`), each kept under `referee.<name>`."""

    keep_awake: bool = True  # the screen stays on while a game, a dispute or a walk is open
    haptics: bool = True  # a verdict and a refused move are felt
    theme: str = "system"  # light, dark or system
    teach: bool = False  # New game's "Teach this game" starts on
    ask_spoken: bool = False  # a spoken move heard for sure is asked about too

    def read(self, stored: dict) -> "Settings":
        """These settings with what the device stored, each of its own type (anything
        else, as a value from another version, leaves the default)."""
        kept: dict[str, Any] = {}
        for f in fields(self):
            value = stored.get(f.name)
            if type(value) is type(getattr(self, f.name)):
                kept[f.name] = value
        if kept.get("theme", "system") not in THEMES:
            kept.pop("theme")
        return replace(self, **kept)


class Phone:
    def __init__(self, page: ft.Page, on_loaded: Callable[[], None]) -> None:
        self.page = page
        self.settings = Settings()
        self.loaded = False  # the stored settings have come (until then, the defaults)
        self._on_loaded = on_loaded
        with current_page(page):  # each registers with this page, not another's
            self.wakelock = ft.Wakelock()
            self.haptics = ft.HapticFeedback()
            self.prefs = ft.SharedPreferences()
        self._sharing: tuple[ft.Share, ft.Clipboard] | None = None
        self._saver: ft.FilePicker | None = None
        self.awake = False  # the wake lock asked for
        self._ended = False  # the game on screen is over, and its time to rest is counted
        self._rest: Future | None = None

    def _run(self, method, *args) -> Future | None:
        async def call():
            # A platform without it (a browser without the Wake Lock API or vibration, a
            # page that went away) answers with an error: the table plays on.
            with contextlib.suppress(Exception):
                return await method(*args)

        try:
            return self.page.run_task(call)
        except RuntimeError:  # the page has no connection any more
            return None

    # -- settings ----------------------------------------------------------------------

    def load(self) -> None:
        """Read this device's stored settings; `on_loaded` is called once they are in."""

        async def read():
            stored = {}
            for f in fields(Settings):
                with contextlib.suppress(Exception):
                    stored[f.name] = await self.prefs.get(_PREFIX + f.name)
            self.settings = self.settings.read(stored)
            self.loaded = True
            self._on_loaded()

        with contextlib.suppress(RuntimeError):
            self.page.run_task(read)

    def set(self, name: str, value) -> None:
        """Change one setting now, and keep it on this device."""
        self.settings = replace(self.settings, **{name: value})
        self._run(self.prefs.set, _PREFIX + name, value)

    @property
    def theme_mode(self) -> ft.ThemeMode:
        return THEMES[self.settings.theme]

    # -- sharing ---------------------------------------------------------------------------

    def share_sheet(self) -> tuple[ft.Share, ft.Clipboard]:
        """The phone's share sheet and clipboard, built at the first Share (most pages
        never share: nothing more goes to them as they open)."""
        if self._sharing is None:
            with current_page(self.page):
                self._sharing = (ft.Share(), ft.Clipboard())
        return self._sharing

    def file_saver(self) -> ft.FilePicker:
        """Saving a file (in a browser: a download), for a share sheet that refused."""
        if self._saver is None:
            with current_page(self.page):
                self._saver = ft.FilePicker()
        return self._saver

    # -- felt --------------------------------------------------------------------------

    def felt(self, what: str) -> None:
        """`what`: "verdict" (a tap decided something) or "refused" (a move the rules
        refused)."""
        if self.settings.haptics:
            self._run(getattr(self.haptics, FELT[what]))

    # -- awake -------------------------------------------------------------------------

    def stay_awake(self, wanted: bool, ended: bool = False) -> None:
        """Keep the screen on while `wanted` (a game, a dispute or a walk on screen, and
        the setting on); `ended`: the game on screen is over, and the screen goes on
        resting AWAKE_AFTER_END_S after the end was first shown."""
        wanted = wanted and self.settings.keep_awake
        if not (wanted and ended):
            self._ended = False
            self._stop_rest()
            self._lock(wanted)
        elif not self._ended:  # the end, shown now: a few minutes more, then rest
            self._ended = True
            self._lock(True)
            self._stop_rest()
            self._rest = self._run(self._rest_later)

    async def _rest_later(self) -> None:
        await asyncio.sleep(AWAKE_AFTER_END_S)
        if self._ended:
            self._lock(False)

    def _stop_rest(self) -> None:
        rest, self._rest = self._rest, None
        if rest is not None:
            rest.cancel()

    def _lock(self, on: bool) -> None:
        if on != self.awake:
            self.awake = on
            self._run(self.wakelock.enable if on else self.wakelock.disable)

    def shown_again(self) -> None:
        """The page is shown again (a tab brought back, a phone woken): a browser lets go
        of the lock when its page is hidden and never takes it back by itself."""
        if self.awake:
            self._run(self.wakelock.enable)
