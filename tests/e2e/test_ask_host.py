"""The host can always let a guest in: while four addresses keep trying wrong codes as fast
as the throttle allows, a phone at the code screen asks the host, the host's page shows its
number with Let in and Refuse, and Let in opens the phone's screen; new phones' right codes
are checked at once all along. In headless Chromium at 390x844, the guest posing as an
address on the network (X-Forwarded-For, trusted from 127.0.0.1 through
REFEREE_TRUSTED_PROXIES)."""

import json
import time

import pytest
from playwright.sync_api import expect

from referee.core.record import GameRecord
from referee.live import asks as asks_module
from referee.live.tables import LiveTables
from referee.storage.store import Store
from tests.e2e.browser import ARTIFACTS, open_page, serve, shot, tagged
from tests.e2e.code_attack import Attack

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844, "touch": True}
CODE = "K7PQ-2MXA"
ENV = {"REFEREE_TABLE_CODE": CODE, "REFEREE_TRUSTED_PROXIES": "127.0.0.1"}
# The 4-address attack's most in any minute (referee/live/guard.py, README.md).
ATTACKERS_MOST_A_MINUTE = 26


def a_game(data) -> int:
    store = Store(data / "referee.db")
    try:
        return LiveTables(store).create(GameRecord(game="fairy", players=["Ana", "Bo"])).game_id
    finally:
        store.close()


def guest_page(browser, url: str, address: str):
    return open_page(
        browser,
        url,
        ready="Ask the host to let me in",
        extra_http_headers={"X-Forwarded-For": address},
        **PHONE,
    )


def asked_number(guest) -> str:
    guest.get_by_role("button", name="Ask the host to let me in").tap()
    expect(tagged(guest, "ask-waiting")).to_have_text("Waiting for the host…")
    number = tagged(guest, "ask-number").inner_text().strip()
    assert len(number) == 3 and number.isdigit()
    return number


class TestAskTheHost:
    def test_the_host_lets_a_guest_in_while_four_addresses_keep_guessing(self, browser, tmp_path):
        game_id = a_game(tmp_path)
        with serve(tmp_path, args=("--share",), env=ENV) as app:
            host = open_page(browser, f"{app.url}?code={CODE}", **PHONE)
            attack = Attack(app.url, CODE, probe_every=4.0, seconds=150).start()
            try:
                # The attack is on: its first wrong codes make the table busy at once.
                deadline = time.perf_counter() + 30
                while len(attack.checked()) < 20 and time.perf_counter() < deadline:
                    time.sleep(0.2)
                assert len(attack.checked()) >= 20, attack.errors

                guest = guest_page(browser, f"{app.url}game/{game_id}/log", "192.0.2.50")
                expect(tagged(guest, "code-screen")).to_contain_text("Enter the table code")
                shot(guest, "ask-host-code-screen")
                asked = time.perf_counter()
                number = asked_number(guest)
                title = tagged(host, "ask-title")
                expect(title).to_have_text(f"A device asks to join: {number}", timeout=10_000)
                shown_s = time.perf_counter() - asked
                shot(guest, "ask-host-waiting")
                shot(host, "ask-host-dialog")
                tapped = time.perf_counter()
                host.get_by_role("button", name="Let in").tap()
                log = guest.get_by_role("heading", name="Log · Fairy")
                expect(log).to_be_visible(timeout=10_000)
                admitted_s = time.perf_counter() - tapped
                assert guest.url.partition("?")[0].endswith(f"/game/{game_id}/log")
                expect(title).to_have_count(0)
                assert admitted_s < 10
                shot(guest, "ask-host-let-in")

                # A second guest is refused, in one sentence, and waits before asking again.
                other = guest_page(browser, app.url, "192.0.2.51")
                second = asked_number(other)
                expect(title).to_have_text(f"A device asks to join: {second}", timeout=10_000)
                host.get_by_role("button", name="Refuse").tap()
                expect(other.get_by_text(asks_module.REFUSED)).to_be_visible(timeout=10_000)
                shot(other, "ask-host-refused")
                other.get_by_role("button", name="Ask the host to let me in").tap()
                expect(other.get_by_text("You asked just now")).to_be_visible()

                # The attack's minute is over: its tries stayed within the README's figure.
                while time.perf_counter() - attack.started < 65:
                    time.sleep(0.5)
            finally:
                attack.stop()
            assert not attack.errors, attack.errors[:3]
            refused = [p for p in attack.probes if p.status != "ok"]
            assert len(attack.probes) >= 12 and not refused
            most = attack.most_in_a_minute()
            assert most <= ATTACKERS_MOST_A_MINUTE
            ARTIFACTS.mkdir(exist_ok=True)
            (ARTIFACTS / "ask-host.json").write_text(
                json.dumps(
                    {
                        "ask_to_host_dialog_s": round(shown_s, 2),
                        "let_in_to_guest_admitted_s": round(admitted_s, 2),
                        "right_codes_tried": len(attack.probes),
                        "right_codes_refused": len(refused),
                        "attackers_checked_most_in_a_minute": most,
                        "attackers_checked": len(attack.checked()),
                        "attack_s": round(time.perf_counter() - attack.started, 1),
                    }
                )
            )

    def test_a_guest_page_sees_no_asks_and_a_guest_can_cancel(self, browser, tmp_path):
        with serve(tmp_path, args=("--share",), env=ENV) as app:
            admitted_guest = open_page(
                browser,
                f"{app.url}?code={CODE}",
                extra_http_headers={"X-Forwarded-For": "192.0.2.60"},
                **PHONE,
            )
            host = open_page(browser, f"{app.url}?code={CODE}", **PHONE)
            guest = guest_page(browser, app.url, "192.0.2.61")
            number = asked_number(guest)
            title = tagged(host, "ask-title")
            expect(title).to_have_text(f"A device asks to join: {number}", timeout=10_000)
            expect(tagged(admitted_guest, "ask-title")).to_have_count(0)
            guest.get_by_role("button", name="Cancel").tap()
            expect(tagged(guest, "code-screen")).to_be_visible()
            expect(title).to_have_count(0, timeout=10_000)
