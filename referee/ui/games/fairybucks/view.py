"""The Fairy Bucks table: lots, reveals with live High Bidder, Poof!, castle and scores."""

import flet as ft

from referee.core.words import amount
from referee.games.fairybucks import RULES
from referee.games.fairybucks.material import (
    BOOK,
    BUCKS,
    ITEM_VALUES,
    MOON,
    NOT_A_BUCK,
    NOTHING,
    POOF,
    STAR,
    SUN,
    SYMBOLS,
    Symbol,
)
from referee.games.fairybucks.model import FairyBucksState, Finale, Item, Lot
from referee.games.fairybucks.scoring import item_text
from referee.ui.card_picker import card_grid, pick_rows
from referee.ui.game_view import GameView, final
from referee.ui.picked_cards import picked_card
from referee.ui.score_cards import ScoreRow, scoreboard
from referee.ui.widgets import action_button, tagged

SYMBOL_MARK = {MOON: "☾", SUN: "☀", STAR: "★", BOOK: "📖"}


def _item(item: Item) -> str:
    return f"{item.value} {SYMBOL_MARK[item.symbol]}"


class FairyBucksView(GameView):
    unit = "points"

    def __init__(self, *args) -> None:
        super().__init__(*args)
        self.value: int | None = None
        self.symbol: Symbol = MOON
        self._for: object = None

    @property
    def pending(self) -> list[Item]:
        """The items of the next lot entered so far (on every device of the table)."""
        return [Item.model_validate(i) for i in self.entry("lot", [])]

    def _set_pending(self, items: list[Item]) -> None:
        self.set_entry("lot", [i.model_dump(mode="json") for i in items])

    def start_from(self, state: FairyBucksState, action) -> None:
        if isinstance(action, Lot | Finale):
            items = action.items if isinstance(action, Lot) else (action.castle_item,)
            self.set_entry("lot", [i.model_dump(mode="json") for i in items], redraw=False)

    def title(self, state: FairyBucksState) -> str:
        return "Fairy Bucks"

    def _reset_if_moved_on(self, state: FairyBucksState) -> None:
        now = (state.lot_number, state.auction.reveals, state.phase)
        if now != self._for:
            self._for = now
            if state.phase != "lot":
                self.clear_own_entries()

    def round_line(self, state: FairyBucksState) -> str:
        left = RULES.lots_left(state)
        tail = f" · {amount(left, 'lots')} left" if left is not None else ""
        if state.phase == "auction":
            return (
                f"Lot {state.lot_number}: {', '.join(_item(i) for i in state.auction.lot)}"
                f" · reveal {state.auction.reveals + 1}{tail}"
            )
        if state.phase == "over":
            return f"All lots sold · {state.discarded_lots} discarded"
        return f"Between lots · {state.lot_number} sold or discarded{tail}"

    def scoreboard(self, state: FairyBucksState) -> ft.Control:
        """During an auction what matters is each player's showing total and the High
        Bidder; between lots, the points. Hands are listed once, below."""
        scores = RULES.scores(state)
        auction = state.phase == "auction"
        rows = []
        for seat, name in enumerate(state.players):
            badges = []
            if auction:
                if state.auction.out[seat]:
                    badges.append("out")
                elif seat == state.auction.high_bidder:
                    badges.append("High Bidder")
                else:
                    badges.append(f"{amount(scores[seat].total, 'pts')}")
            if state.poof_spent[seat] and not auction:
                badges.append("no Poof!")
            rows.append(
                ScoreRow(
                    name=name,
                    score=f"shows {state.total(seat)}" if auction else str(scores[seat].total),
                    badges=tuple(badges),
                    highlight=seat == state.auction.high_bidder,
                    dimmed=auction and state.auction.out[seat],
                    winner=seat in state.winners,
                )
            )
        return scoreboard(rows)

    def status(self, state: FairyBucksState) -> str:
        self._reset_if_moved_on(state)
        if state.phase == "lot":
            if RULES.lots_over(state):
                return "Every lot is done: turn up the item hidden on the castle."
            return "Turn up the next lot and enter its items."
        if state.phase == "auction":
            high = state.auction.high_bidder
            if high is not None:
                return (
                    f"{state.players[high]} is High Bidder at {state.total(high)}: High Bidder "
                    f"again after this reveal wins the lot."
                )
            return f"Reveal {state.auction.reveals + 1}: enter what each player still in showed."
        return f"Game over: {final(RULES.outcome(state)).headline}."

    def actions(self, state: FairyBucksState) -> ft.Control:
        self._reset_if_moved_on(state)
        if state.phase == "lot":
            entry = self._item_entry(state)
            return ft.Column([entry, self._players(state)], spacing=12)
        if state.phase == "auction":
            return ft.Column([self._reveal(state), self._players(state)], spacing=12)
        return self._players(state)

    # -- items -------------------------------------------------------------------------

    def _set_value(self, value: int) -> None:
        self.value = value
        self.refresh()

    def _set_symbol(self, symbol: Symbol) -> None:
        self.symbol = symbol
        self.refresh()

    def _add_item(self, limit: int, values: tuple[int, ...]) -> None:
        if self.value not in values:
            self.tell("Tap the item's value first, then Add item.")
            return
        item = Item(value=self.value, symbol=self.symbol)
        self.value = None
        pending = self.pending
        if len(pending) < limit:
            self._set_pending([*pending, item])
        else:
            self.refresh()

    def _remove_item(self, index: int) -> None:
        pending = self.pending
        if index < len(pending):
            del pending[index]
        self._set_pending(pending)

    def _item_entry(self, state: FairyBucksState) -> ft.Control:
        menu = RULES.choices(state)
        pending = self.pending
        last = not menu.lot_sizes
        limit = 1 if last else max(menu.lot_sizes)
        # Every value in place, those no longer possible (the 1s used up) greyed: a number
        # is tapped, as everywhere in the app, never typed.
        value = card_grid(
            list(ITEM_VALUES),
            str,
            available=set(menu.item_values),
            selected=[self.value],
            on_tap=self._set_value,
            name=lambda v: f"Item value {v}",
            key=lambda v: f"value-{v}@{self.shared_pad.moment}",
            width=52,
        )
        symbols = card_grid(
            list(SYMBOLS),
            lambda s: f"{SYMBOL_MARK[s]} {s}",
            available=set(SYMBOLS),
            selected=[self.symbol],
            on_tap=self._set_symbol,
            name=lambda s: f"Symbol {s}",
            key=lambda s: f"symbol-{s}@{self.shared_pad.moment}",
        )
        chips: list[ft.Control] = [
            picked_card(_item(i), lambda _e, k=k: self._remove_item(k), item_text(i), size=16)
            for k, i in enumerate(pending)
        ]
        heading = (
            "The item hidden on the castle:"
            if last
            else f"Items turned up for lot {state.lot_number + 1} (1 to {limit}):"
        )
        parts: list[ft.Control] = [
            ft.Text(heading, weight=ft.FontWeight.BOLD),
            value,
            symbols,
            ft.Row(
                [
                    # Kept while it would add the same (ui/reconcile.py): a tap on it just
                    # after a symbol, before the symbol's redraw came, adds the item
                    # instead of being dropped; after an add it comes anew, so the second
                    # tap of a double tap adds nothing.
                    action_button(
                        "Add item",
                        lambda _e: self._add_item(limit, menu.item_values),
                        disabled=len(pending) >= limit,
                        filled=False,
                        key=f"add-item-{len(pending)}@{self.shared_pad.moment}",
                    ),
                ],
                wrap=True,
            ),
            tagged(
                "pending-items",
                ft.Text("Entered: " + (", ".join(_item(i) for i in pending) or "none")),
            ),
            ft.Row(chips, wrap=True),
        ]
        if not last:
            parts.append(
                action_button(
                    "Auction these items",
                    lambda _e: self.play(Lot(items=tuple(self.pending))),
                    disabled=len(pending) not in menu.lot_sizes,
                    key=f"auction@{self.shared_pad.moment}",  # the items as entered when tapped
                )
            )
        if menu.finale:
            parts += self._finale_entry(last, pending)
        return ft.Column(parts, spacing=8)

    def _finale_entry(self, last: bool, pending: list[Item]) -> list[ft.Control]:
        """The way to the end: scoring needs the castle's hidden item entered alone, so
        until it is, the table reads what comes first instead of a button it cannot use."""
        ready = len(pending) == 1
        finale = action_button(
            "Castle and final scores", lambda _e: self._confirm_finale(last), filled=last
        )
        if last:
            if ready:
                return [finale]
            said = "Enter that item above: then the game can be scored."
            return [
                tagged("finale-hint", ft.Text(said, size=14, color=ft.Colors.ON_SURFACE_VARIANT))
            ]
        # The finale ends the game: kept apart from the lot's button, and asked first.
        said = (
            f"Or, if the lots are all sold and {_item(pending[0])} is the item hidden on the "
            "castle, score the game:"
            if ready
            else "No lots left? Enter the item hidden on the castle on its own above; "
            "then the game can be scored here."
        )
        told = tagged("finale-hint", ft.Text(said, size=14, color=ft.Colors.ON_SURFACE_VARIANT))
        return [ft.Divider(height=32), told, *([finale] if ready else [])]

    def _confirm_finale(self, last: bool) -> None:
        """`last`: no lot may come any more (RULES.lots_over)."""
        item = self.pending[0]
        # "No more lots" only where more could have come: after the last lot it read as
        # a choice the table did not have.
        after = "" if last else "; no more lots can be auctioned"
        self.confirm(
            "Score the game now?",
            f"{_item(item)} is the item hidden on the castle. The richest player takes the "
            f"castle and the game is scored{after}.",
            lambda: self.play(Finale(castle_item=item)),
        )

    # -- reveals -----------------------------------------------------------------------

    def _reveal(self, state: FairyBucksState) -> ft.Control:
        rows = pick_rows(
            state.players,
            dict(RULES.choices(state).showable),
            self.shared_pad,
            label=lambda c: NOT_A_BUCK.get(c, str(c)),
            verb="shows",
            drawn=lambda seat: _every_card(state, seat),
        )
        out = [state.players[s] for s in range(len(state.players)) if state.auction.out[s]]
        if out:
            rows.append(ft.Text(f"Out of this auction: {', '.join(out)}", italic=True))
        rows.append(
            ft.Text("The reveal happens as soon as every card is in.", size=12, italic=True)
        )
        return ft.Column(rows, spacing=8)

    # -- always visible ----------------------------------------------------------------

    def _players(self, state: FairyBucksState) -> ft.Control:
        scores = RULES.scores(state)
        lines: list[ft.Control] = [ft.Text("Players", weight=ft.FontWeight.BOLD)]
        for seat, name in enumerate(state.players):
            hand = state.hands[seat]
            text = (
                f"{name}: in hand {' '.join(map(str, hand))}, worth {sum(hand)}"
                if hand
                else f"{name}: no Bucks in hand"
            )
            showing = state.auction.showing[seat]
            if showing:
                text += f" · showing {' + '.join(map(str, showing))} = {state.total(seat)}"
            items = state.won[seat]
            if items:
                score = scores[seat]
                sets = ""
                if score.sets:
                    sets = f", {amount(score.sets, 'full sets')}"
                castle = f", the castle {score.castle}" if score.castle else ""
                worth = amount(score.total, "points")
                text += f" · won {', '.join(_item(i) for i in items)}{sets}{castle}: {worth}"
            else:
                text += " · no items yet"
            lines.append(tagged(f"player-{name}", ft.Text(text, size=13)))
        return ft.Column(lines, spacing=4)


def _every_card(state: FairyBucksState, seat: int) -> tuple[int | str, ...]:
    """A player's whole hand as dealt, each card in its place: the Bucks shown already and
    a spent Poof! are drawn greyed, so the grid stays put from one reveal to the next."""
    return (*BUCKS, POOF, *(() if state.hands[seat] else (NOTHING,)))


VIEW = FairyBucksView
