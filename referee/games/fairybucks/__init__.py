"""Fairy Bucks: a sealed-bid auction of fairy-tale treasures with Poof! spells."""

from referee.games.fairybucks.rules import FairyBucksRules

RULES = FairyBucksRules()
