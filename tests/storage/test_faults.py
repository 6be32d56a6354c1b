"""Damaged data folders: every fault gets one clear sentence, and no saved game is lost,
hidden, moved or changed unless it is damaged.

Each test stores one game of every kind, breaks the folder or a row the way a user (or a
newer referee) would, then checks what the store and the app's home screen make of it.
We run as root in CI, so a read-only folder is made with the immutable flag (chattr +i),
which stops root too; without it the test falls back to chmod as a normal user.
"""

import contextlib
import hashlib
import json
import os
import random
import shutil
import sqlite3
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest

from referee.core.errors import RefereeError
from referee.core.names import MAX_REASON
from referee.core.record import GameRecord
from referee.games import GAMES
from referee.live.kept_session import KeptSession
from referee.storage.store import GameUnreadable, SaveFailed, Store, StoreUnavailable

# -- a folder with one game of every kind ----------------------------------------------


def fill(store: Store, seed: int = 1) -> dict[int, str]:
    """One game of each kind, a few moves into it; returns {game id: kind}."""
    rng = random.Random(seed)
    games = {}
    for kind, rules in GAMES.items():
        players = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo"][: max(rules.min_players, 3)]
        table = KeptSession.new(store, GameRecord(game=kind, players=players))
        for _ in range(6):
            action = rules.draw(table.state, rng)
            if action is None:
                break
            table.play(action)
        games[table.game_id] = kind
    return games


def snapshot(folder: Path) -> dict[str, str]:
    """Every file in the folder (and below) with a hash of its bytes."""
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def rows(path: Path) -> list:
    """Everything stored, read without writing."""
    conn = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True)
    conn.text_factory = bytes
    try:
        return [
            conn.execute("SELECT * FROM games ORDER BY id").fetchall(),
            conn.execute("SELECT * FROM actions ORDER BY game_id, seq").fetchall(),
        ]
    finally:
        conn.close()


def one_line(reason: str) -> None:
    assert reason and "\n" not in reason and len(reason) <= MAX_REASON, reason
    assert "Traceback" not in reason and "sqlite3." not in reason, reason


@pytest.fixture
def folder(tmp_path):
    path = tmp_path / "data"
    path.mkdir()
    return path


@pytest.fixture
def stored(folder):
    """A closed database holding one game of every kind: (path, {id: kind})."""
    path = folder / "referee.db"
    store = Store(path)
    games = fill(store)
    store.close()
    return path, games


# -- the app's home screen, without a browser ------------------------------------------


class FakePage:
    """What the shell touches of a Flet page; dialogs are kept to be looked at."""

    width = 800
    padding = 0
    web = True
    platform_brightness = None
    route = "/"
    query = SimpleNamespace(to_dict={})
    # Where Flet's services (the wake lock, haptics, stored settings) register themselves.
    _services = SimpleNamespace(register_service=lambda _service: None)

    def __init__(self) -> None:
        self.views: list = []
        self.dialogs: list = []
        self.updates = 0

    @property
    def controls(self) -> list:
        """What the page shows: the top view's controls."""
        return self.views[-1].controls if self.views else []

    def update(self, *_controls) -> None:
        self.updates += 1

    def run_task(self, *_args) -> None:
        pass

    def show_dialog(self, dialog) -> None:
        self.dialogs.append(dialog)

    def pop_dialog(self) -> None:
        if self.dialogs:
            self.dialogs.pop()


def texts(control) -> list[str]:
    """Every string value below a control (Text values, TextField values, labels)."""
    found, stack, seen = [], [control], set()
    while stack:
        c = stack.pop()
        if c is None or id(c) in seen:
            continue
        seen.add(id(c))
        if isinstance(c, list | tuple):
            stack.extend(c)
            continue
        for attr in ("value", "label", "error"):
            v = getattr(c, attr, None)
            if isinstance(v, str):
                found.append(v)
        for attr in ("content", "controls", "title", "actions"):
            child = getattr(c, attr, None)
            if child is not None and not isinstance(child, str):
                stack.append(child)
            elif isinstance(child, str):
                found.append(child)
    return found


def home_app(store: Store):
    """The real app on a fake page: renders the home screen or raises."""
    from referee.live.tables import LiveTables
    from referee.ui.shell import Shell

    page = FakePage()
    app = Shell(page, LiveTables(store))
    return app, page


def assert_home_lists(store: Store, games: dict[int, str], broken: set[int] = frozenset()):
    """The store lists every game (the broken ones with a problem), and the app's home
    screen renders them all."""
    listed = {g.id: g for g in store.list_games()}
    assert set(listed) == set(games)
    for game_id, g in listed.items():
        if game_id in broken:
            assert g.problem and g.problem.startswith("cannot open: "), g
            one_line(g.problem)
        else:
            assert g.problem is None, g.problem
    app, page = home_app(store)
    shown = " ".join(texts(page.controls))
    shown.encode("utf-8")  # a lone surrogate here is what crashed every page load
    for game_id in games:
        if game_id in broken:
            assert listed[game_id].problem in shown
    return app, page


