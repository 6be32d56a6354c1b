"""The shared table's code and the devices that gave it, kept in the data folder.

The code belongs to the table (the data folder), not to one run of the server: a host that
restarts keeps it, and a phone that gave it once comes back without typing it again. A
phone is known by a random token its browser keeps in a cookie (referee.live.server sets it);
only a hash of each admitted token is kept here, so reading this file lets nobody in as
that phone. The file is `sharing.json` in the data folder, written whole and atomically
(a new file moved over the old one) with mode 0600: only the user who runs the referee
can read the code.

Several referees may serve one folder, and the folder has one code. Every change (a new
code, a device admitted) reads the file as stored, changes it and writes it back under the
folder's lock (referee.storage.file_lock), so two changes at once never both win: a new
code asked for while another referee made one (the stored code is no longer the one it was
to replace) takes that one instead of making a second, and a device is admitted only if the
code it gave is still the stored one. Reads compare the file's stat and read it again
when it moved, so every check sees the stored code.

A new code ("New code" on the share screen, or `--new-code`) forgets every admitted
device but the one that asked for it: the others are asked for the new code.

A damaged file (not JSON, the wrong shape, unreadable) is never written over: it is moved
aside to `sharing.json.damaged-YYYYMMDD-HHMMSS`, and `notice` says so in one sentence that
names it. A referee that read the file before writes back the code and the devices it knew,
so nothing is lost; one that starts on a damaged file makes a new code.

A folder that cannot be written (read-only, full) keeps the code for this run only;
`problem` says why, in one sentence, for the host to read when the server starts.
"""

import contextlib
import hashlib
import json
import os
import secrets
import tempfile
import threading
import time
import unicodedata
from collections.abc import Callable, Iterator
from pathlib import Path

from referee.core.errors import RefereeError
from referee.storage.file_lock import FolderBusy, locked

FILE_NAME = "sharing.json"
LOCK_NAME = "sharing.lock"  # beside the file: held by whoever changes it
MAX_DEVICES = 512  # the most recently admitted are kept; a phone forgotten types the code
MAX_RETIRED = 8  # earlier codes recognised in a link
MAX_CODE = 64  # longer than any code, typed or set by the environment
MAX_FILE_BYTES = 1 << 20  # far beyond MAX_DEVICES hashes: a larger file is not one of ours


def plain_code(text: str) -> str:
    """The letters of a code as typed: no spaces or dashes, capitals, and a phone's
    full-width letters made plain."""
    return "".join(c for c in unicodedata.normalize("NFKC", text) if c.isalnum()).upper()


def same_code(given: str | None, code: str) -> bool:
    """Whether `given` (typed, or carried in a link) is `code`, in constant time."""
    # A code is 8 letters; anything much longer is not one, and is not normalised whole.
    if not code or not isinstance(given, str) or len(given) > MAX_CODE:
        return False
    return secrets.compare_digest(plain_code(given).encode(), plain_code(code).encode())


def code_hash(code: str) -> str:
    """An earlier code, kept only as a hash of its letters (any case, no dash)."""
    return hashlib.sha256(f"code:{plain_code(code)}".encode()).hexdigest()


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


class TableBusy(RefereeError):
    """Another referee on the folder held the table's file too long: nothing was changed."""


class _Damaged(ValueError):
    pass


def _parse(text: str) -> tuple[str, list[str], list[str]]:
    """The code, the devices' hashes and the earlier codes' hashes of the file's text."""
    data = json.loads(text)
    if not isinstance(data, dict):
        raise _Damaged("not an object")
    code = data.get("code")
    if not isinstance(code, str) or not 0 < len(code) <= MAX_CODE or not plain_code(code):
        raise _Damaged("no code")
    lists = []
    for key in ("devices", "retired"):
        value = data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(h, str) for h in value):
            raise _Damaged(key)
        lists.append(value)
    return code, lists[0], lists[1]


def stored_code(folder: Path) -> str:
    """The code stored in `folder` now ("" when there is none, or the file is damaged)."""
    try:
        return _parse((Path(folder) / FILE_NAME).read_text("utf-8"))[0]
    except (OSError, ValueError):
        return ""


