"""Settle a dispute: pick the game and what is disputed, tap in only the cards in question,
and the verdict appears as soon as the input is complete (`referee.disputes.settle`).

This screen is the same for every game: the choice of game and of what is disputed (from
the games' registry), the players, the verdict and saving it. What is tapped in comes from
the game's dispute form (`referee.ui.games.<game>.disputes`), whose pickers are the play
screens' deck-aware card grids. Prefilled from a game in progress when opened from its
menu (`from_game`).
"""

from collections.abc import Callable

import flet as ft

from referee.core.errors import RefereeError
from referee.disputes import GAME_OF, TITLES, Settled, from_game, settle
from referee.games import GAMES
from referee.ui.dispute_form import DisputeForm
from referee.ui.games import FORMS
from referee.ui.suits import suited
from referee.ui.widgets import TAP, big_button, tagged


class DisputeScreen:
    """One dispute being entered. `on_save(dispute, settled)` stores a settled dispute;
    `on_kind(kind)`, if given, is where choosing what is disputed (or None: another
    dispute) goes instead of changing this screen; `on_game(game)` (None: another game)
    likewise for the choice of the game."""

    def __init__(
        self,
        refresh: Callable[..., None],
        on_save: Callable[[dict, Settled], bool],
        prefill: dict | None = None,
        on_kind: Callable[[str | None], None] | None = None,
        on_game: Callable[[str | None], None] | None = None,
    ) -> None:
        self.refresh = refresh
        self.on_save = on_save
        self.on_kind = on_kind
        self.on_game = on_game
        pre = prefill or {}
        self.pre = pre
        self.game: str | None = pre.get("game")
        self.kind: str | None = pre.get("kind")
        self.names: list[str] = list(pre.get("names") or ["Player 1", "Player 2"])
        self.from_game = bool(prefill)
        self.saved = False
        self.answer: tuple[str | None, str | None] = (None, None)  # (verdict, refusal) shown
        self._fresh()

    # -- state ---------------------------------------------------------------------------

    def _fresh(self) -> None:
        self.active = 0  # whose cards the grid enters (-1: the board / the top card)
        self.saved = False
        self.form: DisputeForm | None = None
        if self.game is not None and self.kind is not None:
            self.form = FORMS[self.game](self, self.pre if self.from_game else {})

    def choose_game(self, game: str | None) -> None:
        if self.on_game is not None:
            self.on_game(game)
            return
        self.game, self.kind = game, None
        self.refresh()

    def start(self, kind: str) -> None:
        """Enter a dispute of `kind` from scratch (its game follows from it)."""
        self.game, self.kind = game_of(kind), kind
        self._fresh()

    def choose_kind(self, kind: str | None) -> None:
        if self.on_kind is not None:
            self.on_kind(kind)
            return
        self.kind = kind
        self._fresh()
        self.refresh()

    def _max_players(self) -> int:
        game = self.game
        return GAMES[game].max_players if game is not None and game in GAMES else 4

    def _min_players(self) -> int:
        return self.form.min_players() if self.form is not None else 2

    def _seats_changed(self) -> None:
        if self.form is not None:
            self.form.resize(len(self.names))
        self.active = min(self.active, len(self.names) - 1)

    def add_player(self) -> None:
        if len(self.names) < self._max_players():
            self.names.append(f"Player {len(self.names) + 1}")
            self._seats_changed()
            self.refresh()

    def remove_player(self) -> None:
        if len(self.names) > self._min_players():
            self.names.pop()
            self._seats_changed()
            self.refresh()

    def rename(self, text: str) -> None:
        """The names typed, applied when the field is left (its blur comes just before
        the tap that left it) or submitted."""
        names = [" ".join(p.split())[:24] for p in text.split(",") if p.strip()]
        names = names[: self._max_players()]
        if len(names) < self._min_players() or names == self.names:
            return  # nothing to draw again: a redraw would drop the tap that comes next
        self.names = names
        self._seats_changed()
        if self.form is not None:
            self.form.renamed(self.names)
        # Every entry is by seat: a rename gives no button another meaning, so the
        # buttons are kept and the tap that ended the edit counts.
        self.refresh(moved=False)

    # -- the dispute as data -------------------------------------------------------------

    def dispute(self) -> dict | None:
        """The dispute entered so far as JSON data, or None while it is incomplete."""
        return None if self.form is None else self.form.dispute()

    def settled(self) -> tuple[dict | None, Settled | None, str | None]:
        data = self.dispute()
        if data is None:
            return None, None, None
        try:
            return data, settle(data), None
        except RefereeError as exc:
            return data, None, exc.reason

    # -- the screen ----------------------------------------------------------------------

    def view(self) -> ft.Control:
        if self.game is None:
            return tagged("dispute", self._games())
        if self.kind is None or self.form is None:
            return tagged("dispute", self._kinds(self.game))
        data, result, problem = self.settled()
        self.answer = (result.headline if result else None, problem)
        parts: list[ft.Control] = [
            _heading(
                f"{GAMES[self.game].title}: {TITLES[self.kind]}",
                "Other dispute",
                lambda _e: self.choose_kind(None),
            ),
        ]
        if self.form.players_row():
            parts.append(self._players_row())
        parts += self.form.entry()
        if problem:
            parts.append(tagged("dispute-problem", ft.Text(problem, color=ft.Colors.ERROR)))
        elif result is not None and data is not None:  # a verdict is of a dispute entered
            parts.append(self._verdict(data, result))
        return tagged("dispute", ft.Column(parts, spacing=10))

    def verdict_bar(self) -> ft.Control:
        """The verdict, said once, at the screen's bottom edge outside the scrolling form:
        the last card is tapped far down a long form (a Deceptidice challenge, a Fairy
        turn), and the player must see the verdict come where they are. There from the
        start, saying what will come, so the form above keeps its height when it comes."""
        if self.form is None or self.game is None or self.kind is None:
            return ft.Container(visible=False)
        _data, result, problem = self.settled()
        if result is not None:
            headline = tagged(
                "dispute-headline", suited(result.headline, size=18, weight=ft.FontWeight.BOLD)
            )
            why, colour = "Why: at the end of the form.", ft.Colors.SECONDARY_CONTAINER
        else:
            headline = tagged(
                "dispute-waiting",
                ft.Text("The verdict comes here", size=18, color=ft.Colors.ON_SURFACE_VARIANT),
            )
            why = (
                "once what is entered can be judged: see the form."
                if problem
                else "as soon as the cards are in."
            )
            colour = ft.Colors.SURFACE_CONTAINER_HIGHEST
        return tagged(
            "dispute-verdict-bar",
            ft.Container(
                ft.Column([headline, ft.Text(why, size=13)], spacing=2, tight=True),
                bgcolor=colour,
                border_radius=12,
                padding=12,
            ),
        )

    def _games(self) -> ft.Control:
        buttons = [
            big_button(GAMES[g].title, lambda _e, g=g: self.choose_game(g), width=340)
            for g in GAMES
        ]
        return ft.Column(
            [
                ft.Text("Which game is being played?", size=18, weight=ft.FontWeight.BOLD),
                ft.Text("Tap in only the cards in question: no need to track the game.", size=14),
                *buttons,
            ],
            spacing=10,
        )

    def _kinds(self, game: str) -> ft.Control:
        buttons = [
            big_button(TITLES[k], lambda _e, k=k: self.choose_kind(k), width=340)
            for k in GAMES.disputes(game).order
        ]
        return ft.Column(
            [
                _heading(
                    f"{GAMES[game].title}: what is disputed?",
                    "Other game",
                    lambda _e: self.choose_game(None),
                ),
                *buttons,
            ],
            spacing=10,
        )

    def _players_row(self) -> ft.Control:
        field = ft.TextField(
            label="Players (comma-separated)",
            value=", ".join(self.names),
            on_blur=lambda e: self.rename(e.control.value or ""),
            on_submit=lambda e: self.rename(e.control.value or ""),
            dense=True,
            expand=True,
        )
        return ft.Row(
            [
                field,
                ft.Semantics(
                    label="Add a player",
                    button=True,
                    content=ft.IconButton(
                        ft.Icons.PERSON_ADD,
                        on_click=lambda _e: self.add_player(),
                        width=48,
                        height=48,
                    ),
                ),
                ft.Semantics(
                    label="Remove a player",
                    button=True,
                    content=ft.IconButton(
                        ft.Icons.PERSON_REMOVE,
                        on_click=lambda _e: self.remove_player(),
                        width=48,
                        height=48,
                    ),
                ),
            ],
        )

    # -- the verdict ---------------------------------------------------------------------

    def _verdict(self, data: dict, result: Settled) -> ft.Control:
        rules = GAMES[result.game]
        lines: list[ft.Control] = [
            ft.Text("Why", size=18, weight=ft.FontWeight.BOLD),
        ]
        lines += [
            tagged(f"dispute-line-{i}", suited(line, size=15))
            for i, line in enumerate(result.details)
        ]
        lines += [
            ft.Text(
                rules.rulings.cite(r),  # its title and whose rule it is, never its id
                size=12,
                italic=True,
                color=ft.Colors.ON_SURFACE_VARIANT,
            )
            for r in result.rulings
        ]
        lines.append(
            tagged("dispute-saved", ft.Text("Saved to the history.", italic=True))
            if self.saved
            else big_button(
                "Save to history",
                lambda _e: self._save(data, result),
                icon=ft.Icons.SAVE,
                key="save-dispute",  # saves what is entered when tapped, a card just added too
            )
        )
        return ft.Card(
            ft.Container(ft.Column(lines, spacing=6), padding=14),
            elevation=3,
        )

    def _save(self, data: dict, result: Settled) -> None:
        if self.on_save(data, result):
            self.saved = True
            self.refresh()


def game_of(kind: str) -> str | None:
    """The game a dispute kind belongs to, or None for a kind this referee does not know."""
    return GAME_OF.get(kind)


__all__ = ["DisputeScreen", "from_game", "game_of"]


def _heading(title: str, change: str, on_change) -> ft.Control:
    """A step's title, and the button that goes back to choose again ("Other game")."""
    return ft.Row(
        [
            ft.Text(title, size=18, weight=ft.FontWeight.BOLD, expand=True),
            ft.TextButton(content=change, on_click=on_change, height=TAP),
        ],
    )
