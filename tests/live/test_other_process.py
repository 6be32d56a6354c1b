"""Two processes on one data folder: a change made through the other one reaches the
devices of this one within 2 s, told as "Changed on another device", by polling SQLite's
data_version while some device shows a game."""

import asyncio
import subprocess
import sys
import textwrap
import threading
import time

import pytest

from referee.core.record import GameRecord
from referee.live import tables as live_module
from referee.live.tables import LiveTables
from referee.storage.store import Store
from tests.helpers import bid, run_async, top


@pytest.fixture
def two_stores(tmp_path):
    one, two = Store(tmp_path / "referee.db"), Store(tmp_path / "referee.db")
    yield one, two
    one.close()
    two.close()


def faeker(lives):
    return lives.create(GameRecord(game="faeker", players=["Ana", "Bo", "Cy"]))


class Heard:
    """A device's listener: the versions it was told of, and an event per call."""

    def __init__(self) -> None:
        self.versions: list[int] = []
        self.event = threading.Event()

    def __call__(self, version: int) -> None:
        self.versions.append(version)
        self.event.set()

    def wait(self, seconds: float) -> float:
        start = time.perf_counter()
        assert self.event.wait(seconds), f"nothing heard within {seconds} s"
        return time.perf_counter() - start


class TestDataVersion:
    def test_data_version_moves_only_for_another_connections_commit(self, two_stores):
        one, two = two_stores
        before = one.data_version()
        faeker(LiveTables(one))  # this connection's own commit
        assert one.data_version() == before
        faeker(LiveTables(two))
        assert one.data_version() != before


class TestAnotherProcessesChanges:
    def test_a_move_through_another_store_reaches_this_processs_devices_within_2_s(
        self, two_stores
    ):
        one, two = two_stores
        here, there = LiveTables(one), LiveTables(two)
        try:
            game = faeker(here)
            phone = Heard()
            game.join("phone", "Phone", phone)
            time.sleep(live_module.POLL_S * 2)  # the watcher has looked once
            there.open(game.game_id).play(0, "elsewhere", top(4))
            assert phone.wait(2.0) < 2.0
            assert game.table.state.deal.top == 4
            notes = game.notes_between(0, phone.versions[-1])
            assert notes == ["Changed on another device: Round 1: top card 4, worth 3 fae."]
            game.play(game.version, "phone", bid("Bo", 1))  # the reloaded game goes on
        finally:
            here.close()
            there.close()

    def test_this_processs_own_moves_are_not_read_again(self, two_stores):
        one, _two = two_stores
        here = LiveTables(one)
        try:
            game = faeker(here)
            phone = Heard()
            game.join("phone", "Phone", phone)
            game.play(0, "host", top(3))
            time.sleep(live_module.POLL_S * 3)
            assert len(phone.versions) == 1 and game.notes_between(0, phone.versions[0]) == []
        finally:
            here.close()

    def test_a_game_deleted_by_another_process_is_gone_here(self, two_stores):
        one, two = two_stores
        here = LiveTables(one)
        try:
            game = faeker(here)
            phone = Heard()
            game.join("phone", "Phone", phone)
            LiveTables(two).delete(game.game_id)
            phone.wait(2.0)
            assert here.get(game.game_id) is None
            assert game.history[-1][1] == "the game was deleted on another device"
        finally:
            here.close()

    def test_nothing_is_polled_while_no_device_shows_a_game(self, two_stores, monkeypatch):
        one, _two = two_stores
        looks = []
        real = one.data_version
        monkeypatch.setattr(one, "data_version", lambda: looks.append(1) or real())
        here = LiveTables(one)
        try:
            game = faeker(here)
            time.sleep(live_module.POLL_S * 2)
            assert looks == [] and here._watcher is None  # no device: no thread at all
            game.join("phone", "Phone", Heard())
            time.sleep(live_module.POLL_S * 2)
            assert looks
            game.leave("phone")
            time.sleep(live_module.POLL_S * 2)
            count = len(looks)
            time.sleep(live_module.POLL_S * 3)
            assert len(looks) == count
        finally:
            here.close()


class TestOnTheServersLoop:
    def test_devices_are_told_on_the_event_loop_they_joined_from(self, two_stores):
        """Flet draws a page only from the server's event loop: a change read by the
        watcher thread must be told there."""
        one, two = two_stores
        here = LiveTables(one)
        loop = asyncio.new_event_loop()
        runner = threading.Thread(target=loop.run_forever, daemon=True)
        runner.start()
        try:
            game = faeker(here)
            phone = Heard()
            told_on = []

            def listener(version):
                told_on.append(threading.get_ident())
                phone(version)

            async def join():
                game.join("phone", "Phone", listener)

            asyncio.run_coroutine_threadsafe(join(), loop).result(10)
            LiveTables(two).open(game.game_id).play(0, "elsewhere", top(5))
            phone.wait(2.0)
            assert told_on == [runner.ident]
        finally:
            here.close()
            loop.call_soon_threadsafe(loop.stop)
            runner.join(5)
            loop.close()


WRITER = textwrap.dedent(
    """
    import sys
    from referee.live.tables import LiveTables
    from referee.storage.store import Store
    store = Store(sys.argv[1])
    table = LiveTables(store).open(int(sys.argv[2]))
    table.play(0, "other process", {"type": "top_card", "card": 6})
    store.close()
    """
)


def test_a_move_made_by_another_process_reaches_this_one_within_2_s(tmp_path):
    store = Store(tmp_path / "referee.db")
    here = LiveTables(store)
    try:
        game = faeker(here)
        phone = Heard()
        game.join("phone", "Phone", phone)
        subprocess.run(
            [sys.executable, "-c", WRITER, str(tmp_path / "referee.db"), str(game.game_id)],
            check=True,
            timeout=60,
        )
        phone.wait(2.0)
        assert game.table.state.deal.top == 6
        (note,) = game.notes_between(0, phone.versions[-1])
        assert "Changed on another device: Round 1: top card 6" in note
    finally:
        here.close()
        store.close()


def test_a_tap_on_another_server_reaches_this_servers_device_within_2_s(tmp_path):
    """Two referees serving one data folder, a device on each (Flet's own protocol)."""
    from bench.flet_client import Device
    from bench.live_devices import make_games, players
    from tests.e2e.browser import serve

    shared = tmp_path / "data"
    shared.mkdir()
    make_games(shared, 1)
    label = f"Resume Fae-ker: {', '.join(players(0))}"
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
    with (
        serve(tmp_path / "a", "auto", args=("--data-dir", str(shared))) as a,
        serve(tmp_path / "b", "auto", args=("--data-dir", str(shared))) as b,
    ):

        async def tap_there_see_here() -> float:
            here, there = Device("here"), Device("there")
            for device, app in ((here, a), (there, b)):
                await device.connect(app.url)
                await device.click(await device.wait_for(label))
                await device.wait_for("Undo")
            await asyncio.sleep(live_module.POLL_S * 2)  # here's watcher has looked once
            arrived = here.expect("Deal 5 cards")
            start = time.perf_counter()
            await there.click(there.find("Undo"))
            seen = await asyncio.wait_for(arrived, 10) - start
            await here.quiet(0.3)
            assert any("Deal 5 cards" in t for t in here.texts("status"))
            for device in (here, there):
                await device.close()
            return seen

        assert run_async(tap_there_see_here()) < 2.0
