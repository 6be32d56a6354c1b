"""Faces, Aces & Jokers disputes on screen: the won piles of a showdown, a trick's board
and plays, and a board for its trump, each tapped on the play screens' card grids."""

import flet as ft

from referee.core.words import amount
from referee.games.faj.deck import BOARD_SIZES, DRAFT_CARDS, TRICK_CARDS, TRICK_CARDS_OUT
from referee.ui.card_picker import card_grid
from referee.ui.dispute_form import DisputeForm
from referee.ui.games.faj.cards import card_colour, card_label
from referee.ui.widgets import tagged


class FajForm(DisputeForm):
    seats = {"piles": list, "plays": lambda: None}

    def __init__(self, screen, pre: dict) -> None:
        super().__init__(screen, pre)
        n = len(self.names)
        self.piles: list[list] = [list(p) for p in pre.get("piles", [[] for _ in range(n)])]
        self.board: list[str] = list(pre.get("board", []))
        self.plays: list[str | None] = [None] * n
        if self.kind in ("faj_trick", "faj_trump"):
            self.active = 0 if self.board else -1

    def players_row(self) -> bool:
        return self.kind != "faj_trump"

    def entry(self) -> list[ft.Control]:
        if self.kind == "faj_showdown":
            return self._showdown()
        return self._trick() if self.kind == "faj_trick" else self._trump()

    def dispute(self) -> dict | None:
        k, names = self.kind, self.names
        if k == "faj_showdown":
            if not any(self.piles):
                return None
            piles = [{"player": n, "cards": p} for n, p in zip(names, self.piles, strict=False)]
            return {"kind": k, "piles": piles}
        if k == "faj_trump":
            return {"kind": k, "board": self.board} if self.board else None
        if not self.board or any(c is None for c in self.plays):
            return None
        plays = [{"player": n, "card": c} for n, c in zip(names, self.plays, strict=False)]
        return {"kind": k, "board": self.board, "plays": plays}

    # -- the showdown ----------------------------------------------------------------------

    def _toggle_pile(self, card: str) -> None:
        pile = self.piles[self.active]
        if card in pile:
            pile.remove(card)
        elif any(card in p for p in self.piles):
            return  # another player's card: its button is disabled
        elif sum(len(p) for p in self.piles) < TRICK_CARDS_OUT:
            pile.append(card)
        self._set()

    def _showdown(self) -> list[ft.Control]:
        taken = {c for i, p in enumerate(self.piles) if i != self.active for c in p}
        full = sum(len(p) for p in self.piles) >= TRICK_CARDS_OUT
        me = self.names[self.active]
        tabs = self._tabs(
            [
                (i, f"{n}\n{amount(len(self.piles[i]), 'cards won')}", f"Cards won by {n}")
                for i, n in enumerate(self.names)
            ]
        )
        grid = card_grid(
            list(TRICK_CARDS),
            card_label,
            available=set() if full else set(TRICK_CARDS) - taken,
            selected=self.piles[self.active],
            on_tap=self._toggle_pile,
            name=lambda c: f"{me} won {card_label(c)}",
            colour=card_colour,
            # Kept from card to card (each redraws): a quick next card counts. Picked or
            # not is in the key: the tapped card comes anew, so a double tap picks once.
            key=lambda c: f"pile-{self.active}-{c}-{c in self.piles[self.active]}",
            grid_key=f"piles-{self.active}",
        )
        return [
            ft.Text("Tap each player's won trick cards (any number; no card twice)."),
            tabs,
            grid,
        ]

    # -- the board, the trump and the trick ------------------------------------------------

    def _toggle_board(self, card: str) -> None:
        if card in self.board:
            self.board.remove(card)
        elif len(self.board) < max(BOARD_SIZES):
            self.board.append(card)
        self._set()

    def _board_grid(self) -> ft.Control:
        return card_grid(
            list(TRICK_CARDS),
            card_label,
            available=set() if len(self.board) >= max(BOARD_SIZES) else set(TRICK_CARDS),
            selected=self.board,
            on_tap=self._toggle_board,
            name=lambda c: f"Board {card_label(c)}",
            colour=card_colour,
            key=lambda c: f"board-{c}-{c in self.board}",
            grid_key="board",
        )

    def _trump(self) -> list[ft.Control]:
        sizes = f"{min(BOARD_SIZES)} to {max(BOARD_SIZES)}"
        return [ft.Text(f"Tap the board's trick cards ({sizes})."), self._board_grid()]

    def _play(self, card: str) -> None:
        self.plays[self.active] = None if self.plays[self.active] == card else card
        if self.plays[self.active] is not None and None in self.plays:
            self.active = self.plays.index(None)
        self._set()

    def _trick(self) -> list[ft.Control]:
        board = " ".join(card_label(c) for c in self.board) or "none yet"
        tabs = self._tabs(
            [(-1, f"Board\n{amount(len(self.board), 'cards')}", "The board")]
            + [
                (
                    i,
                    f"{n}\n{card_label(card) if (card := self.plays[i]) else 'no card yet'}",
                    f"Card of {n}",
                )
                for i, n in enumerate(self.names)
            ]
        )
        if self.active < 0:
            grid = self._board_grid()
        else:
            me = self.names[self.active]
            others = {c for i, c in enumerate(self.plays) if i != self.active and c}
            menu = self.pre.get("playable", {}).get(self.active, DRAFT_CARDS)
            grid = card_grid(
                list(DRAFT_CARDS),
                card_label,
                available=set(menu) - others,
                selected=[c for c in (self.plays[self.active],) if c],
                on_tap=self._play,
                name=lambda c: f"{me} plays {card_label(c)}",
                colour=card_colour,
                # Whose card it is, in the key: a pick moves on to the next player, and a
                # tap aimed at the grid before is not theirs. Played or not too: the last
                # player's double tap (no next player) plays the card once.
                key=lambda c: f"play-{self.active}-{c}-{self.plays[self.active] == c}",
                grid_key=f"plays-{self.active}",
            )
        return [tabs, tagged("dispute-board", ft.Text(f"Board: {board}")), grid]


FORM = FajForm
