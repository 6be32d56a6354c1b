"""Series across stored games: running totals by player for games that share a series name."""

from referee.core.errors import RefereeError
from referee.core.session import Session
from referee.games import GAMES
from referee.storage.store import GameSummary, Store


def stored_series(store: Store, games: list[GameSummary]) -> list[tuple[str, int, dict[str, int]]]:
    """(title, games, totals by player) for each series, oldest game first, from the points
    and options each game's summary carries: nothing is replayed. Only a game saved by an
    older referee, whose points were never stored, is read once."""
    named: dict[tuple[str, str], list[dict[str, int]]] = {}
    for g in reversed(games):
        rules = GAMES.get(g.kind)
        if rules is None:
            continue
        try:
            name = rules.series(rules.parse_options(g.options))
            if name is None:
                continue
            points = tuple(g.points)
            if len(points) != len(g.players):
                stored = store.load(g.id)
                state = Session(rules, stored.record).state
                points = tuple(rules.points(state))
        except (KeyError, RefereeError):
            continue  # a game that cannot be read is listed, not added up
        named.setdefault((g.kind, name), []).append(dict(zip(g.players, points, strict=True)))
    result = []
    for (kind, name), scored in sorted(named.items()):
        totals: dict[str, int] = {}
        for game in scored:
            for player, scored_points in game.items():
                totals[player] = totals.get(player, 0) + scored_points
        result.append((f"{GAMES[kind].title}: {name}", len(scored), totals))
    return result
