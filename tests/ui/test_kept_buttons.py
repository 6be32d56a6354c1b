"""A pick (a card for the board, a guess, a card shown) keeps the buttons of the screen: the
phone then redraws only what changed. A move of the game makes them new, so a tap aimed at
the screen before the move is dropped (tests/ui/test_stale_taps.py)."""

import flet as ft

from referee.ui import routes
from tests.flet_patches.insides import (
    control_id,
    held_dialogs,
    own,
    page_event,
    tap,
    type_into,
    typed,
)
from tests.helpers import dd_challenge, dd_guess, run_async
from tests.ui.devices import controls, device
from tests.ui.test_stale_taps import _button


def _named(session, name: str):
    """The control a tap on the button a screen reader calls `name` reaches."""
    for c in controls(session.page.views[-1].controls):
        if isinstance(c, ft.Semantics) and c.label == name:
            return c.content
    raise LookupError(name)


def _ids(session) -> dict[str, int]:
    """The game's buttons by name. A button whose key has no moment in it does the same
    on every screen ("Show log"), and a disabled one takes no tap on the phone (the
    server does not refuse one: its handler checks): both are kept through moves by
    design, and left out."""
    return {
        c.label: control_id(c.content)
        for c in controls(session.page.views[-1].controls)
        if isinstance(c, ft.Semantics)
        and c.button
        and c.label
        and not c.disabled
        and "@" in str(own(c.content).get("key") or "@")
    }


def _faj(lives):
    app, session = device(lives)
    app.games.start_game("faj", ["Ana", "Bo", "Cy"], {})
    return app, session


class TestAPickKeepsTheButtons:
    def test_a_board_card_picked_keeps_every_card_of_the_grid(self, lives):
        async def run():
            app, session = _faj(lives)
            before = _ids(session)
            await tap(session, _named(session, "Board 7♥"))
            after = _ids(session)
            return before, after, app.top.view.board_pick

        before, after, picked = run_async(run())
        assert picked == ["7H"]
        cards = [name for name in before if name.startswith("Board ")]
        assert len(cards) == 36
        assert all(after[name] == before[name] for name in cards)

    def test_a_double_tap_on_a_board_card_takes_it_back(self, lives):
        async def run():
            app, session = _faj(lives)
            card = _named(session, "Board 7♥")
            await tap(session, card)
            await tap(session, card)
            return app.top.view.board_pick

        assert run_async(run()) == []

    def test_a_move_makes_the_buttons_new(self, lives):
        async def run():
            _app, session = _faj(lives)
            await tap(session, _named(session, "Board 7♥"))
            before = _ids(session)
            await tap(session, _named(session, "Deal board"))
            after = _ids(session)
            return before, after

        before, after = run_async(run())
        assert not set(before.values()) & set(after.values())


class TestFairyBucksItemEntry:
    """Entering a lot's items is picking, not moving: a symbol's redraw keeps Add item, so a
    quick tap on it (sent before that redraw came) adds the item instead of being dropped."""

    @staticmethod
    async def _typed(lives, value: str):
        app, session = device(lives)
        app.games.start_game("fairybucks", ["Ana", "Bo"], {})
        await tap(session, _named(session, f"Item value {value}"))
        return app, session

    @staticmethod
    def _entered(session) -> list[str]:
        return [
            c.value
            for c in controls(session.page.views[-1].controls)
            if isinstance(c, ft.Text) and str(c.value).startswith("Entered")
        ]

    def test_add_item_tapped_before_the_symbols_redraw_came_adds_the_item(self, lives):
        async def run():
            _app, session = await self._typed(lives, "5")
            add = _named(session, "Add item")
            await tap(session, _named(session, "Symbol star"))
            await tap(session, add)
            return self._entered(session)

        assert run_async(run()) == ["Entered: 5 ★"]

    def test_a_double_tap_on_add_item_adds_once(self, lives):
        async def run():
            _app, session = await self._typed(lives, "5")
            add = _named(session, "Add item")
            await tap(session, add)
            await tap(session, add)  # sent before the redraw
            return self._entered(session)

        assert run_async(run()) == ["Entered: 5 ☾"]


