"""A game's table (`/game/{id}`): the scoreboard and whose turn it is stay put, the actions
below them scroll; at the end the standings come first.

Back goes home. The log, the standings and the rules are screens of their own above this
one, so the phone's Back returns here from each. What now? (`/game/{id}/whatnow`) opens in
this view, above the actions it explains, and Back closes it.
"""

import flet as ft

from referee.core.words import amount
from referee.live.server import table_code
from referee.ui import layout_values, routes
from referee.ui.bgstats_button import log_button, log_dialog
from referee.ui.reconcile import find
from referee.ui.result.share_dialog import share_button
from referee.ui.screen import Screen
from referee.ui.screens.game.whatnow_toggle import WhatNowHere
from referee.ui.screens.log.editor import versions_dialog
from referee.ui.screens.standings.panels import standings_panel
from referee.ui.spoken_buttons import named_buttons
from referee.ui.suits import suited
from referee.ui.voice import MIC_CLEARANCE
from referee.ui.whatnow_panel import panel
from referee.ui.widgets import (
    TAP,
    action_button,
    big_button,
    icon_button,
    menu_button,
    strut,
    tagged,
)

WIDE_FROM = 1000  # px of window from which the header sits beside the actions
# Home and the five buttons beside the game's name take this much of the bar (a 390 px
# phone leaves the name some 86 px); a Roboto glyph is about 0.55 of its size wide.
BAR_TAKEN = 304
PHONE = 390
GLYPH = 0.55
TITLE, SMALL_TITLE = 16, 13


def title_size(heading: str, width: int) -> int:
    """Every game's name at the bar's size wherever it fits there on two lines with no
    word broken; on a phone, a long name ("Faces, Aces & Jokers") or a long word
    ("Deceptidice", which broke as "Decepti / dice") smaller, on up to three lines."""
    room = (width or PHONE) - BAR_TAKEN
    glyph = TITLE * GLYPH
    longest = max(map(len, heading.split()))
    fits = longest * glyph <= room and len(heading) * glyph <= 2 * room
    return TITLE if fits else SMALL_TITLE


WIDE_MAX_WIDTH = 1240
SIDE_WIDTH = 380


