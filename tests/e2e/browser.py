"""Serve the app on a free localhost port and drive it in Debian's headless Chromium.

Facts from shared/TESTING-FLET.md: the CDN must be off, Flutter's semantics tree appears only
after its placeholder is clicked, and the canvaskit renderer gives screenshots that match
the state.
"""

import os
import shutil
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"


def chromium_available() -> bool:
    return Path(CHROMIUM).exists() or shutil.which("chromium") is not None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def serve_app(data_dir: Path, renderer: str = "canvaskit"):
    """Start `python -m referee --web` and yield (url, started_at)."""
    port = free_port()
    env = dict(os.environ, FLET_WEB_NO_CDN="1", REFEREE_DATA_DIR=str(data_dir))
    if renderer != "auto":
        env["FLET_WEB_RENDERER"] = renderer
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    log = open(data_dir / "server.log", "w")  # noqa: SIM115 - closed below
    started = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "referee", "--web", "--port", str(port)],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        cwd=ROOT,
    )
    try:
        deadline = time.time() + 30
        while time.time() < deadline:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            if proc.poll() is not None:
                raise RuntimeError((data_dir / "server.log").read_text())
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/", started
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def launch(playwright):
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


def open_page(browser, url: str, width: int = 400, height: int = 860):
    page = browser.new_page(viewport={"width": width, "height": height})
    # The one CDN request left (a rive script) must fail fast instead of hanging: offline.
    page.route(
        "**/*",
        lambda route: (
            route.continue_() if route.request.url.startswith("http://127.0.0.1") else route.abort()
        ),
    )
    page.goto(url)
    # Flutter builds its accessibility tree only after its placeholder is clicked.
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    page.get_by_role("button", name="New game").wait_for(timeout=60_000)
    return page


def tagged(page, identifier: str):
    return page.locator(f'[flt-semantics-identifier="{identifier}"]')


def shot(page, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.wait_for_timeout(400)  # let the renderer paint the frame the assertion saw
    page.screenshot(path=str(path))
    return path
