"""Fae-ker rules: apply(state, action) -> (state, verdict), pure and total.

The bidding's handlers are a part the rules hold (`bidding.py`); hands are counted by
`counting.py`.
"""

import random
from collections.abc import Callable, Sequence
from typing import Any

from pydantic import BaseModel

from referee.core import flow
from referee.core.errors import IllegalAction
from referee.core.outcome import Outcome, names_text, places, win_text
from referee.core.play_log import PlayLog
from referee.core.rules import GameRules
from referee.core.spoken import Speech
from referee.core.verdict import ScoreChange, Verdict
from referee.core.whatnow import BaseTeacher
from referee.core.words import amount
from referee.games.faeker import counting
from referee.games.faeker.bidding import Bidding, bluff_ruling
from referee.games.faeker.deck import (
    BLUFF_BONUS,
    CUBES_TO_WIN,
    DECK,
    FAE,
    HAND_SIZE,
    MAX_BID,
    MAX_PLAYERS,
    MIN_BID,
    MIN_PLAYERS,
    STONE,
    SUPPLY,
    card_name,
    die_face,
)
from referee.games.faeker.model import (
    Bid,
    CallBluff,
    CallShowdown,
    Deal,
    FaekerAction,
    FaekerChoices,
    FaekerOptions,
    FaekerState,
    Pass,
    RevealHand,
    TopCard,
)
from referee.games.faeker.rulings import RULINGS
from referee.games.faeker.said import said_of

BIDDING_ACTIONS = (Bid, Pass, CallShowdown, CallBluff)


