"""What now? agrees with the rules in every state random play reaches, for every game.

The contract test's random tables (`tables`) are played with the rules' own menu
(`rules.draw`): in each state, every allowed move's example is accepted by `apply`, every
refused move's example is refused, and the reason shown is the refusal's own message. And
every sentence it says is one a player reads: no ruling id, no "(s)", no word of the app's
own controls, and each ruling it cites says whose rule it is."""

import json
import os
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.errors import RefereeError
from referee.core.whatnow import what_now
from referee.games import GAMES
from referee.ui.whatnow_panel import sections
from tests.contract import per_game
from tests.contract.test_random_play import tables
from tests.player_words import WHOSE, slips

GAMES_PER_KIND = int(os.environ.get("REFEREE_WHATNOW_GAMES", "36"))
MAX_STEPS = 120
STATES_CHECKED: Counter = Counter()


def refusal(rules, state, action) -> str | None:
    try:
        rules.apply(state, action)
    except RefereeError as exc:
        return exc.reason
    return None


def check_what_now(rules, state) -> None:
    told = what_now(rules, state)
    assert told.headline
    said = told.as_json()  # the command line prints it
    json.dumps(said)
    moves = (*told.allowed, *told.refused)
    for move, shown in zip(moves, said["allowed"] + said["not_allowed"], strict=True):
        assert rules.parse_action(shown["example"]) == move.example  # a record's action
    for move in told.allowed:
        assert move.example is not None, move
        assert rules.offers(state, move.example), move
        assert refusal(rules, state, move.example) is None, move
    for move in told.refused:
        assert move.example is not None, move
        assert not rules.offers(state, move.example), move
        assert move.reason is not None and refusal(rules, state, move.example) == move.reason
    for move in (*told.allowed, *told.refused):
        if move.ruling is not None:
            rules.rulings[move.ruling]  # a ruling the game has
    check_words(told, said)
    if rules.is_over(state):
        assert not told.allowed
    else:
        assert told.allowed, told.headline  # a game that goes on always allows something
    STATES_CHECKED[rules.kind] += 1


def sentences(told) -> list[str]:
    """Every sentence What now? draws: the headline, the moves, their reasons and rulings,
    what comes next and its ruling, the facts, and what each player may choose."""
    out = [told.headline, *told.facts, told.next or ""]
    for move in (*told.allowed, *told.refused):
        out += [move.sentence, move.reason or ""]
    cited = [m.cited for m in (*told.allowed, *told.refused) if m.cited] + [told.next_cited]
    out += [c.words for c in cited if c] + [c.short for c in cited if c]
    out += [label for _player, labels in told.choosing for label in labels]
    for compact in (False, True):  # as the panel draws it, in full and under a status line
        for section in sections(told, compact):
            out += [section.title or ""]
            out += [t for line in section.lines for t in (line.text, line.reason, line.ruling)]
    return [s for s in out if s]


def check_words(told, said: dict) -> None:
    for sentence in sentences(told):
        assert not slips(sentence), (slips(sentence), sentence)
    for move in (*told.allowed, *told.refused):
        assert (move.cited is None) == (move.ruling is None), move
        if move.cited:
            assert move.cited.words.startswith(WHOSE), move.cited.words
            assert move.cited.short.split(" — ", 1)[1].startswith(tuple(w.lower() for w in WHOSE))
    for shown in said["allowed"] + said["not_allowed"]:
        if shown["ruling"] is not None:  # the JSON says whose it is, as a field
            assert shown["ruling_whose"]["whose"] in ("printed", "reading", "house"), shown
    if told.next_cited:
        assert said["next_ruling"]["whose"] == told.next_cited.source
    lower = tuple(w.lower() for w in WHOSE)
    for section in sections(told):  # drawn: each ruling's line, or its sentence, says whose
        for line in section.lines:
            if line.ruling:
                short = " — " in line.ruling and line.ruling.split(" — ", 1)[1].startswith(lower)
                above = any(w in line.text for w in lower)
                assert line.ruling.startswith(WHOSE) or short or above, line


@pytest.fixture(scope="module", autouse=True)
def report_states():
    yield
    out = Path(__file__).resolve().parents[2] / "test-artifacts"
    out.mkdir(exist_ok=True)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    (out / f"whatnow-states-{worker}.json").write_text(json.dumps(dict(STATES_CHECKED)))
    print(f"\nWhat now? states checked: {dict(STATES_CHECKED)}")


@per_game
def test_what_now_agrees_with_the_rules_in_random_play(kind):
    rules = GAMES[kind]

    @settings(
        max_examples=GAMES_PER_KIND,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
        database=None,
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
            check_what_now(rules, state)
            action = rules.draw(state, rng)
            if action is None:
                break
            state, _ = rules.apply(state, action)

    play()
