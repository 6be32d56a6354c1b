"""Many games in and out at once, for clubs and for checking: `python -m referee import`
(referee.storage.importing, whose callers import it from here) and `export --all`.
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
from typing import Any

from referee.core.errors import RefereeError
from referee.core.names import quoted, sentence
from referee.core.words import amount
from referee.storage.importing import (  # import's, named here for its callers too
    MAX_FILE_CHARS,
    PATH_SENTENCE,
    Imported,
    NotAFile,
    check_regular,
    import_files,
    not_a_file,
    open_file,
    path_text,
    replayed,
)
from referee.storage.store import GameUnreadable, Store

__all__ = [
    "MAX_FILE_CHARS",
    "ExportRefused",
    "Exported",
    "Imported",
    "NotAFile",
    "check_file_target",
    "check_regular",
    "export_all",
    "import_files",
    "open_file",
    "replayed",
    "why",
    "write_one_file",
]


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
    records: list[tuple[int, str, dict[str, Any]]] = []
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
                f"Cannot export to {path_text(target)}: {reason}. Nothing was written.",
                PATH_SENTENCE,
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
    return sentence(f"Cannot write {what} {path_text(where)}: {reason}.", PATH_SENTENCE)
