"""flet_patches/diff.py: with the cheaper steps, every screen of every game sends the same
patches, byte for byte once control ids are numbered alike, as with Flet's own."""

import dataclasses
import logging
from typing import Annotated

import flet as ft
import msgpack
import pytest
from flet.controls import object_patch
from flet.utils.validation import V

from referee.flet_patches import diff as flet_diff
from referee.games import GAMES
from referee.live.tables import LiveTables
from referee.storage.store import Store
from referee.ui import layout_values
from tests.flet_patches.insides import ENCODE
from tests.flet_patches.plays import play, play_on_two, timeless
from tests.helpers import run_async
from tests.ui.devices import controls, device


def _theirs_and_ours(folder, playing, game: str) -> tuple[list, list]:
    flet_diff.uninstall()
    try:
        theirs = playing(folder / "flet", game, seed=7)
    finally:
        flet_diff.install()
    return theirs, playing(folder / "ours", game, seed=7)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_both_devices_are_sent_what_flets_own_diff_sends(tmp_path, game):
    """Moves made on either device, undone and redone: the screens of both, redrawn as
    merges of what each shows, send what Flet's own diff of the whole view sends."""
    theirs, ours = _theirs_and_ours(tmp_path, play_on_two, game)
    assert {name for name, _ in ours} == {"a", "b"} and len(ours) > 10
    assert timeless(ours) == timeless(theirs)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_move_sends_what_flets_own_diff_sends(tmp_path, game):
    flet_diff.uninstall()
    try:
        theirs = play(tmp_path / "flet", game, seed=7)
    finally:
        flet_diff.install()
    assert object_patch.dataclasses is flet_diff._DATACLASSES  # installed: not Flet twice
    ours = play(tmp_path / "ours", game, seed=7)
    assert len(ours) > 5
    assert timeless(ours) == timeless(theirs)


def _kinds_taken(tmp_path, monkeypatch, step: str, dst_at: int) -> set[str]:
    """The kinds of object a step of the diff (`flet_diff.<step>`, given the object at
    argument `dst_at`) said yes to, over a Fae-ker game played on two devices."""
    taken: set[str] = set()
    original = getattr(flet_diff, step)

    def noting(*args):
        done = original(*args)
        if done:
            taken.add(type(args[dst_at]).__name__)
        return done

    monkeypatch.setattr(flet_diff, step, noting)
    play_on_two(tmp_path, "faeker", seed=5)
    return taken


def test_the_controls_above_the_changed_ones_are_passed_through(tmp_path, monkeypatch):
    """The byte-for-byte tests above cover the pass-through only if redraws take it: the
    view and the columns and rows down to a bid's tiles do."""
    taken = _kinds_taken(tmp_path, monkeypatch, "_passed_through", dst_at=3)
    assert {"View", "Column", "Row"} <= taken


def _sent_after(folder, change) -> list:
    """What a device is sent when `change` is made to the Undo tile of a game screen and
    only that tile is diffed, as a redraw's merge would hand it over."""

    async def run():
        store = Store(folder / "referee.db")
        try:
            app, session = device(LiveTables(store))
            sent: list = []
            session.connection.send_message = lambda message: sent.append(
                msgpack.unpackb(
                    msgpack.packb([message.action, message.body], default=ENCODE),
                    strict_map_key=False,
                )
            )
            app.games.start_game("faeker", ["Ana", "Bo", "Cy"], {})
            tile = next(
                c
                for c in controls(app.page.views[-1].appbar)
                if isinstance(c, ft.Semantics) and c.label == "Undo"
            ).content
            # Values of its own, unlike any the app shares between screens (a value equal
            # to the one held is not taken), sent once.
            tile.padding = ft.Padding.symmetric(horizontal=9)
            tile.border = ft.Border.all(1, "#101010")
            tile.gradient = ft.LinearGradient(colors=["#101010", "#202020"])
            assert tile.padding is not layout_values.symmetric(horizontal=8)
            app.page.update(tile)
            before = len(sent)
            change(tile)
            with flet_diff.only([tile]):
                app.page.update(tile)
            assert len(sent) == before + 1
            return sent[-1][1]["patch"][1:]
        finally:
            store.close()

    return run_async(run())


@pytest.mark.parametrize(
    "change",
    [
        lambda tile: setattr(tile.padding, "left", 31),
        lambda tile: setattr(tile.border.left, "width", 3),
        lambda tile: tile.gradient.colors.__setitem__(1, "#303030"),
    ],
    ids=["padding", "a-border-side", "a-gradients-colour"],
)
def test_a_value_kept_but_changed_in_place_is_still_sent(tmp_path, change):
    """A kept value is passed over only when nothing was set on it, nor on a value or a
    list in it."""
    ours = _sent_after(tmp_path / "ours", change)
    flet_diff.uninstall()
    try:
        theirs = _sent_after(tmp_path / "flet", change)
    finally:
        flet_diff.install()
    assert ours and ours == theirs


