"""Import a file in a browser (issue 57): the file chosen is sent to the host through
Flet's upload, imported apart from the server, and the page is told; nothing of it is left in the
host's upload folder."""

import pytest
from playwright.sync_api import expect

from tests.big_records import write_big_file
from tests.e2e.browser import open_page, serve, tagged

pytestmark = pytest.mark.e2e


def test_a_file_chosen_in_a_browser_is_sent_and_imported(browser, tmp_path):
    path = tmp_path / "club.json"
    count = write_big_file(path, 1)
    data, temporary = tmp_path / "data", tmp_path / "tmp"
    data.mkdir()
    temporary.mkdir()
    with serve(data, env={"TMPDIR": str(temporary)}) as server:
        page = open_page(browser, server.url, width=390, height=844)
        page.get_by_role("button", name="Menu").click()
        page.get_by_role("menuitem", name="Import a record").click()
        with page.expect_file_chooser() as chooser:
            page.get_by_role("button", name="Choose a file").click()
        chooser.value.set_files(str(path))
        expect(tagged(page, "message")).to_have_text(
            f"Imported {count} games from 'club.json'.", timeout=120_000
        )
        (uploads,) = temporary.glob("referee-uploads-*")
        assert list(uploads.iterdir()) == []  # the file sent, let go once imported
