"""What a game tells a play-logging app (BG Stats) of its plays: whether the highest score
wins, whether it is scored at all, what its score counts, and its BoardGameGeek id where
that is a known fact. Each game sets its own (`GameRules.play_log`) in its own folder;
the history layer (`referee/history/bgstats.py`) reads it through the registry."""

from referee.core.values import Snapshot


class PlayLog(Snapshot):
    """One game's facts for a logged play."""

    highest_wins: bool = True  # BG Stats' `highestWins`: the higher score places higher
    scored: bool = True  # False: BG Stats' `noPoints`, and no score is sent
    score: str = "points"  # what the score sent counts, in words (the README's table)
    why: str = ""  # why these, in a sentence (the README's table)
    # The game's BoardGameGeek id, only where a published page states it: never guessed,
    # since BG Stats would then file the play under another game.
    bgg_id: int | None = None
