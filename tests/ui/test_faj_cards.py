"""One look for a Faces, Aces & Jokers card wherever it is drawn: red suits in the one red
of the app (pickers, the final showdown, the won piles) and jokers named as the table sees
them: the black joker is the high one (the draft deck of referee/games/faj/deck.py)."""

import random

import flet as ft

from referee.core.record import GameRecord
from referee.core.session import Session
from referee.games import GAMES
from referee.ui.games.faj.cards import card_label
from referee.ui.games.faj.view import FajView
from referee.ui.theme import RED_SUIT
from tests.ui.devices import controls


def test_jokers_are_named_by_colour_with_the_high_one_black():
    assert card_label("HJ") == "black joker (high)"
    assert card_label("LJ") == "red joker (low)"
    assert card_label("10H") == "10♥"


def test_red_suits_are_red_in_the_final_showdown_and_won_piles():
    session = Session(GAMES["faj"], GameRecord(game="faj", players=["Ana", "Bo", "Cy"]))
    rng = random.Random(3)
    while (action := session.rules.draw(session.state, rng)) is not None:
        session.play(action)
    view = FajView(lambda _a: None, lambda: None, lambda _t: None)
    shown = view.actions(session.state)
    red, black = [], []
    for control in controls(shown):
        if isinstance(control, ft.Text):
            for span in control.spans or []:
                colour = span.style.color if span.style else None
                if span.text.strip()[-1:] in "♥♦":
                    red.append(colour)
                elif span.text.strip()[-1:] in "♣♠":
                    black.append(colour)
            assert not any(s in (control.value or "") for s in "♥♦"), control.value
    assert red and set(red) == {RED_SUIT}
    assert black and set(black) == {None}
