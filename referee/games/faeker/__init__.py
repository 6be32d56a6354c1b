"""Fae-ker: bid on the cards in your hand against the top card; bluffs and showdowns."""

from referee.games.faeker.rules import FaekerRules

RULES = FaekerRules()

from referee.games.faeker.teach import FaekerTeacher  # noqa: E402

RULES.teacher = FaekerTeacher(RULES)

from referee.games.faeker.spoken import FaekerSpeech  # noqa: E402

RULES.speech = FaekerSpeech(RULES)
