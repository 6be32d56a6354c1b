"""Settle a dispute without tracking the game: the cards in question in, the verdict out.

Each game's disputes live in its own package (`referee.games.<kind>.disputes`); this
package puts them together from the registry and never names a game.
"""

from referee.core.dispute_kinds import DisputeKind, GameDisputes, Settled
from referee.disputes.models import GAME_OF, TITLES, dispute_schema
from referee.disputes.settle import from_game, parse, settle

__all__ = [
    "GAME_OF",
    "TITLES",
    "DisputeKind",
    "GameDisputes",
    "Settled",
    "dispute_schema",
    "from_game",
    "parse",
    "settle",
]
