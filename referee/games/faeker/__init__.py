"""Fae-ker: bid on the cards in your hand against the top card; bluffs and showdowns."""

from referee.games.faeker.rules import FaekerRules

RULES = FaekerRules()
