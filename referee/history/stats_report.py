"""The statistics as `python -m referee stats` prints them: the figures of the statistics
screen (referee/history/stats.py), as text or as JSON."""

from referee.core.words import amount
from referee.games import GAMES
from referee.history.stats import Statistics, Tally

PERIOD_TITLES = {"evening": "last evening", "month": "the last 30 days", "all": "all time"}


def title(kind: str) -> str:
    return GAMES[kind].title if kind in GAMES else kind


def unit(kind: str) -> str:
    return GAMES[kind].unit if kind in GAMES else "points"


def as_json(stats: Statistics) -> dict:
    """The statistics' JSON, with each game's title and unit for readers without referee."""
    data = stats.as_json()
    kinds = {g["game"] for g in data["games_by_kind"]} | {g["game"] for g in data["unfinished"]}
    data["titles"] = {k: {"title": title(k), "unit": unit(k)} for k in sorted(kinds)}
    return data


def _count(n: int, word: str) -> str:
    return f"{n} {word if n == 1 else word + 's'}"


def _percent(t: Tally) -> str:
    return f"{round(100 * t.win_rate)}%"


def as_text(stats: Statistics) -> str:
    which = title(stats.kind) if stats.kind else "All games"
    lines = [
        f"{which} · {PERIOD_TITLES[stats.period]}: {_count(stats.games, 'game')} counted"
        + (f" ({len(stats.unfinished)} unfinished, not counted)" if stats.unfinished else "")
    ]
    if stats.players:
        width = max(6, *(len(p.player) for p in stats.players))
        lines += ["", f"{'Player':<{width}}  Games  Wins  Win rate  Average place"]
        for p in stats.players:
            t = p.overall
            lines.append(
                f"{p.player:<{width}}  {t.games:>5}  {t.wins:>4}  {_percent(t):>8}  "
                f"{t.average_place:>13.2f}"
            )
            if len(p.by_kind) > 1 or stats.kind is None:
                for kind, kt in p.by_kind.items():
                    lines.append(
                        f"{'':<{width}}    {title(kind)}: {kt.games} played, {kt.wins} won "
                        f"({_percent(kt)}), average place {kt.average_place:.2f}"
                    )
    if stats.pairs:
        lines += ["", "Head-to-head (games together: who placed higher, ties)"]
        for h in stats.pairs:
            lines.append(
                f"{h.a} and {h.b}: {h.games} together; {h.a} higher {h.a_higher}, "
                f"{h.b} higher {h.b_higher}, tied {h.ties}"
            )
    for k in stats.kinds:
        u = unit(k.kind)
        lines += [
            "",
            f"{title(k.kind)}: {_count(k.games, 'game')}",
            f"  Most wins: {', '.join(k.most_wins)} ({k.most_wins_count})",
            f"  Highest: {k.highest.text(u)} (first in game {k.highest.game_id})",
            f"  Lowest: {k.lowest.text(u)} (first in game {k.lowest.game_id})",
            f"  Longest: game {k.longest.id}, {amount(k.longest.actions, 'actions')} "
            f"({', '.join(k.longest.players)})",
        ]
    if stats.days:
        lines += ["", "Per day"]
        for d in stats.days:
            wins = ", ".join(f"{n} {w}" for n, w in d.wins.items())
            lines.append(f"  {d.day}: {_count(d.games, 'game')}; wins: {wins}")
    if stats.unfinished:
        lines += ["", "Unfinished (not counted)"]
        for g in stats.unfinished:
            lines.append(f"  Game {g.id}, {title(g.kind)}: {', '.join(g.players)}. {g.summary}")
    return "\n".join(lines)
