"""Share the result, in the real app on a phone (390x844, touch, pixel ratio 3) in headless
Chromium, which has no Web Share API: the fallback. Share on the ending of each of the
five games, on the standings and on the statistics downloads the picture, which is
decoded (portrait, as wide as the card at the phone's ratio, not blank), copies the text,
and the dialog says both, with each of Flutter's two web renderers. Each picture is kept
under test-artifacts/ (share-<game>.png; share-<game>-canvaskit.png).
The suite shares the ending of SHARED only (Fae-ker's, two players tied for 2nd):
every game's shared text is checked in-process (tests/ui/test_share_result.py), and
REFEREE_SHARE_EVERY_GAME=1 shares every ending here."""

import io
import os
import random
from datetime import UTC, datetime
from pathlib import Path

import pytest
from playwright.sync_api import expect

from referee.core.record import GameRecord
from referee.games import GAMES
from referee.live.kept_session import KeptSession
from referee.storage.store import Store
from referee.ui.result.card import CARD_WIDTH
from referee.ui.result.share_dialog import CAPTURE_DELAY_MS
from tests.e2e.browser import ARTIFACTS, open_page, serve_app, shot, tagged

pytestmark = pytest.mark.e2e

PLAYERS = ["Ana", "Bo", "Cy", "Dee"]
RATIO = 3  # a phone's
# Seed 3 of random play ends Fae-ker with two players sharing 2nd place and Deceptidice
# with two sharing the win: ties are on the pictures.
SEED = 3
ENDED = datetime(2026, 12, 1, 21, 30, tzinfo=UTC)
SHARED = None if os.environ.get("REFEREE_SHARE_EVERY_GAME") else {"faeker"}


def seed(data_dir: Path) -> dict[str, tuple[int, str]]:
    """A finished game of each kind, and one of two players (the shortest picture):
    kind (or "two-players") -> (game id, its headline, the game's title)."""
    store = Store(data_dir / "referee.db")
    games = {}
    tables = [(kind, kind, PLAYERS) for kind in sorted(GAMES)]
    tables.append(("two-players", "fairy", PLAYERS[:2]))
    try:
        for name, kind, players in tables:
            rules, rng = GAMES[kind], random.Random(SEED)
            table = KeptSession.new(store, GameRecord(game=kind, players=players))
            while not rules.is_over(table.state):
                table.play(rules.draw(table.state, rng))
            with store._lock:
                store._conn.execute(
                    "UPDATE games SET ended=? WHERE id=?", (ENDED.isoformat(), table.game_id)
                )
            games[name] = (table.game_id, rules.outcome(table.state).headline, rules.title)
    finally:
        store.close()
    return games


def decoded(path: Path):
    """The picture's size and how many colours it has (a blank one has one or two)."""
    from PIL import Image

    with Image.open(io.BytesIO(path.read_bytes())) as image:
        assert image.format == "PNG"
        rgb = image.convert("RGB")
        # every 4th pixel of every 4th row: enough to tell text and colours from a blank
        small = rgb.reduce(4)
        colours = len(
            set(small.tobytes()[i : i + 3] for i in range(0, small.width * small.height * 3, 3))
        )
        return rgb.size, colours


def shared(page, button: str, name: str) -> Path:
    """Tap `button`, receive the download, keep it as test-artifacts/share-<name>.png."""
    with page.expect_download(timeout=60_000) as info:
        page.get_by_role("button", name=button, exact=True).tap()
    download = info.value
    ARTIFACTS.mkdir(exist_ok=True)
    kept = ARTIFACTS / f"share-{name}.png"
    download.save_as(kept)
    assert download.suggested_filename.startswith("referee-")
    assert download.suggested_filename.endswith(".png")
    return kept


def picture_is_whole(path: Path) -> None:
    (width, height), colours = decoded(path)
    assert width == CARD_WIDTH * RATIO, width  # crisp: the phone's own ratio
    assert height > width, (width, height)  # portrait
    assert colours > 40, colours  # text, names in colours, the band: not blank


def told_copied(page, text_has: list[str]) -> None:
    expect(tagged(page, "share-note")).to_contain_text("downloads", timeout=30_000)
    expect(tagged(page, "share-note")).to_contain_text("text is copied")
    copied = page.evaluate("navigator.clipboard.readText()")
    for line in text_has:
        assert line in copied, (line, copied)


def open_at(browser, url: str, path: str, ready: str):
    page = open_page(
        browser,
        url + path,
        width=390,
        height=844,
        touch=True,
        ready=None,
        is_mobile=True,
        device_scale_factor=RATIO,
        permissions=["clipboard-read", "clipboard-write"],
        accept_downloads=True,
    )
    page.get_by_role("button", name=ready, exact=True).wait_for(timeout=60_000)
    return page


