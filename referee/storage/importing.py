"""Many records into the saved games at once: `python -m referee import` and the app's
Import a file (callers import it from referee.storage.transfer).

Import is all or nothing for the whole command: every record of every file is read and
replayed first, and only when none is refused are they all stored, in one transaction. A
refused record is named (its file and, in a file of many, its number) with the reason;
then nothing is stored, so fixing the file and running the same command again never
imports a game twice. A record stored already (the same game, players, options and
actions: `once.same_game`) is said to be so and not stored again; the others still are.

A file holds one record (as the app's Export record writes it) or a JSON array of records
(as `export --all FILE` writes them). It is read a record at a time
(referee.core.record_file), and each record, once replayed, waits in the import's staging
database (referee.storage.staging): a file of MAX_FILE_CHARS needs the memory of a few
records, and the saved games are held only while the checked games are copied in. A large
import replays its records in worker processes (one a core), since the replay is nearly
all of its time; the records are read, named and staged here, in the file's order.
"""

import errno
import functools
import multiprocessing
import os
import stat
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, BinaryIO

from referee.core.errors import InvalidAction, RefereeError
from referee.core.names import new_names, quoted, sentence
from referee.core.outcome import Standing
from referee.core.record import MAX_RECORD_CHARS, GameRecord, parse_record
from referee.core.record_file import RecordFile
from referee.core.session import ReplayError, Session
from referee.games import rules_for
from referee.storage.action_log import utc_now
from referee.storage.staging import Staged, Staging, staged_game
from referee.storage.store import Store

# A sentence naming a path may be longer than a player's sentence: the path is whole.
PATH_SENTENCE = 1000
# A file of many records may be as large as this many records of the largest size.
MAX_FILE_CHARS = 100 * MAX_RECORD_CHARS
# An import of fewer bytes is replayed here: starting workers would take longer.
WORKERS_FROM_BYTES = 4_000_000
MAX_WORKERS = 4
CHUNK_RECORDS = 100  # records sent to a worker at once


@dataclass
class Imported:
    games: list[int] = field(default_factory=list)  # the new games' ids, in file order
    already: list[str] = field(default_factory=list)  # one line per record stored already
    refused: list[str] = field(default_factory=list)  # one line per refused record or file


class NotAFile(RefereeError):
    """A path to import that is not a regular file: a FIFO with no writer would block the
    command for ever, and a device may never end."""


def not_a_file(mode: int) -> str | None:
    """What a path of this mode is, when it is not a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def path_text(where: str | os.PathLike[str]) -> str:
    """A path in a sentence: whole (the file named is the one to look for), but printable."""
    return quoted(str(where), PATH_SENTENCE // 2)


def check_regular(path: str) -> None:
    """NotAFile, in one sentence, unless `path` is a regular file (or a link to one); a
    path that cannot be looked at is left to the reading, which says why."""
    try:
        what = not_a_file(os.stat(path).st_mode)
    except OSError:
        return
    if what is not None:
        raise NotAFile(
            sentence(
                f"{path_text(path)} is {what}, not a file of records: nothing was imported.",
                PATH_SENTENCE,
            )
        )


def open_file(path: str) -> BinaryIO:
    """The file, to read. Opened without blocking, so a FIFO put in the file's place after
    the check cannot hang it."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    f = os.fdopen(fd, "rb")
    what = not_a_file(os.fstat(fd).st_mode)
    if what is not None:
        f.close()
        raise OSError(errno.EINVAL, f"it is {what}")
    return f


# -- each record, checked ------------------------------------------------------------


@functools.lru_cache(maxsize=256)
def _check_names(players: tuple[str, ...]) -> None:
    """As New game and rename check them. A club's file names the same tables again and
    again; a refusal is raised, never kept."""
    new_names(players)


def replayed(record: GameRecord) -> tuple[GameRecord, Standing]:
    """A record checked by replaying it (ReplayError names the action that fails), with
    what the store keeps of its state."""
    _check_names(tuple(record.players))
    rules = rules_for(record.game)
    session = Session(rules, record)
    return session.record().model_copy(update=record.dates()), rules.standing(session.state)


def checked(item: Any, now: str) -> Staged | str:
    """One record of a file, parsed, replayed and made into the rows the store keeps; or
    the sentence that refuses it."""
    try:
        record, standing = replayed(parse_record(item))
    except ReplayError as exc:
        return exc.reason
    except RefereeError as exc:
        return sentence(exc.reason)
    return staged_game(record, standing, now)


def checked_chunk(items: list[Any], now: str) -> list[Staged | str]:
    """`checked` for each (in a worker process)."""
    return [checked(item, now) for item in items]


