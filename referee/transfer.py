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

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from referee.core.errors import RefereeError
from referee.core.names import new_names, quoted, sentence
from referee.core.outcome import Standing
from referee.core.record import MAX_RECORD_CHARS, GameRecord, parse_record, read_json
from referee.core.session import ReplayError, Session
from referee.games import rules_for
from referee.store import GameUnreadable, Store

# A file of many records may be as large as this many records of the largest size.
MAX_FILE_CHARS = 100 * MAX_RECORD_CHARS


@dataclass
class Imported:
    games: list[int] = field(default_factory=list)  # the new games' ids, in file order
    already: list[str] = field(default_factory=list)  # one line per record stored already
    refused: list[str] = field(default_factory=list)  # one line per refused record or file


def read_file(path: str) -> bytes:
    """At most one byte past the largest file, so a huge one is refused unread."""
    with open(path, "rb") as f:
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
    return session.record(), rules.standing(session.state)


def import_files(store: Store, paths: list[str]) -> Imported:
    """Every record of every file, or none of them (see the module's note)."""
    result = Imported()
    ready: list[tuple[GameRecord, Standing]] = []
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


def export_all(store: Store, target: str) -> Exported:
    """Every stored game as a record: into a folder (an existing one, or a name ending in
    a slash) as one file per game, or into one file as a JSON array. A game this referee
    cannot open is left out and named (the app exports it raw)."""
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
    as_folder = target.endswith(("/", os.sep)) or Path(target).is_dir()
    if as_folder:
        folder = Path(target)
        folder.mkdir(parents=True, exist_ok=True)
        for game_id, kind, record in records:
            path = folder / f"{game_id:04d}-{kind}.json"
            _write(path, json.dumps(record, indent=1))
            out.files.append(path)
    else:
        path = Path(target)
        _write(path, json.dumps([r for _id, _kind, r in records], indent=1))
        out.files.append(path)
    out.written = [game_id for game_id, _kind, _record in records]
    return out


def _write(path: Path, text: str) -> None:
    """The whole file or, on any failure, the file as it was: a temporary file beside it
    takes its place only once written."""
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text + "\n")
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def why(exc: OSError, what: str, where: str) -> str:
    """A file-system failure as one sentence."""
    reason = exc.strerror or type(exc).__name__
    return sentence(f"Cannot write {what} {quoted(where)}: {reason}.")
