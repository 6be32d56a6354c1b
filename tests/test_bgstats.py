"""Log in BG Stats: every game's finished play, decoded from the URL, holds to the fields
and types BG Stats documents for plays pushed from other apps, with the results the
statistics count (ranks shared on ties, a winner per first place), a play id that stays
the same wherever the game is logged from, and a bggId only where one is known."""

import json
import random
import re
from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qs, urlsplit
from zoneinfo import ZoneInfo

import pytest

from referee.core.play_log import PlayLog
from referee.core.record import GameRecord
from referee.core.rules import seat_fields
from referee.core.session import Session
from referee.games import GAMES
from referee.history.bgstats import (
    APP_URL,
    WEB_URL,
    NotLoggable,
    logged_play,
    logged_plays,
    play_url,
)
from referee.storage.store import Store
from referee.storage.transfer import replayed
from tests.games import test_deceptidice_rulings as deceptidice_rulings
from tests.test_cli_saved_games import one_takes_every_round

BEGUN = datetime(2026, 3, 6, 18, 30, tzinfo=UTC)
STEP = timedelta(seconds=20)
# BG Stats' push format: each field it documents, and its JSON type.
PLAY_FIELDS = {
    "sourceName": str,
    "sourcePlayId": str,
    "playDate": str,
    "durationMin": int,
    "location": str,
    "comments": str,
    "board": str,
    "game": dict,
    "players": list,
}
GAME_FIELDS = {
    "name": str,
    "sourceGameId": str,
    "bggId": int,
    "highestWins": bool,
    "noPoints": bool,
}
PLAYER_FIELDS = {
    "name": str,
    "sourcePlayerId": str,
    "score": int,
    "winner": bool,
    "rank": int,
    "startPlayer": bool,
    "role": str,
}
PLAY_DATE = re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}")


def random_ending(kind: str, seed: int, players=("Ana", "Bo", "Cy")) -> GameRecord:
    rules = GAMES[kind]
    rng = random.Random(seed)
    s = Session(rules, GameRecord(game=kind, players=list(players)))
    while not s.is_over:
        s.play(rules.draw(s.state, rng))
    return s.record()


def dated(record: GameRecord, begun: datetime = BEGUN) -> GameRecord:
    """The record as the store keeps it: begun at `begun`, an action every 20 seconds."""
    times = [(begun + STEP * (i + 1)).isoformat() for i in range(len(record.actions))]
    update = {"created": begun.isoformat(), "times": times}
    if times and GAMES[record.game].is_over(Session(GAMES[record.game], record).state):
        update["ended"] = update["changed"] = times[-1]
    return record.model_copy(update=update)


def stored(store: Store, record: GameRecord) -> int:
    ((game_id, _new),) = store.once.import_games([replayed(dated(record))])
    return game_id


def decoded(url: str, base: str = WEB_URL) -> dict:
    parts = urlsplit(url)
    assert url.startswith(base + "?data=")
    (data,) = parse_qs(parts.query, strict_parsing=True)["data"]
    return json.loads(data)


def assert_documented(play: dict) -> None:
    """Only the documented fields, each of its documented type (True is not an int)."""
    for fields, value in (
        (PLAY_FIELDS, play),
        (GAME_FIELDS, play["game"]),
        *((PLAYER_FIELDS, p) for p in play["players"]),
    ):
        assert set(value) <= set(fields)
        for name, item in value.items():
            assert type(item) is fields[name], (name, item)
    assert {"sourceName", "sourcePlayId", "playDate", "game", "players"} <= set(play)
    assert {"name", "sourceGameId", "highestWins", "noPoints"} <= set(play["game"])
    for p in play["players"]:
        assert {"name", "sourcePlayerId", "rank", "winner", "startPlayer"} <= set(p)
    assert PLAY_DATE.fullmatch(play["playDate"])


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "referee.db")
    yield s
    s.close()


@pytest.mark.parametrize("kind", list(GAMES))
def test_every_games_play_holds_to_bgstats_fields_and_its_results(store, kind):
    rules = GAMES[kind]
    for seed in range(3):
        record = random_ending(kind, seed)
        game_id = stored(store, record)
        result = store.results.of(game_id)
        play = decoded(play_url(logged_play(store, game_id)))
        assert_documented(play)
        log = rules.play_log
        assert play["sourceName"] == "referee"
        assert play["game"] == {
            "name": rules.title,
            "sourceGameId": kind,
            "highestWins": log.highest_wins,
            "noPoints": not log.scored,
        }  # and no bggId: none of the games has a published one (README)
        assert [p["name"] for p in play["players"]] == list(result.players)
        assert [p["rank"] for p in play["players"]] == list(result.places)
        assert [p["winner"] for p in play["players"]] == [r == 1 for r in result.places]
        assert any(p["winner"] for p in play["players"])
        if log.scored:
            assert [p["score"] for p in play["players"]] == list(result.points)
        else:
            assert all("score" not in p for p in play["players"])
        seats = seat_fields(rules.options_model)
        starts = [p["startPlayer"] for p in play["players"]]
        if seats:  # the first dealer or first Liar, and only they
            first = getattr(rules.parse_options(record.options), seats[0])
            assert starts == [seat == first for seat in range(len(starts))]
        else:  # no rule of the game names a first seat: nobody is said to start
            assert not any(starts)
        minutes = (len(record.actions) - 1) * STEP.total_seconds() / 60
        assert abs(play["durationMin"] - max(1, minutes)) <= 0.5
        assert play["comments"] == result.summary


