"""`export --all` never harms what it reads or what it writes over: the saved-games database
and its side files, any other SQLite database, a device or a FIFO are refused in one
sentence with nothing written; a link is written through; files get the umask's
permissions; a folder export on a full disk leaves no partial files behind."""

import errno
import json
import os
import shutil
import sqlite3
import stat
import subprocess
import sys

import pytest

from referee import cli
from referee.storage import transfer
from referee.storage.store import Store
from tests.storage.test_faults import rows, snapshot
from tests.test_cli_saved_games import known_records


def run(*args, umask: int | None = None):
    return subprocess.run(
        [sys.executable, "-m", "referee", *args],
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=None if umask is None else (lambda: os.umask(umask)),
    )


@pytest.fixture(scope="module")
def club(tmp_path_factory):
    """A data folder with 40 games (the four known ones, played on ten evenings: each
    begun at its own time, so none is the same game stored twice)."""
    folder = tmp_path_factory.mktemp("club")
    games = folder / "games.json"
    evenings = [
        {**record, "created": f"2026-10-{1 + n // 4:02d}T19:{n % 4 * 10:02d}:00Z"}
        for n, record in enumerate(known_records() * 10)
    ]
    games.write_text(json.dumps(evenings))
    data = folder / "data"
    assert run("import", str(games), "--data-dir", str(data)).returncode == 0
    return data


def refused(out, target: str, reason: str) -> None:
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr == f"Cannot export to '{target}': {reason}. Nothing was written.\n"


class TestTheSavedGames:
    @pytest.mark.parametrize(
        ("name", "reason"),
        [
            ("referee.db", "it is the saved-games database"),
            ("referee.db-wal", "it is one of the saved-games database's files"),
            ("referee.db-shm", "it is one of the saved-games database's files"),
        ],
    )
    def test_the_database_and_its_side_files_are_never_written_over(self, club, name, reason):
        before = rows(club / "referee.db")
        target = str(club / name)
        refused(run("export", "--all", target, "--data-dir", str(club)), target, reason)
        assert rows(club / "referee.db") == before
        store = Store(club / "referee.db")
        assert len(store.list_games()) == 40 and store.notices == []
        store.close()

    def test_an_older_database_is_refused_before_it_is_brought_up_to_date(self, club, tmp_path):
        data = tmp_path / "older"
        data.mkdir()
        shutil.copyfile(club / "referee.db", data / "referee.db")
        conn = sqlite3.connect(data / "referee.db")  # as an older referee left it
        conn.execute("PRAGMA user_version=4")
        conn.close()
        files = snapshot(data)
        target = str(data / "referee.db")
        refused(
            run("export", "--all", target, "--data-dir", str(data)),
            target,
            "it is the saved-games database",
        )
        assert snapshot(data) == files

    def test_a_link_to_the_database_is_refused_too(self, club, tmp_path):
        link = tmp_path / "backup.json"
        link.symlink_to(club / "referee.db")
        out = run("export", "--all", str(link), "--data-dir", str(club))
        refused(out, str(link), "it is the saved-games database")
        assert link.is_symlink()

    def test_any_other_sqlite_database_is_refused(self, club, tmp_path):
        other = tmp_path / "other.db"
        other.write_bytes((club / "referee.db").read_bytes())
        before = other.read_bytes()
        out = run("export", "--all", str(other), "--data-dir", str(club))
        refused(
            out, str(other), "'other.db' is an SQLite database, which an export never overwrites"
        )
        assert other.read_bytes() == before
        wal = tmp_path / "other.db-wal"
        wal.write_bytes(b"\x37\x7f\x06\x82" + bytes(28))
        out = run("export", "--all", str(wal), "--data-dir", str(club))
        refused(out, str(wal), "'other.db-wal' belongs to the SQLite database beside it")

    def test_a_database_in_an_export_folder_is_left_alone(self, club, tmp_path):
        folder = tmp_path / "out"
        folder.mkdir()
        (folder / "0001-faeker.json").write_bytes((club / "referee.db").read_bytes())
        out = run("export", "--all", f"{folder}/", "--data-dir", str(club))
        reason = "'0001-faeker.json' is an SQLite database, which an export never overwrites"
        refused(out, f"{folder}/", reason)
        assert [p.name for p in folder.iterdir()] == ["0001-faeker.json"]


