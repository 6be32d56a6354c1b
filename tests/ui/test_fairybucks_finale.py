"""Fairy Bucks' way to the end of the game (issue 54): with no deck size given the table
says when the lots run out, so scoring is always a step away between lots, and the screen
says plainly what comes first instead of a greyed button under a small italic hint."""

from types import SimpleNamespace

import flet as ft

from referee.games import GAMES
from referee.ui.games import VIEWS
from tests.helpers import fairybucks, lot, reveal_bucks
from tests.ui.devices import texts_of
from tests.ui.test_one_app_words import shown

FINALE = "Castle and final scores"


def between_lots(items=()):
    # The deck size not given, the table says when lots run out: after the first lot (here
    # one that every player Poofs away), scoring is a step away.
    session = fairybucks(players=["Ana", "Bo", "Cy"])
    session.play(lot((5, "moon"), (3, "sun"), (2, "star")))
    session.play(reveal_bucks(Ana="poof", Bo="poof", Cy="poof"))
    view = VIEWS["fairybucks"](lambda _a: None, lambda: None, lambda _t: None)
    view.pad = SimpleNamespace(me=None, moment=0, shown=lambda _s: None, can_change=lambda _s: True)
    state = session.state
    assert state.phase == "lot" and GAMES["fairybucks"].choices(state).finale
    view.actions(state)
    if items:
        view.set_entry("lot", [{"value": v, "symbol": s} for v, s in items], redraw=False)
    return view.actions(state)


def buttons(root) -> dict[str, ft.Semantics]:
    return {c.label: c for c, _ in shown(root) if isinstance(c, ft.Semantics) and c.button}


def test_scoring_waits_for_the_castle_item_with_a_sentence_saying_so():
    screen = between_lots()
    assert FINALE not in buttons(screen)  # no button the table cannot use yet
    hint = next(c for c, _ in shown(screen) if getattr(c, "identifier", None) == "finale-hint")
    text = hint.content
    assert not text.italic and text.size >= 14
    assert "Enter the item hidden on the castle on its own" in texts_of(hint)[0]


def test_one_item_entered_offers_scoring_and_names_the_item():
    screen = between_lots(items=[(4, "sun")])
    assert not buttons(screen)[FINALE].disabled
    assert any("4 ☀" in t or "4 sun" in t for t in texts_of(screen) if "castle" in t)
