"""The browser's address follows the screen. The shell tells the browser each new address;
the browser answers with that address, in order, and later. An answer that arrives after
another tap has changed screen again must not take the device back to the screen it left,
and every screen change must still reach the address bar."""

import asyncio

from tests.flet_patches.insides import is_call, is_patch, page_event
from tests.helpers import run_async
from tests.ui.devices import device


def _told(session, sent: list) -> None:
    """Keep the addresses the shell tells the browser, in the order they are sent."""
    send = session.connection.send_message

    def spy(message):
        body = message.body
        if is_call(message) and body.name == "push_route":
            sent.append(body.args["route"])
        send(message)

    session.connection.send_message = spy


async def _answer(session, address: str) -> None:
    """What the browser sends once it has taken `address` (or the user pressed Back)."""
    session.connection.page_url = "http://127.0.0.1:8550"
    session.apply_page_patch({"route": address})
    await page_event(session, "route_change", {"route": address})


async def _on_a_new_game(lives):
    """A device showing a new game, whose address the browser has taken."""
    app, session = device(lives)
    app.games.start_game("faeker", ["Ana", "Bo", "Cy"], {})
    game = app.top.route.path
    await asyncio.sleep(0.01)
    await _answer(session, game)  # the browser took the new game's address
    return app, session, game


async def _game_then_home_then_game(lives):
    app, session, game = await _on_a_new_game(lives)
    sent: list[str] = []
    _told(session, sent)
    app.go("/")
    app.go(game)  # a second tap before the browser answered the first
    await asyncio.sleep(0.01)  # the addresses go out after the screens
    return app, session, game, sent


class TestAnAnswerFromTheBrowser:
    def test_a_late_answer_does_not_take_the_device_back(self, lives):
        async def run():
            app, session, game, _sent = await _game_then_home_then_game(lives)
            await _answer(session, "/")
            assert app.top.route.path == game
            await _answer(session, game)
            assert app.top.route.path == game

        run_async(run())

    def test_every_screen_change_tells_its_address_even_before_an_answer(self, lives):
        async def run():
            _app, _session, game, sent = await _game_then_home_then_game(lives)
            assert sent == ["/", game]

        run_async(run())

    def test_back_after_the_answers_goes_where_the_browser_says(self, lives):
        async def run():
            app, session, game, _sent = await _game_then_home_then_game(lives)
            await _answer(session, "/")
            await _answer(session, game)
            await _answer(session, "/")  # the user's Back: no address of the shell's
            assert app.top.route.path == "/"

        run_async(run())

    def test_a_back_before_the_browser_took_an_address_keeps_the_screen_gone_back_to(self, lives):
        """The browser takes an address told before the user's Back reached it, after the
        Back: the screen stays where the user went and the address is told again."""

        async def run():
            app, session = device(lives)
            app.go("/new")
            await asyncio.sleep(0.01)
            await _answer(session, "/new")
            app.games.start_game("faeker", ["Ana", "Bo", "Cy"], {})
            game = app.top.route.path
            await asyncio.sleep(0.01)
            await _answer(session, game)
            sent: list[str] = []
            _told(session, sent)
            app.go(f"{game}/log")
            await asyncio.sleep(0.01)
            await _answer(session, "/new")  # the user's Back, before the log's address
            await _answer(session, f"{game}/log")  # the browser takes the log's address
            await asyncio.sleep(0.01)
            told_again = list(sent)
            await _answer(session, "/new")  # and the address told again
            return app.top.route.path, told_again, list(app._echoes)

        shown, sent, waiting = run_async(run())
        assert shown == "/new"
        assert sent[-1] == "/new" and waiting == []


class TestTheAddressAndItsScreen:
    """A screen change sends the new address just before the screen's patch, in the same
    turn: the page (assets/referee.js) holds the address until the patch comes, and the
    phone takes both in one frame instead of building every view again a frame later."""

    def test_the_address_goes_out_just_before_the_screen_it_names(self, lives):
        async def run():
            app, session, game = await _on_a_new_game(lives)
            sent = []
            send = session.connection.send_message

            def spy(message):
                body = message.body
                if is_call(message):
                    sent.append(("address", body.args["route"]))
                elif is_patch(message):
                    sent.append(("screen", None))
                send(message)

            session.connection.send_message = spy
            app.go("/")  # no await between: what goes out in this one turn
            in_the_turn = list(sent)
            app.go(game)
            return in_the_turn, sent[len(in_the_turn) :], game

        home, back, game = run_async(run())
        assert home == [("address", "/"), ("screen", None)]
        assert back == [("address", game), ("screen", None)]


class TestAPageThatComesBack:
    def test_a_reload_before_the_history_kept_the_address_keeps_the_screen_tapped(self, lives):
        """A reload just after a tap: the browser had taken the new address but not yet put
        it in its history, so the page comes back at the address before. The screen
        tapped stays, and its address is told again; a Back after that is still a Back."""

        async def run():
            app, session, game = await _on_a_new_game(lives)
            app.go(f"{game}/rules")
            await asyncio.sleep(0.01)
            await _answer(session, f"{game}/rules")
            session.apply_page_patch({"route": game})  # the page reloads at /game/1
            app._reconnected()
            await _answer(session, game)  # where it loaded
            await _answer(session, f"{game}/rules")  # the address told again
            after_reload = app.top.route.path
            await _answer(session, game)  # the user's Back
            return game, after_reload, app.top.route.path

        game, after_reload, after_back = run_async(run())
        assert after_reload == f"{game}/rules"
        assert after_back == game
