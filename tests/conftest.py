"""Suite-wide order and retries.

The slowest tests run first, so that pytest-xdist's work stealing keeps both cores busy to
the end instead of leaving one browser test running alone at the tail of the suite.

A browser test gets one retry: on a loaded 2-core machine a tap can land while Flutter is
still laying out the previous frame (seen here once in three full runs). A test that fails
twice fails the suite, and pytest reports every rerun ("R"), so a real failure still shows.

Tests without a server build and send controls as the app does (referee.app's Flet).
"""

import asyncio

import pytest

from referee import flet_patches

flet_patches.install()  # as the app does: every patch, or REFEREE_FLET_PATCHES's choice

SLOW_FIRST = (
    "tests/e2e/",
    "tests/contract/test_random_play.py",
    "tests/live/test_server.py",
    "tests/live/test_other_process.py",
    "tests/live/test_many_devices.py",
)


def pytest_collection_modifyitems(items):
    def rank(item) -> int:
        for i, prefix in enumerate(SLOW_FIRST):
            if item.nodeid.startswith(prefix):
                return i
        return len(SLOW_FIRST)

    items.sort(key=rank)
    for item in items:
        if item.nodeid.startswith("tests/e2e/"):
            item.add_marker(pytest.mark.flaky(reruns=1))


@pytest.fixture(autouse=True)
def _shut_what_now_waits(monkeypatch):
    """A game's shut What now? is brought up to date once the game has been still 0.4 s
    (ui/screens/game/whatnow_toggle.KEEP_AFTER_S): in a test, only where the test says so, so
    that a slow moment of the machine never lets it land between two steps a test takes."""
    from referee.ui.screens.game import whatnow_toggle

    monkeypatch.setattr(whatnow_toggle, "KEEP_AFTER_S", 3600)


@pytest.fixture(autouse=True)
def _no_browser_loop(request):
    """Outside the browser tests, no event loop runs on the main thread. A browser test
    earlier in the same worker leaves Playwright's loop marked running there (its sync API
    runs it in a greenlet), and code that asks for the running loop then queued work on a
    loop that never turns while the test runs: an ask's dialog never showed, a device was
    never told. The mark is put back afterwards, for Playwright's next call."""
    if request.node.nodeid.startswith("tests/e2e/"):
        yield
        return
    loop = asyncio._get_running_loop()
    if loop is None:
        yield
        return
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(loop)
