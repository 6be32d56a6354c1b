"""The Flet entry point: screens (home, new game, game), wiring the live tables to the views.

One store and one set of live tables serve every device of this process; each page (a
tab, a phone) is a RefereeApp that draws the shared game and acts on the version it drew.
"""

import atexit
import contextlib
import itertools
import json
import os
import sqlite3
import threading
from typing import TYPE_CHECKING
from urllib.parse import parse_qs

import flet as ft

from referee import collector
from referee.core.errors import RefereeError
from referee.core.names import sentence
from referee.core.record import GameRecord
from referee.core.session import Session
from referee.games import GAMES
from referee.live import LOCKED, LiveTable, LiveTables
from referee.server import LINKS_ENV, code_matches, qr_png, table_code
from referee.store import Store, StoreUnavailable
from referee.ui import screens
from referee.ui.flet_walk import install as _faster_first_walk
from referee.ui.home import (
    HOME_PAGE,
    cannot_open_dialog,
    home_view,
    import_record,
    raw_dialog,
    unavailable_view,
)
from referee.ui.reconcile import adopt, find, same_kind
from referee.ui.theme import FONTS, theme
from referee.ui.widgets import (
    TAP,
    big_button,
    export_dialog,
    icon_button,
    rules_dialog,
    tagged,
    verdict_dialog,
)

_faster_first_walk()  # new controls reach the phone sooner (ui/flet_walk.py)

if TYPE_CHECKING:
    from referee.ui.disputes import DisputeScreen
    from referee.ui.log_editor import LogEditor
    from referee.ui.new_game import NewGameForm

MAX_WIDTH = 760
WIDE_FROM = 1000  # px of window from which a game's header sits beside its actions
WIDE_MAX_WIDTH = 1240
SIDE_WIDTH = 380


_device_numbers = itertools.count(1)


class PickPad:
    """The shared simultaneous picks as a view sees them from one device: a private pick
    made on another device shows only as LOCKED."""

    def __init__(self, app: "RefereeApp") -> None:
        self.app = app

    @property
    def me(self) -> int | None:
        return self.app.me

    def shown(self, seat: int):
        pick = self.app.live.picks.get(seat) if self.app.live else None
        if pick is None:
            return None
        if pick.private and pick.device != self.app.device:
            return LOCKED
        return pick.value

    def can_change(self, seat: int) -> bool:
        pick = self.app.live.picks.get(seat) if self.app.live else None
        return pick is None or not pick.private or pick.device == self.app.device

    def choose(self, seat: int, value) -> None:
        self.app.pick(seat, value)

    def clear(self, seat: int) -> None:
        self.app.unpick(seat)


