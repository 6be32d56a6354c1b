"""Log in BG Stats on the ending: the URL it opens is the play of the game on screen, and
the opener is the page's own service, built under that page even when the ending is
drawn for another phone of the table in a turn the first phone's tap began (a service
built under the wrong page would open BG Stats on that other phone)."""

import asyncio

import flet as ft

from referee.games import GAMES
from referee.history.bgstats import logged_play, play_url
from tests.flet_patches.insides import action_service, services, tap
from tests.helpers import run_async
from tests.ui.devices import controls, device
from tests.ui.test_players_screens import _top, button, finish, tagged


def registered(service, page) -> bool:
    """`service` is one of `page`'s own (by identity: services compare by their fields)."""
    return any(s is service for s in services(page))


def opener(root) -> ft.OpenUrl:
    (found,) = [
        c.action for c in controls(tagged(root, "log-bgstats")) if isinstance(c, ft.OutlinedButton)
    ]
    return found


def test_each_phones_ending_opens_the_play_with_its_own_pages_service(lives):
    rules = GAMES["faeker"]
    game_id = finish(lives, "faeker", ["Ana", "Bo", "Cy"])
    expected = play_url(logged_play(lives.store, game_id))

    async def run():
        (a, a_session), (b, b_session) = device(lives), device(lives)
        a.games.open_game(game_id)
        b.games.open_game(game_id)
        # a's Undo and Redo: b's ending is drawn again in turns a's taps began.
        for label in ("Undo", "Redo"):
            await tap(a_session, button(a_session.page, label))
            for _ in range(6):
                await asyncio.sleep(0)
        return a_session.page, b_session.page, opener(_top(a_session)), opener(_top(b_session))

    a_page, b_page, a_opens, b_opens = run_async(run())
    assert rules.is_over(lives.open(game_id).table.state)
    for page, other, opens in ((a_page, b_page, a_opens), (b_page, a_page, b_opens)):
        assert opens.url == expected and opens.target == ft.UrlTarget.BLANK
        assert registered(action_service(opens), page)
        assert not registered(action_service(opens), other)
