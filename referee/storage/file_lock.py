"""One process at a time changes a file of the data folder: an advisory lock (flock) on a
lock file beside it, which every referee on the folder takes before it reads, changes and
writes the file, so two changes at once never both win.

The lock is waited for at most a bound: a referee stopped while it holds the lock (a
suspended laptop, a debugger) must not hang every other one, so the wait ends with
`FolderBusy`, and the caller says so. The lock goes with its file descriptor, so a referee
killed while it holds it frees it at once. A folder where no lock file can be made (read
only, a file in the way) cannot be written either: the change goes on without the lock and
fails where it writes, as it would have.
"""

import contextlib
import os
import time
from collections.abc import Iterator
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows: no flock; the file is still replaced whole and atomically
    _FLOCK = False
else:
    _FLOCK = True

LOCK_WAIT_S = 5.0  # the longest a change waits for another referee's
_RETRY_S = 0.01


class FolderBusy(Exception):
    """Another process held the lock for longer than the wait allowed."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"the lock was held for over {seconds:g} s")
        self.seconds = seconds


def _open(path: Path) -> int | None:
    for flags in (os.O_RDWR | os.O_CREAT, os.O_RDONLY):
        with contextlib.suppress(OSError):
            return os.open(path, flags, 0o600)
    return None


@contextlib.contextmanager
def locked(path: Path, wait_s: float | None = None) -> Iterator[None]:
    """Hold the lock file `path` (made if missing) for the block; `FolderBusy` after
    `wait_s` seconds (LOCK_WAIT_S unless given) of another process holding it."""
    fd = _open(path) if _FLOCK else None
    if fd is None:
        yield
        return
    try:
        wait_s = LOCK_WAIT_S if wait_s is None else wait_s
        deadline = time.monotonic() + wait_s
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise FolderBusy(wait_s) from None
                time.sleep(_RETRY_S)
            except OSError:  # a file system without locks (some network shares)
                break
        yield
    finally:
        os.close(fd)  # closing the descriptor lets the lock go
