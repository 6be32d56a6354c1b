"""Many games in and out at once, for clubs and for checking: `python -m referee import`
and `export --all`.

Import is all or nothing for the whole command: every record of every file is read and
replayed first, and only when none is refused are they all stored, in one transaction. A
refused record is named (its file and, in a file of many, its number) with the reason;
then nothing is stored, so fixing the file and running the same command again never
imports a game twice. A record stored already (the same game, players, options and
actions: `once.same_game`) is said to be so and not stored again; the others still are.

A file holds one record (as the app's Export record writes it) or a JSON array of records
(as `export --all FILE` writes them).
"""

import contextlib
import errno
import json
import os
import secrets
import shutil
import stat
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from referee.core.errors import RefereeError
from referee.core.names import new_names, quoted, sentence
from referee.core.outcome import Standing
from referee.core.record import MAX_RECORD_CHARS, GameRecord, parse_record, read_json
from referee.core.session import ReplayError, Session
from referee.core.words import amount
from referee.games import rules_for
from referee.storage.store import GameUnreadable, Store

# A sentence naming a path may be longer than a player's sentence: the path is whole.
PATH_SENTENCE = 1000
# A file of many records may be as large as this many records of the largest size.
MAX_FILE_CHARS = 100 * MAX_RECORD_CHARS


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
                f"{_path(path)} is {what}, not a file of records: nothing was imported.",
                PATH_SENTENCE,
            )
        )


