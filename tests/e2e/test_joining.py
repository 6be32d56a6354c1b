"""Joining a shared table as a phone does, in headless Chromium at 390x844 with touch: the
code typed by hand (never the link's shortcut), a host restarted mid-game with entries
pending on two phones, a new code, a pick replaced by another phone, home following other
devices, and addresses that are no screen."""

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from referee.core.record import GameRecord
from referee.core.session import Session
from referee.games import rules_for
from referee.live.tables import LiveTables
from referee.storage.store import Store
from tests.e2e.browser import (
    ARTIFACTS,
    ROOT,
    expect_path,
    fill_in,
    free_port,
    open_page,
    serve,
    shot,
    start_on,
    tagged,
)

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844, "touch": True}
HOST = "127.0.0.2"  # not loopback's usual name: the server shares, and asks for the code
CODE = "K7PQ-2MXA"


def fairy_game(data: Path, players=("Ana", "Bo", "Cy")) -> int:
    """A Fairy game stored before the server starts, its first card turned up: every
    player is to guess."""
    store = Store(data / "referee.db")
    try:
        live = LiveTables(store).create(GameRecord(game="fairy", players=list(players)))
        live.play(live.version, "setup", {"type": "opening", "card": 5})
        return live.game_id
    finally:
        store.close()


def type_code(page, typed: str) -> None:
    field = page.get_by_role("textbox", name="Table code")
    field.click()
    fill_in(field, typed)
    page.get_by_role("button", name="Join the table").tap()


def start_sharing(port: int, data: Path, log, extra=()) -> subprocess.Popen:
    """`python -m referee --share` as a host starts it: no code given, the folder's own."""
    return start_on(port, data, log, host=HOST, args=["--share", *extra])


def printed_code(log_path: Path, nth: int = -1) -> str:
    return re.findall(r"Table code: (\S+)", log_path.read_text())[nth]


def back_on_the_game(page, guessed: str, timeout: float = 30_000) -> None:
    page.locator("#referee-offline").wait_for(state="detached", timeout=timeout)
    if page.locator("flt-semantics-placeholder").count():
        page.locator("flt-semantics-placeholder").dispatch_event("click")
    expect(tagged(page, "guess-count")).to_have_text(guessed, timeout=timeout)


class TestTypingTheCode:
    def test_the_code_typed_opens_the_screen_the_phone_asked_for(self, browser, tmp_path):
        game_id = fairy_game(tmp_path)
        env = {"REFEREE_TABLE_CODE": CODE}
        with serve(tmp_path, host=HOST, args=("--share",), env=env) as app:
            phone = open_page(browser, app.url, ready="Join the table", **PHONE)
            type_code(phone, "k7pq 2mxa")  # lower case, a space for the dash
            expect(phone.get_by_role("button", name="New game")).to_be_visible()
            assert "Error running app" not in app.log.read_text()
            shot(phone, "join-typed-code-home")

            deep = open_page(
                browser, f"{app.url}game/{game_id}/log", ready="Join the table", **PHONE
            )
            expect(tagged(deep, "code-screen")).to_contain_text("Enter the table code")
            shot(deep, "join-code-screen-deep-link")
            type_code(deep, "K7PQ-2MXB")
            expect(deep.get_by_text("not this table's code")).to_be_visible()
            type_code(deep, " K7PQ2MXA ")
            expect(deep.get_by_role("heading", name="Log · Fairy")).to_be_visible()
            expect_path(deep, f"/game/{game_id}/log")
            shot(deep, "join-typed-code-log")

            # The browser gave the code once: a reload comes straight back.
            deep.reload()
            deep.locator("flt-semantics-placeholder").dispatch_event("click")
            expect(deep.get_by_role("heading", name="Log · Fairy")).to_be_visible(timeout=60_000)
            expect(tagged(deep, "code-screen")).to_have_count(0)


