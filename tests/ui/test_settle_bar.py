"""Settling a dispute on a phone: the verdict is seen where the player is. The last card of
a long form is tapped far below the answer's box at the top, so the verdict also shows at
the screen's bottom edge, outside the part that scrolls."""

import flet as ft

from tests.helpers import run_async
from tests.ui.devices import device
from tests.ui.test_one_app_words import shown


def settle_a_faj_showdown(lives):
    async def run():
        app, session = device(lives)
        app.go("/settle/faj_showdown")
        screen = app.stack[-1][0]
        form = screen.dispute
        piles = [["10S", "9S", "8S", "7S", "6S"], ["10H", "10D", "10C"]]
        for seat, cards in enumerate(piles):
            form.active = seat
            for card in cards:
                form.form._toggle_pile(card)
        return session.page.views[-1], form.settled()[1]

    return run_async(run())


def test_the_verdict_shows_at_the_bottom_edge_outside_the_scrolling_form(lives):
    view, result = settle_a_faj_showdown(lives)
    assert result is not None
    bars = [
        (control, above)
        for control, above in shown(view)
        if getattr(control, "identifier", None) == "dispute-verdict-bar"
    ]
    assert bars, "no verdict at the bottom edge"
    bar, above = bars[0]
    assert not any(isinstance(c, ft.Column) and c.scroll for c in above), "the bar scrolls away"
    said = [c.value for c, _ in shown(bar) if isinstance(c, ft.Text)]
    assert result.headline in said


def test_the_verdict_is_said_once_on_the_screen(lives):
    """Issue 54: the verdict showed at the top of the form and again pinned at the bottom."""
    view, result = settle_a_faj_showdown(lives)
    said = [c for c, _ in shown(view) if isinstance(c, ft.Text) and c.value == result.headline]
    said += [
        c
        for c, _ in shown(view)
        if isinstance(c, ft.Text)
        and c.spans
        and "".join(s.text for s in c.spans) == result.headline
    ]
    assert len(said) == 1, said
