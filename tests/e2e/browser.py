"""Serve the app on a free localhost port and drive it in Debian's headless Chromium.

Facts from the workplace's notes on testing Flet: the CDN must be off, and Flutter's
semantics tree appears only after its placeholder is clicked. The app is served with the
renderer users get (auto: skwasm in Chromium), which loads a page in less CPU than
CanvasKit (README); its screenshots may lag the state by a frame, and they are kept for
people to look at, never compared.
"""

import os
import re
import shutil
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

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


@dataclass
class Server:
    url: str
    started: float  # perf_counter() when the process was started
    pid: int
    log: Path


# How often a starting server's port is tried: the first-frame bench counts from the start
# of the process, and a coarser poll would add up to its whole interval to either app.
PORT_POLL_S = 0.01


def wait_for_port(host: str, port: int, proc: subprocess.Popen, seconds: float = 30) -> bool:
    """Whether `proc` opened `port` within `seconds` (False at once if it ended first)."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        with socket.socket() as s:
            if s.connect_ex((host, port)) == 0:
                return True
        if proc.poll() is not None:
            return False
        time.sleep(PORT_POLL_S)
    return False


@contextmanager
def serve(
    data_dir: Path,
    renderer: str = "auto",
    host: str = "127.0.0.1",
    args=(),
    env=None,
    root: Path = ROOT,
    port: int | None = None,
):
    """Start `python -m referee --web` (plus `args`) on `host` and yield a Server; `root`: the
    checkout whose referee is served (another one's, to compare two versions); `port`: this
    one (a host started again on the port its phones know)."""
    port = port or free_port()
    environ = dict(os.environ, FLET_WEB_NO_CDN="1", REFEREE_DATA_DIR=str(data_dir), **(env or {}))
    environ.pop("FLET_WEB_RENDERER", None)
    if renderer != "auto":
        environ["FLET_WEB_RENDERER"] = renderer
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "REFEREE_TABLE_CODE", "FLET_SERVER_IP"):
        if name not in (env or {}):
            environ.pop(name, None)
    log_path = data_dir / "server.log"
    log = open(log_path, "a")  # noqa: SIM115 - closed below; a restart's log follows
    started = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "referee", "--web", "--host", host, "--port", str(port), *args],
        env=environ,
        stdout=log,
        stderr=subprocess.STDOUT,
        cwd=root,
    )
    try:
        if not wait_for_port(host, port, proc) and proc.poll() is not None:
            raise RuntimeError(log_path.read_text())
        yield Server(f"http://{host}:{port}/", started, proc.pid, log_path)
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@contextmanager
def serve_app(data_dir: Path, renderer: str = "auto"):
    """Start the app on 127.0.0.1 and yield (url, started_at)."""
    with serve(data_dir, renderer) as server:
        yield server.url, server.started


def start_on(
    port: int, data: Path, log, host: str = "127.0.0.1", args=(), preexec=None
) -> subprocess.Popen:
    """`python -m referee` (web, or `args` such as --share) on this very port and data
    folder, as a host starts it again after a crash: the phones know the port. `preexec`:
    run in the child before it starts (a signal ignored, as a shell's background job)."""
    env = dict(os.environ, FLET_WEB_NO_CDN="1", REFEREE_DATA_DIR=str(data))
    for name in (
        "DISPLAY",
        "WAYLAND_DISPLAY",
        "REFEREE_TABLE_CODE",
        "FLET_SERVER_IP",
        "FLET_WEB_RENDERER",
    ):
        env.pop(name, None)
    command = [sys.executable, "-m", "referee", *(args or ["--web"])]
    command += ["--host", host, "--port", str(port)]
    for _ in range(20):  # the port of the server just killed may take a moment to free
        proc = subprocess.Popen(
            command,
            env=env,
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
            preexec_fn=preexec,
        )
        if wait_for_port(host, port, proc):
            return proc
        time.sleep(0.25)
    raise RuntimeError("the server did not start again on its port")


def launch(playwright):
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


def open_page(
    browser,
    url: str,
    width: int = 400,
    height: int = 860,
    ready="New game",
    touch: bool = False,
    init_script: str | None = None,
    cpu_throttle: float = 1,
    on_page=None,
    semantics: bool = True,
    **context,
):
    """`touch`: a phone's touch screen (taps with `locator.tap()`), not a mouse;
    `init_script`: run in the page before any of its own scripts; `cpu_throttle`: the
    page's processor slowed that many times (4: DevTools' mid-range phone), from its load;
    `on_page`: called with the page before it loads; `semantics=False`: Flutter builds no
    accessibility tree (as for a phone without a screen reader), so nothing can be found
    by role or identifier and `ready` is not waited for. `context`: Playwright's options of
    the page's context (a phone's `device_scale_factor`, `permissions`)."""
    page = browser.new_page(viewport={"width": width, "height": height}, has_touch=touch, **context)
    if cpu_throttle != 1:
        page.context.new_cdp_session(page).send(
            "Emulation.setCPUThrottlingRate", {"rate": cpu_throttle}
        )
    if init_script:
        page.add_init_script(init_script)
    if on_page:
        on_page(page)  # before the page loads: listeners that must see its first requests
    # The one CDN request left (a rive script) must fail fast instead of hanging: offline.
    parts = urlsplit(url)
    origin = f"{parts.scheme}://{parts.netloc}/"
    page.route(
        "**/*",
        lambda route: route.continue_() if route.request.url.startswith(origin) else route.abort(),
    )
    page.goto(url)
    if not semantics:
        return page
    # Flutter builds its accessibility tree only after its placeholder is clicked.
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    if ready:
        page.get_by_role("button", name=ready).wait_for(timeout=60_000)
    return page


def tagged(page, identifier: str):
    return page.locator(f'[flt-semantics-identifier="{identifier}"]')


def shot(page, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.wait_for_timeout(400)  # let the renderer paint the frame the assertion saw
    page.screenshot(path=str(path))
    return path


def expect_path(page, path: str) -> None:
    """The page's address comes to be `path` (its query aside): awaited, since Flet as
    shipped (REFEREE_FLET_PATCHES=0) sends a new screen's address after the screen."""
    from playwright.sync_api import expect

    assert not page.url.startswith("about:"), f"Back left the app: {page.url}"
    expect(page).to_have_url(re.compile(r"^[a-z]+://[^/]+" + re.escape(path) + r"(\?.*)?$"))


def fill_in(field, text: str) -> None:
    """Type `text` into a text field just tapped, once Flutter has given it the focus, as a
    person types only once the field has taken the tap."""
    from playwright.sync_api import expect

    expect(field).to_be_focused()
    field.fill(text)
