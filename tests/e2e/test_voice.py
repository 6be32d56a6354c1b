"""Push to talk in the phone's browser: Chromium's fake microphone plays a move spoken by
espeak-ng; the game screen's microphone button takes it, the server hears it against the
state's grammar and applies it as a tap would, and another device of the table sees the
move and its verdict. 390x844, touch, the CPU slowed four times like a phone."""

import shutil
import subprocess
import wave
from contextlib import contextmanager

import numpy as np
import pytest
from playwright.sync_api import expect

from tests.e2e.browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    chromium_available,
    open_page,
    serve,
    shot,
    tagged,
)
from tests.e2e.test_live_table import new_game

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(
        not chromium_available() or not shutil.which("espeak-ng"),
        reason="needs Debian's chromium and espeak-ng",
    ),
]


def spoken(tmp_path, text):
    """The move said once, with silence before and a long silence after it (the fake
    microphone plays the file in a loop)."""
    raw = tmp_path / "raw.wav"
    subprocess.run(["espeak-ng", "-v", "en-us+f2", "-s", "160", "-w", str(raw), text], check=True)
    with wave.open(str(raw)) as w:
        rate, x = w.getframerate(), np.frombuffer(w.readframes(w.getnframes()), "<i2")
    out = tmp_path / "mic.wav"
    quiet = np.zeros(int(rate * 0.3), "<i2")
    with wave.open(str(out), "wb") as w:
        w.setnchannels(1), w.setsampwidth(2), w.setframerate(rate)
        w.writeframes(np.concatenate([quiet, x, np.zeros(rate * 6, "<i2")]).tobytes())
    return out


@contextmanager
def hearing(browser, tmp_path, text: str):
    """The app served, and a browser of its own whose microphone says `text` (the suite's
    browser has none): (app, browser)."""
    mic = spoken(tmp_path, text)
    args = [
        *CHROMIUM_ARGS,
        "--use-fake-ui-for-media-stream",
        "--use-fake-device-for-media-stream",
        f"--use-file-for-fake-audio-capture={mic}",
    ]
    with serve(tmp_path) as app:
        own = browser.browser_type.launch(executable_path=CHROMIUM, args=args)
        try:
            yield app, own
        finally:
            own.close()


def test_a_spoken_move_is_applied_and_seen_on_every_device(browser, tmp_path):
    with hearing(browser, tmp_path, "Bo bids two") as (app, browser):
        phone = open_page(browser, app.url, 390, 844, touch=True, cpu_throttle=4)
        new_game(phone, ["Ana", "Bo", "Cy"])
        phone.get_by_role("button", name="Top 3", exact=True).click()
        # The top card is in (the bidding's buttons are up) before the other device looks.
        expect(phone.get_by_role("button", name="Bid 2", exact=True)).to_be_visible()
        other = open_page(browser, app.url)
        resume = other.get_by_role("button", name="Resume Fae-ker: Ana, Bo, Cy")
        resume.click(timeout=60_000)
        button = phone.locator("#referee-mic")
        expect(button).to_be_visible(timeout=20_000)
        shot(phone, "voice-mic-button-390x844")
        button.tap()
        expect(button).to_have_attribute("aria-pressed", "true", timeout=20_000)
        phone.wait_for_timeout(2500)  # the move is said in the first two seconds
        button.tap()
        # Played at once when heard for sure; with doubt, offered for a tap.
        heard = tagged(phone, "message").filter(has_text="Heard: Bo bids 2")
        offered = phone.get_by_role("button", name="Yes, play it")
        expect(heard.or_(offered)).to_be_visible(timeout=30_000)
        if offered.is_visible():
            shot(phone, "voice-offered-bo-bids-2-390x844")
            offered.tap()
            expect(heard).to_be_visible(timeout=20_000)
        shot(phone, "voice-heard-bo-bids-2-390x844")
        expect(button).to_have_attribute("aria-pressed", "false")  # the microphone is off
        expect(tagged(phone, "bid-ladder")).to_contain_text("Bo bids 2", timeout=20_000)
        expect(tagged(other, "bid-ladder")).to_contain_text("Bo bids 2", timeout=20_000)
        expect(tagged(other, "last-verdict")).to_contain_text("Bo", timeout=20_000)
        shot(other, "voice-second-device-sees-the-bid")


def test_a_card_said_in_settle_a_dispute_is_tapped_in(browser, tmp_path):
    """Settle a dispute has the microphone too: there a button is said by its name."""
    with hearing(browser, tmp_path, "board nine of clubs") as (app, browser):
        phone = open_page(browser, app.url, 390, 844, touch=True, cpu_throttle=4)
        phone.get_by_role("button", name="Settle a dispute", exact=True).tap()
        phone.get_by_role("button", name="Faces, Aces & Jokers", exact=True).tap()
        phone.get_by_role("button", name="Who takes the trick", exact=True).tap()
        card = phone.get_by_role("button", name="Board 9♣", exact=True)
        expect(card).to_be_visible(timeout=20_000)
        button = phone.locator("#referee-mic")
        expect(button).to_be_visible(timeout=20_000)
        expect(button).to_have_attribute("aria-label", "Say a button")
        button.tap()
        expect(button).to_have_attribute("aria-pressed", "true", timeout=20_000)
        phone.wait_for_timeout(2500)
        button.tap()
        heard = tagged(phone, "message").filter(has_text="Heard: Board 9♣.")
        offered = phone.get_by_role("button", name="Yes, tap it")
        expect(heard.or_(offered)).to_be_visible(timeout=30_000)
        if offered.is_visible():
            offered.tap()
            expect(heard).to_be_visible(timeout=20_000)
        expect(card).to_have_attribute("aria-current", "true", timeout=20_000)  # chosen
        shot(phone, "voice-settle-board-nine-of-clubs-390x844")
