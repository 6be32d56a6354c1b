"""Statistics computed from the store always equal those computed by replaying every
stored game: over random games of all five kinds (drawn as the random-play test draws
them, most played to the end), imported in batches, then changed at random by actions,
undo after the end, redo, edits of the log, restored versions, deletes, more imports and
renamed players. REFEREE_STATS_CASES sets the number of random databases (20 here).
"""

import os
import random
import sqlite3
from collections import Counter
from datetime import UTC, datetime

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.errors import RefereeError
from referee.core.record import GameRecord
from referee.core.session import Session
from referee.games import GAMES
from referee.history.stats import PERIODS, statistics
from referee.live.kept_session import KeptSession
from referee.storage.results import GameResult
from referee.storage.store import Store
from tests.contract.test_random_play import tables

CASES = int(os.environ.get("REFEREE_STATS_CASES", "20"))
MAX_STEPS = 600
CHANGES: Counter = Counter()
NAMES = ["Ana", "Bo", "Cy", "Dee", "Ed", "Fae", "Gus", "Hal", "Ida", "Jo", "Kit", "Lu"]


def finished_record(data, rng: random.Random) -> GameRecord | None:
    """A game of a random kind and table, played from the rules' own menu (to the end,
    unless MAX_STEPS come first); None for options this table cannot use."""
    kind = rng.choice(sorted(GAMES))
    rules = GAMES[kind]
    seats, options = data.draw(tables(rules))
    players = rng.sample(NAMES, len(seats))  # a few names, so players meet again
    try:
        session = Session(rules, GameRecord(game=kind, players=players, options=options))
    except RefereeError:
        return None
    for _ in range(MAX_STEPS):
        action = rules.draw(session.state, rng)
        if action is None:
            break
        session.play(action)
    return session.record()


def from_store(store: Store) -> list[GameResult]:
    return store.results.all()


def by_replay(store: Store) -> list[GameResult]:
    """The same results, each game replayed from its log (times are the store's: a log
    has none)."""
    times = {
        gid: (created, ended)
        for gid, created, ended in store._conn.execute("SELECT id, created, ended FROM games")
    }
    out = []
    for listed in sorted(store.list_games(), key=lambda g: g.id):
        stored = store.load(listed.id)
        rules = GAMES[stored.record.game]
        standing = rules.standing(Session(rules, stored.record, stored.redo).state)
        created, ended = times[listed.id]
        assert (ended is not None) == standing.finished, "an ending without its time"
        out.append(
            GameResult(
                id=listed.id,
                kind=stored.record.game,
                players=tuple(stored.record.players),
                points=standing.points,
                places=standing.places,
                created=created,
                ended=ended,
                actions=len(stored.record.actions),
                summary=standing.summary,
            )
        )
    return out


def assert_same_statistics(store: Store) -> None:
    stored, replayed = from_store(store), by_replay(store)
    assert stored == replayed
    now = datetime.now(UTC)
    for kind in [None, *sorted({g.kind for g in stored})]:
        for period in PERIODS:
            assert statistics(stored, kind, period, now, UTC) == statistics(
                replayed, kind, period, now, UTC
            ), (kind, period)


def change_at_random(store: Store, rng: random.Random, records: list[GameRecord]) -> str:
    """One change of a random stored game, as a player (or a club) would make it."""
    ids = [g.id for g in store.list_games()]
    if not ids:
        store.create_games([(r, _standing(r)) for r in rng.sample(records, 1)])
        return "import"
    table = KeptSession.resume(store, rng.choice(ids))
    roll = rng.random()
    session = table.session
    if roll < 0.25 and session.can_undo:
        over = session.is_over
        table.undo()
        return "undo after the end" if over else "undo"
    if roll < 0.35 and session.can_redo:
        table.redo()
        return "redo"
    if roll < 0.45 and not session.is_over:
        table.play(table.rules.draw(table.state, rng))
        return "action"
    if roll < 0.60 and session.steps:
        actions = session.record().actions
        cut = rng.randrange(len(actions) + 1)
        table.replace(actions[:cut], [], "An edit")
        return "edit"
    if roll < 0.68 and store.log.versions(table.game_id):
        table.restore_version(rng.choice(store.log.versions(table.game_id))["id"])
        return "restore"
    if roll < 0.78:
        store.delete_game(table.game_id)
        return "delete"
    if roll < 0.90:
        batch = rng.sample(records, min(len(records), rng.randint(1, 3)))
        store.create_games([(r, _standing(r)) for r in batch])
        return "import"
    old, new = rng.choice(table.state.players), rng.choice([*NAMES, "Zoe"])
    try:
        store.renaming.rename(old, new)
    except RefereeError:
        return "refused rename"
    return "rename"


def _standing(record: GameRecord):
    rules = GAMES[record.game]
    return rules.standing(Session(rules, record).state)


def test_statistics_from_the_store_equal_statistics_by_replay(tmp_path_factory):
    @settings(
        max_examples=CASES,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
        database=None,
    )
    @given(data=st.data(), seed=st.integers(0, 2**32 - 1))
    def check(data, seed):
        rng = random.Random(seed)
        records = [r for r in (finished_record(data, rng) for _ in range(6)) if r is not None]
        store = Store(tmp_path_factory.mktemp("stats") / "referee.db")
        try:
            store.create_games([(r, _standing(r)) for r in records])
            assert_same_statistics(store)
            for _ in range(12):
                CHANGES[change_at_random(store, rng, records)] += 1
                assert_same_statistics(store)
        finally:
            store.close()

    check()
    for change in ("undo after the end", "edit", "delete", "import", "rename"):
        assert CHANGES[change], f"no {change} was tried: {dict(CHANGES)}"


def test_the_store_reopened_keeps_the_same_statistics(tmp_path):
    """Results are stored, not kept in memory: a new process reads the same figures."""
    rng = random.Random(5)
    path = tmp_path / "referee.db"
    store = Store(path)
    for kind in sorted(GAMES):
        rules = GAMES[kind]
        players = NAMES[: max(rules.min_players, 3)]
        table = KeptSession.new(store, GameRecord(game=kind, players=players))
        while not table.session.is_over:
            table.play(rules.draw(table.state, rng))
        table.undo()
        table.redo()
    before = store.results.all()
    store.close()
    again = Store(path)
    assert again.results.all() == before and all(g.finished for g in before)
    assert_same_statistics(again)
    again.close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM results").fetchone()[0] == sum(
            len(g.players) for g in before
        )
