"""The command line's subcommands: replay or edit a record, settle a dispute, print the
schema, say what may be done now. Kept apart from referee.cli so that starting the app
does not load them."""

import json
import sys

from referee.core.errors import RefereeError
from referee.core.names import quoted, sentence
from referee.core.record import MAX_RECORD_CHARS, load_record_text, read_json, record_schema
from referee.core.session import ReplayError, Session
from referee.core.words import amount
from referee.games import GAMES, rules_for


def schema() -> dict:
    from referee.disputes import dispute_schema

    out = record_schema([rules.record_model for rules in GAMES.values()])
    disputes = dispute_schema()
    out["$defs"] = {**out.get("$defs", {}), **disputes.pop("$defs", {}), "Dispute": disputes}
    return out


def settle(path: str) -> int:
    """Print the verdict of a dispute file as JSON; 2 with one sentence when the dispute is
    malformed or impossible (a card twice, a hand of 6, an unknown guess form)."""
    try:
        data = read_record_file(path)
    except OSError as exc:
        return _unreadable("dispute", path, exc, {})
    try:
        code, out = settle_text(data)
    except Exception as exc:  # a fault of referee's own: still one sentence, no traceback
        code, out = 2, {"ok": False, "reason": _fault("dispute", exc)}
    emit(out, indent=2 if code == 0 else None)
    return code


def settle_text(text: str | bytes) -> tuple[int, dict]:
    from referee.disputes import settle as settle_dispute

    try:
        settled = settle_dispute(read_json(text, "The dispute"))
    except RefereeError as exc:
        return 2, {"ok": False, "reason": sentence(exc.reason)}
    return 0, {"ok": True, **settled.model_dump(mode="json")}


def replay(path: str) -> int:
    """Print the replay of a record file as JSON; 0 when it replays, 2 (with the index of
    the refused action, or null, and one sentence) when it does not."""
    try:
        data = read_record_file(path)
    except OSError as exc:
        return _unreadable("record", path, exc, {"index": None})
    code, out = replay_text(data)
    emit(out, indent=2 if code == 0 else None)
    return code


def _unreadable(what: str, path: str, exc: OSError, fields: dict) -> int:
    """Print why the file cannot be read, as the command's refusal, and return 2."""
    why = exc.strerror or type(exc).__name__
    reason = sentence(f"Cannot read the {what} {quoted(path)}: {why}.")
    emit({"ok": False, **fields, "reason": reason})
    return 2


def read_record_file(path: str) -> bytes | str:
    """A record file, or standard input for '-': at most one byte past the largest record,
    so a huge file (or an endless device) is refused without being read whole."""
    if path == "-":
        stream = getattr(sys.stdin, "buffer", sys.stdin)
        return stream.read(MAX_RECORD_CHARS + 1)
    with open(path, "rb") as f:
        return f.read(MAX_RECORD_CHARS + 1)


def replay_text(text: str | bytes) -> tuple[int, dict]:
    """The exit status and the JSON answer of `replay` for a record's text. Every refusal
    is the project's own error, told in one sentence; nothing else is caught."""
    try:
        record = load_record_text(text)
        session = Session(rules_for(record.game), record)
    except ReplayError as exc:
        return 2, {"ok": False, "index": exc.index, "reason": exc.action_reason}
    except RefereeError as exc:
        return 2, {"ok": False, "index": None, "reason": sentence(exc.reason)}
    return 0, {
        "ok": True,
        "game": record.game,
        "state": session.state.model_dump(mode="json"),
        "verdicts": [v.model_dump(mode="json") for v in session.verdicts],
    }


def whatnow(path: str, at: int | None) -> int:
    """Print What now? (core.whatnow) for a record's state after `at` actions (all when
    None) as JSON; 2 with one sentence on standard error when the record cannot say."""
    try:
        data = read_record_file(path)
    except OSError as exc:
        why = exc.strerror or type(exc).__name__
        print(sentence(f"Cannot read the record {quoted(path)}: {why}."), file=sys.stderr)
        return 2
    code, out = whatnow_text(data, at)
    if isinstance(out, str):  # a sentence, with code 2: only What now? itself is a dict
        print(out, file=sys.stderr)
        return code
    emit(out, indent=2)
    return 0


