"""Players, Play again and the statistics as a phone's taps drive them (issue 24), through
Flet's own session without a browser: what a tap changes on screen and in the store."""

import random

import flet as ft

from referee.core.record import GameRecord
from referee.games import GAMES
from tests.flet_patches.insides import held_dialogs, own, tap, type_into
from tests.helpers import run_async
from tests.ui.devices import controls, device


def _top(session):
    return session.page.views[-1].controls


def _dialogs(session) -> list:
    return [d for d in held_dialogs(session.page) if d.open]


def tagged(root, identifier: str):
    for c in controls(root):
        if isinstance(c, ft.Semantics) and c.identifier == identifier:
            return c.content
    raise LookupError(identifier)


def text(root) -> str:
    return " ".join(c.value for c in controls(root) if isinstance(c, ft.Text) and c.value)


def button(root, label: str):
    """The control a tap on `label` reaches: a button or chip by its text, or the
    content of a Semantics that names it."""
    for c in controls(root):
        if isinstance(c, ft.Chip) and c.label.value == label:
            return c
        if label in (own(c).get("content"), own(c).get("tooltip")):
            return c
        if isinstance(c, ft.Semantics) and c.label == label:
            return c.content
    raise LookupError(label)


def finish(lives, kind: str, players: list[str], seed: int = 3) -> int:
    """A finished game stored through the live tables (as another device would play it)."""
    rules, rng = GAMES[kind], random.Random(seed)
    live = lives.create(GameRecord(game=kind, players=players))
    while not rules.is_over(live.table.state):
        live.table.play(rules.draw(live.table.state, rng))
    return live.game_id


class TestNewGame:
    def test_a_table_from_before_is_seated_in_one_tap(self, lives):
        finish(lives, "fairy", ["Ana", "Bo", "Cy", "Dee"])

        async def run():
            app, session = device(lives)
            app.go("/new")
            recent = tagged(_top(session), "recent-0")
            assert "Ana, Bo, Cy, Dee · Fairy · today" in text(recent)
            await tap(session, recent)
            form = app.top.form
            fields = [c for c in controls(_top(session)) if isinstance(c, ft.TextField)]
            return form.kind, form.names, [f.value for f in fields[:4]]

        kind, names, shown = run_async(run())
        assert kind == "fairy"
        assert names == shown == ["Ana", "Bo", "Cy", "Dee"]

    def test_a_name_field_offers_known_names_as_one_types(self, lives):
        finish(lives, "fairy", ["Anna", "Bo", "Ana"])

        async def run():
            app, session = device(lives)
            app.go("/new")
            field = next(c for c in controls(_top(session)) if isinstance(c, ft.TextField))
            await type_into(session, field, "an")
            offered = [
                c.content
                for c in controls(tagged(_top(session), "suggestions-0"))
                if isinstance(c, ft.OutlinedButton)
            ]
            chip = button(tagged(_top(session), "suggestions-0"), "Ana")
            await tap(session, chip)
            return offered, app.top.form.names[0], field.value

        offered, name, shown = run_async(run())
        assert sorted(offered) == ["Ana", "Anna"]
        assert name == shown == "Ana"

    def test_an_empty_field_offers_the_latest_players_not_yet_seated(self, lives):
        finish(lives, "fairy", ["Ana", "Bo", "Cy"])
        finish(lives, "fairy", ["Dee", "Ed"], seed=4)

        async def run():
            app, session = device(lives)
            app.go("/new")
            fields = [c for c in controls(_top(session)) if isinstance(c, ft.TextField)]
            await type_into(session, fields[0], "Ana")
            await tap(session, fields[1], "focus")
            row = tagged(_top(session), "suggestions-1")
            return [c.content for c in controls(row) if isinstance(c, ft.OutlinedButton)]

        assert run_async(run()) == ["Dee", "Ed", "Bo", "Cy"]


