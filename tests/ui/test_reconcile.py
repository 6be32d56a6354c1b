"""ui/reconcile.py: a screen drawn again keeps the controls already shown and sends Flet
only what changed; the same through Flet's public API, as on a Flet other than the one
flet_patches was written for."""

import flet as ft
import pytest

from referee.flet_patches import fields
from referee.ui.reconcile import adopt, find, same_kind
from tests.flet_patches.insides import diffed
from tests.flet_patches.insides import sent as _sent


@pytest.fixture(autouse=True, params=["flet-1.0.5-fields", "public-api"])
def _fields(request):
    """Every test twice: fields read Flet 1.0.5's way, and through Flet's public API."""
    fields.choose(request.param == "flet-1.0.5-fields")
    yield
    fields.choose(True)


_ops = diffed


def _but_handlers_told_again(ops: list) -> list:
    """`ops` but, through the public API, a handler swapped for another: it is sent again
    (as True, it has one), which changes nothing on the phone."""
    if fields.private():
        return ops
    return [op for op in ops if not (str(op["path"][-1]).startswith("on_") and op["value"] is True)]


def screen(status: str, bids: list[int], on_bid=None) -> ft.Column:
    return ft.Column(
        [
            ft.Text(status, size=17),
            ft.Row(
                [ft.FilledButton(f"Bid {b}", on_click=on_bid or (lambda _e: None)) for b in bids]
            ),
        ]
    )


class TestSameKind:
    def test_one_type_and_key_may_merge(self):
        assert same_kind(ft.Text("a", key="k"), ft.Text("b", key="k"))

    def test_another_type_is_replaced(self):
        assert not same_kind(ft.Text("a"), ft.Row([]))

    def test_another_key_is_replaced(self):
        assert not same_kind(ft.Row([], key="home-"), ft.Row([], key="game-1"))

    def test_nothing_shown_is_replaced(self):
        assert not same_kind(None, ft.Text("a"))


class TestAdopt:
    def test_the_shown_controls_stay_and_take_the_new_values(self):
        old = screen("Bo to act", [2, 3])
        status, row = old.controls
        adopt(old, screen("Cy to act", [3, 4]))
        assert old.controls[0] is status and old.controls[1] is row
        assert status.value == "Cy to act"
        assert [b.content for b in row.controls] == ["Bid 3", "Bid 4"]

    def test_a_longer_list_keeps_the_shown_items_and_adds_the_rest(self):
        old = screen("", [2])
        first = old.controls[1].controls[0]
        adopt(old, screen("", [2, 3, 4]))
        buttons = old.controls[1].controls
        assert buttons[0] is first and [b.content for b in buttons] == ["Bid 2", "Bid 3", "Bid 4"]

    def test_a_shorter_list_drops_the_tail(self):
        old = screen("", [2, 3, 4])
        adopt(old, screen("", [5]))
        assert [b.content for b in old.controls[1].controls] == ["Bid 5"]

    def test_a_control_of_another_type_in_a_place_is_replaced(self):
        old = ft.Column([ft.Text("a")])
        new_row = ft.Row([])
        adopt(old, ft.Column([new_row]))
        assert old.controls[0] is new_row

    def test_a_kept_button_runs_the_new_handler(self):
        taps = []
        old = screen("", [2], on_bid=lambda _e: taps.append("old"))
        adopt(old, screen("", [2], on_bid=lambda _e: taps.append("new")))
        old.controls[1].controls[0].on_click(None)
        assert taps == ["new"]

    def test_content_that_goes_away_goes_away(self):
        old = ft.Container(ft.Text("a"))
        adopt(old, ft.Container())
        assert old.content is None


class TestWhatFletSends:
    def test_only_the_changed_text_is_sent(self):
        shown = ft.Column([screen("Bo to act", [2, 3])])
        _sent(shown)
        adopt(shown, ft.Column([screen("Cy to act", [2, 3])]))
        ops, added, removed = _ops(shown)
        assert [op["value"] for op in _but_handlers_told_again(ops)] == ["Cy to act"]
        assert not added and not removed

    def test_a_new_handler_alone_sends_nothing(self):
        shown = ft.Column([screen("", [2])])
        _sent(shown)
        adopt(shown, ft.Column([screen("", [2], on_bid=lambda _e: None)]))
        ops, added, removed = _ops(shown)
        assert _but_handlers_told_again(ops) == [] and not added and not removed

    def test_a_handler_that_appears_is_sent(self):
        shown = ft.Column([ft.Container(ft.Text("x"))])
        _sent(shown)
        adopt(shown, ft.Column([ft.Container(ft.Text("x"), on_click=lambda _e: None)]))
        ops, _added, _removed = _ops(shown)
        assert [(op["path"][-1], op["value"]) for op in ops] == [("on_click", True)]

    def test_an_added_button_is_sent_as_new(self):
        shown = ft.Column([screen("", [2])])
        _sent(shown)
        adopt(shown, ft.Column([screen("", [2, 3])]))
        _sent_ops, added, removed = _ops(shown)
        assert [type(c).__name__ for c in added] == ["FilledButton"] and not removed