class TestAQuickTapAfterAPick:
    """A tap sent just after a pick, before the pick's redraw came, still counts when its
    button means the same after the pick (the redraw kept it): a phone taking 100-300 ms to
    redraw would otherwise drop the second of two quick taps, with nothing said."""

    def test_a_deceptidice_guess_right_after_a_count_step_is_made_with_that_count(self, lives):
        async def run():
            app, session = device(lives)
            app.games.start_game("deceptidice", ["Ana", "Bo", "Cy"], {})
            guess = _button(session.page.views[-1].controls, "Number 4")
            more = _button(session.page.views[-1].controls, "More cards")
            await tap(session, more)
            await tap(session, guess)  # before the redraw
            return [v.headline for v in app.game.session.verdicts]

        assert run_async(run())[-1].startswith("Ana guesses 2 cards with a 4")

    def test_a_double_tap_on_a_deceptidice_guess_guesses_once(self, lives):
        async def run():
            app, session = device(lives)
            app.games.start_game("deceptidice", ["Ana", "Bo", "Cy"], {})
            guess = _button(session.page.views[-1].controls, "Number 4")
            await tap(session, guess)
            await tap(session, guess)  # would be Bo's 1 × 4
            return [v.headline for v in app.game.session.verdicts]

        headlines = run_async(run())
        assert sum("guesses" in h for h in headlines) == 1, headlines

    @staticmethod
    def _challenged(lives):
        """A Deceptidice round just challenged: each player enters their face-up tops."""
        app, session = device(lives)
        app.games.start_game("deceptidice", ["Ana", "Bo", "Cy"], {})
        guess = {"form": "number", "count": 2, "number": 4}
        for action in (dd_guess("Ana", guess), dd_challenge("Bo")):
            app.game.play(app.game.rules.parse_action(action))
        return app, session

    def test_a_deceptidice_top_right_after_another_counts(self, lives):
        async def run():
            app, session = self._challenged(lives)
            red, blue = (_named(session, f"Ana's top {c} 4") for c in ("Red", "Blue"))
            await tap(session, red)
            await tap(session, blue)  # before the redraw
            return app.top.view.cards.picks[0]

        assert run_async(run()) == ["R4", "B4"]

    def test_a_double_tap_on_a_deceptidice_top_adds_it_once(self, lives):
        async def run():
            app, session = self._challenged(lives)
            red = _named(session, "Ana's top Red 4")
            await tap(session, red)
            await tap(session, red)
            return app.top.view.cards.picks[0]

        assert run_async(run()) == ["R4"]

    def test_start_game_right_after_the_last_letter_starts_the_game(self, lives):
        async def run():
            app, session = device(lives)
            app.go("/new")
            fields = [
                c for c in controls(session.page.views[-1].controls) if isinstance(c, ft.TextField)
            ]
            for field, name in zip(fields, ["Ana", "Bo", "C"], strict=False):
                await type_into(session, field, name)
            start = _button(session.page.views[-1].controls, "Start game")
            await type_into(session, fields[2], "Cy")  # the last letter, then Start at once
            await tap(session, start)
            return app.top.route.screen, list(app.game.session.state.players)

        assert run_async(run()) == ("game", ["Ana", "Bo", "Cy"])

    def test_auction_right_after_add_item_auctions_every_item_entered(self, lives):
        async def run():
            _app, session = await TestFairyBucksItemEntry._typed(lives, "5")
            await tap(session, _named(session, "Add item"))
            auction = _named(session, "Auction these items")
            await tap(session, _named(session, "Item value 3"))
            await tap(session, _named(session, "Add item"))
            await tap(session, auction)  # before the redraw
            return [v.headline for v in _app.game.session.verdicts]

        headline = run_async(run())[-1]
        assert "5" in headline and "3" in headline, headline


class TestAQuickCardInADispute:
    """Entering a dispute is card after card, each redrawing the screen: a card tapped
    before the last card's redraw came counts too."""

    def test_a_faj_showdown_pile_takes_two_quick_cards(self, lives):
        async def run():
            app, session = device(lives)
            app.go(routes.settle("faj_showdown"))
            first = _named(session, "Player 1 won 10♠")
            second = _named(session, "Player 1 won 9♠")
            await tap(session, first)
            await tap(session, second)  # before the redraw
            return app.top.dispute.form.piles[0]

        assert run_async(run()) == ["10S", "9S"]

    def test_a_fairy_seen_card_double_tapped_is_picked_once(self, lives):
        async def run():
            app, session = device(lives)
            app.go(routes.settle("fairy_chances"))
            await tap(session, _named(session, "Top card 9"))
            seen = _named(session, "Seen 5")
            await tap(session, seen)
            await tap(session, seen)  # before the redraw
            return app.top.dispute.form.seen

        assert run_async(run()) == [5]

    def test_a_faeker_showdown_hand_takes_two_quick_cards_and_a_double_tap_once(self, lives):
        async def run():
            app, session = device(lives)
            app.go(routes.settle("faeker_showdown"))
            await tap(session, _named(session, "Top card 2"))
            four, five = (_named(session, f"Player 1 shows {c}") for c in (4, 5))
            await tap(session, four)
            await tap(session, five)  # before the redraw
            await tap(session, five)  # a double tap: once
            return app.top.dispute.form.hands[0]

        assert run_async(run()) == [4, 5]

    def test_deceptidice_tops_take_two_quick_cards_and_a_double_tap_once(self, lives):
        async def run():
            app, session = device(lives)
            app.go(routes.settle("deceptidice_challenge"))
            red, blue = (_named(session, f"Player 1 top {c} 4") for c in ("Red", "Blue"))
            await tap(session, red)
            await tap(session, blue)  # before the redraw
            await tap(session, blue)  # a double tap: once
            return app.top.dispute.form.tops[0]

        assert run_async(run()) == ["R4", "B4"]