def read_file(path: str) -> bytes:
    """At most one byte past the largest file, so a huge one is refused unread. Opened
    without blocking, so a FIFO put in the file's place after the check cannot hang it."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as f:
        what = not_a_file(os.fstat(fd).st_mode)
        if what is not None:
            raise OSError(errno.EINVAL, f"it is {what}")
        return f.read(MAX_FILE_CHARS + 1)


def records_in(text: bytes | str, name: str) -> tuple[list[tuple[GameRecord, Standing]], list[str]]:
    """The records of one file, each replayed, and a line for each refused one."""
    try:
        data = read_json(text, "The file", MAX_FILE_CHARS)
    except RefereeError as exc:
        return [], [f"{name}: {sentence(exc.reason)}"]
    many = isinstance(data, list)
    if many and not data:
        return [], [f"{name}: The file holds an empty list, not records."]
    out, refused = [], []
    for number, item in enumerate(data if many else [data], start=1):
        where = f"{name}, record {number}" if many else name
        try:
            out.append(replayed(parse_record(item)))
        except ReplayError as exc:
            refused.append(f"{where}: {exc.reason}")
        except RefereeError as exc:
            refused.append(f"{where}: {sentence(exc.reason)}")
    return out, refused


def replayed(record: GameRecord) -> tuple[GameRecord, Standing]:
    """A record checked by replaying it (ReplayError names the action that fails), with
    what the store keeps of its state."""
    new_names(record.players)  # as New game and rename check them
    rules = rules_for(record.game)
    session = Session(rules, record)
    return session.record().model_copy(update=record.dates()), rules.standing(session.state)


def import_files(store: Store, paths: list[str]) -> Imported:
    """Every record of every file, or none of them (see the module's note)."""
    result = Imported()
    ready: list[tuple[GameRecord, Standing]] = []
    for path in paths:  # every path before any is read: a refusal comes at once
        check_regular(path)
    where: list[str] = []
    for path in paths:
        try:
            text = read_file(path)
        except OSError as exc:
            why = exc.strerror or type(exc).__name__
            result.refused.append(f"{path}: {sentence(f'The file cannot be read: {why}.')}")
            continue
        records, refused = records_in(text, path)
        ready += records
        where += [
            f"{path}, record {n}" if len(records) > 1 else path for n in range(1, 1 + len(records))
        ]
        result.refused += refused
    if not result.refused:
        stored = store.import_games(ready)
        result.games = [game_id for game_id, new in stored if new]
        result.already = [
            f"{name}: this game is stored already (game {game_id})."
            for name, (game_id, new) in zip(where, stored, strict=True)
            if not new
        ]
    return result


@dataclass
class Exported:
    written: list[int] = field(default_factory=list)  # ids of the games written
    left_out: list[str] = field(default_factory=list)  # one line per game not written
    files: list[Path] = field(default_factory=list)


class ExportRefused(RefereeError):
    """An export that would harm a file (the saved games, a database, a device) or could
    not be written whole; the sentence says which files, if any, are complete."""


SQLITE_MAGIC = b"SQLite format 3\x00"
SIDE_FILES = ("-wal", "-shm", "-journal")  # SQLite's own files beside a database


def export_all(store: Store, target: str) -> Exported:
    """Every stored game as a record: into a folder (an existing one, or a name ending in
    a slash) as one file per game, or into one file as a JSON array. A game this referee
    cannot open is left out and named (the app exports it raw).

    Nothing an export writes may harm what it reads: every file it would write is checked
    before the first is, and one that is the saved-games database (or its side files),
    any other SQLite database, a device or another special file refuses the whole export.
    A link is written through, to the file it points to. Each file is written whole or not
    at all, with the permissions the umask gives (an existing file keeps its own); a
    folder's files are written into a hidden folder beside them first and moved into place
    at the end, so a full disk leaves none of them behind."""
    out = Exported()
    records: list[tuple[int, str, dict]] = []
    for listed in sorted(store.list_games(), key=lambda g: g.id):
        try:
            record = store.load(listed.id).record
        except (GameUnreadable, KeyError) as exc:
            reason = exc.reason if isinstance(exc, GameUnreadable) else "it was just deleted."
            out.left_out.append(f"Game {listed.id} ({listed.kind}) was left out: {reason}")
            continue
        records.append((listed.id, record.game, record.model_dump(mode="json")))
    saved = _saved_files(store.path)
    if _as_folder(target):
        folder = Path(target)
        named = [
            (folder / f"{game_id:04d}-{kind}.json", record) for game_id, kind, record in records
        ]
        for path, _record in named:
            _check_target(path, saved, target)
        _write_folder(folder, [(p, json.dumps(r, indent=1)) for p, r in named], target)
        out.files = [path for path, _record in named]
    else:
        path = Path(target)
        _check_target(path, saved, target)
        _write(Path(os.path.realpath(path)), json.dumps([r for _id, _kind, r in records], indent=1))
        out.files.append(path)
    out.written = [game_id for game_id, _kind, _record in records]
    return out


def _as_folder(target: str) -> bool:
    return target.endswith(("/", os.sep)) or Path(target).is_dir()


def _saved_files(database: Path) -> dict[str, str]:
    """The saved games' own files, each with why an export never writes it."""
    return {os.path.realpath(database): "it is the saved-games database"} | {
        os.path.realpath(f"{database}{side}"): "it is one of the saved-games database's files"
        for side in SIDE_FILES
    }


def check_file_target(target: str, database: Path) -> None:
    """ExportRefused for an export into one file that may not be written, before the
    saved games are even opened (opening may bring an older database up to date)."""
    if not _as_folder(target):
        _check_target(Path(target), _saved_files(database), target)


def _check_target(path: Path, saved: dict[str, str], target: str) -> None:
    """ExportRefused unless an export may write `path` (through a link, to its file)."""
    real = os.path.realpath(path)
    name = quoted(path.name, 60)
    reason = saved.get(real)
    if reason is None:
        try:
            mode = os.stat(path).st_mode
        except OSError:  # nothing there yet (or it cannot be looked at: the write says why)
            mode = None
        what = None if mode is None else not_a_file(mode)
        if what is not None:
            reason = f"{name} is {what}, which an export never replaces"
        elif mode is not None and _is_sqlite(real):
            reason = f"{name} is an SQLite database, which an export never overwrites"
        elif any(real.endswith(side) and _is_sqlite(real[: -len(side)]) for side in SIDE_FILES):
            reason = f"{name} belongs to the SQLite database beside it"
    if reason is not None:
        raise ExportRefused(
            sentence(
                f"Cannot export to {_path(target)}: {reason}. Nothing was written.", PATH_SENTENCE
            )
        )


def _is_sqlite(path: str) -> bool:
    try:
        with open(path, "rb") as f:
            return f.read(len(SQLITE_MAGIC)) == SQLITE_MAGIC
    except OSError:
        return False


def _write_folder(folder: Path, files: list[tuple[Path, str]], target: str) -> None:
    """Every file, or none: written into a hidden folder inside `folder`, then moved into
    place. A folder made for the export goes again when it fails."""
    made = []  # the folders this export made, the outermost last
    for parent in (folder, *folder.parents):
        if parent.exists():
            break
        made.append(parent)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".referee-export-", dir=folder))
    except OSError as exc:
        raise ExportRefused(why(exc, "the export", target) + " Nothing was written.") from exc
    done: list[str] = []
    try:
        staged = []
        for path, text in files:
            temp = staging / path.name
            _write_new(temp, text + "\n")
            staged.append((temp, path))
        for temp, path in staged:
            _move(temp, path)
            done.append(path.name)
    except OSError as exc:
        raise ExportRefused(_incomplete(exc, target, done, len(files))) from exc
    finally:
        shutil.rmtree(staging, ignore_errors=True)
        if not done:
            for parent in made:
                with contextlib.suppress(OSError):
                    parent.rmdir()