def _in_order(items: Iterable[Any], now: str, workers: Executor | None) -> Iterator[Staged | str]:
    """Each item checked, in order; with `workers`, a few chunks at a time, so the file
    is read ahead no further than they work."""
    if workers is None:
        for item in items:
            yield checked(item, now)
        return
    pending: deque[Future[list[Staged | str]]] = deque()
    chunk: list[Any] = []
    for item in items:
        chunk.append(item)
        if len(chunk) == CHUNK_RECORDS:
            pending.append(workers.submit(checked_chunk, chunk, now))
            chunk = []
            while len(pending) > 2 * MAX_WORKERS:
                yield from pending.popleft().result()
    if chunk:
        pending.append(workers.submit(checked_chunk, chunk, now))
    while pending:
        yield from pending.popleft().result()


# -- a file, and the import ----------------------------------------------------------


def stage_file(
    staging: Staging,
    index: int,
    f: BinaryIO,
    name: str,
    *,
    store: bool,
    workers: Executor | None = None,
    seen: Callable[[int], None] = lambda _read: None,
) -> tuple[int, list[str]]:
    """The records of one file, each checked and, while `store` holds and nothing is
    refused, staged; with a line for each refused one. `seen` hears how far into the file
    the records checked reach."""
    refused: list[str] = []
    reader = RecordFile(f, "The file", MAX_FILE_CHARS)
    ends: deque[int] = deque()  # where each record read and not yet checked ends

    def items() -> Iterator[Any]:
        for item in reader.records():
            ends.append(reader.at)
            yield item

    number = 0
    try:
        for number, outcome in enumerate(_in_order(items(), staging.now, workers), start=1):
            seen(ends.popleft())
            if isinstance(outcome, str):
                where = f"{name}, record {number}" if reader.many else name
                refused.append(f"{where}: {outcome}")
            elif store and not refused:
                staging.add(index, number, outcome)
    except InvalidAction as exc:  # the file as a whole: said alone, as for a file read whole
        return number, [f"{name}: {sentence(exc.reason)}"]
    if reader.many and not number:
        return 0, [f"{name}: The file holds an empty list, not records."]
    return number, refused


def import_files(
    store: Store,
    paths: list[str],
    progress: Callable[[int, int], None] | None = None,
    names: list[str] | None = None,
) -> Imported:
    """Every record of every file, or none of them (see the module's note). `progress`,
    when given, hears how many bytes of how many are read, record by record; `names` are
    what the lines call the files (their paths, unless given)."""
    result = Imported()
    names = list(paths) if names is None else names
    for path in paths:  # every path before any is read: a refusal comes at once
        check_regular(path)
    total = sum(_size(path) for path in paths)
    done = 0

    def seen(read: int) -> None:
        if progress is not None:
            progress(done + read, total)

    counts: list[int] = []
    staging = Staging(store, utc_now())
    workers = _workers(total)
    try:
        for index, path in enumerate(paths):
            try:
                f = open_file(path)
            except OSError as exc:
                why = exc.strerror or type(exc).__name__
                said = sentence(f"The file cannot be read: {why}.")
                result.refused.append(f"{names[index]}: {said}")
                counts.append(0)
                continue
            with f:
                count, refused = stage_file(
                    staging,
                    index,
                    f,
                    names[index],
                    store=not result.refused,
                    workers=workers,
                    seen=seen,
                )
            done += _size(path)
            seen(0)
            counts.append(count)
            result.refused += refused
        if workers is not None:
            workers.shutdown()
            workers = None
        if not result.refused:
            for index, number, game_id, new in staging.commit():
                if new:
                    result.games.append(game_id)
                    continue
                name = f"{names[index]}, record {number}" if counts[index] > 1 else names[index]
                result.already.append(f"{name}: this game is stored already (game {game_id}).")
    finally:
        if workers is not None:
            workers.shutdown(cancel_futures=True)
        staging.close()
    return result


def _workers(total: int) -> Executor | None:
    """Worker processes for an import of `total` bytes, when it is worth it and safe:
    forked, so they start at once with every module read, and only from a process with
    no other thread (the command's; the app imports in a process of its own), since a
    fork carries no thread but the one that forks."""
    cores = min(os.cpu_count() or 1, MAX_WORKERS)
    if total < WORKERS_FROM_BYTES or cores < 2 or threading.active_count() > 1:
        return None
    try:
        return ProcessPoolExecutor(cores, mp_context=multiprocessing.get_context("fork"))
    except (OSError, ValueError):  # no fork here
        return None


def _size(path: str) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0
