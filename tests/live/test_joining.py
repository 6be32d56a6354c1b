"""Coming back to a shared table: the table code kept by the data folder, each browser known
again by its token, and what the table entered before a choice was made, kept through a
restart of the host."""

import asyncio
import os
import stat

import pytest

from referee.core.errors import RefereeError
from referee.core.record import GameRecord
from referee.live import server
from referee.live.tables import LiveTables
from referee.storage.sharing import FILE_NAME, TableAccess
from referee.storage.store import Store
from tests.helpers import run_async


def codes():
    made = iter(["AAAA-BBBB", "CCCC-DDDD", "EEEE-FFFF"])
    return lambda: next(made)


class TestTheCodeBelongsToTheFolder:
    def test_a_restart_keeps_the_code_and_the_devices_that_gave_it(self, tmp_path):
        first = TableAccess(tmp_path, codes())
        assert first.load() == "AAAA-BBBB"
        first.admit("phone-token-0123456789ab")
        again = TableAccess(tmp_path, codes())  # the host started again
        assert again.load() == "AAAA-BBBB"
        assert again.admitted("phone-token-0123456789ab")
        assert not again.admitted("another-token-0123456789")

    def test_the_file_is_readable_only_by_its_user_and_holds_no_token(self, tmp_path):
        access = TableAccess(tmp_path, codes())
        access.load()
        access.admit("phone-token-0123456789ab")
        path = tmp_path / FILE_NAME
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        assert "phone-token" not in path.read_text()

    def test_a_new_code_forgets_every_device_but_the_one_that_asked(self, tmp_path):
        access = TableAccess(tmp_path, codes())
        access.load()
        access.admit("host-token-0123456789abcd")
        access.admit("phone-token-0123456789ab")
        assert access.renew(keep="host-token-0123456789abcd") == "CCCC-DDDD"
        assert access.admitted("host-token-0123456789abcd")
        assert not access.admitted("phone-token-0123456789ab")
        assert TableAccess(tmp_path, codes()).load() == "CCCC-DDDD"

    def test_an_earlier_code_is_known_as_one_in_any_case_and_the_current_is_not(self, tmp_path):
        access = TableAccess(tmp_path, codes())
        access.load()
        access.renew()
        assert access.retired("aaaa bbbb") and access.retired("AAAA-BBBB")
        assert not access.retired("CCCC-DDDD")
        assert "AAAA" not in (tmp_path / FILE_NAME).read_text()  # kept as a hash only

    def test_fresh_at_start_is_a_new_code(self, tmp_path):
        TableAccess(tmp_path, codes()).load()
        assert TableAccess(tmp_path, lambda: "ZZZZ-YYYY").load(fresh=True) == "ZZZZ-YYYY"

    def test_another_referee_on_the_folder_sees_a_new_code(self, tmp_path):
        one, two = TableAccess(tmp_path, codes()), TableAccess(tmp_path, codes())
        one.load()
        two.load()
        one.renew()
        assert two.current() == "CCCC-DDDD"

    @pytest.mark.skipif(os.geteuid() == 0, reason="root writes to a read-only folder")
    def test_a_folder_that_cannot_be_written_keeps_the_code_for_this_run_and_says_so(
        self, tmp_path
    ):
        tmp_path.chmod(0o500)
        try:
            access = TableAccess(tmp_path, codes())
            assert access.load() == "AAAA-BBBB"
            assert "for this run only" in access.problem
        finally:
            tmp_path.chmod(0o700)

    def test_a_file_in_the_way_keeps_the_code_for_this_run_and_says_so(self, tmp_path):
        (tmp_path / "folder").write_text("not a folder")
        access = TableAccess(tmp_path / "folder", codes())
        assert access.load() == "AAAA-BBBB"
        assert "for this run only" in access.problem


class TestTheBrowsersToken:
    def test_the_cookie_is_read_only_when_it_is_a_token(self):
        token = "a" * 24
        assert server._cookie({"cookie": f"x=1; {server.DEVICE_COOKIE}={token}"}) == token
        assert server._cookie({"cookie": f"{server.DEVICE_COOKIE}=short"}) is None
        assert server._cookie({"cookie": f"{server.DEVICE_COOKIE}={'a' * 30};x"}) == "a" * 30
        assert server._cookie({"cookie": f"{server.DEVICE_COOKIE}=a b c d e f g h i j k"}) is None
        assert server._cookie({}) is None

    def test_a_page_without_a_token_is_given_one_and_a_page_with_one_is_not(self):
        sent = []

        async def send(message):
            sent.append(message)

        start = {"type": "http.response.start", "status": 200, "headers": []}
        run_async(server._not_framed(send, give_token=True)(start))
        run_async(server._not_framed(send, give_token=False)(start))
        given = [h for h in sent[0]["headers"] if h[0] == b"set-cookie"]
        assert len(given) == 1 and b"HttpOnly" in given[0][1] and b"SameSite=Lax" in given[0][1]
        assert not [h for h in sent[1]["headers"] if h[0] == b"set-cookie"]

    @pytest.mark.parametrize("path", ["/game/1\x00", "/" + "a" * 300, "/x" * 1100])
    def test_an_address_no_file_can_have_is_served_the_page(self, path):
        assert server._no_file_could_be(path)

    @pytest.mark.parametrize("path", ["/", "/game/1/log", "/settle/faeker_bluff", "/" + "a" * 255])
    def test_a_screens_address_is_left_as_it_is(self, path):
        assert not server._no_file_could_be(path)


