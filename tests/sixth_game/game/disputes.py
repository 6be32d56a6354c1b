"""High card's one dispute: who takes the round, settled by the rules' own comparison."""

from typing import Literal

from pydantic import Field

from referee.core.dispute_kinds import Name, settled, unique_names
from referee.core.values import Value
from referee.disputes import DisputeKind, GameDisputes, Settled
from tests.sixth_game.game.model import Card
from tests.sixth_game.game.rules import round_headline, round_winner


class HighCardPlay(Value):
    player: Name
    card: Card


class HighCardRound(Value):
    """A round: each player's card."""

    kind: Literal["highcard_round"] = "highcard_round"
    plays: tuple[HighCardPlay, ...] = Field(min_length=2, max_length=2)


def settle_round(d: HighCardRound) -> Settled:
    names = [p.player for p in d.plays]
    unique_names(names)
    cards = [p.card for p in d.plays]
    seat = round_winner(cards)
    return settled(
        d,
        round_headline(names, cards),
        [f"{p.player}: {p.card}." for p in d.plays],
        ["HC-TIE" if seat is None else "HC-HIGHER"],
        winners=() if seat is None else (names[seat],),
        facts={"winner": None if seat is None else names[seat]},
    )


DISPUTES = GameDisputes(
    kinds=(DisputeKind("highcard_round", "Who takes the round", HighCardRound, settle_round),),
    prefill=lambda state: {"kind": "highcard_round"},
)