class FaekerRules(GameRules[FaekerState, FaekerOptions, FaekerChoices]):
    kind = "faeker"
    title = "Fae-ker"
    # BG Stats: the cubes each player holds at the end; the most cubes wins.
    play_log = PlayLog(
        score="fae cubes held at the end",
        why="the first to the target wins, and among those who reach it the most cubes",
    )
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options_model = FaekerOptions
    action_type = FaekerAction
    rulings = RULINGS
    unit = "cubes"
    overview = (
        f"Each round everyone holds {HAND_SIZE} cards and one card is turned up. Players bid "
        "how many of their cards beat the top card, in turn from the dealer's left; bids may be "
        "bluffs. Bidding ends with an unopposed bid, a tie, a showdown call or a bluff call, "
        "and the round's winner takes the top card's fae cubes from the supply. First to "
        "the target wins."
    )
    phases = {
        "top": (TopCard,),
        "bidding": BIDDING_ACTIONS,
        "reveal": (RevealHand,),
        "over": (),
    }
    prompts = {
        "top": "Turn up the top card first",
        "bidding": "The top card is turned up and the bidding is on",
        "reveal": "Bidding is over: the hands are being shown",
        "over": "The game is over",
    }
    said = staticmethod(said_of)  # each action in the table's words (said.py)
    teacher: BaseTeacher[FaekerState]  # set by the package, once RULES exists (teach.py)
    speech: Speech[FaekerState]  # set by the package, once RULES exists (spoken.py)

    def __init__(self) -> None:
        # A part held (bidding.Holder: what it uses of the rules); the handlers need it.
        self.bidding = Bidding(self)
        super().__init__()

    def new_state(self, players: Sequence[str], options: FaekerOptions) -> FaekerState:
        self.verify_players(players)
        self.verify_options(players, options)
        return FaekerState(
            players=tuple(players),
            options=options,
            goal=CUBES_TO_WIN[len(players)],
            cubes=(0,) * len(players),
            supply=SUPPLY,
        )

    # -- the flow contract -------------------------------------------------------------

    @staticmethod
    def bidding_order(state: FaekerState) -> tuple[int, ...]:
        """Seats still in the bidding, in bidding order from the dealer's left."""
        order = flow.clockwise(len(state.players), state.dealer + 1)
        return tuple(s for s in order if s not in state.deal.passed)

    def to_act(self, state: FaekerState) -> tuple[int, ...]:
        if state.phase == "bidding":
            assert state.deal.turn is not None  # someone's turn while the bidding is on
            return (state.deal.turn,)
        if state.phase == "reveal":
            return state.deal.awaiting
        return ()

    def current_player(self, state: FaekerState) -> str | None:
        seats = self.to_act(state)
        return state.players[seats[0]] if seats else None

    def choices(self, state: FaekerState) -> FaekerChoices:
        deal = state.deal
        if state.phase == "top":
            return FaekerChoices(tops=tuple(DECK.copies))
        if state.phase == "bidding":
            last = deal.last_bid_entry
            low = MIN_BID if deal.highest_bid is None else deal.highest_bid
            return FaekerChoices(
                bidder=deal.turn,
                bids=tuple(range(low, MAX_BID + 1)),
                bluff_on=last.seat if last is not None and last.seat != deal.turn else None,
            )
        if state.phase == "reveal":
            left = DECK.remaining(deal.seen)
            return FaekerChoices(
                showers=deal.awaiting,
                cards_left=tuple((card, n) for card, n in left.items() if n > 0),
            )
        return FaekerChoices()

    def offers(self, state: FaekerState, action: BaseModel) -> bool:
        menu = self.choices(state)
        if isinstance(action, TopCard):
            return action.card in menu.tops
        if isinstance(action, BIDDING_ACTIONS):
            if menu.bidder is None or action.player != state.players[menu.bidder]:
                return False
            if isinstance(action, Bid):
                return action.amount in menu.bids
            if isinstance(action, CallBluff):
                return menu.bluff_on is not None
            return True
        if isinstance(action, RevealHand):
            left = dict(menu.cards_left)
            shower = action.player in (state.players[s] for s in menu.showers)
            return shower and all(
                action.cards.count(c) <= left.get(c, 0) for c in set(action.cards)
            )
        return False

    def draw(self, state: FaekerState, rng: random.Random) -> FaekerAction | None:
        menu = self.choices(state)
        if menu.tops:
            return TopCard(card=rng.choice(menu.tops))
        if menu.bidder is not None:
            player = state.players[menu.bidder]
            options: list[Bid | Pass | CallShowdown | CallBluff] = [
                Bid(player=player, amount=rng.choice(menu.bids)),
                Pass(player=player),
            ]
            options.append(CallShowdown(player=player))
            if menu.bluff_on is not None:
                options.append(CallBluff(player=player))
            return rng.choice(options)
        if menu.showers:
            pool = [c for c, n in menu.cards_left for _ in range(n)]
            player = state.players[rng.choice(menu.showers)]
            return RevealHand(player=player, cards=tuple(rng.sample(pool, HAND_SIZE)))
        return None

    def points(self, state: FaekerState) -> tuple[int, ...]:
        return state.cubes

    def next_seats(self, state: FaekerState) -> tuple[dict[str, int], str, tuple[str, ...]]:
        dealer = (state.dealer + 1) % len(state.players)
        return {"first_dealer": dealer}, "the deal moves on one seat", ("FK-REMATCH",)

    def outcome(self, state: FaekerState) -> Outcome | None:
        if state.phase != "over":
            return None
        names = [state.players[s] for s in state.winners]
        most = state.cubes[state.winners[0]]
        reached = sum(1 for c in state.cubes if c >= state.goal)
        reason = f"{names_text(names)} reached the target of {amount(state.goal, 'cubes')}"
        if reached > len(names):
            reason += "; others reached it too, with fewer cubes"
        return Outcome(
            winners=state.winners,
            places=places(state.cubes),
            headline=f"{win_text(names)} with {amount(most, 'cubes')}",
            reason=reason + ".",
            rulings=("FK-GAME-END",),
            decided=tuple(amount(c, "cubes") for c in state.cubes),
        )

    def progress(self, state: FaekerState) -> str:
        return f"Round {state.round} (target {amount(state.goal, 'cubes')})"

    def audit(self, state: FaekerState) -> list[str]:
        problems = []
        if sum(state.cubes) + state.supply != SUPPLY:
            problems.append("cubes were made or lost")
        if state.supply < 0 or min(state.cubes) < 0:
            problems.append("a negative number of cubes")
        return problems

    # -- dispatch ----------------------------------------------------------------------

    def handlers(self) -> dict[type, Callable[[FaekerState, Any], tuple[FaekerState, Verdict]]]:
        return {
            TopCard: self._top_card,
            Bid: self.bidding.bid,
            Pass: self.bidding.pass_,
            CallShowdown: self.bidding.call_showdown,
            CallBluff: self.bidding.call_bluff,
            RevealHand: self._reveal,
        }

    # -- round start -------------------------------------------------------------------

    def _top_card(self, state: FaekerState, action: TopCard) -> tuple[FaekerState, Verdict]:
        DECK.verify_cards([action.card])
        top = action.card
        turn = (state.dealer + 1) % len(state.players)
        new = state.model_copy(update=dict(phase="bidding", deal=Deal(top=top, turn=turn)))
        target, target_ruling = counting.describe_target(
            top, state.options.stone_circles_always_count
        )
        rulings = ["FK-DIE", "FK-DEALER", target_ruling]
        if top != STONE:
            rulings.append(self._stone_ruling(state))
        return new, Verdict(
            headline=f"Round {state.round}: top card {card_name(top)}, worth {FAE[top]} fae",
            details=(
                f"Round die shows {die_face(state.round)} (round {state.round}).",
                f"Dealer: {state.players[state.dealer]}. {state.players[turn]} bids first.",
                f"Bids count {target}.",
            ),
            rulings=tuple(rulings),
        )

    @staticmethod
    def _stone_ruling(state: FaekerState) -> str:
        return "FK-STONE-ALWAYS" if state.options.stone_circles_always_count else "FK-STONE-EQUAL"

    # -- showing hands -----------------------------------------------------------------

    def _reveal(self, state: FaekerState, action: RevealHand) -> tuple[FaekerState, Verdict]:
        seat = self.seat_of(state, action.player)
        deal = state.deal
        if seat not in self.choices(state).showers:
            shown = any(s == seat for s, _ in deal.hands)
            raise IllegalAction(
                f"{action.player} has already shown a hand."
                if shown
                else f"{action.player} is not part of this "
                f"{'bluff call' if deal.reveal == 'bluff' else 'showdown'}."
            )
        DECK.verify_cards([*deal.seen, *action.cards])
        awaiting = tuple(s for s in deal.awaiting if s != seat)
        deal = deal.model_copy(
            update=dict(hands=(*deal.hands, (seat, tuple(action.cards))), awaiting=awaiting)
        )
        new = state.model_copy(update=dict(deal=deal))
        if awaiting:
            return new, Verdict(
                headline=f"{action.player} shows {counting.hand_text(action.cards)}",
                details=(f"Waiting for {state.players[awaiting[0]]}'s hand.",),
                rulings=("FK-SHOWDOWN-RANK",),
            )
        if deal.reveal == "bluff":
            return self._settle_bluff(new)
        return self._settle_showdown(new)

    def _settle_bluff(self, state: FaekerState) -> tuple[FaekerState, Verdict]:
        deal = state.deal
        ((seat, hand),) = deal.hands
        bid, top = deal.called_bid, deal.top
        assert bid is not None and top is not None and deal.caller is not None  # a bluff call
        bidder, caller = state.players[seat], state.players[deal.caller]
        count = counting.count_hand(top, hand, state.options.stone_circles_always_count)
        exact = state.options.bluff_needs_exact
        true = count.total == bid if exact else count.total >= bid
        fae = FAE[top]
        target, _ = counting.describe_target(top, state.options.stone_circles_always_count)
        compare = "exactly" if exact else "at least"
        counted = counting.hand_text(count.counted) if count.counted else "none"
        details = [
            f"Top card {card_name(top)}: the bid counts {target}.",
            f"{bidder}'s hand: {counting.hand_text(hand)}.",
            f"Counted: {counted}; {count.explanation}; total {count.total}.",
            f"Bid {bid}, needs {compare} {bid}: {count.total} "
            f"{'meets' if true else 'does not meet'} it.",
        ]
        rulings = [bluff_ruling(state), count.ruling]
        if top != STONE and STONE in hand:
            rulings.append(self._stone_ruling(state))
        if true:
            owed = [(seat, fae)]
            headline = f"{bidder} told the truth: {count.total} for a bid of {bid}"
            details.append(f"{bidder} takes the top card's {fae} fae.")
        else:
            owed = [(deal.caller, fae + BLUFF_BONUS)]
            headline = f"{bidder} bluffed: {count.total} for a bid of {bid}"
            details.append(
                f"{caller} caught the bluff: {fae} fae + {BLUFF_BONUS} = "
                f"{amount(fae + BLUFF_BONUS, 'cubes')}."
            )
        return self.award(state, owed, headline=headline, details=details, rulings=rulings)

    def _settle_showdown(self, state: FaekerState) -> tuple[FaekerState, Verdict]:
        top = state.deal.top
        assert top is not None  # the hands are shown against the top card
        keyed = sorted(
            ((counting.showdown_key(top, hand), seat, hand) for seat, hand in state.deal.hands),
            key=lambda t: t[0],
            reverse=True,
        )
        best = keyed[0][0]
        winners = [seat for key, seat, _ in keyed if key == best]
        details = [
            f"{state.players[seat]}: {counting.describe_key(top, hand)}" for _, seat, hand in keyed
        ]
        details += [
            counting.why_beats(state.players[keyed[0][1]], state.players[seat], best, key)
            for key, seat, _ in keyed[len(winners) :]
        ]
        fae = FAE[top]
        headline, takes, rulings = counting.showdown_words([state.players[s] for s in winners], fae)
        details.append(takes)
        return self.award(
            state, [(s, fae) for s in winners], headline=headline, details=details, rulings=rulings
        )

    # -- cubes and round end -----------------------------------------------------------

    def award(
        self,
        state: FaekerState,
        owed: Sequence[tuple[int, int]],
        *,
        headline: str,
        details: list[str],
        rulings: list[str],
    ) -> tuple[FaekerState, Verdict]:
        """Pay what each seat is owed from the supply (shared out when it falls short), and
        end the round: the bidding and the hands shown both end a round this way."""
        cubes = list(state.cubes)
        total = sum(amount for _, amount in owed)
        details = list(details)
        rulings = list(rulings)
        if total <= state.supply:
            paid = owed
        else:
            share = state.supply // len(owed)
            paid = [(seat, min(share, amount)) for seat, amount in owed]
            left = state.supply - sum(a for _, a in paid)
            if len(owed) == 1:
                details.append(
                    f"The supply holds only {amount(state.supply, 'cubes')}, so "
                    f"{state.players[owed[0][0]]} takes {paid[0][1]}."
                )
            else:
                details.append(
                    f"The supply holds {amount(state.supply, 'cubes')} for {total} owed: "
                    f"{state.supply} / {len(owed)} = {share} each, {left} stay in the supply."
                )
            rulings.append("FK-SUPPLY-SHORT")
        changes = []
        for seat, paid_cubes in paid:
            changes.append(
                ScoreChange(
                    player=state.players[seat], before=cubes[seat], after=cubes[seat] + paid_cubes
                )
            )
            cubes[seat] += paid_cubes
        supply = state.supply - sum(a for _, a in paid)
        new = state.model_copy(update=dict(cubes=tuple(cubes), supply=supply))
        new, end = self.end_round(new)
        return new, Verdict(
            headline=end.headline if new.phase == "over" else headline,
            details=(*details, *end.details),
            rulings=(*rulings, *end.rulings),
            changes=tuple(changes),
            decisive=True,
        )

    def end_round(self, state: FaekerState) -> tuple[FaekerState, Verdict]:
        """The game over once a seat reached the target, else the next round."""
        reached = [s for s, c in enumerate(state.cubes) if c >= state.goal]
        if reached:
            most = max(state.cubes[s] for s in reached)
            winners = tuple(s for s in reached if state.cubes[s] == most)
            new = state.model_copy(update=dict(phase="over", winners=winners))
            ended = self.outcome(new)
            assert ended is not None  # a game over has its outcome
            # Why it is over, under a headline that already says who won.
            return new, Verdict(
                headline=ended.headline, details=(ended.reason,), rulings=ended.rulings
            )
        new = state.model_copy(update=dict(round=state.round + 1, phase="top", deal=Deal()))
        dealer = state.players[new.dealer]
        return new, Verdict(
            headline="Round over",
            details=(f"Round {new.round} next: {dealer} deals.",),
            rulings=(),
        )
