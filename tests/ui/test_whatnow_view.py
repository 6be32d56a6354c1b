"""What now? on screen: what it shows and in which order, its own screen one tap from the
game, "Teach this game" on every device of the table, and the walk through a round."""

import asyncio
import dataclasses
from random import Random

import flet as ft
import pytest

from referee.core.rulings import Cited
from referee.core.whatnow import Move, WhatNow
from referee.games import GAMES
from referee.live.tables import LiveTables
from referee.ui import routes
from referee.ui.sample_round import Walk, deal, round_length
from referee.ui.screens.game import whatnow_toggle as game_whatnow
from referee.ui.whatnow_panel import COMPACT_MOVES, Why, panel, sections
from tests.helpers import run_async
from tests.ui.devices import bidding_on_two, browser_goes, controls, device, texts_of

RAISE = Cited(
    "FK-BID-RAISE", "printed", None, "The printed rules", "Raise", "Each bid beats the last."
)
PASS_OUT = Cited(
    "FK-PASS",
    "reading",
    None,
    "The referee's reading (the rules are silent)",
    "Passing is final",
    "A player who passes is out.",
)
BID = Move("Bid", "Bo may bid 3 to 8: a higher bid than Ana's 2.", ruling=RAISE.id, cited=RAISE)
CALL = Move("Call bluff", "Bo may call a bluff on Ana's 2.")
PASS = Move("Pass", "Bo may pass.", ruling=PASS_OUT.id, cited=PASS_OUT)
SHOW = Move("Showdown", "Bo may call a showdown.")
REFUSED = Move(
    "Bid",
    "Cy cannot bid again: Cy passed this round.",
    reason="Cy passed this round and cannot bid.",
)
SAID = Move("Deal", "Nobody deals now: a round is under way.", reason="A round is under way.")
WN = WhatNow(
    headline="Bo to act: bid 3 or more, pass, call a bluff or a showdown.",
    to_act=("Bo",),
    allowed=(BID, CALL, PASS, SHOW, Move("Fold", "Bo may fold.")),
    refused=(dataclasses.replace(REFUSED, ruling=PASS_OUT.id, cited=PASS_OUT), SAID),
    next="After the call, Bo's cards are counted.",
    facts=("The bid to beat: Ana's 2.",),
)


def _tags(control) -> dict[str, ft.Control]:
    return {
        c.identifier: c
        for c in controls(control)
        if isinstance(c, ft.Semantics) and getattr(c, "identifier", None)
    }


