from tests.ui.conftest import lives  # noqa: F401 - the live tables of one server, per test
