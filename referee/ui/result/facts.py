"""What a shared result says, once, for its picture (card.py) and its text: the game and
its date, each place with its player and score, the headline and what decided it; or the
statistics under the filters shown. Everything comes from the rules' `Outcome` and points
or from `history.stats`: nothing here works a rule out again."""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from referee.core.session import Session
from referee.core.words import amount
from referee.history.stats import Statistics
from referee.history.stats_report import PERIOD_TITLES, title
from referee.ui.game_view import final
from referee.ui.theme import player_colours

SIGNATURE = "Kept at the table by referee"


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def places(session: Session) -> list[tuple[int, str, str, bool]]:
    """(seat, place as said ('2nd (tie)'), what decided it ('10 cubes', a poker hand),
    tied) best first: a shared place is marked as a tie. The standings and the shared
    result both say it so; what decided a place is the rules' (Outcome.decided)."""
    outcome = final(session.rules.outcome(session.state))
    said = []
    for place, seat in outcome.standings():
        tied = outcome.places.count(place) > 1
        where = f"{ordinal(place)}{' (tie)' if tied else ''}"
        said.append((seat, where, outcome.decided[seat], tied))
    return said


@dataclass(frozen=True)
class Row:
    """One line of the result: a place (or a rank in the statistics) and its player."""

    where: str  # "1st", "2nd (tie)"
    name: str
    colour: str  # the player's colour, as on the score cards
    figure: str  # "10 cubes"; "3 wins (60%)"
    detail: str = ""  # under the name: "5 games · average place 1.40"
    best: bool = False  # a winner (the most wins)


@dataclass(frozen=True)
class Result:
    title: str  # "Fae-ker"; "Statistics"
    when: str  # "Wed 2 Dec 2026, 21:14"; "All games · all time"
    headline: str  # "Bo wins with 10 cubes"
    decided: str  # what decided it, in one line
    rows: tuple[Row, ...]
    file_name: str  # the picture's, without a path: "referee-….png"

    def text(self) -> str:
        """The same facts as plain lines, for a group chat."""
        lines = [f"{self.title} · {self.when}", self.headline]
        if self.decided:
            lines.append(self.decided)
        lines.append("")
        for row in self.rows:
            line = f"{row.where} {row.name}: {row.figure}"
            lines.append(f"{line} ({row.detail})" if row.detail else line)
        lines += ["", SIGNATURE]
        return "\n".join(lines)


def _moment(stamp: str | None) -> datetime | None:
    try:
        return datetime.fromisoformat(stamp).astimezone() if stamp else None
    except ValueError:
        return None


def said_day(moment: datetime) -> str:
    """'Wed 2 Dec 2026, 21:14', in the host's time (the table's evening)."""
    return f"{moment:%a} {moment.day} {moment:%b %Y, %H:%M}"


def game_result(session: Session, game_id: int, created: str | None, ended: str | None) -> Result:
    """A finished game's result; `created`, `ended`: the stored record's stamps (UTC)."""
    rules = session.rules
    outcome = rules.outcome(session.state)
    if outcome is None:
        raise ValueError("a game still going on has no result to share")
    players = session.players
    colours = player_colours(players)
    moment = _moment(ended) or _moment(created)
    day = f"-{moment:%Y-%m-%d}" if moment else ""
    return Result(
        title=rules.title,
        when=" · ".join([*([said_day(moment)] if moment else []), amount(len(players), "players")]),
        headline=outcome.headline,
        decided=outcome.reason,
        rows=tuple(
            Row(where, players[seat], colours[seat], score, best=seat in outcome.winners)
            for seat, where, score, _tied in places(session)
        ),
        file_name=f"referee-{rules.kind}{day}-{game_id}.png",
    )


def _percent(rate: float) -> str:
    return f"{round(100 * rate)}%"


def stats_result(stats: Statistics, today: datetime | None = None) -> Result:
    """The statistics' figures under the filters shown: each player's wins, win rate,
    games and average place, most wins first (their order in `stats`)."""
    which = title(stats.kind) if stats.kind else "All games"
    names = [p.player for p in stats.players]
    colours = player_colours(names)
    most = stats.players[0].overall.wins if stats.players else 0
    leaders = [p.player for p in stats.players if p.overall.wins == most and most]
    n = stats.games
    rows = []
    for rank, (p, colour) in enumerate(zip(stats.players, colours, strict=True)):
        t = p.overall
        wins = f"{amount(t.wins, 'wins')} ({_percent(t.win_rate)})"
        detail = f"{amount(t.games, 'games')} · avg. place {t.average_place:.2f}"
        same = [q for q in stats.players[:rank] if q.overall.wins == t.wins]
        where = ordinal(rank + 1 - len(same))
        tied = sum(q.overall.wins == t.wins for q in stats.players) > 1
        where += " (tie)" if tied else ""
        rows.append(Row(where, p.player, colour, wins, detail, p.player in leaders))
    today = today or datetime.now().astimezone()
    return Result(
        title="Statistics",
        when=f"{which} · {PERIOD_TITLES[stats.period]}",
        headline=_leaders_line(leaders, most) if leaders else "No finished games yet",
        decided=f"{amount(n, 'finished games')}, as of {said_day(today)}",
        rows=tuple(rows),
        file_name=f"referee-statistics-{stats.kind or 'all'}-{stats.period}-{today:%Y-%m-%d}.png",
    )


def _leaders_line(leaders: Sequence[str], wins: int) -> str:
    who = leaders[0] if len(leaders) == 1 else ", ".join(leaders[:-1]) + f" and {leaders[-1]}"
    verb = "has" if len(leaders) == 1 else "share"
    return f"{who} {verb} the most wins: {wins}"
