"""Statistics of the stored games, from their results (`store.results.all()`): nothing here
replays a game or touches the store, so the screen and `python -m referee stats` show the
same figures from the same function.

- A game counts once it is over, with the places its own rules gave (shared wins and ties
  as 1, 2, 2, 4): a win is a first place, shared or not. Unfinished games are listed apart
  and never counted.
- Periods: "all"; "month", the games that ended in the 30 days up to now; "evening", the
  last games night: the games that ended within 12 hours before the latest one ended.
- Days are calendar days where the statistics are shown (the server's time zone unless
  `tz` says otherwise).
"""

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta, tzinfo
from itertools import combinations

from referee.core.outcome import names_text
from referee.core.words import amount
from referee.storage.players import parse_stamp
from referee.storage.results import GameResult

PERIODS = ("evening", "month", "all")
EVENING = timedelta(hours=12)  # a games night: every game within this before the last one
MONTH = timedelta(days=30)
_NEVER = datetime(1970, 1, 1, tzinfo=UTC)  # a damaged time: first, on a day of its own


@dataclass(frozen=True)
class Tally:
    """How one player did over some games."""

    games: int = 0
    wins: int = 0
    place_total: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def average_place(self) -> float:
        return self.place_total / self.games if self.games else 0.0

    def add(self, place: int) -> "Tally":
        return Tally(self.games + 1, self.wins + (place == 1), self.place_total + place)

    def as_json(self) -> dict:
        return {
            "games": self.games,
            "wins": self.wins,
            "win_rate": round(self.win_rate, 4),
            "average_place": round(self.average_place, 3),
        }


@dataclass(frozen=True)
class PlayerStats:
    player: str
    overall: Tally
    by_kind: dict[str, Tally]  # game kind -> how the player did at it

    def as_json(self) -> dict:
        return {
            "player": self.player,
            **self.overall.as_json(),
            "by_game": {kind: t.as_json() for kind, t in self.by_kind.items()},
        }


@dataclass(frozen=True)
class HeadToHead:
    """Two players over the counted games they played together."""

    a: str
    b: str
    games: int
    a_higher: int  # games where a placed higher than b
    b_higher: int
    ties: int  # games where they shared a place

    def as_json(self) -> dict:
        return {
            "players": [self.a, self.b],
            "games": self.games,
            "higher": {self.a: self.a_higher, self.b: self.b_higher},
            "ties": self.ties,
        }


@dataclass(frozen=True)
class Score:
    """The highest or lowest points of a game kind: the first seat to reach them (`player`,
    in `game_id`), and every player who did, in the order they did (`players`): a record
    two players share names both."""

    player: str
    points: int
    game_id: int
    players: tuple[str, ...] = ()

    @property
    def holders(self) -> tuple[str, ...]:
        return self.players or (self.player,)

    def text(self, unit: str) -> str:
        """'Cy and Ana, 11 cubes'."""
        return f"{names_text(self.holders)}, {amount(self.points, unit)}"

    def as_json(self) -> dict:
        return {
            "player": self.player,
            "players": list(self.holders),
            "points": self.points,
            "game_id": self.game_id,
        }


@dataclass(frozen=True)
class KindStats:
    kind: str
    games: int
    most_wins: tuple[str, ...]  # every player with the most wins at this game
    most_wins_count: int
    highest: Score
    lowest: Score
    longest: GameResult  # the most actions; the earlier game on a tie

    def as_json(self) -> dict:
        return {
            "game": self.kind,
            "games": self.games,
            "most_wins": {"players": list(self.most_wins), "wins": self.most_wins_count},
            "highest": self.highest.as_json(),
            "lowest": self.lowest.as_json(),
            "longest": {
                "game_id": self.longest.id,
                "actions": self.longest.actions,
                "players": list(self.longest.players),
            },
        }


@dataclass(frozen=True)
class Day:
    """One calendar day with counted games: how many, and each player's games and wins."""

    day: str  # ISO date
    games: int
    played: dict[str, int]
    wins: dict[str, int]

    def as_json(self) -> dict:
        return {"day": self.day, "games": self.games, "played": self.played, "wins": self.wins}


