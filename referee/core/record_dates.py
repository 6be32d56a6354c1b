"""A record's dates must tell one story: the game was started, then each action was
entered, then the game ended. A record from outside whose dates contradict that (an end
before the start, an action before the start or after the end) is refused in one
sentence, because the statistics (wins by day, the longest game) read them."""

from collections.abc import Sequence
from datetime import datetime

from referee.core.errors import InvalidAction


def _moment(value: str) -> datetime:
    return datetime.fromisoformat(value)


def said(value: str) -> str:
    """A stored UTC moment as a sentence shows it: 2025-03-01 19:30:05 UTC."""
    return _said(_moment(value))


def _said(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M:%S UTC")


def check_dates_in_order(
    created: str | None, ended: str | None, times: Sequence[str | None] | None
) -> None:
    """Raise InvalidAction unless created <= each action's time <= ended (each where known).
    The values are stamps as `referee.core.record.stamp` keeps them."""
    start = _moment(created) if created else None
    end = _moment(ended) if ended else None
    if start and end and end < start:
        raise InvalidAction(
            f"This record says its game ended at {_said(end)}, before it was started at "
            f"{_said(start)}."
        )
    for number, at in enumerate(times or (), start=1):
        if at is None:
            continue
        moment = _moment(at)
        if start and moment < start:
            raise InvalidAction(
                f"Action {number} of this record is dated {said(at)}, before its game was "
                f"started at {_said(start)}."
            )
        if end and moment > end:
            raise InvalidAction(
                f"Action {number} of this record is dated {said(at)}, after its game ended "
                f"at {_said(end)}."
            )