class TestPlayAgain:
    def test_the_ending_offers_play_again_first_and_it_starts_the_rematch(self, lives):
        game_id = finish(lives, "faeker", ["Ana", "Bo", "Cy"])
        expected = lives.open(game_id).table.rematch()

        async def run():
            app, session = device(lives)
            app.games.open_game(game_id)
            ending = tagged(_top(session), "ending-actions")
            labels = [
                c.content
                for c in controls(ending)
                if isinstance(c, (ft.FilledButton, ft.OutlinedButton))
            ]
            again = button(ending, "Play again")
            await tap(session, again)
            await tap(session, again)  # a double tap, sent before the new screen came
            return labels, app, text(tagged(_top(session), "rematch-note"))

        labels, app, note = run_async(run())
        assert labels == ["Play again", "Share", "New game", "Home", "Log in BG Stats"]
        assert app.screen == "game" and app.game.game_id != game_id
        assert app.top.route.path == f"/game/{app.game.game_id}"
        record = app.game.session.record()
        assert (record.players, record.options) == (list(expected.players), expected.options)
        assert note == f"Play again: {expected.note}"
        assert note.startswith("Play again: First dealer:")
        assert len(lives.store.list_games()) == 2  # the double tap started one game

    def test_two_phones_tapping_play_again_start_one_rematch_and_both_show_it(self, lives):
        game_id = finish(lives, "faeker", ["Ana", "Bo", "Cy"])

        async def run():
            (one, first), (two, second) = device(lives), device(lives)
            one.games.open_game(game_id)
            two.games.open_game(game_id)
            again = button(_top(first), "Play again"), button(_top(second), "Play again")
            await tap(first, again[0])
            await tap(second, again[1])
            return one, two, text(tagged(_top(second), "rematch-note"))

        one, two, note = run_async(run())
        assert one.game.game_id == two.game.game_id != game_id
        assert note.startswith("Play again: First dealer:")
        assert len(lives.store.list_games()) == 2

    def test_the_note_goes_with_the_first_action(self, lives):
        game_id = finish(lives, "fairy", ["Ana", "Bo"])

        async def run():
            app, session = device(lives)
            app.games.open_game(game_id)
            await tap(session, button(_top(session), "Play again"))
            app.game.play(app.game.rules.parse_action({"type": "opening", "card": 4}))
            return _top(session)

        shown = run_async(run())
        try:
            tagged(shown, "rematch-note")
        except LookupError:
            return
        raise AssertionError("the rematch note stayed after the first action")


class TestStatistics:
    def test_home_leads_to_the_statistics_of_the_finished_games_only(self, lives):
        finish(lives, "fairy", ["Ana", "Bo", "Cy"])
        finish(lives, "faeker", ["Ana", "Bo", "Cy"])
        lives.create(GameRecord(game="faj", players=["Ana", "Bo", "Cy"]))  # unfinished

        async def run():
            app, session = device(lives)
            await tap(session, button(_top(session), "Statistics"))
            return app, _top(session)

        app, shown = run_async(run())
        assert app.top.route.path == "/stats"
        assert text(tagged(shown, "stats-summary")) == (
            "All games · all time: 2 finished games; 1 unfinished, not counted."
        )
        assert text(tagged(shown, "stats-games-Ana")) == "2"
        assert tagged(shown, "unfinished-3")
        assert tagged(shown, "stats-chart") and tagged(shown, "stats-days")
        assert tagged(shown, "kind-fairy") and tagged(shown, "kind-faeker")

    def test_the_filters_and_head_to_head(self, lives):
        finish(lives, "fairy", ["Ana", "Bo", "Cy"])
        finish(lives, "faeker", ["Ana", "Bo", "Cy"])

        async def run():
            app, session = device(lives)
            app.go("/stats")
            await tap(session, button(tagged(_top(session), "filter-game"), "Fairy"), "select")
            one_game = text(tagged(_top(session), "stats-summary"))
            await tap(session, button(tagged(_top(session), "head-to-head"), "Cy"), "select")
            pair = list(app.top.shown_pair)
            return one_game, pair, text(tagged(_top(session), "h2h-result"))

        one_game, pair, h2h = run_async(run())
        assert one_game == "Fairy · all time: 1 finished game."
        assert len(pair) == 2 and pair[1] == "Cy"
        assert h2h == f"{pair[0]} and Cy: 1 game together"

    def test_no_finished_game_says_so(self, lives):
        lives.create(GameRecord(game="faj", players=["Ana", "Bo", "Cy"]))

        async def run():
            app, session = device(lives)
            app.go("/stats")
            return text(tagged(_top(session), "stats"))

        shown = run_async(run())
        assert "No finished games here yet: a game counts once it is over." in shown
        assert "Unfinished (not counted)" in shown


