"""The shell of one device: routes, the view stack, and what every screen shares.

Every screen has an address (ui/routes.py). The shell keeps Flet's view stack equal to the
route shown and its ancestors, so the app bar's arrow, the browser's Back, a phone's Back
gesture and a packaged app's system Back all go one screen up, and a reload, a link or a
reconnect rebuilds the same stack. A tap that changes screen draws the new screen at once
and then tells the browser the new address. The browser answers each address told with
the same address, in order; the shell knows its own addresses coming back, so an answer
that arrives after another tap has changed screen again takes no one back.

Screens (ui/screens/) draw themselves; the shell merges each redraw into what the phone
already shows (ui/reconcile.py), so a tap sends only the controls that changed.
"""

import itertools
import sqlite3
import threading
from collections import deque
from collections.abc import Callable

import flet as ft

from referee.core.errors import RefereeError
from referee.flet_patches import collector
from referee.flet_patches import diff as flet_diff
from referee.flet_patches import send as flet_send
from referee.flet_patches.dialogs import open_dialogs
from referee.live.server import table_code
from referee.live.tables import LiveTables
from referee.ui import routes, screens
from referee.ui.device_aids import DeviceAids
from referee.ui.game_device import GameDevice
from referee.ui.host_asks import host_asks
from referee.ui.phone import Phone
from referee.ui.reconcile import adopt, same_kind
from referee.ui.routes import HOME, Route
from referee.ui.screen import Screen
from referee.ui.share import TableSharing
from referee.ui.stored_games import StoredGames
from referee.ui.theme import colours_of, setup_page
from referee.ui.widgets import alert_dialog, confirm_dialog, icon_button, tagged

_device_numbers = itertools.count(1)
_view_keys = itertools.count(1)
NO_SUCH_SCREEN = "That address is not a screen of referee; here is the home screen."


def _new_view(route: Route) -> ft.View:
    # A view's route is only Flutter's key for its page, and the name a phone's Back
    # reports; one of its own for every view tells a view shown now from one taken off.
    return ft.View(route=f"{route.path}#{next(_view_keys)}", padding=12)


