"""High card: two players each put down a card from 1 to 10, at once or in turn; the
higher card takes a point, equal cards take none, and the first to 3 points wins."""

from tests.sixth_game.game.rules import HighCardRules

RULES = HighCardRules()
