"""Share the result (issue 55), on a device's server side: every ending (the verdict that
ends a game, and the game's screen once over), the standings and the statistics offer
Share; its dialog shows the card and hands the phone's capture to the share sheet with
the result as text, which says every place, ties included, for every game. Where the
browser has no share sheet, the picture is downloaded and the text copied, and the
dialog says so; the phone answers here as a browser would (tests/ui/devices.py)."""

import asyncio
import random

import flet as ft
import pytest

from referee.core.record import GameRecord
from referee.games import GAMES
from referee.ui import routes
from referee.ui.result.card import result_card
from referee.ui.result.facts import SIGNATURE, Result, Row, game_result, ordinal
from referee.ui.result.share_dialog import LEAST_RATIO, pixel_ratio
from referee.ui.theme import RED_SUIT
from tests.flet_patches import insides
from tests.flet_patches.insides import held_dialogs
from tests.helpers import run_async
from tests.test_standings import finished
from tests.ui.devices import controls, device, text_of
from tests.ui.test_one_app import finish

PLAYERS = ["Ana", "Bo", "Cy", "Dee"]
PNG = b"\x89PNG\r\n\x1a\n" + b"picture"  # what the phone's capture hands back
# A browser without the Web Share API (a desktop's), as Flet's share reports it.
NO_SHEET = RuntimeError("Exception: Navigator.canShare() is unavailable")
# What a Share asks of the phone (other calls, such as its stored settings, are answered
# and left out).
SHARING = {"capture", "share_files", "save_file", "set"}
BUTTONS = (ft.FilledButton, ft.OutlinedButton, ft.TextButton)


def on_screen(session) -> list:
    """The view on top and the dialogs over it."""
    return [session.page.views[-1], *held_dialogs(session.page)]


def button(session, label: str):
    found = [
        c
        for c in controls(on_screen(session))
        if isinstance(c, BUTTONS) and c.content == label and c.visible is not False
    ]
    assert found, f"no {label!r} button on screen"
    return found[-1]  # the topmost: a dialog's over the screen's


async def tap(session, label: str) -> None:
    await insides.tap(session, button(session, label))


async def phone_answers(session, replies: dict) -> list:
    """Answer what the page asks of the phone (`replies`: method -> result, or an
    Exception for an error) until it asks nothing more; each (method, args) a Share asked."""
    asked, connection = [], session.connection
    for _ in range(200):
        await asyncio.sleep(0)
        requests = connection.requests
        while connection.answered < len(requests):
            body = requests[connection.answered]
            connection.answered += 1
            if body.name in SHARING:
                asked.append((body.name, body.args))
            reply = replies.get(body.name)
            error = str(reply) if isinstance(reply, Exception) else None
            session.handle_invoke_method_results(
                body.control_id, body.call_id, None if error else reply, error
            )
    return asked


def note_of(session) -> str:
    """What the Share dialog says."""
    shown = controls(on_screen(session))
    note = next(c for c in shown if getattr(c, "identifier", "") == "share-note")
    return text_of(note.content)


def expected_text(live) -> list[str]:
    """Each place's line, worked out here from the rules' outcome: what decided each place
    (the points, or a FAJ poker hand, never the cards won)."""
    rules, state = live.table.rules, live.table.state
    outcome = rules.outcome(state)
    lines = []
    for place, seat in sorted((p, s) for s, p in enumerate(outcome.places)):
        tie = " (tie)" if outcome.places.count(place) > 1 else ""
        lines.append(f"{ordinal(place)}{tie} {PLAYERS[seat]}: {outcome.decided[seat]}")
    return [outcome.headline, outcome.reason, *lines, SIGNATURE]


def share_on_ending(lives, kind: str, replies: dict):
    """Finish a `kind` game, open it, Share on its ending; what the phone was asked, the
    dialog's note, and the live game."""
    game_id = finish(lives, kind, PLAYERS)
    live = lives.open(game_id)

    async def run():
        app, session = device(lives)
        app.go(routes.game(game_id))
        await tap(session, "Share")
        asked = await phone_answers(session, replies)
        return asked, note_of(session)

    asked, note = run_async(run())
    return asked, note, live


