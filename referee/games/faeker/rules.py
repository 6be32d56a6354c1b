"""Fae-ker rules: apply(state, action) -> (state, verdict), pure and total."""

from collections.abc import Sequence

from referee.core.errors import IllegalAction, InvalidAction
from referee.core.rules import GameRules
from referee.core.verdict import ScoreChange, Verdict
from referee.games.faeker import counting
from referee.games.faeker.deck import CUBES_TO_WIN, DECK, FAE, SUPPLY, card_name, die_face
from referee.games.faeker.model import (
    Bid,
    CallBluff,
    CallShowdown,
    FaekerAction,
    FaekerOptions,
    FaekerState,
    LadderEntry,
    Pass,
    RevealHand,
    TopCard,
)
from referee.games.faeker.rulings import RULINGS


class FaekerRules(GameRules[FaekerState, FaekerOptions]):
    kind = "faeker"
    title = "Fae-ker"
    min_players = 2
    max_players = 6
    options_model = FaekerOptions
    action_type = FaekerAction
    rulings = RULINGS
    overview = (
        "Each round everyone holds 5 cards and one card is turned up. Players bid how many "
        "of their cards beat the top card, in turn from the dealer's left; bids may be "
        "bluffs. Bidding ends with an unopposed bid, a tie, a showdown call or a bluff call, "
        "and the round's winner takes the top card's fae cubes from the supply. First to "
        "the target wins."
    )

    def new_state(self, players: Sequence[str], options: FaekerOptions) -> FaekerState:
        self.verify_players(players)
        if options.first_dealer >= len(players):
            raise InvalidAction(f"The first dealer must be one of the {len(players)} players.")
        return FaekerState(
            players=tuple(players),
            options=options,
            goal=CUBES_TO_WIN[len(players)],
            cubes=(0,) * len(players),
            supply=SUPPLY,
        )

    def is_over(self, state: FaekerState) -> bool:
        return state.phase == "over"

    def summary(self, state: FaekerState) -> str:
        if state.phase == "over":
            names = " & ".join(state.players[s] for s in state.winners)
            return f"{names} won with {state.cubes[state.winners[0]]} cubes"
        lead = max(state.cubes)
        leaders = [p for p, c in zip(state.players, state.cubes, strict=True) if c == lead]
        return f"Round {state.round}; leading: {', '.join(leaders)} ({lead}/{state.goal})"

    # -- dispatch ----------------------------------------------------------------------

    def handlers(self):
        return {
            TopCard: self._top_card,
            Bid: self._bid,
            Pass: self._pass,
            CallShowdown: self._call_showdown,
            CallBluff: self._call_bluff,
            RevealHand: self._reveal,
        }

    # -- round start -------------------------------------------------------------------

    def _top_card(self, state: FaekerState, action: TopCard) -> tuple[FaekerState, Verdict]:
        if state.phase != "top":
            raise IllegalAction("The top card is already turned up for this round.")
        DECK.verify_cards([action.card])
        top = action.card
        turn = (state.dealer + 1) % len(state.players)
        new = state.model_copy(
            update=dict(phase="bidding", top=top, turn=turn, ladder=(), passed=frozenset())
        )
        target, target_ruling = counting.describe_target(
            top, state.options.stone_circles_always_count
        )
        rulings = ["FK-DIE", "FK-DEALER", target_ruling]
        if top != 0:
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

    # -- bidding -----------------------------------------------------------------------

    def _check_turn(self, state: FaekerState, player: str) -> int:
        seat = self.seat_of(state, player)
        if state.phase != "bidding":
            raise IllegalAction(
                "Turn up the top card first."
                if state.phase == "top"
                else "Bidding is over: the hands are being shown."
            )
        if seat in state.passed:
            raise IllegalAction(f"{player} passed and is out of the bidding this round.")
        if seat != state.turn:
            raise IllegalAction(f"It is {state.players[state.turn]}'s turn to bid, not {player}'s.")
        return seat

    def _bid(self, state: FaekerState, action: Bid) -> tuple[FaekerState, Verdict]:
        seat = self._check_turn(state, action.player)
        high = state.highest_bid
        if high is not None and action.amount < high:
            holder = state.players[state.last_bid_entry.seat]
            raise IllegalAction(
                f"Bids must be at least {high}: {holder} bid {high}. "
                f"{action.player} may bid {high} to {5}, pass, or call."
            )
        new = state.model_copy(
            update=dict(
                ladder=(*state.ladder, LadderEntry(seat=seat, kind="bid", amount=action.amount))
            )
        )
        said = f"{action.player} bids {action.amount}."
        return self._after_bidding_step(new, said, "FK-BID")

    def _pass(self, state: FaekerState, action: Pass) -> tuple[FaekerState, Verdict]:
        seat = self._check_turn(state, action.player)
        new = state.model_copy(
            update=dict(
                ladder=(*state.ladder, LadderEntry(seat=seat, kind="pass")),
                passed=state.passed | {seat},
            )
        )
        return self._after_bidding_step(
            new, f"{action.player} passes and is out this round.", "FK-PASS-OUT"
        )

    def _after_bidding_step(
        self, state: FaekerState, said: str, ruling: str
    ) -> tuple[FaekerState, Verdict]:
        active = state.active
        if not active:
            return self._all_passed(state, said)
        if len(active) == 1 and state.latest_bid(active[0]) is not None:
            seat = active[0]
            name = state.players[seat]
            return self._award(
                state,
                [(seat, FAE[state.top])],
                headline=f"{name} takes the round unopposed",
                details=[
                    said,
                    f"{name}'s bid of {state.latest_bid(seat)} stands and everyone else passed.",
                    f"Top card {card_name(state.top)} is worth {FAE[state.top]} fae.",
                ],
                rulings=["FK-END-UNCONTESTED"],
            )
        everyone_acted = {e.seat for e in state.ladder} == set(range(len(state.players)))
        high = state.highest_bid
        if everyone_acted and len(active) >= 2 and all(state.latest_bid(s) == high for s in active):
            names = ", ".join(state.players[s] for s in active)
            new = self._start_reveal(state, "showdown", active)
            return new, Verdict(
                headline=f"Tie at {high}: showdown between {names}",
                details=(
                    said,
                    f"{names} all bid {high}; everyone else passed.",
                    "Each of them shows their hand; the highest hand wins.",
                ),
                rulings=("FK-END-TIE", "FK-SHOWDOWN-RANK"),
            )
        nxt = self._next_turn(state)
        new = state.model_copy(update=dict(turn=nxt))
        return new, Verdict(
            headline=said,
            details=(f"{state.players[nxt]} to act.",),
            rulings=(ruling,),
        )

    @staticmethod
    def _next_turn(state: FaekerState) -> int:
        n = len(state.players)
        for step in range(1, n + 1):
            seat = (state.turn + step) % n
            if seat not in state.passed:
                return seat
        raise AssertionError("no active player")  # _after_bidding_step handles all-passed

    def _all_passed(self, state: FaekerState, said: str) -> tuple[FaekerState, Verdict]:
        if state.options.all_pass == "showdown":
            everyone = tuple(
                (state.dealer + 1 + i) % len(state.players) for i in range(len(state.players))
            )
            new = self._start_reveal(state, "showdown", everyone)
            return new, Verdict(
                headline="Everyone passed: showdown between all players",
                details=(said, "Nobody bid, so every player shows their hand."),
                rulings=("FK-ALL-PASS-SHOWDOWN", "FK-SHOWDOWN-RANK"),
            )
        new, end = self._end_round(state)
        return new, Verdict(
            headline="Everyone passed: nobody scores this round",
            details=(said, "Nobody bid, so no cubes move.", *end.details),
            rulings=("FK-ALL-PASS-VOID", *end.rulings),
            decisive=True,
        )

    def _call_showdown(self, state, action: CallShowdown) -> tuple[FaekerState, Verdict]:
        self._check_turn(state, action.player)
        active = state.active
        state = state.model_copy(
            update=dict(ladder=(*state.ladder, LadderEntry(seat=state.turn, kind="showdown")))
        )
        if len(active) == 1:
            seat = active[0]
            return self._award(
                state,
                [(seat, FAE[state.top])],
                headline=f"{action.player} calls a showdown alone and takes the round",
                details=[
                    f"Everyone else has passed, so {action.player} is the only hand in it.",
                    f"Top card {card_name(state.top)} is worth {FAE[state.top]} fae.",
                ],
                rulings=["FK-SHOWDOWN-CALL"],
            )
        names = ", ".join(state.players[s] for s in active)
        return self._start_reveal(state, "showdown", active, caller=state.turn), Verdict(
            headline=f"{action.player} calls a showdown: {names} show their hands",
            details=("Every player who has not passed, the caller included, shows 5 cards.",),
            rulings=("FK-SHOWDOWN-CALL", "FK-SHOWDOWN-RANK"),
        )

    def _call_bluff(self, state, action: CallBluff) -> tuple[FaekerState, Verdict]:
        seat = self._check_turn(state, action.player)
        last = state.last_bid_entry
        if last is None:
            raise IllegalAction("There is no bid to call a bluff on yet.")
        if last.seat == seat:
            raise IllegalAction(f"The most recent bid is {action.player}'s own.")
        bidder = state.players[last.seat]
        state = state.model_copy(
            update=dict(ladder=(*state.ladder, LadderEntry(seat=seat, kind="bluff")))
        )
        new = self._start_reveal(state, "bluff", (last.seat,), caller=seat).model_copy(
            update=dict(called_seat=last.seat, called_bid=last.amount)
        )
        target, _ = counting.describe_target(state.top, state.options.stone_circles_always_count)
        return new, Verdict(
            headline=f"{action.player} calls {bidder}'s bluff on {last.amount}",
            details=(f"{bidder} shows all 5 cards. The bid counts {target}.",),
            rulings=(self._bluff_ruling(state),),
        )

    @staticmethod
    def _bluff_ruling(state: FaekerState) -> str:
        return "FK-BLUFF-EXACT" if state.options.bluff_needs_exact else "FK-BLUFF-AT-LEAST"

    @staticmethod
    def _start_reveal(state, kind, seats, caller=None) -> FaekerState:
        return state.model_copy(
            update=dict(
                phase="reveal",
                reveal=kind,
                awaiting=tuple(seats),
                hands=(),
                caller=caller,
                turn=None,
            )
        )

    # -- showing hands -----------------------------------------------------------------

    def _reveal(self, state: FaekerState, action: RevealHand) -> tuple[FaekerState, Verdict]:
        seat = self.seat_of(state, action.player)
        if state.phase != "reveal":
            raise IllegalAction("No hand needs to be shown now.")
        if seat not in state.awaiting:
            shown = any(s == seat for s, _ in state.hands)
            raise IllegalAction(
                f"{action.player} has already shown a hand."
                if shown
                else f"{action.player} is not part of this "
                f"{'bluff call' if state.reveal == 'bluff' else 'showdown'}."
            )
        others = [c for _, hand in state.hands for c in hand]
        DECK.verify_cards([state.top, *others, *action.cards])
        hands = (*state.hands, (seat, tuple(action.cards)))
        awaiting = tuple(s for s in state.awaiting if s != seat)
        new = state.model_copy(update=dict(hands=hands, awaiting=awaiting))
        if awaiting:
            return new, Verdict(
                headline=f"{action.player} shows {counting.hand_text(action.cards)}",
                details=(f"Waiting for {state.players[awaiting[0]]}'s hand.",),
                rulings=("FK-SHOWDOWN-RANK",),
            )
        if state.reveal == "bluff":
            return self._settle_bluff(new)
        return self._settle_showdown(new)

    def _settle_bluff(self, state: FaekerState) -> tuple[FaekerState, Verdict]:
        ((seat, hand),) = state.hands
        bid = state.called_bid
        bidder, caller = state.players[seat], state.players[state.caller]
        count = counting.count_hand(state.top, hand, state.options.stone_circles_always_count)
        exact = state.options.bluff_needs_exact
        true = count.total == bid if exact else count.total >= bid
        fae = FAE[state.top]
        target, _ = counting.describe_target(state.top, state.options.stone_circles_always_count)
        compare = "exactly" if exact else "at least"
        counted = counting.hand_text(count.counted) if count.counted else "none"
        details = [
            f"Top card {card_name(state.top)}: the bid counts {target}.",
            f"{bidder}'s hand: {counting.hand_text(hand)}.",
            f"Counted: {counted}; {count.explanation}; total {count.total}.",
            f"Bid {bid}, needs {compare} {bid}: {count.total} "
            f"{'meets' if true else 'does not meet'} it.",
        ]
        rulings = [self._bluff_ruling(state), count.ruling]
        if state.top != 0 and any(c == 0 for c in hand):
            rulings.append(self._stone_ruling(state))
        if true:
            owed = [(seat, fae)]
            headline = f"{bidder} told the truth: {count.total} for a bid of {bid}"
            details.append(f"{bidder} takes the top card's {fae} fae.")
        else:
            owed = [(state.caller, fae + 1)]
            headline = f"{bidder} bluffed: {count.total} for a bid of {bid}"
            details.append(f"{caller} caught the bluff: {fae} fae + 1 = {fae + 1} cubes.")
        return self._award(state, owed, headline=headline, details=details, rulings=rulings)

    def _settle_showdown(self, state: FaekerState) -> tuple[FaekerState, Verdict]:
        top = state.top
        keyed = sorted(
            ((counting.showdown_key(top, hand), seat, hand) for seat, hand in state.hands),
            key=lambda t: t[0],
            reverse=True,
        )
        best = keyed[0][0]
        winners = [seat for key, seat, _ in keyed if key == best]
        details = [
            f"{state.players[seat]}: {counting.describe_key(top, hand)}" for _, seat, hand in keyed
        ]
        for key, seat, _ in keyed[len(winners) :]:
            i = counting.first_difference(best, key)
            details.append(
                f"{state.players[keyed[0][1]]} beats {state.players[seat]}: card {i + 1} "
                f"is {best[i]} against {key[i]}."
            )
        fae = FAE[top]
        rulings = ["FK-SHOWDOWN-RANK"]
        names = " and ".join(state.players[s] for s in winners)
        if len(winners) > 1:
            rulings.append("FK-SHOWDOWN-TIE")
            headline = f"Showdown tied: {names} each take {fae} fae"
            details.append(f"Identical hands: each takes the top card's {fae} fae.")
        else:
            headline = f"{names} wins the showdown"
            details.append(f"{names} takes the top card's {fae} fae.")
        return self._award(
            state, [(s, fae) for s in winners], headline=headline, details=details, rulings=rulings
        )

    # -- cubes and round end -----------------------------------------------------------

    def _award(self, state, owed, *, headline, details, rulings) -> tuple[FaekerState, Verdict]:
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
                    f"The supply holds only {state.supply} cubes, so "
                    f"{state.players[owed[0][0]]} takes {paid[0][1]}."
                )
            else:
                details.append(
                    f"The supply holds {state.supply} cubes for {total} owed: "
                    f"{state.supply} / {len(owed)} = {share} each, {left} stay in the supply."
                )
            rulings.append("FK-SUPPLY-SHORT")
        changes = []
        for seat, amount in paid:
            changes.append(
                ScoreChange(
                    player=state.players[seat], before=cubes[seat], after=cubes[seat] + amount
                )
            )
            cubes[seat] += amount
        supply = state.supply - sum(a for _, a in paid)
        assert sum(cubes) + supply == SUPPLY
        new = state.model_copy(update=dict(cubes=tuple(cubes), supply=supply))
        new, end = self._end_round(new)
        return new, Verdict(
            headline=headline,
            details=(*details, *end.details),
            rulings=(*rulings, *end.rulings),
            changes=tuple(changes),
            decisive=True,
        )

    def _end_round(self, state: FaekerState) -> tuple[FaekerState, Verdict]:
        reached = [s for s, c in enumerate(state.cubes) if c >= state.goal]
        if reached:
            most = max(state.cubes[s] for s in reached)
            winners = tuple(s for s in reached if state.cubes[s] == most)
            names = " and ".join(state.players[s] for s in winners)
            verb = "share the win" if len(winners) > 1 else "wins the game"
            line = f"{names} {verb} with {most} cubes (target {state.goal})."
            if len(reached) > len(winners):
                line += " Others also reached the target with fewer cubes."
            new = state.model_copy(
                update=dict(phase="over", winners=winners, turn=None, awaiting=())
            )
            return new, Verdict(headline=line, details=(line,), rulings=("FK-GAME-END",))
        new = state.model_copy(
            update=dict(
                round=state.round + 1,
                phase="top",
                top=None,
                ladder=(),
                passed=frozenset(),
                turn=None,
                reveal=None,
                awaiting=(),
                hands=(),
                caller=None,
                called_seat=None,
                called_bid=None,
            )
        )
        dealer = state.players[new.dealer]
        return new, Verdict(
            headline="Round over",
            details=(f"Round {new.round} next: {dealer} deals.",),
            rulings=(),
        )
