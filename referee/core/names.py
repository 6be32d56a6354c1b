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
            sentence(
                f"A player's name holds a character that cannot be shown "
                f"(U+{ord(bad):04X}): {quoted(raw)}."
            )
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


# -- names at a new table: nothing invisible, no two that look alike --------------------

# Unicode 14.0 (Python 3.11's unicodedata) Default_Ignorable_Code_Point, from
# DerivedCoreProperties.txt, as (first, last) ranges: characters that draw nothing, such as
# zero-width spaces, joiners, bidi marks, overrides and isolates, variation selectors,
# Hangul fillers and tags. Python's unicodedata does not have the property.
_DEFAULT_IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
_ZWJ, _TEXT_STYLE, _EMOJI_STYLE = "\u200d", "\ufe0e", "\ufe0f"
_BLANK_LOOKING = {"\u2800"}  # Braille's blank pattern: a symbol that shows nothing


# Every code point of the ranges above (some 4,200): a name's letters are looked up, not
# compared with each range (the home screen checks every stored name).
_IGNORABLE = frozenset(c for low, high in _DEFAULT_IGNORABLE for c in range(low, high + 1))


def is_default_ignorable(ch: str) -> bool:
    return ord(ch) in _IGNORABLE


def _emoji_part(ch: str) -> bool:
    return unicodedata.category(ch) == "So" or "\U0001f3fb" <= ch <= "\U0001f3ff"


def _shows_as_part(name: str, i: int) -> bool:
    """Whether the format character at `i` is part of what shows: the joiner inside an
    emoji sequence (👩‍🚀) or an emoji or text style after a symbol or a keycap's digit."""
    ch = name[i]
    if ch == _ZWJ:
        before = name[:i].rstrip(_EMOJI_STYLE)[-1:]
        after = name[i + 1 : i + 2]
        return bool(before and after) and _emoji_part(before) and _emoji_part(after)
    if ch in (_TEXT_STYLE, _EMOJI_STYLE):
        before = name[i - 1 : i]
        return bool(before) and (_emoji_part(before) or before in "0123456789#*")
    return False


def _invisible_at(name: str) -> int | None:
    """The index of the first character of `name` that draws nothing or turns the text
    around (and is not part of an emoji), or None."""
    for i, ch in enumerate(name):
        format_character = is_default_ignorable(ch) or unicodedata.category(ch) == "Cf"
        if format_character and not _shows_as_part(name, i):
            return i
    return None


def _visible(name: str) -> str:
    return "".join(
        c
        for c in name
        if not (is_default_ignorable(c) or unicodedata.category(c) in ("Cf", "Zs", "Mn", "Me"))
        and c not in _BLANK_LOOKING
    )


def new_name(raw: Any) -> str:
    """A name for a new table (a new game or an import): `clean_name`, and nothing in it
    that draws nothing or turns the text around. Names already stored are read with
    `clean_name` alone, so games saved before this rule still open."""
    name = clean_name(raw)
    if not _visible(name):
        raise InvalidAction(
            sentence(
                f"Every player needs a name that shows on screen; {quoted(name, 20)} shows nothing."
            )
        )
    at = _invisible_at(name)
    if at is not None:
        ch = name[at]
        what = unicodedata.name(ch, "a format character")
        raise InvalidAction(
            sentence(
                f"A player's name cannot hold U+{ord(ch):04X} ({what}), which does not show "
                f"or turns the text around: {quoted(name, 20)}."
            )
        )
    return name


_CONFUSABLES: dict[str, str] | None = None


def _confusables() -> dict[str, str]:
    """Read on first use (a few milliseconds), so starting the app does not pay for it."""
    global _CONFUSABLES
    if _CONFUSABLES is None:
        from referee.core.confusables_data import ENTRIES

        table: dict[str, str] = {}
        for entry in ENTRIES.split(","):
            if not entry:
                continue
            source, target = entry.split(">")
            first, _plus, run = source.partition("+")
            start, codes = int(first, 16), [int(t, 16) for t in target.split()]
            for n in range(int(run or 1)):
                table[chr(start + n)] = "".join(chr(c + n) for c in codes)
        _CONFUSABLES = table
    return _CONFUSABLES


def skeleton(name: str) -> str:
    """What `name` looks like, after Unicode TS #39: NFD, without default-ignorable
    characters, each character mapped to its prototype in confusables.txt, NFD again.
    Two names with one skeleton can look the same on screen ("Ana" and Cyrillic "Аna")."""
    table = _confusables()
    text = unicodedata.normalize("NFD", name)
    mapped = "".join(table.get(c, c) for c in text if not is_default_ignorable(c))
    return unicodedata.normalize("NFD", mapped)


def look_keys(name: str) -> tuple[str, str, str]:
    """What two names at one table must not share, kind by kind: the letters in any case,
    the look (skeleton) in any case, and the look of the letters in one case."""
    return name_key(name), skeleton(name).casefold(), skeleton(name_key(name))


def look_alike(a: str, b: str) -> bool:
    """Whether two names cannot be told apart at the table."""
    return any(x == y for x, y in zip(look_keys(a), look_keys(b), strict=True))


def _difference(a: str, b: str) -> str:
    """What tells `b` from `a` to a reader who sees them drawn alike."""
    for x, y in zip(a, b, strict=False):
        if x != y:
            return f" (the second has U+{ord(y):04X} {unicodedata.name(y, '')}".rstrip() + ")"
    return ""


def new_names(players: Any) -> list[str]:
    """The players of a new table: each a `new_name`, and no two that look alike, with a
    sentence that names the two."""
    names = [new_name(p) for p in players]
    keys = [look_keys(n) for n in names]
    for j, b in enumerate(names):
        for i, a in enumerate(names[:j]):
            if any(x == y for x, y in zip(keys[i], keys[j], strict=True)):
                how = (
                    "are the same name"
                    if keys[i][0] == keys[j][0]
                    else f"look the same on screen{_difference(a, b)}"
                )
                raise InvalidAction(
                    f"{quoted(a, 24)} and {quoted(b, 24)} {how}; add an initial to tell them apart."
                )
    return names
