"""An import run apart from the server (the app's Import a file), so that no device's tap
waits for it: in a process of its own, on a core of its own, with its own memory and its
own connection to the saved games (referee.storage.staging), which are held only while
the checked games are copied in at the end.

The process is `python -m referee.storage.import_worker`: it reads what to import as one
line of JSON, and says in lines of JSON how much it has read and, at the end, what it
imported. Where no Python can be started (an app packaged with its own interpreter), the
import runs on the caller's thread instead, with its own connection all the same. A process
that is killed, or ends without saying what it imported, imported nothing.
"""

import dataclasses
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, TypedDict, cast

from referee.core.errors import RefereeError
from referee.storage.importing import Imported, import_files
from referee.storage.store import Store

PROGRESS_EVERY_S = 0.25  # the child says how far it is at most this often
NICER = 10  # how much lower the child's priority is than the server's
STOPPED = "The import stopped before it was done."  # and so imported nothing


class ImportStopped(RefereeError):
    """The import could not be run, or ended without a word; nothing was imported."""


Progress = Callable[[int, int], None]  # bytes read, of how many


class Job(TypedDict):
    """What to import, as the child reads it: the saved games and the files, named."""

    database: str
    paths: list[str]
    names: list[str]


def import_apart(
    database: Path, paths: list[str], names: list[str], progress: Progress
) -> Imported:
    """import_files of `paths` into the saved games at `database`, in a process of its
    own when one can be started; waits for it. RefereeError, in one sentence, when the
    import cannot be done (NotAFile, SaveFailed, ImportStopped)."""
    job = Job(database=str(database), paths=paths, names=names)
    python = _python()
    if python is None:  # here, then, on the caller's thread
        return _run(job, progress)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(_code_path())}
    try:
        child = subprocess.Popen(
            [python, "-m", "referee.storage.import_worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            text=True,
            encoding="utf-8",
        )
    except OSError:  # no process can be started here after all
        return _run(job, progress)
    # Both are pipes (PIPE above), which typeshed's Popen cannot tell from no pipe.
    stdin, stdout = cast(IO[str], child.stdin), cast(IO[str], child.stdout)
    try:
        stdin.write(json.dumps(job) + "\n")
        stdin.close()
        for line in stdout:
            said = json.loads(line)
            if "progress" in said:
                progress(*said["progress"])
            elif "imported" in said:
                return Imported(**said["imported"])
            elif "refused" in said:
                raise RefereeError(said["refused"])
    finally:
        stdout.close()
        child.wait()
    raise ImportStopped(STOPPED)


def _python() -> str | None:
    """This interpreter, when it can be started as a command (not an app's own binary)."""
    if getattr(sys, "frozen", False) or not sys.executable:
        return None
    return sys.executable if Path(sys.executable).name.startswith("python") else None


def _code_path() -> list[str]:
    """Where this referee's code is, first: the child imports the same code."""
    here = str(Path(__file__).resolve().parents[2])
    extra = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    return [here, *extra]


def _run(job: Job, progress: Progress) -> Imported:
    store = Store(job["database"])
    try:
        return import_files(store, job["paths"], progress, job["names"])
    finally:
        store.close()


def main() -> int:
    """The child: one job in, lines out (see the module's note)."""
    if hasattr(os, "nice"):
        # Below the server: a tap waiting for a core gets it first (the import's workers,
        # forked from here, are below it too).
        os.nice(NICER)
    job = json.loads(sys.stdin.readline())
    last = 0.0

    def say(**what: object) -> None:
        sys.stdout.write(json.dumps(what) + "\n")
        sys.stdout.flush()

    def progress(done: int, total: int) -> None:
        nonlocal last
        now = time.monotonic()
        if now - last >= PROGRESS_EVERY_S:
            last = now
            say(progress=[done, total])

    try:
        result = _run(job, progress)
    except RefereeError as exc:
        say(refused=exc.reason)
        return 2
    say(imported=dataclasses.asdict(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
