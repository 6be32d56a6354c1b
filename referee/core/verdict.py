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
    app shows those in a sheet rather than only in the log.
    """

    model_config = ConfigDict(frozen=True)

    headline: str
    details: tuple[str, ...] = ()
    rulings: tuple[str, ...] = ()
    changes: tuple[ScoreChange, ...] = ()
    decisive: bool = False
