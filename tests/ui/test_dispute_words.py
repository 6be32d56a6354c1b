"""Every dispute form speaks in words: a player's tab says the name and what is entered
("Ana", "3 of 5 cards"), never symbols to decode ("Player 1 · 0 + ?", "2/5")."""

import re

import flet as ft
import pytest

from referee.disputes import GAME_OF
from referee.ui.screens.settle.dispute import DisputeScreen
from tests.ui.test_one_app_words import texts

# A middle dot between a name and a number, a sum still to come, a count over a size, a
# lone question mark, a rulebook's capitals.
SYMBOLS = re.compile(r" · \d| \+ \?|\d/\d|(^|\s)\?($|\s)|\bCOUNT\b")


@pytest.mark.parametrize("kind", sorted(GAME_OF))
def test_a_dispute_form_has_no_symbols_to_decode(kind):
    screen = DisputeScreen(lambda **_: None, lambda d, r: True)
    screen.start(kind)
    for seat in range(len(screen.names)):
        screen.active = seat
        said = [text for text, control, _ in texts(screen.view()) if isinstance(control, ft.Text)]
        coded = [text for text in said if SYMBOLS.search(text)]
        assert not coded, f"{kind}: {coded}"
