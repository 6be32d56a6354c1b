"""Walk through a round as addresses: each step its own (`/game/{id}/walk?step=n`), so the
browser's Back, a phone's Back and Step back all step back, and Back at the start returns to
the rules; verdicts keep their rulings behind "Why?"; the status line and What now? say
each thing once."""

import asyncio

import flet as ft

from referee.games import GAMES
from referee.ui import routes
from referee.ui.routes import Route
from referee.ui.sample_round import Walk, unsaid
from tests.flet_patches.insides import page_event
from tests.helpers import run_async
from tests.player_words import RULING_ID
from tests.ui.devices import browser_goes, controls, device, texts_of


def _tags(control) -> dict[str, ft.Control]:
    return {
        c.identifier: c
        for c in controls(control)
        if isinstance(c, ft.Semantics) and getattr(c, "identifier", None)
    }


def _step_line(session) -> str:
    return _tags(session.page.views[-1])["walk-step"].content.value


def _walking(lives, kind: str = "faeker"):
    app, session = device(lives)
    app.games.start_game(kind, ["Ana", "Bo", "Cy"], {})
    app.go(routes.game(app.game.game_id, "rules"))
    app.go(routes.game(app.game.game_id, "walk"))
    return app, session


class TestEachStepIsAnAddress:
    def test_a_step_has_its_own_address_and_back_goes_one_step_back(self):
        assert Route("walk", 7, walk_step=3).path == "/game/7/walk?step=3"
        assert routes.parse("/game/7/walk?step=3") == Route("walk", 7, walk_step=3)
        assert routes.parse("/game/7/walk?step=0") == Route("walk", 7)
        assert Route("walk", 7, walk_step=3).parent == Route("walk", 7, walk_step=2)
        assert Route("walk", 7, walk_step=1).parent == Route("walk", 7)
        assert Route("walk", 7).parent == Route("rules", 7)

    def test_a_step_that_is_not_a_number_is_no_screen(self):
        assert routes.parse("/game/7/walk?step=two") is None
        assert routes.parse("/game/7/walk?step=-1") is None
        assert routes.parse("/game/7/walk?step=123456") is None

    def test_the_earlier_steps_take_no_views_of_their_own(self):
        stack = [r.path for r in Route("walk", 7, walk_step=9).stack()]
        assert stack == ["/", "/game/7", "/game/7/rules", "/game/7/walk?step=9"]


class TestBackStepsBack:
    def test_next_goes_to_the_next_steps_address(self, lives):
        async def run():
            app, session = _walking(lives)
            app.top.step(True)
            app.top.step(True)
            return app.top.route.path, _step_line(session), app.game.game_id

        path, line, game_id = run_async(run())
        assert path == f"/game/{game_id}/walk?step=2"
        assert line.startswith("Step 2 of")

    def test_the_browsers_back_steps_back_and_from_the_start_returns_to_the_rules(self, lives):
        async def run():
            app, session = _walking(lives)
            game_id = app.game.game_id
            app.top.step(True)
            app.top.step(True)
            await asyncio.sleep(0.01)
            seen = []
            for address in (routes.walk(game_id, 1), routes.walk(game_id, 0)):
                await browser_goes(session, address)
                seen.append(_step_line(session))
            await browser_goes(session, routes.game(game_id, "rules"))
            return seen, app.screen

        seen, screen = run_async(run())
        assert seen[0].startswith("Step 1 of") and seen[1].startswith("Step 0 of")
        assert screen == "rules"

    def test_the_phones_back_steps_back_and_from_the_start_returns_to_the_rules(self, lives):
        async def run():
            app, session = _walking(lives)
            app.top.step(True)
            seen = []
            for _ in range(2):
                top = session.page.views[-1]
                await page_event(session, "view_pop", {"route": top.route})
                seen.append(app.screen)
            return seen

        seen = run_async(run())
        assert seen == ["walk", "rules"]

    def test_step_back_goes_where_back_goes(self, lives):
        async def run():
            app, session = _walking(lives)
            app.top.step(True)
            app.top.step(False)
            at_start = (app.top.route.path, _step_line(session))
            app.top.step(False)
            return at_start, app.screen, app.game.game_id

        (path, line), screen, game_id = run_async(run())
        assert path == f"/game/{game_id}/walk" and line.startswith("Step 0 of")
        assert screen == "rules"

    def test_an_address_past_the_rounds_end_shows_its_last_step(self, lives):
        async def run():
            app, _session = device(lives)
            app.games.start_game("faeker", ["Ana", "Bo", "Cy"], {})
            app.go(routes.walk(app.game.game_id, 999))
            return app.top.walk, app.top.route

        walk, route = run_async(run())
        assert walk.done and route.walk_step == len(walk.steps)


class TestVerdictRulingsWaitBehindWhy:
    def test_a_walk_verdicts_rulings_wait_behind_why_and_say_whose_they_are(self, lives):
        async def run():
            app, session = _walking(lives)
            app.top.step(True)
            shut = texts_of(session.page.views[-1])
            why = _tags(session.page.views[-1])["why"]
            button = next(c for c in controls(why) if isinstance(c, ft.TextButton))
            button.on_click(None)
            return shut, texts_of(session.page.views[-1])

        shut, opened = run_async(run())
        whose = (" — the printed rules", " — the referee's reading", " — a house rule")
        verdict_rulings = [t for t in opened if any(w in t for w in whose) and t not in shut]
        assert verdict_rulings  # behind Why?, the verdict's rulings, each with whose it is
        assert not [t for t in opened if RULING_ID.search(t)]  # never an id
        assert not [t for t in shut if t in verdict_rulings]


class TestSaidOnce:
    def test_a_status_sentence_what_now_says_is_not_said_again(self):
        status = "Bo to act. Bids count cards higher than 3 (a stone circle does not count)."
        said = [
            "Bo to act: bid 0 or more, pass, or call a showdown.",
            "Top card 3: bids count cards higher than 3 (a stone circle does not count).",
        ]
        assert unsaid(status, said) == ""
        assert unsaid(status, said[:1]).startswith("Bids count cards")
        assert unsaid("Challenge! Turn every die up.", ["Challenge the guess."]).startswith(
            "Challenge!"
        )

    def test_no_walk_step_of_any_game_says_a_status_sentence_twice(self, lives):
        async def run():
            found = []
            for kind in GAMES:
                app, session = _walking(lives, kind)
                while True:
                    texts = texts_of(session.page.views[-1])
                    status = _tags(session.page.views[-1]).get("walk-status")
                    if status is not None:
                        line = status.content.value
                        found += [t for t in texts if t != line and line in t]
                    if app.top.walk.done:
                        break
                    app.top.step(True)
            return found

        assert run_async(run()) == []

    def test_a_verdict_line_what_now_says_below_is_not_said_again(self, lives):
        async def run():
            app, session = _walking(lives)
            seen = []
            for _ in range(2):  # the top card (what bids count), then a bid (who acts)
                app.top.step(True)
                seen.append(texts_of(session.page.views[-1]))
            return seen

        for texts in run_async(run()):
            counted = [t for t in texts if "count cards higher than 3" in t.lower()]
            acting = [t for t in texts if t.endswith(" to act.")]
            assert len(counted) == 1 and acting == []


def test_the_walk_dealt_at_a_step_is_the_walk_stepped_to():
    rules = GAMES["faeker"]
    one = Walk(rules, ["Ana", "Bo", "Cy"], rules.parse_options({}))
    two = Walk(rules, ["Ana", "Bo", "Cy"], rules.parse_options({}))
    one.next()
    one.next()
    two.go_to(2)
    assert one.state == two.state and one.verdict == two.verdict
