"""A verdict open on one phone stands only while the log holds it (issue 54): undone,
edited, deleted, replaced or restored on another device, or through another referee on
the same folder, the dialog gives way to one sentence saying who took it away, and a
verdict the log still holds stays open."""

import asyncio
import random

import flet as ft

from referee.games import GAMES
from referee.live.kept_session import KeptSession
from referee.storage.store import Store
from referee.ui import routes
from referee.ui.verdicts import Shown
from tests.flet_patches.insides import held_dialogs
from tests.helpers import bid, bluff, fairy_turn, opening, reveal, run_async, top, turn_up
from tests.ui.devices import controls, device, texts_of

# The Fairy game of the issue: turn 2 turns up 12 on 19, and Ana, who said lower, was right.
FAIRY = [opening(5), *fairy_turn(19, Ana="higher", Bo="lower")]
TWELVE = fairy_turn(12, Ana="lower", Bo="higher")
RIGHT = "12 is lower than 19: Ana was right"
# A Fae-ker bluff call, its verdict the fourth action of the log (a log open to fix).
FAEKER = [top(5), bid("Bo", 2), bluff("Cy"), reveal("Bo", 5, 6, 1, 1, 1)]
TRUTH = "Bo told the truth: 2 for a bid of 2"


async def told() -> None:
    for _ in range(12):  # another device is told on turns of the event loop of its own
        await asyncio.sleep(0)


def open_dialogs(session) -> list[ft.AlertDialog]:
    return [d for d in held_dialogs(session.page) if d.open and isinstance(d, ft.AlertDialog)]


def said(session, identifier: str) -> list[str]:
    """What the open dialogs' controls tagged `identifier` say."""
    return [
        " ".join(texts_of(c.content))
        for d in open_dialogs(session)
        for c in controls(d)
        if isinstance(c, ft.Semantics) and c.identifier == identifier
    ]


def toasts(session) -> list[str]:
    bars = [d for d in held_dialogs(session.page) if d.open and isinstance(d, ft.SnackBar)]
    return [" ".join(texts_of(b.content)) for b in bars]


def play(app, *actions) -> None:
    for action in actions:
        app.game.play(app.game.rules.parse_action(action))


async def two_devices(lives, kind, players, actions):
    """The game on this device (A) and on Bo's phone (B), `actions` played on A; both
    show the last one's verdict when it settled something."""
    a, sa = device(lives)
    b, sb = device(lives)
    a.games.start_game(kind, players, {})
    b.games.open_game(a.game.game_id)
    b.game.choose_me(players.index("Bo"))
    await told()
    play(a, *actions)
    await told()
    return a, sa, b, sb


def ok(app) -> None:
    """The OK of the dialog open on this device."""
    app.game.close_verdict()


class TestTheFairyCaseOfTheIssue:
    def test_bo_undoes_the_card_and_anas_dialog_says_so(self, lives):
        async def run():
            a, sa, b, sb = await two_devices(lives, "fairy", ["Ana", "Bo"], FAIRY + TWELVE)
            assert said(sa, "verdict-headline") == [RIGHT]
            assert said(sb, "verdict-headline") == [RIGHT]
            ok(b)
            b.game.undo()
            await told()
            return sa, sb, a.game.session

        sa, _sb, session = run_async(run())
        assert said(sa, "verdict-headline") == []  # the verdict is gone from A
        assert said(sa, "verdict-gone") == ["Bo's phone undid that."]
        assert said(sa, "verdict-gone-was") == [RIGHT]
        assert said(sa, "verdict-gone-now") == [
            "The table now: Guesses are in. Turn up the next card and tap it."
        ]
        assert len(open_dialogs(sa)) == 1 and toasts(sa) == []
        assert [s.verdict.headline for s in session.steps][-1] == "Turn 2: 2 guesses locked in"

    def test_a_redo_shows_the_verdict_again_and_a_new_card_replaces_it(self, lives):
        async def run():
            _a, sa, b, _sb = await two_devices(lives, "fairy", ["Ana", "Bo"], FAIRY + TWELVE)
            ok(b)
            b.game.undo()
            await told()
            b.game.redo()  # back in the log: on A the verdict again, in place of the sentence
            await told()
            redone = said(sa, "verdict-headline"), len(open_dialogs(sa))
            ok(b)
            b.game.undo()  # and at once another card instead, before A is told
            play(b, turn_up(20))
            await told()
            return redone, sa

        redone, sa = run_async(run())
        assert redone == ([RIGHT], 1)
        assert said(sa, "verdict-headline") == ["20 is higher than 19 and same suit: Bo was right"]
        assert len(open_dialogs(sa)) == 1  # the verdict taken away is not left under it
        assert toasts(sa) == [f"Bo's phone undid that: “{RIGHT}”."]

    def test_a_move_that_leaves_the_verdict_in_the_log_leaves_it_open(self, lives):
        async def run():
            _a, sa, b, _sb = await two_devices(lives, "fairy", ["Ana", "Bo"], FAIRY + TWELVE)
            ok(b)
            b.game.pick(0, "higher")  # a guess of the next turn: the verdict still stands
            await told()
            return sa

        sa = run_async(run())
        assert said(sa, "verdict-headline") == [RIGHT] and said(sa, "verdict-gone") == []


