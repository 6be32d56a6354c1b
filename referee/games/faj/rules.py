"""Faces, Aces & Jokers rules: draft log, boards and trump, tricks, and the final showdown."""

import itertools
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from referee.core import flow
from referee.core.errors import IllegalAction, InvalidAction
from referee.core.outcome import Outcome, win_text
from referee.core.play_log import PlayLog
from referee.core.rules import GameRules
from referee.core.spoken import Speech
from referee.core.verdict import ScoreChange, Verdict
from referee.core.whatnow import BaseTeacher
from referee.core.words import amount, count_word
from referee.games.faj import showdown, tricks
from referee.games.faj.deck import (
    BOARD_SIZES,
    DRAFT_CARDS,
    DRAFT_DECK,
    DRAFT_HAND,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROUNDS,
    TRICK_CARDS,
    TRICK_DECK,
    TRICKS,
    boards_text,
    draft_name,
    short,
)
from referee.games.faj.model import (
    Board,
    Deal,
    DraftPick,
    FajAction,
    FajChoices,
    FajOptions,
    FajState,
    Play,
    Plays,
)
from referee.games.faj.poker import HAND_CARDS
from referee.games.faj.rulings import RULINGS
from referee.games.faj.said import said_of


def _cards(cards: Sequence[str]) -> str:
    return " ".join(short(c) for c in cards)


_ROUNDS = amount(ROUNDS, "rounds", spelled=True)  # "three rounds"


