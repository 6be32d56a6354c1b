"""The game screen's app bar: Home, the rules and the game menu do the same while the screen
is up, so a move's redraw finds them on screen as they are; Undo and Redo come anew."""

import asyncio

from referee.live.server import CODE_ENV
from referee.ui.screens.game import GameScreen
from tests.flet_patches.insides import control_id
from tests.helpers import run_async
from tests.ui.devices import bidding_on_two, device


def _bar(session) -> dict:
    bar = session.page.views[-1].appbar
    whatnow, undo, redo, rules, menu = bar.actions
    return {
        "home": bar.leading,
        "whatnow": whatnow,
        "undo": undo,
        "redo": redo,
        "rules": rules,
        "menu": menu,
    }


def _menu_items(session) -> list[str]:
    return [item.content for item in _bar(session)["menu"].content.items]


def _built(monkeypatch) -> list:
    built: list = []
    original = GameScreen._lasting_buttons

    def counting(self, *args):
        built.append(self)
        return original(self, *args)

    monkeypatch.setattr(GameScreen, "_lasting_buttons", counting)
    return built


def _bid(app, amount: int) -> None:
    player = app.game.rules.current_player(app.game.session.state)
    app.game.play(app.game.rules.parse_action({"type": "bid", "player": player, "amount": amount}))


class TestTheBarsLastingButtons:
    def test_moves_here_and_elsewhere_keep_home_rules_and_the_menu_as_built(
        self, lives, monkeypatch
    ):
        built = _built(monkeypatch)

        async def run():
            app, session, other, _other_session = bidding_on_two(lives)
            before = _bar(session)
            undo_before = control_id(before["undo"].content)
            _bid(app, 2)
            _bid(other, 3)  # a move on another device: this one is told
            for _ in range(6):  # the other device is told on turns of the event loop
                await asyncio.sleep(0)
            app.game.undo()
            return before, undo_before, _bar(session)

        before, undo_before, after = run_async(run())
        for name in ("home", "rules", "menu"):
            assert after[name] is before[name]
        assert control_id(after["undo"].content) != undo_before  # a move: Undo comes anew
        assert len(built) == 2  # once for each device's screen

    def test_sharing_the_table_puts_share_in_the_menu(self, lives, monkeypatch):
        monkeypatch.delenv(CODE_ENV, raising=False)

        async def run():
            app, session = device(lives)
            app.games.start_game("faeker", ["Ana", "Bo", "Cy"], {})
            alone = _menu_items(session)
            monkeypatch.setenv(CODE_ENV, "KQ7M2X")
            app.render()
            return alone, _menu_items(session)

        alone, shared = run_async(run())
        assert "Share this table" not in alone
        assert shared == [*alone, "Share this table"]


# The room a phone's bar leaves the game's name between Home and five buttons (390 px:
# from 60 px to 146), less a margin; a Roboto glyph is about 0.55 of its size wide.
TITLE_ROOM = 80
GLYPH = 0.55


class TestTheGamesName:
    def test_no_word_of_a_games_name_is_broken_across_lines_on_a_phone(self, lives):
        from referee.games import GAMES

        async def run():
            app, session = device(lives)
            titles = {}
            for kind in GAMES:
                app.games.start_game(kind, ["Ana", "Bo", "Cy"], {})
                titles[kind] = session.page.views[-1].appbar.title
            return titles

        for kind, title in run_async(run()).items():
            longest = max(map(len, title.value.split()))
            assert longest * title.size * GLYPH <= TITLE_ROOM, (kind, title.value, title.size)

    def test_every_games_name_is_the_same_size_on_a_desktop(self, lives):
        """Issue 54: FAJ's and Deceptidice's names were smaller than the others' even
        where the bar had room for them at its size."""
        from referee.games import GAMES

        async def run():
            app, session = device(lives)
            session.page.width = 1280
            sizes = {}
            for kind in GAMES:
                app.games.start_game(kind, ["Ana", "Bo", "Cy"], {})
                sizes[kind] = session.page.views[-1].appbar.title.size
            return sizes

        sizes = run_async(run())
        assert len(set(sizes.values())) == 1, sizes
        assert set(sizes.values()) == {16}  # the size of every other screen's title
