"""A game's ending says who won once: the dialog's title, its first line and the verdict's
closing line were three times the same sentence in Fairy Bucks."""

import random

import flet as ft
import pytest

from referee.core.record import GameRecord
from referee.core.session import Session
from referee.games import GAMES
from referee.ui.widgets import verdict_dialog
from tests.ui.test_one_app_words import texts


def finished(kind: str, seed: int) -> Session:
    session = Session(GAMES[kind], GameRecord(game=kind, players=["Ana", "Bo", "Cy"]))
    rng = random.Random(seed)
    while (action := session.rules.draw(session.state, rng)) is not None:
        session.play(action)
    return session


@pytest.mark.parametrize("kind", list(GAMES))
def test_the_ending_dialog_says_the_win_once(kind):
    session = finished(kind, 5)
    assert session.is_over
    verdict = session.verdicts[-1]
    ending = session.rules.outcome(session.state).headline
    dialog = verdict_dialog(session.rules, verdict, "points", lambda _e: None, ending=ending)
    lines = [
        text.strip().rstrip(".")
        for text, control, _ in texts(dialog)
        if isinstance(control, ft.Text)
    ]
    for sentence in {ending.rstrip("."), verdict.headline.rstrip(".")}:
        assert lines.count(sentence) == 1, (sentence, lines)
    # ...nor again with a figure in brackets ("Cy wins with 14 cubes (target 12).")
    again = [line for line in lines if line.startswith(ending.rstrip(".") + " (")]
    assert not again, again