def _incomplete(exc: OSError, target: str, done: list[str], total: int) -> str:
    said = why(exc, "the export", target)
    if not done:
        return f"{said} Nothing was written."
    shown = ", ".join(done) if len(done) <= 5 else f"{done[0]} to {done[-1]}"
    return sentence(
        f"{said[:-1]}; {len(done)} of {amount(total, 'files')} are complete ({shown}), the others "
        "were not written.",
        PATH_SENTENCE,
    )


def _move(temp: Path, path: Path) -> None:
    """A written file into its place; through a link, beside the file it points to."""
    real = Path(os.path.realpath(path))
    if real.parent != Path(os.path.realpath(path.parent)):
        _write(real, temp.read_text(encoding="utf-8").removesuffix("\n"))
        return
    _keep_mode(real, temp)
    os.replace(temp, real)


def _keep_mode(path: Path, temp: Path) -> None:
    """A file written over keeps its permissions (a backup shared on purpose stays so)."""
    with contextlib.suppress(OSError):
        os.chmod(temp, stat.S_IMODE(os.stat(path).st_mode))


def _write_new(path: Path, text: str) -> None:
    """A new file with the permissions the umask gives (mkstemp's are 0600 whatever it
    says: a backup made for another user or a sync tool could not be read)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        # newline="": the text's own line ends (a sheet's \r\n) on every system.
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        path.unlink(missing_ok=True)
        raise


def write_one_file(target: str, text: str, database: Path) -> None:
    """`text` exactly (a sheet, say) into the file `target`, with an export's care: never
    the saved games nor a database or device, and whole or not at all (ExportRefused, or
    the OSError that stopped it)."""
    path = Path(target)
    _check_target(path, _saved_files(database), target)
    _write(Path(os.path.realpath(path)), text, end="")


def _write(path: Path, text: str, end: str = "\n") -> None:
    """The whole file or, on any failure, the file as it was: a temporary file beside it
    takes its place only once written."""
    for _attempt in range(100):
        temp = path.parent / f".{path.name}.{secrets.token_hex(4)}"
        try:
            _write_new(temp, text + end)
            break
        except FileExistsError:
            continue
    else:
        raise FileExistsError(errno.EEXIST, "no free temporary name", str(path.parent))
    try:
        _keep_mode(path, temp)
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


def why(exc: OSError, what: str, where: str) -> str:
    """A file-system failure as one sentence."""
    reason = exc.strerror or type(exc).__name__
    return sentence(f"Cannot write {what} {_path(where)}: {reason}.", PATH_SENTENCE)


def _path(where: str | Path) -> str:
    """A path in a sentence: whole (the file named is the one to look for), but printable."""
    return quoted(str(where), PATH_SENTENCE // 2)
