"""collector.py: the garbage collector's full passes wait until no screen is being drawn."""

import asyncio
import gc

import pytest

from referee import collector
from tests.helpers import run_async


class TestWhenAFullPassRuns:
    def test_not_while_screens_are_being_drawn(self):
        assert not collector.due(now=10.5, last_drawn=10.0, passes_since_full=3)

    def test_once_the_table_has_been_idle_for_a_second(self):
        assert collector.due(now=11.0, last_drawn=10.0, passes_since_full=3)

    def test_not_when_nothing_new_could_be_garbage(self):
        assert not collector.due(now=60.0, last_drawn=10.0, passes_since_full=0)


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
            gc.collect(1)  # a middle-generation pass: garbage may have grown since
            task = asyncio.get_running_loop().create_task(collector.collect_when_idle())
            await asyncio.sleep(0.3)
            task.cancel()

        gc.callbacks.append(seen)
        try:
            run_async(run())
        finally:
            gc.callbacks.remove(seen)
        assert gc.get_threshold()[2] == collector.FULL_PASS_BACKSTOP
        assert full_passes
