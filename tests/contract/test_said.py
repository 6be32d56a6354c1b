"""Every logged action has words of its own (`GameRules.said`), for every game and every
kind of action: the log gives each one a line ("Bo passes", "Ana shows 2, 3, 5, 5, 6",
"Cy plays 7♣"), and the log editor's check says a change in them ("Ana's card: A♣ → A♦").

Played as the contract's random play is (`tables`, `rules.draw`), so a new game or a new
kind of action is held to it with nothing to add here."""

import os
import random
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.errors import RefereeError
from referee.core.said import Said, change_text
from referee.games import GAMES
from tests.contract import per_game
from tests.contract.test_random_play import tables

GAMES_PER_KIND = int(os.environ.get("REFEREE_SAID_GAMES", "40"))
MAX_STEPS = 120
# What a line a player reads never holds: a field's raw value, a model's brackets, None.
RAW = re.compile(r"[{}\[\]_]|\bNone\b|\btype\b")


def action_kinds(rules) -> set[type]:
    return {t for allowed in rules.phases.values() for t in allowed}


def check_said(rules, state, action) -> None:
    said = rules.said(state, action)
    assert isinstance(said, Said), said
    line = said.line
    assert line.strip() and line != action.label, (action, line)
    assert not RAW.search(line), line
    player = getattr(action, "player", None)
    if player is not None:
        assert player in line, (action, line)  # whose move it was
    names = [name for name, _ in said.parts]
    assert len(set(names)) == len(names), said.parts
    for name, value in said.parts:
        assert value and not RAW.search(f"{name} {value}"), said.parts
    assert change_text(said, said) == f"{line} (unchanged)"
    picks = rules.picks_in(state, action)
    if picks:
        # Everyone's pick in an action gathered from picks: each is named, and gathering
        # them again makes the same picks (the editor starts from them).
        assert rules.picks_in(state, rules.gather(state, picks)) == picks
        for seat in picks:
            assert state.players[seat] in line, (line, seat)


@per_game
def test_every_kind_of_action_has_a_line_of_its_own_in_random_play(kind):
    rules = GAMES[kind]
    seen: set[type] = set()

    @settings(
        max_examples=GAMES_PER_KIND,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
        database=None,
        derandomize=True,  # the kinds of action every run must meet are the same ones
    )
    @given(setup=tables(rules), seed=st.integers(0, 2**32 - 1))
    def play(setup, seed):
        players, options = setup
        rng = random.Random(seed)
        try:
            state = rules.new_state(players, rules.parse_options(options))
        except RefereeError:
            return  # options this table cannot use
        for _ in range(MAX_STEPS):
            action = rules.draw(state, rng)
            if action is None:
                break
            check_said(rules, state, action)
            seen.add(type(action))
            state, _ = rules.apply(state, action)

    play()
    assert seen == action_kinds(rules), action_kinds(rules) - seen
