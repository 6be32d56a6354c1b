"""Settle a dispute without tracking the game: the cards in question in, the verdict out."""

from referee.disputes.models import DISPUTE, GAME_OF, TITLES, Settled, dispute_schema
from referee.disputes.settle import parse, settle

__all__ = ["DISPUTE", "GAME_OF", "TITLES", "Settled", "dispute_schema", "parse", "settle"]
