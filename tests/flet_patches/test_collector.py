"""flet_patches/collector.py: the garbage collector's full passes wait until no screen is
being drawn."""

import asyncio
import gc
import sys

import pytest

from referee.core.record import GameRecord
from referee.flet_patches import collector
from referee.live.tables import LiveTables
from referee.storage.store import Store
from tests.helpers import run_async, top


class TestWhenAFullPassRuns:
    def test_not_while_screens_are_being_drawn(self):
        assert not collector.due(now=10.5, last_drawn=10.0, passes_since_full=12)

    def test_once_the_table_has_been_idle_for_two_seconds(self):
        assert collector.due(now=12.0, last_drawn=10.0, passes_since_full=12)

    def test_only_when_python_would_have_run_one_by_then(self):
        """It moves Python's own full pass (after ten middle-generation passes) to an idle
        moment; it does not add passes."""
        assert not collector.due(now=60.0, last_drawn=10.0, passes_since_full=9)
        assert collector.due(now=60.0, last_drawn=10.0, passes_since_full=10)


@pytest.mark.skipif(sys.version_info >= (3, 14), reason="3.14's collector is incremental")
class TestTheIdleLoop:
    @pytest.fixture
    def thresholds(self):
        saved = gc.get_threshold()
        yield
        gc.set_threshold(*saved)

    def test_automatic_full_passes_become_rare_and_an_idle_one_runs(self, thresholds, monkeypatch):
        monkeypatch.setattr(collector, "IDLE_SECONDS", 0.05)
        full_passes = []

        def seen(phase, info):
            if phase == "stop" and info["generation"] == 2:
                full_passes.append(info)

        async def run():
            collector.drawn()
            for _ in range(collector.PASSES_PER_FULL):
                gc.collect(1)  # middle-generation passes: Python would soon run a full one
            task = asyncio.get_running_loop().create_task(collector.collect_when_idle())
            await asyncio.sleep(0.3)
            task.cancel()

        gc.callbacks.append(seen)
        try:
            run_async(run())
        finally:
            gc.callbacks.remove(seen)
        assert gc.get_threshold()[2] == collector.FULL_PASS_BACKSTOP
        assert full_passes  # automatic ones wait for 200 middle passes: this is the idle one


@pytest.mark.skipif(sys.version_info >= (3, 14), reason="3.14's collector is incremental")
class TestWhileDevicesAreTold:
    """No pass runs while a game's devices are being told of a change: each device's
    screen would wait for the passes the screens before it set off."""

    @pytest.fixture(autouse=True)
    def fresh(self):
        was = gc.isenabled()
        collector._tellings, collector._paused_at = 0, None
        gc.enable()
        yield
        collector._tellings, collector._paused_at = 0, None
        gc.enable() if was else gc.disable()

    @pytest.fixture
    def game(self, tmp_path):
        store = Store(tmp_path / "referee.db")
        game = LiveTables(store).create(GameRecord(game="faeker", players=["Ana", "Bo", "Cy"]))
        yield game
        store.close()

    @staticmethod
    def watched(game) -> list[bool]:
        """Three devices join `game`; each notes whether the collector is on when told."""
        seen: list[bool] = []
        for name in "BCD":
            game.join(name, name, lambda _v: seen.append(gc.isenabled()))
        return seen

    def test_no_pass_runs_until_the_last_device_has_its_screen(self, game):
        seen = self.watched(game)
        seen.clear()
        game.play(0, "A", top(3))
        assert seen == [False, False, False]
        assert gc.isenabled()

    def test_nor_on_the_servers_loop_where_each_device_has_a_turn(self, game):
        async def tap() -> list[bool]:
            seen = self.watched(game)  # joined on the loop: told in turns of their own
            for _ in range(10):
                await asyncio.sleep(0)
            seen.clear()
            game.play(0, "A", top(3))
            assert not gc.isenabled()
            for _ in range(10):
                await asyncio.sleep(0)
            return seen

        seen = run_async(tap())
        assert seen == [False, False, False]
        assert gc.isenabled()

    def test_two_games_told_at_once_turn_it_back_on_when_both_are_done(self):
        collector.telling_starts()
        collector.telling_starts()
        collector.telling_ends()
        assert not gc.isenabled()
        collector.telling_ends()
        assert gc.isenabled()

    def test_a_pause_never_outlasts_its_limit(self):
        """Tellings that keep overlapping, or one a stopped loop never ends, do not keep
        the collector off."""
        collector.telling_starts(now=100.0)
        collector.telling_starts(now=100.2)
        assert not gc.isenabled()
        collector.telling_ends(now=100.0 + collector.PAUSE_LIMIT_S + 0.1)  # one still on
        assert gc.isenabled()
        collector.telling_starts(now=101.0)  # no new pause until every telling is done
        assert gc.isenabled()

    def test_a_collector_turned_off_elsewhere_stays_off(self):
        gc.disable()
        collector.telling_starts()
        collector.telling_ends()
        assert not gc.isenabled()