@dataclass(frozen=True)
class Statistics:
    kind: str | None  # the game filter (None: every game)
    period: str
    since: str | None  # the earliest end time counted, when the period sets one (UTC)
    counted: tuple[GameResult, ...]  # the finished games in the filters, oldest first
    players: tuple[PlayerStats, ...]  # most wins first
    kinds: tuple[KindStats, ...]
    days: tuple[Day, ...]  # oldest first
    unfinished: tuple[GameResult, ...]  # in the game filter, whatever the period
    pairs: tuple[HeadToHead, ...] = field(default=())  # every two players who met

    @property
    def games(self) -> int:
        return len(self.counted)

    def head_to_head(self, a: str, b: str) -> HeadToHead:
        return head_to_head(self.counted, a, b)

    def wins_over_time(self) -> dict[str, list[int]]:
        """For a chart: each player's wins so far at the end of each of `days`."""
        out: dict[str, list[int]] = {}
        for p in self.players:
            total, line = 0, []
            for d in self.days:
                total += d.wins.get(p.player, 0)
                line.append(total)
            out[p.player] = line
        return out

    def as_json(self) -> dict:
        return {
            "game": self.kind,
            "period": self.period,
            "since": self.since,
            "games": self.games,
            "players": [p.as_json() for p in self.players],
            "games_by_kind": [k.as_json() for k in self.kinds],
            "head_to_head": [h.as_json() for h in self.pairs],
            "days": [d.as_json() for d in self.days],
            "unfinished": [
                {"game_id": g.id, "game": g.kind, "players": list(g.players), "summary": g.summary}
                for g in self.unfinished
            ],
        }


def statistics(
    results: Iterable[GameResult],
    kind: str | None = None,
    period: str = "all",
    now: datetime | None = None,
    tz: tzinfo | None = None,
) -> Statistics:
    """Everything the statistics screen shows, for one game (or all) and one period."""
    if period not in PERIODS:
        raise ValueError(f"period must be one of {', '.join(PERIODS)}, not {period!r}")
    games = [g for g in results if kind is None or g.kind == kind]
    ends = {g.id: ended_at(g) for g in games if g.finished}  # each time read once
    finished = sorted((g for g in games if g.finished), key=lambda g: (ends[g.id], g.id))
    counted, since = _in_period(finished, ends, period, now or datetime.now(UTC))
    return Statistics(
        kind=kind,
        period=period,
        since=since,
        counted=tuple(counted),
        players=tuple(_players(counted)),
        kinds=tuple(_kinds(counted)),
        days=tuple(_days(counted, ends, tz)),
        unfinished=tuple(g for g in games if not g.finished),
        pairs=tuple(_pairs(counted)),
    )


def head_to_head(counted: Iterable[GameResult], a: str, b: str) -> HeadToHead:
    """How `a` and `b` placed against each other in the finished games they both played."""
    together = higher_a = higher_b = ties = 0
    for g in counted:
        if g.places is None or a not in g.players or b not in g.players:
            continue
        pa, pb = g.places[g.players.index(a)], g.places[g.players.index(b)]
        together += 1
        higher_a += pa < pb
        higher_b += pb < pa
        ties += pa == pb
    return HeadToHead(a, b, together, higher_a, higher_b, ties)


def ended_at(g: GameResult) -> datetime:
    """When the game ended (its creation for a game stored without an end time)."""
    return parse_stamp(g.ended) or parse_stamp(g.created) or _NEVER


def _in_period(
    finished: Sequence[GameResult], ends: dict[int, datetime], period: str, now: datetime
) -> tuple[list[GameResult], str | None]:
    if period == "all" or not finished:
        return list(finished), None
    start = ends[finished[-1].id] - EVENING if period == "evening" else now - MONTH
    return [g for g in finished if ends[g.id] >= start], start.isoformat(timespec="seconds")


