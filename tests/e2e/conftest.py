import os

import pytest

from tests.e2e.browser import chromium_available, launch


@pytest.fixture(scope="session")
def browser():
    if not chromium_available():
        if os.environ.get("CI"):
            pytest.fail("Chromium is missing: .ci/run must install Debian's chromium")
        pytest.skip("Debian's chromium is not installed (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = launch(pw)
        yield browser
        browser.close()


@pytest.fixture(autouse=True)
def _close_pages(request):
    """Close every page a test opened: a page left open keeps its Flutter client running
    and reconnecting to a server that is gone, which slowed later tests several times over
    and made page loads time out."""
    yield
    if "browser" in request.fixturenames:
        for context in request.getfixturevalue("browser").contexts:
            context.close()