class FajRules(GameRules[FajState, FajOptions, FajChoices]):
    kind = "faj"
    title = "Faces, Aces & Jokers"
    # BG Stats: no score. The best poker hand from the cards won decides, not how many
    # cards were won, so a count sent as the score would rank the table wrongly.
    play_log = PlayLog(
        scored=False,
        score="none (the places come from the best poker hand)",
        why=f"the best {count_word(HAND_CARDS)}-card poker hand from each player's won cards "
        "wins, not a count",
    )
    pick_noun = "card"
    said = staticmethod(said_of)  # each action in the table's words (said.py)
    teacher: BaseTeacher[FajState]  # set by the package, once RULES exists (teach.py)
    speech: Speech[FajState]  # set by the package, once RULES exists (spoken.py)

    def pick_label(self, value: Any) -> str:
        return draft_name(value)  # a pick is a draft card played (a trick card has no pick)

    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options_model = FajOptions
    action_type = FajAction
    rulings = RULINGS
    unit = "cards won"
    moments = "tricks"
    overview = (
        f"{_ROUNDS.capitalize()}. Each round everyone drafts {DRAFT_HAND} face "
        f"cards, then plays them into {TRICKS} tricks whose boards hold {boards_text()} "
        "number cards. The suit with the most points on the board is trump. The trick's "
        f"winner takes the board's number cards, and after {_ROUNDS} the "
        "best poker hand made from the cards you took wins."
    )
    phases = {
        "draft": (DraftPick, Board),
        "board": (Board,),
        "play": (Plays,),
        "over": (),
    }
    prompts = {
        "draft": "Turn up the board first (draft picks may still be logged)",
        "board": "This round's draft is over: turn up the next board",
        "play": "This round's draft is over and the board is out: enter the cards played",
        "over": "The game is over",
    }

    def new_state(self, players: Sequence[str], options: FajOptions) -> FajState:
        self.verify_players(players)
        n = len(players)
        return FajState(players=tuple(players), options=options, deal=Deal.fresh(n), won=((),) * n)

    # -- the flow contract -------------------------------------------------------------

    def phase(self, state: FajState) -> str:
        return "draft" if state.drafting else state.phase

    def to_act(self, state: FajState) -> tuple[int, ...]:
        return tuple(range(len(state.players))) if state.phase == "play" else ()

    def choices(self, state: FajState) -> FajChoices:
        n = len(state.players)
        if state.phase == "board":
            pickable: tuple[tuple[int, tuple[str, ...]], ...] = ()
            if state.drafting:
                free = tuple(self.pickable_cards(state))
                pickable = tuple(
                    (s, free) for s in range(n) if len(state.deal.picks[s]) < DRAFT_HAND
                )
            return FajChoices(
                board_size=BOARD_SIZES[state.trick - 1],
                board_cards=tuple(self.board_cards_left(state)),
                pickable=pickable,
            )
        if state.phase == "play":
            return FajChoices(
                playable=tuple((s, tuple(self.playable_cards(state, s))) for s in range(n))
            )
        return FajChoices()

    def offers(self, state: FajState, action: BaseModel) -> bool:
        menu = self.choices(state)
        if isinstance(action, Board):
            cards = action.cards
            return (
                len(cards) == menu.board_size
                and len(set(cards)) == len(cards)
                and set(cards) <= set(menu.board_cards)
            )
        if isinstance(action, DraftPick):
            allowed = {state.players[s]: cards for s, cards in menu.pickable}
            return action.card in allowed.get(action.player, ())
        if isinstance(action, Plays):
            allowed = {state.players[s]: cards for s, cards in menu.playable}
            players = [p.player for p in action.plays]
            played = [p.card for p in action.plays]
            return (
                sorted(players) == sorted(allowed)
                and len(set(played)) == len(played)
                and all(p.card in allowed[p.player] for p in action.plays)
            )
        return False

    def draw(self, state: FajState, rng: random.Random) -> FajAction | None:
        menu = self.choices(state)
        if menu.board_size:
            if menu.pickable and rng.random() < 0.3:
                seat, cards = rng.choice(menu.pickable)
                return DraftPick(player=state.players[seat], card=rng.choice(cards))
            return Board(cards=tuple(rng.sample(menu.board_cards, menu.board_size)))
        if menu.playable:
            # Draw seat by seat so no two players play the same card.
            taken: set[str] = set()
            plays = []
            for seat, cards in sorted(menu.playable, key=lambda sc: len(sc[1])):
                free = [c for c in cards if c not in taken]
                if not free:
                    return None
                card = rng.choice(free)
                taken.add(card)
                plays.append(Play(player=state.players[seat], card=card))
            return Plays(plays=tuple(plays))
        return None

    def pick_options(self, state: FajState, seat: int) -> tuple[str, ...]:
        return tuple(self.playable_cards(state, seat)) if state.phase == "play" else ()

    def gather(self, state: FajState, picks: Mapping[int, Any]) -> Plays:
        return Plays(
            plays=tuple(Play(player=state.players[s], card=c) for s, c in sorted(picks.items()))
        )

    def picks_in(self, state: FajState, action: BaseModel) -> dict[int, Any]:
        if not isinstance(action, Plays):
            return {}
        return {self.seat_of(state, p.player): p.card for p in action.plays}

    def points(self, state: FajState) -> tuple[int, ...]:
        return tuple(len(pile) for pile in state.won)

    def outcome(self, state: FajState) -> Outcome | None:
        if state.phase != "over":
            return None
        ranked = self.final(state)
        first = [st for st in ranked if st.place == 1]
        names = [state.players[st.seat] for st in first]
        hand = first[0].hand.describe()
        places = [0] * len(state.players)
        for st in ranked:
            places[st.seat] = st.place
        comparisons = self.final_comparisons(state)
        reason = comparisons[0][0] if comparisons else "Best poker hand from the cards won."
        return Outcome(
            winners=tuple(st.seat for st in first),
            places=tuple(places),
            headline=f"{win_text(names)} with {hand}",
            reason=reason,
            rulings=tuple(dict.fromkeys(["FAJ-HANDS", *(r for _, r in comparisons)])),
            decided=showdown.decided(ranked, state.options.final_tie == "more_cards"),
        )

    def progress(self, state: FajState) -> str:
        return f"Round {state.round} of {ROUNDS}, trick {state.trick} of {len(BOARD_SIZES)}"

    def audit(self, state: FajState) -> list[str]:
        placed = list(state.board) + [c for pile in state.won for c in pile]
        problems = []
        if len(set(placed)) != len(placed) or not set(placed) <= set(TRICK_CARDS):
            problems.append("a trick card is in two places")
        if len(set(state.deal.played)) != len(state.deal.played):
            problems.append("a draft card was played twice in a round")
        if state.phase == "over" and len(placed) != ROUNDS * sum(BOARD_SIZES):
            problems.append("trick cards went missing")
        return problems

    def final(self, state: FajState) -> list[showdown.Standing]:
        return showdown.standings(state.won, state.options.final_tie == "more_cards")

    def handlers(self) -> dict[type, Callable[[FajState, Any], tuple[FajState, Verdict]]]:
        return {DraftPick: self._pick, Board: self._board, Plays: self._plays}

    # -- draft log ---------------------------------------------------------------------

    def _pick(self, state: FajState, action: DraftPick) -> tuple[FajState, Verdict]:
        seat = self.seat_of(state, action.player)
        picks = list(state.deal.picks)
        if len(picks[seat]) >= DRAFT_HAND:
            raise IllegalAction(f"{action.player} has already kept {DRAFT_HAND} draft cards.")
        if action.card not in self.pickable_cards(state):
            owner = next(state.players[s] for s, p in enumerate(picks) if action.card in p)
            raise InvalidAction(f"{short(action.card)} was already kept by {owner} this round.")
        picks[seat] = (*picks[seat], action.card)
        new = state.model_copy(
            update=dict(deal=state.deal.model_copy(update=dict(picks=tuple(picks))))
        )
        return new, Verdict(
            headline=f"{action.player} keeps {short(action.card)} "
            f"(pick {len(picks[seat])} of {DRAFT_HAND})",
            rulings=("FAJ-DRAFT-LOG",),
        )

    # -- the board ---------------------------------------------------------------------

    def _board(self, state: FajState, action: Board) -> tuple[FajState, Verdict]:
        size = BOARD_SIZES[state.trick - 1]
        if len(action.cards) != size:
            raise InvalidAction(
                f"Trick {state.trick} has {amount(size, 'board cards')}, not {len(action.cards)}."
            )
        used = set(state.used_trick_cards)
        again = [c for c in action.cards if c in used]
        if again:
            raise InvalidAction(f"{_cards(again)} already came out in this game.")
        TRICK_DECK.verify_cards(action.cards)
        trump = tricks.trump_of(action.cards)
        new = state.model_copy(update=dict(phase="play", board=tuple(action.cards)))
        totals = tricks.describe_totals(action.cards)
        verdict = (
            f"Suit totals: {totals}. The highest total is unique: {tricks.trump_text(trump)}."
            if trump is not None
            else f"Suit totals: {totals}. The highest total is shared: no trump."
        )
        return new, Verdict(
            headline=f"Round {state.round}, trick {state.trick}: {tricks.trump_sentence(trump)}",
            details=(f"Board: {_cards(action.cards)}.", verdict),
            rulings=("FAJ-TRUMP",),
        )

    # -- the trick ---------------------------------------------------------------------

    def _plays(self, state: FajState, action: Plays) -> tuple[FajState, Verdict]:
        chosen = flow.collect(
            state.players,
            ((p.player, p.card) for p in action.plays),
            self.to_act(state),
            "play a card",
        )
        seats = [self.seat_of(state, p.player) for p in action.plays]
        cards = [p.card for p in action.plays]
        DRAFT_DECK.verify_cards(cards)
        for seat, card in chosen.items():
            problem = self._play_problem(state, seat, card)
            if problem:
                raise IllegalAction(problem)
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
            f"({amount(len(won[result.seat]), 'cards')}).",
        ]
        changes = (
            ScoreChange(
                player=winner, before=len(state.won[result.seat]), after=len(won[result.seat])
            ),
        )
        rulings = [result.ruling, "FAJ-TAKE-BOARD"]
        played_by = list(state.deal.played_by)
        for seat, card in plays:
            played_by[seat] = (*played_by[seat], card)
        deal = state.deal.model_copy(
            update=dict(played=(*state.deal.played, *cards), played_by=tuple(played_by))
        )
        new = state.model_copy(update=dict(won=tuple(won), deal=deal, board=()))
        last_trick = state.trick == len(BOARD_SIZES)
        if not last_trick:
            new = new.model_copy(update=dict(trick=state.trick + 1, phase="board"))
        elif state.round < ROUNDS:
            new = new.model_copy(
                update=dict(
                    round=state.round + 1,
                    trick=1,
                    phase="board",
                    deal=Deal.fresh(len(state.players)),
                )
            )
            details.append(
                f"Round {state.round} is over. Round {state.round + 1}: shuffle the "
                "draft deck and draft again."
            )
        else:
            new = new.model_copy(update=dict(phase="over"))
            first = tuple(st.seat for st in self.final(new) if st.place == 1)
            new = new.model_copy(update=dict(winners=first))
            end_details, end_rulings = self._final_verdict(new)
            details += end_details
            rulings += end_rulings
        headline = (
            f"{winner} wins trick {state.trick} of round {state.round} with {short(result.card)}"
        )
        if new.phase == "over":
            details.insert(0, headline + ".")
            ended = self.outcome(new)
            assert ended is not None  # a game over has its outcome
            headline = ended.headline
        return new, Verdict(
            headline=headline,
            details=tuple(details),
            rulings=tuple(dict.fromkeys(rulings)),
            changes=changes,
            decisive=True,
        )

    @staticmethod
    def _play_fault(state: FajState, seat: int, card: str) -> tuple[str, str] | None:
        """Why `seat` cannot play `card` now: (the ruling it breaks, the message)."""
        name = state.players[seat]
        if card in state.deal.played:  # one of each card in the draft deck
            return "FAJ-DECKS", f"{short(card)} was already played this round ({name})."
        picks = state.deal.picks
        owner = next((s for s, p in enumerate(picks) if card in p), None)
        if owner is not None and owner != seat:
            return (
                "FAJ-DRAFT-LOG",
                f"{short(card)} was kept by {state.players[owner]} in the draft, not {name}.",
            )
        if len(picks[seat]) == DRAFT_HAND and card not in picks[seat]:
            return (
                "FAJ-DRAFT-LOG",
                f"{name} drafted {_cards(picks[seat])}; {short(card)} is not among them.",
            )
        hand = state.deal.hand(seat)
        if picks[seat] and card not in hand and len(hand) == DRAFT_HAND:
            return "FAJ-DRAFT-PART", (
                f"{name}'s hand this round is {_cards(hand)}: {_cards(picks[seat])} "
                f"logged in the draft, and {_cards(hand[len(picks[seat]) :])} played; "
                f"{short(card)} would be a fifth card."
            )
        return None

    @classmethod
    def _play_problem(cls, state: FajState, seat: int, card: str) -> str | None:
        fault = cls._play_fault(state, seat, card)
        return fault[1] if fault else None

    def play_ruling(self, state: FajState, action: Plays) -> str | None:
        """The ruling a card of `action` breaks, as the refusal of it says (None: every
        card may be played, as far as the draft and the round go)."""
        for play in action.plays:
            if play.player not in state.players:
                return None
            fault = self._play_fault(state, state.players.index(play.player), play.card)
            if fault:
                return fault[0]
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
        taken = {c for picks in state.deal.picks for c in picks}
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
            short = st.cards_won < HAND_CARDS
            short_note = f" ({amount(st.cards_won, 'cards')})" if short else ""
            lines.append(
                f"{st.place}. {names[st.seat]}: {st.hand.describe()} — {st.cards_text}{short_note}"
            )
        comparisons = self.final_comparisons(state)
        lines += [why for why, _ in comparisons]
        first = [names[s.seat] for s in ranked if s.place == 1]
        lines.append(f"{win_text(first)}.")
        return lines, ["FAJ-HANDS", *(ruling for _, ruling in comparisons)]