class RefereeApp:
    def __init__(self, page: ft.Page, lives: LiveTables) -> None:
        self.page = page
        self.lives = lives
        self.store = lives.store
        self.live: LiveTable | None = None
        self.seen = 0  # the version of the shared game this device last drew
        self.device = f"device-{next(_device_numbers)}"
        self.me: int | None = None  # the seat of the player holding this device, if any
        self._drawing = threading.RLock()
        self.game_view = None
        self.form: NewGameForm | None = None
        self.dispute: DisputeScreen | None = None
        self.screen = "home"
        self.show_log = False
        self.editor: LogEditor | None = None
        self.home_limit = HOME_PAGE  # tiles per section of the home screen, grown on demand
        self._bar: tuple[tuple, ft.AppBar] | None = None  # what the app bar shows, and it
        # What this device just undid: (game, live version, sentence), shown until either moves.
        self.undone: tuple[int, int, str] | None = None
        self.log_open: set[str] = set()  # the log entries open on this device
        self._where: tuple | None = None  # the game and phase last drawn
        self._scrolled_down = False  # the game's actions are not at their top
        page.title = "referee"
        page.fonts = FONTS
        page.theme = theme()
        page.dark_theme = theme()
        page.theme_mode = ft.ThemeMode.SYSTEM
        page.padding = 12
        page.on_resize = self._on_resize
        page.on_disconnect = lambda _e: self._disconnected()
        page.on_connect = lambda _e: self._reconnected()
        page.on_close = lambda _e: self._leave()
        self._last_width = 0
        self.render()
        for notice in self.store.notices:
            self.alert("Saved games", notice)

    # -- plumbing ----------------------------------------------------------------------

    @property
    def table(self):
        return self.live.table if self.live else None

    def render(self, to_top: bool = False) -> None:
        """Draw this device's screen; `to_top`: show the game's actions from the top (after
        an undo or a redo, as after a new phase, what changed is up there)."""
        collector.drawn()
        try:
            with self._drawing:
                self._render(to_top)
        finally:
            collector.drawn()

    def _render(self, to_top: bool = False) -> None:
        if self.live is not None:
            self.seen = self.live.version
        if self.screen == "game":
            # The scoreboard and whose turn it is stay put; only the actions below scroll.
            header, body = self._game()
            actions = ft.Column(
                [body],
                scroll=ft.ScrollMode.AUTO,
                expand=True,
                key="actions",
                on_scroll=self._scrolled,
                scroll_interval=150,
            )
            if self._wide():  # a wide window: scoreboard and status beside the action area
                column = ft.Row(
                    [
                        ft.Container(
                            ft.Column([header], scroll=ft.ScrollMode.AUTO),
                            width=SIDE_WIDTH,
                        ),
                        ft.VerticalDivider(width=1),
                        actions,
                    ],
                    expand=True,
                    spacing=16,
                    vertical_alignment=ft.CrossAxisAlignment.START,
                )
            else:
                column = ft.Column([header, actions], expand=True)
        else:
            body = {
                "home": self._home,
                "new": self._new_game,
                "dispute": self._dispute,
                "edit": lambda: self.editor.screen(),
            }[self.screen]()
            column = ft.Column([body], scroll=ft.ScrollMode.AUTO, expand=True)
        self._last_width = self._width()
        bar = self._appbar()
        root = ft.Row(
            [ft.Container(column, width=self._width())],
            key=self._screen_key(),
            alignment=ft.MainAxisAlignment.CENTER,
            vertical_alignment=ft.CrossAxisAlignment.STRETCH,
            expand=True,
        )
        # The same screen again: change what is shown in place and send only the controls
        # that changed (ui/reconcile.py); another screen is sent whole.
        shown = self.page.controls[0] if len(self.page.controls) == 1 else None
        where, self._where = self._where, self._place()
        if same_kind(self.page.appbar, bar) and same_kind(shown, root):
            # Every button comes anew at every redraw (moved=True): a tap sent from the
            # screen before (a double tap, a tap crossing another device's move, a chip
            # that slid into a removed one's place) finds its button gone and is dropped,
            # instead of running the new screen's button of that place.
            changed: list[ft.Control] = []
            adopt(self.page.appbar, bar, changed, moved=True)
            adopt(shown, root, changed, moved=True)
            if changed:
                self.page.update(*changed)
            if to_top or where != self._where:
                self._to_top(shown)
            return
        self.page.appbar = bar
        self.page.controls = [root]
        self._scrolled_down = False  # a screen sent whole starts at its top
        self.page.update()

    def _place(self) -> tuple | None:
        """Where the game stands (its phase): a new phase shows the actions from the top,
        while other taps keep the scroll (a long card grid, an open log)."""
        if self.screen != "game" or self.table is None:
            return None
        return self.table.game_id, getattr(self.table.state, "phase", None)

    def _scrolled(self, e: ft.OnScrollEvent) -> None:
        ft.context.disable_auto_update()  # nothing changes on screen: no redraw to send
        self._scrolled_down = e.pixels > 0

    def _to_top(self, shown: ft.Control) -> None:
        actions = find(shown, "actions") if self._scrolled_down else None
        if actions is not None:  # a round trip to the phone: only when it is needed
            self._scrolled_down = False
            self.page.run_task(actions.scroll_to, offset=0, duration=0)

    def _screen_key(self) -> str:
        game = self.live.game_id if self.live is not None else ""
        return f"{self.screen}-{game}"

    def _wide(self) -> bool:
        return self.screen == "game" and int(self.page.width or 0) >= WIDE_FROM

    def _width(self) -> int:
        # A fixed width would overflow a phone; the full width of a desktop is too wide to read.
        available = int(self.page.width or MAX_WIDTH) - 2 * int(self.page.padding or 0)
        return max(280, min(WIDE_MAX_WIDTH if self._wide() else MAX_WIDTH, available))

    def _on_resize(self, _e=None) -> None:
        width = self._width()
        if width != self._last_width:
            self.render()

    def toast(self, message: str) -> None:
        self.page.show_dialog(
            ft.SnackBar(tagged("message", ft.Text(message)), duration=6000, show_close_icon=True)
        )

    def alert(self, title: str, message: str) -> None:
        dialog = ft.AlertDialog(
            title=ft.Text(title),
            content=tagged("alert", ft.Text(message)),
            actions=[ft.TextButton(content="OK", on_click=lambda _e: self.page.pop_dialog())],
        )
        self.page.show_dialog(dialog)

    def confirm(self, title: str, message: str, on_yes) -> None:
        def yes(_e):
            self.page.pop_dialog()
            on_yes()

        self.page.show_dialog(
            ft.AlertDialog(
                modal=True,
                title=tagged("confirm-title", ft.Text(title)),
                content=ft.Text(message),
                actions=[
                    ft.TextButton(content="Not yet", on_click=lambda _e: self.page.pop_dialog()),
                    ft.FilledButton(content="Yes, go ahead", on_click=yes),
                ],
            )
        )

    def share(self, _e=None) -> None:
        """The code, the links and a QR code, for phones on the network to join."""
        code = table_code()
        links = [link for link in os.environ.get(LINKS_ENV, "").split() if link]
        rows: list[ft.Control] = [
            ft.Text("Table code", size=13),
            tagged("share-code", ft.Text(code, size=36, weight=ft.FontWeight.BOLD)),
        ]
        if links:
            rows.append(ft.Image(src=qr_png(links[0]), width=220, height=220))
            rows += [ft.Text(link, selectable=True, size=14) for link in links]
        rows.append(
            ft.Text(
                "Anyone with the code can view and change the games on this referee.",
                size=12,
                italic=True,
            )
        )
        self.page.show_dialog(
            ft.AlertDialog(
                title=ft.Text("Join this table"),
                content=ft.Column(rows, tight=True, spacing=8),
                actions=[
                    ft.TextButton(content="Close", on_click=lambda _e: self.page.pop_dialog())
                ],
            )
        )

    def _toggle_theme(self, _e=None) -> None:
        dark = self.page.theme_mode == ft.ThemeMode.DARK or (
            self.page.theme_mode == ft.ThemeMode.SYSTEM
            and self.page.platform_brightness == ft.Brightness.DARK
        )
        self.page.theme_mode = ft.ThemeMode.LIGHT if dark else ft.ThemeMode.DARK
        self.page.update()

    def _appbar(self) -> ft.AppBar:
        # The bar changes with the screen, the game's title and what undo/redo may do:
        # between those it is the same bar, not built again (most taps change none).
        s = self.table.session if self.screen == "game" and self.table is not None else None
        # The game's version stands for its title and what undo/redo may do, which only a
        # move changes (and every move brings a new Undo: see _render).
        shows = (self._screen_key(), table_code(), self.live.version if s else None)
        if self._bar is None or self._bar[0] != shows:
            self._bar = (shows, self._new_appbar())
        return self._bar[1]

    def _new_appbar(self) -> ft.AppBar:
        theme = icon_button(ft.Icons.BRIGHTNESS_6, "Light or dark theme", self._toggle_theme)
        if self.screen != "game" or self.table is None:
            title = {"new": "New game", "dispute": "Settle a dispute", "edit": "Fix the log"}.get(
                self.screen, "referee"
            )
            leading = (
                icon_button(
                    ft.Icons.ARROW_BACK,
                    "Back to the game" if self.screen == "edit" else "Home",
                    lambda _e: self._back(),
                )
                if self.screen != "home"
                else None
            )
            actions = [theme]
            if table_code():
                actions.insert(0, icon_button(ft.Icons.QR_CODE_2, "Share this table", self.share))
            return ft.AppBar(
                title=ft.Text(title), leading=leading, actions=actions, key=self._screen_key()
            )
        s = self.table.session
        return ft.AppBar(
            key=self._screen_key(),
            title=ft.Text(self.game_view.title(s.state), size=16, max_lines=2),
            leading=icon_button(ft.Icons.HOME, "Home", lambda _e: self.go_home(), key="home"),
            actions=[
                icon_button(ft.Icons.UNDO, "Undo", self.undo, disabled=not s.can_undo),
                icon_button(ft.Icons.REDO, "Redo", self.redo, disabled=not s.can_redo),
                icon_button(ft.Icons.MENU_BOOK, "Rules", self.show_rules, key="rules"),
                ft.Semantics(
                    label="Game menu",
                    button=True,
                    content=ft.PopupMenuButton(
                        tooltip="Game menu",
                        items=[
                            ft.PopupMenuItem(
                                content="Export record", on_click=self.export, key="export"
                            ),
                            ft.PopupMenuItem(
                                content="Settle a dispute",
                                on_click=self._dispute_from_game,
                                key="dispute",
                            ),
                            ft.PopupMenuItem(
                                key="versions",
                                content="Earlier versions",
                                on_click=lambda _e: self.page.show_dialog(
                                    screens.log_editor.versions_dialog(self)
                                ),
                            ),
                            ft.PopupMenuItem(
                                content="Delete game",
                                on_click=self._confirm_delete_current,
                                key="delete",
                            ),
                            ft.PopupMenuItem(
                                content="Light or dark theme",
                                on_click=self._toggle_theme,
                                key="theme",
                            ),
                            *(
                                [
                                    ft.PopupMenuItem(
                                        content="Share this table", on_click=self.share, key="share"
                                    )
                                ]
                                if table_code()
                                else []
                            ),
                        ],
                    ),
                ),
            ],
        )

    # -- home --------------------------------------------------------------------------

    def go_home(self) -> None:
        self._leave()
        self.screen, self.game_view = "home", None
        self.render()

    def _disconnected(self) -> None:
        """The tab closed or the phone slept: no longer shown as here, game kept open."""
        if self.live is not None:
            self.live.leave(self.device)

    def _reconnected(self) -> None:
        if self.live is not None:
            self.live.join(self.device, self.device, self._changed_elsewhere)
            self.render()

    def _leave(self) -> None:
        live, self.live = self.live, None
        if live is not None:
            live.leave(self.device)

    def _home(self) -> ft.Control:
        # One game this referee cannot read is listed with its reason; the store failing to
        # read at all is told in place of the list. Neither ever takes the screen down.
        trouble = None
        try:
            games = self.store.list_games()
        except StoreUnavailable as exc:
            games, trouble = [], exc.reason
        try:
            series = self._series([g for g in games if g.problem is None])
        except (RefereeError, sqlite3.Error):
            series = []

        def export_raw(game_id: int) -> None:
            try:
                text = self.store.raw_game(game_id)
            except (KeyError, sqlite3.Error) as exc:
                self.toast(f"The stored game cannot be read ({type(exc).__name__}).")
                return
            self.page.show_dialog(raw_dialog(text, lambda _e: self.page.pop_dialog()))

        return home_view(
            games,
            series,
            on_new=self.go_new,
            on_import=self._import_dialog,
            on_open=self.open_game,
            on_delete=self._confirm_delete,
            on_export=export_raw,
            trouble=trouble,
            read_only=self.store.read_only_reason if self.store.read_only else None,
            on_dispute=self.go_dispute,
            disputes=self.store.recent_disputes(),
            limit=self.home_limit,
            on_more=self._more_games,
        )

    def _more_games(self) -> None:
        self.home_limit += HOME_PAGE
        self.render()

    def _series(self, games) -> list[tuple[str, int, dict[str, int]]]:
        """Running totals by player for games that share a series name (oldest first),
        from the points and options each game's summary carries: nothing is replayed. Only
        a game saved by an older referee, whose points were never stored, is read once."""
        named: dict[tuple[str, str], list[dict[str, int]]] = {}
        for g in reversed(games):
            rules = GAMES.get(g.kind)
            if rules is None:
                continue
            try:
                name = rules.series(rules.parse_options(g.options))
                if name is None:
                    continue
                points = tuple(g.points)
                if len(points) != len(g.players):
                    stored = self.store.load(g.id)
                    state = Session(rules, stored.record).state
                    points = tuple(rules.points(state))
            except (KeyError, RefereeError):
                continue  # a game that cannot be read is listed, not added up
            named.setdefault((g.kind, name), []).append(dict(zip(g.players, points, strict=True)))
        result = []
        for (kind, name), scored in sorted(named.items()):
            totals: dict[str, int] = {}
            for game in scored:
                for player, points in game.items():
                    totals[player] = totals.get(player, 0) + points
            result.append((f"{GAMES[kind].title}: {name}", len(scored), totals))
        return result

    def _import_dialog(self, _e=None) -> None:
        field = ft.TextField(
            label="Record JSON", multiline=True, min_lines=6, max_lines=12, error_max_lines=4
        )

        def do_import(_e):
            # The reason shows under the field: a snack bar would sit behind the dialog.
            # One bounded, strict reader: every refusal is one sentence, nothing is saved.
            try:
                table = self.lives.adopt(import_record(self.store, field.value or ""))
            except RefereeError as exc:
                field.error = sentence(exc.reason)
            else:
                self.page.pop_dialog()
                self._enter(table)
                return
            field.update()

        self.page.show_dialog(
            ft.AlertDialog(
                title=ft.Text("Import a game record"),
                content=ft.Container(
                    ft.Column(
                        [
                            ft.Text(
                                "Paste a record exported from this app (Game menu, Export record). "
                                "It is checked action by action before it is saved."
                            ),
                            field,
                        ],
                        tight=True,
                    ),
                    width=520,
                ),
                actions=[
                    ft.TextButton(content="Cancel", on_click=lambda _e: self.page.pop_dialog()),
                    ft.FilledButton(content="Import", on_click=do_import),
                ],
            )
        )

    def _confirm_delete(self, game_id: int) -> None:
        def yes(_e):
            self.page.pop_dialog()
            try:
                self.lives.delete(game_id)
            except RefereeError as exc:  # read-only, disk trouble: the game stays
                self.toast(exc.reason)
                return
            self.go_home()

        self.page.show_dialog(
            ft.AlertDialog(
                title=ft.Text("Delete this game?"),
                content=ft.Text("Its whole record is removed. This cannot be undone."),
                actions=[
                    ft.TextButton(content="Keep it", on_click=lambda _e: self.page.pop_dialog()),
                    ft.FilledButton(content="Delete", on_click=yes),
                ],
            )
        )

    def _confirm_delete_current(self, _e=None) -> None:
        if self.table:
            self._confirm_delete(self.table.game_id)

    # -- new game ----------------------------------------------------------------------

    def go_new(self) -> None:
        self.form = screens.new_game.NewGameForm(
            self.store.known_players(), self.start_game, self.go_home, self.render
        )
        self.screen = "new"
        self.render()

    def _new_game(self) -> ft.Control:
        return self.form.view()

    # -- settle a dispute --------------------------------------------------------------

    def go_dispute(self, prefill: dict | None = None) -> None:
        self._leave()
        self.dispute = screens.disputes.DisputeScreen(self.render, self._save_dispute, prefill)
        self.screen, self.game_view = "dispute", None
        self.render()

    def _dispute_from_game(self, _e=None) -> None:
        table = self.table
        prefill = None
        if table is not None:
            prefill = screens.disputes.from_game(table.rules.kind, table.session.state)
        self.go_dispute(prefill)

    def _dispute(self) -> ft.Control:
        return self.dispute.view()

    def _save_dispute(self, dispute: dict, settled) -> bool:
        try:
            self.store.save_dispute(
                settled.game, settled.headline, dispute, settled.model_dump(mode="json")
            )
        except RefereeError as exc:
            self.toast(exc.reason)
            return False
        self.toast("Saved to the history.")
        return True

    def start_game(self, kind: str, players: list[str], options: dict) -> None:
        try:
            table = self.lives.create(GameRecord(game=kind, players=players, options=options))
        except RefereeError as exc:
            self.toast(exc.reason)
            return
        self._enter(table)

    def open_game(self, game_id: int) -> None:
        try:
            table = self.lives.open(game_id)
        except KeyError:
            self.toast("That game is no longer stored.")
            self.go_home()
            return
        except (RefereeError, sqlite3.Error) as exc:
            # A damaged row, a game or option this referee does not know, a log that does not
            # replay: say why, and offer what is stored; the game stays listed.
            reason = exc.reason if isinstance(exc, RefereeError) else "the database cannot be read"

            def export(_e):
                self.page.pop_dialog()
                try:
                    text = self.store.raw_game(game_id)
                except (KeyError, sqlite3.Error):
                    return
                self.page.show_dialog(raw_dialog(text, lambda _e: self.page.pop_dialog()))

            self.page.show_dialog(
                cannot_open_dialog(reason, export, lambda _e: self.page.pop_dialog())
            )
            return
        self._enter(table)

    def _enter(self, live: LiveTable) -> None:
        self._leave()
        self.live = live
        self.me = None
        self.log_open = set()
        self.game_view = screens.views.VIEWS[live.table.rules.kind](
            self.play, self.render, self.toast, self.confirm
        )
        self.game_view.pad = PickPad(self)
        self.game_view.explain_last = self._explain_last
        self.screen = "game"
        self.render()
        live.join(self.device, self.device, self._changed_elsewhere)

    def _changed_elsewhere(self, _version: int) -> None:
        """Another device changed the game (or joined it): draw it again, and show a
        verdict that settled something so the whole table sees it."""
        live = self.live
        if live is None:
            return
        if self.lives.get(live.game_id) is not live:
            self.live = None
            self.screen, self.game_view = "home", None
            self.render()
            self.toast("This game was deleted on another device.")
            return
        steps_before = self._steps_drawn
        self.render()
        steps = live.table.session.steps
        if len(steps) > steps_before and steps[-1].verdict.decisive:
            self.show_verdict(steps[-1].verdict)

    # -- game --------------------------------------------------------------------------

    def _game(self) -> tuple[ft.Control, ft.Control]:
        view, s = self.game_view, self.table.session
        state = s.state
        self._steps_drawn = len(s.steps)
        last = s.verdicts[-1] if s.verdicts else None
        header: list[ft.Control] = [
            tagged("round", ft.Text(view.round_line(state), size=14)),
            view.scoreboard(state),
            ft.Container(
                tagged(
                    "status",
                    ft.Text(
                        "Game over: the standings are below." if s.is_over else view.status(state),
                        size=17,
                        weight=ft.FontWeight.W_600,
                    ),
                ),
                padding=ft.Padding.only(top=6),
            ),
        ]
        parts: list[ft.Control] = []
        others = self.live.others(self.device)
        if others:
            n = len(others)
            parts.append(
                tagged(
                    "devices",
                    ft.Text(
                        f"Also open on {n} other device{'s' if n > 1 else ''}",
                        size=12,
                        italic=True,
                    ),
                )
            )
        if self.undone is not None and self.undone[:2] == (self.live.game_id, self.live.version):
            # What this device just took back, where the last verdict stood: a snack bar
            # would cover the action area for seconds.
            parts.append(
                ft.Container(
                    tagged(
                        "undone",
                        ft.Row(
                            [
                                ft.Icon(ft.Icons.UNDO, size=18),
                                ft.Text(self.undone[2], size=14, italic=True, expand=True),
                            ],
                            spacing=8,
                        ),
                    ),
                    padding=ft.Padding.symmetric(vertical=12),
                )
            )
        elif last is not None and not s.is_over and not view.shows_last_step(state):
            # At the end the standings tell it; in a ladder its newest entry does.
            parts.append(
                view.last_step(
                    ft.Text(last.headline, size=14, italic=True),
                    padding=ft.Padding.symmetric(vertical=12),
                )
            )
        seats = s.rules.to_act(state)
        if len(seats) > 1 and any(s.rules.pick_options(state, seat) for seat in seats):
            parts.append(self._holder_row(state))
        if s.is_over:  # the standings come first: who won and why, places, the scores
            parts.append(screens.standings.standings_panel(s))
        parts.append(view.actions(state))
        if s.is_over:
            parts.append(
                ft.Row(
                    [
                        big_button("Home", lambda _e: self.go_home(), filled=False),
                        big_button("New game", lambda _e: self.go_new()),
                    ]
                )
            )
        parts.append(ft.Divider())
        hidden = view.log_hidden(state)
        parts.append(
            ft.Row(
                [
                    big_button(
                        "Hide log" if self.show_log else f"Show log ({len(s.steps)})",
                        self._toggle_log,
                        filled=False,
                        icon=ft.Icons.HISTORY,
                        disabled=hidden is not None,
                        tooltip=hidden,
                        key="log-toggle",
                    ),
                ],
                wrap=True,
            )
        )
        if hidden is not None:  # a game whose players may not look back (Fairy)
            parts.append(tagged("log-hidden", ft.Text(hidden, size=12, italic=True)))
        elif self.show_log:
            parts.append(
                screens.log_editor.editable_log(
                    self.table.rules, s.verdicts, self.start_edit, self.log_open
                )
            )
        return (
            tagged("game", ft.Column(header, spacing=6)),
            ft.Container(ft.Column(parts, spacing=10), padding=ft.Padding.only(bottom=24)),
        )

    def _holder_row(self, state) -> ft.Control:
        """Everyone chooses at once: this device may belong to one player, who then locks
        a choice the other devices see only as locked, or it is passed round the table."""
        chips = [
            ft.Chip(
                label=ft.Text(name),
                height=TAP,
                selected=self.me == seat,
                on_select=lambda _e, seat=seat: self.choose_me(None if self.me == seat else seat),
            )
            for seat, name in enumerate(state.players)
        ]
        row: list[ft.Control] = [
            ft.Text("Your own phone? This is me:", size=13),
            # One row, sideways when the names are long, like the scoreboard above.
            ft.Row(chips, spacing=6, scroll=ft.ScrollMode.AUTO),
        ]
        if self.me is not None:
            name = state.players[self.me]
            row.append(
                ft.Text(
                    f"This phone enters only {name}'s choice, kept private until everyone is "
                    f"in. Passing the phone round? Tap {name} again.",
                    size=12,
                    italic=True,
                )
            )
        return tagged("who-holds", ft.Column(row, spacing=2))

    def start_edit(self, number: int, kind: str) -> None:
        """Fix action `number` of the log (referee/ui/log_editor.py)."""
        self.log_open = set()  # the numbers move with the fix: back in the game, all closed
        self.editor = screens.log_editor.LogEditor(self, number, kind)
        self.screen = "edit"
        self.render()

    def end_edit(self) -> None:
        self.editor = None
        self.screen = "game" if self.live is not None else "home"
        self.render()

    def _back(self) -> None:
        if self.screen == "edit":
            self.end_edit()
        else:
            self.go_home()

    def _toggle_log(self, _e=None) -> None:
        self.show_log = not self.show_log
        self.render()

    def _change(self, change):
        """Run a change to the shared game; a refusal, a stale screen or a failed save is
        told, changes nothing, and the screen shows the game as it now is."""
        try:
            return change()
        except RefereeError as exc:
            self.render()
            self.toast(exc.reason)
        except sqlite3.Error as exc:
            self.toast(f"Could not save ({exc}); nothing was changed. Try again.")
        return None

    def play(self, action) -> None:
        verdict = self._change(lambda: self.live.play(self.seen, self.device, action))
        if verdict is None:
            return
        self.render()
        if verdict.decisive:
            self.show_verdict(verdict)

    def pick(self, seat: int, value) -> None:
        private = self.me == seat
        done = self._change(
            lambda: self.live.pick(self.seen, self.device, seat, value, private) or False
        )
        if done is None:
            return
        self.render()
        if done and done.decisive:
            self.show_verdict(done)

    def unpick(self, seat: int) -> None:
        if self._change(lambda: self.live.unpick(self.seen, self.device, seat) or True):
            self.render()

    def choose_me(self, seat: int | None) -> None:
        self.me = seat
        self.render()

    def _explain_last(self) -> None:
        verdicts = self.table.session.verdicts if self.table else []
        if verdicts:
            self.show_verdict(verdicts[-1])

    def show_verdict(self, verdict) -> None:
        s = self.table.session
        ends = s.is_over and s.steps and s.steps[-1].verdict == verdict
        self.page.show_dialog(
            verdict_dialog(
                self.table.rules,
                verdict,
                self.game_view.unit,
                lambda _e: self.page.pop_dialog(),
                ending=s.rules.outcome(s.state).headline if ends else None,
            )
        )

    def undo(self, _e=None) -> None:
        verdicts = self.table.session.verdicts
        undone = verdicts[-1].headline if verdicts else None
        if self._change(lambda: self.live.undo(self.seen, self.device)) is not None:
            # Shown until the game changes again (live.version moves on).
            said = f"Undone: {(undone or '').rstrip('.')}. Redo puts it back."
            self.undone = (self.live.game_id, self.live.version, said)
            self.render(to_top=True)

    def redo(self, _e=None) -> None:
        verdict = self._change(lambda: self.live.redo(self.seen, self.device))
        if verdict is not None:
            self.render(to_top=True)
            if verdict.decisive:  # as the other devices show it
                self.show_verdict(verdict)

    def show_rules(self, _e=None) -> None:
        s = self.table.session
        self.page.show_dialog(rules_dialog(s.rules, s.options, lambda _e: self.page.pop_dialog()))

    def export(self, _e=None) -> None:
        text = json.dumps(self.table.session.record().model_dump(mode="json"), indent=1)
        name = f"referee-{self.table.rules.kind}-{self.table.game_id}.json"
        self.page.show_dialog(
            export_dialog("Game record", text, name, lambda _e: self.page.pop_dialog())
        )


