"""Run the slowest tests first, so that pytest-xdist's work stealing keeps both cores busy
to the end instead of leaving one browser test running alone at the tail of the suite."""

SLOW_FIRST = ("tests/e2e/", "tests/contract/test_random_play.py", "tests/live/test_server.py")


def pytest_collection_modifyitems(items):
    def rank(item) -> int:
        path = item.nodeid
        for i, prefix in enumerate(SLOW_FIRST):
            if path.startswith(prefix):
                return i
        return len(SLOW_FIRST)

    items.sort(key=rank)
