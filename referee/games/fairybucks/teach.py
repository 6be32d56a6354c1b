"""Fairy Bucks' words for What now?: the lot on offer, the reveals everyone makes at once,
who is High Bidder and what wins the lot, and the castle at the end.

Only words live here: which moves are allowed, and why one is refused, come from the
rules' menu and refusals (core.whatnow.BaseTeacher)."""

from typing import TYPE_CHECKING

from pydantic import BaseModel

from referee.core.whatnow import BaseTeacher, and_list, or_list
from referee.core.words import amount
from referee.games.fairybucks.material import LOT_SIZE, MOON, POOF
from referee.games.fairybucks.model import (
    BucksReveal,
    FairyBucksState,
    Finale,
    Item,
    Lot,
    Show,
)
from referee.games.fairybucks.scoring import item_text

if TYPE_CHECKING:
    from referee.games.fairybucks.rules import FairyBucksRules

SAMPLE = Item(value=5, symbol=MOON)


class FairyBucksTeacher(BaseTeacher[FairyBucksState]):
    rules: "FairyBucksRules"  # the rules it words, whose own helpers it asks too

    def examples(self, state: FairyBucksState) -> list[BaseModel]:
        rules = self.rules
        sizes = rules.choices(state).lot_sizes
        size = sizes[-1] if sizes else LOT_SIZE
        if state.in_auction:
            reveal = rules.gather(
                state, {s: rules.pick_options(state, s)[0] for s in state.in_auction}
            )
        else:
            reveal = BucksReveal(shows=(Show(player=state.players[0], card=1),))
        return [Lot(items=(SAMPLE,) * size), Finale(castle_item=SAMPLE), reveal]

    def more_refusals(self, state: FairyBucksState) -> list[BaseModel]:
        if state.phase != "auction":
            return []
        rules = self.rules
        out: list[BaseModel] = []
        picks = {s: rules.pick_options(state, s)[0] for s in state.in_auction}
        poofed = [s for s in range(len(state.players)) if state.auction.out[s]]
        if poofed:  # a player who Poofed shows a card anyway
            out.append(rules.gather(state, {**picks, poofed[0]: 1}))
        spent = [s for s in state.in_auction if state.poof_spent[s]]
        if spent:  # a second Poof! from a player who spent theirs
            out.append(rules.gather(state, {**picks, spent[0]: POOF}))
        return out

    def ruling_of(self, state: FairyBucksState, example: BaseModel) -> str | None:
        if isinstance(example, Lot):
            return "FB-ITEMS"
        if isinstance(example, Finale):
            return "FB-CASTLE"
        assert isinstance(example, BucksReveal)  # the third kind, after a lot and the castle
        if any(show.card == POOF for show in example.shows) and any(
            state.poof_spent[self.rules.seat_of(state, show.player)]
            for show in example.shows
            if show.card == POOF
        ):
            return "FB-POOF-RETURNS" if state.options.poof_returns else "FB-POOF-SPENT"
        if state.phase == "auction" and any(
            state.auction.out[self.rules.seat_of(state, show.player)] for show in example.shows
        ):
            return "FB-POOF"
        return "FB-REVEAL"

    def allowed_words(self, state: FairyBucksState, example: BaseModel) -> tuple[str, str]:
        if isinstance(example, Lot):
            sizes = self.rules.choices(state).lot_sizes
            many = or_list([str(n) for n in sizes])
            return (
                f"Turn up lot {state.lot_number + 1}: {many} "
                f"{'item' if sizes[-1] == 1 else 'items'} "
                "from the deck, "
                "then everyone bids for it in reveals.",
                "turn up the next lot",
            )
        if isinstance(example, Finale):
            return (
                "Turn up the item hidden on the castle: the player with the most Bucks left "
                "in hand takes the castle and that item; a tie means nobody does.",
                "turn up the castle item",
            )
        who = and_list([state.players[s] for s in state.in_auction])
        return (
            f"{who} each show one card at the same time: a Buck from hand, their Poof! "
            "if not spent, or nothing only with no Bucks left.",
            "each show a Buck or Poof!",
        )

    def headline(self, state: FairyBucksState, names: tuple[str, ...], phrases: list[str]) -> str:
        if state.phase == "auction":
            together = " at once" if len(names) > 1 else ""  # the others have revealed
            return f"{and_list(names)} to reveal{together}: a Buck, or Poof! to drop out."
        return super().headline(state, names, phrases)

    def facts(self, state: FairyBucksState) -> list[str]:
        out = []
        left = self.rules.items_left(state)
        if left is not None:
            out.append(f"Items still to auction: {left}.")
        if state.phase != "auction":
            return out
        auction = state.auction
        lot = ", ".join(item_text(i) for i in auction.lot)
        worth = sum(i.value for i in auction.lot)
        out.append(f"Lot {state.lot_number}: {lot} ({amount(worth, 'points')} before set bonuses).")
        totals = ", ".join(f"{state.players[s]} {state.total(s)}" for s in state.in_auction)
        out.append(f"Totals showing after {amount(auction.reveals, 'reveals')}: {totals}.")
        gone = [state.players[s] for s in range(len(state.players)) if auction.out[s]]
        if gone:
            out.append(f"Poofed out of this auction: {and_list(gone)}.")
        return out

    def next_words(self, state: FairyBucksState) -> str | None:
        auction = state.auction
        if state.phase == "auction" and auction.high_bidder is not None:
            high = state.players[auction.high_bidder]
            return (
                f"{high} is High Bidder: if {high} is High Bidder again after this reveal, "
                f"{high} wins the lot; every other player still in loses their lowest "
                "showing Buck."
            )
        if state.phase == "auction" and auction.reveals:
            return "Nobody is High Bidder (a tie at the top): the auction goes on."
        menu = self.rules.choices(state)
        if state.phase == "lot" and menu.finale:
            money = ", ".join(
                f"{p} {sum(h)}" for p, h in zip(state.players, state.hands, strict=True)
            )
            when = (
                "The last lot is done"
                if not menu.lot_sizes
                else "When the deck runs out (its size was not entered)"
            )
            return f"{when}: the castle goes to the most Bucks in hand ({money})."
        return None