_shared: LiveTables | None = None
_shared_lock = threading.Lock()


def shared_tables() -> LiveTables:
    """The one store and the live tables of this process, opened on first use: page loads
    share them, so they never add open files."""
    global _shared
    with _shared_lock:
        if _shared is None:
            store = Store()
            atexit.register(store.close)
            _shared = LiveTables(store)
        return _shared


def _code_in_link(page: ft.Page) -> str | None:
    """The table code carried in the link the device opened (`?code=...`)."""
    route = page.route or ""
    query = route.split("?", 1)[1] if "?" in route else ""
    return parse_qs(query).get("code", [None])[0]


def warm_up() -> None:
    """Build the first screen once, on no page, and open the store: Flet imports each
    control's module when it is first used, and the first device should not wait for
    that (referee.cli runs this while the web client loads)."""
    home_view([], [], on_new=None, on_import=None, on_open=None, on_delete=None)
    ft.AppBar(title=ft.Text("referee"), actions=[icon_button(ft.Icons.HOME, "Home", None)])
    ft.SnackBar(ft.Text(""))
    theme()
    with contextlib.suppress(StoreUnavailable):  # the first page tells it, with a retry
        shared_tables()


def main(page: ft.Page) -> None:
    if table_code() and not code_matches(_code_in_link(page)):
        code_screen(page, lambda: main_after_code(page))
        return
    main_after_code(page)


