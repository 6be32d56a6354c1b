"""A file of records read one record at a time (`import`): a JSON array of records, as
`export --all FILE` writes it, or one record.

An array is never held whole: the file is read CHUNK bytes at a time, each record parsed
as soon as it is whole and dropped before the next, so a file of 200 MB needs the memory
of a few records. Each record gets every check `read_json` gives a whole text (depth,
numbers, NaN, a key twice, texts), with the same sentences; a fault of the JSON names its
line and column in the file, and a byte that is not UTF-8 its place in the file, as they
do for a file read whole. What differs, and why:

- the first fault met is the one named (read_json, which sees the whole text first, names
  a byte that is not UTF-8 or a nesting too deep anywhere before a fault of syntax);
- one record of an array may be at most MAX_RECORD_CHARS, as a record is everywhere else
  (the Import dialog, `replay`): it is what bounds the memory.

A file that is not an array is one record, read whole as read_json reads a record.
"""

import codecs
import json
import os
import re
from collections.abc import Iterator
from typing import Any, BinaryIO

from referee.core.errors import InvalidAction
from referee.core.record import (
    MAX_DEPTH,
    MAX_RECORD_CHARS,
    MAX_TEXT,
    STRING_OR_BRACKET,
    Refused,
    checked_texts,
    not_json,
    not_utf8,
    object_of_pairs,
    parse_float,
    parse_int,
    read_json,
    refuse_constant,
    too_deep,
)

CHUNK = 1 << 20  # bytes read at a time
_DECODER = json.JSONDecoder(
    parse_int=parse_int,
    parse_float=parse_float,
    parse_constant=refuse_constant,
    object_pairs_hook=object_of_pairs,
)
_PLAIN = json.JSONDecoder()  # says what is wrong between two records, in json's words
_NOT_WS = re.compile(r"[^ \t\n\r]")  # JSON's own whitespace, and nothing else