class TestRename:
    def _open(self, session, app, player=None):
        app.top.rename(player)
        dialog = _dialogs(session)[-1]
        fields = [c for c in controls(dialog) if isinstance(c, ft.TextField)]
        return dialog, fields

    def test_a_rename_says_what_it_will_do_and_does_it(self, lives):
        finish(lives, "fairy", ["Anna", "Bo"])
        finish(lives, "fairy", ["Anna", "Cy"], seed=4)

        async def run():
            app, session = device(lives)
            app.go("/stats")
            _dialog, (_old, new) = self._open(session, app, "Anna")
            await type_into(session, new, "Annabel")
            app_dialogs = []
            await tap(session, button(_dialogs(session)[-1], "Rename…"))
            confirm = _dialogs(session)[-1]
            app_dialogs.append(text(tagged(confirm, "confirm-title")))
            await tap(session, button(confirm, "Rename"))
            return app_dialogs, lives.store.players.known()

        said, known = run_async(run())
        assert said == ["Rename Anna to Annabel in 2 games?"]
        assert sorted(known) == ["Annabel", "Bo", "Cy"]

    def test_a_known_name_merges_the_two(self, lives):
        finish(lives, "fairy", ["Anna", "Bo"])
        finish(lives, "fairy", ["Ana", "Cy"], seed=4)

        async def run():
            app, session = device(lives)
            app.go("/stats")
            _dialog, (_old, new) = self._open(session, app, "Anna")
            await type_into(session, new, "An")
            await tap(session, button(tagged(_dialogs(session)[-1], "offered-name"), "Ana"))
            await tap(session, button(_dialogs(session)[-1], "Rename…"))
            confirm = _dialogs(session)[-1]
            said = text(tagged(confirm, "confirm-title"))
            await tap(session, button(confirm, "Merge"))
            return said, lives.store.players.known(), text(tagged(_top(session), "stats-games-Ana"))

        said, known, games = run_async(run())
        assert said == "Merge Anna into Ana in 1 game?"
        assert sorted(known) == ["Ana", "Bo", "Cy"]
        assert games == "2"

    def test_bad_input_is_one_sentence_and_changes_nothing(self, lives):
        finish(lives, "fairy", ["Anna", "Ana"])
        finish(lives, "fairy", ["Bo", "Cy"], seed=4)

        async def run():
            app, session = device(lives)
            app.go("/stats")
            said = []
            _dialog, (old, new) = self._open(session, app, "Anna")
            for typed in ("", "Anna", "A\nB"):
                await type_into(session, new, typed)
                await tap(session, button(_dialogs(session)[-1], "Rename…"))
                said.append(new.error)
            await type_into(session, old, "Zed")
            await type_into(session, new, "Zack")
            await tap(session, button(_dialogs(session)[-1], "Rename…"))
            said.append(old.error)
            return said, lives.store.players.known()

        said, known = run_async(run())
        assert said == [
            "Type the new name.",
            "The player is called Anna already.",
            "A player's name must be on one line: 'A\\x0aB'.",
            "No saved game has a player called Zed.",
        ]
        assert sorted(known) == ["Ana", "Anna", "Bo", "Cy"]

    def test_a_merge_that_cannot_be_done_says_why_before_asking(self, lives):
        finish(lives, "fairy", ["Anna", "Ana"])
        finish(lives, "fairy", ["Anna", "Cy"], seed=4)

        async def run():
            app, session = device(lives)
            app.go("/stats")
            _dialog, (_old, new) = self._open(session, app, "Anna")
            await type_into(session, new, "Ana")
            await tap(session, button(_dialogs(session)[-1], "Rename…"))
            return " ".join(text(d) for d in _dialogs(session)), new.error

        shown, error = run_async(run())
        assert "Merge Anna into Ana" not in shown  # no question a yes cannot keep
        assert "'Ana' and 'Anna' at its table" in error and "nothing was changed" in error
        assert sorted(lives.store.players.known()) == ["Ana", "Anna", "Cy"]
