"""Fae-ker disputes on screen: the top card, then the bid and the bidder's hand of a bluff
call, or every hand of a showdown, on pads that offer only the cards the deck has left."""

import functools
from collections import Counter
from collections.abc import Sequence

import flet as ft

from referee.games.faeker.deck import (
    COPIES,
    HAND_SIZE,
    MAX_BID,
    MIN_BID,
    PAD_ORDER,
    STONE,
    card_name,
)
from referee.ui.dispute_form import DisputeForm, choice
from referee.ui.widgets import TAP, sent, slug, tagged


class FaekerForm(DisputeForm):
    seats = {"hands": list}

    def __init__(self, screen, pre: dict) -> None:
        super().__init__(screen, pre)
        self.top = pre.get("top")
        self.bid: int | None = pre.get("bid")
        self.hands: list[list[int]] = [[] for _ in self.names]
        self.bidder = pre.get("bidder") or self.names[0]
        self.caller = pre.get("caller") or self.names[-1]
        self.stones = bool(pre.get("stones", False))
        self.exact = bool(pre.get("exact", False))
        self.active = 0 if self.top is not None else -1

    def players_row(self) -> bool:
        return self.kind != "faeker_bluff"

    def renamed(self, names: list[str]) -> None:
        self.bidder = self.bidder if self.bidder in names else names[0]
        self.caller = self.caller if self.caller in names else names[-1]

    def entry(self) -> list[ft.Control]:
        return self._bluff() if self.kind == "faeker_bluff" else self._showdown()

    def dispute(self) -> dict | None:
        k = self.kind
        if k == "faeker_bluff":
            if self.top is None or self.bid is None or len(self.hands[0]) != HAND_SIZE:
                return None
            return {
                "kind": k,
                "top": self.top,
                "bid": self.bid,
                "hand": self.hands[0],
                "bidder": self.bidder,
                "caller": self.caller,
                "stone_circles_always_count": self.stones,
                "bluff_needs_exact": self.exact,
            }
        if self.top is None or any(len(h) != HAND_SIZE for h in self.hands):
            return None
        hands = [{"player": n, "cards": h} for n, h in zip(self.names, self.hands, strict=False)]
        return {"kind": k, "top": self.top, "hands": hands}

    # -- the pads --------------------------------------------------------------------------

    def _left(self, extra: Sequence[int] = ()) -> dict[int, int]:
        used = Counter([*((self.top,) if self.top is not None else ()), *extra])
        for hand in self.hands:
            used.update(hand)
        return {c: COPIES[c] - used[c] for c in PAD_ORDER}

    def _pad(
        self, label: str, on_tap, left: dict[int, int], disabled=False, key=None, pad_key=None
    ) -> ft.Control:
        """`key`: a card -> what its tap means until the key changes (ui/reconcile.py keeps
        the button, and the pad, till then); `pad_key`: the pad's own, when its label
        names a player (a seat's number stays while the names are edited)."""
        buttons: list[ft.Control] = [
            ft.Semantics(
                label=f"{label} {card_name(c)}",
                button=True,
                content=ft.OutlinedButton(
                    content=ft.Text(
                        "Stone" if c == STONE else str(c), size=14 if c == STONE else 18
                    ),
                    on_click=lambda _e, c=c: on_tap(c),
                    disabled=disabled or left[c] <= 0,
                    height=TAP,
                    width=88 if c == STONE else 72,
                    key=key(c) if key else None,
                ),
            )
            for c in PAD_ORDER
        ]
        pad_key = pad_key or (f"pad-{slug(label)}" if key else None)
        return ft.Row(buttons, wrap=True, spacing=6, run_spacing=6, key=pad_key)

    def _top_row(self) -> list[ft.Control]:
        if self.active == -1 or self.top is None:
            left = self._left()
            if self.top is not None:
                left[self.top] += 1
            return [
                ft.Text("Top card:", weight=ft.FontWeight.BOLD),
                self._pad("Top card", self._set_top, left),
            ]
        return [
            ft.Row(
                [
                    tagged("dispute-top", ft.Text(f"Top card: {card_name(self.top)}")),
                    ft.TextButton(
                        content="Change", on_click=lambda _e: self._set(active=-1), height=48
                    ),
                ],
                wrap=True,
            )
        ]

    def _set_top(self, card: int) -> None:
        self._set(top=card, active=0)

    def _add_card(self, card: int) -> None:
        hand = self.hands[self.active]
        # Checked here too: a quick tap can come before its card shows none left.
        if len(hand) < HAND_SIZE and self._left()[card] > 0:
            hand.append(card)
            if len(hand) == HAND_SIZE and self.kind == "faeker_showdown":
                short_hands = [i for i, h in enumerate(self.hands) if len(h) < HAND_SIZE]
                if short_hands:
                    self.active = short_hands[0]
        self._set()

    def _hand_pad(self, who: str) -> list[ft.Control]:
        hand = self.hands[self.active]
        shown = ", ".join(card_name(c) for c in hand) or "none yet"
        return [
            ft.Row(
                [
                    tagged(
                        "dispute-hand",
                        ft.Text(f"{who}'s hand: {shown} ({len(hand)} of {HAND_SIZE})"),
                    ),
                    ft.TextButton(
                        content="Clear hand",
                        on_click=lambda _e: self._clear_hand(),
                        disabled=not hand,
                        height=TAP,
                    ),
                ],
                wrap=True,
            ),
            # Kept from card to card: a quick next card counts. With whose hand it is and
            # how many of that card it holds, a double tap adds it once, and a tap aimed at
            # a hand just filled is not the next hand's.
            self._pad(
                f"{who} shows",
                self._add_card,
                self._left(),
                disabled=len(hand) >= HAND_SIZE,
                key=lambda c: f"hand-{self.active}-{c}-{hand.count(c)}",
                pad_key=f"pad-hand-{self.active}",
            ),
        ]

    def _clear_hand(self) -> None:
        self.hands[self.active] = []
        self._set()

    # -- the kinds -------------------------------------------------------------------------

    def _bluff(self) -> list[ft.Control]:
        rows = self._top_row()
        if self.top is None or self.active == -1:
            return rows
        bids = [
            choice(str(b), f"Bid {b}", self.bid == b, functools.partial(self._set, bid=b), 56, TAP)
            for b in range(MIN_BID, MAX_BID + 1)
        ]
        self.active = 0
        return [
            *rows,
            ft.Text("The bid called a bluff:", weight=ft.FontWeight.BOLD),
            ft.Row(bids, wrap=True, spacing=6),
            *self._hand_pad(self.bidder),
            ft.Row(
                [
                    ft.Checkbox(
                        label="Stone circles always count",
                        value=self.stones,
                        on_change=lambda e: self._set(stones=bool(sent(e))),
                        height=48,
                    ),
                    ft.Checkbox(
                        label="Bluff needs the exact count",
                        value=self.exact,
                        on_change=lambda e: self._set(exact=bool(sent(e))),
                        height=48,
                    ),
                ],
                wrap=True,
            ),
        ]

    def _showdown(self) -> list[ft.Control]:
        rows = self._top_row()
        if self.top is None or self.active == -1:
            return rows
        tabs = self._tabs(
            [
                (i, f"{n}\n{len(self.hands[i])} of {HAND_SIZE} cards", f"Hand of {n}")
                for i, n in enumerate(self.names)
            ]
        )
        return [*rows, tabs, *self._hand_pad(self.names[self.active])]


FORM = FaekerForm