class GameScreen(Screen):
    scrolls = False  # only the actions scroll: the scoreboard stays in sight

    def __init__(self, shell, route) -> None:
        super().__init__(shell, route)
        self.game = shell.game
        self.view = self.game.new_view()
        self._scrolled_down = False  # the actions are not at their top
        self._kept_bar: tuple | None = None  # (sharing, the lasting buttons): see _lasting
        self.whatnow = WhatNowHere(self)

    def heading(self) -> str:
        return self.view.title(self.game.session.state)

    @property
    def asked(self) -> bool:
        """What now? is open."""
        return self.whatnow.opened

    def place(self) -> tuple:
        """A new phase shows the actions from the top; other taps keep the scroll."""
        return self.game.game_id, getattr(self.game.session.state, "phase", None)

    # -- the app bar -----------------------------------------------------------------------

    def bar_shows(self) -> tuple:
        # The game's move stands for its title and what undo/redo may do, which only a
        # move changes (and every move brings a new Undo: see Shell._render); a pick is
        # not a move, and leaves the bar as it is.
        return (self.view_key, self.game.live.log_version, self.game.live.teach, self._title())

    def _title(self) -> int:
        return title_size(self.heading(), int(self.page.width or 0))

    def leading(self) -> ft.Control:
        return icon_button(ft.Icons.HOME, "Home", self._home, key="home")

    def _home(self, _e=None) -> None:
        # Back from the game is home; from What now? it is the game, so Home goes there.
        if self.asked:
            self.shell.go(routes.HOME.path)
        else:
            self.shell.back()

    def appbar(self) -> ft.AppBar:
        s, game = self.game.session, self.game
        home, rules, menu = self._lasting()
        size = self._title()
        return ft.AppBar(
            key=self.view_key,
            # Close to Home: beside five buttons a phone's bar leaves the name some 86 px,
            # and a name is never cut.
            title_spacing=4,
            title=ft.Text(self.heading(), size=size, max_lines=2 if size == TITLE else 3),
            leading=home,
            actions=[
                self.whatnow.button(),
                icon_button(ft.Icons.UNDO, "Undo", game.undo, disabled=not s.can_undo),
                icon_button(ft.Icons.REDO, "Redo", game.redo, disabled=not s.can_redo),
                rules,
                menu,
            ],
        )

    def _lasting(self) -> tuple[ft.Control, ft.Control, ft.Control]:
        """The bar's buttons that do the same while this screen is up (Home, the rules,
        the game menu): made once (again only when sharing starts or stops), so a move's
        redraw finds them on screen as they are instead of building and merging some 14
        controls for every device of the table."""
        kept = (bool(table_code()), self.game.live.teach)
        if self._kept_bar is None or self._kept_bar[0] != kept:
            self._kept_bar = (kept, self._lasting_buttons(*kept))
        return self._kept_bar[1]

    def _lasting_buttons(
        self, sharing: bool, teach: bool = False
    ) -> tuple[ft.Control, ft.Control, ft.Control]:
        game = self.game
        go = self.shell.go
        items = [
            ("Standings", "standings", lambda _e: go(routes.game(game.game_id, "standings"))),
            ("Export record", "export", game.export),
            ("Log in BG Stats", "bgstats", lambda _e: self.log_in_bgstats()),
            ("Settle a dispute", "dispute", lambda _e: self.settle()),
            ("Earlier versions", "versions", lambda _e: self.shell.dialog(versions_dialog(game))),
            ("Delete game", "delete", lambda _e: self.shell.games.confirm_delete(game.game_id)),
            ("Light or dark theme", "theme", self.shell.aids.toggle_theme),
        ]
        # On for the whole table: What now? under the status line on every device.
        items.insert(3, ("Teach this game", "teach", lambda _e: game.set_teach(not teach)))
        if sharing:
            items.append(("Share this table", "share", self.shell.share))
        rules = icon_button(
            ft.Icons.MENU_BOOK,
            "Rules",
            lambda _e: go(routes.game(game.game_id, "rules")),
            key="rules",
        )
        menu = menu_button("Game menu", items, checked={"teach"} if teach else ())
        return self.leading(), rules, menu

    def settle(self) -> None:
        from referee.disputes import from_game

        game = self.game
        kind = from_game(game.rules.kind, game.session.state).get("kind")
        self.shell.go(routes.settle(kind, game.game_id))

    def log_in_bgstats(self) -> None:
        """The game menu's Log in BG Stats: the play to log, or why it cannot be yet."""
        shell = self.shell
        shell.dialog(log_dialog(shell.page, shell.store, self.game.game_id, shell.close_dialog))

    # -- the screen ------------------------------------------------------------------------

    def wide(self) -> bool:
        return int(self.page.width or 0) >= WIDE_FROM

    def width(self, available: int) -> int:
        return max(280, min(WIDE_MAX_WIDTH if self.wide() else 760, available))

    def body(self) -> ft.Control:
        header, body = self.parts()
        # What may be said where the game's words say no move: this screen's buttons.
        speech = getattr(self.game.rules, "speech", None)
        say = speech.label_words if speech is not None else None
        self.game.ears.screen_buttons = lambda: (named_buttons(body), say)
        actions = ft.Column(
            [body],
            scroll=ft.ScrollMode.AUTO,
            expand=True,
            key="actions",
            on_scroll=self._scrolled,
            scroll_interval=150,
        )
        if self.wide():  # a wide window: scoreboard and status beside the action area
            return ft.Row(
                [
                    ft.Container(ft.Column([header], scroll=ft.ScrollMode.AUTO), width=SIDE_WIDTH),
                    ft.VerticalDivider(width=1),
                    actions,
                ],
                expand=True,
                spacing=16,
                vertical_alignment=ft.CrossAxisAlignment.START,
            )
        return ft.Column([header, actions], expand=True)

    def _scrolled(self, e: ft.OnScrollEvent) -> None:
        ft.context.disable_auto_update()  # nothing changes on screen: no redraw to send
        self._scrolled_down = e.pixels > 0

    def to_top(self, shown: ft.BaseControl) -> None:
        actions = find(shown, "actions") if self._scrolled_down else None
        # A round trip to the phone: only when it is needed. (The Column that scrolls.)
        if isinstance(actions, ft.ScrollableControl):
            self._scrolled_down = False
            self.page.run_task(actions.scroll_to, offset=0, duration=0)

    def parts(self) -> tuple[ft.Control, ft.Control]:
        view, game = self.view, self.game
        s = game.session
        state = s.state
        last = s.verdicts[-1] if s.verdicts else None
        header: list[ft.Control] = [
            tagged("round", ft.Text(view.round_line(state), size=14)),
            view.scoreboard(state),
            ft.Container(self._status(view, s), padding=layout_values.padding(top=6)),
        ]
        keypad = None if s.is_over else view.keypad(state)
        parts: list[ft.Control] = [keypad] if keypad is not None else []
        if game.live.teach and not self.asked:
            # taught: compact, under the status line, above the actions
            parts.append(panel(game.live.what_now(), compact=True))
        undone = game.undone_line()
        if undone is not None:
            # What this device just took back, where the last verdict stood: a snack bar
            # would cover the action area for seconds.
            parts.append(
                ft.Container(
                    tagged(
                        "undone",
                        ft.Row(
                            [
                                ft.Icon(ft.Icons.UNDO, size=18),
                                ft.Text(undone, size=14, italic=True, expand=True),
                                # As tall as the last verdict's line it stands for: the
                                # buttons under it stayed 28 px higher after an Undo.
                                strut(),
                            ],
                            spacing=8,
                            vertical_alignment=ft.CrossAxisAlignment.CENTER,
                        ),
                    ),
                    padding=layout_values.symmetric(vertical=12),
                )
            )
        elif last is not None and not s.is_over and not view.shows_last_step(state):
            # At the end the standings tell it; in a ladder its newest entry does.
            parts.append(
                view.last_step(
                    suited(last.headline, size=14, italic=True),
                    padding=layout_values.symmetric(vertical=12),
                )
            )
        seats = s.rules.to_act(state)
        if len(seats) > 1 and any(s.rules.pick_options(state, seat) for seat in seats):
            parts.append(self._holder_row(state))
        note = game.note if not s.steps else None
        if note is not None:  # Play again said who starts: until the first action
            parts.append(self._note_line(note))
        # The standings come first once the game is over: who won and why, places, scores.
        if s.is_over and (ending := standings_panel(s, self._ending_buttons())) is not None:
            parts.append(ending)
        parts.append(view.actions(state))
        parts.append(ft.Divider())
        parts.append(self._log_row(view.log_hidden(state), len(s.steps)))
        # What now? in full, above the actions it explains: open, or shut and kept (slot).
        whatnow = self.whatnow.slot()
        return (
            tagged("game", ft.Column(header, spacing=6)),
            ft.Container(
                ft.Column([*whatnow, ft.Column(parts, spacing=10)], spacing=0),
                padding=layout_values.padding(bottom=MIC_CLEARANCE),
            ),
        )

    @staticmethod
    def _status(view, s) -> ft.Control:
        status = tagged(
            "status",
            ft.Text(
                "Game over: the standings are below." if s.is_over else view.status(s.state),
                size=17,
                weight=ft.FontWeight.W_600,
            ),
        )
        return status

    def _ending_buttons(self) -> ft.Control:
        """Play again first and widest: the same table, one tap to the next game; Share
        beside it, the result as a picture and text for the group chat; Log in BG Stats
        under them, for the table's history."""
        again = big_button("Play again", self.game.play_again, icon=ft.Icons.REPLAY)
        share = share_button(self.game.share_result)
        new = big_button("New game", lambda _e: self.shell.go("/new"), filled=False)
        home = big_button("Home", lambda _e: self.shell.go("/"), filled=False)
        again.expand = new.expand = home.expand = True
        logs = log_button(self.shell.page, self.shell.store, self.game.game_id)
        return tagged(
            "ending-actions",
            ft.Column(
                [ft.Row([again, share], spacing=10), ft.Row([new, home], spacing=10), logs],
                spacing=10,
                horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
            ),
        )

    def _note_line(self, note: str) -> ft.Control:
        return tagged(
            "rematch-note",
            ft.Container(
                ft.Row(
                    [
                        ft.Icon(ft.Icons.REPLAY, size=20),
                        ft.Text(f"Play again: {note}", size=14, expand=True),
                    ],
                    spacing=10,
                ),
                padding=layout_values.symmetric(horizontal=12, vertical=10),
                border_radius=10,
                bgcolor=ft.Colors.SECONDARY_CONTAINER,
            ),
        )

    def _devices_line(self) -> ft.Control | None:
        others = self.game.live.others(self.game.device)
        if not others:
            return None
        return tagged(
            "devices",
            ft.Text(f"Also open on {amount(len(others), 'other devices')}", size=12, italic=True),
        )

    def _log_row(self, hidden: str | None, steps: int) -> ft.Control:
        game_id = self.game.game_id
        devices = self._devices_line()
        # The devices line stands beside the log, under everything a player taps: shown
        # above the pad, a phone joining pushed the pad down under a finger mid-tap.
        log = action_button(
            f"Show log ({steps})",
            lambda _e: self.shell.go(routes.game(game_id, "log")),
            filled=False,
            icon=ft.Icons.HISTORY,
            disabled=hidden is not None,
            key="log-toggle",
        )  # a tile, not a Material button: its count changes at every move
        row: list[ft.Control] = [
            ft.Row(
                [log] if devices is None else [log, devices],
                wrap=True,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            )
        ]
        if hidden is not None:  # a game whose players may not look back (Fairy)
            row.append(tagged("log-hidden", ft.Text(hidden, size=12, italic=True)))
        return ft.Column(row, spacing=6)

    def _holder_row(self, state) -> ft.Control:
        """Everyone chooses at once: this device may belong to one player, who then locks
        a choice the other devices see only as locked, or it is passed round the table."""
        game = self.game
        chips: list[ft.Control] = [
            ft.Chip(
                label=ft.Text(name),
                height=TAP,
                selected=game.me == seat,
                on_select=lambda _e, seat=seat: game.choose_me(None if game.me == seat else seat),
                key=f"me-{seat}",  # this device's holder, whatever the game does
            )
            for seat, name in enumerate(state.players)
        ]
        row: list[ft.Control] = [
            ft.Text("Your own phone? This is me:", size=13),
            # One row, sideways when the names are long, like the scoreboard above.
            ft.Row(chips, spacing=6, scroll=ft.ScrollMode.AUTO),
        ]
        if game.me is not None:
            name = state.players[game.me]
            row.append(
                ft.Text(
                    f"This phone enters only {name}'s choice, kept private until everyone is "
                    f"in. Passing the phone round? Tap {name} again.",
                    size=12,
                    italic=True,
                )
            )
        return tagged("who-holds", ft.Column(row, spacing=2))