async def fix(app, number: int, kind: str, action=None, keep_up_to_there=False) -> None:
    """A fix to the log as a player makes it: its screen, the action entered, Confirm."""
    app.go(routes.fix(app.game.game_id, number, kind))
    editor = app.top.editor
    if action is not None:
        editor.capture(app.game.rules.parse_action(action))
    assert editor.result is not None and editor.result.ok != keep_up_to_there
    editor.confirm()
    await told()


class TestAVerdictFromAnotherDeviceOpensHere:
    def test_when_this_device_is_told_of_a_guess_after_the_card_landed_too(self, lives):
        """A device is told in a turn of its own: told of Bo's guess while B's card has
        already landed, it draws the card's verdict; the turn that tells it of the card
        must still open that verdict (the dialog was missing in a run of the suite)."""

        async def run():
            a, sa, b, _sb = await two_devices(lives, "fairy", ["Ana", "Bo"], FAIRY)
            ok(a)
            ok(b)
            b.game.pick(0, "lower")
            picked = b.game.live.version
            b.game.pick(1, "higher")  # the last guess: the guesses go in as one action
            play(b, turn_up(12))
            a.game._changed_elsewhere(picked)  # told of the first guess only now
            a.game._changed_elsewhere(b.game.live.version)
            await told()
            return sa

        sa = run_async(run())
        assert said(sa, "verdict-headline") == [RIGHT]


class TestAFixToTheLogOnAnotherDevice:
    def _after(self, lives, change):
        async def run():
            _a, sa, b, _sb = await two_devices(lives, "faeker", ["Ana", "Bo", "Cy"], FAEKER)
            assert said(sa, "verdict-headline") == [TRUTH]
            ok(b)
            await change(b)
            return sa

        return run_async(run())

    def test_an_edit_that_changes_the_verdict(self, lives):
        sa = self._after(lives, lambda b: fix(b, 2, "edit", bid("Bo", 3)))
        assert said(sa, "verdict-gone") == ["Bo's phone fixed the log."]
        assert said(sa, "verdict-gone-what") == ["Action 2 edited."]
        assert said(sa, "verdict-gone-was") == [TRUTH]
        assert said(sa, "verdict-gone-instead") == ["In its place: Bo bluffed: 2 for a bid of 3"]

    def test_a_delete_of_the_action_shown(self, lives):
        sa = self._after(lives, lambda b: fix(b, 4, "delete"))
        assert said(sa, "verdict-gone") == ["Bo's phone fixed the log."]
        assert said(sa, "verdict-gone-what") == ["Action 4 deleted."]
        assert said(sa, "verdict-gone-instead") == []  # the log ends before it now

    def test_an_insert_that_breaks_the_actions_after_it(self, lives):
        sa = self._after(lives, lambda b: fix(b, 3, "insert", bid("Cy", 3), keep_up_to_there=True))
        assert said(sa, "verdict-gone") == ["Bo's phone fixed the log."]
        assert said(sa, "verdict-gone-what") == ["Action 3 inserted; kept up to action 3."]

    def test_an_earlier_version_restored(self, lives):
        async def run():
            a, sa, b, _sb = await two_devices(lives, "faeker", ["Ana", "Bo", "Cy"], FAEKER)
            ok(a)
            ok(b)
            await fix(b, 2, "edit", bid("Bo", 3))
            a.game.explain_last()  # A looks at the verdict of the edited log
            (version,) = lives.store.log.versions(a.game.game_id)
            b.go(routes.game(b.game.game_id))
            b.game.live.restore(b.game.seen, b.game.device, version["id"], b.game.name)
            await told()
            return sa

        sa = run_async(run())
        assert said(sa, "verdict-gone") == ["Bo's phone restored an earlier version of the game."]
        assert said(sa, "verdict-gone-was") == ["Bo bluffed: 2 for a bid of 3"]

    def test_a_fix_screen_open_here_says_the_action_was_undone_there(self, lives):
        async def run():
            a, sa, b, _sb = await two_devices(lives, "faeker", ["Ana", "Bo", "Cy"], FAEKER)
            ok(a)
            ok(b)
            a.go(routes.fix(a.game.game_id, 4, "edit"))
            b.game.undo()
            await told()
            return texts_of(sa.page.views[-1])

        shown = run_async(run())
        assert "Bo's phone undid that while you were fixing action 4." in shown
        assert not any(TRUTH in line for line in shown)  # nor the action it no longer holds