class TestAOneCardBoard:
    def test_another_card_takes_the_place_of_the_one_picked(self, lives):
        async def run():
            app, session = _faj(lives)
            await tap(session, _named(session, "Board 7♥"))
            await tap(session, _named(session, "Board 9♠"))
            return app.top.view.board_pick

        assert run_async(run()) == ["9S"]

    def test_a_full_board_of_two_says_why_a_third_card_is_not_taken(self, lives):
        async def run():
            app, session = _faj(lives)
            app.game.play(app.game.rules.parse_action({"type": "board", "cards": ["7H"]}))
            app.game.play(
                app.game.rules.parse_action(
                    {
                        "type": "plays",
                        "plays": [
                            {"player": "Ana", "card": "AS"},
                            {"player": "Bo", "card": "KS"},
                            {"player": "Cy", "card": "QS"},
                        ],
                    }
                )
            )
            for card in ("Board 2♣", "Board 3♣", "Board 9♠"):
                await tap(session, _named(session, card))
            said = [
                c.content.content.value
                for c in held_dialogs(session.page)
                if isinstance(c, ft.SnackBar) and c.open
            ]
            return app.top.view.board_pick, said

        picked, said = run_async(run())
        assert picked == ["2C", "3C"]
        assert said and "has its 2 cards" in said[-1]

    def test_deal_right_after_another_card_deals_that_card(self, lives):
        async def run():
            app, session = _faj(lives)
            await tap(session, _named(session, "Board 7♥"))
            deal = _named(session, "Deal board")
            await tap(session, _named(session, "Board 9♠"))
            await tap(session, deal)  # before the redraw
            return [v.headline for v in app.game.session.verdicts]

        assert run_async(run())[-1].endswith("Spades ♠ are trump")  # 9♠, not 7♥


class TestBack:
    def test_back_shows_the_screen_gone_back_to_in_the_view_on_top(self, lives):
        """Flutter takes a view off the top with a 300 ms transition, and lays a new view
        on top out once unseen: the top view stays, its screen changes."""

        async def run():
            app, session = _faj(lives)
            top = session.page.views[-1]
            app.back()
            return session.page.views, top, app.top.route.path

        views, top, path = run_async(run())
        assert path == "/"
        assert views == [top]

    def test_a_new_screen_takes_over_the_view_on_top(self, lives):
        async def run():
            app, session = _faj(lives)
            top = session.page.views[-1]
            app.go(f"{app.top.route.path}/log")
            return session.page.views, top

        views, top = run_async(run())
        assert len(views) == 3 and views[-1] is top

    def test_a_back_racing_a_screen_change_takes_the_popped_view_off(self, lives):
        """The phone pops the game's view while the shell hands that view to home: the
        phone never shows a popped view again, so home gets a new one."""

        async def run():
            app, session = _faj(lives)
            top = session.page.views[-1]
            app.back()  # the app bar's arrow: home takes over the view on top
            await page_event(session, "view_pop", {"route": top.route})
            return session.page.views, top, app.top.route.path

        views, popped, path = run_async(run())
        assert path == "/"
        assert popped not in views and len(views) == 1

    def test_a_view_the_shell_took_off_itself_is_not_a_back(self, lives):
        async def run():
            app, session = _faj(lives)
            under = session.page.views[0]
            app.back()
            app.games.open_game(app_game_id := lives.store.list_games()[0].id)
            # The phone reports the view taken off by the first Back, after the second
            # screen is up: that report must not take the game off too.
            await page_event(session, "view_pop", {"route": under.route})
            return app.top.route.path, app_game_id

        path, game_id = run_async(run())
        assert path == f"/game/{game_id}"