class TestLinksAndSpecialFiles:
    def test_a_link_is_written_through_to_its_file(self, club, tmp_path):
        (tmp_path / "kept").mkdir()
        real = tmp_path / "kept" / "games.json"
        link = tmp_path / "link.json"
        link.symlink_to(real)
        out = run("export", "--all", str(link), "--data-dir", str(club))
        assert out.returncode == 0, out.stderr
        assert link.is_symlink() and os.readlink(link) == str(real)
        assert len(json.loads(real.read_text())) == 40

    def test_a_fifo_is_never_replaced(self, club, tmp_path):
        fifo = tmp_path / "fifo"
        os.mkfifo(fifo)
        out = run("export", "--all", str(fifo), "--data-dir", str(club))
        refused(out, str(fifo), "'fifo' is a named pipe (FIFO), which an export never replaces")
        assert stat.S_ISFIFO(os.stat(fifo).st_mode)

    def test_a_device_is_never_replaced_even_through_a_link(self, club, tmp_path):
        if not os.path.exists("/dev/null"):
            pytest.skip("no /dev/null here")
        link = tmp_path / "out.json"
        link.symlink_to("/dev/null")
        out = run("export", "--all", str(link), "--data-dir", str(club))
        refused(out, str(link), "'out.json' is a device, which an export never replaces")
        assert stat.S_ISCHR(os.stat("/dev/null").st_mode) and link.is_symlink()

    def test_dev_stdout_stays_the_systems_link(self, club):
        """As root, `export --all /dev/stdout` had replaced /dev/stdout with a file."""
        if not os.path.islink("/dev/stdout"):
            pytest.skip("no /dev/stdout link here")
        link = os.readlink("/dev/stdout")
        out = run("export", "--all", "/dev/stdout", "--data-dir", str(club))  # to a pipe
        reason = "'stdout' is a named pipe (FIFO), which an export never replaces"
        refused(out, "/dev/stdout", reason)
        assert os.path.islink("/dev/stdout") and os.readlink("/dev/stdout") == link


class TestPermissions:
    @pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
    def test_new_files_get_what_the_umask_gives(self, club, tmp_path, umask, mode):
        one = tmp_path / "all.json"
        assert (
            run("export", "--all", str(one), "--data-dir", str(club), umask=umask).returncode == 0
        )
        assert stat.S_IMODE(one.stat().st_mode) == mode
        folder = tmp_path / "each"
        out = run("export", "--all", f"{folder}/", "--data-dir", str(club), umask=umask)
        assert out.returncode == 0
        assert {stat.S_IMODE(p.stat().st_mode) for p in folder.iterdir()} == {mode}
        assert len(list(folder.iterdir())) == 40  # and no hidden folder left

    def test_a_file_written_over_keeps_its_own_permissions(self, club, tmp_path):
        one = tmp_path / "all.json"
        one.write_text("[]")
        one.chmod(0o640)
        assert (
            run("export", "--all", str(one), "--data-dir", str(club), umask=0o077).returncode == 0
        )
        assert stat.S_IMODE(one.stat().st_mode) == 0o640
        assert len(json.loads(one.read_text())) == 40


class TestAFullDisk:
    """The disk fills up after 33 files (injected: a tmpfs needs root)."""

    @pytest.fixture
    def full_after(self, monkeypatch):
        def fill(files: int):
            write = transfer._write_new
            count = [0]

            def writing(path, text):
                count[0] += 1
                if count[0] > files:
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
                write(path, text)

            monkeypatch.setattr(transfer, "_write_new", writing)

        monkeypatch.delenv("REFEREE_DATA_DIR", raising=False)
        return fill

    def export(self, capsys, club, target):
        code = cli.main(["export", "--all", target, "--data-dir", str(club)])
        out = capsys.readouterr()
        return code, out.out, out.err

    def test_a_new_folder_is_not_left_behind(self, club, tmp_path, full_after, capsys):
        full_after(33)
        target = f"{tmp_path}/new/out/"
        code, out, err = self.export(capsys, club, target)
        assert (code, out) == (2, "")
        said = f"Cannot write the export '{target}': No space left on device."
        assert err == f"{said} Nothing was written.\n"
        assert list(tmp_path.iterdir()) == []

    def test_an_existing_folder_keeps_only_what_it_held(self, club, tmp_path, full_after, capsys):
        (tmp_path / "notes.txt").write_text("mine")
        (tmp_path / "0001-faeker.json").write_text("[]")  # an earlier export, kept whole
        full_after(33)
        code, _out, err = self.export(capsys, club, str(tmp_path))
        assert code == 2 and err.endswith("No space left on device. Nothing was written.\n")
        assert sorted(p.name for p in tmp_path.iterdir()) == ["0001-faeker.json", "notes.txt"]
        assert (tmp_path / "0001-faeker.json").read_text() == "[]"

    def test_one_file_on_a_full_disk_leaves_the_file_as_it_was(
        self, club, tmp_path, full_after, capsys
    ):
        one = tmp_path / "all.json"
        one.write_text("[]")
        full_after(0)
        code, _out, err = self.export(capsys, club, str(one))
        assert code == 2 and err.endswith("No space left on device. Nothing was written.\n")
        assert [p.name for p in tmp_path.iterdir()] == ["all.json"] and one.read_text() == "[]"

    def test_a_failure_while_moving_into_place_names_the_complete_files(
        self, club, tmp_path, monkeypatch, capsys
    ):
        replace, moved = os.replace, [0]

        def replacing(src, dst):
            moved[0] += 1
            if moved[0] > 3:
                raise OSError(errno.EIO, os.strerror(errno.EIO))
            replace(src, dst)

        monkeypatch.setattr(transfer.os, "replace", replacing)
        monkeypatch.delenv("REFEREE_DATA_DIR", raising=False)
        code, _out, err = self.export(capsys, club, str(tmp_path))
        assert code == 2
        assert err == (
            f"Cannot write the export '{tmp_path}': Input/output error; 3 of 40 files are "
            "complete (0001-faeker.json, 0002-faeker.json, 0003-deceptidice.json), the others "
            "were not written.\n"
        )
        assert sorted(p.name for p in tmp_path.iterdir()) == [
            "0001-faeker.json",
            "0002-faeker.json",
            "0003-deceptidice.json",
        ]
