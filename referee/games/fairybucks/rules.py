"""Fairy Bucks rules: lots, simultaneous reveals, the High Bidder, Poof!, castle and score.

The auction of a lot (its reveals and its settling) is a part the rules hold (`auction.py`).
"""

import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from referee.core.errors import IllegalAction, InvalidAction
from referee.core.outcome import Outcome, places, win_text
from referee.core.play_log import PlayLog
from referee.core.rules import GameRules
from referee.core.spoken import Speech
from referee.core.verdict import ScoreChange, Verdict
from referee.core.whatnow import BaseTeacher
from referee.core.words import amount, count_word
from referee.games.fairybucks.auction import Auctioneer
from referee.games.fairybucks.material import (
    BUCKS,
    LOT_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NOTHING,
    ONES,
    POOF,
    SMALL_TABLE,
    SYMBOLS,
    auctioned_items,
    item_values,
    ones_in_play,
)
from referee.games.fairybucks.model import (
    Auction,
    BucksReveal,
    FairyBucksAction,
    FairyBucksChoices,
    FairyBucksOptions,
    FairyBucksState,
    Finale,
    Item,
    Lot,
    Show,
    Shown,
)
from referee.games.fairybucks.rulings import RULINGS
from referee.games.fairybucks.said import said_of, shown_text
from referee.games.fairybucks.scoring import Score, item_text, score