class TestWhatItShows:
    def test_the_headline_comes_first_then_allowed_then_not_now_then_next(self):
        texts = texts_of(panel(WN))
        assert texts[0] == WN.headline
        order = [texts.index(t) for t in ("You may now", "Not now", "Next")]
        assert order == sorted(order)
        assert [s.key for s in sections(WN)] == ["facts", "allowed", "refused", "next"]

    def test_an_allowed_move_cites_whose_rule_it_is_and_its_words_never_its_id(self):
        allowed = sections(WN)[1].lines
        assert allowed[0].text == BID.sentence
        assert allowed[0].ruling == "The printed rules: Each bid beats the last."
        assert allowed[2].ruling == (
            "The referee's reading (the rules are silent): A player who passes is out."
        )
        assert allowed[1].ruling is None  # a move without a ruling cites none

    def test_a_move_not_allowed_cites_its_rulings_title_and_whose_it_is(self):
        refused = sections(WN)[2].lines
        assert refused[0].ruling == (
            "Passing is final — the referee's reading (the rules are silent)"
        )

    def test_a_move_not_allowed_says_why_with_the_refusals_reason(self):
        refused = sections(WN)[2].lines
        assert refused[0].text == REFUSED.sentence
        assert refused[0].reason == "Cy passed this round and cannot bid."
        # A reason the sentence already says is not said twice.
        assert refused[1].reason is None

    def test_the_numbers_the_moves_not_allowed_and_the_rulings_wait_behind_why(self):
        toggled = []
        shut_panel = panel(WN, why=Why(False, lambda: toggled.append(1)))
        shut = " ".join(texts_of(shut_panel))
        assert BID.sentence in shut and WN.next in shut  # what may be done, at once
        assert REFUSED.sentence not in shut and "whatnow-refused" not in _tags(shut_panel)
        assert WN.facts[0] not in shut
        assert "The printed rules" not in shut and "reading" not in shut
        button = next(c for c in controls(shut_panel) if getattr(c, "key", None) == "whatnow-why")
        assert any(
            getattr(c, "label", None) == "Why? Numbers, rules, and 2 moves not allowed"
            for c in controls(shut_panel)
        )
        button.on_click(None)
        assert toggled == [1]
        opened = panel(WN, why=Why(True, lambda: None))
        said = " ".join(texts_of(opened))
        assert "The printed rules: Each bid beats the last." in said
        assert "FK-" not in said  # never a ruling's id
        assert f"{REFUSED.sentence}\n{REFUSED.reason}" in said  # each with its reason
        assert WN.facts[0] in said
        assert any(
            getattr(c, "label", None) == "Hide the numbers and rules" for c in controls(opened)
        )

    def test_each_section_is_found_by_its_name_and_lists_its_moves_in_order(self):
        tags = _tags(panel(WN))
        assert {f"whatnow-{key}" for key in ("facts", "allowed", "refused", "next")} <= set(tags)
        allowed = texts_of(tags["whatnow-allowed"])
        assert allowed == [m.sentence for m in WN.allowed]
        refused = texts_of(tags["whatnow-refused"])
        assert refused[0] == f"{REFUSED.sentence}\n{REFUSED.reason}"

    def test_the_compact_panel_keeps_to_a_few_lines_and_counts_the_rest(self):
        compact = sections(WN, compact=True)
        allowed = compact[0].lines
        assert len(allowed) == COMPACT_MOVES + 1
        assert allowed[-1].text == "and 1 more move."
        assert all(line.ruling is None for line in allowed)  # the rulings wait in full
        # Of the game, never of the app's own buttons.
        assert compact[1].lines[0].text == "2 other moves are not allowed now."
        assert compact[-1].key == "next"
        assert "facts" not in [s.key for s in compact]

    def test_a_state_with_nothing_to_list_shows_only_its_headline(self):
        assert sections(WhatNow("The game is over.")) == []
        assert texts_of(panel(WhatNow("The game is over."))) == ["The game is over."]


def _open(app, page: str) -> None:
    app.go(f"/game/{app.game.game_id}/{page}")


def _top_tags(session) -> dict[str, ft.Control]:
    return _tags(session.page.views[-1])


async def _told() -> None:
    for _ in range(6):  # other devices are told on turns of the event loop
        await asyncio.sleep(0)


def _button(session, key: str) -> ft.Control:
    return next(
        c for c in controls(session.page.views[-1]) if isinstance(c, ft.Container) and c.key == key
    )


def _screen_after_taps(lives, *keys: str) -> str:
    """The screen a new Fae-ker game shows after taps on its keyed buttons, one at once
    after the other."""

    async def run():
        app, session = device(lives)
        app.games.start_game("faeker", ["Ana", "Bo", "Cy"], {})
        for key in keys:
            _button(session, key).on_click(None)
        return app.screen

    return run_async(run())


def _bids(session) -> list[ft.Control]:
    """The bid tiles' tappable containers (a tile is a named Semantics round one)."""
    return [
        c.content
        for c in controls(session.page.views[-1])
        if isinstance(c, ft.Semantics) and str(c.label or "").startswith("Bid ")
    ]


def _same(these: list, those: list) -> bool:
    """The very same controls (Flet's controls compare equal field by field)."""
    return len(these) == len(those) and all(a is b for a, b in zip(these, those, strict=True))


async def _browser_took(app, session) -> None:
    """The browser answers each address the app told it, as a page does."""
    for address in list(app._echoes):
        await browser_goes(session, address)