def whatnow_text(text: str | bytes, at: int | None) -> tuple[int, dict | str]:
    """(0, What now? as JSON) for a record's text after `at` actions, or (2, one sentence)."""
    from referee.core.whatnow import what_now

    try:
        rules, state = _state_at(text, at)
    except RefereeError as exc:
        return 2, sentence(exc.reason)
    return 0, what_now(rules, state).as_json()


def _state_at(text: str | bytes, at: int | None):
    """(rules, state) of a record's text after `at` actions (all when None)."""
    record = load_record_text(text)
    rules = rules_for(record.game)
    total = len(record.actions)
    if at is not None and not 0 <= at <= total:
        many = "action" if total == 1 else "actions"
        raise RefereeError(
            f"--at {at} is out of range: the record holds {total} {many}, so give 0 to {total}."
        )
    cut = record.model_copy(update={"actions": record.actions[:at]})
    return rules, Session(rules, cut).state


MAX_SPEECH_BYTES = 64 * 1024 * 1024


def hear(path: str, speech: str, at: int | None) -> int:
    """Print what a recording says in a record's state after `at` actions (all when None):
    JSON `heard`, `action`, `said` and `sure`; 2 with one sentence on standard error when
    no legal move was heard or the input is bad. The recording is read, heard and dropped."""
    try:
        data = read_record_file(path)
        with open(speech, "rb") as f:
            sound = f.read(MAX_SPEECH_BYTES + 1)
    except OSError as exc:
        what = "recording" if exc.filename == speech else "record"
        why = exc.strerror or type(exc).__name__
        print(sentence(f"Cannot read the {what} {quoted(exc.filename)}: {why}."), file=sys.stderr)
        return 2
    code, out = hear_text(data, sound, at)
    if isinstance(out, str):
        print(out, file=sys.stderr)
        return code
    emit(out, indent=2)
    return 0


def hear_text(text: str | bytes, sound: bytes, at: int | None) -> tuple[int, dict | str]:
    """(0, {heard, action, said, sure}) for a record's text and a WAV, or (2, one sentence)."""
    from referee.voice import audio, recogniser

    if len(sound) > MAX_SPEECH_BYTES:
        return 2, "That recording is too long to hold one move (keep it under a minute)."
    try:
        pcm = audio.from_wav(sound)
        rules, state = _state_at(text, at)
    except audio.BadAudio as exc:
        return 2, sentence(str(exc))
    except RefereeError as exc:
        return 2, sentence(exc.reason)
    heard = recogniser.hear(rules, state, pcm)
    if heard.move is None:
        return 2, sentence(heard.why)
    return 0, {
        "heard": heard.words,
        "action": recogniser.record_of(rules, state, heard.move),
        "said": recogniser.shown(rules, state, heard.move),
        "sure": heard.sure,
    }


def edit(path: str, at: int, kind: str, action_text: str | None) -> int:
    """Print the edited record and what changed as JSON; 2 with the index and the reason
    of the first action that breaks (or a refusal of the edit itself, index null)."""
    try:
        data = read_record_file(path)
    except OSError as exc:
        return _unreadable("record", path, exc, {"index": None})
    try:
        code, out = edit_text(data, at, kind, action_text)
    except Exception as exc:  # a fault of referee's own: still one sentence, no traceback
        code, out = 2, {"ok": False, "index": None, "reason": _fault("record", exc)}
    emit(out, indent=2 if code == 0 else None)
    return code


def _fault(what: str, exc: Exception) -> str:
    return sentence(
        f"referee could not read this {what} ({type(exc).__name__}); nothing was changed. "
        "Please report it with the file."
    )


