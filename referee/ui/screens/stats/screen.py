"""Statistics (`/stats`): who wins, at what, against whom and over time, from the stored
results of the finished games (referee/history/stats.py; nothing is replayed), filtered by game
and by period; the unfinished games apart, never counted. A player's name opens renaming
or merging them in every saved game (rename.py here).
"""

import sqlite3

import flet as ft

from referee.core.errors import RefereeError
from referee.core.words import amount
from referee.flet_patches.context import current_page
from referee.history.sheet import stored_sheet
from referee.history.stats import PERIODS, Statistics, statistics
from referee.ui import routes
from referee.ui.result.facts import stats_result
from referee.ui.result.share_dialog import ShareSheet, share_button
from referee.ui.screen import Screen
from referee.ui.screens.stats import view
from referee.ui.screens.stats.by_game import by_game_rows
from referee.ui.screens.stats.rename import RenameDialog
from referee.ui.theme import colours_of
from referee.ui.widgets import big_button, tagged

DAYS_PAGE = 10  # days in the table at first: a club's hundred evenings wait for a tap


class StatsScreen(Screen):
    title = "Statistics"
    follows_lists = True

    def __init__(self, shell, route) -> None:
        super().__init__(shell, route)
        self.kind: str | None = None
        self.period = "all"
        # The two players compared, the older choice first; None until one is tapped:
        # the two with the most wins then.
        self.pair: list[str] | None = None
        self.shown_pair: list[str] = []
        self.days = DAYS_PAGE
        self.shown: Statistics | None = None  # the statistics on screen, which Share sends

    def place(self) -> tuple:
        return (self.kind, self.period)

    # -- what a tap changes -----------------------------------------------------------------

    def choose_kind(self, kind: str) -> None:
        self.kind = kind or None
        self.shell.render()

    def choose_period(self, period: str) -> None:
        if period in PERIODS:
            self.period = period
        self.shell.render()

    def toggle(self, player: str) -> None:
        """A third player chosen takes the place of the one chosen longest ago."""
        pair = list(self.shown_pair)
        self.pair = [p for p in pair if p != player] if player in pair else [*pair[-1:], player]
        self.shell.render()

    def more_days(self) -> None:
        self.days += DAYS_PAGE
        self.shell.render()

    def rename(self, player: str | None = None) -> None:
        RenameDialog(self.shell, player, self.renamed).open()

    def share(self, _e=None) -> None:
        """Share the figures shown, under the filters chosen, as a picture and text."""
        if self.shown is None or not self.shown.players:
            return
        with colours_of(self.shell.store):  # each name in its colour on this screen
            result = stats_result(self.shown)
        ShareSheet(self.shell, result).open()

    def renamed(self, old: str, new: str) -> None:
        if self.pair is not None:
            self.pair = list(dict.fromkeys(new if p == old else p for p in self.pair))
        self.shell.render()

    async def download_sheet(self, _e=None) -> None:
        """The counted games under the filters on screen as a CSV file the browser saves
        (on a phone, it offers to keep or share it)."""
        store = self.shell.store
        try:
            stats = statistics(store.results.all(), self.kind, self.period)
            data = stored_sheet(store, stats.counted).encode("utf-8")
        except (RefereeError, sqlite3.Error):
            self.shell.toast("The saved games cannot be read now: nothing was downloaded.")
            return
        name = "-".join(["referee", *([self.kind] if self.kind else []), self.period]) + ".csv"
        with current_page(self.shell.page):
            picker = ft.FilePicker()
        try:
            await picker.save_file(file_name=name, src_bytes=data)
        except Exception:  # no file saving on this device
            self.shell.toast("This device cannot save files here.")
        else:
            rows = sum(len(g.players) for g in stats.counted)
            self.shell.toast(f"{name}: {amount(rows, 'rows')}, one per player per game.")

    # -- the screen -------------------------------------------------------------------------

    def body(self) -> ft.Control:
        try:
            stats = statistics(self.shell.store.results.all(), self.kind, self.period)
        except (RefereeError, sqlite3.Error) as exc:
            reason = exc.reason if isinstance(exc, RefereeError) else "they cannot be read"
            return tagged("stats-trouble", ft.Text(reason, color=ft.Colors.ERROR))
        self.shown = stats
        names = [p.player for p in stats.players]
        self.shown_pair = names[:2] if self.pair is None else [p for p in self.pair if p in names]
        parts: list[ft.Control] = [
            view.choice_chips(
                "filter-game",
                view.game_choices(),
                self.kind or "",
                self.choose_kind,
                sideways=True,
            ),
            view.choice_chips(
                "filter-period", list(view.PERIOD_LABELS.items()), self.period, self.choose_period
            ),
            tagged("stats-summary", ft.Text(view.summary(stats), size=15)),
            *self._counted(stats),
        ]
        if stats.unfinished:
            parts += [
                view.heading("Unfinished (not counted)"),
                *view.unfinished_rows(stats, lambda i: self.shell.go(routes.game(i))),
            ]
        buttons = [
            big_button(
                "Rename or merge a player",
                lambda _e: self.rename(),
                filled=False,
                icon=ft.Icons.DRIVE_FILE_RENAME_OUTLINE,
                key="stats-rename",
            )
        ]
        if stats.counted:  # the games counted under these filters, one row per player
            buttons.insert(
                0,
                tagged(
                    "download-sheet",
                    big_button(
                        "Download as a sheet",
                        self.download_sheet,
                        filled=False,
                        icon=ft.Icons.TABLE_VIEW,
                        key="stats-sheet",
                    ),
                ),
            )
        parts.append(
            ft.Container(
                ft.Row(buttons, wrap=True, spacing=10, run_spacing=10),
                padding=ft.Padding.only(top=12, bottom=24),
            )
        )
        return tagged("stats", ft.Column(parts, spacing=10))

    def _counted(self, stats) -> list[ft.Control]:
        """The figures of the finished games: who wins, over time, against whom, at what."""
        if not stats.players:
            return [
                ft.Text(
                    "No finished games here yet: a game counts once it is over.",
                    size=15,
                    italic=True,
                )
            ]
        parts = [
            share_button(self.share, "Share these figures", key="stats-share"),
            view.heading("Players"),
            view.players_table(stats, self.rename),
            ft.Text("Tap a name to rename it or merge it into another.", size=13, italic=True),
            view.heading("Wins over time"),
            view.wins_chart(stats),
        ]
        if len(stats.players) >= 2:
            parts += [
                view.heading("Head-to-head"),
                view.head_to_head_panel(stats, self.shown_pair, self.toggle),
            ]
        if self.kind is None and len(stats.kinds) > 1:
            parts += [
                view.heading("Wins by game"),
                by_game_rows(stats),
                ft.Text(
                    "Wins of the games played at each game. Choose a game above for its win "
                    "rates and places.",
                    size=13,
                    italic=True,
                ),
            ]
        parts += [
            view.heading("Records by game" if len(stats.kinds) > 1 else "Records"),
            *view.kind_cards(stats),
            view.heading("Wins by day"),
            view.days_table(stats, self.days),
        ]
        if len(stats.days) > self.days:
            more = len(stats.days) - self.days
            parts.append(
                big_button(
                    f"Show earlier days ({more} more)",
                    lambda _e: self.more_days(),
                    filled=False,
                    icon=ft.Icons.EXPAND_MORE,
                    key="stats-more-days",
                )
            )
        return parts