# -- read-only folders -----------------------------------------------------------------


@contextlib.contextmanager
def read_only(*paths: Path):
    """Make paths read-only for real, even for root: the immutable flag, else chmod."""
    done: list[Path] = []
    try:
        for p in paths:
            if os.geteuid() == 0:
                ok = subprocess.run(["chattr", "+i", str(p)], capture_output=True).returncode
                if ok != 0 or not _is_immutable(p):
                    pytest.skip("no immutable flag here (root ignores chmod)")
            else:
                p.chmod(0o555 if p.is_dir() else 0o444)
            done.append(p)
        yield
    finally:
        for p in reversed(done):
            if os.geteuid() == 0:
                subprocess.run(["chattr", "-i", str(p)], capture_output=True)
            else:
                p.chmod(0o755 if p.is_dir() else 0o644)


def _is_immutable(p: Path) -> bool:
    if not p.is_dir():
        return True
    probe = p / ".probe"
    try:
        probe.touch()
    except OSError:
        return True
    probe.unlink()
    return False


class TestReadOnlyFolder:
    def test_games_are_listed_read_only_and_nothing_is_moved(self, stored):
        path, games = stored
        before = rows(path)  # this read leaves the WAL's side files: they go read-only too
        files = snapshot(path.parent)
        with read_only(*path.parent.iterdir(), path.parent):
            store = Store(path)
            try:
                assert store.read_only
                assert store.notices and "read-only" in store.notices[0]
                one_line(store.notices[0])
                assert_home_lists(store, games)
                for game_id in games:  # every game opens to be looked at
                    KeptSession.resume(store, game_id)
                table = KeptSession.resume(store, next(iter(games)))
                rules = table.rules
                action = rules.draw(table.state, random.Random(3))
                if action is not None:
                    with pytest.raises(SaveFailed) as refused:
                        table.play(action)
                    one_line(refused.value.reason)
                with pytest.raises(SaveFailed):
                    store.delete_game(next(iter(games)))
            finally:
                store.close()
            assert snapshot(path.parent) == files
        assert rows(path) == before

    def test_an_older_referees_database_in_a_read_only_folder_is_listed(self, stored):
        path, games = stored
        conn = sqlite3.connect(path)  # as referee 0.1 left it: schema 1, fewer columns
        for column in ("revision", "points"):
            with contextlib.suppress(sqlite3.OperationalError):
                conn.execute(f"ALTER TABLE games DROP COLUMN {column}")
        conn.execute("PRAGMA user_version=1")
        conn.commit()
        conn.close()
        before = rows(path)
        files = snapshot(path.parent)
        with read_only(*path.parent.iterdir(), path.parent):
            store = Store(path)
            try:
                assert store.read_only
                assert_home_lists(store, games)
                for game_id in games:
                    KeptSession.resume(store, game_id)
            finally:
                store.close()
            assert snapshot(path.parent) == files
        assert rows(path) == before

    def test_a_damaged_database_in_a_read_only_folder_is_left_alone(self, folder):
        path = folder / "referee.db"
        path.write_bytes(b"not a database" * 300)
        before = snapshot(folder)
        with read_only(path, folder), pytest.raises(StoreUnavailable) as info:
            Store(path)
        one_line(info.value.reason)
        assert "damaged" in info.value.reason or "not a readable" in info.value.reason
        assert snapshot(folder) == before

    def test_no_database_yet_in_a_read_only_folder(self, folder):
        with read_only(folder), pytest.raises(StoreUnavailable) as info:
            Store(folder / "referee.db")
        one_line(info.value.reason)
        assert list(folder.iterdir()) == []


# -- folder names that mean something in a URI -----------------------------------------


@pytest.mark.parametrize("name", ["a%41b", "c#d", "e?f", "%2541", "g h&mode=rw", "ü%#?"])
class TestUriCharacters:
    def test_saved_games_stay_found_across_restarts(self, tmp_path, name):
        folder = tmp_path / name
        path = folder / "referee.db"
        store = Store(path)
        games = fill(store)
        store.close()
        for _ in range(2):
            store = Store(path)
            assert store.notices == [] and not store.read_only
            assert_home_lists(store, games)
            store.close()
        assert sorted(p.name for p in tmp_path.iterdir()) == [name]  # nothing outside
        assert all(p.name.startswith("referee.db") for p in folder.iterdir())

    def test_a_corrupt_database_there_is_still_found(self, tmp_path, name):
        folder = tmp_path / name
        folder.mkdir()
        path = folder / "referee.db"
        path.write_bytes(b"this is not sqlite" * 100)
        store = Store(path)
        aside = [p for p in folder.iterdir() if ".corrupt-" in p.name]
        assert len(aside) == 1 and aside[0].read_bytes() == b"this is not sqlite" * 100
        assert store.notices and store.list_games() == []
        store.close()


