"""collector.py: the garbage collector's full passes wait until no screen is being drawn."""

import asyncio
import gc
import sys

import pytest

from referee import collector
from tests.helpers import run_async


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
