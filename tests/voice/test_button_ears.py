"""Push to talk in Settle a dispute (ui/spoken_buttons.ButtonEars): a button of the screen
said by its name is tapped as a finger would tap it; speech that names no button taps
nothing and says what to say; a button heard with doubt is asked about first."""

import asyncio
import shutil
import tempfile
from pathlib import Path

import pytest

from referee.core.spoken import Tap
from referee.live.tables import LiveTables
from referee.storage.store import Store
from referee.ui.spoken_buttons import named_buttons
from referee.voice.recogniser import Heard
from tests.helpers import run_async
from tests.ui.devices import device
from tests.voice.test_ears import samples

pytestmark = pytest.mark.skipif(not shutil.which("espeak-ng"), reason="needs espeak-ng")


def trick_dispute(lives):
    """A phone on the FAJ trick dispute, its board being entered."""
    app, session = device(lives)
    app.go("/settle/faj_trick")
    screen = app.top
    screen.ears.token = "t" * 24  # a browser's (a window has none, and no microphone)
    app.render()
    return app, session, screen


@pytest.fixture
def lives():
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "referee.db")
        yield LiveTables(store)
        store.close()


def test_a_card_said_by_its_buttons_name_is_entered_as_its_tap(lives, tmp_path):
    async def run():
        app, _session, screen = trick_dispute(lives)
        told = []
        app.toast = told.append
        answer = await screen.ears.hear(samples(tmp_path, "board nine of clubs"))
        return answer, screen.dispute.form.board, told

    answer, board, told = run_async(run())
    assert answer == {"ok": True, "said": "Heard: Board 9♣."}
    assert board == ["9C"]
    assert told == ["Heard: Board 9♣."]


def test_speech_that_names_no_button_taps_nothing_and_says_what_to_say(lives, tmp_path):
    async def run():
        _app, _session, screen = trick_dispute(lives)
        answer = await screen.ears.hear(samples(tmp_path, "good morning, how are you"))
        return answer, screen.dispute.form.board

    answer, board = run_async(run())
    # Nothing tapped: not heard at all, or offered with doubt (a tap still to come).
    assert board == []
    assert not answer["ok"] or answer["said"].startswith("Did you say")
    if not answer["ok"]:
        assert "Say a button's name, such as" in answer["said"]


def test_a_button_heard_with_doubt_is_tapped_only_on_yes(lives, monkeypatch):
    from referee.voice import recogniser

    doubtful = Heard("nine of clubs", Tap("Board 9♣"), sure=False)
    monkeypatch.setattr(recogniser, "hear_grammar", lambda *_a: doubtful)

    async def run():
        app, _session, screen = trick_dispute(lives)
        asked = []
        app.confirm = lambda title, _message, on_yes, yes, no: asked.append((title, on_yes, yes))
        answer = await screen.ears.hear(b"\x00\x00" * 1600)
        before = list(screen.dispute.form.board)
        asked[0][1]()  # Yes
        return answer, asked, before, screen.dispute.form.board

    answer, asked, before, after = run_async(run())
    assert answer["said"] == "Did you say: Board 9♣?"
    assert asked[0][2] == "Yes, tap it"
    assert before == [] and after == ["9C"]


def test_a_button_hidden_from_screen_readers_or_disabled_is_not_listened_for(lives):
    async def run():
        _app, session, _screen = trick_dispute(lives)
        return named_buttons(session.page.views[-1].controls[0])

    names = run_async(run())
    assert "Board 9♣" in names and "Card of Player 2" in names
    assert not any(name.startswith("Player 1 plays") for name in names)  # not on screen


def test_nothing_is_tapped_once_the_screen_was_left(lives, tmp_path):
    async def run():
        app, _session, screen = trick_dispute(lives)
        app.go("/")
        await asyncio.sleep(0)
        return await screen.ears.hear(samples(tmp_path, "board nine of clubs")), screen.dispute.form

    answer, form = run_async(run())
    assert answer == {"ok": False, "said": "That screen was left, so nothing was tapped."}
    assert form.board == []


def test_a_deceptidice_top_said_by_its_buttons_name_is_entered_in_a_game(lives, tmp_path):
    """Where the game's words say no move (the tops after a challenge), a game screen
    hears its own buttons, as Settle a dispute does."""
    from tests.helpers import dd_challenge, dd_colour, dd_guess

    async def run():
        app, _session = device(lives)
        app.games.start_game("deceptidice", ["Ana", "Bo", "Cy", "Di"], {})
        for action in (dd_guess("Ana", dd_colour(1, "R")), dd_challenge("Bo")):
            app.game.play(app.game.rules.parse_action(action))
            app.game.close_verdict()
        ears = app.game.ears
        ears.close()
        ears.token = "t" * 24  # a browser's (a window has none, and no microphone)
        ears.open()
        app.render()
        asked = []
        app.confirm = lambda title, _message, on_yes, yes, no: asked.append((title, on_yes))
        await ears.hear(b"")  # the microphone opens
        answer = await ears.hear(samples(tmp_path, "Ana's top red four"))
        for _title, yes in asked:  # heard with doubt: tapped on Yes
            yes()
        return answer, app.game.live.entries.drafts.get("tops")

    answer, tops = run_async(run())
    assert answer["said"] in ("Heard: Ana's top Red 4.", "Did you say: Ana's top Red 4?")
    assert tops in ({"0": ["R4"]}, {0: ["R4"]})