# -- files in the way, full disks ------------------------------------------------------


class TestCannotOpen:
    def test_a_file_where_the_folder_should_be(self, tmp_path):
        blocker = tmp_path / "data"
        blocker.write_text("my notes")
        with pytest.raises(StoreUnavailable) as info:
            Store(blocker / "referee.db")
        one_line(info.value.reason)
        assert "file is in the way" in info.value.reason
        assert blocker.read_text() == "my notes"

    def test_a_file_where_a_parent_folder_should_be(self, tmp_path):
        (tmp_path / "a").write_text("x")
        with pytest.raises(StoreUnavailable) as info:
            Store(tmp_path / "a" / "b" / "referee.db")
        one_line(info.value.reason)

    def test_a_folder_where_the_database_should_be(self, folder):
        (folder / "referee.db").mkdir()
        (folder / "referee.db" / "keep.txt").write_text("mine")
        before = snapshot(folder)
        with pytest.raises(StoreUnavailable) as info:
            Store(folder / "referee.db")
        one_line(info.value.reason)
        assert snapshot(folder) == before

    def test_a_full_disk_on_first_start(self, folder):
        class FullDisk(Store):
            connection_pragmas = ("PRAGMA max_page_count=1",)

        path = folder / "referee.db"
        with pytest.raises(StoreUnavailable) as info:
            FullDisk(path)
        one_line(info.value.reason)
        assert "disk is full" in info.value.reason
        store = Store(path)  # space again: a normal start, nothing moved aside
        assert store.notices == [] and store.list_games() == []
        assert not [p for p in folder.iterdir() if "-corrupt" in p.name or ".corrupt" in p.name]
        store.close()

    def test_a_full_disk_while_playing_changes_nothing(self, stored):
        path, games = stored
        store = Store(path)
        table = KeptSession.new(store, GameRecord(game="faeker", players=["Ana", "Bo"]))
        pages = store._conn.execute("PRAGMA page_count").fetchone()[0]
        store._conn.execute(f"PRAGMA max_page_count={pages}")
        refused = None
        for _ in range(5000):  # rounds where all pass never end: fill the last pages
            state = table.state
            before = (state, len(table.session.steps))
            try:
                if state.phase == "top":
                    table.play({"type": "top_card", "card": 3})
                else:
                    table.play({"type": "pass", "player": table.rules.current_player(state)})
            except SaveFailed as exc:
                refused = exc.reason
                break
        assert refused, "the page limit never filled"
        one_line(refused)
        assert "disk is full" in refused
        assert (table.state, len(table.session.steps)) == before  # the refused move is gone
        store._conn.execute("PRAGMA max_page_count=1073741823")
        assert KeptSession.resume(store, table.game_id).state == table.state  # stored == shown
        assert_home_lists(store, {**games, table.game_id: "faeker"})
        store.close()
        assert Store(path).integrity() == "ok"

    def test_the_app_shows_its_own_screen_when_the_folder_cannot_be_opened(
        self, tmp_path, monkeypatch
    ):
        from referee import app

        blocker = tmp_path / "data"
        blocker.write_text("x")
        monkeypatch.setenv("REFEREE_DATA_DIR", str(blocker))
        monkeypatch.setattr(app, "_shared", None, raising=False)  # the process's one store
        # A loopback referee, not shared: a table code another test of this process left
        # would put the code screen first.
        monkeypatch.delenv("REFEREE_TABLE_CODE", raising=False)
        page = FakePage()
        app.main(page)
        shown = " ".join(texts(page.controls))
        assert "cannot be opened" in shown and "file is in the way" in shown
        assert "Try again" in shown
        blocker.unlink()  # the user moves the file away and tries again
        retry = _find_button(page.controls, "Try again")
        retry.on_click(None)
        assert (blocker / "referee.db").exists()


def _find_button(root, label: str):
    stack = [root]
    while stack:
        c = stack.pop()
        if isinstance(c, list | tuple):
            stack.extend(c)
            continue
        if getattr(c, "content", None) == label and getattr(c, "on_click", None):
            return c
        for attr in ("content", "controls"):
            child = getattr(c, attr, None)
            if child is not None and not isinstance(child, str):
                stack.append(child)
    raise AssertionError(f"no button {label!r}")


# -- rows this referee cannot read -----------------------------------------------------


def break_row(path: Path, sql: str, *args) -> None:
    conn = sqlite3.connect(path)
    conn.execute(sql, args)
    conn.commit()
    conn.close()


