"""The dice's tops after a Deceptidice challenge are tapped in one player at a time; when
another device fills the player this device's pad is open at, the pad moves on to the next
player to enter (issue 54: it stayed on Ana's full tops), unless this device opened that
player's tops itself to change them."""

from tests.flet_patches.insides import tap
from tests.helpers import dd_challenge, dd_colour, dd_guess, run_async
from tests.ui.devices import device
from tests.ui.test_kept_buttons import _named
from tests.ui.test_verdict_held import told

PLAYERS = ["Ana", "Bo", "Cy", "Di"]
ANAS = ("Red 4", "Red 4", "Green 1")


async def _challenged(lives):
    a, sa = device(lives)
    b, sb = device(lives)
    a.games.start_game("deceptidice", PLAYERS, {})
    b.games.open_game(a.game.game_id)
    await told()
    for action in (dd_guess("Ana", dd_colour(1, "R")), dd_challenge("Bo")):
        a.game.play(a.game.rules.parse_action(action))
        a.game.close_verdict()
    await told()
    return a, sa, b, sb


def _open_at(app) -> str | None:
    seat = app.top.view.entering.open_seat
    return None if seat is None else PLAYERS[seat]


class TestTheTopsPadFollowsTheTable:
    def test_a_player_filled_on_another_device_gives_way_to_the_next(self, lives):
        async def run():
            a, sa, b, sb = await _challenged(lives)
            before = _open_at(b)
            for card in ANAS:
                await tap(sa, _named(sa, f"Ana's top {card}"))
            await told()
            b.render()
            return before, _open_at(a), _open_at(b), (sa, sb)

        before, on_a, on_b, _held = run_async(run())
        assert before == "Ana"
        assert on_a == on_b != "Ana"

    def test_a_player_opened_here_to_change_stays_open_when_filled_elsewhere(self, lives):
        async def run():
            _a, sa, b, sb = await _challenged(lives)
            b.top.view.cards.open(0)  # "Enter Ana's", tapped on this device
            for card in ANAS:
                await tap(sa, _named(sa, f"Ana's top {card}"))
            await told()
            b.render()
            return _open_at(b), (sa, sb)

        on_b, _held = run_async(run())
        assert on_b == "Ana"
