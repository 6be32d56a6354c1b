"""The auction of a lot: each reveal, the High Bidder, Poof!, a stalled auction, and the
settling of the lot once it is won or discarded.
"""

from collections.abc import Sequence
from typing import Protocol

from referee.core import flow
from referee.core.errors import IllegalAction
from referee.core.outcome import names_text
from referee.core.verdict import ScoreChange, Verdict
from referee.core.words import amount
from referee.games.fairybucks.material import NOTHING, POOF
from referee.games.fairybucks.model import (
    Auction,
    BucksReveal,
    FairyBucksState,
    Shown,
)
from referee.games.fairybucks.scoring import item_text, score


def _bucks(bucks: Sequence[int]) -> str:
    return ", ".join(str(b) for b in sorted(bucks)) or "none"


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


class Holder(Protocol):
    """What the auction uses of the Fairy Bucks rules that hold it, and nothing else."""

    def showable(self, state: FairyBucksState, seat: int) -> tuple[Shown, ...]: ...

    def lots_left(self, state: FairyBucksState) -> int | None: ...


class Auctioneer:
    """The handler of Reveal and the lot's settling: a part FairyBucksRules holds
    (`rules.auctioneer`), which reaches the rules only through Holder."""

    def __init__(self, rules: Holder) -> None:
        self.rules = rules

    def reveal(
        self, state: FairyBucksState, action: BucksReveal
    ) -> tuple[FairyBucksState, Verdict]:
        auction = state.auction
        shown = flow.collect(
            state.players,
            ((show.player, show.card) for show in action.shows),
            state.in_auction,
            "show a card",
            why_not=lambda s: f"{state.players[s]} Poofed and is out of this auction.",
        )
        for seat, card in shown.items():
            self._verify_card(state, seat, card)
        shown = dict(sorted(shown.items()))

        hands, showing = list(state.hands), list(auction.showing)
        out, spent = list(auction.out), list(state.poof_spent)
        reached = list(auction.reached_at)
        lines: list[str] = []
        rulings = ["FB-REVEAL"]
        for seat, card in shown.items():
            name = state.players[seat]
            if card == POOF:
                hands[seat] = tuple(sorted(hands[seat] + showing[seat]))
                back = f", {_bucks(showing[seat])} back to hand" if showing[seat] else ""
                lines.append(f"{name}: Poof!{back}; out of this auction")
                showing[seat], out[seat], spent[seat] = (), True, True
                if "FB-POOF" not in rulings:
                    rulings.append("FB-POOF")
            elif card == NOTHING:
                lines.append(f"{name}: nothing (no Bucks in hand), total {sum(showing[seat])}")
            else:
                assert isinstance(card, int)  # neither Poof! nor nothing: a Buck
                hands[seat] = tuple(b for b in hands[seat] if b != card)
                showing[seat] = (*showing[seat], card)
                reached[seat] = auction.reveals + 1
                lines.append(
                    f"{name}: {card}, total {sum(showing[seat])} "
                    f"({' + '.join(str(b) for b in showing[seat])})"
                )
        new = state.model_copy(
            update=dict(
                hands=tuple(hands),
                poof_spent=tuple(spent),
                auction=auction.model_copy(
                    update=dict(
                        showing=tuple(showing),
                        out=tuple(out),
                        reveals=auction.reveals + 1,
                        reached_at=tuple(reached),
                    )
                ),
            )
        )
        still_in = new.in_auction
        number = f"Reveal {new.auction.reveals} of lot {state.lot_number}"
        if not still_in:
            return self._end_auction(
                new,
                None,
                f"{number}: everyone Poofed, the lot is discarded",
                lines,
                [*rulings, "FB-ALL-POOF"],
            )
        if len(still_in) == 1:
            return self._end_auction(new, still_in[0], None, lines, [*rulings, "FB-LAST-STANDING"])
        totals = {s: new.total(s) for s in still_in}
        top = max(totals.values())
        leaders = [s for s in still_in if totals[s] == top]
        high = leaders[0] if len(leaders) == 1 else None
        rulings.append("FB-HIGH-BIDDER")
        if high is not None and high == auction.high_bidder:
            return self._end_auction(new, high, None, lines, [*rulings, "FB-TWICE"])
        if high is None and all(shown[s] == NOTHING for s in still_in):
            return self._stalled(new, leaders, top, number, lines, rulings)
        new = new.model_copy(
            update=dict(auction=new.auction.model_copy(update=dict(high_bidder=high)))
        )
        if high is None:
            names = names_text([state.players[s] for s in leaders])
            headline = f"{number}: {names} tie at {top}, so nobody is High Bidder"
        else:
            headline = f"{number}: {state.players[high]} is High Bidder at {top}"
            lines.append(
                f"If {state.players[high]} is High Bidder after the next reveal too, "
                f"{state.players[high]} wins the lot."
            )
        return new, Verdict(headline=headline, details=tuple(lines), rulings=tuple(rulings))

    def _stalled(
        self,
        state: FairyBucksState,
        leaders: Sequence[int],
        top: int,
        number: str,
        lines: list[str],
        rulings: list[str],
    ) -> tuple[FairyBucksState, Verdict]:
        """Nobody still in can move and the top is tied: the table's project ruling decides."""
        if state.options.stalled_auction == "first_to_total":
            reached_at = state.auction.reached_at
            earliest = min(reached_at[s] for s in leaders)
            first = [s for s in leaders if reached_at[s] == earliest]
            lines.append(
                "Reached the top total of "
                f"{top}: "
                + ", ".join(f"{state.players[s]} in reveal {reached_at[s]}" for s in leaders)
                + "."
            )
            if len(first) == 1:
                return self._end_auction(state, first[0], None, lines, [*rulings, "FB-STALL-FIRST"])
            return self._end_auction(
                state,
                None,
                f"{number}: stuck at a tie of {top}, reached together; the lot is discarded",
                lines,
                [*rulings, "FB-STALL-FIRST"],
            )
        return self._end_auction(
            state,
            None,
            f"{number}: the auction is stuck at a tie of {top}",
            lines,
            [*rulings, "FB-STALL-DISCARD"],
        )

    def _verify_card(self, state: FairyBucksState, seat: int, card: Shown) -> None:
        if card in self.rules.showable(state, seat):
            return
        name = state.players[seat]
        hand = state.hands[seat]
        if card == POOF:
            if state.poof_spent[seat]:
                raise IllegalAction(f"{name}'s Poof! is already spent.")
        elif card == NOTHING:
            if hand:
                raise IllegalAction(
                    f"{name} still holds Bucks ({_bucks(hand)}) and must show one or Poof!."
                )
        elif card not in hand:
            raise IllegalAction(f"{name} does not hold a {card}: in hand {_bucks(hand)}.")

    def _end_auction(
        self,
        state: FairyBucksState,
        winner: int | None,
        headline: str | None,
        lines: list[str],
        rulings: list[str],
    ) -> tuple[FairyBucksState, Verdict]:
        """Settle the lot: the winner's Bucks go, others lose their lowest, items move."""
        n = len(state.players)
        showing = state.auction.showing
        hands, discarded = list(state.hands), list(state.discarded)
        won = list(state.won)
        lines = list(lines)
        changes = []
        if winner is None:
            assert headline is not None  # a lot nobody wins comes with its headline
            for seat in range(n):
                if showing[seat]:
                    lines.append(
                        f"{state.players[seat]} takes {_bucks(showing[seat])} back to hand."
                    )
                hands[seat] = tuple(sorted(hands[seat] + showing[seat]))
            discarded_lots = state.discarded_lots + 1
        else:
            name = state.players[winner]
            if "FB-LAST-STANDING" in rulings:
                how = "everyone else Poofed"
            elif "FB-STALL-FIRST" in rulings:
                how = "first to the top total of a stalled auction"
            else:
                how = f"High Bidder for the {_ordinal(2)} reveal in a row"
            headline = f"{name} wins lot {state.lot_number}: {how}"
            bid = showing[winner]
            discarded[winner] = tuple(sorted(discarded[winner] + bid))
            lines.append(f"{name} discards the Bucks bid: {_bucks(bid)} ({sum(bid)}).")
            for seat in state.in_auction:
                if seat == winner or not showing[seat]:
                    continue
                low = min(showing[seat])
                rest = list(showing[seat])
                rest.remove(low)
                discarded[seat] = tuple(sorted((*discarded[seat], low)))
                hands[seat] = tuple(sorted(hands[seat] + tuple(rest)))
                back = f"; {_bucks(rest)} back to hand" if rest else ""
                lines.append(f"{state.players[seat]} loses the lowest Buck showing, {low}{back}.")
            before = score(won[winner]).total
            lot = state.auction.lot
            won[winner] = won[winner] + lot
            lines.append(f"{name} takes {', '.join(item_text(i) for i in lot)}.")
            after = score(won[winner])
            lines.append(f"{name}'s items now score {after.arithmetic(won[winner])}.")
            changes.append(ScoreChange(player=name, before=before, after=after.total))
            discarded_lots = state.discarded_lots
        spent = (False,) * n if state.options.poof_returns else state.poof_spent
        if state.options.poof_returns and any(state.poof_spent):
            rulings = [*rulings, "FB-POOF-RETURNS"]
        new = state.model_copy(
            update=dict(
                phase="lot",
                hands=tuple(hands),
                discarded=tuple(discarded),
                won=tuple(won),
                auction=Auction.fresh(n),
                poof_spent=spent,
                discarded_lots=discarded_lots,
            )
        )
        left = self.rules.lots_left(new)
        if left == 0:
            lines.append("That was the last lot: turn up the item hidden on the castle.")
        elif left is not None:
            lines.append(f"{amount(left, 'lots')} left.")
        return new, Verdict(
            headline=headline,
            details=tuple(lines),
            rulings=tuple(dict.fromkeys(rulings)),
            changes=tuple(changes),
            decisive=True,
        )
