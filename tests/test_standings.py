"""The standings of a finished game, read from the session's own steps."""

import random

import pytest

from referee.core.record import GameRecord
from referee.core.session import Session
from referee.games import GAMES
from referee.ui.result.facts import ordinal
from referee.ui.screens.standings.panels import place_lines, score_history, standings_panel


def finished(kind: str, seed: int = 3) -> Session:
    rules, rng = GAMES[kind], random.Random(seed)
    session = Session(rules, GameRecord(game=kind, players=["Ana", "Bo", "Cy", "Dee"]))
    for _ in range(3000):
        if session.is_over:
            return session
        session.play(rules.draw(session.state, rng))
    raise AssertionError(f"{kind} did not end")


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_history_ends_at_the_final_points_and_places_list_every_seat(kind):
    session = finished(kind)
    history = score_history(session)
    assert history[0] == ("Start", tuple(session.rules.points(session.initial)))
    assert history[-1][1] == tuple(session.rules.points(session.state))
    # One row per decisive verdict; the action right after a verdict marked `scored_next`
    # (a Deceptidice discard) fills that verdict's row instead of opening one.
    steps = session.steps
    opening = [
        step
        for before, step in zip([None, *steps], steps, strict=False)
        if step.verdict.decisive and not (before and before.verdict.scored_next)
    ]
    assert len(history) == len(opening) + 1
    lines = place_lines(session)
    outcome = session.rules.outcome(session.state)
    assert sorted(seat for seat, _t, _tied in lines) == [0, 1, 2, 3]
    assert {seat for seat, _t, _tied in lines[: len(outcome.winners)]} == set(outcome.winners)
    assert lines[0][1].startswith("1st")
    assert standings_panel(session) is not None


def test_a_fairy_bucks_finale_keeps_its_own_row_after_a_lot_that_moved_nothing():
    """Seed 0: the last lot changes no points, then the castle gives Bo a point at the
    finale. (Random play draws by the rules: a rule that changes what it may draw, such as
    the last lot being a short one, changes the game a seed gives.)"""
    session = finished("fairybucks", seed=0)
    rules = session.rules
    after_each = [tuple(rules.points(s.state)) for s in session.steps if s.verdict.decisive]
    assert after_each[-2] == after_each[-3]  # the case: a lot that moved no points
    assert [row for _label, row in score_history(session)[1:]] == after_each


def test_deceptidice_has_one_row_per_round_with_the_cards_after_the_discard():
    """The challenge verdict moves no cards; the loser's discard right after it does."""
    from referee.games.deceptidice.model import Discard

    session = finished("deceptidice")
    after_discards = [
        tuple(session.rules.points(step.state))
        for step in session.steps
        if isinstance(step.action, Discard)
    ]
    assert [row for _label, row in score_history(session)[1:]] == after_discards


def test_a_game_in_progress_has_no_standings():
    session = Session(GAMES["faeker"], GameRecord(game="faeker", players=["Ana", "Bo"]))
    assert standings_panel(session) is None


def test_ordinals():
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
    ]
