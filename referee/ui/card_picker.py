"""A deck-aware card picker: one button per card kind, never more than the deck still has."""

import functools
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, Generic, TypeVar

import flet as ft

from referee.core.words import amount
from referee.live.tables import LOCKED
from referee.ui.game_view import Pad
from referee.ui.picked_cards import picked_card
from referee.ui.widgets import action_button, slug, strut, tagged, tile

# A card as a game's screen names it (a label, a number, a suit): whatever the game's
# rules use, as long as it can be told apart in a set.
Card = TypeVar("Card", bound=Hashable)


class HandPicker(Generic[Card]):
    """Collects a hand for one player from the copies the rules say are still unseen."""

    def __init__(
        self,
        label: Callable[[Card], str],
        on_change: Callable[[], None],
        symbols: Mapping[str, ft.IconData] | None = None,
        entry: tuple[Callable[[], Any], Callable[[Any, bool], None]] | None = None,
    ) -> None:
        """`symbols`: a card's face by its label, for labels too long for a card;
        `entry`: where the hand being entered is kept (read; write, and whether to redraw),
        as the table's entry (GameView.entry) instead of this picker's own."""
        self.label = label
        self.symbols = symbols or {}
        self.size = 0
        self.on_change = on_change
        self.entry = entry
        self._picked: list[Card] = []
        self.owner: object = None
        self.unseen: Mapping[Card, int] = {}

    @property
    def picked(self) -> list[Card]:
        if self.entry is None:
            return list(self._picked)
        kept = self.entry[0]()
        if not isinstance(kept, dict) or kept.get("for") != repr(self.owner):
            return []  # another hand's, or none
        return list(kept.get("cards", []))

    @picked.setter
    def picked(self, cards: list[Card]) -> None:
        """The hand as it stands, without a redraw (a fix to the log starts from it)."""
        self._keep(list(cards), redraw=False)

    def _keep(self, cards: list[Card], redraw: bool = True) -> None:
        if self.entry is None:
            self._picked = cards
            if redraw:
                self.on_change()
        else:
            hand = {"for": repr(self.owner), "cards": cards} if cards else None
            self.entry[1](hand, redraw)

    def reset_for(self, owner: object) -> None:
        """Start over when the hand being entered belongs to someone else."""
        if owner != self.owner:
            self.owner = owner
            self._picked = []

    def _add(self, card: Card) -> None:
        # Checked here too: a quick second tap can come before the button shows disabled.
        picked = self.picked
        if len(picked) < self.size and picked.count(card) < self.unseen.get(card, 0):
            self._keep([*picked, card])

    def _remove(self, index: int) -> None:
        picked = self.picked
        if index < len(picked):
            del picked[index]
        self._keep(picked)

    def _clear(self, _e=None) -> None:
        self._keep([])

    def view(
        self,
        kinds: Sequence[Card],
        unseen: Mapping[Card, int],
        size: int,
        confirm_label: str,
        on_confirm: Callable[[list], None],
    ) -> ft.Control:
        """`kinds`: every card kind, in picker order; `unseen`: copies still available."""
        self.size = size
        self.unseen = unseen
        picked = Counter(self.picked)
        left = {card: unseen.get(card, 0) - picked[card] for card in kinds}
        full = len(self.picked) >= self.size
        # "Add 4" and "Clear" do the same for as long as this hand is being entered, so
        # they keep their controls from pick to pick (ui/reconcile.py): a quick second tap
        # on "Add 4" adds another 4, as it would on paper. The chips and the confirm button
        # come anew (what they do changes with every pick).
        hand = repr(self.owner)
        buttons = []
        for card in kinds:
            gone = full or left[card] <= 0
            buttons.append(
                card_face(
                    self.label(card),
                    name=f"Add {self.label(card)}",
                    caption=f"{left[card]} left",
                    on_click=lambda _e, c=card: self._add(c),
                    disabled=gone,
                    key=f"add-{hand}-{slug(self.label(card))}",
                    symbol=self.symbols.get(self.label(card)),
                )
            )
        chips: list[ft.Control] = [
            picked_card(self.label(card), lambda _e, i=i: self._remove(i))
            for i, card in enumerate(self.picked)
        ] or [ft.Text("Tap a card to add it to the hand.", size=12, italic=True)]
        count = f"{len(self.picked)} of {amount(self.size, 'cards')}"
        return ft.Column(
            [
                ft.Row(buttons, wrap=True, spacing=8, run_spacing=4),
                tagged("picked-count", ft.Text(count)),
                # The cards picked on one line, as high with none as with all: chips that
                # wrapped onto a second line pushed the confirm button down as cards came.
                ft.Row(
                    [strut(), *chips],
                    spacing=6,
                    scroll=ft.ScrollMode.AUTO,
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                ft.Row(
                    [
                        action_button(
                            confirm_label,
                            lambda _e: on_confirm(list(self.picked)),
                            disabled=not full,
                        ),
                        action_button(
                            "Clear",
                            self._clear,
                            filled=False,
                            disabled=not self.picked,
                            key=f"clear-{hand}",
                        ),
                    ],
                    wrap=True,
                ),
            ],
            spacing=10,
        )


def card_face(
    label: str,
    *,
    name: str,
    caption: str,
    on_click: Callable,
    disabled: bool = False,
    key: str | None = None,
    symbol: ft.IconData | None = None,
) -> ft.Control:
    """A card to tap, drawn as a card (a white face with small corners and its rank
    large) with `caption` under it; `name` is what a screen reader (and a test) calls it.
    `key`: the tap does the same on every screen (ui/reconcile.py then keeps it).
    `symbol`: drawn on the face instead of a label too long for it (the name keeps it)."""
    face = (
        ft.Icon(symbol, size=28, color=ft.Colors.ON_SURFACE)
        if symbol
        else ft.Text(
            label,
            size=24,
            weight=ft.FontWeight.BOLD,
            color=ft.Colors.ON_SURFACE,
            semantics_label="",
        )
    )
    button = tile(
        face,
        name,
        on_click,
        filled=False,
        disabled=disabled,
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOWEST,
        radius=6,
        width=58,
        height=80,
        key=key,
    )
    return ft.Column(
        [
            button,
            ft.Text(caption, size=11),
        ],
        spacing=2,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )


def card_grid(
    cards: Sequence[Card],
    label: Callable[[Card], str],
    *,
    available: set,
    selected: Sequence,
    on_tap: Callable[[Card], object],
    name: Callable[[Card], str] | None = None,
    colour: Callable[[Card], str | None] = lambda _c: None,
    key: Callable[[Card], str] | None = None,
    grid_key: str | None = None,
    width: int | None = None,
) -> ft.Control:
    """One small button per card; selected cards are filled, unavailable ones disabled.

    `key`: what a tap on the card means until the screen's key for it changes (with the
    game's moment in it: ui/reconcile.py then keeps the button from redraw to redraw, so
    a pick redraws only the cards whose look changed, not the grid). `grid_key`: the
    grid's own, for a screen where a pick brings a line in above it (a form's first card,
    its verdict): the grid is then kept wherever it moves to, and its buttons with it.

    `name` gives the accessible name (for a screen reader and for tests) when the visible
    label alone would be ambiguous, e.g. the same card offered to several players.
    """
    buttons: list[ft.Control] = []
    for card in cards:
        chosen = card in selected
        gone = card not in available and not chosen
        # Drawn as a card: a small-cornered white face, red suits red and black suits black;
        # a chosen card filled. One button type either way: a pick only restyles it.
        face: str | None = colour(card) or ft.Colors.ON_SURFACE
        if chosen:
            face = ft.Colors.ON_PRIMARY
        elif gone:
            face = None
        # The tile's name is the Semantics' below; its face would only say the card again.
        text = ft.Text(
            label(card), size=16, color=face, weight=ft.FontWeight.BOLD, semantics_label=""
        )
        button = tile(
            text,
            name(card) if name else label(card),
            lambda _e, c=card: on_tap(c),
            filled=False,
            selected=chosen,
            disabled=gone,
            bgcolor=ft.Colors.PRIMARY if chosen else ft.Colors.SURFACE_CONTAINER_LOWEST,
            radius=6,
            height=48,
            # As wide as the label needs, on one line: a joker's name is a long one.
            width=width
            or (80 if len(label(card)) <= 3 else 112 if len(label(card)) <= 10 else 164),
            key=key(card) if key else None,
        )
        buttons.append(button)
    return ft.Row(buttons, wrap=True, spacing=6, run_spacing=6, key=grid_key)


CELL = 48  # px: a card of a pad's grid, a thumb's height (tests/ui/test_tap_targets.py)
GAP = 6


def card_rows(
    rows: Sequence[Sequence[Card | None]],
    face: Callable[[Card, bool], ft.Control],
    *,
    available: set,
    selected: Sequence = (),
    on_tap: Callable[[Card], object],
    name: Callable[[Card], str],
    key: Callable[[Card], str] | None = None,
) -> ft.Control:
    """Cards in a fixed grid (a suit a row, a rank a column), each cell as wide as the
    screen allows and `CELL` high; None leaves its cell empty. A card not in `available`
    stays in its cell, greyed: nothing moves from one pick to the next. `face(card,
    chosen)`: what the cell shows, on the primary colour when chosen (its Texts with
    `semantics_label=""`: `name` says it)."""
    lines: list[ft.Control] = []
    for row in rows:
        cells: list[ft.Control] = []
        for card in row:
            if card is None:
                cells.append(ft.Container(height=CELL, expand=1))
                continue
            chosen = card in selected
            cell = tile(
                face(card, chosen),
                name(card),
                lambda _e, c=card: on_tap(c),
                filled=False,
                selected=chosen,
                disabled=card not in available and not chosen,
                bgcolor=ft.Colors.PRIMARY_CONTAINER
                if chosen
                else ft.Colors.SURFACE_CONTAINER_LOWEST,
                radius=6,
                height=CELL,
                padding=0,
                key=key(card) if key else None,
            )
            cell.expand = 1
            cells.append(cell)
        lines.append(ft.Row(cells, spacing=GAP))
    return ft.Column(lines, spacing=GAP)


def pick_rows(
    players: Sequence[str],
    options: Mapping[int, Sequence],
    pad: Pad,
    *,
    label: Callable[[Any], str],
    verb: str,
    colour: Callable[[Any], str | None] = lambda _c: None,
    exclusive: bool = False,
    drawn: Callable[[int], Sequence] | None = None,
) -> list[ft.Control]:
    """A simultaneous choice, one row per seat in `options` (seat -> what it may pick).

    Picks live in the shared table (`pad`), so every device shows the same rows: a pick
    another player locked on their own device shows only as locked, and a device held by
    one player (`pad.me`) offers only that player's row. A seat's grid stays open once it
    has picked, its card filled (another card changes it, the same card takes it back), or
    greyed when it is locked: a seat folded to one line as it picked lifted the grids under
    it away from the thumb, and they dropped again when the next choice opened it.
    With `exclusive`, a card picked for one seat is not offered to the others. `drawn(seat)`:
    every card of the seat's grid, those not in `options` greyed in place (a Buck already
    spent), so the grid never shifts between one choice and the next.
    """
    shown = {seat: pad.shown(seat) for seat in options}
    taken = {v for v in shown.values() if v is not None and v is not LOCKED}
    rows: list[ft.Control] = []
    for seat, allowed in options.items():
        name = players[seat]
        mine = shown[seat]
        if pad.me is not None and pad.me != seat:  # another player's row: one line
            said = (
                f"{name}: locked in"
                if mine is LOCKED
                else f"{name}: still choosing"
                if mine is None
                else f"{name} {verb} {label(mine)}"
            )
            part: list[ft.Control] = [
                tagged(f"picked-{slug(name)}", ft.Text(said, italic=mine is None))
            ]
        else:
            if mine is LOCKED:
                heading: ft.Control = ft.Row(
                    [
                        ft.Icon(ft.Icons.LOCK, size=18),
                        tagged(f"picked-{slug(name)}", ft.Text(f"{name}: locked in")),
                    ],
                    spacing=6,
                )
            elif mine is not None:
                text = f"{name} {verb} {label(mine)}"
                if pad.me == seat:
                    text += " (locked in, hidden from the others)"
                heading = tagged(f"picked-{slug(name)}", ft.Text(text, weight=ft.FontWeight.BOLD))
            else:
                heading = tagged(
                    f"choosing-{slug(name)}",
                    ft.Text(f"{name} {verb}:", weight=ft.FontWeight.BOLD),
                )
            chosen = [] if mine is None or mine is LOCKED else [mine]
            free = set(allowed) - (taken - set(chosen)) if exclusive else set(allowed)

            def named(c: Any, n: str = name) -> str:
                return f"{n} {verb} {label(c)}"

            def keyed(c: Any, s: int = seat) -> str:
                return f"pick-{s}-{c}@{pad.moment}"

            grid = card_grid(
                list(drawn(seat)) if drawn else list(allowed),
                label,
                available=set() if mine is LOCKED else free,
                selected=chosen,
                on_tap=functools.partial(_toggle, pad, seat),
                name=named,
                colour=colour,
                key=keyed,
            )
            if mine is LOCKED:  # greyed, in its place: no card of it said to a screen reader
                grid = ft.Semantics(exclude_semantics=True, content=grid)
            part = [heading, grid]
        # One control per seat, whatever it shows: a pick then changes that seat's part
        # of the screen only, not the list of every seat's grid (which the phone rebuilds).
        rows.append(ft.Column(part, spacing=8))
    return rows


def _toggle(pad: Pad, seat: int, card: object) -> None:
    """The card a seat shows now taken back, any other one chosen in its place."""
    if pad.shown(seat) == card:
        pad.clear(seat)
    else:
        pad.choose(seat, card)