def test_a_bids_redraw_passes_over_the_values_kept_as_sent(tmp_path, monkeypatch):
    """The byte-for-byte tests above cover the passing over only if redraws take it."""
    passed = _kinds_taken(tmp_path, monkeypatch, "_value_as_sent", dst_at=0)
    assert {"Padding", "Border", "BorderSide"} <= passed


def test_the_patch_log_still_gets_a_diffs_lines_when_it_keeps_debug_lines(tmp_path, caplog):
    """Its debug lines are skipped only while the log would drop them."""
    log = logging.getLogger("flet_object_patch")
    play(tmp_path / "quiet", "faeker", seed=3)
    assert object_patch.logger.debug is not log.debug  # skipped: the log keeps INFO
    before = log.level
    log.setLevel(logging.DEBUG)
    try:
        with caplog.at_level(logging.DEBUG, logger="flet_object_patch"):
            play(tmp_path / "told", "faeker", seed=3)
    finally:
        log.setLevel(before)
    told = [record.getMessage() for record in caplog.records]
    assert any("_compare_dataclasses" in line for line in told)  # the diff's own
    assert any(line.startswith("\npatch added_controls") for line in told)  # the session's


def test_a_keyed_items_pairing_key_is_found_by_hash():
    """Flet's own key (a path list inside) cannot be hashed: it went to a list scanned
    one by one at every later add or remove."""
    builder = object_patch.DiffBuilder(None, None)
    key = builder._index_key("item", (("id", 5), ["controls", 0]), [])
    builder.store_index(key, ["op"], object_patch._ST_REMOVE)
    assert builder.index_storage2 == [[], []]
    assert builder.take_index((("id", 5), ("controls", 0)), object_patch._ST_REMOVE) == ["op"]
    assert builder._index_key("item", None, []) == "item"


def test_a_class_is_not_taken_for_its_instances():
    @dataclasses.dataclass
    class Plain:
        x: int = 0

    assert flet_diff.is_dataclass(Plain()) and flet_diff.is_dataclass(Plain)
    assert not flet_diff.is_dataclass(type) and not flet_diff.is_dataclass(3)
    assert flet_diff.fields(Plain()) == dataclasses.fields(Plain)


def test_only_the_pinned_flet_gets_the_cheaper_steps(monkeypatch):
    flet_diff.uninstall()
    try:
        monkeypatch.setattr(ft, "__version__", "1.0.6")
        flet_diff.install()
        assert object_patch.DiffBuilder._index_key is flet_diff.ORIGINAL_INDEX_KEY
        assert object_patch.dataclasses is dataclasses
    finally:
        monkeypatch.undo()
        flet_diff.install()


class TestValidation:
    """A control's values are checked before it is sent: field by field for the controls
    whose only rules are `expand` and `opacity`, with Flet's verdict on every value."""

    @pytest.mark.parametrize("expand", [None, True, False, 0, 2, 1.5, "yes"])
    @pytest.mark.parametrize("opacity", [0.0, 0.38, 1.0, 1.5, -0.1])
    def test_a_control_is_refused_exactly_when_flet_refuses_it(self, expand, opacity):
        def verdict(check) -> str | None:
            control = ft.Container(expand=expand, opacity=opacity)
            try:
                check(control)
            except ValueError as exc:
                return str(exc)
            return None

        assert verdict(flet_diff.before_update_safe) == verdict(flet_diff.ORIGINAL_BEFORE_UPDATE)

    def test_a_value_changed_on_the_page_is_checked_again(self):
        text = ft.Text("3 fae")
        flet_diff.before_update_safe(text)
        text.opacity = 2
        with pytest.raises(ValueError, match="opacity"):
            flet_diff.before_update_safe(text)

    def test_the_screens_controls_are_checked_field_by_field(self):
        for cls in (ft.Text, ft.Container, ft.Row, ft.Column, ft.Semantics):
            rules = flet_diff._rules(cls)
            assert rules is not None, cls
            assert {name for name, _rule in rules} <= flet_diff._SELF_CHECKED

    def test_a_control_with_a_rule_across_fields_is_checked_flets_way(self):
        assert flet_diff._rules(ft.Chip) is None  # a class rule
        assert flet_diff._rules(ft.IconButton) is None  # splash_radius
        assert flet_diff._rules(ft.Icon) is None  # fill, weight, optical_size
        assert flet_diff._rules(ft.TextField) is None  # its own before_update

    def test_a_control_that_redeclares_a_checked_field_is_checked_flets_way(self):
        @ft.control("WideBox")
        class WideBox(ft.Container):
            expand: Annotated[bool | int | None, V.instance_of((bool, int))] = True

        assert flet_diff._rules(WideBox) is None  # a rule of its own: Flet's way

    def test_a_before_update_given_to_one_control_still_runs(self):
        text, calls = ft.Text("x"), []
        text.before_update = lambda: calls.append("before update")
        flet_diff.before_update_safe(text)
        assert calls == ["before update"]