def test_the_app_scheme_carries_the_same_play(store):
    game_id = stored(store, random_ending("faeker", 1))
    play = logged_play(store, game_id)
    assert decoded(play_url(play, app=True), APP_URL) == play


def test_a_name_any_character_survives_the_url(store):
    record = random_ending("faeker", 2, players=("Zoë & Ana", "Bo?=#+", "李"))
    game_id = stored(store, record)
    play = decoded(play_url(logged_play(store, game_id)))
    assert [p["name"] for p in play["players"]] == ["Zoë & Ana", "Bo?=#+", "李"]


class TestTies:
    def test_tied_players_share_a_rank_and_the_next_rank_is_skipped(self, store):
        # Cy takes every round: Ana and Bo tie for second with no cubes.
        game_id = stored(store, one_takes_every_round(("Ana", "Bo", "Cy"), "Cy").record())
        play = decoded(play_url(logged_play(store, game_id)))
        assert_documented(play)
        assert [(p["rank"], p["winner"]) for p in play["players"]] == [
            (2, False),
            (2, False),
            (1, True),
        ]

    def test_a_shared_win_is_a_winner_for_each(self, store):
        s = deceptidice_rulings.TestEnd().ana_loses_until_the_end()
        game_id = stored(store, s.record())
        play = decoded(play_url(logged_play(store, game_id)))
        assert_documented(play)
        assert [(p["rank"], p["winner"]) for p in play["players"]] == [
            (4, False),
            (1, True),
            (1, True),
            (1, True),
        ]


class TestTheSamePlay:
    def test_logging_twice_gives_the_same_play_and_players(self, store):
        game_id = stored(store, random_ending("fairy", 0))
        assert logged_play(store, game_id) == logged_play(store, game_id)

    def test_a_game_exported_and_imported_elsewhere_is_the_same_play(self, store, tmp_path):
        game_id = stored(store, random_ending("fairybucks", 0))
        exported = store.load(game_id).record
        other = Store(tmp_path / "other.db")
        try:
            ((again, _new),) = other.once.import_games([replayed(exported)])
            here, there = logged_play(store, game_id), logged_play(other, again)
        finally:
            other.close()
        assert there["sourcePlayId"] == here["sourcePlayId"]
        assert [p["sourcePlayerId"] for p in there["players"]] == [
            p["sourcePlayerId"] for p in here["players"]
        ]

    def test_two_games_are_two_plays_and_a_player_is_one_player(self, store):
        first = stored(store, random_ending("faeker", 0))
        record = dated(random_ending("faeker", 1), BEGUN + timedelta(hours=1))
        ((second, _new),) = store.once.import_games([replayed(record)])
        a, b = logged_play(store, first), logged_play(store, second)
        assert a["sourcePlayId"] != b["sourcePlayId"]
        assert [p["sourcePlayerId"] for p in a["players"]] == [
            p["sourcePlayerId"] for p in b["players"]
        ]
        assert len({p["sourcePlayerId"] for p in a["players"]}) == 3


class TestWhen:
    def test_the_date_is_the_first_actions_in_the_tables_local_time(self, store):
        game_id = stored(store, random_ending("faeker", 0))
        berlin = logged_play(store, game_id, tz=ZoneInfo("Europe/Berlin"))
        assert berlin["playDate"] == "2026-03-06 19:30:20"  # 18:30:20 UTC, winter time
        local = logged_play(store, game_id)  # this machine's own zone
        assert local["playDate"] == (BEGUN + STEP).astimezone().strftime("%Y-%m-%d %H:%M:%S")

    def test_without_action_times_the_date_is_when_it_began_and_no_duration(self, store):
        record = dated(random_ending("faeker", 0)).model_copy(update={"times": None})
        ((game_id, _new),) = store.once.import_games([replayed(record)])
        play = logged_play(store, game_id, tz=UTC)
        assert play["playDate"] == "2026-03-06 18:30:00"
        assert "durationMin" not in play


class TestCannotBeLogged:
    def test_a_game_without_a_winner_yet_says_why(self, store):
        record = GameRecord(
            game="faeker", players=["Ana", "Bo"], actions=[{"type": "top_card", "card": 3}]
        )
        game_id = stored(store, record)
        with pytest.raises(NotLoggable) as refused:
            logged_play(store, game_id)
        assert refused.value.reason == (
            f"Game {game_id} (Fae-ker) is not over yet: BG Stats logs a play once it has a winner."
        )

    def test_a_game_not_saved_says_so(self, store):
        with pytest.raises(NotLoggable, match="There is no saved game 42"):
            logged_play(store, 42)

    def test_all_the_plays_are_the_finished_games(self, store):
        done = stored(store, random_ending("faeker", 0))
        going = GameRecord(game="faeker", players=["Ana", "Bo"])
        stored(store, going)
        plays, refused = logged_plays(store, None)
        assert [p["sourcePlayId"] for p in plays] == [logged_play(store, done)["sourcePlayId"]]
        assert refused == []


def test_a_known_bgg_id_is_sent_as_a_number(store, monkeypatch):
    rules = GAMES["fairy"]
    monkeypatch.setattr(rules, "play_log", PlayLog(bgg_id=123456))
    game_id = stored(store, random_ending("fairy", 0))
    play = decoded(play_url(logged_play(store, game_id)))
    assert_documented(play)
    assert play["game"]["bggId"] == 123456
