"""Faces, Aces & Jokers: draft face cards, win number cards in tricks, best poker hand wins."""

from referee.games.faj.rules import FajRules

RULES = FajRules()

from referee.games.faj.teach import FajTeacher  # noqa: E402

RULES.teacher = FajTeacher(RULES)

from referee.games.faj.spoken import FajSpeech  # noqa: E402

RULES.speech = FajSpeech(RULES)
