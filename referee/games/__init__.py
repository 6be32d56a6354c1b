"""One package per game: rules only, no I/O, no Flet. GAMES is the registry the app lists."""

from referee.core.rules import GameRules
from referee.games.deceptidice import RULES as DECEPTIDICE
from referee.games.faeker import RULES as FAEKER
from referee.games.fairy import RULES as FAIRY
from referee.games.fairybucks import RULES as FAIRY_BUCKS
from referee.games.faj import RULES as FAJ

GAMES: dict[str, GameRules] = {
    rules.kind: rules for rules in (FAEKER, FAJ, FAIRY_BUCKS, FAIRY, DECEPTIDICE)
}


def rules_for(kind: str) -> GameRules:
    try:
        return GAMES[kind]
    except KeyError:
        from referee.core.errors import InvalidAction

        known = ", ".join(sorted(GAMES))
        raise InvalidAction(f"Unknown game {kind!r}; this referee knows: {known}.") from None