class TestHostRestart:
    def test_a_killed_host_keeps_its_code_and_every_entry_on_both_phones(self, browser, tmp_path):
        game_id = fairy_game(tmp_path)
        port = free_port()
        base = f"http://{HOST}:{port}/"
        log_path = tmp_path / "server.log"
        with open(log_path, "a") as log:
            proc = start_sharing(port, tmp_path, log)
            try:
                code = printed_code(log_path)
                a = open_page(browser, f"{base}game/{game_id}?code={code}", ready="Ana higher")
                b = open_page(browser, f"{base}game/{game_id}", ready="Join the table", **PHONE)
                type_code(b, code.lower())
                b.get_by_role("checkbox", name="Bo", exact=True).tap()  # "This is me"
                a.get_by_role("button", name="Ana higher", exact=True).click()
                b.get_by_role("button", name="Bo lower", exact=True).tap()
                for page in (a, b):
                    expect(tagged(page, "guess-count")).to_have_text("2 of 3 guessed")
                expect(tagged(a, "guessed-Bo")).to_have_attribute(
                    "aria-label", re.compile("^Bo: locked in")
                )

                os.kill(proc.pid, signal.SIGKILL)
                proc.wait()
                for page in (a, b):
                    page.locator("#referee-offline").wait_for(timeout=5_000)
                restarted = time.perf_counter()
                proc = start_sharing(port, tmp_path, log)
                back = []
                for page in (a, b):
                    back_on_the_game(page, "2 of 3 guessed")
                    back.append(time.perf_counter() - restarted)
                assert printed_code(log_path) == code  # the same code after the restart
                for page in (a, b):
                    expect(tagged(page, "code-screen")).to_have_count(0)
                    expect_path(page, f"/game/{game_id}")
                # Bo's private guess is still Bo's phone's, and hidden from the other.
                expect(tagged(b, "guessed-Bo")).to_be_visible()  # Bo's own row, guessed
                expect(tagged(a, "guessed-Bo")).to_have_attribute(
                    "aria-label", re.compile("^Bo: locked in")
                )
                shot(b, "join-restart-phone-back")

                a.get_by_role("button", name="Cy catch", exact=True).click()
                for page in (a, b):
                    expect(tagged(page, "status")).to_contain_text("Turn up the next card")
                ARTIFACTS.mkdir(exist_ok=True)
                (ARTIFACTS / "join-restart.json").write_text(
                    json.dumps({"restart_to_screens_s": [round(s, 2) for s in back]})
                )
            finally:
                proc.kill()


class TestNewCode:
    def test_other_phones_are_asked_for_the_new_code_and_the_host_keeps_the_table(
        self, browser, tmp_path
    ):
        game_id = fairy_game(tmp_path)
        env = {"REFEREE_TABLE_CODE": CODE}
        with serve(tmp_path, host=HOST, args=("--share",), env=env) as app:
            host = open_page(browser, f"{app.url}?code={CODE}")
            phone = open_page(
                browser, f"{app.url}game/{game_id}?code={CODE}", ready="Ana higher", **PHONE
            )
            host.get_by_role("button", name="Share this table").first.click()
            host.get_by_role("button", name="New code").click()
            host.get_by_role("button", name="New code").click()  # the question's Yes
            new = tagged(host, "share-code")
            expect(new).not_to_have_text(CODE)
            code = new.inner_text()
            shot(host, "join-new-code-share")
            expect(tagged(phone, "code-screen")).to_contain_text("Enter the table code")
            expect(phone.get_by_text("made a new table code")).to_be_visible()
            shot(phone, "join-new-code-asked")
            type_code(phone, CODE)
            expect(phone.get_by_text("not this table's code")).to_be_visible()
            type_code(phone, code)
            expect(tagged(phone, "guess-count")).to_have_text("0 of 3 guessed")
            expect_path(phone, f"/game/{game_id}")

    def test_new_code_on_the_command_line_asks_every_phone_again(self, browser, tmp_path):
        port = free_port()
        log_path = tmp_path / "server.log"
        with open(log_path, "a") as log:
            proc = start_sharing(port, tmp_path, log)
            first = printed_code(log_path)
            phone = open_page(browser, f"http://{HOST}:{port}/?code={first}", **PHONE)
            proc.kill()
            proc.wait()
            proc = start_sharing(port, tmp_path, log, extra=("--new-code",))
            try:
                second = printed_code(log_path)
                assert second != first
                phone.locator("#referee-offline").wait_for(state="detached", timeout=30_000)
                if phone.locator("flt-semantics-placeholder").count():
                    phone.locator("flt-semantics-placeholder").dispatch_event("click")
                expect(tagged(phone, "code-screen")).to_be_visible(timeout=30_000)
                # Its address still carries the old code: said as such, and no guess counted.
                expect(phone.get_by_text("made a new table code")).to_be_visible()
                type_code(phone, second)
                expect(phone.get_by_role("button", name="New game")).to_be_visible()
            finally:
                proc.kill()


class TestTwoPhonesOneChoice:
    def test_a_guess_replaced_by_another_phone_is_said_on_the_first(self, browser, tmp_path):
        game_id = fairy_game(tmp_path)
        with serve(tmp_path) as app:
            a = open_page(browser, f"{app.url}game/{game_id}", ready="Ana higher", **PHONE)
            b = open_page(browser, f"{app.url}game/{game_id}", ready="Ana higher", **PHONE)
            a.get_by_role("button", name="Ana higher", exact=True).tap()
            # The other phone shows Ana's row as guessed, its buttons still there: a
            # player may change a guess until the last one is in.
            expect(tagged(b, "guessed-Ana")).to_be_visible()
            b.get_by_role("button", name="Ana lower", exact=True).tap()
            expect(tagged(a, "message")).to_have_text(
                "Another device changed Ana's guess to Lower."
            )
            expect(tagged(a, "guess-count")).to_have_text("1 of 3 guessed")
            expect(tagged(b, "message")).to_have_count(0)
            shot(a, "join-guess-replaced")


