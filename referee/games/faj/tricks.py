"""Trump and the trick-winner order (pure)."""

from collections.abc import Sequence
from dataclasses import dataclass

from referee.games.faj.deck import (
    HIGH_JOKER,
    JOKERS,
    SUITS,
    SYMBOLS,
    draft_rank,
    short,
    suit_of,
    trick_parts,
)
from referee.games.faj.poker import SUIT_NAMES


def suit_totals(board: Sequence[str]) -> list[int]:
    totals = [0, 0, 0, 0]
    for card in board:
        rank, suit = trick_parts(card)
        totals[suit] += rank
    return totals


def trump_of(board: Sequence[str]) -> int | None:
    totals = suit_totals(board)
    top = max(totals)
    leaders = [s for s in range(len(SUITS)) if totals[s] == top]
    return leaders[0] if len(leaders) == 1 else None


def describe_totals(board: Sequence[str]) -> str:
    totals = suit_totals(board)
    shown = [f"{SYMBOLS[s]} {totals[s]}" for s in reversed(range(len(SUITS))) if totals[s]]
    return ", ".join(shown)


def trump_text(trump: int | None) -> str:
    return "no trump" if trump is None else f"trump {SUIT_NAMES[trump]} {SYMBOLS[trump]}"


def trump_sentence(trump: int | None) -> str:
    """Which suit is trump, as a player would say it."""
    if trump is None:
        return "There is no trump: the highest suit total is shared"
    return f"{SUIT_NAMES[trump].capitalize()} {SYMBOLS[trump]} are trump"


@dataclass(frozen=True)
class TrickResult:
    seat: int
    card: str
    ruling: str
    reason: str


def trick_winner(
    board: Sequence[str], trump: int | None, plays: Sequence[tuple[int, str]]
) -> TrickResult:
    """Who takes the trick, by the four steps of the trick rulings (rulings.py), in order."""
    jokers = [(seat, card) for seat, card in plays if card in JOKERS]
    board_suits = {trick_parts(c)[1] for c in board}
    if jokers:
        jacks = [
            (seat, card)
            for seat, card in plays
            if card not in JOKERS and card[0] == "J" and suit_of(card) in board_suits
        ]
        if jacks:
            seat, card = max(jacks, key=lambda p: (suit_of(p[1]) == trump, suit_of(p[1])))
            how = (
                "it is trump"
                if suit_of(card) == trump and len(jacks) > 1
                else "highest suit among the matching jacks"
                if len(jacks) > 1
                else "its suit is on the board"
            )
            return TrickResult(
                seat,
                card,
                "FAJ-WIN-JACK",
                f"a joker was played and {short(card)} matches the board "
                f"({how}), so the jack takes it",
            )
        seat, card = max(jokers, key=lambda p: p[1] == HIGH_JOKER)
        why = (
            "both jokers were played; the high joker wins"
            if len(jokers) > 1
            else f"the {short(card)} takes it"
        )
        return TrickResult(seat, card, "FAJ-WIN-JOKER", why)
    if trump is not None:
        trumps = [(seat, card) for seat, card in plays if suit_of(card) == trump]
        if trumps:
            seat, card = max(trumps, key=lambda p: draft_rank(p[1]))
            return TrickResult(
                seat,
                card,
                "FAJ-WIN-TRUMP",
                f"{short(card)} is the highest trump ({SUIT_NAMES[trump]})",
            )
    seat, card = max(plays, key=lambda p: (draft_rank(p[1]), suit_of(p[1])))
    reason = f"{short(card)} is the highest card (ace high; equal ranks by suit, spades highest)"
    return TrickResult(seat, card, "FAJ-WIN-HIGH", reason)
