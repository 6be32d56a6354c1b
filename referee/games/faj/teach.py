"""Faces, Aces & Jokers' words for What now?: the draft log, the board and its trump, the
cards everyone plays at once and the order that decides a trick.

Only words live here: which moves are allowed, and why one is refused, come from the
rules' menu and refusals (core.whatnow.BaseTeacher)."""

from collections.abc import Iterable
from typing import TYPE_CHECKING

from pydantic import BaseModel

from referee.core.whatnow import BaseTeacher, and_list
from referee.core.words import amount
from referee.games.faj import tricks
from referee.games.faj.deck import (
    BOARD_SIZES,
    DRAFT_CARDS,
    DRAFT_HAND,
    MIN_PLAYERS,
    ROUNDS,
    TRICK_CARDS,
    short,
)
from referee.games.faj.model import Board, DraftPick, FajState, Play, Plays
from referee.games.faj.poker import HAND_CARDS

if TYPE_CHECKING:
    from referee.games.faj.rules import FajRules

TRICK_ORDER = (
    "a joker with a jack matching a board suit, else a joker, else the highest trump, "
    "else the highest card"
)


class FajTeacher(BaseTeacher[FajState]):
    rules: "FajRules"  # the rules it words, whose own helpers it asks too

    def examples(self, state: FajState) -> list[BaseModel]:
        rules = self.rules
        menu = rules.choices(state)
        size = menu.board_size or 1
        left = rules.board_cards_left(state)
        board = Board(cards=tuple(left[:size]) if len(left) >= size else TRICK_CARDS[:1])
        seat, cards = menu.pickable[0] if menu.pickable else (0, DRAFT_CARDS)
        pick = DraftPick(player=state.players[seat], card=cards[0])
        if state.phase == "play":
            plays = rules.gather(state, self._distinct(state, rules.to_act(state), ""))
        else:
            plays = Plays(
                plays=tuple(
                    Play(player=p, card=c)
                    for p, c in zip(state.players[:MIN_PLAYERS], DRAFT_CARDS, strict=False)
                )
            )
        return [pick, board, plays]

    def more_refusals(self, state: FajState) -> list[BaseModel]:
        if state.phase != "play":
            return []
        rules = self.rules
        seats = rules.to_act(state)
        for seat in seats:
            barred = [c for c in DRAFT_CARDS if c not in rules.pick_options(state, seat)]
            if barred:  # a card this player cannot play now, the others' as they may
                others = self._distinct(state, [s for s in seats if s != seat], barred[0])
                return [rules.gather(state, {**others, seat: barred[0]})]
        return []

    def _distinct(self, state: FajState, seats: Iterable[int], avoid: str) -> dict[int, str]:
        """A card each seat may play, no two the same (nor `avoid`)."""
        taken = {avoid}
        out: dict[int, str] = {}
        for seat in seats:
            card = next(
                (c for c in reversed(self.rules.pick_options(state, seat)) if c not in taken),
                avoid,
            )
            taken.add(card)
            out[seat] = card
        return out

    def ruling_of(self, state: FajState, example: BaseModel) -> str | None:
        if isinstance(example, DraftPick):
            return "FAJ-DRAFT-LOG"
        if isinstance(example, Board):
            return "FAJ-TRUMP"
        if state.phase != "play":
            return "FAJ-ROUNDS"
        assert isinstance(example, Plays)  # the third kind, after a pick and a board
        # A play refused for a card names the ruling the card breaks, not the trick order.
        return self.rules.play_ruling(state, example) or "FAJ-WIN-JACK"

    def allowed_words(self, state: FajState, example: BaseModel) -> tuple[str, str]:
        if isinstance(example, DraftPick):
            return (
                f"A player may log a draft card they kept (up to {DRAFT_HAND}); optional, "
                f"but logged picks bind what they play this round{self.whose('FAJ-DRAFT-LOG')}.",
                "log a draft pick",
            )
        if isinstance(example, Board):
            size = BOARD_SIZES[state.trick - 1]
            return (
                f"Turn up {amount(size, 'trick cards')} for trick {state.trick}: "
                "the suit with the "
                "highest total becomes trump (a shared highest total: no trump).",
                f"turn up the board ({amount(size, 'cards')})",
            )
        who = and_list([state.players[s] for s in self.rules.to_act(state)])
        return (
            f"{who} each play one draft card at the same time; the trick goes to {TRICK_ORDER}.",
            "each play a draft card",
        )

    def headline(self, state: FajState, names: tuple[str, ...], phrases: list[str]) -> str:
        if self.rules.phase(state) == "draft":
            # The rules' order at a round's start: the draft, then the first board.
            size = BOARD_SIZES[state.trick - 1]
            shuffle = "shuffle the draft deck and " if state.round > 1 else ""
            return (
                f"Round {state.round}: {shuffle}draft ({DRAFT_HAND} cards each, keep one, "
                f"pass the rest right), then turn up the board ({amount(size, 'cards')})."
            )
        if state.phase == "play":
            together = " at once" if len(names) > 1 else ""  # the others have played
            return f"{and_list(names)} to play a card{together} for trick {state.trick}."
        return super().headline(state, names, phrases)

    def facts(self, state: FajState) -> list[str]:
        out = [f"Round {state.round} of {ROUNDS}, trick {state.trick} of {len(BOARD_SIZES)}."]
        if state.board:
            board = ", ".join(short(c) for c in state.board)
            out.append(f"Board: {board}; {tricks.trump_text(state.trump)}.")
        won = ", ".join(f"{p} {len(w)}" for p, w in zip(state.players, state.won, strict=True))
        out.append(f"Trick cards won: {won}.")
        logged = [
            f"{p} {len(k)} of {DRAFT_HAND}"
            for p, k in zip(state.players, state.deal.picks, strict=True)
            if k
        ]
        if logged:
            out.append(f"Draft picks logged: {', '.join(logged)}.")
        return out

    def next_words(self, state: FajState) -> str | None:
        if state.phase == "board":  # the board comes next, then the cards played on it
            who = and_list(state.players)
            return f"Once the board is out, {who} each play a draft card at once for it."
        if state.phase == "play":
            last = state.trick == len(BOARD_SIZES) and state.round == ROUNDS
            tie = (
                "more won cards places higher"
                if state.options.final_tie == "more_cards"
                else "they share the place"
            )
            after = (
                f"then the game ends: each player's best {HAND_CARDS}-card poker hand from the "
                f"cards won decides; equal hands compare suits, and if still equal {tie}"
                if last
                else "then the next board"
            )
            return f"The trick's winner takes the board into their won pile; {after}."
        return None