def emit(out: dict, indent: int | None = None) -> None:
    """Print the JSON answer as readable text where the terminal can show it, else with
    JSON's own escapes (the same JSON, in ASCII): never a crash over an encoding."""
    text = json.dumps(out, indent=indent, ensure_ascii=False)
    try:
        text.encode(getattr(sys.stdout, "encoding", None) or "utf-8")
    except (UnicodeError, LookupError):
        text = json.dumps(out, indent=indent)
    print(text)


def edit_text(text: str | bytes, at: int, kind: str, action_text: str | None) -> tuple[int, dict]:
    from referee.core.edit import preview

    try:
        record = load_record_text(text)
        action = None if action_text is None else read_json(action_text, "The action")
        result = preview(rules_for(record.game), record, at, kind, action)
    except ReplayError as exc:  # the record itself does not replay, before any edit
        return 2, {"ok": False, "index": exc.index, "reason": exc.action_reason}
    except RefereeError as exc:
        return 2, {"ok": False, "index": None, "reason": sentence(exc.reason)}
    if not result.ok:
        return 2, result.breaking()
    return 0, {
        "ok": True,
        "record": result.record.model_dump(mode="json"),
        "changes": result.summary,
    }


# -- many games at once: import, export, statistics (over the saved games) ---------------


def _count(n: int, word: str) -> str:
    return f"{n} {word if n == 1 else word + 's'}"


def _open_store(*, stores: bool):
    """The saved games (--data-dir or REFEREE_DATA_DIR), or None after saying why not. Only
    a command that `stores` something makes a data folder that does not exist; a read-only
    one serves every command that only reads, without a word (import says it cannot)."""
    from referee.storage.store import Store, StoreUnavailable, data_dir

    folder = data_dir()
    if not stores and not folder.exists():
        print(
            # The whole path, unlike quoted(): the folder named is the one to look for.
            sentence(f"The data folder '{folder}' does not exist: no games are saved there.", 1000),
            file=sys.stderr,
        )
        return None
    try:
        store = Store()
    except StoreUnavailable as exc:
        print(exc.reason, file=sys.stderr)
        return None
    for notice in store.notices:
        if notice != store.read_only_notice:
            print(notice, file=sys.stderr)
    return store


def import_records(paths: list[str]) -> int:
    """Import every record of the files, or none: 0 with how many, 2 with each refusal."""
    from referee.storage.transfer import import_files

    store = _open_store(stores=True)
    if store is None:
        return 2
    if store.read_only:  # said once, before every record is replayed for nothing
        store.close()
        print(
            sentence(
                f"Nothing was imported: the saved games are read-only here "
                f"({store.read_only_reason})."
            ),
            file=sys.stderr,
        )
        return 2
    try:
        result = import_files(store, paths)
    except RefereeError as exc:  # not a file, or the store refused the write (disk full)
        print(exc.reason, file=sys.stderr)  # a sentence already, with its path whole
        return 2
    finally:
        store.close()
    if result.refused:
        for line in result.refused:
            print(line, file=sys.stderr)
        print("Nothing was imported: fix or leave out the records above.", file=sys.stderr)
        return 2
    for line in result.already:
        print(line)
    print(f"Imported {_count(len(result.games), 'game')} from {_count(len(paths), 'file')}.")
    return 0


def _store_to_export_from(target: str):
    """The saved games, opened to be written out to `target` once it is known to be a
    place an export may write (never the saved games themselves, a device or a FIFO);
    None, said in one sentence, otherwise: nothing is opened or moved."""
    from referee.storage.store import DB_NAME, data_dir
    from referee.storage.transfer import check_file_target

    try:
        check_file_target(target, data_dir() / DB_NAME)
    except RefereeError as exc:
        print(exc.reason, file=sys.stderr)
        return None
    return _open_store(stores=False)


def export_records(target: str) -> int:
    """Write every saved game; 1 when a game that cannot be opened was left out."""
    from referee.storage.transfer import export_all, why

    store = _store_to_export_from(target)
    if store is None:
        return 2
    try:
        result = export_all(store, target)
    except OSError as exc:
        print(why(exc, "the export", target) + " Nothing was written.", file=sys.stderr)
        return 2
    except RefereeError as exc:  # its sentence is made whole there: a path is never cut
        print(exc.reason, file=sys.stderr)
        return 2
    finally:
        store.close()
    for line in result.left_out:
        print(line, file=sys.stderr)
    where = (
        target if len(result.files) <= 1 else f"{amount(len(result.files), 'files')} in {target}"
    )
    print(f"Exported {_count(len(result.written), 'game')} to {where}.")
    return 1 if result.left_out else 0