class TestWhatChanged:
    """adopt names the fewest shown controls whose updates carry every change."""

    def test_a_changed_text_alone(self):
        old = screen("Bo to act", [2, 3])
        changed = []
        adopt(old, screen("Cy to act", [2, 3]), changed)
        assert changed == [old.controls[0]]

    def test_nothing_changed_names_nothing(self):
        old = screen("Bo to act", [2, 3])
        changed = []
        adopt(old, screen("Bo to act", [2, 3], on_bid=lambda _e: None), changed)
        assert changed == []

    def test_a_list_that_grew_names_its_owner_not_its_items(self):
        old = screen("Bo to act", [2])
        changed = []
        adopt(old, screen("Bo to act", [3, 4]), changed)
        assert changed == [old.controls[1]]

    def test_updating_what_changed_sends_every_change(self):
        shown = ft.Column([screen("Bo to act", [2, 3])])
        _sent(shown)
        changed = []
        adopt(shown, ft.Column([screen("Cy to act", [3])]), changed)
        sent = []
        for control in changed:
            ops, _added, _removed = _ops(control)
            sent += ops
        ops, _added, _removed = _ops(shown)
        assert ops == []  # nothing left for a whole-page update to find
        assert len(sent) >= 2

    def test_changes_in_two_places_name_the_control_holding_both(self):
        old = screen("Bo to act", [2, 3])
        changed = []
        adopt(old, screen("Cy to act", [2, 4]), changed)
        assert changed == [old]  # one update, one message to the client


class TestKeyedItems:
    def test_a_keyed_item_keeps_its_control_when_newer_ones_come_in_above(self):
        def log(steps):
            return ft.Column([ft.Text(f"{n}.", key=f"log-{n}") for n in reversed(steps)])

        old = log([1, 2])
        two, one = old.controls
        changed = []
        adopt(old, log([1, 2, 3]), changed)
        assert old.controls[1] is two and old.controls[2] is one
        assert [c.value for c in old.controls] == ["3.", "2.", "1."]
        assert changed == [old]

    def test_a_key_given_twice_is_not_shown_twice(self):
        old = ft.Column([ft.Text("a", key="k")])
        adopt(old, ft.Column([ft.Text("a", key="k"), ft.Text("b", key="k")]))
        assert old.controls[0] is not old.controls[1]


class TestLinesComingAndGoing:
    """Unkeyed items go by place from the start while the kinds agree, then from the end:
    a line that comes or goes (the Undo note) leaves the controls below it shown."""

    def _screen(self, note: bool) -> ft.Column:
        lines = [ft.Container(ft.Text("Undone: Bo bids 2."))] if note else []
        return ft.Column([ft.Text("Bo to act"), *lines, ft.Column([ft.Text("Bids")]), ft.Divider()])

    def test_a_line_coming_in_keeps_the_controls_below_it(self):
        old = self._screen(note=False)
        status, bids, divider = old.controls
        adopt(old, self._screen(note=True))
        assert old.controls[0] is status and old.controls[2] is bids and old.controls[3] is divider
        assert isinstance(old.controls[1], ft.Container)

    def test_a_line_going_away_keeps_the_controls_below_it(self):
        old = self._screen(note=True)
        status, _note, bids, divider = old.controls
        adopt(old, self._screen(note=False))
        assert old.controls == [status, bids, divider]
        assert [type(c) for c in old.controls] == [ft.Text, ft.Column, ft.Divider]

    def test_no_shown_control_is_used_twice(self):
        old = ft.Column([ft.Text("a"), ft.Text("b")])
        adopt(old, ft.Column([ft.Text("x"), ft.Text("a"), ft.Text("b")]))
        assert len({id(c) for c in old.controls}) == 3
        assert [c.value for c in old.controls] == ["x", "a", "b"]


class TestFind:
    def test_finds_a_keyed_control_on_screen(self):
        actions = ft.Column([], key="actions")
        root = ft.Row([ft.Container(ft.Column([ft.Text("x"), actions]))])
        assert find(root, "actions") is actions
        assert find(root, "nothing") is None


class TestAfterAMove:
    """Once the game moved on, a button comes anew, so a tap sent from the screen before
    finds its id gone; a keyed button (the same command on every screen) stays."""

    def test_a_button_comes_anew_after_a_move(self):
        old = screen("Bo to act", [2])
        button = old.controls[1].controls[0]
        adopt(old, screen("Cy to act", [2]), [], moved=True)
        assert old.controls[1].controls[0] is not button

    def test_a_button_stays_when_only_this_screen_changed(self):
        old = screen("Bo to act", [2])
        button = old.controls[1].controls[0]
        adopt(old, screen("Bo to act", [2]), [], moved=False)
        assert old.controls[1].controls[0] is button

    def test_a_keyed_button_stays_after_a_move(self):
        def bar():
            return ft.Row([ft.IconButton(ft.Icons.HOME, key="home", on_click=lambda _e: None)])

        old = bar()
        home = old.controls[0]
        adopt(old, bar(), [], moved=True)
        assert old.controls[0] is home

    def test_an_equal_new_button_in_content_still_goes_in(self):
        def act(_e):
            return None

        old = ft.Container(ft.IconButton(ft.Icons.UNDO, on_click=act))
        first = old.content
        changed = []
        adopt(old, ft.Container(ft.IconButton(ft.Icons.UNDO, on_click=act)), changed, moved=True)
        assert old.content is not first and changed == [old]