# Both of Flutter's renderers: auto is skwasm in Chromium, whose capture is the whole screen
# with the card at its top left (the app trims it); CanvasKit is what a browser without
# WebAssembly GC draws with.
@pytest.mark.parametrize("renderer", ["auto", "canvaskit"])
def test_share_on_every_ending_downloads_the_picture_and_copies_the_text(
    browser, tmp_path, renderer
):
    games = seed(tmp_path)
    suffix = "" if renderer == "auto" else f"-{renderer}"  # kept apart from the other run's
    with serve_app(tmp_path, renderer) as (url, _started):
        for name, (game_id, headline, title) in games.items():
            if SHARED is not None and name not in SHARED:
                continue
            page = open_at(browser, url, f"game/{game_id}", ready="Share")
            shot(page, f"share-ending-{name}{suffix}")  # Share beside Play again
            kept = shared(page, "Share", name + suffix)
            picture_is_whole(kept)
            told_copied(page, [title, headline, "1st"])
            page.wait_for_timeout(300)
            page.screenshot(path=str(ARTIFACTS / f"share-dialog-{name}{suffix}.png"))
            page.context.close()
        # The standings of one game and the statistics share the same way.
        game_id, headline, _title = games["faeker"]
        page = open_at(browser, url, f"game/{game_id}/standings", ready="Share the result")
        picture_is_whole(shared(page, "Share the result", "standings" + suffix))
        told_copied(page, [headline, "2nd (tie)"])
        page.context.close()
        page = open_at(browser, url, "stats", ready="Share these figures")
        picture_is_whole(shared(page, "Share these figures", "statistics" + suffix))
        told_copied(page, ["Statistics · All games · all time", "6 finished games"])
        page.screenshot(path=str(ARTIFACTS / f"share-dialog-statistics{suffix}.png"))


# Safari's share sheet, in Chromium: `navigator.share` refuses a call made outside a tap
# (here: more than WINDOW_MS after the last touch or click), and keeps what it was given.
# The window is shorter than the capture's own wait, so that the host's hand-over (after
# the capture) always comes too late, however fast the machine; WebKit carries a tap's
# permission on for longer, and on a fast phone its first hand-over may open the sheet.
WINDOW_MS = CAPTURE_DELAY_MS * 2 // 3
SAFARI_SHARE = """
(() => {
  let last = -1e9;
  for (const name of ["pointerup", "touchend", "click", "keydown"]) {
    window.addEventListener(name, () => { last = performance.now(); }, true);
  }
  window.__shared = [];
  navigator.canShare = () => true;
  navigator.share = async (data) => {
    if (performance.now() - last > WINDOW_MS) {
      throw new DOMException("not in a tap", "NotAllowedError");
    }
    const files = [];
    for (const f of data.files || []) files.push({name: f.name, size: f.size, type: f.type});
    window.__shared.push({files, text: data.text || ""});
  };
})();
"""


def test_a_browser_that_shares_only_inside_a_tap_shares_at_the_second_tap(browser, tmp_path):
    games = seed(tmp_path)
    _game_id, headline, _title = games["fairy"]
    with serve_app(tmp_path) as (url, _started):
        page = open_page(
            browser,
            url,
            width=390,
            height=844,
            touch=True,
            init_script=SAFARI_SHARE.replace("WINDOW_MS", str(WINDOW_MS)),
            is_mobile=True,  # a ratio of 1: the hand-over is the subject, not the pixels
        )
        # from home, as a table opens it: the phone's Back then has somewhere to go
        page.get_by_role("button", name=f"View Fairy: {', '.join(PLAYERS)}").tap()
        page.get_by_role("button", name="Share", exact=True).wait_for(timeout=60_000)
        expect(tagged(page, "status")).to_contain_text("Game over")
        page.get_by_role("button", name="Share", exact=True).tap()
        note = tagged(page, "share-note")
        expect(note).to_have_text("Tap Share to open this phone's share sheet.", timeout=30_000)
        assert page.evaluate("window.__shared") == []  # the host's hand-over was refused
        page.get_by_role("button", name="Share", exact=True).last.tap()
        expect(note).to_have_text("Handed to the share sheet.")
        (shared,) = page.evaluate("window.__shared")
        (file,) = shared["files"]
        assert file["name"].startswith("referee-fairy-") and file["type"] == "image/png"
        assert file["size"] > 10_000
        assert headline in shared["text"]
        page.go_back()  # the phone's Back closes the dialog; the ending stays
        expect(note).to_have_count(0, timeout=30_000)
        expect(tagged(page, "status")).to_contain_text("Game over")


def test_a_phone_on_its_side_never_shares_a_cut_picture(browser, tmp_path):
    """skwasm's capture is sometimes the screen's size (then a card taller than a phone on
    its side is cut, and the dialog asks for the phone upright) and sometimes the card's
    (then the whole card goes): either way no cut picture leaves the phone."""
    from referee.ui.result.share_dialog import TOO_SHORT

    seed(tmp_path)
    with serve_app(tmp_path) as (url, _started):
        upright = open_at(browser, url, "stats", ready="Share these figures")
        (_, whole), _colours = decoded(shared(upright, "Share these figures", "statistics-upright"))
        upright.context.close()
        page = open_page(
            browser,
            url + "stats",
            width=844,
            height=390,
            touch=True,
            ready=None,
            is_mobile=True,
            device_scale_factor=RATIO,
            accept_downloads=True,
        )
        downloads = []
        page.on("download", lambda download: downloads.append(download))
        page.get_by_role("button", name="Share these figures", exact=True).tap()
        note = tagged(page, "share-note")
        expect(note).not_to_have_text("Drawing the picture…", timeout=30_000)
        shot(page, "share-sideways")
        if note.inner_text() == TOO_SHORT:
            assert not downloads
        else:
            expect(note).to_contain_text("downloads")
            (download,) = downloads
            kept = ARTIFACTS / "share-statistics-sideways.png"
            download.save_as(kept)
            width, height = decoded(kept)[0]
            # The whole card: its height rounds to the device pixel either way sideways; a
            # cut card would be the phone's short side, hundreds of pixels less.
            assert width == CARD_WIDTH * RATIO
            assert abs(height - whole) <= 1, (height, whole)