class TestWhatNowInTheGamesView:
    def test_one_tap_opens_it_in_the_games_own_view_and_back_closes_it(self, lives):
        async def run():
            app, session = device(lives)
            app.games.start_game("faeker", ["Ana", "Bo", "Cy"], {})
            app.game.play(app.game.rules.parse_action({"type": "top_card", "card": 3}))
            views, bids = list(session.page.views), _bids(session)
            _button(session, "whatnow").on_click(None)
            opened = (app.screen, app.top.route.path, _top_tags(session))
            # The same view, its bid buttons kept: a panel opened, not a page pushed.
            kept = _same(session.page.views, views) and _same(_bids(session), bids)
            await _browser_took(app, session)
            await browser_goes(session, routes.game(app.game.game_id))  # the phone's Back
            return opened, kept, app.screen, _top_tags(session), _same(_bids(session), bids)

        (screen, path, tags), kept, back, after, bids_kept = run_async(run())
        assert screen == "whatnow" and path.endswith("/whatnow")
        assert {"whatnow", "whatnow-headline", "whatnow-allowed"} <= set(tags)
        assert kept and bids_kept
        assert back == "game" and "whatnow" not in after

    def test_the_question_mark_and_the_close_button_close_it_too(self, lives, monkeypatch):
        monkeypatch.setattr(game_whatnow, "DOUBLE_TAP_S", 0)

        async def run():
            app, session = device(lives)
            app.games.start_game("faeker", ["Ana", "Bo", "Cy"], {})
            closed = []
            for key in ("whatnow", "whatnow-close"):
                _button(session, "whatnow").on_click(None)
                assert app.screen == "whatnow"
                _button(session, key).on_click(None)
                closed.append((app.screen, "whatnow" in _top_tags(session)))
            return closed

        assert run_async(run()) == [("game", False), ("game", False)]

    def test_a_double_tap_on_the_question_mark_leaves_it_open(self, lives):
        assert _screen_after_taps(lives, "whatnow", "whatnow") == "whatnow"

    def test_a_move_from_another_device_not_yet_drawn_makes_every_button_new(self, lives):
        async def run():
            _app, session, other, _other_session = bidding_on_two(lives)
            await _told()
            bids = _bids(session)
            # Bo bids on the other phone; this one opens What now? before it is told, and
            # draws the bid with it: "Bid 3" now bids for Cy, so the tile cannot be kept.
            other.game.play(
                other.game.rules.parse_action({"type": "bid", "player": "Bo", "amount": 2})
            )
            _button(session, "whatnow").on_click(None)
            return bids, _bids(session)

        before, after = run_async(run())
        live = [tile for tile in after if tile.on_click is not None]  # a disabled one is inert
        assert live and not any(a is b for a in live for b in before)

    def test_home_from_it_goes_home(self, lives):
        assert _screen_after_taps(lives, "whatnow", "home") == "home"

    def test_its_address_opens_the_game_with_it_open(self, lives):
        async def run():
            app, session = device(lives)
            app.games.start_game("faeker", ["Ana", "Bo", "Cy"], {})
            game_id = app.game.game_id
            app.go("/")
            await browser_goes(session, routes.game(game_id, "whatnow"))
            return app.screen, [s.route.path for s, _ in app.stack], len(session.page.views)

        screen, stack, views = run_async(run())
        assert screen == "whatnow"
        assert stack == ["/", "/game/1/whatnow"] and views == 2  # no game's view under it

    def test_it_follows_the_game_as_another_device_moves_it(self, lives):
        async def run():
            app, session = device(lives)
            other, _ = device(lives)
            app.games.start_game("faeker", ["Ana", "Bo", "Cy"], {})
            other.games.open_game(app.game.game_id)
            _open(app, "whatnow")
            before = texts_of(session.page.views[-1])
            other.game.play(other.game.rules.parse_action({"type": "top_card", "card": 3}))
            await _told()
            return before, texts_of(session.page.views[-1]), app.game.session.state

        before, after, state = run_async(run())
        from referee.core.whatnow import what_now

        assert what_now(GAMES["faeker"], state).headline in after
        assert before != after


def _slot(session) -> ft.Container:
    return _button(session, "whatnow-slot")


def _headline(session) -> str:
    return _tags(_slot(session))["whatnow-headline"].content.value