def fairy_after_the_opening(store: Store) -> int:
    lives = LiveTables(store)
    live = lives.create(GameRecord(game="fairy", players=["Ana", "Bo", "Cy"], options={}))
    live.play(live.version, "host", {"type": "opening", "card": 5})
    return live.game_id


class TestPicksAreStoredAsEntered:
    def test_a_restart_finds_every_pick_and_private_lock(self, tmp_path):
        store = Store(tmp_path / "referee.db")
        game_id = fairy_after_the_opening(store)
        live = LiveTables(store).open(game_id)
        live.entries.pick(
            live.version, "page-1", 0, "higher", False, owner="browser-a", by="Ana's phone"
        )
        live.entries.pick(
            live.version, "page-2", 1, "lower", True, owner="browser-b", by="Bo's phone"
        )
        store.close()

        reopened = LiveTables(Store(tmp_path / "referee.db")).open(game_id)
        assert {s: (p.value, p.owner, p.private) for s, p in reopened.entries.picks.items()} == {
            0: ("higher", "browser-a", False),
            1: ("lower", "browser-b", True),
        }
        verdict = reopened.entries.pick(
            reopened.version, "page-3", 2, "catch", False, owner="browser-c"
        )
        assert verdict is not None  # the last guess made the choice, with the stored ones
        assert not reopened.entries.picks
        guesses = reopened.table.session.record().actions[-1]["guesses"]
        assert [g["guess"] for g in guesses] == ["higher", "lower", "catch"]

    def test_a_pick_of_a_decision_already_made_is_never_read_back(self, tmp_path):
        store = Store(tmp_path / "referee.db")
        game_id = fairy_after_the_opening(store)
        live = LiveTables(store).open(game_id)
        live.entries.pick(live.version, "p", 0, "higher", False)
        live.undo(live.version, "p")  # the opening taken back: no guess is asked now
        assert LiveTables(store).open(game_id).entries.picks == {}

    def test_a_pick_taken_back_stays_taken_back(self, tmp_path):
        store = Store(tmp_path / "referee.db")
        game_id = fairy_after_the_opening(store)
        live = LiveTables(store).open(game_id)
        live.entries.pick(live.version, "p", 0, "higher", False)
        live.entries.unpick(live.version, "p", 0)
        assert LiveTables(store).open(game_id).entries.picks == {}

    def test_this_is_me_is_kept_for_the_browser(self, tmp_path):
        store = Store(tmp_path / "referee.db")
        game_id = fairy_after_the_opening(store)
        store.seats.save(game_id, "browser-a", 1)
        assert store.seats.of(game_id, "browser-a") == 1
        assert store.seats.of(game_id, "browser-b") is None
        store.seats.save(game_id, "browser-a", None)
        assert store.seats.of(game_id, "browser-a") is None