def main_after_code(page: ft.Page) -> None:
    try:
        lives = shared_tables()
    except StoreUnavailable as exc:
        # Nothing was moved or changed: say why, on a screen of its own, and let them retry.
        unavailable_screen(page, exc, lambda: main_after_code(page))
        return
    RefereeApp(page, lives)


def code_screen(page: ft.Page, on_right) -> None:
    """A shared table asks every device for its code; without it nothing else is shown."""
    page.title = "referee"
    page.fonts = FONTS
    page.theme = theme()
    page.dark_theme = theme()
    page.padding = 24
    field = ft.TextField(
        label="Table code",
        autofocus=True,
        capitalization=ft.TextCapitalization.CHARACTERS,
        width=240,
        text_size=24,
    )

    def check(_e=None):
        if code_matches(field.value):
            page.controls.clear()
            on_right()
            return
        field.error = "That is not this table's code. Ask the host for it."
        field.update()

    field.on_submit = check
    page.appbar = ft.AppBar(title=ft.Text("referee"))
    page.controls = [
        ft.Column(
            [
                tagged(
                    "code-screen",
                    ft.Text("Enter the table code", size=24, weight=ft.FontWeight.BOLD),
                ),
                ft.Text(
                    "This referee is shared by a table on this network. The host's "
                    "screen and the link they shared show the code.",
                    size=15,
                ),
                field,
                big_button("Join the table", check, icon=ft.Icons.LOGIN),
            ],
            spacing=16,
        )
    ]
    page.update()


def unavailable_screen(page: ft.Page, exc: StoreUnavailable, on_retry) -> None:
    """The data folder cannot be opened (permissions, read-only, a file in the way, a full
    disk): a clear screen with the reason and Try again, instead of a crashed session."""
    page.title = "referee"
    page.fonts = FONTS
    page.theme = theme()
    page.dark_theme = theme()
    page.padding = 12
    page.appbar = ft.AppBar(title=ft.Text("referee"))
    folder = str(exc.path.parent) if exc.path else ""
    page.controls = [ft.Container(unavailable_view(exc.reason, folder, on_retry), padding=12)]
    page.update()
