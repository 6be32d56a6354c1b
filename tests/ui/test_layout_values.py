"""ui/layout_values.py: paddings, borders and alignments are made once and shared, equal to what
Flet makes, and a redraw keeps the ones shown."""

import flet as ft

from referee.ui import layout_values
from referee.ui.score_cards import CHIP_WIDTH
from tests.flet_patches.insides import own, tap
from tests.helpers import run_async
from tests.ui.devices import controls, device
from tests.ui.test_stale_taps import _button, _faeker


def test_a_shared_value_is_the_one_flet_makes():
    assert layout_values.symmetric(horizontal=8) == ft.Padding.symmetric(horizontal=8)
    assert layout_values.padding(top=6) == ft.Padding.only(top=6)
    assert layout_values.border_all(2, ft.Colors.OUTLINE) == ft.Border.all(2, ft.Colors.OUTLINE)
    assert layout_values.border_left(5, "#1E88E5") == ft.Border(left=ft.BorderSide(5, "#1E88E5"))
    assert layout_values.CENTRE == ft.Alignment.CENTER


def test_the_same_value_is_made_once():
    assert layout_values.symmetric(vertical=12) is layout_values.symmetric(vertical=12)
    assert layout_values.border_all(1, ft.Colors.OUTLINE) is layout_values.border_all(
        1, ft.Colors.OUTLINE
    )


def test_a_redraw_builds_the_values_shown(lives):
    """After a bid, a chip of the scoreboard built anew holds the very padding and border
    the chip shown holds: the merge finds them unchanged at once."""

    async def run():
        app, session = device(lives)
        _faeker(app)
        view = session.page.views[-1]
        await tap(session, _button(view, "Bid 2"))
        return _chips(view), _chips(app._frame(app.top))

    shown, built = run_async(run())
    assert len(shown) == len(built) == 3
    for old, new in zip(shown, built, strict=True):
        assert old is not new
        assert own(old)["padding"] is own(new)["padding"]
        assert own(old)["border"] is own(new)["border"]


def _chips(root) -> list:
    return [c for c in controls(root) if isinstance(c, ft.Container) and c.width == CHIP_WIDTH]