class RecordFile:
    """The records of one file, in order (`records`); InvalidAction, in one sentence
    starting with `what`, for a fault that stops the reading. `many` says, once the first
    record is read, whether the file is an array."""

    def __init__(self, raw: BinaryIO, what: str, max_bytes: int) -> None:
        self.raw = raw
        self.what = what
        self.max_bytes = max_bytes
        self.many = False
        self._utf8 = codecs.getincrementaldecoder("utf-8")()
        self._started = False  # a byte-order mark is dropped from the start only
        self.eof = False
        self.read = 0  # bytes read
        self.buf = ""  # the text not yet read as records, from `base` on
        self.i = 0  # where the reading is, in `buf`
        self.base = 0  # characters of the file before `buf`
        self.lines = 0  # line breaks among them
        self.line_start = 0  # where the line `buf` starts on begins, in the file
        self._comma: int | None = None  # the comma after the last record, in the file
        self._comma_at: tuple[int, int] | None = None  # its line and column, once let go
        with_size = self._size()
        if with_size > max_bytes:
            raise self._too_large(with_size)

    @property
    def at(self) -> int:
        """How far the records read reach, in characters of the file (its bytes, for the
        ASCII text export writes)."""
        return self.base + self.i

    def _size(self) -> int:
        try:
            return os.fstat(self.raw.fileno()).st_size
        except (OSError, AttributeError, ValueError):
            return 0

    def _too_large(self, size: int) -> InvalidAction:
        return InvalidAction(
            f"{self.what} is too large ({-(-size // 1000):,} kB); a file of records is at "
            f"most {self.max_bytes // 1000:,} kB."
        )

    # -- the text, a piece at a time -----------------------------------------------------

    def _more(self) -> None:
        if self.eof:
            return
        piece = self.raw.read(CHUNK)
        pending = len(self._utf8.getstate()[0])
        try:
            text = self._utf8.decode(piece, final=not piece)
        except UnicodeDecodeError as exc:
            raise not_utf8(self.what, self.read - pending + exc.start) from None
        self.read += len(piece)
        if self.read > self.max_bytes:
            raise self._too_large(max(self.read, self._size()))
        if not piece:
            self.eof = True
        if text and not self._started:
            self._started = True
            text = text.removeprefix("\ufeff")
        if self.many and self.i > CHUNK:  # what was read already is let go
            self._drop()
        self.buf += text

    def _drop(self) -> None:
        if self._comma is not None and self._comma >= self.base:
            self._comma_at = self._line_column(self._comma - self.base)
        gone = self.buf[: self.i]
        breaks = gone.count("\n")
        if breaks:
            self.lines += breaks
            self.line_start = self.base + gone.rfind("\n") + 1
        self.base += self.i
        self.buf = self.buf[self.i :]
        self.i = 0

    def _ahead(self, n: int) -> None:
        while not self.eof and len(self.buf) - self.i < n:
            self._more()

    def _skip_space(self) -> str | None:
        """The next character that is not JSON's whitespace (None at the end)."""
        while True:
            found = _NOT_WS.search(self.buf, self.i)
            if found is not None:
                self.i = found.start()
                return self.buf[self.i]
            self.i = len(self.buf)
            if self.eof:
                return None
            self._more()

    def _line_column(self, at: int) -> tuple[int, int]:
        """The line and column in the file of `at` in `buf`, as json counts them."""
        breaks = self.buf.count("\n", 0, at)
        if breaks:
            return self.lines + breaks + 1, at - self.buf.rfind("\n", 0, at)
        return self.lines + 1, self.base + at - self.line_start + 1

    def _not_json(self, msg: str, at: int) -> InvalidAction:
        """json's fault `msg` at `at` in `buf`, with its line and column in the file."""
        return not_json(self.what, msg, *self._line_column(at))

    def _fault_between(self, opening: str) -> InvalidAction:
        """The fault json finds between two records (or after the opening bracket), at the
        character at `i` or the comma before it: a small array with the same text between
        gets json's own words, whatever its version says."""
        at = self._comma
        comma = "," if at is not None else ""
        doc = f"{opening}{comma} {self.buf[self.i : self.i + 1]}"
        try:
            _PLAIN.decode(doc)
        except json.JSONDecodeError as exc:
            if at is not None and exc.pos == len(opening):  # at the comma
                if at >= self.base:
                    return self._not_json(exc.msg, at - self.base)
                assert self._comma_at is not None, "kept when the comma was let go"
                return not_json(self.what, exc.msg, *self._comma_at)
            return self._not_json(exc.msg, self.i)
        return self._not_json("Expecting value", self.i)  # never: the text was not JSON

    # -- the records ---------------------------------------------------------------------

    def records(self) -> Iterator[Any]:
        if self._skip_space() != "[":
            yield self._whole()
            return
        self.many = True
        self.i += 1
        number = 0
        following = self._skip_space()
        if following is None:
            raise self._fault_between("[")
        if following != "]":
            while True:
                number += 1
                yield self._record(number)
                self._comma = None
                following = self._skip_space()
                if following == "]":
                    break
                if following != ",":
                    raise self._fault_between("[0")
                self._comma = self.base + self.i
                self.i += 1
                if self._skip_space() in ("]", None):
                    raise self._fault_between("[0")
        self.i += 1
        if self._skip_space() is not None:
            raise self._not_json("Extra data", self.i)

    def _whole(self) -> Any:
        """A file that is not an array: one record, read whole (and as large as one)."""
        while not self.eof and len(self.buf) <= MAX_RECORD_CHARS:
            self._more()
        if len(self.buf) > MAX_RECORD_CHARS:
            size = max(self._size(), self.read)
            raise InvalidAction(
                f"{self.what} is too large ({size // 1000:,} kB); a referee record is at most "
                f"{MAX_RECORD_CHARS // 1000:,} kB."
            )
        return read_json(self.buf, self.what, None)

    def _record(self, number: int) -> Any:
        self._ahead(MAX_RECORD_CHARS + 1)
        start = self.i
        try:
            data, end = _DECODER.raw_decode(self.buf, start)
        except json.JSONDecodeError as exc:
            # Cut off by the end of what was read: only a record larger than any may be.
            if not self.eof and exc.pos > start + MAX_RECORD_CHARS - MAX_TEXT - 2:
                raise self._record_too_large(number) from None
            self._depth(start, exc.pos)
            raise self._not_json(exc.msg, exc.pos) from None
        except RecursionError:
            raise too_deep(self.what) from None
        except Refused as exc:
            self._depth(start, len(self.buf))
            raise InvalidAction(f"{self.what} {exc.args[0]}") from None
        if end - start > MAX_RECORD_CHARS:
            raise self._record_too_large(number)
        self._depth(start, end)
        self.i = end
        return checked_texts(data, self.what)

    def _record_too_large(self, number: int) -> InvalidAction:
        return InvalidAction(
            f"Record {number} of the file is larger than a referee record may be "
            f"({MAX_RECORD_CHARS // 1000:,} kB)."
        )

    def _depth(self, start: int, end: int) -> None:
        """As read_json scans a whole text: the array is the first level."""
        depth = 1
        for match in STRING_OR_BRACKET.finditer(self.buf, start, end):
            bracket = match.group()
            if bracket in "[{":
                depth += 1
                if depth > MAX_DEPTH:
                    raise too_deep(self.what)
            elif bracket in "]}":
                depth -= 1