class TestTheShutPanelKeptOnThePage:
    """Shut, What now? stays on the page at no height, so that opening it only gives it its
    height back: its sentences are not built again in the opening tap's frame."""

    def test_closed_it_is_kept_at_no_height_and_opened_again_as_it_was(self, lives):
        async def run():
            app, session = device(lives)
            app.games.start_game("faeker", ["Ana", "Bo", "Cy"], {})
            _button(session, "whatnow").on_click(None)
            headline = _tags(_slot(session))["whatnow-headline"]
            opened = (_slot(session).height, "whatnow" in _top_tags(session))
            await _browser_took(app, session)
            await browser_goes(session, routes.game(app.game.game_id))  # the phone's Back
            shut = (_slot(session).height, set(_top_tags(session)))
            _button(session, "whatnow").on_click(None)
            again = _tags(_slot(session))["whatnow-headline"]
            return opened, shut, headline is again, _slot(session).height

        opened, (height, tags), same, height_again = run_async(run())
        assert opened == (None, True)
        assert height == 0 and "whatnow" not in tags and "whatnow-shut" in tags
        assert same and height_again is None

    def test_a_move_leaves_it_as_it_was_and_it_is_brought_up_to_date_once_quiet(
        self, lives, monkeypatch
    ):
        monkeypatch.setattr(game_whatnow, "KEEP_AFTER_S", 0)

        async def run():
            app, session = device(lives)
            app.games.start_game("faeker", ["Ana", "Bo", "Cy"], {})
            await asyncio.sleep(0.05)  # the first update: the panel is on the page, shut
            before = _headline(session)
            app.game.play(app.game.rules.parse_action({"type": "top_card", "card": 3}))
            # The move's own redraw leaves the shut panel alone: not in that tap's frame.
            in_the_move = _headline(session)
            await asyncio.sleep(0.05)
            return before, in_the_move, _headline(session), app.game.session.state

        before, in_the_move, after, state = run_async(run())
        from referee.core.whatnow import what_now

        assert in_the_move == before
        assert after == what_now(GAMES["faeker"], state).headline != before

    def test_a_double_tap_on_its_close_button_closes_it_and_stays_in_the_game(self, lives):
        # The second tap reaches the × kept on the page shut, before the phone drew it so.
        assert _screen_after_taps(lives, "whatnow", "whatnow-close", "whatnow-close") == "game"

    def test_a_tap_on_why_sent_before_it_was_shut_shows_no_rulings_later(self, lives):
        async def run():
            app, session = device(lives)
            app.games.start_game("faeker", ["Ana", "Bo", "Cy"], {})
            _button(session, "whatnow").on_click(None)
            why = _button(session, "whatnow-why")
            _button(session, "whatnow-close").on_click(None)
            why.on_click(None)
            _button(session, "whatnow").on_click(None)
            return "whatnow-refused" in _tags(_slot(session))

        assert run_async(run()) is False

    def test_it_waits_while_a_change_this_page_has_not_drawn_is_on_its_way(self, lives):
        async def run():
            app, _session, other, _other_session = bidding_on_two(lives)
            await _told()
            app.top.whatnow.version = -1  # due for an update
            due = app.top.whatnow.update_due()
            # The other phone bids. Until this page is told, its update waits: the tell
            # must find the page as it was drawn, to say what changed since.
            other.game.play(
                other.game.rules.parse_action({"type": "bid", "player": "Bo", "amount": 2})
            )
            untold = app.top.whatnow.update_due()
            await _told()
            return due, untold

        assert run_async(run()) == (True, False)

    def test_the_table_works_it_out_once_a_version_for_all_its_devices(self, lives):
        async def run():
            app, _session, other, _other_session = bidding_on_two(lives)
            live = app.game.live
            first = live.what_now()
            same = first is other.game.live.what_now()
            app.game.play(app.game.rules.parse_action({"type": "bid", "player": "Bo", "amount": 2}))
            return same, first, live.what_now()

        same, before, after = run_async(run())
        assert same and after is not before and after.headline != before.headline

    def test_opened_before_it_was_brought_up_to_date_it_tells_the_game_as_it_is(self, lives):
        async def run():
            app, session = device(lives)
            app.games.start_game("faeker", ["Ana", "Bo", "Cy"], {})
            app.game.play(app.game.rules.parse_action({"type": "top_card", "card": 3}))
            _button(session, "whatnow").on_click(None)
            return _headline(session), app.game.session.state

        headline, state = run_async(run())
        from referee.core.whatnow import what_now

        assert headline == what_now(GAMES["faeker"], state).headline


