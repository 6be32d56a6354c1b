"""One code per data folder: every change of the code or of the devices is read, changed
and written under the folder's lock, so two referees changing it at once leave one code;
a device is admitted only under the code it gave; a damaged sharing.json is moved aside
with a timestamp, never written over, and said in one sentence."""

import fcntl
import json
import os
import re
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from referee.storage import file_lock, sharing
from referee.storage.sharing import FILE_NAME, LOCK_NAME, TableAccess, TableBusy

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "phone-token-0123456789ab"


def codes(*made):
    made = iter(made or ["AAAA-BBBB", "CCCC-DDDD", "EEEE-FFFF", "GGGG-HHHH"])
    return lambda: next(made)


# Each process waits for the go file, then makes its change at once: the two changes meet.
RACER = textwrap.dedent(
    """
    import json, os, secrets, sys, time
    from pathlib import Path
    from referee.storage.sharing import TableAccess, stored_code
    folder, go, how = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
    access = TableAccess(folder, lambda: "P" + secrets.token_hex(4).upper())
    seen = stored_code(folder)
    print("ready", flush=True)
    deadline = time.monotonic() + 30
    while not go.exists() and time.monotonic() < deadline:
        time.sleep(0.0005)
    if how == "renew":
        access.load()
        code = access.renew(replacing=seen)
    else:  # two hosts started with --new-code
        code = access.load(fresh=True, replacing=seen)
    print(json.dumps({"code": code, "made": access.made, "now": access.current()}))
    """
)


def race(folder: Path, how: str, go: Path) -> list[dict]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", RACER, str(folder), str(go), how],
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        for _ in range(2)
    ]
    try:
        for proc in procs:
            assert proc.stdout.readline().strip() == "ready"
        go.touch()
        return [json.loads(proc.communicate(timeout=60)[0]) for proc in procs]
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()


class TestTwoChangesAtOnceLeaveOneWinner:
    @pytest.mark.parametrize("how", ["renew", "new-code-at-start"])
    def test_two_processes_making_a_new_code_at_once_leave_one_code_that_both_report(
        self, tmp_path, how
    ):
        TableAccess(tmp_path, codes()).load()
        for round_ in range(4):  # the race is real each time: both wait for one file
            reports = race(tmp_path, how, tmp_path / f"go-{round_}")
            stored = json.loads((tmp_path / FILE_NAME).read_text())["code"]
            assert [r["code"] for r in reports] == [stored, stored]
            assert [r["now"] for r in reports] == [stored, stored]
            assert sorted(r["made"] for r in reports) == [False, True]  # one winner

    def test_a_new_code_asked_for_after_another_referee_made_one_takes_that_one(self, tmp_path):
        one, two = TableAccess(tmp_path, codes()), TableAccess(tmp_path, codes("XXXX-YYYY"))
        seen = one.load()
        two.load()
        assert two.renew(replacing=seen) == "XXXX-YYYY" and two.made
        assert one.renew(replacing=seen) == "XXXX-YYYY" and not one.made
        assert TableAccess(tmp_path, codes()).load() == "XXXX-YYYY"

    def test_a_lock_held_too_long_says_so_and_changes_nothing(self, tmp_path, monkeypatch):
        monkeypatch.setattr(file_lock, "LOCK_WAIT_S", 0.2)
        access = TableAccess(tmp_path, codes())
        access.load()
        holder = os.open(tmp_path / LOCK_NAME, os.O_RDWR | os.O_CREAT)
        try:
            fcntl.flock(holder, fcntl.LOCK_EX)  # another referee, stopped while it holds it
            started = time.monotonic()
            with pytest.raises(TableBusy) as busy:
                access.renew()
            assert time.monotonic() - started < 2
            assert busy.value.reason.startswith("Another referee on this data folder has held")
            with pytest.raises(TableBusy):
                access.admit(TOKEN, "AAAA-BBBB")
        finally:
            os.close(holder)
        assert TableAccess(tmp_path, codes()).load() == "AAAA-BBBB"
        assert not access.admitted(TOKEN)


class TestAnAdmissionComparesWithTheStoredCode:
    def test_a_device_is_admitted_only_under_the_code_it_gave(self, tmp_path):
        here, there = TableAccess(tmp_path, codes()), TableAccess(tmp_path, codes("CCCC-DDDD"))
        checked = here.load()  # the code a device's try was checked against
        there.load()
        there.renew()  # another referee made a new code meanwhile
        assert not here.admit(TOKEN, checked)
        assert not there.admitted(TOKEN) and not here.admitted(TOKEN)
        assert TOKEN[:5] not in (tmp_path / FILE_NAME).read_text()
        assert here.admit(TOKEN, "cccc dddd")  # the stored code, in any case or spacing
        assert there.admitted(TOKEN)

    def test_every_read_sees_a_code_another_referee_stored(self, tmp_path):
        here = TableAccess(tmp_path, codes())
        there = TableAccess(tmp_path, codes("CCCC-DDDD", "EEEE-FFFF", "GGGG-HHHH"))
        here.load()
        there.load()
        for _ in range(3):  # each write is a new file: no two share a stat
            code = there.renew()
            assert here.current() == code