class TestEveryPlaceOffersShare:
    def test_the_verdict_that_ends_a_game_offers_share(self, lives):
        rules, rng = GAMES["faeker"], random.Random(3)
        live = lives.create(GameRecord(game="faeker", players=PLAYERS))
        while True:
            action = rules.draw(live.table.state, rng)
            after, _verdict = rules.apply(live.table.state, action)
            if rules.is_over(after):
                break
            live.table.play(action)

        async def run():
            app, session = device(lives)
            app.go(routes.game(live.game_id))
            app.game.play(action)  # the last move, tapped on this device
            headline = text_of(
                next(
                    c
                    for c in controls(on_screen(session))
                    if getattr(c, "identifier", "") == "verdict-headline"
                ).content
            )
            await tap(session, "Share")  # the verdict's: it gives way to the Share dialog
            asked = await phone_answers(
                session, {"capture": PNG, "share_files": NO_SHEET, "save_file": None}
            )
            shown = [d for d in held_dialogs(session.page) if d.open]
            return headline, asked, shown

        headline, asked, shown = run_async(run())
        assert headline == rules.outcome(live.table.state).headline
        assert len(shown) == 1 and "share-note" in {
            getattr(c, "identifier", None) for c in controls(shown)
        }
        assert [name for name, _args in asked][:2] == ["capture", "share_files"]

    @pytest.mark.parametrize(
        ("path", "label"),
        [("standings", "Share the result"), ("stats", "Share these figures")],
    )
    def test_the_standings_and_the_statistics_offer_share(self, lives, path, label):
        game_id = finish(lives, "fairy", PLAYERS)

        async def run():
            app, session = device(lives)
            app.go(f"/game/{game_id}/standings" if path == "standings" else "/stats")
            await tap(session, label)
            return await phone_answers(
                session, {"capture": PNG, "share_files": NO_SHEET, "save_file": None}
            )

        asked = run_async(run())
        files = dict(asked)["share_files"]["files"]
        assert files[0].name.startswith("referee-") and files[0].data == PNG

    def test_a_game_still_going_on_offers_no_share(self, lives):
        live = lives.create(GameRecord(game="fairy", players=PLAYERS))

        async def run():
            app, session = device(lives)
            app.go(routes.game(live.game_id))
            return [
                c
                for c in controls(on_screen(session))
                if isinstance(c, BUTTONS) and c.content == "Share"
            ]

        assert run_async(run()) == []


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_the_text_says_every_place_and_score_for_every_game(lives, kind):
    asked, note, live = share_on_ending(
        lives, kind, {"capture": PNG, "share_files": NO_SHEET, "save_file": None}
    )
    shared = dict(asked)["share_files"]
    text = shared["text"]
    assert text.splitlines()[0].startswith(f"{GAMES[kind].title} · ")
    assert text.splitlines()[0].endswith(" · 4 players")
    for line in expected_text(live):
        assert line in text.splitlines(), (line, text)
    # the picture handed on is the phone's own capture, named for the game and the day
    (file,) = shared["files"]
    assert file.data == PNG and file.mime_type == "image/png"
    assert file.name.startswith(f"referee-{kind}-") and file.name.endswith(".png")
    # no share sheet (a desktop browser): the picture was downloaded, the text copied
    assert dict(asked)["save_file"]["src_bytes"] == PNG
    assert dict(asked)["save_file"]["file_name"] == file.name
    assert dict(asked)["set"] == {"data": text}
    assert "in your downloads" in note and file.name in note and "text is copied" in note


def test_ties_are_said_as_ties():
    """Seed 3 of random play ends Deceptidice with Ana and Cy sharing the win."""
    result = game_result(finished("deceptidice"), 1, "2026-12-01T21:30:00+00:00", None)
    lines = result.text().splitlines()
    assert "1st (tie) Ana: 9 cards left" in lines and "1st (tie) Cy: 9 cards left" in lines
    assert "3rd Bo: 6 cards left" in lines  # after two firsts, the next place is third


