"""The phone beside the game: a verdict and a refused move are felt (once each, and not at
all with the setting off), the screen is kept on while a game is open and let go at home
and after a game's end, and the settings read back what the device stored."""

import asyncio
import random

import pytest

from referee.ui import phone
from referee.ui.phone import Settings
from tests.flet_patches.insides import page_event
from tests.helpers import run_async
from tests.ui.devices import browser_goes, device, invoked

BLUFF_SETTLED = (
    {"type": "top_card", "card": 4},
    {"type": "bid", "player": "Bo", "amount": 2},
    {"type": "bluff", "player": "Cy"},
)
REVEAL = {"type": "reveal", "player": "Bo", "cards": [5, 6, 7, 1, 1]}
OUT_OF_TURN = {"type": "bid", "player": "Ana", "amount": 3}  # Bo bids first after the top card


def _faeker(app, *actions):
    app.games.start_game("faeker", ["Ana", "Bo", "Cy"], {})
    for action in actions:
        app.game.play(app.game.rules.parse_action(action))


async def _felt(session, app) -> list[str]:
    return [name for name, _args in await invoked(session, app.phone.haptics)]


class TestFelt:
    def test_a_verdict_that_settles_a_bluff_is_felt_once(self, lives):
        async def run():
            app, session = device(lives)
            _faeker(app, *BLUFF_SETTLED)
            before = await _felt(session, app)  # a bid and a call decide nothing
            app.game.play(app.game.rules.parse_action(REVEAL))
            return before, await _felt(session, app)

        before, after = run_async(run())
        assert before == []
        assert after == [phone.FELT["verdict"]]

    def test_a_refused_move_is_felt_once_and_otherwise_than_a_verdict(self, lives):
        async def run():
            app, session = device(lives)
            _faeker(app, {"type": "top_card", "card": 4})
            # Ana bids out of turn: the rules refuse it, and say why.
            app.game.play(app.game.rules.parse_action(OUT_OF_TURN))
            return await _felt(session, app), len(app.game.session.verdicts)

        felt, verdicts = run_async(run())
        assert felt == [phone.FELT["refused"]]
        assert phone.FELT["refused"] != phone.FELT["verdict"]
        assert verdicts == 1  # the top card only: nothing was entered

    def test_with_haptics_off_nothing_is_felt_and_the_device_keeps_the_setting(self, lives):
        async def run():
            app, session = device(lives)
            app.aids.set_setting("haptics", False)
            _faeker(app, *BLUFF_SETTLED, REVEAL)
            app.game.play(app.game.rules.parse_action(OUT_OF_TURN))
            stored = await invoked(session, app.phone.prefs)
            return await _felt(session, app), stored

        felt, stored = run_async(run())
        assert felt == []
        assert ("set", {"key": "referee.haptics", "value": False}) in stored

    def test_another_devices_verdict_is_shown_here_but_not_felt(self, lives):
        async def run():
            app, _session = device(lives)
            _faeker(app, *BLUFF_SETTLED)
            other, other_session = device(lives)
            other.games.open_game(app.game.game_id)
            app.game.play(app.game.rules.parse_action(REVEAL))
            await asyncio.sleep(0.05)  # the other device is told in a turn of its own
            return await _felt(other_session, other)

        assert run_async(run()) == []


def _locks(calls) -> list[str]:
    return [name for name, _args in calls]


