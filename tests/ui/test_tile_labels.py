"""No tile's words wrap on a 390 px phone (issue 54: Deceptidice's 'not Green' and 'not
Yellow' broke onto two lines): every tile of a set width, on every screen of every game's
random play, holds its label on one line, by Roboto's widths."""

from types import SimpleNamespace

import flet as ft
import pytest

from referee.core.session import Session
from referee.games import GAMES
from referee.ui.games import VIEWS
from tests.edit.test_edit import random_record
from tests.ui.test_one_app_words import screens_of_play, shown, width

PADDING = 16  # a set-width tile's 8 px each side (widgets.tile)
BOLD = 1.06  # a bold glyph is a little wider than the widths measured


def tile_labels(root) -> list[tuple[str, float, int]]:
    """(label, its size, the room inside its tile) for every tile of a set width."""
    found = []
    for control, _above in shown(root):
        if not (isinstance(control, ft.Semantics) and control.button):
            continue
        box = control.content
        if not isinstance(box, ft.Container) or not box.width:
            continue
        text = box.content
        if isinstance(text, ft.Text) and text.value:
            size = (text.size or 14) * (BOLD if text.weight else 1)
            found.append((text.value, size, box.width - PADDING))
    return found


def wrapped(root) -> set[str]:
    return {
        label
        for label, size, room in tile_labels(root)
        if any(width(line, size) > room for line in label.split("\n"))
    }


@pytest.mark.parametrize("kind", list(GAMES))
def test_no_tile_label_wraps_on_a_phone(lives, kind):
    seen, _session = screens_of_play(lives, kind, 3)
    broken = set()
    for views, _dialogs in seen:
        broken |= wrapped(views[-1])
    assert not broken, f"{kind}: tile labels that wrap at 390 px: {sorted(broken)}"


@pytest.mark.parametrize("kind", list(GAMES))
def test_no_tile_label_wraps_with_a_screens_switches_on(kind):
    """The labels a switch brings ('not Green' with Less than / Without on) fit too."""
    rules = GAMES[kind]
    broken = set()
    for seed in (1, 2, 3):
        record = random_record(rules, seed, steps=30)
        session = Session(rules, record)
        for state in [session.initial, *(s.state for s in session.steps)]:
            view = VIEWS[kind](lambda _a: None, lambda: None, lambda _t: None)
            view.pad = SimpleNamespace(  # no one has picked: every seat's choice is open
                me=None, moment=0, shown=lambda _s: None, can_change=lambda _s: True
            )
            for switch in [c for c, _ in shown(view.actions(state)) if isinstance(c, ft.Switch)]:
                switch.on_change(SimpleNamespace(control=SimpleNamespace(value=True)))
            broken |= wrapped(view.actions(state))
    assert not broken, f"{kind}: tile labels that wrap at 390 px: {sorted(broken)}"
