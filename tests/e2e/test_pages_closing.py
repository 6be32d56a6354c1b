"""Pages that close leave their table at once and quietly, and Ctrl-C ends the host in one
line (issue 54), in headless Chromium against `python -m referee --web`."""

import signal
import time

import pytest
from playwright.sync_api import expect

from tests.e2e.browser import free_port, open_page, serve, start_on, tagged
from tests.e2e.test_live_table import new_game

pytestmark = pytest.mark.e2e

ROUNDS = 1  # of three pages opened on the game and closed as the game moves
# What the host must never print as pages close or as it stops.
ERRORS = ("Traceback", "Exception in ASGI application", "Receive loop error", "Error")


class TestPagesThatClose:
    def test_a_page_closed_as_the_game_moves_leaves_the_count_at_once(self, browser, tmp_path):
        with serve(tmp_path, renderer="auto") as app:
            host = open_page(browser, app.url)
            new_game(host, ["Ana", "Bo", "Cy"])
            host.get_by_role("button", name="Top 3", exact=True).click()
            expect(tagged(host, "round")).to_contain_text("top 3")
            for _ in range(ROUNDS):
                pages = []
                for _ in range(3):
                    page = open_page(browser, app.url)
                    page.get_by_role("button", name="Resume Fae-ker: Ana, Bo, Cy").click()
                    expect(tagged(page, "status")).to_be_visible(timeout=30_000)
                    pages.append(page)
                expect(tagged(host, "devices")).to_have_text("Also open on 3 other devices")
                # Each page closes while the host's Undo is on its way to it: a send to a
                # socket that just went (Flet let it rise, and the page stayed counted).
                for page in pages:
                    host.get_by_role("button", name="Undo").click()
                    page.close()
                    host.get_by_role("button", name="Redo").click()
                expect(tagged(host, "devices")).to_have_count(0, timeout=3000)
            log = app.log.read_text()
            assert not [e for e in ERRORS if e in log], log


def _ignore_ctrl_c() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class TestCtrlC:
    # Also started with Ctrl-C ignored, as a shell starts a background job (and as a test
    # worker may have it): uvicorn then raises the signal again into nothing.
    @pytest.mark.parametrize("ignored", [False, True], ids=["as-run", "ctrl-c-ignored"])
    def test_ctrl_c_ends_the_host_in_one_line(self, browser, tmp_path, ignored):
        port = free_port()
        out = tmp_path / "host.log"
        with open(out, "w") as log:
            proc = start_on(port, tmp_path, log, preexec=_ignore_ctrl_c if ignored else None)
            try:
                page = open_page(browser, f"http://127.0.0.1:{port}/")  # a page still open
                new_game(page, ["Ana", "Bo"])
                expect(tagged(page, "status")).to_be_visible()
                asked = time.perf_counter()
                proc.send_signal(signal.SIGINT)
                code = proc.wait(15)
                took = time.perf_counter() - asked
            finally:
                if proc.poll() is None:
                    proc.kill()
                    proc.wait()
        lines = out.read_text().splitlines()
        assert lines[0].startswith("referee is running"), lines
        assert lines[1:] == ["referee stopped: every game is saved."], lines
        assert code == 0
        assert took < 5, took