class FairyBucksRules(GameRules[FairyBucksState, FairyBucksOptions, FairyBucksChoices]):
    kind = "fairybucks"
    title = "Fairy Bucks"
    moments = "lots"
    # BG Stats: each player's total (items, set bonuses, the castle); the most wins.
    play_log = PlayLog(
        score="points: items, set bonuses and the castle",
        why="the highest total of items and set bonuses wins",
    )
    pick_noun = "Buck"

    said = staticmethod(said_of)  # each action in the table's words (said.py)
    teacher: BaseTeacher[FairyBucksState]  # set by the package, once RULES exists (teach.py)
    speech: Speech[FairyBucksState]  # set by the package, once RULES exists (spoken.py)

    def pick_label(self, value: Any) -> str:
        return shown_text(value)

    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options_model = FairyBucksOptions
    action_type = FairyBucksAction
    rulings = RULINGS
    overview = (
        f"Fairyland's treasures go up for auction {count_word(LOT_SIZE)} at a time. Everyone "
        f"bids with the same {count_word(len(BUCKS))} Fairy Bucks, all showing a card at once, "
        "again and again, until one player has been High Bidder twice in a row or everyone "
        "else has vanished with a Poof!. Spent Bucks are gone. At the end, the richest player "
        "takes the castle, and items score their values plus a bonus for every set of the "
        f"{count_word(len(SYMBOLS))} symbols."
    )
    phases = {"lot": (Lot, Finale), "auction": (BucksReveal,), "over": ()}
    prompts = {
        "lot": "No auction is running: the next lot comes first (after the last lot, the "
        "item hidden on the castle)",
        "auction": "Finish the running auction first: enter the next reveal",
        "over": "The game is over",
    }

    def __init__(self) -> None:
        # A part held (auction.Holder: what it uses of the rules), made first: the handler
        # table, which the base checks, points at it.
        self.auctioneer = Auctioneer(self)
        super().__init__()

    def new_state(self, players: Sequence[str], options: FairyBucksOptions) -> FairyBucksState:
        self.verify_players(players)
        n = len(players)
        if options.deck_size is not None and auctioned_items(options.deck_size, n) < 1:
            raise InvalidAction(
                f"A deck of {amount(options.deck_size, 'items')} leaves nothing to auction."
            )
        return FairyBucksState(
            players=tuple(players),
            options=options,
            hands=(BUCKS,) * n,
            discarded=((),) * n,
            poof_spent=(False,) * n,
            auction=Auction.fresh(n),
            won=((),) * n,
        )

    # -- the flow contract -------------------------------------------------------------

    def to_act(self, state: FairyBucksState) -> tuple[int, ...]:
        return state.in_auction

    def choices(self, state: FairyBucksState) -> FairyBucksChoices:
        if state.phase == "lot":
            left = self.items_left(state)
            sizes: tuple[int, ...]
            if state.short_lot_played:
                sizes = ()
            elif left is None:
                sizes = tuple(range(1, LOT_SIZE + 1))
            else:
                sizes = (min(LOT_SIZE, left),) if left > 0 else ()
            ones_left = ones_in_play(len(state.players)) - state.ones
            values = item_values(len(state.players))
            return FairyBucksChoices(
                lot_sizes=sizes,
                item_values=values if ones_left > 0 else tuple(v for v in values if v != 1),
                ones_left=ones_left,
                # The castle comes after the last lot: not before the first one, unless
                # the deck entered leaves nothing to auction.
                finale=(state.lot_number > 0 or left is not None) and (not left or not sizes),
            )
        if state.phase == "auction":
            return FairyBucksChoices(
                showable=tuple((s, self.showable(state, s)) for s in state.in_auction)
            )
        return FairyBucksChoices()

    @staticmethod
    def showable(state: FairyBucksState, seat: int) -> tuple[Shown, ...]:
        """What a player still in the auction may show: a Buck in hand, the Poof! while
        it is not spent, and nothing only with an empty hand."""
        hand = state.hands[seat]
        return (
            *hand,
            *(() if state.poof_spent[seat] else (POOF,)),
            *(() if hand else (NOTHING,)),
        )

    def pick_options(self, state: FairyBucksState, seat: int) -> tuple[Shown, ...]:
        return self.showable(state, seat) if seat in state.in_auction else ()

    def gather(self, state: FairyBucksState, picks: Mapping[int, Any]) -> BucksReveal:
        return BucksReveal(
            shows=tuple(Show(player=state.players[s], card=c) for s, c in sorted(picks.items()))
        )

    def picks_in(self, state: FairyBucksState, action: BaseModel) -> dict[int, Any]:
        if not isinstance(action, BucksReveal):
            return {}
        return {self.seat_of(state, s.player): s.card for s in action.shows}

    def offers(self, state: FairyBucksState, action: BaseModel) -> bool:
        menu = self.choices(state)
        if isinstance(action, Lot):
            return (
                len(action.items) in menu.lot_sizes
                and all(i.value in menu.item_values for i in action.items)
                and _ones(action.items) <= menu.ones_left
            )
        if isinstance(action, Finale):
            return menu.finale and action.castle_item.value in menu.item_values
        if isinstance(action, BucksReveal):
            allowed = {state.players[s]: cards for s, cards in menu.showable}
            players = [show.player for show in action.shows]
            return sorted(players) == sorted(allowed) and all(
                show.card in allowed[show.player] for show in action.shows
            )
        return False

    def draw(self, state: FairyBucksState, rng: random.Random) -> FairyBucksAction | None:
        menu = self.choices(state)
        if menu.showable:
            return BucksReveal(
                shows=tuple(
                    Show(player=state.players[s], card=rng.choice(cards))
                    for s, cards in menu.showable
                )
            )

        ones_left = menu.ones_left

        def item() -> Item:
            nonlocal ones_left
            values = [v for v in menu.item_values[:9] if v != 1 or ones_left > 0]
            value = rng.choice(values)
            ones_left -= value == 1
            return Item(value=value, symbol=rng.choice(SYMBOLS))

        if menu.finale and (not menu.lot_sizes or rng.random() < 0.08):
            return Finale(castle_item=item())
        if menu.lot_sizes:
            # A short lot is the last one: mostly full lots, so random games run long.
            full = LOT_SIZE in menu.lot_sizes and rng.random() < 0.85
            size = LOT_SIZE if full else rng.choice(menu.lot_sizes)
            return Lot(items=tuple(item() for _ in range(size)))
        return None

    def points(self, state: FairyBucksState) -> tuple[int, ...]:
        return tuple(sc.total for sc in self.scores(state))

    def outcome(self, state: FairyBucksState) -> Outcome | None:
        if state.phase != "over":
            return None
        totals = self.points(state)
        names = [state.players[s] for s in state.winners]
        best = totals[state.winners[0]]
        castle = (
            f"{state.players[state.castle_winner]} took the castle"
            if state.castle_winner is not None
            else "nobody took the castle"
        )
        return Outcome(
            winners=state.winners,
            places=places(totals),
            headline=f"{win_text(names)} with {amount(best, self.unit)}",
            reason=f"Items and set bonuses add up to the most points; {castle}.",
            rulings=("FB-CASTLE", "FB-SCORE"),
            decided=tuple(amount(t, self.unit) for t in totals),
        )

    def progress(self, state: FairyBucksState) -> str:
        """Between lots, the lot done last: the next one is not turned up yet (the table's
        status says "Turn up the next lot"), so "Lot 2" would name a lot nobody has seen."""
        if not state.lot_number:
            return "Before the first lot"
        if state.phase == "auction":
            return f"Lot {state.lot_number}"
        if self.lots_over(state):
            return "Every lot is done"
        return f"After lot {state.lot_number}"

    def series(self, options: FairyBucksOptions) -> str | None:
        return options.series or None

    def audit(self, state: FairyBucksState) -> list[str]:
        problems = []
        for seat, name in enumerate(state.players):
            places_ = [*state.hands[seat], *state.auction.showing[seat], *state.discarded[seat]]
            if sorted(places_) != list(BUCKS):
                problems.append(f"{name}'s Bucks are not each in exactly one place")
            if state.auction.out[seat] and state.auction.showing[seat]:
                problems.append(f"{name} Poofed but still shows Bucks")
        return problems

    def items_left(self, state: FairyBucksState) -> int | None:
        if state.options.deck_size is None:
            return None
        return auctioned_items(state.options.deck_size, len(state.players)) - state.items_auctioned

    def lots_left(self, state: FairyBucksState) -> int | None:
        left = self.items_left(state)
        return None if left is None else math.ceil(left / LOT_SIZE)

    def scores(self, state: FairyBucksState) -> list[Score]:
        return [
            score(state.won[s], state.options.castle_value if state.castle_winner == s else 0)
            for s in range(len(state.players))
        ]

    def handlers(
        self,
    ) -> dict[type, Callable[[FairyBucksState, Any], tuple[FairyBucksState, Verdict]]]:
        return {Lot: self._lot, BucksReveal: self.auctioneer.reveal, Finale: self._finale}

    # -- a new lot ---------------------------------------------------------------------

    def _verify_items(self, state: FairyBucksState, items: Sequence[Item]) -> None:
        if any(i.value not in item_values(len(state.players)) for i in items):
            raise InvalidAction(
                f"The {amount(ONES, 'items', spelled=True)} worth 1 leave the deck in a "
                f"{SMALL_TABLE}-player game: check the value."
            )
        seen = state.ones
        if seen + _ones(items) > ONES:
            turned = f"{seen} {'has' if seen == 1 else 'have'}"
            raise IllegalAction(
                f"A game has only {ONES} items worth 1, and {turned} been turned up already: "
                f"this would make {seen + _ones(items)}. Check the values."
            )

    def _lot(self, state: FairyBucksState, action: Lot) -> tuple[FairyBucksState, Verdict]:
        if state.short_lot_played:
            raise IllegalAction(
                f"Lot {state.lot_number} held fewer than {LOT_SIZE} items, so it was the last "
                "lot: turn up the item hidden on the castle."
            )
        sizes = self.choices(state).lot_sizes
        if not sizes:
            raise IllegalAction("Every item has been auctioned: turn up the castle item.")
        if len(action.items) not in sizes:
            left = self.items_left(state)
            assert left is not None  # with no deck size entered, every lot size is offered
            raise InvalidAction(
                f"This lot has {amount(min(LOT_SIZE, left), 'items')}: "
                f"{amount(left, 'items')} {'is' if left == 1 else 'are'} left to auction."
            )
        self._verify_items(state, action.items)
        new = state.model_copy(
            update=dict(
                phase="auction",
                auction=Auction.fresh(len(state.players), action.items),
                lot_number=state.lot_number + 1,
                items_auctioned=state.items_auctioned + len(action.items),
                ones=state.ones + _ones(action.items),
            )
        )
        worth = sum(i.value for i in action.items)
        details = [f"{amount(worth, 'points')} on offer, before set bonuses."]
        rulings = ["FB-ITEMS"]
        if new.short_lot_played:  # said now, not found out when the next lot is refused
            details.append(
                f"It holds fewer than {amount(LOT_SIZE, 'items', spelled=True)}, so it is the "
                "last lot: the item hidden on the castle comes after it."
            )
            rulings.append("FB-ITEM-LIMITS")
        return new, Verdict(
            headline=f"Lot {new.lot_number}: {', '.join(item_text(i) for i in action.items)}",
            details=tuple(details),
            rulings=tuple(rulings),
        )

    def lots_over(self, state: FairyBucksState) -> bool:
        """Whether no lot may be turned up any more: the last one was short (FB-ITEM-LIMITS)
        or every item of the deck was auctioned; the castle's item comes next."""
        return state.phase == "lot" and not self.choices(state).lot_sizes

    # -- the end -----------------------------------------------------------------------

    def _finale(self, state: FairyBucksState, action: Finale) -> tuple[FairyBucksState, Verdict]:
        if not self.choices(state).finale:
            left = self.items_left(state)
            if left is None:  # before the first lot, the deck's size unknown
                raise IllegalAction(
                    "The castle item is turned up after the last lot: turn up the first lot."
                )
            raise IllegalAction(
                f"{amount(left, 'items')} {'is' if left == 1 else 'are'} still to be auctioned."
            )
        self._verify_items(state, [action.castle_item])
        money = [sum(h) for h in state.hands]
        richest = max(money)
        leaders = [s for s, m in enumerate(money) if m == richest]
        lines = [
            "Bucks left in hand: "
            + ", ".join(f"{p} {m}" for p, m in zip(state.players, money, strict=True))
            + "."
        ]
        won = list(state.won)
        castle_winner = None
        if len(leaders) == 1:
            castle_winner = leaders[0]
            won[castle_winner] = (*won[castle_winner], action.castle_item)
            lines.append(
                f"{state.players[castle_winner]} has the most ({richest}) and takes the "
                f"castle (worth {state.options.castle_value}) with its hidden item, "
                f"{item_text(action.castle_item)}."
            )
        else:
            names = " and ".join(state.players[s] for s in leaders)
            lines.append(
                f"{names} tie with {richest}: nobody takes the castle or "
                f"{item_text(action.castle_item)}."
            )
        new = state.model_copy(
            update=dict(
                won=tuple(won),
                castle_item=action.castle_item,
                castle_winner=castle_winner,
                ones=state.ones + _ones([action.castle_item]),
            )
        )
        scores = self.scores(new)
        for seat, name in enumerate(state.players):
            lines.append(f"{name}: {scores[seat].arithmetic(won[seat])}.")
        best = max(s.total for s in scores)
        winners = tuple(s for s in range(len(scores)) if scores[s].total == best)
        headline = f"{win_text([state.players[s] for s in winners])} with {amount(best, self.unit)}"
        before = self.scores(state)
        changes = tuple(
            ScoreChange(player=p, before=b.total, after=a.total)
            for p, b, a in zip(state.players, before, scores, strict=True)
            if b.total != a.total
        )
        return new.model_copy(update=dict(phase="over", winners=winners)), Verdict(
            headline=headline,
            details=tuple(lines),  # the headline says who won: not again below it
            rulings=("FB-CASTLE", "FB-SCORE"),
            changes=changes,
            decisive=True,
        )


def _ones(items: Sequence[Item]) -> int:
    return sum(1 for item in items if item.value == 1)
