"""The statistics of stored results (referee/history/stats.py), on hand-made results: what counts,
how places, ties and shared wins count, head-to-head, per game, per day and the periods."""

from datetime import UTC, datetime, timedelta, timezone

import pytest

from referee.history.stats import EVENING, statistics
from referee.storage.results import GameResult


def game(gid, kind, players, places, points=None, ended="2025-03-01T20:00:00+00:00", actions=10):
    return GameResult(
        id=gid,
        kind=kind,
        players=tuple(players),
        points=tuple(points or [0] * len(players)),
        places=None if places is None else tuple(places),
        created="2025-03-01T19:00:00+00:00",
        ended=ended if places is not None else None,
        actions=actions,
        summary=f"game {gid}",
    )


NIGHT = [
    game(1, "faeker", "ABCD", (1, 2, 2, 4), (12, 8, 8, 3), actions=40),
    game(2, "faeker", "ABC", (2, 1, 1), (7, 12, 12), actions=55),  # B and C share the win
    game(3, "fairy", "AD", (1, 2), (24, -4), actions=30),
    game(4, "faeker", "ABD", None, (3, 1, 0)),  # still going
]


def by_player(stats):
    return {p.player: p for p in stats.players}


class TestWhatCounts:
    def test_places_are_the_games_own_with_ties_and_shared_wins(self):
        players = by_player(statistics(NIGHT))
        a, b, c, d = (players[n].overall for n in "ABCD")
        assert (a.games, a.wins, a.average_place) == (3, 2, pytest.approx(4 / 3))
        assert (b.games, b.wins, b.average_place) == (2, 1, 1.5)
        assert (c.games, c.wins) == (2, 1)  # a shared win is a win
        assert (d.games, d.wins, d.average_place) == (2, 0, 3.0)
        assert a.win_rate == pytest.approx(2 / 3)

    def test_unfinished_games_are_listed_apart_and_never_counted(self):
        stats = statistics(NIGHT)
        assert [g.id for g in stats.unfinished] == [4]
        assert stats.games == 3
        assert by_player(stats)["D"].overall.games == 2

    def test_players_are_ranked_by_wins_then_rate(self):
        assert [p.player for p in statistics(NIGHT).players] == ["A", "B", "C", "D"]

    def test_per_game_for_each_player(self):
        a = by_player(statistics(NIGHT))["A"]
        assert (a.by_kind["faeker"].games, a.by_kind["faeker"].wins) == (2, 1)
        assert (a.by_kind["fairy"].games, a.by_kind["fairy"].wins) == (1, 1)


class TestHeadToHead:
    def test_games_together_who_placed_higher_and_ties(self):
        stats = statistics(NIGHT)
        bc = stats.head_to_head("B", "C")
        assert (bc.games, bc.a_higher, bc.b_higher, bc.ties) == (2, 0, 0, 2)
        ad = stats.head_to_head("A", "D")
        assert (ad.games, ad.a_higher, ad.b_higher, ad.ties) == (2, 2, 0, 0)
        ab = stats.head_to_head("A", "B")
        assert (ab.games, ab.a_higher, ab.b_higher, ab.ties) == (2, 1, 1, 0)

    def test_every_pair_that_met_is_listed_once(self):
        pairs = {(h.a, h.b): h for h in statistics(NIGHT).pairs}
        assert set(pairs) == {
            ("A", "B"),
            ("A", "C"),
            ("A", "D"),
            ("B", "C"),
            ("B", "D"),
            ("C", "D"),
        }
        assert pairs[("C", "D")].games == 1 and pairs[("C", "D")].a_higher == 1

    def test_players_who_never_met(self):
        h = statistics(NIGHT).head_to_head("C", "Zed")
        assert (h.games, h.a_higher, h.b_higher, h.ties) == (0, 0, 0, 0)


