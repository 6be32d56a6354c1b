"""Which game's devices are told first when several games change at once (referee.turns)."""

import asyncio

import pytest

from referee.core.record import GameRecord
from referee.live import LiveTables
from referee.store import Store
from tests.helpers import top


@pytest.fixture
def live(tmp_path):
    store = Store(tmp_path / "referee.db")
    yield LiveTables(store)
    store.close()


def faeker_game(live):
    return live.create(GameRecord(game="faeker", players=["Ana", "Bo", "Cy"]))


async def settle() -> None:
    for _ in range(40):
        await asyncio.sleep(0)


def watched(game, names: str, order: list[str]) -> None:
    for name in names:
        game.join(name, name, lambda _v, n=name: order.append(n))


class TestTurns:
    def test_the_game_that_changed_first_tells_all_its_devices_first(self, live):
        """Told in alternation, two tables that changed at once both wait for every
        device of both; in turns, the first table waits only for its own."""
        one, two = faeker_game(live), faeker_game(live)
        order: list[str] = []

        async def taps() -> None:
            watched(one, "BCD", order)
            watched(two, "XYZ", order)
            await settle()
            order.clear()
            one.play(0, "A", top(3))
            two.play(0, "W", top(3))
            await settle()

        asyncio.run(taps())
        assert order == list("BCDXYZ")

    def test_a_tap_between_two_devices_is_handled_before_the_next_is_told(self, live):
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

        asyncio.run(taps())
        assert order.index("tap") < order.index("D")

    def test_a_game_changing_again_while_it_tells_lets_the_next_game_go_after_a_round(self, live):
        one, two = faeker_game(live), faeker_game(live)
        order: list[str] = []

        async def taps() -> None:
            watched(one, "BC", order)
            watched(two, "XY", order)
            await settle()
            order.clear()
            one.play(0, "A", top(3))
            two.play(0, "W", top(3))
            await asyncio.sleep(0)
            await asyncio.sleep(0)  # B told: A's game changes again before C is
            one.undo(1, "A")
            await settle()

        asyncio.run(taps())
        # B, then C (told of both changes at once: a device due keeps its place), then
        # the other game's round, and only then B again, for the second change
        assert order == ["B", "C", "X", "Y", "B"]
