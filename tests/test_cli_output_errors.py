"""Every command's output path: a reader that stops early (`| head`) ends the command
quietly with status 0; any other output failure (a full disk: /dev/full) is one sentence
and status 1. Never a traceback, never Python's "Exception ignored" at exit."""

import json
import os
import shutil
import subprocess
import sys

import pytest

from referee.cli import COMMANDS
from tests.disputes.test_settle_cli import EXAMPLES
from tests.helpers import bid, faeker, top
from tests.test_cli_saved_games import one_takes_every_round


def command(*args) -> list[str]:
    return [sys.executable, "-m", "referee", *args]


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """A record, a dispute, and a data folder holding that record."""
    folder = tmp_path_factory.mktemp("outputs")
    record = folder / "game.json"
    session = faeker(players=("Ana", "Bo", "Cy"), actions=[top(3), bid("Bo", 2)])
    record.write_text(json.dumps(session.record().model_dump(mode="json")))
    if shutil.which("espeak-ng"):  # a move for `hear` to print (Cy is to act)
        speech = ["espeak-ng", "-v", "en-us", "-s", "150", "-w", str(folder / "speech.wav")]
        subprocess.run([*speech, "Cy passes"], check=True)
    dispute = folder / "dispute.json"
    dispute.write_text(json.dumps(EXAMPLES["faj_trick"]))
    ended = folder / "ended.json"  # a finished game, for bgstats to print
    finished = one_takes_every_round(("Ana", "Bo"), "Ana").record()
    ended.write_text(json.dumps(finished.model_dump(mode="json")))
    data = folder / "data"
    done = subprocess.run(
        command("--data-dir", str(data), "import", str(record), str(ended)), timeout=60
    )
    assert done.returncode == 0
    return folder


def arguments(name: str, folder, tmp_path) -> list[str]:
    record, data = str(folder / "game.json"), str(folder / "data")
    return {
        "replay": ["replay", record],
        "edit": ["edit", record, "--at", "2", "--delete"],
        "settle": ["settle", str(folder / "dispute.json")],
        "schema": ["schema"],
        "stats": ["stats", "--json", "--data-dir", data],
        "export": ["export", "--all", str(tmp_path / "all.json"), "--data-dir", data],
        "import": ["import", record, "--data-dir", str(tmp_path / "new")],
        "whatnow": ["whatnow", record],
        "bgstats": ["bgstats", "--all", "--data-dir", data],
        "hear": ["hear", record, str(folder / "speech.wav")],
    }[name]


EVERY_COMMAND = pytest.mark.parametrize(
    "name",
    [
        *("replay", "edit", "settle", "schema", "stats", "export", "import", "whatnow"),
        *("bgstats", "hear"),
    ],
)


def exists(name: str) -> None:
    if name not in COMMANDS:
        pytest.skip(f"there is no {name} command yet")
    if name == "hear" and not shutil.which("espeak-ng"):
        pytest.skip("hear needs speech made by espeak-ng")


def test_every_command_is_covered_here():
    assert set(COMMANDS) <= {p for m in EVERY_COMMAND.args[1:] for p in m}


@EVERY_COMMAND
def test_a_closed_pipe_ends_the_command_quietly_with_status_0(name, files, tmp_path):
    exists(name)
    child = subprocess.Popen(
        command(*arguments(name, files, tmp_path)),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    child.stdout.close()  # long before the command prints: it takes a while to start
    err = child.stderr.read()
    assert child.wait(timeout=60) == 0
    assert err == b""


@EVERY_COMMAND
def test_any_other_output_failure_is_one_sentence_and_status_1(name, files, tmp_path):
    exists(name)
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            command(*arguments(name, files, tmp_path)),
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    assert done.returncode == 1
    assert done.stderr == "The output cannot be written: No space left on device.\n"


def test_help_to_a_closed_pipe_is_quiet_too():
    child = subprocess.Popen(command("--help"), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    child.stdout.close()
    err = child.stderr.read()
    assert child.wait(timeout=60) == 0 and err == b""