def _players(counted: Sequence[GameResult]) -> list[PlayerStats]:
    overall: dict[str, list[int]] = {}  # name -> [games, wins, place total]
    by_kind: dict[str, dict[str, list[int]]] = {}
    for g in counted:
        assert g.places is not None
        for name, place in zip(g.players, g.places, strict=True):
            for t in (
                overall.setdefault(name, [0, 0, 0]),
                by_kind.setdefault(name, {}).setdefault(g.kind, [0, 0, 0]),
            ):
                t[0] += 1
                t[1] += place == 1
                t[2] += place
    stats = [
        PlayerStats(
            name, Tally(*tally), {kind: Tally(*t) for kind, t in sorted(by_kind[name].items())}
        )
        for name, tally in overall.items()
    ]
    return sorted(stats, key=_rank)


def _rank(p: PlayerStats) -> tuple:
    """Most wins first, then the better rate, then more games; names break ties."""
    t = p.overall
    return (-t.wins, -t.win_rate, -t.games, *_name(p.player))


def _name(name: str) -> tuple[str, str]:
    return name.casefold(), name


def _kinds(counted: Sequence[GameResult]) -> list[KindStats]:
    grouped: dict[str, list[GameResult]] = defaultdict(list)
    for g in sorted(counted, key=lambda g: g.id):  # on equal figures the earlier game shows
        grouped[g.kind].append(g)
    out = []
    for kind, games in sorted(grouped.items()):
        wins: Counter[str] = Counter()
        longest = games[0]
        for g in games:
            assert g.places is not None
            for name, place in zip(g.players, g.places, strict=True):
                if place == 1:
                    wins[name] += 1
            if g.actions > longest.actions:
                longest = g
        best = max(wins.values())
        out.append(
            KindStats(
                kind=kind,
                games=len(games),
                most_wins=tuple(sorted((n for n, w in wins.items() if w == best), key=_name)),
                most_wins_count=best,
                highest=_record(games, max),
                lowest=_record(games, min),
                longest=longest,
            )
        )
    return out


def _record(games: Sequence[GameResult], pick) -> Score:
    """The highest (`pick` max) or lowest score of these games, oldest game first: the
    first seat to reach it, and every player who ever did, each named once."""
    scores = [
        (name, points, g.id)
        for g in games
        for name, points in zip(g.players, g.points, strict=True)
    ]
    best = pick(points for _n, points, _g in scores)
    reached = [s for s in scores if s[1] == best]
    name, _points, game_id = reached[0]
    return Score(name, best, game_id, tuple(dict.fromkeys(n for n, _p, _g in reached)))


def _days(counted: Sequence[GameResult], ends: dict[int, datetime], tz: tzinfo | None) -> list[Day]:
    days: dict[str, list[GameResult]] = defaultdict(list)
    for g in counted:
        days[ends[g.id].astimezone(tz).date().isoformat()].append(g)
    out = []
    for day, games in sorted(days.items()):
        played: dict[str, int] = {}
        wins: dict[str, int] = {}
        for g in games:
            assert g.places is not None
            for name, place in zip(g.players, g.places, strict=True):
                played[name] = played.get(name, 0) + 1
                if place == 1:
                    wins[name] = wins.get(name, 0) + 1
        out.append(Day(day, len(games), dict(sorted(played.items())), dict(sorted(wins.items()))))
    return out


def _pairs(counted: Sequence[GameResult]) -> list[HeadToHead]:
    met: dict[tuple[str, str], list[int]] = {}  # (a, b) -> [games, a higher, b higher, tied]
    order: dict[str, tuple[str, str]] = {}
    for g in counted:
        assert g.places is not None
        for (a, pa), (b, pb) in combinations(zip(g.players, g.places, strict=True), 2):
            ka = order.get(a) or order.setdefault(a, _name(a))
            kb = order.get(b) or order.setdefault(b, _name(b))
            if kb < ka:
                a, pa, b, pb = b, pb, a, pa
            tally = met.get((a, b)) or met.setdefault((a, b), [0, 0, 0, 0])
            tally[0] += 1
            tally[1] += pa < pb
            tally[2] += pb < pa
            tally[3] += pa == pb
    ordered = sorted(met.items(), key=lambda kv: (order[kv[0][0]], order[kv[0][1]]))
    return [HeadToHead(a, b, *t) for (a, b), t in ordered]