class TestTeachThisGame:
    def test_a_game_started_taught_shows_the_panel_on_every_device(self, lives):
        async def run():
            app, session = device(lives)
            other, other_session = device(lives)
            app.games.start_game("faeker", ["Ana", "Bo", "Cy"], {}, teach=True)
            other.games.open_game(app.game.game_id)
            return _top_tags(session), _top_tags(other_session)

        mine, theirs = run_async(run())
        assert "whatnow-panel" in mine and "whatnow-panel" in theirs

    def test_the_menu_turns_it_on_for_the_whole_table_and_off_again(self, lives):
        async def run():
            app, session = device(lives)
            other, other_session = device(lives)
            app.games.start_game("faeker", ["Ana", "Bo", "Cy"], {})
            other.games.open_game(app.game.game_id)
            untaught = "whatnow-panel" in _top_tags(other_session)
            app.game.set_teach(True)
            await _told()
            on = (
                "whatnow-panel" in _top_tags(session),
                "whatnow-panel" in _top_tags(other_session),
            )
            other.game.set_teach(False)
            await _told()
            off = "whatnow-panel" in _top_tags(session)
            return untaught, on, off

        untaught, on, off = run_async(run())
        assert not untaught and on == (True, True) and not off

    def test_the_menu_item_has_a_check_mark_only_while_it_is_on(self, lives):
        # Unchecked (not merely unticked): a checked item's room for its mark indented
        # this one item of the menu.
        def teach_item(session) -> ft.PopupMenuItem:
            return next(
                c
                for c in controls(session.page.views[-1].appbar)
                if isinstance(c, ft.PopupMenuItem) and c.key == "teach"
            )

        async def run():
            app, session = device(lives)
            app.games.start_game("faeker", ["Ana", "Bo", "Cy"], {})
            off = teach_item(session).checked
            app.game.set_teach(True)
            await _told()
            return off, teach_item(session).checked

        assert run_async(run()) == (None, True)

    def test_the_panel_is_kept_current_after_every_action(self, lives):
        async def run():
            app, session = device(lives)
            app.games.start_game("faeker", ["Ana", "Bo", "Cy"], {}, teach=True)
            before = _top_tags(session)["whatnow-headline"].content.value
            app.game.play(app.game.rules.parse_action({"type": "top_card", "card": 3}))
            return before, _top_tags(session)["whatnow-headline"].content.value, app.game

        before, after, game = run_async(run())
        from referee.core.whatnow import what_now

        assert after == what_now(game.rules, game.session.state).headline != before

    def test_it_is_kept_beside_the_game_not_in_its_record(self, lives, tmp_path):
        async def run():
            app, _ = device(lives)
            app.games.start_game("faeker", ["Ana", "Bo", "Cy"], {}, teach=True)
            return app.game.game_id

        game_id = run_async(run())
        store = lives.store
        assert store.teaching.taught(game_id)
        assert "teach" not in store.raw_game(game_id)
        assert "teach" not in store.load(game_id).record.model_dump_json()
        again = LiveTables(store)  # a restart: the table is still taught
        assert again.open(game_id).teach
        store.delete_game(game_id)  # and it goes with the game
        assert not store.teaching.taught(game_id)

    def test_another_referee_on_the_same_folder_sees_it_turned_on(self, lives, tmp_path):
        from referee.storage.store import Store

        async def run():
            app, session = device(lives)
            app.games.start_game("faeker", ["Ana", "Bo", "Cy"], {})
            other_store = Store(tmp_path / "referee.db")  # a second process's connection
            try:
                LiveTables(other_store).open(app.game.game_id).set_teach("elsewhere", True)
            finally:
                other_store.close()
            lives.catch_up([app.game.live])  # the watcher's look at the file
            await _told()
            return app.game.live.teach, "whatnow-panel" in _top_tags(session)

        assert run_async(run()) == (True, True)

    def test_play_again_of_a_taught_game_is_taught(self, lives):
        import random

        async def run():
            app, _ = device(lives)
            app.games.start_game("faeker", ["Ana", "Bo", "Cy"], {}, teach=True)
            rng, rules = random.Random(3), app.game.rules
            while not rules.is_over(app.game.session.state):
                app.game.play(rules.draw(app.game.session.state, rng))
            first = app.game.game_id
            app.game.play_again()
            return first, app.game.game_id, app.game.live.teach

        first, again, taught = run_async(run())
        assert again != first and taught

    def test_new_game_has_the_switch_and_it_starts_the_game_taught(self, lives):
        async def run():
            app, session = device(lives)
            app.go("/new")
            tags = _top_tags(session)
            form = app.top.form
            form.names = ["Ana", "Bo", "Cy"]
            form.teach = True
            form._start()
            return "teach-switch" in tags, app.game.live.teach

        has_switch, taught = run_async(run())
        assert has_switch and taught