class TestAwake:
    def test_a_game_keeps_the_screen_on_and_home_lets_it_go(self, lives):
        async def run():
            app, session = device(lives)
            at_home = _locks(await invoked(session, app.phone.wakelock))
            _faeker(app)
            in_game = _locks(await invoked(session, app.phone.wakelock))
            app.go(f"/game/{app.game.game_id}/log")  # the game's own screens keep it on
            app.go("/")
            return at_home, in_game, _locks(await invoked(session, app.phone.wakelock))

        at_home, in_game, back_home = run_async(run())
        assert at_home == []
        assert in_game == ["enable"]
        assert back_home == ["enable", "disable"]

    @pytest.mark.parametrize("address", ["/settle", "/game/1/walk"])
    def test_a_dispute_and_a_walk_through_a_round_keep_it_on(self, lives, address):
        async def run():
            app, session = device(lives)
            _faeker(app)
            app.go("/")
            app.go(address)
            return _locks(await invoked(session, app.phone.wakelock))

        assert run_async(run()) == ["enable", "disable", "enable"]

    def test_a_game_that_ended_lets_the_screen_rest_after_a_while(self, lives, monkeypatch):
        monkeypatch.setattr(phone, "AWAKE_AFTER_END_S", 0.05)

        async def run():
            app, session = device(lives)
            app.games.start_game("fairy", ["Ana", "Bo"], {})
            game, rng = app.game, random.Random(7)
            while not game.session.is_over:  # the rules' own draw plays it to its end
                game.play(game.rules.draw(game.session.state, rng))
            on = _locks(await invoked(session, app.phone.wakelock))
            await asyncio.sleep(0.2)
            return on, _locks(await invoked(session, app.phone.wakelock)), app.screen

        on, later, screen = run_async(run())
        assert on == ["enable"]
        assert later == ["enable", "disable"]
        assert screen == "game"  # the final scores still shown: only the screen rests

    def test_keep_awake_off_lets_go_at_once_and_on_takes_it_again(self, lives):
        async def run():
            app, session = device(lives)
            _faeker(app)
            app.aids.set_setting("keep_awake", False)
            app.aids.set_setting("keep_awake", True)
            return _locks(await invoked(session, app.phone.wakelock))

        assert run_async(run()) == ["enable", "disable", "enable"]

    def test_a_page_shown_again_asks_again_for_the_lock_it_held(self, lives):
        async def run():
            app, session = device(lives)
            _faeker(app)
            await page_event(session, "app_lifecycle_state_change", {"state": "hide"})
            await page_event(session, "app_lifecycle_state_change", {"state": "show"})
            await browser_goes(session, "/")
            await page_event(session, "app_lifecycle_state_change", {"state": "show"})
            return _locks(await invoked(session, app.phone.wakelock))

        assert run_async(run()) == ["enable", "enable", "disable"]


class TestSettings:
    def test_stored_settings_are_read_and_a_value_of_another_kind_keeps_the_default(self):
        stored = {"keep_awake": False, "haptics": "yes", "theme": "sepia", "teach": True}
        assert Settings().read(stored) == Settings(keep_awake=False, teach=True)
        assert Settings().read({"theme": "dark"}).theme == "dark"
        assert Settings().read({}) == Settings()

    def test_the_theme_applies_at_once_and_the_app_bars_toggle_keeps_it(self, lives):
        async def run():
            app, session = device(lives)
            app.go("/settings")
            app.aids.set_setting("theme", "dark")
            dark = session.page.theme_mode
            app.aids.toggle_theme()
            return dark, session.page.theme_mode, await invoked(session, app.phone.prefs)

        dark, toggled, stored = run_async(run())
        assert dark.value == "dark" and toggled.value == "light"
        assert ("set", {"key": "referee.theme", "value": "light"}) in stored

    def test_new_game_teach_switch_starts_from_teach_by_default(self, lives):
        async def run():
            app, _session = device(lives)
            app.aids.set_setting("teach", True)
            app.go("/new")
            return app.top.form.teach

        assert run_async(run()) is True


class TestFeltOffTheTable:
    def test_a_dispute_is_felt_once_when_its_verdict_comes(self, lives):
        async def run():
            app, session = device(lives)
            app.go("/settle/faj_showdown")
            form = app.top.dispute
            felt = []
            piles = [["10S", "9S", "8S", "7S", "6S"], ["10H", "10D", "10C"]]
            for seat, cards in enumerate(piles):
                form.active = seat
                for card in cards:
                    form.form._toggle_pile(card)
                    felt.append(len(await _felt(session, app)))
            app.render()  # drawn again: nothing new to feel
            return felt, await _felt(session, app), form.settled()[1]

        counts, felt, result = run_async(run())
        assert result is not None
        # A showdown is judged from the first card, and read again as each card changes it.
        assert felt == [phone.FELT["verdict"]]
        assert counts[0] == 1

    def test_a_walk_through_a_round_is_felt_at_each_step_that_settles_something(self, lives):
        async def run():
            app, session = device(lives)
            _faeker(app)
            app.go(f"/game/{app.game.game_id}/walk")
            decisive = 0
            while not app.top.walk.done:
                decisive += app.top.walk.steps[app.top.walk.at].verdict.decisive
                app.top.step(True)
            return decisive, await _felt(session, app)

        decisive, felt = run_async(run())
        assert decisive >= 1
        assert felt == [phone.FELT["verdict"]] * decisive
