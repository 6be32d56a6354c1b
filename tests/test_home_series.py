"""The home screen adds up a series from each game's stored points: no game is replayed."""

import random
import time

import pytest

import referee.history.series_totals as series_module
from referee.core.record import GameRecord
from referee.core.series import series_totals
from referee.core.session import Session
from referee.games import GAMES
from referee.live.kept_session import KeptSession
from referee.storage.store import Store

RULES = GAMES["fairybucks"]


def played(store, players, steps, seed, **options):
    table = KeptSession.new(store, GameRecord(game="fairybucks", players=players, options=options))
    rng = random.Random(seed)
    for _ in range(steps):
        if RULES.is_over(table.state):
            break
        table.play(RULES.draw(table.state, rng))
    return table


def test_series_totals_come_from_the_summaries_without_a_replay(tmp_path, monkeypatch):
    store = Store(tmp_path / "referee.db")
    tables = [
        played(store, ["Ana", "Bo", "Cy"], 30, 1, series="Cup"),
        played(store, ["Bo", "Cy", "Dee"], 40, 2, series="Cup"),
        played(store, ["Ana", "Bo"], 10, 3),
    ]
    expected = series_totals(RULES, [t.state for t in tables[:2]])

    def no_replay(*_a, **_k):
        raise AssertionError("the home screen replayed a game")

    monkeypatch.setattr(series_module, "Session", no_replay)
    started = time.perf_counter()
    series = series_module.stored_series(store, store.list_games())
    assert time.perf_counter() - started < 0.1
    assert series == [("Fairy Bucks: Cup", 2, expected)]
    store.close()


@pytest.mark.parametrize("count", [1000])
def test_a_thousand_games_are_listed_and_added_up_quickly(tmp_path, count):
    store = Store(tmp_path / "referee.db")
    table = played(store, ["Ana", "Bo", "Cy"], 20, 4, series="Big")
    record, state = table.session.record(), table.state
    for _ in range(count - 1):
        store.create_game(record, RULES.summary(state), RULES.points(state))
    games = store.list_games()  # the store's own listing is timed by its tests
    started = time.perf_counter()
    series = series_module.stored_series(store, games)
    took = time.perf_counter() - started
    assert len(games) == count
    points = RULES.points(Session(RULES, record).state)
    assert series[0][2] == {n: p * count for n, p in zip(record.players, points, strict=True)}
    # About 5 ms alone; seen at 0.104 s once with both cores busy. Replaying 1,000 games
    # would take seconds, so half a second still tells the two apart.
    assert took < 0.5, took
    store.close()


def _panel(control) -> bool:
    """A game's panel on the home screen."""
    return str(getattr(control, "key", None) or "").startswith("game-")


def test_a_long_list_shows_a_page_of_tiles_a_section_and_a_button_for_the_rest(tmp_path):
    import flet as ft

    from referee.ui.screens.home.view import HOME_PAGE, home_view

    store = Store(tmp_path / "referee.db")
    table = played(store, ["Ana", "Bo", "Cy"], 20, 4)
    record, state = table.session.record(), table.state
    for _ in range(44):
        store.create_game(record, RULES.summary(state), RULES.points(state))
    games = store.list_games()
    store.close()
    more = []

    def view(limit):
        return home_view(
            games,
            [],
            on_new=None,
            on_import=None,
            on_open=None,
            on_delete=None,
            limit=limit,
            on_more=lambda: more.append(1),
        )

    def walk(control):
        yield control
        for attr in ("content", "controls"):
            child = getattr(control, attr, None)
            for c in child if isinstance(child, list) else [child]:
                if isinstance(c, ft.Control):
                    yield from walk(c)

    active = sum(not g.finished for g in games)
    finished = len(games) - active
    assert active > 2 * HOME_PAGE and finished < HOME_PAGE

    first = list(walk(view(HOME_PAGE)))
    assert sum(_panel(c) for c in first) == HOME_PAGE + finished
    button = next(c for c in first if getattr(c, "identifier", None) == "more-in progress")
    rest = active - HOME_PAGE
    assert f"Show {HOME_PAGE} more ({rest} in progress not shown)" in str(button.content.content)
    more_tiles = sum(_panel(c) for c in walk(view(2 * HOME_PAGE)))
    assert more_tiles == 2 * HOME_PAGE + finished
    everything = list(walk(view(len(games))))
    assert sum(_panel(c) for c in everything) == 45
    assert not any(getattr(c, "identifier", "") == "more-in progress" for c in everything)
