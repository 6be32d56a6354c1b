"""Every screen has an address: reading and writing them, and where Back goes from each."""

import pytest

from referee.disputes import GAME_OF
from referee.ui import routes
from referee.ui.routes import DRAWN_BY, HOME, Route, parse
from referee.ui.screens import SCREENS, screen_class
from tests.flet_patches.insides import held_dialogs
from tests.helpers import run_async
from tests.ui.devices import controls, device

ADDRESSES = {
    "/": ["/"],
    "/new": ["/", "/new"],
    "/stats": ["/", "/stats"],
    "/settings": ["/", "/settings"],
    "/game/7": ["/", "/game/7"],
    "/game/7/log": ["/", "/game/7", "/game/7/log"],
    "/game/7/log/3/edit": ["/", "/game/7", "/game/7/log", "/game/7/log/3/edit"],
    "/game/7/log/3/insert": ["/", "/game/7", "/game/7/log", "/game/7/log/3/insert"],
    "/game/7/standings": ["/", "/game/7", "/game/7/standings"],
    "/game/7/rules": ["/", "/game/7", "/game/7/rules"],
    "/game/7/whatnow": ["/", "/game/7/whatnow"],  # a panel in the game's view
    "/game/7/walk": ["/", "/game/7", "/game/7/rules", "/game/7/walk"],
    "/settle": ["/", "/settle"],
    "/settle/faeker": ["/", "/settle", "/settle/faeker"],
    "/settle/faeker_bluff": ["/", "/settle", "/settle/faeker", "/settle/faeker_bluff"],
    "/settle/fairybucks_reveal": [
        "/",
        "/settle",
        "/settle/fairybucks",
        "/settle/fairybucks_reveal",
    ],
    "/settle/faeker_bluff?game=7": ["/", "/game/7", "/settle/faeker_bluff?game=7"],
}


class TestAddresses:
    @pytest.mark.parametrize("address", sorted(ADDRESSES))
    def test_an_address_reads_back_as_itself(self, address):
        assert parse(address).path == address

    @pytest.mark.parametrize("address", sorted(ADDRESSES))
    def test_the_view_stack_is_the_route_and_every_screen_back_goes_to(self, address):
        assert [r.path for r in parse(address).stack()] == ADDRESSES[address]

    def test_every_screen_a_route_names_has_a_class(self):
        # What now? is drawn by the game's screen, in the game's view (routes.DRAWN_BY).
        named = {parse(a).screen for a in ADDRESSES}
        assert named - set(DRAWN_BY) == set(SCREENS)
        assert {screen_class(name) for name in named} == {screen_class(n) for n in SCREENS}

    def test_a_trailing_slash_and_a_query_name_the_same_screen(self):
        assert parse("/game/7/") == Route("game", 7)
        assert parse("/game/7?code=ABCD") == Route("game", 7)
        assert parse("/?code=K7PQ").query == {"code": "K7PQ"}
        assert parse("") == parse(None) == HOME

    @pytest.mark.parametrize(
        "address",
        [
            "/nothing",
            "/game",
            "/game/abc",
            "/game/0",
            "/game/-3",
            "/game/١٢",  # digits, but not ASCII ones
            "/game/99999999999999999999",
            "/game/7/log/0/edit",
            "/game/7/log/2/rename",
            "/game/7/secret",
            "/new/extra",
            "/stats/extra",
            "/stats/faeker",
            "/settle/a/b",
            "/settle/../etc",
            "/settle/faeker_bluff?game=x",
        ],
    )
    def test_an_address_of_no_screen_is_none(self, address):
        assert parse(address) is None

    def test_the_builders_write_what_parse_reads(self):
        assert parse(routes.game(7, "log")) == Route("log", 7)
        assert parse(routes.fix(7, 2, "delete")) == Route("fix", 7, action=2, fix="delete")
        assert parse(routes.settle("faj_trick", 7)) == Route("settle", 7, dispute="faj_trick")


class TestBack:
    def test_home_has_no_screen_under_it(self):
        assert HOME.parent is None

    def test_back_from_a_game_goes_home(self):
        assert parse("/game/7").parent == HOME

    def test_back_from_the_statistics_goes_home(self):
        assert parse("/stats") == Route("stats")
        assert parse("/stats?code=K7PQ").parent == HOME

    def test_back_from_a_fix_goes_to_the_log(self):
        assert parse("/game/7/log/3/edit").parent == Route("log", 7)


class TestDisputeAddresses:
    def test_back_from_every_dispute_goes_to_its_games_disputes(self):
        """The route reads a kind's game from its name: every kind is held to that."""
        for kind, game in GAME_OF.items():
            assert parse(f"/settle/{kind}").parent.path == f"/settle/{game}", kind
            assert parse(f"/settle/{game}").parent.path == "/settle"


class TestSettlingFromHome:
    def test_each_step_has_its_address_and_back_retraces_them(self, lives):
        async def run():
            app, _session = device(lives)
            app.go("/settle")
            app.top.dispute.choose_game("faeker")
            steps = [app.top.route.path]
            app.top.dispute.choose_kind("faeker_bluff")
            steps.append(app.top.route.path)
            app.top.dispute.choose_kind(None)  # Other dispute
            steps.append(app.top.route.path)
            app.top.dispute.choose_kind("faeker_showdown")
            for _ in range(3):
                app.back()
                steps.append(app.top.route.path)
            return steps

        assert run_async(run()) == [
            "/settle/faeker",
            "/settle/faeker_bluff",
            "/settle/faeker",
            "/settle/faeker",
            "/settle",
            "/",
        ]


class TestNoSuchGame:
    def test_a_game_that_is_not_here_is_told_truly_whether_deleted_or_never_made(self, lives):
        import flet as ft

        from referee.core.record import GameRecord

        made = lives.create(GameRecord(game="faeker", players=["Ana", "Bo"])).game_id
        lives.delete(made)

        async def run():
            app, session = device(lives)
            said = []
            for game_id in (made, 999):
                app.go(f"/game/{game_id}")
                said += [
                    " ".join(c.value for c in controls(d) if isinstance(c, ft.Text) and c.value)
                    for d in held_dialogs(session.page)
                    if isinstance(d, ft.SnackBar) and d.open
                ][-1:]
                said.append(app.top.route.path)
            return said

        assert run_async(run()) == [
            f"There is no game {made} here: it may have been deleted.",
            "/",
            "There is no game 999 here: it may have been deleted.",
            "/",
        ]
