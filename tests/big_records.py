"""Large files of valid records, laid out as `export --all FILE` writes them (a JSON array,
indent 1), for the import tests and bench/import_big.py.

Each record is one of the known games of tests/test_cli_saved_games.py (three endings and
one game still going) played at its own moment, so no two are the same game: every one is
imported, none is "stored already". The dates are in order (created, each action's time,
ended), as the records of a real club are.
"""

import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

from referee.core.record import GameRecord
from referee.core.session import Session
from referee.games import rules_for
from tests.test_cli_saved_games import known_records

START = datetime(2024, 1, 1, 18, 0, tzinfo=UTC)


def _finished(record: dict) -> bool:
    rules = rules_for(record["game"])
    session = Session(rules, GameRecord.model_validate(record))
    return rules.standing(session.state).finished


def big_records(count: int | None = None) -> Iterator[dict]:
    """`count` records (or without end), each another game of the club's."""
    bases = [(r, _finished(r)) for r in known_records()]
    n = 0
    while count is None or n < count:
        base, over = bases[n % len(bases)]
        created = START + timedelta(minutes=n)
        times = [created + timedelta(seconds=1 + i) for i in range(len(base["actions"]))]
        last = times[-1] if times else created
        record = {
            **base,
            "created": created.isoformat(),
            "changed": last.isoformat(),
            "times": [t.isoformat() for t in times],
        }
        if over:
            record["ended"] = last.isoformat()
        yield record
        n += 1


def write_big_file(path: Path | str, megabytes: float, last: dict | None = None) -> int:
    """A file of records of at most `megabytes` MB (10**6 bytes), as close to it as a
    record allows, written record by record; `last`, when given, is the final record (a
    bad one, say), within the size too. How many records it holds."""
    room = int(megabytes * 1_000_000) - len("[\n\n]")
    tail = "" if last is None else json.dumps(last, indent=1)
    room -= len(tail.encode()) + 2 if last is not None else 0
    count = 0
    with open(path, "w", encoding="utf-8") as f:
        f.write("[\n")
        for record in big_records():
            text = json.dumps(record, indent=1)
            size = len(text) + (2 if count else 0)  # the records' texts are ASCII
            if size > room:
                break
            f.write((",\n" if count else "") + text)
            room -= size
            count += 1
        if last is not None:
            f.write((",\n" if count else "") + tail)
            count += 1
        f.write("\n]")
    return count
