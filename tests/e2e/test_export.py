"""Export: a game's record downloads as a file and copies to the clipboard."""

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from referee.core.record import GameRecord
from referee.live.kept_session import KeptSession
from referee.storage.store import Store
from tests.e2e.browser import open_page, serve_app, shot, tagged

pytestmark = pytest.mark.e2e


def test_export_downloads_the_record_and_copies_it(browser, tmp_path):
    store = Store(tmp_path / "referee.db")
    table = KeptSession.new(store, GameRecord(game="faeker", players=["Ana", "Bo", "Cy"]))
    table.play({"type": "top_card", "card": 4})
    store.close()
    with serve_app(tmp_path) as (url, _started):
        page = open_page(browser, url, width=390, height=844)
        page.get_by_role("button", name="Resume Fae-ker: Ana, Bo, Cy").click()
        page.get_by_role("button", name="Game menu").click()
        page.get_by_role("menuitem", name="Export record").click()
        with page.expect_download() as info:
            page.get_by_role("button", name="Download").click()
        download = info.value
        assert download.suggested_filename == f"referee-faeker-{table.game_id}.json"
        record = json.loads(Path(download.path()).read_text())
        assert record["players"] == ["Ana", "Bo", "Cy"]
        assert record["actions"] == [{"type": "top_card", "card": 4}]
        assert record["created"] and len(record["times"]) == 1  # when it was played
        expect(tagged(page, "export-note")).to_have_text(
            f"Saved as referee-faeker-{table.game_id}.json."
        )
        page.get_by_role("button", name="Copy").click()
        # Headless Chromium may refuse the clipboard: either way the table is told.
        expect(tagged(page, "export-note")).to_contain_text("cop", ignore_case=True)
        shot(page, "phone-export")
