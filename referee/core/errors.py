"""The narrow error family for actions that cannot be applied.

Modelled on python-chess: an action that is malformed (a card that does not exist, a
sixth card in a hand) is *invalid*; a well-formed action the rules forbid right now (a bid
lower than the highest, acting out of turn) is *illegal*. Both carry one sentence a player
understands, and both leave state and record untouched.
"""


class RefereeError(Exception):
    """Base of everything the referee refuses; `reason` is shown to the table as is."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class InvalidAction(RefereeError):
    """The action cannot describe anything at this table (wrong cards, wrong shape)."""


class IllegalAction(RefereeError):
    """The action is well formed, but the rules do not allow it now."""


class GameOver(IllegalAction):
    """The game has ended; nothing more can be played (undo still works)."""
