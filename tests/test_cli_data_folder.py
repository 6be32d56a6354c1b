"""Where the saved games are, as the command line sees it: a folder that does not exist is
made only by a command that stores something; an empty --data-dir is refused; a read-only
folder serves every command that only reads, and a write says it cannot, in one sentence.

A folder read-only by its permissions is the case a user meets (root ignores them): as
root, the command runs without the capabilities that let root past them (capsh)."""

import json
import os
import shutil
import subprocess
import sys

import pytest

from tests.storage.test_faults import snapshot
from tests.test_cli_saved_games import known_records


def run(*args, as_a_user: bool = False):
    cmd = [sys.executable, "-m", "referee", *args]
    if as_a_user and os.geteuid() == 0:
        capsh = shutil.which("capsh")
        if capsh is None:
            pytest.skip("no capsh here to drop root's right past permissions")
        line = " ".join(f"'{part}'" for part in cmd)
        cmd = [capsh, "--drop=cap_dac_override,cap_dac_read_search,cap_fowner", "--", "-c", line]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120)


@pytest.fixture
def records(tmp_path):
    path = tmp_path / "games.json"
    path.write_text(json.dumps(known_records()))
    return path


class TestAFolderThatDoesNotExist:
    @pytest.mark.parametrize("reading", [["stats"], ["export", "--all", "out.json"]])
    def test_a_reading_command_says_it_does_not_exist_and_makes_nothing(self, tmp_path, reading):
        folder = tmp_path / "no" / "such"
        out = run(*reading, "--data-dir", str(folder))
        assert out.returncode == 2 and out.stdout == ""
        assert (
            out.stderr == f"The data folder '{folder}' does not exist: no games are saved there.\n"
        )
        assert not (tmp_path / "no").exists() and not (tmp_path / "out.json").exists()

    def test_import_makes_it(self, tmp_path, records):
        folder = tmp_path / "new" / "club"
        out = run("import", str(records), "--data-dir", str(folder))
        assert out.returncode == 0, out.stderr
        assert (folder / "referee.db").is_file()


@pytest.mark.parametrize("empty", ["", "  "])
@pytest.mark.parametrize("command", [["stats"], ["import", "x.json"], []])
def test_an_empty_data_dir_is_refused(command, empty, tmp_path):
    out = run("--data-dir", empty, *command)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr == "--data-dir is empty: name the folder of the saved games.\n"


class TestAReadOnlyFolder:
    @pytest.fixture
    def folder(self, tmp_path, records):
        folder = tmp_path / "club"
        assert run("import", str(records), "--data-dir", str(folder)).returncode == 0
        stats = run("stats", "--json", "--data-dir", str(folder))
        files = snapshot(folder)
        for path in folder.iterdir():
            path.chmod(0o444)
        folder.chmod(0o555)
        yield folder, json.loads(stats.stdout), files
        folder.chmod(0o755)

    def test_stats_reads_it_without_a_word(self, folder):
        folder, stats, files = folder
        out = run("stats", "--json", "--data-dir", str(folder), as_a_user=True)
        assert out.returncode == 0 and out.stderr == ""
        assert json.loads(out.stdout) == stats
        assert snapshot(folder) == files

    def test_export_reads_it_without_a_word(self, folder, tmp_path):
        folder, _stats, files = folder
        target = tmp_path / "all.json"
        out = run("export", "--all", str(target), "--data-dir", str(folder), as_a_user=True)
        assert out.returncode == 0 and out.stderr == ""
        assert out.stdout == f"Exported 4 games to {target}.\n"
        assert len(json.loads(target.read_text())) == 4
        assert snapshot(folder) == files

    def test_import_says_it_cannot_in_one_sentence(self, folder, records):
        folder, _stats, files = folder
        out = run("import", str(records), "--data-dir", str(folder), as_a_user=True)
        assert out.returncode == 2 and out.stdout == ""
        assert out.stderr.startswith("Nothing was imported: the saved games are read-only here")
        assert out.stderr.count("\n") == 1
        assert snapshot(folder) == files

    @pytest.mark.parametrize("shm", ["kept", "gone"])
    def test_games_still_in_the_wal_are_read_too(self, tmp_path, records, shm):
        """A copy taken while a referee ran, or a crash: the latest games are only in the
        WAL, which a read-only folder cannot have replayed into the file."""
        folder = tmp_path / "club"
        script = (
            "import os, sys; from referee.storage.store import Store; "
            "from referee.storage.transfer import import_files; "
            f"s = Store({str(folder / 'referee.db')!r}); "
            "s._conn.execute('PRAGMA wal_autocheckpoint=0'); "
            f"import_files(s, [{str(records)!r}]); os._exit(0)"  # never checkpointed
        )
        subprocess.run([sys.executable, "-c", script], check=True, timeout=60)
        assert (folder / "referee.db-wal").stat().st_size > 0
        if shm == "gone":
            (folder / "referee.db-shm").unlink()
        files = snapshot(folder)
        for path in folder.iterdir():
            path.chmod(0o444)
        folder.chmod(0o555)
        try:
            target = tmp_path / "all.json"
            out = run("export", "--all", str(target), "--data-dir", str(folder), as_a_user=True)
            assert out.returncode == 0 and out.stderr == ""
            assert len(json.loads(target.read_text())) == 4
            assert snapshot(folder) == files
        finally:
            folder.chmod(0o755)
