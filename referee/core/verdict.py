"""What the table is told after each action."""

from pydantic import BaseModel, ConfigDict


class ScoreChange(BaseModel):
    model_config = ConfigDict(frozen=True)

    player: str
    before: int
    after: int

    @property
    def delta(self) -> int:
        return self.after - self.before


class Verdict(BaseModel):
    """A frozen account of one applied action.

    `decisive` marks verdicts that settle something (a bluff, a showdown, a game end): the
    app shows those in a sheet rather than only in the log. `scored_next` marks a decisive
    verdict whose points move with the very next action (a Deceptidice challenge: the
    loser's discard), so a table of scores by round keeps that round on one row.
    """

    model_config = ConfigDict(frozen=True)

    headline: str
    details: tuple[str, ...] = ()
    rulings: tuple[str, ...] = ()
    changes: tuple[ScoreChange, ...] = ()
    decisive: bool = False
    scored_next: bool = False
