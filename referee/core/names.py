"""Player names and the text of refusals: one definition of each, used everywhere.

A name is what the players typed, trimmed once: printable Unicode in NFC, at most
MAX_NAME_LENGTH characters, case kept. A refusal is one line of at most MAX_REASON
characters, and never echoes more than a short, escaped piece of what it refuses.
"""

import json
import re
import unicodedata
from typing import Any

from referee.core.errors import InvalidAction

MAX_NAME_LENGTH = 40
MAX_REASON = 200
QUOTE_LIMIT = 40
_LINE_BREAKS = "\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"
# Unicode categories Cc (controls), Cs (surrogates), Zl and Zp (line and paragraph breaks).
_UNSHOWABLE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029]")


def sentence(text: str, limit: int = MAX_REASON) -> str:
    """One line of at most `limit` characters, safe to send to any screen."""
    line = " ".join(str(text).split())
    line = line.encode("utf-8", "backslashreplace").decode("utf-8")
    return line if len(line) <= limit else line[: limit - 1].rstrip() + "…"


def _escaped(text: str) -> str:
    out = []
    for ch in text:
        if ch == "'" or ch == "\\":
            out.append("\\" + ch)
        elif ch.isprintable():
            out.append(ch)
        else:
            code = ord(ch)
            out.append(
                f"\\x{code:02x}"
                if code < 0x100
                else f"\\u{code:04x}"
                if code < 0x10000
                else f"\\U{code:08x}"
            )
    return "".join(out)


def quoted(value: Any, limit: int = QUOTE_LIMIT) -> str:
    """A short, one-line, printable rendering of user input for a refusal: text in quotes
    (cut to `limit` characters), numbers and true/false/null as JSON, containers by kind."""
    if isinstance(value, str):
        cut = value if len(value) <= limit else value[: limit - 1] + "…"
        return "'" + _escaped(cut) + "'"
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, int):
        digits = str(value) if abs(value) < 10**limit else None
        return digits if digits and len(digits) <= limit else "a very long number"
    if isinstance(value, float):
        text = repr(value)
        return text if len(text) <= limit else "a very long number"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list | tuple):
        return f"a list of {len(value)}" if value else "an empty list"
    return "a value of another kind"


def printable(text: Any, limit: int | None = None) -> str:
    """Display-safe text for stored values of unknown origin: every character no screen
    can show on one line (controls, line breaks, lone surrogates) becomes U+FFFD;
    optionally cut to `limit` characters."""
    safe = _UNSHOWABLE.sub("\ufffd", str(text))
    if limit is not None and len(safe) > limit:
        safe = safe[: limit - 1] + "…"
    return safe


def unshowable(text: str) -> str | None:
    """The first character of `text` no screen can show on one line (a control, a line
    break or a lone surrogate), or None."""
    found = _UNSHOWABLE.search(text)
    return found.group() if found else None


def clean_name(raw: Any) -> str:
    """A player's name as typed, trimmed once; InvalidAction with a sentence otherwise.

    Text only; NFC; spaces at either end dropped and inner runs of spaces made one; no
    controls, line breaks or lone surrogates; at most MAX_NAME_LENGTH characters. The case
    is kept as typed.
    """
    if not isinstance(raw, str):
        raise InvalidAction(f"A player's name must be text, not {quoted(raw)}.")
    bad = unshowable(raw.strip())
    if bad is not None:
        if bad in _LINE_BREAKS:
            raise InvalidAction(f"A player's name must be on one line: {quoted(raw)}.")
        raise InvalidAction(
            f"A player's name holds a character that cannot be shown "
            f"(U+{ord(bad):04X}): {quoted(raw)}."
        )
    name = " ".join(unicodedata.normalize("NFC", raw).split())
    if not name:
        raise InvalidAction("Every player needs a name.")
    if len(name) > MAX_NAME_LENGTH:
        raise InvalidAction(
            f"A player's name can have at most {MAX_NAME_LENGTH} characters; "
            f"{quoted(name, 20)} has {len(name)}."
        )
    return name


def name_key(name: str) -> str:
    """What two names must not share to be told apart at the table (case-insensitive)."""
    return unicodedata.normalize("NFC", name).casefold()
