"""Opening the saved-games file safely, and writing to it one transaction at a time.

Opening tells two kinds of trouble apart. The file *cannot be opened* (no permission, a
read-only folder or disk, a file where the folder should be, a full disk): nothing is moved
or changed; if it can still be read it opens read-only (`read_only`, with a notice), else
`StoreUnavailable` says why in one sentence. The file is *damaged* (not a database, fails
its integrity check) or was written by a newer referee: it is moved aside with a
timestamp, never overwritten, and a new one is started; `notices` says so.

What the file holds (its tables, their migrations) is the subclass's: referee.storage.store
(its schema in referee.storage.schema).
"""

import contextlib
import errno
import functools
import os
import shutil
import sqlite3
import tempfile
import threading
import time
from collections.abc import Callable, Hashable, Iterable, Iterator
from pathlib import Path
from types import TracebackType
from typing import Concatenate, ParamSpec, TypeVar, cast

from referee.core.errors import RefereeError
from referee.core.names import quoted, sentence

T = TypeVar("T")  # one item of what a kept read gives


class GameUnreadable(RefereeError):
    """One stored game cannot be loaded by this referee; it stays listed and exportable."""


class StoreUnavailable(RefereeError):
    """The saved games cannot be opened (or read) here; nothing was moved or changed."""

    def __init__(self, reason: str, path: Path | None = None) -> None:
        super().__init__(sentence(reason))
        self.path = path


class SaveFailed(RefereeError):
    """A change could not be written (disk full, read-only); nothing was changed."""


# The store a method is of, its other parameters, and what it returns: the method keeps the
# signature it was written with.
S = TypeVar("S", bound="SqliteFile")
P = ParamSpec("P")
R = TypeVar("R")


def locked_read(method: Callable[Concatenate[S, P], R]) -> Callable[Concatenate[S, P], R]:
    """Run a read under the store's lock: one connection serves every thread."""

    @functools.wraps(method)
    def run(self: S, /, *args: P.args, **kwargs: P.kwargs) -> R:
        with self._lock:
            return method(self, *args, **kwargs)

    return run


def _text(raw: bytes) -> str:
    """Stored text that is not UTF-8 (written by another tool) is read, not fatal."""
    return raw.decode("utf-8", "replace")


# SQLite's primary result codes (the low byte of an extended code).
_DAMAGED = {sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB}
_WHY = {
    sqlite3.SQLITE_FULL: "the disk is full",
    sqlite3.SQLITE_READONLY: "the database or its folder is read-only",
    sqlite3.SQLITE_CANTOPEN: "the file cannot be opened (a read-only folder, or no permission)",
    sqlite3.SQLITE_PERM: "permission was denied",
    sqlite3.SQLITE_AUTH: "permission was denied",
    sqlite3.SQLITE_IOERR: "the disk reported an error",
    sqlite3.SQLITE_BUSY: "another program is using the database",
    sqlite3.SQLITE_LOCKED: "another program is using the database",
    sqlite3.SQLITE_NOMEM: "the device is out of memory",
}