class TestAPickReplacedByAnotherDevice:
    def test_the_device_that_entered_it_first_is_told_in_one_line(self, tmp_path):
        store = Store(tmp_path / "referee.db")
        live = LiveTables(store).open(fairy_after_the_opening(store))
        live.entries.pick(
            live.version, "p1", 0, "higher", False, owner="browser-a", by="Ana's phone"
        )
        seen = live.version
        live.entries.pick(live.version, "p2", 0, "lower", False, owner="browser-b", by="Bo's phone")
        assert live.entries.replaced_for("browser-a", seen, live.version) == [
            "Bo's phone changed Ana's guess to Lower."
        ]
        assert live.entries.replaced_for("browser-b", seen, live.version) == []

    def test_a_pick_taken_back_and_chosen_again_by_another_device_is_told(self, tmp_path):
        store = Store(tmp_path / "referee.db")
        live = LiveTables(store).open(fairy_after_the_opening(store))
        live.entries.pick(live.version, "p1", 0, "higher", False, owner="browser-a")
        seen = live.version
        live.entries.unpick(live.version, "p2", 0, owner="browser-b")
        live.entries.pick(live.version, "p2", 0, "lower", False, owner="browser-b")
        assert live.entries.replaced_for("browser-a", seen, live.version) == [
            "Another device changed Ana's guess to Lower."
        ]

    def test_a_private_pick_that_replaces_is_told_without_its_value(self, tmp_path):
        store = Store(tmp_path / "referee.db")
        live = LiveTables(store).open(fairy_after_the_opening(store))
        live.entries.pick(live.version, "p1", 0, "lower", False, owner="browser-q")
        seen = live.version
        live.entries.pick(live.version, "p2", 0, "catch", True, owner="browser-p", by="Ana's phone")
        assert live.entries.replaced_for("browser-q", seen, live.version) == [
            "Ana's phone changed Ana's guess."
        ]

    def test_the_same_device_changing_its_own_pick_is_not_told(self, tmp_path):
        store = Store(tmp_path / "referee.db")
        live = LiveTables(store).open(fairy_after_the_opening(store))
        live.entries.pick(live.version, "p1", 0, "higher", False, owner="browser-a")
        live.entries.pick(live.version, "p1", 0, "lower", False, owner="browser-a")
        assert live.entries.replaced_for("browser-a", 0, live.version) == []

    def test_a_replacement_that_makes_the_choice_is_told_too(self, tmp_path):
        store = Store(tmp_path / "referee.db")
        live = LiveTables(store).open(fairy_after_the_opening(store))
        live.entries.pick(live.version, "p1", 0, "higher", False, owner="browser-a")
        live.entries.pick(live.version, "p1", 1, "higher", False, owner="browser-a")
        seen = live.version
        # Ana's pick replaced while the last guess is missing: only then is it complete.
        live.entries.pick(live.version, "p2", 0, "catch", False, owner="browser-b", by="Cy's phone")
        live.entries.pick(live.version, "p2", 2, "lower", False, owner="browser-b", by="Cy's phone")
        told = live.entries.replaced_for("browser-a", seen, live.version)
        assert told == ["Cy's phone changed Ana's guess to Catch the fairy."]


class TestListsFollowEveryChange:
    def test_a_new_game_a_move_and_a_deletion_tell_the_lists(self, tmp_path):
        lives = LiveTables(Store(tmp_path / "referee.db"))
        told = []
        lives.watch_lists("home-page", lambda: told.append(1))
        live = lives.create(GameRecord(game="fairy", players=["Ana", "Bo", "Cy"], options={}))
        live.play(live.version, "p", {"type": "opening", "card": 5})
        lives.delete(live.game_id)
        lives.close()
        assert len(told) == 3

    def test_another_referee_on_the_folder_tells_the_lists_within_a_second(self, tmp_path):
        async def watch() -> float:
            lives = LiveTables(Store(tmp_path / "referee.db"))
            moved = asyncio.Event()
            loop = asyncio.get_running_loop()
            lives.watch_lists("home-page", moved.set)
            await asyncio.sleep(0.7)  # the watcher has looked once
            other = LiveTables(Store(tmp_path / "referee.db"))
            started = loop.time()
            other.create(GameRecord(game="fairy", players=["Ana", "Bo", "Cy"], options={}))
            await asyncio.wait_for(moved.wait(), 3)
            lives.close()
            return loop.time() - started

        assert run_async(watch()) < 1.0


class TestEntriesAreStoredAsTheyGrow:
    def test_an_entry_comes_back_after_a_restart_and_ends_with_the_next_change(self, tmp_path):
        store = Store(tmp_path / "referee.db")
        game_id = fairy_after_the_opening(store)
        live = LiveTables(store).open(game_id)
        live.entries.set_draft(live.version, "p1", "lot", [{"value": 5, "symbol": "moon"}])
        store.close()

        store = Store(tmp_path / "referee.db")
        again = LiveTables(store).open(game_id)
        assert again.entries.drafts == {"lot": [{"value": 5, "symbol": "moon"}]}
        again.undo(again.version, "p2")
        assert again.entries.drafts == {}
        assert LiveTables(store).open(game_id).entries.drafts == {}

    def test_an_entry_from_a_screen_behind_the_game_is_refused(self, tmp_path):
        store = Store(tmp_path / "referee.db")
        live = LiveTables(store).open(fairy_after_the_opening(store))
        behind = live.version
        live.undo(live.version, "p1")
        with pytest.raises(RefereeError):
            live.entries.set_draft(behind, "p2", "hand", {"for": "x", "cards": [1]})
        assert live.entries.drafts == {}

    def test_a_cleared_entry_stays_cleared(self, tmp_path):
        store = Store(tmp_path / "referee.db")
        game_id = fairy_after_the_opening(store)
        live = LiveTables(store).open(game_id)
        live.entries.set_draft(live.version, "p1", "board", ["7S"])
        live.entries.set_draft(live.version, "p1", "board", None)
        assert LiveTables(store).open(game_id).entries.drafts == {}
