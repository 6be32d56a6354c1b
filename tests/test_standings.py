"""The standings of a finished game, read from the session's own steps."""

import random

import flet as ft
import flet_charts as fch
import pytest

from referee.core.record import GameRecord
from referee.core.session import Session
from referee.games import GAMES
from referee.ui.result.facts import ordinal
from referee.ui.screens.standings.panels import place_lines, score_history, standings_panel
from tests.ui.devices import controls, texts_of


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


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_every_line_of_the_score_chart_is_drawn_alike_and_its_axes_say_what_they_count(kind):
    """Issue 54: the Fae-ker chart's lines differed in thickness and its axes were bare."""
    session = finished(kind)
    chart = next(c for c in controls(standings_panel(session)) if isinstance(c, fch.LineChart))
    assert len({s.stroke_width for s in chart.data_series}) == 1
    rules = session.rules
    assert texts_of(chart.left_axis.title) == [rules.unit]  # cubes, cards won, points
    assert texts_of(chart.bottom_axis.title) == [rules.moments]  # rounds, tricks, lots
    assert isinstance(chart.left_axis.title, ft.Text)


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_each_place_line_names_what_decided_that_place(kind):
    """The rules say what placed each seat; its line says it after the name."""
    session = finished(kind)
    outcome = session.rules.outcome(session.state)
    assert len(outcome.decided) == len(session.players) and all(outcome.decided)
    for seat, text, _tied in place_lines(session):
        assert text.endswith(f"{session.players[seat]}, {outcome.decided[seat]}")


def test_a_faj_place_is_decided_by_its_poker_hand_not_by_the_cards_won():
    """The places come from the poker hands: "2nd: Cy, 8 cards won" above "3rd: Ana, 11
    cards won" looked wrong; each line now names the hand that placed it."""
    from referee.games.faj.showdown import best_hand

    session = finished("faj")
    for seat, text, _tied in place_lines(session):
        assert "cards won" not in text
        assert text.endswith(best_hand(session.state.won[seat]).describe())


def test_a_faj_place_split_by_the_suits_names_them():
    from referee.games.faj.showdown import decided, standings

    # The same two pair and kicker for both: the suits decide (FAJ-SUIT-TIEBREAK).
    won = [("10C", "10D", "5C", "5D", "2C"), ("10H", "10S", "5H", "5S", "2H")]
    ana, bo = decided(standings(won, False), False)
    assert ana.startswith("two pair, 10s and 5s, suits ") and ana != bo
    assert bo == "two pair, 10s and 5s, suits ♠ ♠ ♥ ♥ ♥"


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_no_verdict_says_its_headline_again_in_its_details(kind):
    """A Fairy Bucks ending read "A wins with 29 points" as its headline and again as its
    last line (in the log, which shows both)."""
    for seed in (1, 2, 3):
        for step in finished(kind, seed).steps:
            v = step.verdict
            said = v.headline.rstrip(".").casefold()
            again = [d for d in v.details if d.rstrip(".").casefold().split(" (")[0] == said]
            assert not again, (v.headline, again)