class TestPerGame:
    def test_most_wins_highest_and_lowest_score_and_the_longest_game(self):
        kinds = {k.kind: k for k in statistics(NIGHT).kinds}
        faeker = kinds["faeker"]
        assert faeker.games == 2
        assert (faeker.most_wins, faeker.most_wins_count) == (("A", "B", "C"), 1)
        assert (faeker.highest.player, faeker.highest.points, faeker.highest.game_id) == (
            "A",
            12,
            1,
        )
        assert (faeker.lowest.player, faeker.lowest.points) == ("D", 3)
        assert (faeker.longest.id, faeker.longest.actions) == (2, 55)
        assert kinds["fairy"].lowest.points == -4

    def test_a_shared_record_names_every_player_who_reached_it(self):
        # A reached 12 in game 1, B and C in game 2: the record is theirs alike.
        faeker = {k.kind: k for k in statistics(NIGHT).kinds}["faeker"]
        assert faeker.highest.holders == ("A", "B", "C")
        assert faeker.highest.text("cubes") == "A, B and C, 12 cubes"
        assert faeker.highest.as_json()["players"] == ["A", "B", "C"]
        tied = [game(9, "fairy", ["Cy", "Ana", "Cy"], (1, 1, 1), (11, 11, 11))]
        assert statistics(tied).kinds[0].lowest.text("points") == "Cy and Ana, 11 points"

    def test_a_record_held_alone_names_one_player(self):
        faeker = {k.kind: k for k in statistics(NIGHT).kinds}["faeker"]
        assert faeker.lowest.text("cubes") == "D, 3 cubes"

    def test_the_game_filter(self):
        stats = statistics(NIGHT, kind="fairy")
        assert stats.games == 1 and [p.player for p in stats.players] == ["A", "D"]
        assert stats.unfinished == ()
        assert [k.kind for k in stats.kinds] == ["fairy"]


class TestOverTime:
    def test_days_on_the_local_calendar_and_wins_so_far(self):
        late = [
            game(1, "fairy", "AB", (1, 2), ended="2025-03-01T23:30:00+00:00"),
            game(2, "fairy", "AB", (2, 1), ended="2025-03-02T00:30:00+00:00"),
            game(3, "fairy", "AB", (1, 1), ended="2025-03-05T12:00:00+00:00"),
        ]
        utc = statistics(late, tz=UTC)
        assert [(d.day, d.games) for d in utc.days] == [
            ("2025-03-01", 1),
            ("2025-03-02", 1),
            ("2025-03-05", 1),
        ]
        assert utc.wins_over_time() == {"A": [1, 1, 2], "B": [0, 1, 2]}
        madrid = statistics(late, tz=timezone(timedelta(hours=1)))
        assert [(d.day, d.games, d.wins) for d in madrid.days][:1] == [
            ("2025-03-02", 2, {"A": 1, "B": 1})
        ]


class TestPeriods:
    GAMES = [
        game(1, "fairy", "AB", (1, 2), ended="2025-01-10T20:00:00+00:00"),
        game(2, "fairy", "AB", (1, 2), ended="2025-02-20T20:00:00+00:00"),
        game(3, "fairy", "AB", (2, 1), ended="2025-03-01T19:00:00+00:00"),
        game(4, "fairy", "AB", (2, 1), ended="2025-03-02T01:30:00+00:00"),
        game(5, "faeker", "AB", (1, 2), ended="2025-02-28T09:00:00+00:00"),
    ]
    NOW = datetime(2025, 3, 5, 12, 0, tzinfo=UTC)

    def ids(self, **filters):
        return [g.id for g in statistics(self.GAMES, now=self.NOW, **filters).counted]

    def test_last_evening_is_every_game_within_12_hours_before_the_last_one(self):
        assert timedelta(hours=12) == EVENING
        assert self.ids(period="evening") == [3, 4]
        assert self.ids(period="evening", kind="faeker") == [5]

    def test_month_is_the_30_days_up_to_now(self):
        assert self.ids(period="month") == [2, 5, 3, 4]

    def test_all(self):
        assert self.ids(period="all") == [1, 2, 5, 3, 4]

    def test_an_unknown_period_is_refused(self):
        with pytest.raises(ValueError, match="evening, month, all"):
            statistics(self.GAMES, period="week")

    def test_nothing_stored(self):
        stats = statistics([], period="evening")
        assert (stats.games, stats.players, stats.days, stats.since) == (0, (), (), None)
