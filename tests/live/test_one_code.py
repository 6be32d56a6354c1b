"""One code per data folder, on every referee serving it: a new code made by one host is
noticed by the others within 1 s, each of their open pages admitted under the old code is
asked for the new one, the old code is refused everywhere, and each host prints and uses
the code that is stored; a damaged sharing.json is kept aside and said on the console and
on the share screen. Real hosts are `python -m referee --share` on 127.0.0.1."""

import asyncio
import json
import os
import re
import secrets
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import msgpack
import pytest
import websockets

from bench.flet_client import REGISTER, Device, _controls
from bench.live_devices import make_games, players
from referee.live import code_watch, server
from referee.storage.sharing import FILE_NAME, TableAccess
from referee.ui.screens.code import NEW_CODE
from tests.e2e.browser import ROOT, free_port, serve, wait_for_port
from tests.helpers import run_async

RESUME = f"Resume Fae-ker: {', '.join(players(0))}"
PRINTED = re.compile(r"Table code: (\S+)|table code.*: it is now (\S+)\.")


def codes(*made):
    made = iter(made or ["AAAA-BBBB", "CCCC-DDDD", "EEEE-FFFF"])
    return lambda: next(made)


class Phone(Device):
    """A device whose browser keeps a token cookie, as every browser does once served."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.token = secrets.token_urlsafe(18)

    async def connect(self, url: str, route: str = "/") -> None:
        self.ws = await websockets.connect(
            url.replace("http://", "ws://").rstrip("/") + "/ws",
            additional_headers={
                "Origin": url.rstrip("/"),
                "Cookie": f"{server.DEVICE_COOKIE}={self.token}",
            },
            max_size=None,
            open_timeout=30,
        )
        page = {"route": route, "width": 400.0, "height": 860.0, "platform": "android"}
        await self.send(REGISTER, {"session_id": "", "page_name": "", "page": page})
        first = msgpack.unpackb((await self.ws.recv())[1:], strict_map_key=False)
        assert first[0] == REGISTER and not first[1]["error"], first[1].get("error")
        self.page = first[1]["page_patch"]
        _controls(self.page, self.index)
        self._reader = asyncio.get_running_loop().create_task(self._read())

    async def button(self, kind: str, words: str, seconds: float = 30) -> dict:
        """A dialog's button (TextButton, FilledButton) showing `words`."""
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            self.apply()
            for control in self._walk(self.page):
                if control.get("_c") == kind and control.get("content") == words:
                    return control
            await asyncio.sleep(0.05)
        raise TimeoutError(f"{self.name} shows no {kind} {words!r}")

    def shows(self, words: str) -> bool:
        self.apply()
        return any(words in json.dumps(c, default=str) for c in self._walk(self.page))


def stored(folder: Path) -> str:
    return json.loads((folder / FILE_NAME).read_text())["code"]


def last_printed(log: Path) -> str:
    found = PRINTED.findall(log.read_text())
    assert found, log.read_text()
    return [a or b for a, b in found][-1]


def shared_folder(tmp_path: Path) -> Path:
    shared = tmp_path / "data"
    shared.mkdir()
    make_games(shared, 1)
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
    return shared


@pytest.fixture
def sharing(tmp_path, monkeypatch):
    """This process sharing the folder `tmp_path`, as a server does."""
    monkeypatch.delenv(server.CODE_ENV, raising=False)
    said: list[str] = []
    access = server.share_table(tmp_path, say=said.append)
    yield access, said
    server.stop_sharing()
    # share_table sets the code in the environment as a server does; monkeypatch's delenv
    # of a name not set records nothing to undo, so it goes here, not to the next test.
    os.environ.pop(server.CODE_ENV, None)


class TestTheStoredCodeIsTheOneUsed:
    def test_a_code_check_compares_with_the_stored_code_never_a_copy(self, tmp_path, sharing):
        access, _said = sharing
        old = access.code
        new = TableAccess(tmp_path, server.new_table_code)
        new.load()
        code = new.renew()
        # Asked at once, before the watcher has looked: the stored code, read again.
        assert not server.code_matches(old)
        assert server.code_matches(code) and server.table_code() == code
        assert server.retired_code(old)

    def test_an_admission_under_a_code_changed_since_its_check_is_refused(self, tmp_path, sharing):
        access, _said = sharing
        checked = access.code
        other = TableAccess(tmp_path, server.new_table_code)
        other.load()
        other.renew()
        assert server.admit("phone-token-0123456789ab", checked) is False
        assert not server.admitted("phone-token-0123456789ab")

    def test_the_watcher_notices_a_new_code_made_elsewhere_within_1_s(self, tmp_path, sharing):
        _access, said = sharing
        heard = threading.Event()
        server.on_new_code(heard.set)
        other = TableAccess(tmp_path, codes("QQQQ-RRRR"))
        other.load()
        started = time.perf_counter()
        other.renew()
        assert heard.wait(5)
        assert time.perf_counter() - started < 1.0
        assert said == [
            "Another referee on this data folder made a new table code: it is now QQQQ-RRRR."
        ]

    def test_this_servers_own_new_code_is_not_told_as_another_referees(self, sharing):
        _access, said = sharing
        heard = threading.Event()
        server.on_new_code(heard.set)
        code, made = server.renew_code(keep="host-token-0123456789ab")
        assert made and server.table_code() == code
        assert not heard.wait(code_watch.CODE_POLL_S * 4)
        assert said == [
            f"A new table code was made on this referee's share screen: it is now {code}."
        ]

    def test_a_damaged_file_found_while_serving_is_said_on_the_console(self, tmp_path, sharing):
        access, said = sharing
        code = access.code
        (tmp_path / FILE_NAME).write_text("{")
        deadline = time.monotonic() + 5
        while not said and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(said) == 1 and "was damaged: it is kept as sharing.json.damaged-" in said[0]
        assert stored(tmp_path) == code and server.sharing_notes() == said


