"""Which game's devices are told first when several games change at once (referee.live.turns)."""

import asyncio
import gc
import weakref

from referee.core.record import GameRecord
from referee.live.tables import LiveTables
from referee.storage.store import Store
from tests.helpers import run_async, top


def faeker_game(live):
    return live.create(GameRecord(game="faeker", players=["Ana", "Bo", "Cy"]))


async def settle() -> None:
    for _ in range(40):
        await asyncio.sleep(0)


def watched(game, names: str, order: list[str]) -> None:
    for name in names:
        game.join(name, name, lambda _v, n=name: order.append(n))


async def all_change(games, order: list[str]) -> None:
    """Once every device's joining is told, every one of `games` changes in one turn."""
    await settle()
    order.clear()
    for n, game in enumerate(games):
        game.play(0, f"changer {n}", top(3))


def told_in_order(live, *devices: str) -> list[str]:
    """Games, each with the devices named in one string of `devices`, that change in the
    same turn: the order their devices are told in."""
    games = [faeker_game(live) for _ in devices]
    order: list[str] = []

    async def taps() -> None:
        for game, names in zip(games, devices, strict=True):
            watched(game, names, order)
        await all_change(games, order)
        await settle()

    run_async(taps())
    return order


class TestTurns:
    def test_the_game_that_changed_first_tells_all_its_devices_first(self, live):
        """Told in alternation, two tables that changed at once both wait for every
        device of both; in turns, the first table waits only for its own."""
        assert told_in_order(live, "BCD", "XYZ") == list("BCDXYZ")

    def test_a_device_that_fails_does_not_stop_the_others_being_told(self, live):
        one, two = faeker_game(live), faeker_game(live)
        order: list[str] = []

        def cancelled(_version) -> None:
            order.append("B")
            raise asyncio.CancelledError  # not an Exception: it leaves the turn

        async def taps() -> None:
            loop = asyncio.get_running_loop()
            loop.set_exception_handler(lambda _loop, _context: None)
            one.join("B", "B", cancelled)
            watched(one, "C", order)
            watched(two, "X", order)
            await all_change([one, two], order)
            await settle()

        run_async(taps())
        assert order == ["B", "C", "X"]

    def test_a_server_loop_gone_leaves_nothing_of_its_turns_behind(self, tmp_path):
        store = Store(tmp_path / "referee.db")
        lives = LiveTables(store)  # its tables keep their loop while they are
        games = [faeker_game(lives), faeker_game(lives)]
        loops = []

        async def taps() -> None:
            loops.append(weakref.ref(asyncio.get_running_loop()))
            for game, name in zip(games, "BX", strict=True):
                watched(game, name, [])
            await all_change(games, [])
            await settle()

        try:
            run_async(taps())
        finally:
            lives.close()
            store.close()
        games.clear()
        del lives
        gc.collect()
        assert loops[0]() is None

    def test_each_device_is_told_in_a_turn_of_its_own_so_a_tap_goes_in_between(self, live):
        one = faeker_game(live)
        order: list[str] = []

        async def taps() -> None:
            loop = asyncio.get_running_loop()
            watched(one, "BCD", order)
            await settle()
            order.clear()
            one.play(0, "A", top(3))
            loop.call_soon(loop.call_soon, loop.call_soon, order.append, "tap")
            await settle()

        run_async(taps())
        assert order.index("tap") < order.index("D")

    def test_a_game_changing_again_while_it_tells_lets_the_next_game_go_after_a_round(self, live):
        one, two = faeker_game(live), faeker_game(live)
        order: list[str] = []

        async def taps() -> None:
            watched(one, "BC", order)
            watched(two, "XY", order)
            await all_change([one, two], order)
            await asyncio.sleep(0)
            await asyncio.sleep(0)  # B told: the first game changes again before C is
            one.undo(1, "changer 0")
            await settle()

        run_async(taps())
        # B, then C (told of both changes at once: a device due keeps its place), then
        # the other game's round, and only then B again, for the second change
        assert order == ["B", "C", "X", "Y", "B"]