class TestAnotherRefereeOnTheSameFolder:
    def test_an_undo_through_another_store_takes_the_verdict_away(self, lives, tmp_path):
        async def run():
            a, sa = device(lives)
            a.games.start_game("fairy", ["Ana", "Bo"], {})
            play(a, *FAIRY, *TWELVE)
            await told()
            other = Store(tmp_path / "referee.db")  # a second referee on the same folder
            try:
                KeptSession.resume(other, a.game.game_id).undo()
            finally:
                other.close()
            lives.catch_up([a.game.live])  # what its watcher does when data_version moves
            await told()
            return sa

        sa = run_async(run())
        assert said(sa, "verdict-gone") == ["Another device undid that."]
        assert said(sa, "verdict-gone-was") == [RIGHT]
        assert len(open_dialogs(sa)) == 1 and toasts(sa) == []  # said once


class TestNoGameShowsAVerdictTheLogNoLongerHolds:
    def test_random_play_undo_and_redo_on_two_devices_of_every_game(self, lives):
        """Every game: one device plays, undoes and redoes at random while the other keeps
        the last verdict open; whatever verdict the other shows is in the log."""

        async def run(kind: str, rng: random.Random) -> int:
            a, sa = device(lives)
            b, _sb = device(lives)
            rules = GAMES[kind]
            a.games.start_game(kind, ["Ana", "Bo", "Cy", "Dee"][: max(3, rules.min_players)], {})
            b.games.open_game(a.game.game_id)
            await told()
            checked = 0
            for _ in range(40):
                s = b.game.session
                b.game.close_verdict()
                roll = rng.random()
                if roll < 0.3 and s.can_undo:
                    b.game.undo()
                elif roll < 0.4 and s.can_redo:
                    b.game.redo()
                elif not rules.is_over(s.state):
                    b.game.play(rules.draw(s.state, rng))
                await told()
                headlines = {st.verdict.headline for st in a.game.session.steps}
                shown = said(sa, "verdict-headline")
                if a.game.session.is_over:
                    headlines.add(rules.outcome(a.game.session.state).headline)
                assert set(shown) <= headlines, (kind, shown)
                assert len(open_dialogs(sa)) <= 1
                checked += bool(shown)
                if not shown and a.game.session.steps:
                    a.game.close_verdict()
                    a.game.explain_last()
            return checked

        for n, kind in enumerate(sorted(GAMES)):
            assert run_async(run(kind, random.Random(n))) > 0, kind


class TestShownStands:
    def test_the_same_step_moved_by_an_insert_or_a_delete_before_it_still_stands(self):
        from tests.helpers import game

        session = game("fairy", ("Ana", "Bo"), FAIRY + TWELVE)
        step = session.steps[-1]
        shown = Shown(ft.AlertDialog(), 5, step.action, step.verdict, 5)
        assert shown.stands(session.steps)
        assert shown.stands([session.steps[0], *session.steps])  # one more before it
        assert shown.stands(session.steps[1:])  # one fewer before it
        assert not shown.stands(session.steps[:-1])  # undone


def test_a_move_undone_on_another_phone_is_said_where_its_own_undo_says_it(lives):
    """No verdict was open here: the bid only vanished from B's screen, and the table
    asked what happened. B says who undid what, as A's own Undo does."""
    from tests.ui.devices import bidding_on_two, texts_of

    async def run():
        a, _a_session, _b, b_session = bidding_on_two(lives)
        a.game.play(a.game.rules.parse_action({"type": "bid", "player": "Bo", "amount": 2}))
        for _ in range(5):
            await asyncio.sleep(0)
        a.game.undo()
        for _ in range(5):
            await asyncio.sleep(0)
        return texts_of(b_session.page.views[-1].controls)

    shown = run_async(run())
    assert "Another device undid: Bo bids 2. Redo puts it back." in shown
