"""The score cards every game shares: the winner tagged in every game, and a card that
keeps its height while a game is played (a badge coming or going moved the buttons
under it: a Fae-ker card grew with "dealer / passed", a FAJ card when "straight flush"
wrapped, a Fairy Bucks card when its player became High Bidder and was outlined)."""

import random

import flet as ft
import pytest

from referee.core.record import GameRecord
from referee.core.session import Session
from referee.games import GAMES
from referee.ui.games import VIEWS
from referee.ui.score_cards import CHIP_WIDTH
from tests.ui.test_one_app_words import texts


def _chips(board: ft.Control) -> list[ft.Container]:
    row = board.controls[0]
    return [c for c in row.controls if isinstance(c, ft.Container) and c.width == CHIP_WIDTH]


def _lines(chip: ft.Container) -> list[ft.Text]:
    return chip.content.controls


def _plays(kind: str, seed: int):
    """(view, state) at every step of a game played at random, to its end."""
    rules = GAMES[kind]
    session = Session(rules, GameRecord(game=kind, players=["Ana", "Bo", "Cy"]))
    view = VIEWS[kind](lambda _a: None, lambda: None, lambda _m: None)
    rng = random.Random(seed)
    while True:
        yield view, session.state
        action = rules.draw(session.state, rng)
        if action is None:
            return
        session.play(action)


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_every_games_winner_is_tagged_winner(kind):
    *_, (view, state) = _plays(kind, 4)
    winners = GAMES[kind].outcome(state).winners
    for seat, chip in enumerate(_chips(view.scoreboard(state))):
        said = [text for text, _c, _a in texts(chip)]
        assert ("winner" in said) == (seat in winners), (kind, seat, said)


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_a_score_card_keeps_its_lines_while_the_game_goes_on(kind):
    """Each card holds as many lines at every step before the end, one line each."""
    held = set()
    for seed in (1, 2):
        for view, state in _plays(kind, seed):
            if GAMES[kind].is_over(state):
                break
            for chip in _chips(view.scoreboard(state)):
                lines = _lines(chip)
                held.add(len(lines))
                for line in lines[1:]:  # the name may wrap; it never changes in a game
                    line = line.content if isinstance(line, ft.Semantics) else line
                    if kind != "deceptidice":  # "4 dice: 3, 2, 2, 2 cards" wraps, never cut
                        assert line.no_wrap and line.height, (kind, line.value)
    assert len(held) == 1, (kind, held)


def _frame(chip: ft.Container) -> float:
    """The px a card's padding and border add above and below its lines."""
    border = chip.border
    sides = (border.top, border.bottom) if border is not None else ()
    return chip.padding.top + chip.padding.bottom + sum(side.width for side in sides)


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_a_score_card_is_as_tall_highlighted_or_not(kind):
    """The outline of the player to act (or the High Bidder) adds no height: every card
    has the same frame above and below its lines at every step."""
    frames = set()
    for view, state in _plays(kind, 1):
        frames |= {_frame(chip) for chip in _chips(view.scoreboard(state))}
    assert len(frames) == 1, (kind, frames)


def test_a_faeker_ending_says_each_players_cubes_not_a_score_past_the_goal():
    *_, (view, state) = _plays("faeker", 4)
    said = [[t for t, _c, _a in texts(chip)] for chip in _chips(view.scoreboard(state))]
    for seat, lines in enumerate(said):
        assert f"{state.cubes[seat]} cubes" in lines or f"{state.cubes[seat]} cube" in lines
        assert not any(f" of {state.goal}" in line for line in lines), lines


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_the_table_of_scores_is_headed_by_what_each_row_is(kind):
    from referee.ui.screens.standings.panels import progress_panel

    rules = GAMES[kind]
    moment = rules.moments.removesuffix("s")
    session = Session(rules, GameRecord(game=kind, players=["Ana", "Bo", "Cy"]))
    said = [text for text, _c, _a in texts(progress_panel(session))]
    assert f"No {moment} has been scored yet." in said, said
    rng = random.Random(3)
    while f"Scores by {moment}" not in said:
        session.play(rules.draw(session.state, rng))
        assert not rules.is_over(session.state), said
        said = [text for text, _c, _a in texts(progress_panel(session))]


def test_a_long_name_is_drawn_smaller_rather_than_broken_inside_a_word():
    from referee.ui.score_cards import name_size

    assert name_size("Ana") == 13
    assert name_size("Bartholomew") < 13
    assert name_size("Ana Maria") == 13  # wraps between its words


def test_a_charts_axis_steps_in_whole_round_numbers():
    from referee.ui.screens.standings.panels import step

    assert [step(span) for span in (1, 4, 9, 24, 40, 250)] == [1, 1, 2, 5, 10, 50]
    assert all(isinstance(step(span), int) for span in (0.5, 3.7, 12))
