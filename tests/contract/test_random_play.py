"""Random play of every game through the flow contract, a real KeptSession and a real Store.

Moves are drawn from the contract's own menu (`rules.draw`), mixed with mutated moves that
are usually illegal. For every state reached the contract and `apply` must agree both
ways: what the menu offers is accepted, and what `apply` accepts was on the menu. Undo,
redo and reopening the store are interleaved, and the stored record must always replay
to the same game. REFEREE_GAMES_PER_KIND sets the number of games (60 by default, to
keep the suite short; set it higher for a deeper run).
"""

import json
import os
import random
import typing
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.errors import RefereeError
from referee.core.record import GameRecord
from referee.core.session import Session
from referee.games import GAMES
from referee.live.kept_session import KeptSession
from referee.storage.store import Store
from tests.contract import per_game

GAMES_PER_KIND = int(os.environ.get("REFEREE_GAMES_PER_KIND", "60"))
MAX_STEPS = 150
STATES_CHECKED: Counter = Counter()


def option_values(field, players: int):
    """A strategy for one options field, read from its type and bounds, so a new game's
    options need nothing here."""
    extra = field.json_schema_extra or {}
    annotation = field.annotation
    if isinstance(extra, dict) and extra.get("seat"):
        return st.integers(0, players - 1)
    if annotation is bool:
        return st.booleans()
    if typing.get_origin(annotation) is typing.Literal:
        return st.sampled_from(typing.get_args(annotation))
    if annotation is str:
        return st.sampled_from(["", "Series"])
    low = next((m.ge for m in field.metadata if hasattr(m, "ge")), 0)
    high = next((m.le for m in field.metadata if hasattr(m, "le")), low + 20)
    numbers = st.integers(low, high)
    return st.one_of(st.none(), numbers) if type(None) in typing.get_args(annotation) else numbers


@st.composite
def tables(draw, rules):
    n = draw(st.integers(rules.min_players, rules.max_players))
    options = {
        name: draw(option_values(field, n))
        for name, field in rules.options_model.model_fields.items()
    }
    return [f"P{i}" for i in range(n)], options


def mutate(value, rng: random.Random, players):
    """A copy of an action's JSON with one thing changed: often illegal, sometimes not."""
    if isinstance(value, dict):
        keys = [k for k in value if k != "type"] or list(value)
        key = rng.choice(keys)
        return {**value, key: mutate(value[key], rng, players)}
    if isinstance(value, list):
        if not value:
            return [rng.randint(0, 10)]
        roll = rng.random()
        if roll < 0.3:
            return value[:-1]
        if roll < 0.5:
            return [*value, rng.choice(value)]
        i = rng.randrange(len(value))
        return [*value[:i], mutate(value[i], rng, players), *value[i + 1 :]]
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + rng.choice([-2, -1, 1, 2])
    if isinstance(value, str):
        return rng.choice([*players, "Nobody", value[:-1] or "x"])
    return value


def assert_same_game(table: KeptSession, store: Store) -> None:
    stored = store.load(table.game_id)
    replayed = Session(table.rules, stored.record, stored.redo)
    assert replayed.state == table.state
    assert replayed.redo_actions == table.session.redo_actions


def check_contract_both_ways(session: Session, rng: random.Random) -> None:
    rules, state = session.rules, session.state
    for _ in range(3):
        offered = rules.draw(state, rng)
        if offered is None:
            break
        assert rules.offers(state, offered), offered
        session.verify(offered)  # raises if apply refuses what the menu offered
        for _ in range(2):
            raw = mutate(offered.model_dump(mode="json"), rng, state.players)
            try:
                parsed = rules.parse_action(raw)
            except RefereeError:
                continue
            assert session.can(parsed) == rules.offers(state, parsed), raw
    seats = rules.to_act(state)
    options = {seat: rules.pick_options(state, seat) for seat in seats}
    if seats and all(options.values()):
        # Simultaneous choices gathered seat by seat (as devices lock them) make an action
        # the menu judges exactly as apply does.
        picks = {seat: rng.choice(values) for seat, values in options.items()}
        for seat, value in picks.items():
            rules.verify_pick(state, seat, value)
        gathered = rules.gather(state, picks)
        assert session.can(gathered) == rules.offers(state, gathered), gathered
    STATES_CHECKED[rules.kind] += 1


@pytest.fixture(scope="module", autouse=True)
def report_states():
    yield
    out = Path(__file__).resolve().parents[2] / "test-artifacts"
    out.mkdir(exist_ok=True)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    (out / f"contract-states-{worker}.json").write_text(json.dumps(dict(STATES_CHECKED)))


@per_game
def test_random_play_agrees_with_the_contract(kind, tmp_path_factory):
    rules = GAMES[kind]

    @settings(
        max_examples=GAMES_PER_KIND,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
        database=None,
    )
    @given(setup=tables(rules), seed=st.integers(0, 2**32 - 1))
    def play(setup, seed):
        players, options = setup
        rng = random.Random(seed)
        path = tmp_path_factory.mktemp(kind) / "referee.db"
        store = Store(path)
        try:
            table = KeptSession.new(store, GameRecord(game=kind, players=players, options=options))
        except RefereeError:
            store.close()
            return  # options this table cannot use (e.g. an item deck too small)
        try:
            for _ in range(MAX_STEPS):
                state = table.state
                assert rules.audit(state) == [], rules.audit(state)
                if rules.is_over(state):
                    assert rules.outcome(state) is not None
                    assert rules.draw(state, rng) is None
                    assert rules.to_act(state) == ()
                    if rng.random() < 0.7:
                        break
                else:
                    assert rules.outcome(state) is None
                    check_contract_both_ways(table.session, rng)
                roll = rng.random()
                if roll < 0.06 and table.session.can_undo:
                    table.undo()
                elif roll < 0.10 and table.session.can_redo:
                    table.redo()
                elif roll < 0.13:
                    store.close()
                    store = Store(path)
                    table = KeptSession.resume(store, table.game_id)
                elif roll < 0.25:
                    bad = mutate(
                        (
                            rules.draw(state, rng)
                            or rules.parse_action(table.session.record().actions[-1])
                        ).model_dump(mode="json")
                        if table.session.steps or not rules.is_over(state)
                        else {"type": "nothing"},
                        rng,
                        state.players,
                    )
                    before = (table.state, len(table.session.steps), table.session.redo_actions)
                    try:
                        table.play(bad)
                    except RefereeError:
                        after = (table.state, len(table.session.steps), table.session.redo_actions)
                        assert after == before
                        assert_same_game(table, store)
                    else:
                        assert_cites_known_rulings(table)
                elif not rules.is_over(state):
                    table.play(rules.draw(state, rng))
                    assert_cites_known_rulings(table)
            assert_same_game(table, store)
        finally:
            store.close()

    play()


def assert_cites_known_rulings(table: KeptSession) -> None:
    verdict = table.session.verdicts[-1]
    assert verdict.rulings, verdict.headline
    for ruling in verdict.rulings:
        table.rules.rulings[ruling]
