"""Settle one dispute with its game's own settle function (the game's `disputes` module),
which answers with the game's pure functions: nothing here works out a rule again.

`settle(data)` takes a dispute (a model or its JSON data) and returns `Settled`, or raises
InvalidAction (malformed, or cards the deck cannot hold) with one sentence.
"""

from typing import Any

from pydantic import ValidationError

from referee.core.dispute_kinds import Settled
from referee.core.errors import InvalidAction
from referee.core.explain import explain_validation
from referee.core.names import quoted
from referee.disputes.models import catalogue
from referee.games import GAMES


def parse(data: Any) -> Any:
    """A dispute model from its JSON data; InvalidAction with one sentence otherwise."""
    if not isinstance(data, dict):
        raise InvalidAction("A dispute is a JSON object with a 'kind'.")
    known = catalogue()
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in known.kinds:  # a list or an object is no key
        names = ", ".join(known.kinds)
        raise InvalidAction(f"Unknown dispute kind {quoted(kind, 30)}; known kinds: {names}.")
    try:
        return known.adapter.validate_python(data)
    except ValidationError as exc:
        raise InvalidAction(explain_validation(exc, "The dispute")) from None


def settle(dispute: Any) -> Settled:
    if not hasattr(dispute, "kind") or isinstance(dispute, dict):
        dispute = parse(dispute)
    known = catalogue()
    answer = known.kinds[dispute.kind].settle(dispute)
    return answer.model_copy(update={"game": known.game_of[dispute.kind]})


def from_game(game: str, state: Any) -> dict[str, Any]:
    """What a game in progress already knows, to prefill the dispute screen."""
    return {"game": game, "names": list(state.players), **GAMES.disputes(game).prefill(state)}
