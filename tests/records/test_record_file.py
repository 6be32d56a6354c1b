"""A file of records read a record at a time (referee.core.record_file) refuses what
read_json refuses of the same file read whole, with the same sentence (its line and
column, its byte), wherever the pieces it reads the file in happen to end; and a record
larger than any, or a file larger than an import takes, is refused without being held."""

import io
import json
import random

import pytest

from referee.core import record_file
from referee.core.errors import InvalidAction
from referee.core.record import read_json
from referee.core.record_file import RecordFile
from tests.big_records import big_records
from tests.helpers import top

RECORD = {
    "format": "referee-record",
    "version": 1,
    "game": "faeker",
    "players": ["Ana", "Zoë", "😀 Bo"],
    "actions": [top(3)],
}
GOOD = json.dumps([RECORD, RECORD, {"a": [1, 2.5, None, True]}], indent=1, ensure_ascii=False)
EDITS = '[]{},:"\\ \n1ae-\u00e9'
CASES = [
    "[]",
    "[",
    "[ ",
    "[1,]",
    "[1 2]",
    "[1,2] x",
    " \ufeff[1]",
    "\ufeff[1,\n2\n,]",
    '[{"a":1,"a":2}]',
    "[1e999]",
    "[NaN]",
    "[" + "[" * 20 + "]" * 20 + "]",
    '[{"a": "x\u200b"}]',
    '["' + "x" * 300 + '"]',
    "",
    "   ",
    "\xa0",
    "{}",
    "5",
    "[1]\n\n  ]",
    '[{"a":1}\n,\n{"b":\n',
    "[1\n,\n",
    '[{"a" 1}]',
    '[{"a":1}}',
    '["\\ud800"]',
    "[1]{}",
    "[12345678901234567890]",
]


def whole(text: bytes):
    """What read_json says of the text read whole (as import read a file before)."""
    try:
        data = read_json(text, "The file", None)
    except InvalidAction as exc:
        return exc.reason
    return data if isinstance(data, list) else [data]


def streamed(text: bytes):
    try:
        return list(RecordFile(io.BytesIO(text), "The file", 10**9).records())
    except InvalidAction as exc:
        return exc.reason


def mutated(rng: random.Random) -> str:
    """GOOD with a few characters dropped, added or changed."""
    text = list(GOOD)
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(text))
        edit = rng.random()
        if edit < 0.4:
            del text[at]
        elif edit < 0.8:
            text.insert(at, rng.choice(EDITS))
        else:
            text[at] = rng.choice(EDITS)
    return "".join(text)


@pytest.mark.parametrize("chunk", [1, 3, 7, 64, record_file.CHUNK])
def test_every_fault_is_the_same_sentence_as_for_the_file_read_whole(monkeypatch, chunk):
    monkeypatch.setattr(record_file, "CHUNK", chunk)
    rng = random.Random(chunk)
    texts = [*CASES, GOOD, *(mutated(rng) for _ in range(600))]
    raw = GOOD.encode()
    cut = [raw[:50] + b"\xff" + raw[50:], raw[:-3] + b"\xe2\x82", b"\xef\xbb\xbf[1]"]
    differ = []
    for text in [*(t.encode() for t in texts), *cut]:
        before, now = whole(text), streamed(text)
        # Read whole, a fault of syntax anywhere was said before a text of a record
        # that cannot be shown; read a record at a time, the first met is said.
        if before != now and not (isinstance(now, str) and "cannot be shown" in now):
            differ.append((text[:80], before, now))
    assert differ == []


def test_a_record_larger_than_any_is_refused_without_reading_the_rest(monkeypatch):
    monkeypatch.setattr(record_file, "MAX_RECORD_CHARS", 400)
    monkeypatch.setattr(record_file, "CHUNK", 64)
    records = list(big_records(3))
    records[1]["actions"] = records[1]["actions"] * 3  # some 1,500 characters
    text = json.dumps(records, indent=1).encode() + b"\xff" * 10_000  # never read
    assert streamed(text) == "Record 1 of the file is larger than a referee record may be (0 kB)."


def test_a_file_larger_than_an_import_takes_is_refused_at_once(tmp_path):
    path = tmp_path / "huge.json"
    with open(path, "wb") as f:
        f.truncate(3_000_001)  # its size is all that is looked at
    with open(path, "rb") as f, pytest.raises(InvalidAction) as info:
        RecordFile(f, "The file", 3_000_000)
    assert info.value.reason == (
        "The file is too large (3,001 kB); a file of records is at most 3,000 kB."
    )


def test_one_record_not_in_an_array_is_read_whole_as_a_record_is():
    assert streamed(json.dumps(RECORD).encode()) == [RECORD]
    assert streamed(b" " + b" " * 2_000_001 + b"{}") == (
        "The file is too large (2,000 kB); a referee record is at most 2,000 kB."
    )
