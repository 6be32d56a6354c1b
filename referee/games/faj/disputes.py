"""Faces, Aces & Jokers disputes: which suit is trump, who takes the trick, and the final
showdown, settled by the game's trick-winner order and poker evaluator."""

import itertools
from collections.abc import Sequence
from typing import Any, Literal

from pydantic import Field

from referee.core.dispute_kinds import (
    DisputeKind,
    GameDisputes,
    Name,
    Settled,
    settled,
    unique_names,
)
from referee.core.errors import InvalidAction
from referee.core.outcome import win_text
from referee.core.values import Value
from referee.core.words import amount
from referee.games.faj import RULES, showdown, tricks
from referee.games.faj.deck import (
    BOARD_SIZES,
    DRAFT_DECK,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SUITS,
    TRICK_CARDS_OUT,
    TRICK_DECK,
    short,
)
from referee.games.faj.model import DraftCard, FajState, TrickCard
from referee.games.faj.poker import HAND_CARDS


class FajTrump(Value):
    """Which suit is trump for this board."""

    kind: Literal["faj_trump"] = "faj_trump"
    board: tuple[TrickCard, ...] = Field(min_length=1, max_length=max(BOARD_SIZES))


class FajPlay(Value):
    player: Name
    card: DraftCard


class FajTrick(Value):
    """Who takes the trick: the board and each player's card."""

    kind: Literal["faj_trick"] = "faj_trick"
    board: tuple[TrickCard, ...] = Field(min_length=1, max_length=max(BOARD_SIZES))
    plays: tuple[FajPlay, ...] = Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)


class FajPile(Value):
    player: Name
    cards: tuple[TrickCard, ...] = Field(default=(), max_length=TRICK_CARDS_OUT)


class FajShowdown(Value):
    """The final showdown: every player's won trick cards (0-30 each, no card twice)."""

    kind: Literal["faj_showdown"] = "faj_showdown"
    piles: tuple[FajPile, ...] = Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)
    final_tie: Literal["share", "more_cards"] = "share"


def _cards(cards: Sequence[str]) -> str:
    return " ".join(short(c) for c in cards)


def _board(board: Sequence[str]) -> None:
    TRICK_DECK.verify_cards(board)
    if len(set(board)) != len(board):
        raise InvalidAction("A trick card cannot be on the board twice.")


def settle_trump(d: FajTrump) -> Settled:
    _board(d.board)
    trump = tricks.trump_of(d.board)
    totals = tricks.describe_totals(d.board)
    why = (
        f"Suit totals: {totals}. The highest total is unique: {tricks.trump_text(trump)}."
        if trump is not None
        else f"Suit totals: {totals}. The highest total is shared: no trump."
    )
    return settled(
        d,
        tricks.trump_sentence(trump),
        [f"Board: {_cards(d.board)}.", why],
        ["FAJ-TRUMP"],
        counted=tuple(short(c) for c in d.board),
        facts={
            "trump": None if trump is None else SUITS[trump],
            "totals": tricks.suit_totals(d.board),
        },
    )


def settle_trick(d: FajTrick) -> Settled:
    _board(d.board)
    names = [p.player for p in d.plays]
    unique_names(names)
    cards = [p.card for p in d.plays]
    if len(set(cards)) != len(cards):
        twice = next(c for c in cards if cards.count(c) > 1)
        raise InvalidAction(f"{short(twice)} was played twice: each draft card exists once.")
    DRAFT_DECK.verify_cards(cards)
    trump = tricks.trump_of(d.board)
    result = tricks.trick_winner(d.board, trump, list(enumerate(cards)))
    winner = names[result.seat]
    details = [
        f"Board: {_cards(d.board)} ({tricks.trump_text(trump)}).",
        "Played: " + ", ".join(f"{n} {short(c)}" for n, c in zip(names, cards, strict=True)) + ".",
        f"{winner} wins: {result.reason}.",
        f"{winner} takes {_cards(d.board)}.",
    ]
    return settled(
        d,
        f"{winner} takes the trick with {short(result.card)}",
        details,
        [result.ruling, "FAJ-TAKE-BOARD"],
        winners=(winner,),
        counted=(short(result.card),),
        facts={
            "winner": winner,
            "card": result.card,
            "trump": None if trump is None else SUITS[trump],
        },
    )


def settle_showdown(d: FajShowdown) -> Settled:
    names = [p.player for p in d.piles]
    unique_names(names)
    every = [c for p in d.piles for c in p.cards]
    seen: dict[str, str] = {}
    for p in d.piles:
        for c in p.cards:
            if c in seen:
                whose = "twice" if seen[c] == p.player else f"by {seen[c]} and {p.player}"
                raise InvalidAction(f"{short(c)} is entered {whose}: each trick card exists once.")
            seen[c] = p.player
    if len(every) > TRICK_CARDS_OUT:
        raise InvalidAction(
            f"Only {TRICK_CARDS_OUT} trick cards come out in a game, not {len(every)}."
        )
    ranked = showdown.standings([p.cards for p in d.piles], d.final_tie == "more_cards")
    tie = "FAJ-FINAL-TIE-CARDS" if d.final_tie == "more_cards" else "FAJ-FINAL-TIE-SHARE"
    comparisons = [showdown.compare(a, b, names, tie) for a, b in itertools.pairwise(ranked)]
    first = [names[st.seat] for st in ranked if st.place == 1]
    lines = []
    for st in ranked:
        note = f" ({amount(st.cards_won, 'cards')})" if st.cards_won < HAND_CARDS else ""
        lines.append(f"{st.place}. {names[st.seat]}: {st.hand.describe()} — {st.cards_text}{note}")
    lines += [why for why, _ in comparisons]
    place_of = [0] * len(names)
    for st in ranked:
        place_of[st.seat] = st.place
    return settled(
        d,
        f"{win_text(first)} with {ranked[0].hand.describe()}",
        lines,
        ["FAJ-HANDS", *(r for _, r in comparisons)],
        winners=tuple(first),
        counted=tuple(st.cards_text for st in ranked if st.place == 1),
        facts={
            "places": place_of,
            "hands": {names[st.seat]: st.hand.describe() for st in ranked},
            "chosen": {names[st.seat]: st.cards_text for st in ranked},
            "reasons": [why for why, _ in comparisons],
        },
    )


def prefill(state: FajState) -> dict[str, Any]:
    pre: dict[str, Any] = {"piles": [list(p) for p in state.won], "board": list(state.board)}
    if state.board:  # the flow contract's menu: the cards each player may still play
        playable = RULES.choices(state).playable
        pre["playable"] = {seat: list(cards) for seat, cards in playable}
    pre["kind"] = "faj_trick" if state.board else "faj_showdown"
    return pre


DISPUTES = GameDisputes(
    kinds=(
        DisputeKind("faj_trump", "Which trump", FajTrump, settle_trump),
        DisputeKind("faj_trick", "Who takes the trick", FajTrick, settle_trick),
        DisputeKind("faj_showdown", "The final showdown", FajShowdown, settle_showdown),
    ),
    offered=("faj_showdown", "faj_trick", "faj_trump"),
    prefill=prefill,
)