DAMAGED = {
    "not JSON": b"{'code': ",
    "not text": b"\xff\xfe\x00code",
    "empty": b"",
    "a list": b'["AAAA-BBBB"]',
    "no code": b'{"devices": []}',
    "a number for the code": b'{"code": 5, "devices": []}',
    "devices not a list": b'{"code": "AAAA-BBBB", "devices": "everyone"}',
    "too large": b'{"code": "AAAA-BBBB", "devices": ["' + b"a" * (2 << 20) + b'"]}',
}
ASIDE = re.compile(r"sharing\.json\.damaged-\d{8}-\d{6}")


def asides(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.name.startswith(FILE_NAME + ".damaged-"))


class TestADamagedFileIsMovedAside:
    @pytest.mark.parametrize("content", DAMAGED.values(), ids=DAMAGED.keys())
    def test_a_damaged_file_at_start_is_kept_aside_a_new_code_made_and_said(
        self, tmp_path, content
    ):
        (tmp_path / FILE_NAME).write_bytes(content)
        said = []
        access = TableAccess(tmp_path, codes(), on_notice=said.append)
        assert access.load() == "AAAA-BBBB"
        (kept,) = asides(tmp_path)
        assert ASIDE.fullmatch(kept.name) and kept.read_bytes() == content
        assert said == [access.notice]
        assert access.notice == (
            f"sharing.json in {tmp_path} was damaged: it is kept as {kept.name}, and a new "
            "table code was made: every phone must give it."
        )
        assert json.loads((tmp_path / FILE_NAME).read_text())["code"] == "AAAA-BBBB"

    def test_a_file_that_cannot_be_read_is_kept_aside(self, tmp_path):
        (tmp_path / FILE_NAME).mkdir()  # as root, a mode cannot make it unreadable; this can
        (tmp_path / FILE_NAME / "inside").write_text("kept")
        access = TableAccess(tmp_path, codes())
        assert access.load() == "AAAA-BBBB"
        (kept,) = asides(tmp_path)
        assert (kept / "inside").read_text() == "kept"
        assert kept.name in access.notice

    def test_a_damaged_file_found_while_serving_keeps_the_code_and_its_phones(self, tmp_path):
        said = []
        access = TableAccess(tmp_path, codes(), on_notice=said.append)
        access.load()
        access.admit(TOKEN, "AAAA-BBBB")
        (tmp_path / FILE_NAME).write_text("garbage")
        assert access.look() == "AAAA-BBBB"
        (kept,) = asides(tmp_path)
        assert kept.read_text() == "garbage"
        assert said == [
            f"sharing.json in {tmp_path} was damaged: it is kept as {kept.name}, and the "
            "table code and its phones are kept as they were."
        ]
        again = TableAccess(tmp_path, codes("ZZZZ-ZZZZ"))
        assert again.load() == "AAAA-BBBB" and again.admitted(TOKEN)

    def test_a_damaged_file_is_never_written_over(self, tmp_path, monkeypatch):
        monkeypatch.setattr(sharing.time, "strftime", lambda _f: "20250101-120000")
        first = tmp_path / f"{FILE_NAME}.damaged-20250101-120000"
        first.write_text("the first damaged file")
        (tmp_path / FILE_NAME).write_text("the second")
        TableAccess(tmp_path, codes()).load()
        assert first.read_text() == "the first damaged file"
        assert (tmp_path / f"{FILE_NAME}.damaged-20250101-120000-1").read_text() == "the second"

    def test_a_damaged_file_that_cannot_be_moved_is_left_as_it_is_and_said(
        self, tmp_path, monkeypatch
    ):
        def refuse(_path):
            raise PermissionError(13, "Permission denied")

        monkeypatch.setattr(sharing, "_move_aside", refuse)
        (tmp_path / FILE_NAME).write_text("garbage")
        access = TableAccess(tmp_path, codes())
        assert access.load() == "AAAA-BBBB"
        access.admit(TOKEN, "AAAA-BBBB")
        assert (tmp_path / FILE_NAME).read_text() == "garbage"
        assert access.problem == (
            f"sharing.json in {tmp_path} is damaged and cannot be moved aside (Permission "
            "denied), so it is left as it is and the table code holds for this run only."
        )

    def test_a_sound_file_is_never_moved(self, tmp_path):
        TableAccess(tmp_path, codes()).load()
        access = TableAccess(tmp_path, codes())
        access.load()
        access.admit(TOKEN, "AAAA-BBBB")
        access.look()
        assert asides(tmp_path) == [] and access.notice == ""
