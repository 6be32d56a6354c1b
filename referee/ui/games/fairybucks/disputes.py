"""Fairy Bucks disputes on screen: a reveal (the High Bidder, the Bucks each player showed
and shows now) and the finale (Bucks left, items won, the castle's item)."""

import functools

import flet as ft

from referee.core.words import amount
from referee.games.fairybucks.material import BUCKS, NOT_A_BUCK, NOTHING, POOF, SYMBOLS
from referee.ui.dispute_form import DisputeForm, choice
from referee.ui.widgets import TAP, tagged


class FairyBucksForm(DisputeForm):
    seats = {"showing": list, "shows": lambda: None, "hands": list, "items": list}

    def __init__(self, screen, pre: dict) -> None:
        super().__init__(screen, pre)
        n = len(self.names)
        self.showing: list[list[int]] = [
            list(x) for x in pre.get("showing", [[] for _ in range(n)])
        ]
        self.shows: list = [None] * n  # per player: a Buck, POOF, NOTHING, "out"; None: not yet
        self.high: str | None = pre.get("high")
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.items: list[list[dict]] = [list(x) for x in pre.get("items", [[] for _ in range(n)])]
        self.item_value = 2
        self.castle_item: dict | None = None
        self.castle_value = int(pre.get("castle_value", 0))

    def entry(self) -> list[ft.Control]:
        return self._reveal() if self.kind == "fairybucks_reveal" else self._finale()

    def dispute(self) -> dict | None:
        k, names = self.kind, self.names
        if k == "fairybucks_reveal":
            if None in self.shows:
                return None
            bidders = [
                {
                    "player": n,
                    "showing": sorted(self.showing[i]),
                    "shows": None if self.shows[i] == "out" else self.shows[i],
                }
                for i, n in enumerate(names)
            ]
            return {"kind": k, "bidders": bidders, "high_bidder": self.high}
        if self.castle_item is None:
            return None
        holdings = [
            {"player": n, "hand": sorted(self.hands[i]), "items": self.items[i]}
            for i, n in enumerate(names)
        ]
        return {
            "kind": k,
            "holdings": holdings,
            "castle_item": self.castle_item,
            "castle_value": self.castle_value,
        }

    # -- a reveal --------------------------------------------------------------------------

    def _toggle_showing(self, buck: int) -> None:
        mine = self.showing[self.active]
        if buck in mine:
            mine.remove(buck)
        elif self.shows[self.active] != buck:
            mine.append(buck)
        self._set()

    def _show(self, card) -> None:
        if card in self.showing[self.active]:
            return  # tapped before the redraw that greyed it out: a Buck is showing already
        self.shows[self.active] = card
        if card == "out" and self.high == self.names[self.active]:
            self.high = None
        if None in self.shows:
            self.active = self.shows.index(None)
        self._set()

    def _reveal(self) -> list[ft.Control]:
        def what(i: int) -> str:
            shown = self.shows[i]
            if shown is None:
                return "not yet"
            if shown == "out":
                return "out"
            return NOT_A_BUCK.get(shown, f"adds {shown}")

        rows: list[ft.Control] = [
            ft.Row(
                [
                    ft.Text("High Bidder after the last reveal:", weight=ft.FontWeight.BOLD),
                    *[
                        choice(
                            n,
                            f"High Bidder {n}",
                            self.high == n,
                            functools.partial(self._set, high=n),
                            key=f"high {i}",
                        )
                        for i, n in enumerate(self.names)
                    ],
                    choice(
                        "Nobody",
                        "High Bidder nobody",
                        self.high is None,
                        lambda: self._set(high=None),
                    ),
                ],
                wrap=True,
                spacing=6,
            ),
            self._tabs(
                [
                    (i, f"{n}\n{sum(self.showing[i])} showing, {what(i)}", f"Bids of {n}")
                    for i, n in enumerate(self.names)
                ]
            ),
        ]
        me = self.names[self.active]
        mine, now = self.showing[self.active], self.shows[self.active]
        rows.append(ft.Text(f"{me}'s Bucks showing before this reveal:", weight=ft.FontWeight.BOLD))
        rows.append(
            ft.Row(
                [
                    choice(
                        str(b),
                        f"{me} was showing {b}",
                        b in mine,
                        functools.partial(self._toggle_showing, b),
                        width=64,
                        disabled=now == b,
                        key=f"showing {self.active} {b}",
                    )
                    for b in BUCKS
                ],
                wrap=True,
                spacing=6,
                run_spacing=6,
            )
        )
        rows.append(ft.Text(f"What {me} shows now:", weight=ft.FontWeight.BOLD))
        rows.append(
            ft.Row(
                [
                    *[
                        choice(
                            str(b),
                            f"{me} shows {b}",
                            now == b,
                            functools.partial(self._show, b),
                            width=64,
                            disabled=b in mine,
                            key=f"shows {self.active} {b}",
                        )
                        for b in BUCKS
                    ],
                    choice(
                        "Poof!",
                        f"{me} shows Poof!",
                        now == POOF,
                        lambda: self._show(POOF),
                        key=f"shows {self.active} {POOF}",
                    ),
                    choice(
                        "Nothing",
                        f"{me} shows nothing",
                        now == NOTHING,
                        lambda: self._show(NOTHING),
                        key=f"shows {self.active} {NOTHING}",
                    ),
                    choice(
                        "Poofed earlier",
                        f"{me} is out",
                        now == "out",
                        lambda: self._show("out"),
                        key=f"shows {self.active} out",
                    ),
                ],
                wrap=True,
                spacing=6,
                run_spacing=6,
            )
        )
        return rows

    # -- the finale ------------------------------------------------------------------------

    def _toggle_hand_buck(self, buck: int) -> None:
        hand = self.hands[self.active]
        if buck in hand:
            hand.remove(buck)
        else:
            hand.append(buck)
        self._set()

    def _add_item(self, symbol: str, castle: bool) -> None:
        item = {"value": self.item_value, "symbol": symbol}
        if castle:
            self.castle_item = item
        else:
            self.items[self.active].append(item)
        self._set()

    def _item_row(self, label: str, castle: bool) -> ft.Control:
        return ft.Row(
            [
                ft.Text(label, weight=ft.FontWeight.BOLD),
                *[
                    choice(
                        sym,
                        f"{label} {self.item_value} {sym}",
                        False,
                        functools.partial(self._add_item, sym, castle),
                        repeats=True,
                    )
                    for sym in SYMBOLS
                ],
            ],
            wrap=True,
            spacing=6,
        )

    def _finale(self) -> list[ft.Control]:
        me = self.names[self.active]
        hand = self.hands[self.active]
        items = ", ".join(f"{i['value']} {i['symbol']}" for i in self.items[self.active])
        castle = (
            f"{self.castle_item['value']} {self.castle_item['symbol']}"
            if self.castle_item
            else "not yet"
        )
        return [
            self._tabs(
                [
                    (
                        i,
                        f"{n}\n{sum(self.hands[i])} in Bucks, "
                        f"{amount(len(self.items[i]), 'items')}",
                        f"Holdings of {n}",
                    )
                    for i, n in enumerate(self.names)
                ]
            ),
            ft.Text(f"Bucks left in {me}'s hand:", weight=ft.FontWeight.BOLD),
            ft.Row(
                [
                    choice(
                        str(b),
                        f"{me} holds {b}",
                        b in hand,
                        functools.partial(self._toggle_hand_buck, b),
                        width=64,
                        key=f"holds {self.active} {b}",
                    )
                    for b in BUCKS
                ],
                wrap=True,
                spacing=6,
                run_spacing=6,
            ),
            ft.Row(
                [
                    choice(
                        "−",
                        "Item value down",
                        False,
                        lambda: self._set(item_value=max(1, self.item_value - 1)),
                        repeats=True,
                    ),
                    tagged("item-value", ft.Text(f"Item value {self.item_value}", size=16)),
                    choice(
                        "+",
                        "Item value up",
                        False,
                        lambda: self._set(item_value=min(20, self.item_value + 1)),
                        repeats=True,
                    ),
                ],
                spacing=8,
            ),
            self._item_row(f"{me} won", castle=False),
            ft.Row(
                [
                    tagged("dispute-items", ft.Text(f"{me}'s items: {items or 'none'}")),
                    ft.TextButton(
                        content="Clear items",
                        on_click=lambda _e: self._clear_items(),
                        disabled=not self.items[self.active],
                        height=TAP,
                    ),
                ],
                wrap=True,
            ),
            self._item_row("Castle item", castle=True),
            tagged("dispute-castle", ft.Text(f"The castle's hidden item: {castle}")),
        ]

    def _clear_items(self) -> None:
        self.items[self.active] = []
        self._set()


FORM = FairyBucksForm
