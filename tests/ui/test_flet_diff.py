"""ui/flet_diff.py: with the cheaper steps, every screen of every game sends the same
patches, byte for byte once control ids are numbered alike, as with Flet's own."""

import asyncio
import dataclasses
import logging
import random
import re
from typing import Annotated

import flet as ft
import msgpack
import pytest
from flet.controls import object_patch
from flet.utils.validation import V

from referee.games import GAMES
from referee.live import LiveTables
from referee.store import Store
from referee.ui import flet_diff
from tests.helpers import run_async
from tests.ui.devices import ENCODE, device

PLAYERS = ["Ana", "Bo", "Cy", "Dee"]
MOVES = 30


def _numbered(message, ids: dict):
    """`message` with every control id replaced by its order of first appearance (and a
    view's route without the count of views the process has opened)."""
    if isinstance(message, dict):
        return {k: _field(k, v, ids) for k, v in message.items()}
    if isinstance(message, list):
        return [_numbered(item, ids) for item in message]
    return message


def _field(name: str, value, ids: dict):
    if name in ("_i", "id"):  # a control's id; a patch's "id" names the control patched
        return ids.setdefault(value, len(ids))
    if name == "route" and isinstance(value, str):
        return re.sub(r"#\d+$", "#", value)
    if name == "call_id":  # a method call's own random name (the address told)
        return "call"
    return _numbered(value, ids)


def _play(folder, game: str, seed: int) -> list:
    """Every message a device is sent while a game is played on it, move by move."""
    store = Store(folder / "referee.db")
    lives = LiveTables(store)
    sent: list = []

    async def run():
        app, session = device(lives)
        session.connection.send_message = lambda message: sent.append(
            msgpack.packb([message.action, message.body], default=ENCODE)
        )
        app.start_game(game, PLAYERS[: GAMES[game].min_players + 1], {})
        rng = random.Random(seed)
        for _ in range(MOVES):
            action = app.game.rules.draw(app.game.session.state, rng)
            if action is None:
                break
            app.game.play(action)

    try:
        run_async(run())
    finally:
        store.close()
    ids: dict = {}
    return [_numbered(msgpack.unpackb(raw, strict_map_key=False), ids) for raw in sent]


def _play_on_two(folder, game: str, seed: int) -> list:
    """Every message two devices of one game are sent while both move, undo and redo:
    each device draws the other's moves as a change made elsewhere."""
    store = Store(folder / "referee.db")
    lives = LiveTables(store)
    sent: list = []

    async def run():
        devices = [device(lives) for _ in range(2)]
        for name, (_app, session) in zip("ab", devices, strict=True):
            session.connection.send_message = lambda message, name=name: sent.append(
                (name, msgpack.packb([message.action, message.body], default=ENCODE))
            )
        (a, _), (b, _) = devices
        a.start_game(game, PLAYERS[: GAMES[game].min_players + 1], {})
        b.open_game(a.game.game_id)
        rng = random.Random(seed)
        for _ in range(MOVES):
            app = rng.choice([a, b])
            roll = rng.random()
            session = app.game.session
            if roll < 0.15 and session.can_undo:
                app.game.undo()
            elif roll < 0.3 and session.can_redo:
                app.game.redo()
            else:
                action = app.game.rules.draw(session.state, rng)
                if action is None:
                    break
                app.game.play(action)
            for _ in range(6):  # the other device is told on turns of the event loop
                await asyncio.sleep(0)

    try:
        run_async(run())
    finally:
        store.close()
    ids: dict = {}
    return [
        (name, _numbered(msgpack.unpackb(raw, strict_map_key=False), ids)) for name, raw in sent
    ]


def _theirs_and_ours(folder, play, game: str) -> tuple[list, list]:
    flet_diff.uninstall()
    try:
        theirs = play(folder / "flet", game, seed=7)
    finally:
        flet_diff.install()
    return theirs, play(folder / "ours", game, seed=7)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_both_devices_are_sent_what_flets_own_diff_sends(tmp_path, game):
    """Moves made on either device, undone and redone: the screens of both, redrawn as
    merges of what each shows, send what Flet's own diff of the whole view sends."""
    theirs, ours = _theirs_and_ours(tmp_path, _play_on_two, game)
    assert {name for name, _ in ours} == {"a", "b"} and len(ours) > 10
    assert ours == theirs


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_move_sends_what_flets_own_diff_sends(tmp_path, game):
    flet_diff.uninstall()
    try:
        theirs = _play(tmp_path / "flet", game, seed=7)
    finally:
        flet_diff.install()
    assert object_patch.dataclasses is flet_diff._DATACLASSES  # installed: not Flet twice
    ours = _play(tmp_path / "ours", game, seed=7)
    assert len(ours) > 5
    assert ours == theirs


def test_the_controls_above_the_changed_ones_are_passed_through(tmp_path, monkeypatch):
    """The byte-for-byte tests above cover the pass-through only if redraws take it: the
    view and the columns and rows down to a bid's tiles do."""
    taken: list[str] = []
    original = flet_diff._passed_through

    def noting(self, parent, path, dst, wanted, above):
        done = original(self, parent, path, dst, wanted, above)
        if done:
            taken.append(type(dst).__name__)
        return done

    monkeypatch.setattr(flet_diff, "_passed_through", noting)
    _play_on_two(tmp_path, "faeker", seed=5)
    assert {"View", "Column", "Row"} <= set(taken)


def test_the_patch_log_still_gets_a_diffs_lines_when_it_keeps_debug_lines(tmp_path, caplog):
    """Its debug lines are skipped only while the log would drop them."""
    log = logging.getLogger("flet_object_patch")
    _play(tmp_path / "quiet", "faeker", seed=3)
    assert object_patch.logger.debug is not log.debug  # skipped: the log keeps INFO
    before = log.level
    log.setLevel(logging.DEBUG)
    try:
        with caplog.at_level(logging.DEBUG, logger="flet_object_patch"):
            _play(tmp_path / "told", "faeker", seed=3)
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