class TestAChoiceInADispute:
    """A choice sets what it names: the next one tapped before the last one's redraw came
    counts, and a double tap sets it once. A button that adds or steps at every tap comes
    anew at every redraw, so its double tap acts once."""

    @staticmethod
    async def _tap(session, *names: str) -> None:
        buttons = [_named(session, name) for name in names]  # all found before any tap
        for button in buttons:
            await tap(session, button)

    def test_two_quick_fairy_guesses_both_count(self, lives):
        async def run():
            app, session = device(lives)
            app.go(routes.settle("fairy_guesses"))
            await self._tap(session, "Top card 9")
            await self._tap(session, "Turned up 5")
            await self._tap(session, "Player 1 guessed lower", "Player 2 guessed higher")
            return app.top.dispute.form.guesses[:2]

        assert run_async(run()) == ["lower", "higher"]

    def test_a_double_tap_on_a_shown_buck_toggles_it_once(self, lives):
        async def run():
            app, session = device(lives)
            app.go(routes.settle("fairybucks_reveal"))
            await self._tap(session, "Player 1 was showing 3", "Player 1 was showing 3")
            return app.top.dispute.form.showing[0]

        assert run_async(run()) == [3]

    def test_a_buck_shown_right_after_it_was_marked_showing_is_refused(self, lives):
        """Marked as showing, the Buck is greyed out among the ones shown now only once
        the redraw comes: a tap on it before then changes nothing."""

        async def run():
            app, session = device(lives)
            app.go(routes.settle("fairybucks_reveal"))
            await self._tap(session, "Player 1 was showing 3", "Player 1 shows 3")
            form = app.top.dispute.form
            return form.showing[0], form.shows[0]

        assert run_async(run()) == ([3], None)

    def test_the_last_players_double_tap_on_a_faj_trick_card_plays_it_once(self, lives):
        async def run():
            app, session = device(lives)
            app.go(routes.settle("faj_trick"))
            form = app.top.dispute.form
            form.board = ["7H"]
            last = len(form.names) - 1
            form.plays = ["KC"] * last + [None]  # every other card entered
            form._set(active=last)
            name = f"{form.names[last]} plays A♣"
            await self._tap(session, name, name)
            return form.plays[last]

        assert run_async(run()) == "AC"

    def test_a_double_tap_on_item_value_up_steps_once(self, lives):
        async def run():
            app, session = device(lives)
            app.go(routes.settle("fairybucks_finale"))
            form = app.top.dispute.form
            before = form.item_value
            await self._tap(session, "Item value up", "Item value up")
            return form.item_value - before

        assert run_async(run()) == 1

    def test_a_double_tap_on_an_item_won_adds_it_once(self, lives):
        async def run():
            app, session = device(lives)
            app.go(routes.settle("fairybucks_finale"))
            form = app.top.dispute.form
            name = f"Player 1 won {form.item_value} moon"
            await self._tap(session, name, name)
            return len(form.items[0])

        assert run_async(run()) == 1

    def test_a_double_tap_on_a_deceptidice_count_step_steps_once(self, lives):
        async def run():
            app, session = device(lives)
            app.go(routes.settle("deceptidice_higher"))
            await self._tap(session, "New guess: more", "New guess: more")
            return app.top.dispute.form.guess.get("count")

        assert run_async(run()) == 2


class TestATapThatEndsANamesEdit:
    """Typing the players' names and then tapping a card or a choice: the field's blur
    renames the players and redraws before the tap comes; the tap still counts."""

    @staticmethod
    def _tapped_after_renaming(lives, dispute: str, names: str, button: str, before=()):
        """The dispute's form once `button`, found before the edit, is tapped right after
        the field is left with `names` typed (`before`: taps made first)."""

        async def run():
            app, session = device(lives)
            app.go(routes.settle(dispute))
            for name in before:
                await tap(session, _named(session, name))
            target = _named(session, button)
            field = next(
                c for c in controls(session.page.views[-1].controls) if isinstance(c, ft.TextField)
            )
            typed(session, field, names)  # typed on the phone
            await tap(session, field, "blur")
            await tap(session, target)
            return app.top.dispute.form

        return run_async(run())

    def test_a_faeker_showdown_card(self, lives):
        form = self._tapped_after_renaming(
            lives, "faeker_showdown", "Ana, Bo", "Player 1 shows 4", before=["Top card 2"]
        )
        assert (form.names, form.hands[0]) == (["Ana", "Bo"], [4])

    def test_a_fairy_guess(self, lives):
        form = self._tapped_after_renaming(
            lives,
            "fairy_guesses",
            "Ana, Bo",
            "Player 1 guessed lower",
            before=["Top card 9", "Turned up 5"],
        )
        assert form.guesses[0] == "lower"

    def test_a_fairy_bucks_high_bidder(self, lives):
        form = self._tapped_after_renaming(
            lives, "fairybucks_reveal", "Ana, Bo", "High Bidder Player 2"
        )
        assert form.high == "Bo"

    def test_a_faeker_top_card_right_after_a_player_is_added_by_name(self, lives):
        form = self._tapped_after_renaming(
            lives, "faeker_showdown", "Player 1, Player 2, Cy", "Top card 5"
        )
        assert (form.names, form.top) == (["Player 1", "Player 2", "Cy"], 5)

    def test_leaving_the_field_with_the_names_unchanged_draws_nothing(self, lives):
        """The field can take the focus back after a redraw: each tap then sends its blur
        first, and a redraw for it would drop every tap."""
        form = self._tapped_after_renaming(
            lives, "faeker_showdown", "Player 1,  Player 2", "Top card 5"
        )
        assert form.top == 5
