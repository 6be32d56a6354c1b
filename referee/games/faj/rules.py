"""Faces, Aces & Jokers rules: draft log, boards and trump, tricks, and the final showdown."""

import itertools
from collections.abc import Sequence

from referee.core.errors import IllegalAction, InvalidAction
from referee.core.rules import GameRules
from referee.core.verdict import ScoreChange, Verdict
from referee.games.faj import showdown, tricks
from referee.games.faj.deck import (
    BOARD_SIZES,
    DRAFT_CARDS,
    DRAFT_DECK,
    DRAFT_HAND,
    ROUNDS,
    TRICK_CARDS,
    TRICK_DECK,
    short,
)
from referee.games.faj.model import Board, DraftPick, FajAction, FajOptions, FajState, Plays
from referee.games.faj.rulings import RULINGS


def _cards(cards: Sequence[str]) -> str:
    return " ".join(short(c) for c in cards)


class FajRules(GameRules[FajState, FajOptions]):
    kind = "faj"
    title = "Faces, Aces & Jokers"
    min_players = 2
    max_players = 4
    options_model = FajOptions
    action_type = FajAction
    rulings = RULINGS
    overview = (
        "Three rounds. Each round everyone drafts 4 face cards, then plays them into 4 tricks "
        "whose boards hold 1, 2, 3 and 4 number cards. The suit with the most points on the "
        "board is trump. The trick's winner takes the board's number cards, and after three "
        "rounds the best poker hand made from the cards you took wins."
    )

    def new_state(self, players: Sequence[str], options: FajOptions) -> FajState:
        self.verify_players(players)
        n = len(players)
        return FajState(players=tuple(players), options=options, picks=((),) * n, won=((),) * n)

    def is_over(self, state: FajState) -> bool:
        return state.phase == "over"

    def summary(self, state: FajState) -> str:
        if state.phase == "over":
            first = [s for s in self.final(state) if s.place == 1]
            names = " & ".join(state.players[s.seat] for s in first)
            return f"{names} won with {first[0].hand.describe()}"
        return f"Round {state.round} of {ROUNDS}, trick {state.trick} of {len(BOARD_SIZES)}"

    def final(self, state: FajState) -> list[showdown.Standing]:
        return showdown.standings(state.won, state.options.final_tie == "more_cards")

    def handlers(self):
        return {DraftPick: self._pick, Board: self._board, Plays: self._plays}

    # -- draft log ---------------------------------------------------------------------

    def _pick(self, state: FajState, action: DraftPick) -> tuple[FajState, Verdict]:
        seat = self.seat_of(state, action.player)
        if not state.drafting:
            raise IllegalAction("This round's draft is over: the tricks have begun.")
        if len(state.picks[seat]) >= DRAFT_HAND:
            raise IllegalAction(f"{action.player} has already kept {DRAFT_HAND} draft cards.")
        taken = [c for picks in state.picks for c in picks]
        if action.card in taken:
            owner = next(state.players[s] for s, p in enumerate(state.picks) if action.card in p)
            raise InvalidAction(f"{short(action.card)} was already kept by {owner} this round.")
        picks = list(state.picks)
        picks[seat] = (*picks[seat], action.card)
        new = state.model_copy(update=dict(picks=tuple(picks)))
        return new, Verdict(
            headline=f"{action.player} keeps {short(action.card)} "
            f"(pick {len(picks[seat])} of {DRAFT_HAND})",
            rulings=("FAJ-DRAFT-LOG",),
        )

    # -- the board ---------------------------------------------------------------------

    def _board(self, state: FajState, action: Board) -> tuple[FajState, Verdict]:
        if state.phase != "board":
            raise IllegalAction("The board is already out: enter the cards played.")
        size = BOARD_SIZES[state.trick - 1]
        if len(action.cards) != size:
            raise InvalidAction(
                f"Trick {state.trick} has {size} board card{'s' if size > 1 else ''}, "
                f"not {len(action.cards)}."
            )
        used = set(state.used_trick_cards)
        again = [c for c in action.cards if c in used]
        if again:
            raise InvalidAction(f"{_cards(again)} already came out in this game.")
        TRICK_DECK.verify_cards(action.cards)
        trump = tricks.trump_of(action.cards)
        new = state.model_copy(update=dict(phase="play", board=tuple(action.cards), trump=trump))
        totals = tricks.describe_totals(action.cards)
        verdict = (
            f"Suit totals: {totals}. The highest total is unique: {tricks.trump_text(trump)}."
            if trump is not None
            else f"Suit totals: {totals}. The highest total is shared: no trump."
        )
        return new, Verdict(
            headline=f"Round {state.round}, trick {state.trick}: {tricks.trump_text(trump)}",
            details=(f"Board: {_cards(action.cards)}.", verdict),
            rulings=("FAJ-TRUMP",),
        )

    # -- the trick ---------------------------------------------------------------------

    def _plays(self, state: FajState, action: Plays) -> tuple[FajState, Verdict]:
        if state.phase != "play":
            raise IllegalAction("Turn up the board first.")
        seats = [self.seat_of(state, p.player) for p in action.plays]
        if sorted(seats) != list(range(len(state.players))):
            missing = [n for s, n in enumerate(state.players) if s not in seats]
            twice = {state.players[s] for s in seats if seats.count(s) > 1}
            raise InvalidAction(
                "Every player plays exactly one card"
                + (f"; missing: {', '.join(missing)}" if missing else "")
                + (f"; twice: {', '.join(sorted(twice))}" if twice else "")
                + "."
            )
        cards = [p.card for p in action.plays]
        DRAFT_DECK.verify_cards(cards)
        for seat, card in zip(seats, cards, strict=True):
            self._verify_play(state, seat, card)
        plays = list(zip(seats, cards, strict=True))
        result = tricks.trick_winner(state.board, state.trump, plays)
        winner = state.players[result.seat]
        won = list(state.won)
        won[result.seat] = (*won[result.seat], *state.board)
        details = [
            f"Board: {_cards(state.board)} ({tricks.trump_text(state.trump)}).",
            "Played: " + ", ".join(f"{state.players[s]} {short(c)}" for s, c in plays) + ".",
            f"{winner} wins: {result.reason}.",
            f"{winner} takes {_cards(state.board)} into their won pile "
            f"({len(won[result.seat])} cards).",
        ]
        changes = (
            ScoreChange(
                player=winner, before=len(state.won[result.seat]), after=len(won[result.seat])
            ),
        )
        rulings = [result.ruling, "FAJ-TAKE-BOARD"]
        new = state.model_copy(
            update=dict(won=tuple(won), played=(*state.played, *cards), board=(), trump=None)
        )
        last_trick = state.trick == len(BOARD_SIZES)
        if not last_trick:
            new = new.model_copy(update=dict(trick=state.trick + 1, phase="board"))
        elif state.round < ROUNDS:
            new = new.model_copy(
                update=dict(
                    round=state.round + 1,
                    trick=1,
                    phase="board",
                    played=(),
                    picks=((),) * len(state.players),
                )
            )
            details.append(
                f"Round {state.round} is over. Round {state.round + 1}: shuffle the "
                "draft deck and draft again."
            )
        else:
            new = new.model_copy(update=dict(phase="over"))
            end_details, end_rulings = self._final_verdict(new)
            details += end_details
            rulings += end_rulings
        return new, Verdict(
            headline=f"{winner} wins trick {state.trick} of round {state.round} with "
            f"{short(result.card)}",
            details=tuple(details),
            rulings=tuple(dict.fromkeys(rulings)),
            changes=changes,
            decisive=True,
        )

    def _verify_play(self, state: FajState, seat: int, card: str) -> None:
        problem = self._play_problem(state, seat, card)
        if problem:
            raise IllegalAction(problem)

    @staticmethod
    def _play_problem(state: FajState, seat: int, card: str) -> str | None:
        name = state.players[seat]
        if card in state.played:
            return f"{short(card)} was already played this round ({name})."
        owner = next((s for s, p in enumerate(state.picks) if card in p), None)
        if owner is not None and owner != seat:
            return f"{short(card)} was kept by {state.players[owner]} in the draft, not {name}."
        if len(state.picks[seat]) == DRAFT_HAND and card not in state.picks[seat]:
            return f"{name} drafted {_cards(state.picks[seat])}; {short(card)} is not among them."
        return None

    def playable_cards(self, state: FajState, seat: int) -> list[str]:
        """Draft cards this player may still play this round, as the rules see it."""
        return [c for c in DRAFT_CARDS if self._play_problem(state, seat, c) is None]

    @staticmethod
    def board_cards_left(state: FajState) -> list[str]:
        used = set(state.used_trick_cards)
        return [c for c in TRICK_CARDS if c not in used]

    @staticmethod
    def pickable_cards(state: FajState) -> list[str]:
        taken = {c for picks in state.picks for c in picks}
        return [c for c in DRAFT_CARDS if c not in taken]

    def final_comparisons(self, state: FajState) -> list[tuple[str, str]]:
        """Why each player places above (or level with) the next: (sentence, ruling id)."""
        tie_ruling = (
            "FAJ-FINAL-TIE-CARDS"
            if state.options.final_tie == "more_cards"
            else "FAJ-FINAL-TIE-SHARE"
        )
        return [
            showdown.compare(above, below, state.players, tie_ruling)
            for above, below in itertools.pairwise(self.final(state))
        ]

    def _final_verdict(self, state: FajState) -> tuple[list[str], list[str]]:
        ranked = self.final(state)
        names = state.players
        lines = ["Game over. Best poker hands from the cards won:"]
        for st in ranked:
            short_note = f" ({st.cards_won} cards)" if st.cards_won < 5 else ""
            lines.append(
                f"{st.place}. {names[st.seat]}: {st.hand.describe()} — {st.cards_text}{short_note}"
            )
        comparisons = self.final_comparisons(state)
        lines += [why for why, _ in comparisons]
        first = [names[s.seat] for s in ranked if s.place == 1]
        lines.append(f"{' and '.join(first)} {'share the win' if len(first) > 1 else 'wins'}.")
        return lines, ["FAJ-HANDS", *(ruling for _, ruling in comparisons)]
