import os

import pytest

from tests.e2e.browser import chromium_available, launch, shot

try:
    from playwright.sync_api import expect
except ImportError:  # the browser tests skip without it
    expect = None
else:
    # An assertion waits as long as a loaded 2-core machine may take to draw a change:
    # Playwright's 5 s failed steps at the suite's tail, where two browsers and two
    # servers share the cores (they passed on their rerun).
    expect.set_options(timeout=15_000)


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


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call":  # each run of it, a rerun too, says its own
        item.stash[FAILED] = report.failed
    return report


FAILED = pytest.StashKey[bool]()


@pytest.fixture(autouse=True)
def _close_pages(request):
    """Close every page a test opened: a page left open keeps its Flutter client running
    and reconnecting to a server that is gone, which slowed later tests several times over
    and made page loads time out. A failed test's pages are photographed first, so that a
    failure seen only on another machine says what each page showed."""
    yield
    if "browser" not in request.fixturenames:
        return
    failed = request.node.stash.get(FAILED, False)
    for c, context in enumerate(request.getfixturevalue("browser").contexts):
        if failed:
            for p, page in enumerate(context.pages):
                name = f"failed-{request.node.name}-{c}-{p}"[:120]
                try:
                    path = shot(page, name)
                    print(f"{name}: {path}; showing: {page.url}")
                    print(page.locator("body").aria_snapshot(timeout=5_000)[:4_000])
                except Exception as error:  # a page that died still lets the rest close
                    print(f"{name}: no picture ({error})")
        context.close()
