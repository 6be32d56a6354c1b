"""`import` reads only regular files: a FIFO, a device or a folder is one sentence, at
once, and nothing is imported."""

import json
import os
import subprocess
import sys
import time

import pytest

from referee.storage import transfer
from tests.storage.test_faults import snapshot
from tests.test_cli_saved_games import known_records


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "referee", *args], capture_output=True, text=True, timeout=60
    )


@pytest.fixture
def club(tmp_path):
    record = tmp_path / "game.json"
    record.write_text(json.dumps(known_records()[0]))
    data = tmp_path / "club"
    assert run("import", str(record), "--data-dir", str(data)).returncode == 0
    return record, data


def fifo(tmp_path):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    path = tmp_path / "fifo"
    os.mkfifo(path)
    return path


def test_a_fifo_without_a_writer_is_one_sentence_at_once(tmp_path, club):
    record, data = club
    path = fifo(tmp_path)
    before = snapshot(data)
    started = time.monotonic()
    out = run("import", str(record), str(path), "--data-dir", str(data))
    assert time.monotonic() - started < 30  # it waited for a writer for ever
    assert out.returncode == 2 and out.stdout == ""
    assert (
        out.stderr
        == f"'{path}' is a named pipe (FIFO), not a file of records: nothing was imported.\n"
    )
    assert snapshot(data) == before


@pytest.mark.parametrize(("path", "what"), [("/dev/zero", "a device"), ("folder", "a folder")])
def test_a_device_or_a_folder_is_one_sentence(tmp_path, club, path, what):
    record, data = club
    if path == "folder":
        path = str(tmp_path)
    elif not os.path.exists(path):
        pytest.skip(f"no {path} here")
    before = snapshot(data)
    out = run("import", record, path, "--data-dir", str(data))
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr == f"'{path}' is {what}, not a file of records: nothing was imported.\n"
    assert snapshot(data) == before


def test_a_link_to_a_record_is_read(tmp_path, club):
    record, _data = club
    link = tmp_path / "link.json"
    link.symlink_to(record)
    out = run("import", str(link), "--data-dir", str(tmp_path / "elsewhere"))
    assert out.returncode == 0 and out.stdout == "Imported 1 game from 1 file.\n"


def test_a_fifo_put_in_the_files_place_after_the_check_never_blocks(tmp_path):
    path = fifo(tmp_path)
    with pytest.raises(OSError, match="named pipe"):
        transfer.open_file(str(path))  # the check is passed by: the reading refuses too
