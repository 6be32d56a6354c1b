"""Fairy: everyone guesses the next charm card; the third fairy or 24 points end the game."""

from referee.games.fairy.rules import FairyRules

RULES = FairyRules()

from referee.games.fairy.teach import FairyTeacher  # noqa: E402

RULES.teacher = FairyTeacher(RULES)

from referee.games.fairy.spoken import FairySpeech  # noqa: E402

RULES.speech = FairySpeech(RULES)
