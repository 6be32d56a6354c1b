"""referee/flet_patches: REFEREE_FLET_PATCHES chooses the patches, and a game's screens send
a phone the same messages with every patch on as on Flet exactly as shipped."""

import asyncio
import random

import msgpack
import pytest
from flet.controls import object_patch
from flet.controls.base_control import BaseControl
from flet_web.fastapi import flet_app

from referee import flet_patches
from referee.flet_patches import close, collector, diff, init, send, tree_walk
from referee.games import GAMES
from referee.live.tables import LiveTables
from referee.storage.store import Store
from referee.ui import routes
from tests.flet_patches.plays import PLAYERS, numbered, timeless
from tests.helpers import run_async
from tests.ui.devices import device


class TestTheSwitch:
    @pytest.mark.parametrize("value", [None, "", "1", "all", " ALL "])
    def test_unset_or_all_is_every_patch(self, monkeypatch, value):
        if value is None:
            monkeypatch.delenv(flet_patches.ENV, raising=False)
        else:
            monkeypatch.setenv(flet_patches.ENV, value)
        assert flet_patches.chosen() == flet_patches.PATCHES

    @pytest.mark.parametrize("value", ["0", "none", "off"])
    def test_zero_is_flet_as_shipped(self, value):
        assert flet_patches.chosen(value) == ()

    def test_names_keep_only_those(self):
        assert flet_patches.chosen("send, diff") == ("diff", "send")

    def test_minus_names_drop_those(self):
        assert flet_patches.chosen("-walk,-init") == ("diff", "send", "route", "close", "collector")

    @pytest.mark.parametrize("value", ["wlk", "-wlk", "diff,-walk", "diff,,x"])
    def test_a_name_of_no_patch_or_a_mix_is_refused_with_the_names_known(self, value):
        with pytest.raises(ValueError, match="walk, init, diff, send, route, close, collector"):
            flet_patches.chosen(value)

    def test_none_installed_is_flet_and_pythons_collector_as_shipped(self):
        try:
            flet_patches.install(())
            assert object_patch.DiffBuilder._configure_dataclass is tree_walk.ORIGINAL
            assert object_patch.DiffBuilder._removed_controls is tree_walk.ORIGINAL_REMOVED
            assert not init.ORIGINALS
            assert object_patch.DiffBuilder._index_key is diff.ORIGINAL_INDEX_KEY
            assert flet_app.FletApp.send_message is send.ORIGINAL
            assert flet_app.FletApp._FletApp__send_loop is close.ORIGINAL
            assert not send._route_told and not collector._on
        finally:
            flet_patches.install()
        assert object_patch.DiffBuilder._configure_dataclass is tree_walk.configure_dataclass
        assert flet_app.FletApp.send_message is send.send_message
        assert send._route_told and collector._on

    def test_each_patch_is_installed_alone(self):
        try:
            flet_patches.install(("send",))
            assert flet_app.FletApp.send_message is send.send_message
            assert object_patch.DiffBuilder._configure_dataclass is tree_walk.ORIGINAL
            assert object_patch.DiffBuilder._index_key is diff.ORIGINAL_INDEX_KEY
            assert not send._route_told and not collector._on
        finally:
            flet_patches.install()


def _is_route(message) -> bool:
    """A message telling the browser its address (`push_route`)."""
    body = message[1] if isinstance(message, list) and len(message) == 2 else None
    return isinstance(body, dict) and body.get("name") == "push_route"


def _screens_of_a_game(folder, game: str, patches: tuple) -> tuple[list, list]:
    """Every message two devices are sent while a game is started, played, undone and
    redone on both, and its log, standings and rules, home, the statistics and the new
    game screen are opened, with `patches` installed: (the messages, the addresses told)."""
    flet_patches.install(patches)
    store = Store(folder / "referee.db")
    lives = LiveTables(store)
    sent: list = []

    async def run():
        encoder = flet_app.configure_encode_object_for_msgpack(BaseControl)  # as it sends
        devices = [device(lives) for _ in range(2)]
        for name, (_app, session) in zip("ab", devices, strict=True):
            session.connection.send_message = lambda message, name=name: sent.append(
                (name, msgpack.packb([message.action, message.body], default=encoder))
            )
        (a, _), (b, _) = devices
        a.games.start_game(game, PLAYERS[: GAMES[game].min_players + 1], {})
        game_id = a.game.game_id
        b.games.open_game(game_id)
        rng = random.Random(11)
        pages = [
            routes.game(game_id, "log"),
            routes.game(game_id, "standings"),
            routes.game(game_id, "rules"),
            routes.game(game_id),
            "/",
            "/stats",
            "/new",
            routes.game(game_id),
        ]
        for step in range(36):
            if step % 4 == 3:  # b opens the next screen; a stays on the game
                b.go(pages.pop(0) if pages else routes.game(game_id))
            else:  # a move, an undo or a redo on either device showing the game
                app = rng.choice([a, b] if b.screen == "game" else [a])
                session = app.game.session
                roll = rng.random()
                if roll < 0.15 and session.can_undo:
                    app.game.undo()
                elif roll < 0.3 and session.can_redo:
                    app.game.redo()
                elif (action := app.game.rules.draw(session.state, rng)) is not None:
                    app.game.play(action)
            for _ in range(6):  # the other device is told on turns of the event loop
                await asyncio.sleep(0)

    try:
        run_async(run())
    finally:
        store.close()
        flet_patches.install()
    ids: dict = {}
    decoded = [
        (n, timeless(numbered(msgpack.unpackb(raw, strict_map_key=False), ids))) for n, raw in sent
    ]
    told = [(n, m) for n, m in decoded if _is_route(m)]
    return [(n, m) for n, m in decoded if not _is_route(m)], told


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_games_screens_send_what_flet_as_shipped_sends(tmp_path, game):
    """Every patch on, or none (REFEREE_FLET_PATCHES=0): the same messages, decoded, to
    each device in the same order. The addresses told are the same too; only their place
    differs, by design: the route patch sends one before its screen, Flet after it."""
    ours, ours_told = _screens_of_a_game(tmp_path / "ours", game, flet_patches.PATCHES)
    theirs, theirs_told = _screens_of_a_game(tmp_path / "flet", game, ())
    assert len(ours) > 20 and {name for name, _ in ours} == {"a", "b"}
    assert ours == theirs
    assert len(ours_told) >= 5
    assert ours_told == theirs_told
