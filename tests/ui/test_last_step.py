"""Each fact once: where a game's action area shows the last step (the newest bid of a
ladder, the newest hand shown), that entry is the way to the last verdict and the
screen's own line of the last verdict is left out."""

import random

import flet as ft
import pytest

from referee.core.record import GameRecord
from referee.core.session import Session
from referee.games import GAMES
from referee.ui.games import VIEWS
from referee.ui.reconcile import find
from tests.flet_patches.insides import own


class _Pad:
    me = None
    moment = 0

    def shown(self, _seat):
        return None

    def can_change(self, _seat):
        return True


def _tags(control, found):
    if isinstance(control, ft.Semantics) and control.identifier:
        found.append(control.identifier)
    for value in [*own(control).values(), getattr(control, "controls", None)]:
        for child in value if isinstance(value, list) else [value]:
            if isinstance(child, ft.BaseControl):
                _tags(child, found)
    return found


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_the_last_step_is_shown_once(kind):
    rules = GAMES[kind]
    explained = []
    for seed in range(15):
        rng = random.Random(seed)
        session = Session(rules, GameRecord(game=kind, players=["Ana", "Bo", "Cy", "Dee"]))
        view = VIEWS[kind](lambda _a: None, lambda: None, lambda _m: None)
        view.pad = _Pad()
        view.explain_last = lambda: explained.append(True)
        for _ in range(60):
            state = session.state
            if rules.is_over(state):
                break
            tags = _tags(view.actions(state), [])
            if view.shows_last_step(state):
                assert tags.count("last-verdict") == 1, (kind, seed, state.phase)
            else:
                assert "last-verdict" not in tags, (kind, seed, state.phase)
            session.play(rules.draw(state, rng))


def test_the_newest_bid_opens_the_last_verdict():
    rules = GAMES["faeker"]
    session = Session(rules, GameRecord(game="faeker", players=["Ana", "Bo", "Cy"]))
    rng = random.Random(1)
    while not (session.state.phase == "bidding" and session.state.deal.ladder):
        session.play(rules.draw(session.state, rng))
    view = VIEWS["faeker"](lambda _a: None, lambda: None, lambda _m: None)
    opened = []
    view.explain_last = lambda: opened.append(True)

    find(view.actions(session.state), "last-verdict").on_click(None)
    assert opened == [True]