def show_stats(as_json: bool, kind: str | None, period: str) -> int:
    """Print the statistics screen's figures, as text or JSON."""
    from referee.history.stats import statistics
    from referee.history.stats_report import as_json as stats_json
    from referee.history.stats_report import as_text

    if kind is not None:
        try:
            rules_for(kind)
        except RefereeError as exc:
            print(sentence(exc.reason), file=sys.stderr)
            return 2
    store = _open_store(stores=False)
    if store is None:
        return 2
    try:
        stats = statistics(store.results.all(), kind, period)
    except RefereeError as exc:
        print(sentence(exc.reason), file=sys.stderr)
        return 2
    finally:
        store.close()
    if as_json:
        print(json.dumps(stats_json(stats), indent=1, ensure_ascii=False))
    else:
        print(as_text(stats))
    return 0


def export(target: str | None, sheet: str | None) -> int:
    """`export --all DIR|FILE` (records) or `export --csv FILE` (a sheet)."""
    if sheet is not None:
        if target is not None:
            print(
                sentence(f"export --csv writes one file: {quoted(target)} is one too many."),
                file=sys.stderr,
            )
            return 2
        return export_sheet(sheet)
    if target is None:
        print("export --all needs a folder or a file to write the records to.", file=sys.stderr)
        return 2
    return export_records(target)


def export_sheet(target: str) -> int:
    """Write the finished games as a sheet (referee/history/sheet.py): the statistics'
    counted games, every game and every period."""
    from referee.history.sheet import stored_sheet
    from referee.history.stats import statistics
    from referee.storage.transfer import why, write_one_file

    if not target.strip():
        print("--csv is empty: name the file to write the sheet to.", file=sys.stderr)
        return 2
    store = _store_to_export_from(target)
    if store is None:
        return 2
    try:
        counted = statistics(store.results.all()).counted
        write_one_file(target, stored_sheet(store, counted), store.path)
    except OSError as exc:
        print(why(exc, "the sheet", target) + " Nothing was written.", file=sys.stderr)
        return 2
    except RefereeError as exc:
        print(exc.reason, file=sys.stderr)
        return 2
    finally:
        store.close()
    rows = sum(len(g.players) for g in counted)
    print(f"Wrote {_count(rows, 'row')} ({_count(len(counted), 'finished game')}) to {target}.")
    return 0


def log_plays(ids: list[str], every: bool, as_urls: bool) -> int:
    """Print each game's BG Stats play (referee/history/bgstats.py) as JSON, or the URL
    that opens it in BG Stats, one a line; 2 with one sentence for each game that cannot
    be logged (not saved here, not over)."""
    from referee.history.bgstats import logged_plays, play_url

    if every and ids:
        print("Give game ids or --all, not both.", file=sys.stderr)
        return 2
    if not every and not ids:
        print("Name the games to log by their ids, or give --all.", file=sys.stderr)
        return 2
    wanted, refused = [], []
    for raw in ids:
        if raw.isascii() and raw.isdigit() and len(raw) <= 18:
            wanted.append(int(raw))
        else:
            refused.append(sentence(f"{quoted(raw)} is not a game id: ids are whole numbers."))
    store = _open_store(stores=False)
    if store is None:
        return 2
    try:
        plays, cannot = logged_plays(store, None if every else wanted)
    except RefereeError as exc:  # the saved games cannot be read now
        print(exc.reason, file=sys.stderr)
        return 2
    finally:
        store.close()
    for play in plays:
        if as_urls:
            print(play_url(play))
        else:
            emit(play)
    for line in refused + cannot:
        print(line, file=sys.stderr)
    return 2 if refused or cannot else 0