BROKEN_ROWS = {
    "unreadable players": ("UPDATE games SET players='[\"Ana\", ' WHERE id=?", None),
    "unreadable options": ("UPDATE games SET options='{nope' WHERE id=?", None),
    "options nested 100,000 deep": (
        "UPDATE games SET options=replace(hex(zeroblob(100000)), '00', '[') WHERE id=?",
        "deep",
    ),
    "unknown game": ("UPDATE games SET kind='game-of-2030' WHERE id=?", "does not know the game"),
    "unknown option": (
        "UPDATE games SET options='{\"moon_phase\": true}' WHERE id=?",
        "does not know the",
    ),
    "option out of range": ("UPDATE games SET options='[1, 2]' WHERE id=?", None),
    "lone surrogate name": (
        'UPDATE games SET players=\'["Ana\\ud83d", "Bo", "Cy"]\' WHERE id=?',
        "cannot be shown",
    ),
    "unreadable action": (
        "UPDATE actions SET payload='{\"type\": ' WHERE game_id=? AND seq=0",
        "damaged",
    ),
    "action of a newer referee": (
        'UPDATE actions SET payload=\'{"type": "teleport"}\' WHERE game_id=? AND seq=0',
        None,
    ),
    "not UTF-8": ("UPDATE games SET players=CAST(X'5B22FF225D' AS TEXT) WHERE id=?", None),
}


class TestUnreadableGames:
    @pytest.mark.parametrize("fault", sorted(BROKEN_ROWS))
    def test_one_bad_game_is_listed_with_its_reason_and_the_others_open(self, stored, fault):
        path, games = stored
        sql, words = BROKEN_ROWS[fault]
        bad = next(i for i, kind in games.items() if kind == "faeker")
        break_row(path, sql, bad)
        before = rows(path)
        store = Store(path)
        assert store.notices == []
        replays = fault == "action of a newer referee"  # listed fine; refused on opening
        app, page = assert_home_lists(store, games, set() if replays else {bad})
        listed = {g.id: g for g in store.list_games()}
        if words:
            assert words in listed[bad].problem
        for game_id in games:
            if game_id != bad:
                KeptSession.resume(store, game_id)
        with pytest.raises(RefereeError) as info:
            KeptSession.resume(store, bad)
        one_line(info.value.reason)
        if not replays:
            assert isinstance(info.value, GameUnreadable)
        # Opening it from the home screen tells why, and offers the stored text.
        app.games.open_game(bad)
        assert app.screen == "home" and page.dialogs
        told = " ".join(texts(page.dialogs[-1]))
        assert info.value.reason in told and "Export raw" in told
        told.encode("utf-8")
        export = next(b for b in page.dialogs[-1].actions if b.content == "Export raw")
        export.on_click(None)
        shown = page.dialogs[-1].content.content.controls[1].content.value
        assert json.loads(shown)["id"] == bad and "\n" in shown  # copyable, lines kept
        raw = store.raw_game(bad)
        raw.encode("ascii")  # sendable to any screen
        assert '"kind"' in raw and '"actions"' in raw
        store.close()
        assert rows(path) == before  # nothing was rewritten

    def test_a_game_kind_from_a_newer_referee_can_be_exported_and_deleted(self, stored):
        path, games = stored
        bad = next(iter(games))
        break_row(path, "UPDATE games SET kind='game-of-2030' WHERE id=?", bad)
        store = Store(path)
        assert "game-of-2030" in store.raw_game(bad)
        store.delete_game(bad)
        assert {g.id for g in store.list_games()} == set(games) - {bad}
        store.close()

    def test_known_players_skip_unreadable_rows(self, stored):
        path, games = stored
        break_row(path, "UPDATE games SET players='[' WHERE id=?", next(iter(games)))
        store = Store(path)
        assert "Ana" in store.players.known()
        store.close()


class TestNamesAsTyped:
    def test_names_are_trimmed_once_and_keep_their_case(self, folder):
        store = Store(folder / "referee.db")
        table = KeptSession.new(store, GameRecord(game="faeker", players=[" ana ", "BO", "Cy  Di"]))
        assert table.session.players == ["ana", "BO", "Cy Di"]
        assert store.players.known() == ["ana", "BO", "Cy Di"]
        assert store.list_games()[0].players == ["ana", "BO", "Cy Di"]
        store.close()


def test_a_copy_of_the_folder_opens_the_same(stored, tmp_path):
    """Sanity for the snapshots above: copying a closed folder changes nothing."""
    path, games = stored
    copy = tmp_path / "copy"
    shutil.copytree(path.parent, copy)
    store = Store(copy / "referee.db")
    assert {g.id for g in store.list_games()} == set(games)
    store.close()
