"""The shared table's code and the devices that gave it, kept in the data folder.

The code belongs to the table (the data folder), not to one run of the server: a host that
restarts keeps it, and a phone that gave it once comes back without typing it again. A
phone is known by a random token its browser keeps in a cookie (referee.live.server sets it);
only a hash of each admitted token is kept here, so reading this file lets nobody in as
that phone. The file is `sharing.json` in the data folder, written whole and atomically
(a new file moved over the old one) with mode 0600: only the user who runs the referee
can read the code.

A new code ("New code" on the share screen, or `--new-code`) forgets every admitted
device but the one that asked for it: the others are asked for the new code.

A folder that cannot be written (read-only, full) keeps the code for this run only;
`problem` says why, in one sentence, for the host to read when the server starts.
"""

import contextlib
import hashlib
import json
import os
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path

FILE_NAME = "sharing.json"
MAX_DEVICES = 512  # the most recently admitted are kept; a phone forgotten types the code
MAX_RETIRED = 8  # earlier codes recognised in a link


def code_hash(code: str) -> str:
    """An earlier code, kept only as a hash of its letters (any case, no dash)."""
    letters = "".join(c for c in code if c.isalnum()).upper()
    return hashlib.sha256(f"code:{letters}".encode()).hexdigest()


def _hashes(value) -> list[str]:
    return [h for h in value if isinstance(h, str)] if isinstance(value, list) else []


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


class TableAccess:
    """The table code and the devices admitted with it, for one data folder."""

    def __init__(self, folder: Path, make_code: Callable[[], str]) -> None:
        self.path = Path(folder) / FILE_NAME
        self._make_code = make_code
        self._lock = threading.Lock()
        self.problem = ""  # why the code could not be kept in the folder ("": it is)
        self.code = ""
        self._devices: list[str] = []  # hashes of admitted tokens, oldest first
        self._retired: list[str] = []  # hashes of earlier codes (a link that still has one)
        self._stamp: tuple[int, int] | None = None

    # -- reading and writing the file ---------------------------------------------------

    def _read(self) -> None:
        """The file as stored, if another process changed it since it was last read."""
        try:
            st = self.path.stat()
        except OSError:
            return
        stamp = (st.st_mtime_ns, st.st_size)
        if stamp == self._stamp:
            return
        try:
            data = json.loads(self.path.read_text("utf-8"))
        except (OSError, ValueError):
            return  # unreadable: this run's code stands, and the next write mends the file
        code = data.get("code") if isinstance(data, dict) else None
        if isinstance(code, str) and code:
            self.code = code
            self._devices = _hashes(data.get("devices"))
            self._retired = _hashes(data.get("retired"))
        self._stamp = stamp

    def _write(self) -> None:
        data = {
            "code": self.code,
            "devices": self._devices[-MAX_DEVICES:],
            "retired": self._retired[-MAX_RETIRED:],
        }
        tmp = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".sharing-", dir=self.path.parent)
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(data, out)
                out.flush()
                os.fsync(out.fileno())
            os.chmod(tmp, 0o600)
            os.replace(tmp, self.path)
            tmp = None
            st = self.path.stat()
            self._stamp = (st.st_mtime_ns, st.st_size)
            self.problem = ""
        except OSError as exc:
            self.problem = (
                f"The table code cannot be kept in {self.path.parent} "
                f"({exc.strerror or type(exc).__name__}): it holds for this run only, and "
                "a restart makes a new one."
            )
        finally:
            if tmp is not None:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)

    # -- what the server asks -----------------------------------------------------------

    def load(self, *, fresh: bool = False, given: str | None = None) -> str:
        """The table's code: `given` (set by the environment), else the one kept in the
        folder, else a new one (`fresh`: always a new one, forgetting every device)."""
        with self._lock:
            self._read()
            if given:
                if given != self.code:
                    self.code, self._devices = given, []
                    self._write()
            elif fresh or not self.code:
                self._retire()
                self.code, self._devices = self._make_code(), []
                self._write()
            return self.code

    def renew(self, keep: str | None = None) -> str:
        """A new code; every admitted device is forgotten but `keep` (a token)."""
        with self._lock:
            self._retire()
            self.code = self._make_code()
            self._devices = [token_hash(keep)] if keep else []
            self._write()
            return self.code

    def current(self) -> str:
        """The code now (another referee on the same folder may have made a new one)."""
        with self._lock:
            self._read()
            return self.code

    def _retire(self) -> None:
        if self.code:
            self._retired.append(code_hash(self.code))

    def retired(self, code: str) -> bool:
        """Whether `code` was this table's before a new one was made (a phone whose link
        still carries it is told so, and it counts as no guess)."""
        with self._lock:
            self._read()
            return code_hash(code) in self._retired

    def admitted(self, token: str | None) -> bool:
        if not token:
            return False
        with self._lock:
            self._read()
            return token_hash(token) in self._devices

    def admit(self, token: str | None) -> None:
        """Remember a device that gave the code (its token's hash)."""
        if not token:
            return
        hashed = token_hash(token)
        with self._lock:
            self._read()
            if self._devices and self._devices[-1] == hashed:
                return
            self._devices = [d for d in self._devices if d != hashed] + [hashed]
            self._write()
