"""The grammar a recogniser listens for comes from the rules (`core/spoken.grammar`): in
random play, every phrase it offers means one move that the menu holds (`offers`, a pick in
`pick_options`), and every move the menu offers (drawn by `rules.draw`) has a phrase.

Played as the contract's random play is (`tables`, `rules.draw`), so a new game is held to
it as soon as its folder has a `spoken.py`."""

import itertools
import os
import random

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from referee.core.errors import RefereeError
from referee.core.spoken import PickMove, Slot, TableWord, grammar
from referee.games import GAMES
from tests.contract import per_game
from tests.contract.test_random_play import tables

GAMES_PER_KIND = int(os.environ.get("REFEREE_SPOKEN_GAMES", "12"))
MAX_STEPS = 80
DRAWS_PER_STATE = 6
SAYINGS_PER_STATE = 480


def _nodes(value):
    """Every value inside an action (its fields, their items), to search a form's slots."""
    yield value
    if isinstance(value, BaseModel):
        for name in type(value).model_fields:
            yield from _nodes(getattr(value, name))
    elif isinstance(value, tuple | list):
        for item in value:
            yield from _nodes(item)


def has_phrase(g, action) -> bool:
    inside = list(_nodes(action))
    for form in g.forms:
        slots = form.slots()
        narrowed = [[v for _, v in s.options if any(v == n for n in inside)] for s in slots]
        for combo in itertools.islice(itertools.product(*narrowed), 20000):
            if form.build(*combo) == action:
                return True
    return False


def check_phrases(rules, state, g, rng) -> None:
    waiting = rules.to_act(state)
    # Some phrases of every form, about as many in a state of many forms (a Deceptidice
    # guess) as in one of few: each is parsed against every form.
    limit = max(3, SAYINGS_PER_STATE // len(g.forms))
    for form in g.forms:
        for words, move in form.sayings(rng, limit=limit):
            assert g.parse(words) == [move], (words, g.parse(words))
            if isinstance(move, TableWord):
                continue
            if isinstance(move, PickMove):
                assert move.seat in waiting
                assert move.value in rules.pick_options(state, move.seat), (words, move)
            elif not form.checked:
                assert rules.offers(state, move), (words, move)
        for part in form.parts:
            if isinstance(part, Slot):
                assert all(w.isalpha() and w.islower() for s, _ in part.options for w in s)


def check_moves(rules, state, g, rng) -> None:
    for _ in range(DRAWS_PER_STATE):
        action = rules.draw(state, rng)
        if action is None:
            return
        picks = rules.picks_in(state, action)
        if picks:
            moves = {m for _, m in g.sayings() if isinstance(m, PickMove)}
            for seat, value in picks.items():
                assert PickMove(seat, value) in moves, (seat, value)
        elif rules.speech.says(action):
            assert has_phrase(g, action), action


def spoken_games():
    return [kind for kind in sorted(GAMES) if getattr(GAMES[kind], "speech", None)]


def test_every_game_of_the_registry_says_its_moves():
    assert {"faeker", "fairy", "fairybucks", "faj", "deceptidice"} <= set(spoken_games())


@per_game
def test_every_phrase_is_a_legal_move_and_every_legal_move_has_a_phrase(kind):
    rules = GAMES[kind]
    if getattr(rules, "speech", None) is None:
        return  # a game of a test (tests/sixth_game) with no words of its own

    @settings(
        max_examples=GAMES_PER_KIND,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
        database=None,
        derandomize=True,
        phases=[Phase.explicit, Phase.generate],  # a failure is read, not shrunk
    )
    @given(setup=tables(rules), seed=st.integers(0, 2**32 - 1))
    def play(setup, seed):
        players, options = setup
        rng = random.Random(seed)
        try:
            state = rules.new_state(players, rules.parse_options(options))
        except RefereeError:
            return
        for _ in range(MAX_STEPS):
            g = grammar(rules, state)
            check_phrases(rules, state, g, rng)
            check_moves(rules, state, g, rng)
            action = rules.draw(state, rng)
            if action is None:
                break
            state, _ = rules.apply(state, action)

    play()
