"""Fairy Bucks: a sealed-bid auction of fairy-tale treasures with Poof! spells."""

from referee.games.fairybucks.rules import FairyBucksRules

RULES = FairyBucksRules()

from referee.games.fairybucks.teach import FairyBucksTeacher  # noqa: E402

RULES.teacher = FairyBucksTeacher(RULES)

from referee.games.fairybucks.spoken import FairyBucksSpeech  # noqa: E402

RULES.speech = FairyBucksSpeech(RULES)
