"""A simultaneous choice keeps every seat's grid where it stands: a seat that has chosen
keeps its grid open with its card filled (another card changes it, the same one takes it
back), a seat locked on another device keeps it greyed. A chosen seat folded to one line
lifted every grid under it, and they dropped again when the next reveal opened it."""

from referee.live.tables import LOCKED
from referee.ui.games.fairybucks.view import FairyBucksView
from tests.games.test_fairy_view import buttons, tap
from tests.helpers import fairybucks, lot


class Pad:
    moment = 0

    def __init__(self, me=None):
        self.me, self.picks, self.locked = me, {}, set()

    def shown(self, seat):
        return LOCKED if seat in self.locked else self.picks.get(seat)

    def can_change(self, seat):
        return seat not in self.locked

    def choose(self, seat, value):
        self.picks[seat] = value

    def clear(self, seat):
        self.picks.pop(seat, None)


def _auction(pad):
    session = fairybucks(actions=[lot((5, "moon"), (3, "sun"))])
    view = FairyBucksView(lambda _a: None, lambda: None, lambda _m: None)
    view.pad = pad
    return view, session.state


def _grid(view, state):
    """Each button's name and whether it is on, in screen order."""
    return [(name, b.on_click is not None) for name, b in buttons(view.actions(state)).items()]


def test_a_seat_that_has_chosen_keeps_its_grid_open_with_its_card_filled():
    pad = Pad()
    view, state = _auction(pad)
    before = [name for name, _on in _grid(view, state)]
    tap(buttons(view.actions(state))["Ana shows 7"])
    assert pad.picks == {0: 7}
    assert [name for name, _on in _grid(view, state)] == before  # nothing folded
    tap(buttons(view.actions(state))["Ana shows 4"])  # another card changes it
    assert pad.picks == {0: 4}
    tap(buttons(view.actions(state))["Ana shows 4"])  # the same one takes it back
    assert pad.picks == {}


def test_a_seat_locked_on_another_device_keeps_its_grid_greyed():
    pad = Pad()
    view, state = _auction(pad)
    before = _grid(view, state)
    pad.locked = {0}
    after = _grid(view, state)
    # Ana's cards stay in place, none tappable; Bo's are as they were.
    assert [n for n, _on in after] == [n for n, _on in before]
    assert not any(on for name, on in after if name.startswith("Ana "))
    assert [x for x in after if x[0].startswith("Bo ")] == [
        x for x in before if x[0].startswith("Bo ")
    ]
