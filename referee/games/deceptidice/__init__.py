"""Deceptidice: guess what the top cards of everyone's card dice show; bluff and challenge."""

from referee.games.deceptidice.rules import DeceptidiceRules

RULES = DeceptidiceRules()

from referee.games.deceptidice.teach import DeceptidiceTeacher  # noqa: E402

RULES.teacher = DeceptidiceTeacher(RULES)

from referee.games.deceptidice.spoken import DeceptidiceSpeech  # noqa: E402

RULES.speech = DeceptidiceSpeech(RULES)
