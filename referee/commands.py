"""The command line's subcommands: replay or edit a record, settle a dispute, print the
schema. Kept apart from referee.cli so that starting the app does not load them."""

import json
import sys

from referee.core.errors import RefereeError
from referee.core.names import quoted, sentence
from referee.core.record import MAX_RECORD_CHARS, load_record_text, read_json, record_schema
from referee.core.session import ReplayError, Session
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