class TestEntriesBeforeTheyAreConfirmed:
    def test_a_lot_being_entered_shows_on_every_phone_and_survives_a_reload(
        self, browser, tmp_path
    ):
        store = Store(tmp_path / "referee.db")
        LiveTables(store).create(GameRecord(game="fairybucks", players=["Ana", "Bo", "Cy"]))
        store.close()
        with serve(tmp_path) as app:
            a = open_page(browser, f"{app.url}game/1", ready="Add item", **PHONE)
            b = open_page(browser, f"{app.url}game/1", ready="Add item", **PHONE)
            for value, symbol in ((5, "moon"), (3, "sun")):
                a.get_by_role("button", name=f"Item value {value}", exact=True).tap()
                a.get_by_role("button", name=f"Symbol {symbol}").tap()
                a.get_by_role("button", name="Add item").tap()
            for page in (a, b):
                expect(tagged(page, "pending-items")).to_contain_text("5 ☾, 3 ☀")
            shot(b, "join-lot-entered-elsewhere")
            b.reload()
            b.locator("flt-semantics-placeholder").dispatch_event("click")
            expect(tagged(b, "pending-items")).to_contain_text("5 ☾, 3 ☀", timeout=60_000)
            # The other phone finishes the lot: one entry, whoever taps.
            b.get_by_role("button", name="Item value 2", exact=True).tap()
            b.get_by_role("button", name="Symbol star").tap()
            b.get_by_role("button", name="Add item").tap()
            expect(tagged(a, "pending-items")).to_contain_text("5 ☾, 3 ☀, 2 ★")
            b.get_by_role("button", name="Auction these items").tap()
            for page in (a, b):
                expect(tagged(page, "status")).to_contain_text("show")


class TestHomeIsLive:
    def test_a_game_made_elsewhere_appears_on_home_within_a_second(self, browser, tmp_path):
        with serve(tmp_path) as app:
            a = open_page(browser, app.url, **PHONE)
            b = open_page(browser, app.url, **PHONE)
            expect(a.get_by_role("button", name="New game")).to_be_visible()
            expect(a.get_by_role("button", name=re.compile("^Resume"))).to_have_count(0)
            b.get_by_role("button", name="New game").tap()
            for i, name in enumerate(["Ana", "Bo"]):
                field = b.get_by_role("textbox", name=f"Player {i + 1}")
                field.click()
                fill_in(field, name)
            b.get_by_role("button", name="Start game").tap()
            resume = a.get_by_role("button", name=re.compile(r"^Resume .*: Ana, Bo$"))
            expect(resume).to_be_visible(timeout=1_500)

            # Another process on the same folder: the command line's import.
            record = GameRecord(game="fairy", players=["Cy", "Dee", "Eve"])
            (tmp_path / "cy.json").write_text(
                json.dumps(Session(rules_for("fairy"), record).record().model_dump(mode="json"))
            )
            started = time.perf_counter()
            subprocess.run(
                [sys.executable, "-m", "referee", "import", str(tmp_path / "cy.json")],
                env=dict(os.environ, REFEREE_DATA_DIR=str(tmp_path)),
                cwd=ROOT,
                check=True,
                capture_output=True,
            )
            imported = time.perf_counter()
            resume = a.get_by_role("button", name=re.compile(r"^Resume .*: Cy, Dee, Eve$"))
            expect(resume).to_be_visible(timeout=3_000)
            assert time.perf_counter() - imported < 1.5, time.perf_counter() - started
            shot(a, "join-home-live")


class TestAddressesThatAreNoScreen:
    @pytest.mark.parametrize("address", ["game/1%00", "a" * 300])
    def test_they_land_on_home_with_one_sentence(self, browser, tmp_path, address):
        with serve(tmp_path) as app:
            page = open_page(browser, app.url + address, **PHONE)
            expect(tagged(page, "message")).to_contain_text("not a screen of referee")
            assert "detail" not in page.content()

    def test_a_dispute_of_another_game_than_the_one_it_came_from_opens_as_asked(
        self, browser, tmp_path
    ):
        game_id = fairy_game(tmp_path)  # a Fairy game; the address asks for a Fae-ker bluff
        with serve(tmp_path) as app:
            page = open_page(
                browser,
                f"{app.url}settle/faeker_bluff?game={game_id}",
                ready="Top card 1",
                **PHONE,
            )
            expect(
                page.get_by_role("group", name=re.compile("^Fae-ker: A bluff call"))
            ).to_be_visible()
            expect_path(page, "/settle/faeker_bluff")
            shot(page, "join-settle-other-game")