def _code(exc: BaseException) -> int | None:
    code = getattr(exc, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else None


def _damaged(exc: BaseException) -> bool:
    return _code(exc) in _DAMAGED


def why_unusable(exc: BaseException) -> str:
    """Why a database or folder cannot be used, as a clause for players."""
    if isinstance(exc, sqlite3.Error):
        code = _code(exc)
        known = None if code is None else _WHY.get(code)
        return known or f"SQLite said: {sentence(str(exc), 60)}"
    if isinstance(exc, FileExistsError | NotADirectoryError):
        return "a file is in the way where the folder should be"
    if isinstance(exc, PermissionError):
        return "permission was denied"
    if isinstance(exc, OSError):
        if exc.errno == errno.ENOSPC:
            return "the disk is full"
        if exc.errno == errno.EROFS:
            return "the disk is read-only"
        return sentence(exc.strerror or type(exc).__name__, 60).lower()
    return type(exc).__name__


class SqliteFile:
    """One SQLite file opened safely, with one connection for every thread of this process
    (`_lock`). A subclass names its `schema_version` and prepares a fresh or older
    connection (`_prepare`: tables, migrations)."""

    schema_version = 0
    # Pragmas run on every connection before anything else (tests use max_page_count to
    # give SQLite a full disk).
    connection_pragmas: tuple[str, ...] = ()

    def __init__(self, path: Path) -> None:
        self.path = path
        self.notices: list[str] = []
        self.read_only = False
        self.read_only_reason = ""
        self.read_only_notice = ""  # among `notices`; a command that only reads leaves it out
        self.closed = False
        # One connection serves every device of this process: one operation at a time.
        self._lock = threading.RLock()
        self._writes = 0  # transactions through this store (kept reads are of one count)
        # Each kept read's answer, under its key, with the state of the file it was read at.
        self._kept: dict[Hashable, tuple[tuple[int, int], tuple[object, ...]]] = {}
        self._conn = self._open()

    def _prepare(self, conn: sqlite3.Connection) -> None:
        raise NotImplementedError

    def unavailable(self, reason: str) -> StoreUnavailable:
        return StoreUnavailable(reason, self.path)

    def _open(self) -> sqlite3.Connection:
        folder = self.path.parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise self.unavailable(
                f"The saved-games folder cannot be made: {why_unusable(exc)}. Nothing was changed."
            ) from exc
        if not folder.is_dir():
            raise self.unavailable(
                "The saved-games folder cannot be used: a file is in the way where the "
                "folder should be. Nothing was changed."
            )
        if self.path.exists() and not self.path.is_file():
            raise self.unavailable(
                f"The saved games cannot be opened: {quoted(self.path.name)} in the data "
                "folder is not a file. Nothing was changed."
            )
        existed = self.path.exists()
        if existed:
            problem = self._check_existing()
            if problem:
                moved = self._move_aside(problem[0], problem[1])
                self.notices.append(
                    f"{problem[1]} It was moved to {moved.name}; a new one "
                    "was started. Nothing was overwritten."
                )
                existed = False
        _keep_private(self.path, existed)
        conn = None
        try:
            conn = self._connect()
            self._prepare(conn)
            return conn
        except sqlite3.Error as exc:
            if conn is not None:
                conn.close()
            if existed and not _damaged(exc):
                viewer = self._read_only_view(why_unusable(exc))
                if viewer is not None:
                    return viewer
            if _code(exc) == sqlite3.SQLITE_FULL:
                raise self.unavailable(
                    "The saved games cannot be opened: the disk is full. Free some space, "
                    "then try again; nothing was changed."
                ) from exc
            raise self.unavailable(
                f"The saved games cannot be opened: {why_unusable(exc)}. Nothing was changed."
            ) from exc

    def _connect(self, query: str = "") -> sqlite3.Connection:
        """A connection; `query` ("mode=ro", ...) opens through an escaped file: URI, so a
        folder named with %, # or ? is the folder it says."""
        if query:
            uri = f"{self.path.absolute().as_uri()}?{query}"
            conn = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
        else:
            conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        conn.text_factory = _text
        for pragma in self.connection_pragmas:
            conn.execute(pragma)
        return conn

    def _read_only_connection(self) -> sqlite3.Connection:
        """Read without writing anything, even the WAL's index: a cleanly closed database
        in a read-only folder opens only as immutable."""
        try:
            conn = self._connect("mode=ro")
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            return conn
        except sqlite3.Error as exc:
            # A WAL database whose folder cannot be written has no -shm to read through:
            # SQLite says "cannot open" or, for a folder read-only by its permissions (not
            # by the disk), "read-only".
            if _code(exc) not in (sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_READONLY):
                raise
        wal = Path(f"{self.path}-wal")
        if wal.is_file() and wal.stat().st_size > 0:
            return self._copy_with_wal(wal)
        conn = self._connect("mode=ro&immutable=1")
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return conn

    def _copy_with_wal(self, wal: Path) -> sqlite3.Connection:
        """The games as their latest changes left them, when those are still in the WAL of
        a folder that cannot be written (a copy taken while a referee ran, a crash): the
        immutable view would not see them. The file and its WAL are copied aside, read
        there (SQLite replays the WAL into the copy), and kept in memory; the folder is
        never touched."""
        with tempfile.TemporaryDirectory(prefix="referee-read-") as aside:
            copy = Path(aside) / self.path.name
            try:
                shutil.copyfile(self.path, copy)
                shutil.copyfile(wal, f"{copy}-wal")
            except OSError as exc:
                raise sqlite3.OperationalError(f"cannot copy the database: {exc}") from exc
            disk = sqlite3.connect(copy)
            try:
                memory = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
                disk.backup(memory)
            finally:
                disk.close()
        memory.text_factory = _text
        for pragma in self.connection_pragmas:
            memory.execute(pragma)
        return memory

    def _check_existing(self) -> tuple[str, str] | None:
        try:
            conn = self._read_only_connection()
            try:
                version = conn.execute("PRAGMA user_version").fetchone()[0]
                if version > self.schema_version:
                    return (
                        "newer",
                        f"The saved games were written by a newer referee "
                        f"(database version {version}).",
                    )
                check = conn.execute("PRAGMA integrity_check").fetchone()[0]
                if check != "ok":
                    return ("corrupt", "The saved-games database is damaged.")
            finally:
                conn.close()
        except sqlite3.Error as exc:
            if _damaged(exc):
                return ("corrupt", "The saved-games file is not a readable database.")
            raise self.unavailable(
                f"The saved games cannot be opened: {why_unusable(exc)}. Nothing was changed."
            ) from exc
        return None

    def _read_only_view(self, why: str) -> sqlite3.Connection | None:
        """The games, to look at but not change, when the database cannot be written."""
        try:
            conn = self._read_only_connection()
        except sqlite3.Error:
            return None
        try:
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
            if {"games", "actions"} <= tables:
                if conn.execute("PRAGMA user_version").fetchone()[0] < self.schema_version:
                    # An older referee's database cannot be brought up to date in place:
                    # look at an up-to-date copy in memory instead (nothing on disk changes).
                    copy = sqlite3.connect(
                        ":memory:", isolation_level=None, check_same_thread=False
                    )
                    copy.text_factory = _text
                    conn.backup(copy)
                    conn.close()
                    conn = copy
                    self._prepare(conn)
                conn.execute("PRAGMA query_only=1")
                self.read_only = True
                self.read_only_reason = why
                self.read_only_notice = (
                    f"The saved games are read-only here ({why}): you can look at them, "
                    "but nothing new can be saved."
                )
                self.notices.append(self.read_only_notice)
                return conn
        except sqlite3.Error:
            pass
        conn.close()
        return None

    def _move_aside(self, why: str, what: str) -> Path:
        stamp = time.strftime("%Y%m%dT%H%M%S")
        target = self.path.with_name(f"{self.path.name}.{why}-{stamp}")
        n = 1
        while target.exists():
            target = self.path.with_name(f"{self.path.name}.{why}-{stamp}-{n}")
            n += 1
        try:
            self.path.rename(target)
        except OSError as exc:
            raise self.unavailable(
                f"{what} It cannot be moved aside ({why_unusable(exc)}), so it was left as it is."
            ) from exc
        for suffix in ("-wal", "-shm"):
            side = Path(str(self.path) + suffix)
            if side.exists():
                # The main file is aside already; a side file left behind is harmless.
                with contextlib.suppress(OSError):
                    side.rename(Path(str(target) + suffix))
        return target

    def close(self) -> None:
        # Under the lock: closing the connection while another thread's read runs on it
        # crashed the process (a segfault in sqlite3, seen with the watcher's data_version).
        with self._lock:
            self.closed = True
            self._conn.close()

    def kept(self, key: Hashable, read: Callable[[], Iterable[T]]) -> list[T]:
        """`read()` under the lock, its answer kept until the file changes: a write through
        this store, or a commit by another connection (SQLite's data_version). The home
        screen lists every game at each visit: reading a club's saved games again each
        time, when nothing had changed, kept the server busy for nothing."""
        with self._lock:
            try:
                state = (self._writes, self._conn.execute("PRAGMA data_version").fetchone()[0])
            except sqlite3.Error:
                return list(read())  # it says why, as it would have
            kept = self._kept.get(key)
            if kept is not None and kept[0] == state:
                # Kept under this key by this same read: its answer is of the read's type,
                # which the one dict of every read's answers cannot say.
                return list(cast(tuple[T, ...], kept[1]))
            answer = tuple(read())
            self._kept[key] = (state, answer)
            return list(answer)

    def transaction(self) -> "Transaction":
        """One write (`with file.transaction() as c:`): see Transaction."""
        return Transaction(self)

    @contextlib.contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        """The connection, for one read under the lock (`with file.reading() as conn:`)."""
        with self._lock:
            yield self._conn

    @locked_read
    def data_version(self) -> int | None:
        """SQLite's PRAGMA data_version on this store's connection: it moves when another
        connection (another process, another Store) commits to the file, never for this
        store's own writes. None when the file cannot be read now."""
        if self.closed:
            return None
        try:
            version: int = self._conn.execute("PRAGMA data_version").fetchone()[0]
        except sqlite3.Error:
            return None
        return version

    @locked_read
    def integrity(self) -> str:
        check: str = self._conn.execute("PRAGMA integrity_check").fetchone()[0]
        return check


class Part:
    """A part of the store (its action log, its pending picks, ...): its own tables, with
    a small interface of its own, read and written through the store's one file, its one
    connection and lock (`db`). A part keeps nothing of the file's to itself: what it
    writes, the store and the other parts read at once."""

    def __init__(self, db: SqliteFile) -> None:
        self.db = db

    def kept(self, key: Hashable, read: Callable[[], Iterable[T]]) -> list[T]:
        return self.db.kept(key, read)  # for kept_read


def save_failed(exc: BaseException) -> SaveFailed:
    """A write SQLite refused (disk full, read-only), as one sentence."""
    return SaveFailed(sentence(f"Could not save: {why_unusable(exc)}. Nothing was changed."))


class Transaction:
    """One write: BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on any error. A write SQLite
    refuses (disk full, read-only) becomes SaveFailed with a sentence; nothing changed."""

    def __init__(self, store: "SqliteFile") -> None:
        self.store = store
        self.conn = store._conn

    def _failed(self, exc: BaseException) -> SaveFailed:
        return save_failed(exc)

    def __enter__(self) -> sqlite3.Connection:
        self.store._lock.acquire()
        try:
            return self._begin()
        except BaseException:
            self.store._lock.release()
            raise

    def _begin(self) -> sqlite3.Connection:
        if self.store.read_only:
            raise SaveFailed(
                sentence(
                    f"Nothing can be saved: the saved games are read-only here "
                    f"({self.store.read_only_reason})."
                )
            )
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise self._failed(exc) from exc
        return self.conn

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        try:
            self._end(exc_type, exc)
        finally:
            self.store._writes += 1
            self.store._lock.release()

    def _end(self, exc_type: type[BaseException] | None, exc: BaseException | None) -> None:
        if exc_type is None:
            try:
                self.conn.execute("COMMIT")
                return
            except sqlite3.Error as failed:
                exc = failed
        with contextlib.suppress(sqlite3.Error):  # SQLite may have rolled back already
            self.conn.execute("ROLLBACK")
        if isinstance(exc, sqlite3.Error):
            raise self._failed(exc) from exc


def as_clause(reason: str) -> str:
    """A sentence made a clause after "cannot open: " (no capital, no final stop)."""
    reason = reason.rstrip(".")
    return reason[:1].lower() + reason[1:] if reason[1:2].islower() else reason


def _keep_private(path: Path, existed: bool) -> None:
    """Make the saved games readable by their owner only (0600).

    The file holds private picks (a Fairy guess before the reveal), so another account on
    the machine must not read them. SQLite gives its -wal and -shm files the database
    file's mode, so making this file first, or narrowing an old one, covers them too.
    """
    try:
        if not existed:
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        elif path.stat().st_mode & 0o077:
            path.chmod(0o600)
    except OSError:
        pass  # a file we cannot narrow (another owner, a read-only folder) is opened as it is
