"""Entering Deceptidice cards: the card faces, the card picker (number cards, wildcards,
power cards), the power card form, and the top card of every die after a challenge.
"""

from collections import Counter
from dataclasses import dataclass
from typing import Any, Literal, Protocol

import flet as ft
from pydantic import TypeAdapter, ValidationError

from referee.games.deceptidice import RULES
from referee.games.deceptidice.guesses import describe, power_text
from referee.games.deceptidice.material import (
    COLOURS,
    MAX_DICE_ON_TABLE,
    MIN_COUNT,
    MIN_RUN,
    NUMBERS,
    WILD,
    colour_of,
)
from referee.games.deceptidice.model import (
    Card,
    DeceptidiceState,
    DieTops,
    PowerCard,
    Tops,
    names_of,
)
from referee.games.deceptidice.truth import card_name
from referee.ui.game_view import Pad
from referee.ui.picked_cards import picked_card
from referee.ui.widgets import action_button, sent, tagged, tile

_CARD: TypeAdapter[Any] = TypeAdapter(Card)  # a top as an entry keeps it: JSON, and back

# Card faces: the colour letter keeps its swatch whatever the table calls the colour.
FACE = {
    **dict(
        zip(
            COLOURS,  # red, blue, green, yellow
            (
                (ft.Colors.RED_700, ft.Colors.WHITE),
                (ft.Colors.BLUE_700, ft.Colors.WHITE),
                (ft.Colors.GREEN_800, ft.Colors.WHITE),
                (ft.Colors.AMBER_400, ft.Colors.BLACK),
            ),
            strict=True,
        )
    ),
    WILD: (ft.Colors.PURPLE_400, ft.Colors.WHITE),
}
COMBOS = {"numbers": "Same numbers", "colours": "Same colours", "run": "Run"}
# px: a thumb's 48; a colour label (52) and six numbers with 4 px between them take
# 52 + 6 * 48 + 6 * 4 = 364 of the 366 px a 390 px phone leaves inside the view's padding.
CELL = 48


def face_size(labels) -> int:
    """One size for a row of cards: smaller when a label is long ("not Yellow"), so that
    each stays on one line of its card."""
    return 17 if all(len(label) <= 7 for label in labels) else 14


def face_button(
    text: str, card, name: str, on_click, disabled: bool, width: int = CELL, key=None, size=17
):
    """`key`: the tap means the same until it changes (ui/reconcile.py keeps it); `size`:
    the label's (`face_size` of its row)."""
    bg, fg = FACE[card if card == WILD else colour_of(card)]
    return tile(
        ft.Text(text, size=size, weight=ft.FontWeight.BOLD, color=fg, semantics_label=""),
        name,
        on_click,
        disabled=disabled,
        bgcolor=bg,
        radius=8,
        width=width,
        height=48,
        key=key,
    )


