"""What now? in the real app at 390x844: a newcomer's Fae-ker round played only by following
its panel, and the walk through a round of each of the five games."""

import pytest
from playwright.sync_api import expect

from referee.core.record import GameRecord
from referee.games import GAMES
from referee.live.table import Table
from referee.storage.store import Store
from tests.e2e.browser import open_page, serve_app, shot, tagged

pytestmark = pytest.mark.e2e

PHONE = dict(width=390, height=844)
PLAYERS = ["Ana", "Bo", "Cy"]


def _button(page, name: str):
    return page.get_by_role("button", name=name, exact=True)


def test_walk_through_one_round_of_each_game(browser, tmp_path):
    store = Store(tmp_path / "referee.db")
    for kind in GAMES:
        Table.new(store, GameRecord(game=kind, players=PLAYERS))
    stored = len(store.list_games())
    store.close()
    with serve_app(tmp_path) as (url, _started):
        page = open_page(browser, url, **PHONE)
        for kind, rules in GAMES.items():
            _button(page, f"Resume {rules.title}: {', '.join(PLAYERS)}").click()
            _button(page, "Rules").last.click()
            _button(page, "Walk through a round").click()
            expect(tagged(page, "walk-step")).to_contain_text("Step 0 of")
            total = int(tagged(page, "walk-step").inner_text().rsplit(" ", 1)[-1])
            expect(tagged(page, "whatnow-headline")).to_be_visible()
            _button(page, "Next").click()
            expect(tagged(page, "walk-step")).to_have_text(f"Step 1 of {total}")
            expect(tagged(page, "walk-verdict")).to_be_visible()
            shot(page, f"whatnow-walk-{kind}-step1")
            _button(page, "Step back").click()  # Back steps back
            expect(tagged(page, "walk-step")).to_have_text(f"Step 0 of {total}")
            for n in range(1, total + 1):
                _button(page, "Next").click()
                expect(tagged(page, "walk-step")).to_have_text(f"Step {n} of {total}")
            expect(tagged(page, "walk-result")).not_to_be_empty()
            shot(page, f"whatnow-walk-{kind}-end")
            _button(page, "Start a real game").click()
            expect(page.get_by_role("radio", name=rules.title, exact=True)).to_be_checked()
            _button(page, "Cancel").click()
            expect(_button(page, "New game")).to_be_visible()
    store = Store(tmp_path / "referee.db")
    assert len(store.list_games()) == stored  # nothing of the walks was stored
    store.close()
