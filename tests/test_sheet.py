"""Download as a sheet / export --csv: one row per player per finished game, and the sheet
adds up to the statistics screen's figures under every filter (1,000 random games)."""

import csv
import io
import random
from collections import Counter, defaultdict
from datetime import UTC, datetime, timedelta

import pytest

from referee.core.outcome import places
from referee.games import GAMES
from referee.history.bgstats import PlayFacts
from referee.history.sheet import COLUMNS, sheet_rows, sheet_text, stored_sheet
from referee.history.stats import PERIODS, statistics
from referee.storage.results import GameResult
from referee.storage.store import Store
from tests.test_bgstats import BEGUN, STEP, random_ending, stored

NOW = datetime(2026, 6, 1, 22, 0, tzinfo=UTC)
POOL = ("Ana", "Bo", "Cy", "Dee", "Éowyn", 'Fox, "the sly"', "Gus")


def random_results(n: int, seed: int = 55) -> list[GameResult]:
    """`n` games over the last 60 days: some unfinished, ties and shared wins often."""
    rng = random.Random(seed)
    out = []
    for game_id in range(1, n + 1):
        kind = rng.choice(list(GAMES))
        players = tuple(rng.sample(POOL, rng.randint(2, 5)))
        points = tuple(rng.randint(-4, 6) for _ in players)
        # Coarse strengths: equal ones share a place (1, 2, 2, 4), as the rules give them.
        strengths = tuple(rng.randint(0, 3) for _ in players)
        ended = NOW - timedelta(minutes=rng.randint(0, 60 * 24 * 60))
        finished = rng.random() > 0.1
        out.append(
            GameResult(
                id=game_id,
                kind=kind,
                players=players,
                points=points,
                places=places(strengths) if finished else None,
                created=(ended - timedelta(minutes=30)).isoformat(),
                ended=ended.isoformat() if finished else None,
                actions=rng.randint(1, 200),
            )
        )
    return out


def read_back(text: str) -> list[dict]:
    assert text.startswith("\ufeff")  # the byte order mark spreadsheets need for UTF-8
    rows = list(csv.reader(io.StringIO(text[1:], newline="")))
    assert tuple(rows[0]) == COLUMNS
    return [dict(zip(COLUMNS, row, strict=True)) for row in rows[1:]]


RESULTS = random_results(1000)


@pytest.mark.parametrize("period", PERIODS)
@pytest.mark.parametrize("kind", [None, *GAMES])
def test_the_sheet_adds_up_to_the_statistics_under_every_filter(kind, period):
    stats = statistics(RESULTS, kind, period, now=NOW, tz=UTC)
    rows = read_back(sheet_text(sheet_rows(stats.counted, {}, tz=UTC)))
    assert len(rows) == sum(len(g.players) for g in stats.counted)
    assert len({r["game id"] for r in rows}) == stats.games
    games, wins, place_total = Counter(), Counter(), Counter()
    for r in rows:
        games[r["player"]] += 1
        wins[r["player"]] += r["winner"] == "yes"
        place_total[r["player"]] += int(r["place"])
    for p in stats.players:  # the Players table: games, wins, win rate, average place
        assert games[p.player] == p.overall.games
        assert wins[p.player] == p.overall.wins
        assert place_total[p.player] / games[p.player] == pytest.approx(p.overall.average_place)
    assert set(games) == {p.player for p in stats.players}
    by_kind = defaultdict(list)
    titles = {rules.title: k for k, rules in GAMES.items()}
    for r in rows:
        by_kind[titles[r["game"]]].append(r)
    for k in stats.kinds:  # Records by game: games, highest and lowest score
        kind_rows = by_kind[k.kind]
        assert len({r["game id"] for r in kind_rows}) == k.games
        assert max(int(r["score"]) for r in kind_rows) == k.highest.points
        assert min(int(r["score"]) for r in kind_rows) == k.lowest.points
    assert {r["date"][:10] for r in rows} == {d.day for d in stats.days}  # Wins by day


def test_unfinished_games_have_no_rows():
    going = [g for g in RESULTS if not g.finished]
    assert going and sheet_rows(going, {}) == []


def test_start_player_and_duration_come_from_the_record_or_stay_blank():
    g = next(g for g in RESULTS if g.finished and len(g.players) == 3)
    began = datetime(2026, 3, 6, 18, 30, tzinfo=UTC)
    ((*_, start, minutes), *rest) = sheet_rows([g], {g.id: PlayFacts(0, began, 25)}, tz=UTC)
    assert (start, minutes) == ("yes", 25)
    assert [(r[7], r[8]) for r in rest] == [("no", 25), ("no", 25)]
    unknown = sheet_rows([g], {}, tz=UTC)
    assert {(r[7], r[8]) for r in unknown} == {("", "")}


def test_names_with_commas_and_quotes_are_quoted_as_the_csv_module_does():
    g = GameResult(1, "faeker", ('Fox, "the sly"', "Zoë"), (3, 1), (1, 2), NOW.isoformat(), None, 9)
    text = sheet_text(sheet_rows([g], {}, tz=UTC))
    assert '"Fox, ""the sly"""' in text and "\r\n" in text
    assert [r["player"] for r in read_back(text)] == ['Fox, "the sly"', "Zoë"]


def test_a_stored_games_sheet_has_its_start_player_and_minutes(tmp_path):
    store = Store(tmp_path / "referee.db")
    try:
        record = random_ending("faeker", 0)
        game_id = stored(store, record)
        counted = statistics(store.results.all()).counted
        rows = read_back(stored_sheet(store, counted, tz=UTC))
    finally:
        store.close()
    assert [r["game id"] for r in rows] == [str(game_id)] * 3
    assert [r["start player"] for r in rows] == ["yes", "no", "no"]  # Ana deals first
    assert len({r["duration (min)"] for r in rows}) == 1 and rows[0]["duration (min)"]
    # When it ended (its last action), as the statistics count its day.
    ended = BEGUN + STEP * len(record.actions)
    assert rows[0]["date"] == ended.strftime("%Y-%m-%d %H:%M:%S")