@pytest.mark.parametrize("kind", list(GAMES))
class TestWalkThroughARound:
    def test_every_step_is_an_action_the_rules_accept_and_the_round_ends_settled(self, kind):
        rules = GAMES[kind]
        players = ["Ana", "Bo", "Cy", "Dee"][: max(3, rules.min_players)]
        walk = Walk(rules, players, rules.parse_options({}))
        state = walk.start
        for step in walk.steps:  # replayed: each is accepted, and gives the same verdict
            state, verdict = rules.apply(state, step.action)
            assert verdict == step.verdict
        assert walk.steps and any(s.verdict.decisive for s in walk.steps)
        assert rules.is_over(state) or rules.phase(state) in {
            rules.phase(walk.start),
            rules.phase(walk.steps[0].state),
        }

    def test_next_and_step_back_stay_within_the_round(self, kind):
        rules = GAMES[kind]
        walk = Walk(rules, ["Ana", "Bo", "Cy"], rules.parse_options({}))
        walk.back()
        assert walk.at == 0 and walk.verdict is None and walk.state == walk.start
        for _ in range(len(walk.steps) + 3):
            walk.next()
        assert walk.done and walk.at == len(walk.steps) and walk.result()
        walk.back()
        assert not walk.done and walk.state == walk.steps[-2].state if len(walk.steps) > 1 else True

    def test_the_same_walk_is_dealt_every_time(self, kind):
        rules = GAMES[kind]
        start = rules.new_state(["Ana", "Bo", "Cy"], rules.parse_options({}))
        one, two = deal(rules, start), deal(rules, start)
        assert [s.action for s in one] == [s.action for s in two]
        assert 0 < round_length(rules, start, one) <= len(one)


class TestWalkScreen:
    def test_it_steps_through_from_the_rules_screen_and_stores_nothing(self, lives):
        async def run():
            app, session = device(lives)
            app.games.start_game("fairy", ["Ana", "Bo", "Cy"], {})
            stored = len(lives.store.list_games())
            _open(app, "rules")
            walk_button = next(
                c
                for c in controls(session.page.views[-1])
                if isinstance(c, ft.FilledButton) and c.content == "Walk through a round"
            )
            walk_button.on_click(None)
            seen = [_top_tags(session)["walk-step"].content.value]
            while not app.top.walk.done:  # each step is a screen (an address) of its own
                app.top.step(True)
                seen.append(_top_tags(session)["walk-step"].content.value)
            tags = _top_tags(session)
            app.top.step(False)
            back = _top_tags(session)["walk-step"].content.value
            app.top.start_real()
            return stored, len(lives.store.list_games()), seen, tags, back, app, app.top

        stored, after, seen, tags, back, app, top = run_async(run())
        assert after == stored  # nothing of the walk is stored as a game
        assert seen[0] == f"Step 0 of {len(seen) - 1}"
        assert {"walk-result", "walk-verdict", "whatnow-headline"} <= set(tags)
        assert back == f"Step {len(seen) - 2} of {len(seen) - 1}"
        assert app.screen == "new" and top.form.kind == "fairy"  # Start a real game


class TestChoosingAtOnce:
    def test_a_compact_panel_names_who_still_chooses(self):
        wn = WhatNow(
            "Bo and Cy to guess at once.",
            choosing=(("Bo", ("Higher", "Lower")), ("Cy", ("Higher", "Lower"))),
        )
        assert sections(wn) == []  # in full, the facts say it
        compact = sections(wn, compact=True)
        assert [line.text for line in compact[0].lines] == ["Still to choose: Bo, Cy."]

    def test_a_pick_locked_on_the_table_takes_its_player_off_the_list(self, lives):
        async def run():
            app, session = device(lives)
            app.games.start_game("fairy", ["Ana", "Bo", "Cy"], {}, teach=True)
            rules = app.game.rules
            app.game.play(rules.draw(app.game.session.state, Random(1)))
            before = texts_of(_top_tags(session)["whatnow-choosing"])[0]
            seat = rules.to_act(app.game.session.state)[0]
            app.game.pick(seat, rules.pick_options(app.game.session.state, seat)[0])
            return before, texts_of(_top_tags(session)["whatnow-choosing"])[0]

        before, after = run_async(run())
        assert before == "Still to choose: Ana, Bo, Cy."
        assert after == "Still to choose: Bo, Cy."