def stepper(value: int, low: int, high: int, on_set, what: str, ident: str, key=None):
    """`key`: the steps mean the same until it changes (ui/reconcile.py keeps them)."""

    def step(icon, name: str, to: int, disabled: bool, end: str):
        return tile(
            ft.Icon(icon, size=24, color=ft.Colors.PRIMARY),
            name,
            lambda _e: on_set(to),
            filled=False,
            disabled=disabled,
            width=48,
            height=48,
            radius=24,
            key=key and f"{key}-{end}",
        )

    return ft.Row(
        [
            step(ft.Icons.REMOVE, f"Fewer {what}", value - 1, value <= low, "fewer"),
            tagged(
                ident,
                ft.Text(
                    str(value),
                    size=28,
                    weight=ft.FontWeight.BOLD,
                    width=48,
                    text_align=ft.TextAlign.CENTER,
                ),
            ),
            step(ft.Icons.ADD, f"More {what}", value + 1, value >= high, "more"),
        ],
        spacing=0,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


class Holder(Protocol):
    """What the card and guess entries use of the view that holds them, and nothing else."""

    @property
    def shared_pad(self) -> Pad: ...  # the table's picks: its `moment` keys the taps

    def play(self, action: object) -> None: ...

    def refresh(self) -> None: ...

    def tell(self, message: str) -> None: ...

    def entry(self, name: str, default: Any = None) -> Any: ...

    def set_entry(self, name: str, value: Any, redraw: bool = True) -> None: ...


@dataclass
class EntryState:
    """What this device is tapping in, before it is played: one object the view and both
    entries share, so a reset of the view (a move made) reaches them all."""

    count: int = MIN_COUNT  # a guess's COUNT
    modifier: bool = False  # Less than / Without, for the guess being made
    # The power card form, which a guess's power claim and a card picker both show.
    power_open: bool = False
    combo: Literal["numbers", "colours", "run"] = "numbers"  # a PowerCard's, as COMBOS names
    groups: str = "2+2"
    run_length: int = 3
    value: int = 1
    open_seat: int | None = None  # the seat whose tops the pad shows
    # The open seat was opened by a tap on this device ("Change Ana's"): it stays open
    # when full. Else a full seat gives way to the next one to enter, whichever device
    # filled it (another phone's pad stayed on Ana's full tops).
    opened_here: bool = False


class CardEntry:
    """The card picker, the power card form and the tops after a challenge: a part
    DeceptidiceView holds (`view.cards`), with the entry state it shares."""

    def __init__(self, view: Holder, entering: EntryState) -> None:
        self.view = view
        self.entering = entering

    def change(self, **values: Any) -> None:
        """Set fields of the entry state, and draw the screen again."""
        for key, value in values.items():
            setattr(self.entering, key, value)
        self.view.refresh()

    def picker(self, state, left: dict, menu, on_card, prefix: str, power_key=None, key=None):
        """Colour rows of number cards, a wildcard and power card entry; `left`: copies
        still available of each card; `key`: a card's code -> what its tap means until the
        key changes (ui/reconcile.py keeps the card till then)."""
        names = names_of(state)
        rows: list[ft.Control] = []
        for c in COLOURS:
            cells: list[ft.Control] = [
                ft.Container(ft.Text(names[c], size=12, no_wrap=True), width=52)
            ]
            for n in NUMBERS:
                code = f"{c}{n}"
                cells.append(
                    face_button(
                        str(n),
                        code,
                        f"{prefix} {names[c]} {n}",
                        lambda _e, k=code: on_card(k),
                        left.get(code, 0) <= 0,
                        key=key(code) if key else None,
                    )
                )
            rows.append(ft.Row(cells, spacing=4))
        extras: list[ft.Control] = []
        if menu.wildcards:
            extras.append(
                face_button(
                    f"Wild ({left.get(WILD, 0)})",
                    WILD,
                    f"{prefix} wildcard",
                    lambda _e: on_card(WILD),
                    left.get(WILD, 0) <= 0,
                    width=110,
                    key=key(WILD) if key else None,
                )
            )
        if menu.power_cards:
            extras.append(
                action_button(
                    "Hide power card" if self.entering.power_open else "Power card…",
                    lambda _e: self.change(power_open=not self.entering.power_open),
                    filled=False,
                    icon=ft.Icons.BOLT,
                )
            )
        if extras:
            rows.append(ft.Row(extras, wrap=True, spacing=6))
        if menu.power_cards and self.entering.power_open:
            rows.append(self.power_form(1, "Add this power card", on_card))
        return ft.Column(rows, spacing=4)

    # -- power cards -------------------------------------------------------------------

    def _power_card(self) -> PowerCard | None:
        """The power card described by the form, or None after telling the table why not."""
        if self.entering.combo == "run":
            sizes: list[int] = [self.entering.run_length]
        else:
            text = self.entering.groups.replace(" ", "")
            parts = text.split("+") if text else []
            if not parts or not all(p.isdigit() and len(p) <= 2 for p in parts):
                self.view.tell("Enter the groups' sizes joined by +, such as 2+2 or 3+2.")
                return None
            sizes = [int(p) for p in parts]
        try:
            return PowerCard(
                combo=self.entering.combo, sizes=tuple(sizes), value=self.entering.value
            )
        except ValidationError:
            self.view.tell(
                f"No power card looks like that: at most {len(NUMBERS)} groups of numbers or "
                f"{len(COLOURS)} of colours, each of 1 to {MAX_DICE_ON_TABLE} cards; a run is "
                f"{MIN_RUN} to {len(NUMBERS)} long."
            )
            return None

    def power_form(self, low_value: int, confirm: str, on_card) -> ft.Control:
        combos: list[ft.Control] = [
            (ft.FilledButton if self.entering.combo == key else ft.OutlinedButton)(
                content=label,
                on_click=lambda _e, k=key: self.change(combo=k),
                height=48,
            )
            for key, label in COMBOS.items()
        ]
        shape: ft.Control
        if self.entering.combo == "run":
            shape = ft.Row(
                [
                    ft.Text("Run of", size=14),
                    stepper(
                        self.entering.run_length,
                        2,
                        6,
                        lambda v: self.change(run_length=v),
                        "in the run",
                        "power-run",
                    ),
                ]
            )
        else:
            shape = ft.TextField(
                label="Groups (e.g. 2+2)",
                value=self.entering.groups,
                width=180,
                on_change=lambda e: setattr(self.entering, "groups", sent(e) or ""),
            )
        self.entering.value = max(self.entering.value, low_value)

        def done(_e):
            card = self._power_card()
            if card is not None:
                on_card(card)

        return ft.Column(
            [
                ft.Row(combos, wrap=True, spacing=6),
                shape,
                ft.Row(
                    [
                        ft.Text("Value", size=14),
                        stepper(
                            self.entering.value,
                            low_value,
                            48,
                            lambda v: self.change(value=v),
                            "value",
                            "power-value",
                        ),
                    ]
                ),
                action_button(confirm, done, filled=False),
            ],
            spacing=6,
        )

    # -- the tops after a challenge ----------------------------------------------------

    @property
    def picks(self) -> dict[int, list]:
        """Each seat's tops entered so far (on every device of the table)."""
        kept = self.view.entry("tops", {})
        return {int(s): [_CARD.validate_python(c) for c in cards] for s, cards in kept.items()}

    def _keep_picks(self, picks: dict[int, list]) -> None:
        self.view.set_entry("tops", self.dumped(picks))

    @staticmethod
    def dumped(picks: dict[int, list]) -> dict[str, list]:
        """Each seat's tops as the table's entry keeps them (JSON)."""
        return {
            str(s): [_CARD.dump_python(c, mode="json") for c in cards]
            for s, cards in picks.items()
            if cards
        }

    def tops_entry(self, state: DeceptidiceState) -> ft.Control:
        menu = RULES.choices(state)
        picks = self.picks
        names = names_of(state)
        expected = dict(menu.tops)
        r = state.round
        assert r.last is not None and r.challenger is not None  # the tops follow a challenge
        picked = Counter(c for cards in picks.values() for c in cards)
        left = {c: n - picked.get(c, 0) for c, n in menu.cards_left}
        seat = self.entering.open_seat
        full = seat is not None and len(picks.get(seat, [])) >= expected.get(seat, 0)
        if seat not in expected or (full and not self.entering.opened_here):
            self.entering.open_seat = next(
                (s for s, k in menu.tops if len(picks.get(s, [])) < k), None
            )
            self.entering.opened_here = False
        guesser = state.players[r.last.seat]
        parts: list[ft.Control] = [
            ft.Text(
                f"{state.players[r.challenger]} challenged {guesser}: "
                f"{describe(r.last.guess, names)}.",
                weight=ft.FontWeight.BOLD,
            )
        ]
        for seat, k in menu.tops:
            name = state.players[seat]
            mine = picks.get(seat, [])
            kept = r.revealed[seat]
            shown = [*(card_name(c, names) + " (revealed)" for c in kept)]
            shown += [card_name(c, names) for c in mine]
            line = f"{name}: {', '.join(shown) or 'nothing yet'} ({len(mine)} of {k})"
            if seat != self.entering.open_seat:
                parts.append(
                    ft.Row(
                        [
                            tagged(f"tops-{name}", ft.Text(line, weight=ft.FontWeight.BOLD)),
                            ft.TextButton(
                                content=f"Change {name}'s" if mine else f"Enter {name}'s",
                                on_click=lambda _e, s=seat: self.open(s),
                                height=48,
                            ),
                        ],
                        wrap=True,
                    )
                )
                continue
            chips: list[ft.Control] = [
                picked_card(
                    card_name(c, names), lambda _e, s=seat, i=i: self._unpick(s, i), size=14
                )
                for i, c in enumerate(mine)
            ]
            parts.append(tagged(f"tops-{name}", ft.Text(line, weight=ft.FontWeight.BOLD)))
            parts.append(
                self.picker(
                    state,
                    left,
                    menu,
                    lambda card, s=seat, k=k: self._pick(s, k, card, menu),
                    f"{name}'s top",
                    # Kept from card to card: a quick next top counts. With how many of
                    # that card the seat has, a double tap adds it once; with the seat,
                    # a tap aimed at a seat just filled is not the next seat's.
                    key=lambda code, s=seat: (
                        f"top-{s}-{code}-{picks.get(s, []).count(code)}"
                        f"@{self.view.shared_pad.moment}"
                    ),
                )
            )
            if chips:  # below the cards: the first top does not push the cards down
                parts.append(ft.Row(chips, wrap=True, spacing=4))
        for seat in range(len(state.players)):
            if seat not in expected and r.revealed[seat]:
                every = ", ".join(card_name(c, names) for c in r.revealed[seat])
                parts.append(ft.Text(f"{state.players[seat]}: {every} (all revealed)"))
        ready = all(len(picks.get(s, [])) == k for s, k in menu.tops)
        parts.append(
            action_button(
                "Judge the challenge",
                lambda _e: self.view.play(
                    Tops(
                        tops=tuple(
                            DieTops(player=state.players[s], cards=tuple(self.picks.get(s, [])))
                            for s, _ in menu.tops
                        )
                    )
                ),
                disabled=not ready,
                icon=ft.Icons.GAVEL,
            )
        )
        return ft.Column(parts, spacing=8)

    def open(self, seat: int) -> None:
        self.entering.open_seat, self.entering.opened_here = seat, True
        self.view.refresh()

    def _pick(self, seat: int, size: int, card, menu) -> None:
        picks = self.picks
        mine = picks.setdefault(seat, [])
        if isinstance(card, PowerCard):
            entered = [c for cards in picks.values() for c in cards]
            if not menu.fits([*entered, card]):
                self.view.tell(
                    f"The {power_text(card)} card cannot be face up again, or more power cards "
                    "would show than were shuffled in."
                )
                return
            self.entering.power_open = False
        # Checked here too: a quick tap can come before its card shows none left.
        taken = sum(cards.count(card) for cards in picks.values())
        if len(mine) < size and (
            isinstance(card, PowerCard) or taken < dict(menu.cards_left).get(card, 0)
        ):
            mine.append(card)
        if len(mine) >= size:
            self.entering.open_seat = next(
                (s for s, k in menu.tops if len(picks.get(s, [])) < k),
                None,
            )
            self.entering.opened_here = False
        self._keep_picks(picks)

    def _unpick(self, seat: int, index: int) -> None:
        picks = self.picks
        if index < len(picks.get(seat, [])):
            del picks[seat][index]
        self.entering.open_seat = seat
        self._keep_picks(picks)