# -- two real hosts on one data folder ---------------------------------------------------


async def new_code_on(host: Phone, phone: Phone) -> float:
    """Make a new code on `host`'s share screen; how long until `phone` is asked for it."""
    await host.click(await host.wait_for("Share this table"))
    await host.click(await host.button("TextButton", "New code"))
    yes = await host.button("FilledButton", "New code")  # the question's Yes
    asked = phone.expect(NEW_CODE)
    started = time.perf_counter()
    await host.click(yes)
    return await asyncio.wait_for(asked, 10) - started


def test_after_a_new_code_on_one_host_the_other_refuses_the_old_and_asks_its_pages_within_1_s(
    tmp_path,
):
    shared = shared_folder(tmp_path)
    share = ("--share", "--data-dir", str(shared))
    with (
        serve(tmp_path / "a", "auto", args=share) as a,
        serve(tmp_path / "b", "auto", args=share) as b,
    ):
        old = stored(shared)
        assert last_printed(a.log) == last_printed(b.log) == old

        async def rounds() -> list[float]:
            took = []
            code = old
            for _ in range(3):
                phone, host = Phone("phone on A"), Phone("host on B")
                await phone.connect(a.url, f"/?code={code}")
                await phone.wait_for(RESUME)
                await host.connect(b.url, f"/?code={code}")
                took.append(await new_code_on(host, phone))
                new = stored(shared)
                assert new != code
                await phone.quiet(0.3)
                assert phone.texts("code-screen") == ["Enter the table code"]
                assert host.shows(new)  # the host keeps the table and sees the new code
                # A refuses the old code (its link says a new code was made) ...
                late = Phone("late on A")
                await late.connect(a.url, f"/?code={code}")
                await late.quiet(0.3)
                assert late.texts("code-screen") and late.shows(NEW_CODE)
                # ... and admits the new one.
                again = Phone("again on A")
                await again.connect(a.url, f"/?code={new}")
                await again.wait_for(RESUME)
                for device in (phone, host, late, again):
                    await device.close()
                code = new
            return took

        took = run_async(rounds())
        print(f"host A asked its open page for B's new code after {took} s")
        assert max(took) < 1.0
        assert last_printed(a.log) == last_printed(b.log) == stored(shared)


@contextmanager
def started_at_once(tmp_path: Path, shared: Path, *args: str):
    """Two `python -m referee --share` on one folder, started at the same moment."""
    env = dict(os.environ, FLET_WEB_NO_CDN="1", REFEREE_DATA_DIR=str(shared))
    for name in ("DISPLAY", "WAYLAND_DISPLAY", server.CODE_ENV, "FLET_SERVER_IP"):
        env.pop(name, None)
    hosts = []
    try:
        for name in ("a", "b"):
            port = free_port()
            log = tmp_path / name / "server.log"
            command = [sys.executable, "-m", "referee", "--share", *args]
            command += ["--host", "127.0.0.1", "--port", str(port)]
            with open(log, "w") as out:
                proc = subprocess.Popen(command, env=env, cwd=ROOT, stdout=out, stderr=out)
            hosts.append((proc, port, log))
        for proc, port, log in hosts:
            assert wait_for_port("127.0.0.1", port, proc), log.read_text()
        yield [(f"http://127.0.0.1:{port}/", log) for _proc, port, log in hosts]
    finally:
        for proc, _port, _log in hosts:
            proc.terminate()
        for proc, _port, _log in hosts:
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()


def test_two_hosts_started_with_new_code_at_once_print_and_use_the_stored_code(tmp_path):
    shared = shared_folder(tmp_path)
    TableAccess(shared, codes()).load()  # the table's code before
    with started_at_once(tmp_path, shared, "--new-code") as hosts:
        time.sleep(1.0)  # a host that printed a code since replaced has said the new one
        code = stored(shared)
        assert code != "AAAA-BBBB"
        assert [last_printed(log) for _url, log in hosts] == [code, code]

        async def both_admit() -> None:
            for url, _log in hosts:
                phone = Phone(url)
                await phone.connect(url, f"/?code={code}")
                await phone.wait_for(RESUME)
                await phone.close()

        run_async(both_admit())


def test_a_damaged_file_is_kept_aside_and_said_on_the_console_and_the_share_screen(tmp_path):
    shared = shared_folder(tmp_path)
    (shared / FILE_NAME).write_text('{"code": ')
    with serve(tmp_path / "a", "auto", args=("--share", "--data-dir", str(shared))) as a:
        (kept,) = [p for p in shared.iterdir() if p.name.startswith(FILE_NAME + ".damaged-")]
        assert kept.read_text() == '{"code": '
        said = (
            f"sharing.json in {shared} was damaged: it is kept as {kept.name}, and a new "
            "table code was made: every phone must give it."
        )
        assert said in a.log.read_text()

        async def share_screen() -> list[str]:
            host = Phone("host")
            await host.connect(a.url, f"/?code={stored(shared)}")
            await host.click(await host.wait_for("Share this table"))
            await host.button("TextButton", "New code")
            notes = host.texts("share-note")
            await host.close()
            return notes

        assert run_async(share_screen()) == [said]