def _move_aside(path: Path) -> Path:
    """`path` renamed to `<name>.damaged-YYYYMMDD-HHMMSS`, never over a file already there."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(100):
        target = path.with_name(f"{path.name}.damaged-{stamp}" + (f"-{n}" if n else ""))
        try:
            os.link(path, target)  # fails when the name is taken: nothing is written over
        except FileExistsError:
            continue
        except OSError:  # no hard link here (a folder in the way, some file systems)
            if os.path.lexists(target):
                continue
            os.rename(path, target)
            return target
        os.unlink(path)
        return target
    raise FileExistsError(f"{path.name}.damaged-{stamp}")


class TableAccess:
    """The table code and the devices admitted with it, for one data folder."""

    def __init__(
        self,
        folder: Path,
        make_code: Callable[[], str],
        on_notice: Callable[[str], None] | None = None,
    ) -> None:
        self.path = Path(folder) / FILE_NAME
        self.lock_path = self.path.with_name(LOCK_NAME)
        self._make_code = make_code
        self._on_notice = on_notice  # told each damaged file moved aside, in one sentence
        self._lock = threading.Lock()
        self.problem = ""  # why the code could not be kept in the folder ("": it is)
        self.notice = ""  # the damaged file this run moved aside, in one sentence
        self.made = False  # whether the last load or renew made the code (else another's)
        self.code = ""
        self._devices: list[str] = []  # hashes of admitted tokens, oldest first
        self._retired: list[str] = []  # hashes of earlier codes (a link that still has one)
        self._stamp: tuple[int, ...] | None = None
        self._damaged = False  # the file as last read is damaged: a change moves it aside
        self._stuck = False  # a damaged file that could not be moved aside: never written

    # -- reading and writing the file ---------------------------------------------------

    def _read(self) -> None:
        """The file as stored, if its stat moved since it was last read."""
        try:
            st = self.path.stat()
        except OSError:  # no file yet, or no folder: this run's code stands
            self._stamp = None
            self._damaged = False
            return
        # The inode too: each write is a new file moved over the old one.
        stamp = (st.st_ino, st.st_mtime_ns, st.st_ctime_ns, st.st_size)
        if stamp == self._stamp:
            return
        self._stamp = stamp
        try:
            if st.st_size > MAX_FILE_BYTES:
                raise _Damaged("too large")
            code, devices, retired = _parse(self.path.read_text("utf-8"))
        except FileNotFoundError:
            self._stamp = None
            return
        except (OSError, ValueError):  # not JSON, not ours, not readable
            self._damaged = True
            return
        self.code, self._devices, self._retired = code, devices, retired
        self._damaged = False

    @contextlib.contextmanager
    def _changing(self) -> Iterator[None]:
        """A change, made under the folder's lock on the file as stored now (a damaged
        one moved aside first); the caller changes it and writes it."""
        with contextlib.suppress(OSError):  # the lock file needs the folder
            self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            with locked(self.lock_path), self._lock:
                self._stamp = None  # read whole: a stat cannot tell every change apart
                self._read()
                if self._damaged and not self._stuck:
                    self._set_aside()
                yield
        except FolderBusy as exc:
            raise TableBusy(
                f"Another referee on this data folder has held the table code for over "
                f"{exc.seconds:g} s, so nothing was changed: try again in a moment."
            ) from None

    def _set_aside(self) -> None:
        try:
            target = _move_aside(self.path)
        except OSError as exc:
            self._stuck = True
            self.problem = (
                f"{FILE_NAME} in {self.path.parent} is damaged and cannot be moved aside "
                f"({exc.strerror or type(exc).__name__}), so it is left as it is and the "
                "table code holds for this run only."
            )
            return
        self._damaged, self._stamp = False, None
        kept = f"{FILE_NAME} in {self.path.parent} was damaged: it is kept as {target.name}"
        if self.code:
            self.notice = f"{kept}, and the table code and its phones are kept as they were."
            self._write()
        else:  # the caller (load) makes the new code
            self.notice = f"{kept}, and a new table code was made: every phone must give it."
        if self._on_notice is not None:
            self._on_notice(self.notice)

    def _write(self) -> None:
        if self._stuck:
            return
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
            self._stamp = (st.st_ino, st.st_mtime_ns, st.st_ctime_ns, st.st_size)
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

    def load(
        self, *, fresh: bool = False, given: str | None = None, replacing: str | None = None
    ) -> str:
        """The table's code: `given` (set by the environment), else the one kept in the
        folder, else a new one. `fresh`: a new one, forgetting every device, unless the
        stored code is no longer `replacing` (the code seen before: another referee made
        a new one at the same moment, and that one is the table's)."""
        with self._changing():
            self.made = False
            if given:
                if given != self.code:
                    self.code, self._devices = given, []
                    self._write()
            elif not self.code or (fresh and self._still(replacing)):
                self._new_code(None)
            return self.code

    def renew(self, keep: str | None = None, replacing: str | None = None) -> str:
        """A new code, every admitted device forgotten but `keep` (a token); none when
        the stored code is no longer `replacing` (another referee made one meanwhile,
        and it stands)."""
        with self._changing():
            self.made = False
            if not self.code or self._still(replacing):
                self._new_code(keep)
            return self.code

    def _still(self, replacing: str | None) -> bool:
        return replacing is None or replacing == self.code

    def _new_code(self, keep: str | None) -> None:
        if self.code:
            self._retired.append(code_hash(self.code))
        self.code = self._make_code()
        self._devices = [token_hash(keep)] if keep else []
        self.made = True
        self._write()

    def current(self) -> str:
        """The code stored now (another referee on the folder may have made a new one)."""
        with self._lock:
            self._read()
            return self.code

    def look(self) -> str:
        """As `current`, and a damaged file found is moved aside and written again."""
        code = self.current()
        if self._damaged and not self._stuck:
            with contextlib.suppress(TableBusy), self._changing():
                code = self.code
        return code

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

    def admit(self, token: str | None, code: str | None = None) -> bool:
        """Remember a device (its token's hash) that gave `code`, if `code` is still the
        stored one: False, and nothing kept, when the code changed since it was checked.
        `code` None: let in without a code (by the host)."""
        with self._changing():
            if code is not None and not same_code(code, self.code):
                return False
            if token:
                hashed = token_hash(token)
                if not self._devices or self._devices[-1] != hashed:
                    kept = [d for d in self._devices if d != hashed][-(MAX_DEVICES - 1) :]
                    self._devices = [*kept, hashed]
                    self._write()
            return True