class TestWithAShareSheet:
    def test_a_phone_with_a_share_sheet_shares_and_copies_nothing(self, lives):
        asked, note, _live = share_on_ending(
            lives, "faeker", {"capture": PNG, "share_files": {"status": "success", "raw": ""}}
        )
        assert [name for name, _args in asked] == ["capture", "share_files"]
        assert note == "Shared."

    def test_a_dismissed_sheet_says_nothing_was_shared(self, lives):
        answer = {"status": "dismissed", "raw": ""}
        _asked, note, _live = share_on_ending(
            lives, "faeker", {"capture": PNG, "share_files": answer}
        )
        assert note.startswith("Not shared.")

    def test_a_browser_that_shares_only_at_a_tap_gets_share_armed_with_the_picture(self, lives):
        """Safari refuses a share sheet opened from the host's answer after the capture:
        the next tap of Share hands the picture over on the phone itself."""
        game_id = finish(lives, "faeker", PLAYERS)
        refused = {
            "capture": PNG,
            "share_files": RuntimeError("Exception: Navigator.share() failed: not in a tap"),
        }

        async def run():
            app, session = device(lives)
            app.go(routes.game(game_id))
            await tap(session, "Share")
            first = await phone_answers(session, refused)
            armed = button(session, "Share")
            before = note_of(session)
            await tap(session, "Share")  # the phone shares at this tap, by itself
            return first, armed.action, before, await phone_answers(session, {}), session

        first, action, before, second, session = run_async(run())
        assert [name for name, _args in first] == ["capture", "share_files"]
        assert before == "Tap Share to open this phone's share sheet."
        assert action.method == "share_files"
        (file,) = action.args["files"]
        assert file.data == PNG and file.name.startswith("referee-faeker-")
        assert action.args["text"].splitlines()[1] == "Bo wins with 10 cubes"
        assert second == []  # nothing asked of the phone again: it shared at the tap
        assert note_of(session) == "Handed to the share sheet."

    def test_an_app_whose_sheet_failed_saves_the_picture_and_copies_the_text(self, lives):
        game_id = finish(lives, "faeker", PLAYERS)
        replies = {"capture": PNG, "share_files": RuntimeError("failed"), "save_file": None}

        async def run():
            app, session = device(lives)
            # the packaged app on a phone, not a browser
            session.apply_page_patch({"web": False, "platform": "android"})
            app.go(routes.game(game_id))
            await tap(session, "Share")
            return await phone_answers(session, replies), note_of(session)

        asked, note = run_async(run())
        assert [name for name, _args in asked] == ["capture", "share_files", "save_file", "set"]
        assert dict(asked)["save_file"]["src_bytes"] == PNG
        assert note.startswith("The share sheet did not open: the picture is saved;")
        assert "text is copied" in note

    def test_copy_text_copies_on_the_phone_at_the_tap(self, lives):
        """A browser lets a page write the clipboard only inside a tap: the phone copies
        the text itself (Flet's CopyToClipboard), and the dialog says so."""
        game_id = finish(lives, "fairy", PLAYERS)
        shared = {"capture": PNG, "share_files": {"status": "success", "raw": ""}}

        async def run():
            app, session = device(lives)
            app.go(routes.game(game_id))
            await tap(session, "Share")
            asked = await phone_answers(session, shared)
            copy = button(session, "Copy text")
            await tap(session, "Copy text")
            return asked, copy.action, note_of(session)

        asked, action, note = run_async(run())
        assert isinstance(action, ft.CopyToClipboard)
        assert action.data == dict(asked)["share_files"]["text"]
        assert note == "The text is copied: paste it in your chat."

    def test_a_phone_that_cannot_draw_the_picture_still_copies_the_text(self, lives):
        replies = {"capture": RuntimeError("not painted"), "set": None}
        asked, note, _live = share_on_ending(lives, "faeker", replies)
        assert [name for name, _args in asked] == ["capture", "set"]
        assert note.startswith("This phone could not draw the picture")


class TestThePicture:
    def test_it_is_captured_at_the_phones_ratio_and_never_under_two(self):
        class Page:
            def __init__(self, ratio):
                self.media = type("Media", (), {"device_pixel_ratio": ratio})()

        assert pixel_ratio(Page(1.0)) == LEAST_RATIO == 2
        assert pixel_ratio(Page(3.0)) == 3.0
        assert pixel_ratio(Page(0)) == 2  # not told yet

    def test_red_suits_are_red_on_the_card(self):
        result = Result(
            "Game",
            "today",
            "Ana wins with K♥ high",
            "9♦ beats 7♠.",
            (Row("1st", "Ana", "#E53935", "3 points", best=True),),
            "x.png",
        )
        red = [
            c.text
            for c in controls(result_card(result))
            if isinstance(c, ft.TextSpan) and c.style is not None and c.style.color == RED_SUIT
        ]
        assert red == ["K♥", "9♦"]


def test_the_statistics_share_the_figures_under_the_filters_shown(lives):
    finish(lives, "fairy", PLAYERS)
    finish(lives, "faeker", PLAYERS)

    async def run():
        app, session = device(lives)
        app.go("/stats")
        app.top.choose_kind("fairy")  # the game chip, as tapped
        await tap(session, "Share these figures")
        return await phone_answers(session, {"capture": PNG, "share_files": NO_SHEET})

    text = dict(run_async(run()))["share_files"]["text"].splitlines()
    assert text[0] == "Statistics · Fairy · all time"
    assert text[2].startswith("1 finished game, as of ")  # the Fae-ker game is not counted
    rows = [line for line in text if "(1 game · avg. place " in line]
    assert len(rows) == 4 and rows[0].startswith("1st ")


# Chromium's WebAssembly client (skwasm, its default renderer) reports a browser without
# the Web Share API as the missing function's TypeError, under a minified name.
NO_SHEET_IN_WASM = RuntimeError("TypeError: x0.canShare is not a function")


def test_a_browser_without_a_share_sheet_downloads_in_the_webassembly_client_too(lives):
    asked, note, _live = share_on_ending(
        lives, "fairy", {"capture": PNG, "share_files": NO_SHEET_IN_WASM, "save_file": None}
    )
    assert dict(asked)["save_file"]["src_bytes"] == PNG  # downloaded, not armed for a tap
    assert "downloads" in note


def test_a_picture_cut_by_a_short_screen_is_not_shared_and_the_phone_is_told(lives):
    from PIL import Image

    from referee.ui.result.share_dialog import TOO_SHORT
    from tests.ui.test_trim_picture import CARD, SCREEN, card, png

    sideways = Image.new("RGBA", (SCREEN[1], CARD[1] - 20), (0, 0, 0, 0))
    sideways.paste(card(4), (0, 0))
    asked, note, _live = share_on_ending(
        lives, "faeker", {"capture": png(sideways, 2), "share_files": {"status": "success"}}
    )
    assert [name for name, _args in asked] == ["capture"]
    assert note == TOO_SHORT