class Shell:
    def __init__(
        self,
        page: ft.Page,
        lives: LiveTables,
        token: str | None = None,
        ask_code: Callable[[], None] | None = None,
    ) -> None:
        self.page = page
        self.lives = lives
        self.store = lives.store
        self.device = f"device-{next(_device_numbers)}"
        # The browser holding the page (referee.live.server): its picks, and the code it gave.
        self.sharing = TableSharing(self, token, ask_code)
        self.owner = self.sharing.owner
        self.game: GameDevice | None = None  # the game in the view stack, if any
        self.asks = None  # the asks to join shown here (ui/host_asks.py), on the host machine
        self.notes: dict[int, str] = {}  # game id -> what its screen says first (Play again)
        self.stack: list[tuple[Screen, ft.View]] = []
        self._address = page.route or "/"  # what the browser's address bar shows
        self._echoes: deque[str] = deque(maxlen=16)  # addresses told, not yet answered
        self._landing: str | None = None  # where a page that came back loaded, until it says so
        self._bars: dict[str, tuple[tuple, ft.AppBar]] = {}  # each view's bar, and what it shows
        self._places: dict[str, tuple | None] = {}
        self._drawing = threading.RLock()
        self._last_width = 0
        setup_page(page)
        self.games = StoredGames(self)  # games made, opened, deleted: parts, each with a Holder
        self.aids = DeviceAids(self)  # the theme, the settings, the screen kept on
        # This device's own: its screen kept on, felt taps, its settings (`/settings`).
        self.phone = Phone(page, self.aids.settings_loaded)
        page.views.clear()
        page.on_route_change = self._route_changed
        page.on_view_pop = self._view_popped
        page.on_resize = self._on_resize
        page.on_disconnect = lambda _e: self.game and self.game.leave()
        page.on_connect = lambda _e: self._reconnected()
        page.on_close = lambda _e: self.closed()
        page.on_app_lifecycle_state_change = self.aids.lifecycle
        lives.watch_lists(self.device, self._lists_moved)
        route = routes.parse(page.route)
        self.show(route or HOME)
        if self.top.route != route:  # the address shows where the device landed
            self._push(self.top.route.path)
        if route is None:
            self.toast(NO_SUCH_SCREEN)
        for notice in self.store.notices:
            self.alert("Saved games", notice)
        self.phone.load()
        # The host machine's pages show the devices asking to join, over any screen.
        self.asks = host_asks(self)

    # -- where this device is ------------------------------------------------------------

    @property
    def top(self) -> Screen:
        return self.stack[-1][0]

    @property
    def screen(self) -> str:
        """The screen shown: home, new, stats, game, log, fix, standings, rules, settle."""
        return self.top.route.screen

    @property
    def editing(self) -> bool:
        return self.screen == "fix"

    def go(self, path: str) -> None:
        """Show the screen at `path` now, and put its address in the browser's history."""
        self._go(routes.parse(path) or HOME)

    def back(self) -> None:
        self._go(self.top.route.parent or HOME)

    def _go(self, route: Route, hand_over: bool = True) -> None:
        self.show(route, hand_over, tell=True)

    def _view_popped(self, e: ft.ViewPopEvent) -> None:
        # The phone's own Back (a packaged app) pops the top view. The client also reports
        # every view the shell took off the stack itself; those are gone from page.views.
        # The phone shows no view it popped again: the screen gone back to gets a new one,
        # even when the view had already been handed to it (a Back racing a screen change).
        if e.view is not None and self.stack and e.view is self.stack[-1][1]:
            self._go(self.top.route.parent or HOME, hand_over=False)

    def _push(self, path: str) -> None:
        """Tell the browser the address `path` now (the page takes it with the message
        sent next: see flet_send.tell_route)."""
        if self._address != path:
            self._address = path
            self._echoes.append(path)
            flet_send.tell_route(self.page, path)

    def _route_changed(self, e: ft.RouteChangeEvent) -> None:
        self._address = e.route
        if self._echoes and e.route == self._landing:
            # A page that came back (a reload) reports the address it loaded with, which
            # can be a screen behind the one shown: the browser had not yet put the last
            # address in its history. The address of the screen shown is on its way.
            self._landing = None
            return
        if self._echoes and e.route == self._echoes[0]:
            self._echoes.popleft()  # the browser took an address the shell told it
            if not self._echoes:
                self._landing = None
                if e.route != self.top.route.path:
                    # The user went elsewhere (Back) before the browser took the last
                    # address told: the screen shown is where the user went; the address
                    # follows it.
                    self._push(self.top.route.path)
            return
        route = routes.parse(e.route)
        shown = self.top.route.path
        if self._dialog_open():
            # Back closes a dialog first; the screen under it stays where it was.
            self.close_dialog()
            if route is None or route.path != shown:
                self._push(shown)
            return
        if route is None:
            self.go("/")
            self.toast(NO_SUCH_SCREEN)
            return
        if route.path != shown:
            self.show(route)

    def show(self, route: Route, hand_over: bool = True, tell: bool = False) -> None:
        """Make `route` the top of the view stack, with the screens below it that Back
        goes to; screens already in the stack are kept as they are drawn. `tell`: put the
        address of the screen shown in the browser's history, sent just before the screen
        so that the phone takes both in one frame.

        A new screen on top takes over the view on top (`hand_over`), its key and all:
        the phone then changes what one page shows. A new key on top is a new page for
        Flutter's navigator, laid out once unseen before it is drawn (slower than the same
        rows changed in the same view: bench/README.md). The views
        under the top, which show only their bar, come and go without a transition."""
        wanted = route.stack()
        if not self._hold_game(route.game_id):
            wanted = HOME.stack()
        if hand_over and self._shown_in_place(wanted):
            self._reroute(wanted[-1], tell)
            return
        keep = 0
        while (
            keep < min(len(wanted), len(self.stack))
            and self.stack[keep][0].route.path == wanted[keep].path
        ):
            keep += 1
        # Another screen on top, or the view on top popped by the phone (never shown again).
        fresh = keep < len(wanted) or keep < len(self.stack) or not hand_over
        old_top = self.stack[-1][1] if self.stack and hand_over else None
        for screen, _view in self.stack[keep:]:
            screen.closed()
        pending: list[tuple[Screen, ft.View | None]] = [
            *self.stack[:keep],
            *((screens.make(self, r), None) for r in wanted[keep:]),
        ]
        stack: list[tuple[Screen, ft.View]] = []
        for n, (screen, view) in enumerate(pending):
            on_top = n == len(pending) - 1
            if fresh and (view is None or view is old_top or on_top):
                # A view it had is gone or taken over, and its bar with it.
                self._bars.pop(screen.view_key, None)
                view = old_top if on_top and old_top is not None else _new_view(screen.route)
            assert view is not None  # a new screen makes the stack `fresh`: it got a view
            stack.append((screen, view))
        self.stack = stack
        collector.drawn()
        with self._drawing:
            self.page.views[:] = [view for _, view in stack]
            # Screens under the top keep their app bar but no body: the phone rebuilds every
            # view of the stack at each change, and a home screen under the game made each
            # bid slower (bench/README.md). Back draws the screen again anyway.
            for screen, view in stack[:-1]:
                view.appbar = self._bar(screen)
                view.controls = []
            if fresh:  # another screen (or view) on top, drawn whole
                self._draw(*stack[-1])
            else:  # the same screen again: only what changed
                self._render(to_top=True, send=False)
            self.page.title = f"{self.top.heading()} · referee"
            if tell:
                self._push(self.top.route.path)
            self.page.update()
        collector.drawn()
        if self.game is not None:
            self.game.join()
        self.aids.stay_awake()

    def _shown_in_place(self, wanted: list[Route]) -> bool:
        """Whether the screen on top draws the top of `wanted` itself, a part of it opened
        or closed (What now? in the game's view), over the same screens."""
        if len(wanted) != len(self.stack) or self.top.route.path == wanted[-1].path:
            return False
        below = all(
            s.route.path == r.path for (s, _), r in zip(self.stack[:-1], wanted[:-1], strict=True)
        )
        return below and self.top.shows(wanted[-1])

    def _reroute(self, route: Route, tell: bool) -> None:
        """The screen on top at `route` now, in the view it has: only what changed is
        sent, then the address when `tell`.

        The address comes after the change, not with it: taking an address, the phone's
        router builds every view again, a frame of its own (bench/README.md) that a
        screen change shares with its new screen, but that a panel opened in place would
        only delay. The page holds an address for a moment (assets/referee.js), so the
        panel is drawn first and the address taken in the next frame."""
        self.top.route = route
        collector.drawn()
        with self._drawing:
            # Nothing was played here: every button means what it meant, and is kept.
            self._render(to_top=True, moved=False)
            if tell:
                self._push(route.path)
        collector.drawn()

    def _hold_game(self, game_id: int | None) -> bool:
        """Hold the game the stack shows (None: no game); False when it cannot be opened
        (said on the home screen)."""
        if self.game is not None and self.game.game_id == game_id:
            return True
        self.leave_game()
        if game_id is None:
            return True
        try:
            live = self.lives.open(game_id)
        except KeyError:
            # True of a game deleted and of one that never was: the store cannot tell.
            self.toast(f"There is no game {game_id} here: it may have been deleted.")
            return False
        except (RefereeError, sqlite3.Error) as exc:
            self.games.cannot_open(game_id, exc)
            return False
        self.game = GameDevice(self, live)
        return True

    def leave_game(self) -> None:
        game, self.game = self.game, None
        if game is not None:
            game.leave()

    def closed(self) -> None:
        """The page is gone, or asked for the code again: nothing more is drawn on it."""
        self.leave_game()
        self.lives.unwatch_lists(self.device)
        self.sharing.closed()
        if self.asks is not None:
            self.asks.closed()

    def _lists_moved(self) -> None:
        """A game was made, changed or deleted (here, on another device, or through
        another referee): a list on screen shows it."""
        if self.stack and self.top.follows_lists and not self._dialog_open():
            self.render()

    def game_gone(self, message: str) -> None:
        """The game on screen was deleted (here or on another device)."""
        self.leave_game()
        self.go("/")
        self.toast(message)

    def _reconnected(self) -> None:
        # A page that comes back answers no address told before it went; it says its own.
        self._echoes.clear()
        self._address = self.page.route or "/"
        self._landing = None
        if self.game is not None:
            self.game.join()
        self.phone.shown_again()
        if self.top.route.path != self._address:  # a screen changed while it was away
            self._landing = self._address
            self._push(self.top.route.path)
        self.render()

    # -- drawing -------------------------------------------------------------------------

    def render(self, to_top: bool = False, moved: bool = True) -> None:
        """Draw the top screen again; `to_top`: show it from its top (after an undo or a
        redo, as after a new phase, what changed is up there). `moved=False`: the change
        gives no button another meaning (players renamed), so every button is kept and a
        tap sent from the screen before still counts."""
        collector.drawn()
        try:
            with self._drawing:
                self._render(to_top, moved=moved)
        finally:
            collector.drawn()
        self.aids.stay_awake()  # a game that just ended rests a few minutes from now

    def _render(self, to_top: bool, send: bool = True, moved: bool = True) -> None:
        """`send`: send what changed (else the caller sends the whole page)."""
        if self.game is not None and self.game.seen != self.game.live.version:
            # Another device's move is drawn here for the first time: a button kept would
            # run the new screen's command for a tap sent from the old one.
            moved = True
        screen, view = self.stack[-1]
        shown = view.controls[0] if len(view.controls) == 1 else None
        bar, root = self._bar(screen), self._frame(screen)
        where = self._places.get(screen.route.path)
        old_bar = view.appbar
        if (
            old_bar is None  # none or no body yet: never the same kind (`same_kind`)
            or shown is None
            or not (same_kind(old_bar, bar) and same_kind(shown, root))
        ):
            view.appbar, view.controls = bar, [root]
            if send:
                self.page.update()
            return
        # Every button without a key comes anew at every redraw (moved=True): a tap sent
        # from the screen before (a double tap, a tap crossing another device's move)
        # finds its button gone and is dropped, instead of running the new screen's button
        # of that place. A key says a button means the same while the key stays.
        changed: list[ft.Control] = []
        touched: list[ft.Control] = []
        adopt(old_bar, bar, changed, moved=moved, touched=touched)
        adopt(shown, root, changed, moved=moved, touched=touched)
        if changed and send:
            # One message a tap: changes in both the bar and the body go as one patch of
            # the view (two would be two round trips' work for the phone), which compares
            # only the controls the merge touched.
            with flet_diff.only(touched):
                self.page.update(*(changed if len(changed) == 1 else [view]))
        if to_top or where != self._places.get(screen.route.path):
            screen.to_top(shown)

    def _draw(self, screen: Screen, view: ft.View) -> None:
        view.appbar = self._bar(screen)
        view.controls = [self._frame(screen)]

    def _frame(self, screen: Screen) -> ft.Control:
        if self.game is not None:
            self.game.drawn()
        self._places[screen.route.path] = screen.place()
        with colours_of(self.store):
            body = screen.body()
        if screen.scrolls:
            body = ft.Column([body], scroll=ft.ScrollMode.AUTO, expand=True)
        self._last_width = self._available()
        return ft.Row(
            [ft.Container(body, width=screen.width(self._last_width))],
            key=screen.view_key,
            alignment=ft.MainAxisAlignment.CENTER,
            vertical_alignment=ft.CrossAxisAlignment.STRETCH,
            expand=True,
        )

    def _bar(self, screen: Screen) -> ft.AppBar:
        # Most taps change nothing in the bar: between those it is the same bar.
        shows = (*screen.bar_shows(), table_code())
        cached = self._bars.get(screen.view_key)
        if cached is None or cached[0] != shows:
            cached = (shows, screen.appbar())
            self._bars[screen.view_key] = cached
        return cached[1]

    def _available(self) -> int:
        return int(self.page.width or 760) - 2 * 12

    def _on_resize(self, _e=None) -> None:
        if self._available() != self._last_width:
            self.render()

    # -- what every screen may show --------------------------------------------------------

    def dialog(self, dialog: ft.DialogControl) -> None:
        self.page.show_dialog(dialog)

    def close_dialog(self, _e=None) -> None:
        self.page.pop_dialog()

    def _dialog_open(self) -> bool:
        return any(not isinstance(d, ft.SnackBar) for d in open_dialogs(self.page))

    def toast(self, message: str) -> None:
        self.page.show_dialog(
            ft.SnackBar(tagged("message", ft.Text(message)), duration=6000, show_close_icon=True)
        )

    def alert(self, title: str, message: str) -> None:
        self.dialog(alert_dialog(title, message, self.close_dialog))

    def confirm(self, title: str, message: str, on_yes, yes="Yes, go ahead", no="Not yet") -> None:
        def go(_e):
            self.close_dialog()
            on_yes()

        self.dialog(confirm_dialog(title, message, yes, go, self.close_dialog, no))

    def common_actions(self) -> list[ft.Control]:
        theme = icon_button(ft.Icons.BRIGHTNESS_6, "Light or dark theme", self.aids.toggle_theme)
        share = icon_button(ft.Icons.QR_CODE_2, "Share this table", self.share)
        return [share, theme] if table_code() else [theme]

    def share(self, _e=None) -> None:
        """The code, and links and a QR code to this very screen, for phones to join."""
        self.sharing.open()
