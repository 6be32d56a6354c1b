"""`import` streams (issue 57): a file is read a record at a time, in memory that does not
grow with it, all or none as before (a bad last record, a file cut short, a kill halfway
or at the end leave nothing), a record stored already is found as before, and the saved
games stay free for other writers while the records are checked."""

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from referee.core.record import GameRecord
from referee.core.session import Session
from referee.games import GAMES
from referee.live.kept_session import KeptSession
from referee.storage import importing
from referee.storage.once import same_game
from referee.storage.store import Store
from tests.big_records import big_records, write_big_file
from tests.storage.test_faults import snapshot
from tests.test_cli_saved_games import known_records

ROOT = Path(__file__).resolve().parents[1]


def bad_last() -> dict:
    """A record whose second action names a player who is not at the table."""
    record = next(big_records(1))
    record["actions"][1] = {"type": "bid", "player": "Zed", "amount": 1}
    return record


def command(*args: str) -> list[str]:
    return [sys.executable, "-m", "referee", *args]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(command(*args), capture_output=True, text=True, timeout=300, cwd=ROOT)


def games_in(data: Path) -> int:
    store = Store(data / "referee.db")
    try:
        return len(store.list_games())
    finally:
        store.close()


@pytest.fixture
def club(tmp_path):
    """A data folder holding one game already."""
    data = tmp_path / "club"
    record = tmp_path / "one.json"
    record.write_text(json.dumps(known_records()[0]))
    assert run("import", str(record), "--data-dir", str(data)).returncode == 0
    return data


@pytest.mark.parametrize("megabytes", [0.3, 4.5])  # read here, and replayed by workers
def test_a_file_whose_last_record_is_bad_imports_nothing(tmp_path, club, megabytes):
    path = tmp_path / "club.json"
    count = write_big_file(path, megabytes, last=bad_last())
    assert (path.stat().st_size >= importing.WORKERS_FROM_BYTES) == (megabytes > 4)
    before = snapshot(club)
    out = run("import", str(path), "--data-dir", str(club))
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.splitlines() == [
        f"{path}, record {count}: Action 2 of the record: 'Zed' is not playing in this game.",
        "Nothing was imported: fix or leave out the records above.",
    ]
    assert snapshot(club) == before


def test_a_file_cut_short_at_its_end_imports_nothing_and_says_where(tmp_path, club):
    path = tmp_path / "club.json"
    write_big_file(path, 0.3)
    text = path.read_text()[:-3]  # the last record's closing brace, and the array's
    path.write_text(text)
    before = snapshot(club)
    out = run("import", str(path), "--data-dir", str(club))
    line, column = text.count("\n") + 1, len(text) - text.rfind("\n")
    assert out.returncode == 2
    assert out.stderr.splitlines()[0] == (
        f"{path}: The file is not valid JSON: expecting ',' delimiter "
        f"(line {line}, column {column})."
    )
    assert snapshot(club) == before


def peak_rss_kb(*args: str) -> int:
    """The peak resident memory of one command, from the kernel's own count."""
    child = subprocess.Popen(
        command(*args), cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    _pid, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    assert child.returncode == 0
    return usage.ru_maxrss


def test_a_large_file_imports_in_memory_that_does_not_grow_with_it(tmp_path):
    small, large = tmp_path / "small.json", tmp_path / "large.json"
    write_big_file(small, 0.3)
    count = write_big_file(large, 3.5)  # replayed here too: one process to measure
    assert large.stat().st_size < importing.WORKERS_FROM_BYTES
    base = peak_rss_kb("import", str(small), "--data-dir", str(tmp_path / "a"))
    peak = peak_rss_kb("import", str(large), "--data-dir", str(tmp_path / "b"))
    # Read whole, 3.5 MB of records took some 35 MB more than 0.3 MB did; read a record
    # at a time, the reading holds a few MB whatever the file's size.
    assert peak - base < 10_000, (base, peak)
    assert games_in(tmp_path / "b") == count


ROWS = (
    "SELECT g.kind, g.players, g.options, g.created, g.updated, g.summary, g.finished, "
    "g.ended, (SELECT group_concat(payload || '@' || at, '|') FROM actions "
    "WHERE game_id=g.id), (SELECT group_concat(player || points || coalesce(place, '-')) "
    "FROM results WHERE game_id=g.id) FROM games g ORDER BY id"
)


def test_every_record_of_a_large_file_is_stored_as_one_at_a_time_would_be(tmp_path):
    """The rows an import stores through its workers are those of Store.create_game."""
    path = tmp_path / "club.json"
    count = write_big_file(path, 4.2)
    out = run("import", str(path), "--data-dir", str(tmp_path / "club"))
    assert out.stdout == f"Imported {count} games from 1 file.\n", out.stderr
    store = Store(tmp_path / "club" / "referee.db")
    one = Store(tmp_path / "one.db")
    try:
        for record in json.loads(path.read_text())[-40:]:
            played, standing = importing.replayed(GameRecord.model_validate(record))
            one.create_game(
                played,
                standing.summary,
                standing.points,
                finished=standing.finished,
                places=standing.places,
            )
        rows = store._conn.execute(ROWS).fetchall()
        assert rows[-40:] == one._conn.execute(ROWS).fetchall()
    finally:
        store.close()
        one.close()


def test_a_file_imported_twice_at_once_is_stored_once(tmp_path):
    path = tmp_path / "club.json"
    count = write_big_file(path, 0.5)
    data = tmp_path / "club"
    both = [
        subprocess.Popen(
            command("import", str(path), "--data-dir", str(data)),
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    said = sorted(child.communicate(timeout=300)[0].splitlines()[-1] for child in both)
    # The second to copy finds every game the first copied, inside its own copy.
    assert said == ["Imported 0 games from 1 file.", f"Imported {count} games from 1 file."]
    assert games_in(data) == count


def worker(job: dict) -> subprocess.Popen:
    """The app's import process (referee.storage.import_worker), given its job."""
    child = subprocess.Popen(
        [sys.executable, "-m", "referee.storage.import_worker"],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    child.stdin.write(json.dumps(job) + "\n")
    child.stdin.close()
    return child


@pytest.mark.parametrize("when", ["halfway", "at the end"])
def test_an_import_killed_halfway_or_at_its_end_leaves_all_or_nothing(tmp_path, club, when):
    path = tmp_path / "club.json"
    count = write_big_file(path, 3)
    before = snapshot(club)
    job = {"database": str(club / "referee.db"), "paths": [str(path)], "names": ["club.json"]}
    child = worker(job)
    for line in child.stdout:  # bounded: the child ends, and so does its output
        done, total = json.loads(line).get("progress", (0, 1))
        if (when == "halfway" and done * 2 >= total) or done == total:
            child.send_signal(signal.SIGKILL)
            break
    child.wait(timeout=60)
    games = games_in(club)
    if when == "halfway":
        assert snapshot(club).keys() == before.keys() and games == 1
    else:
        assert games in (1, 1 + count)  # the copy is one transaction: before it, or after
    assert [p.name for p in club.iterdir() if "referee.db" not in p.name] == []
    again = run("import", str(path), "--data-dir", str(club))
    assert again.returncode == 0 and games_in(club) == 1 + count


def test_other_writers_go_on_while_an_import_checks_its_records(tmp_path):
    """As the app's other devices do: each move is written while a large import runs
    in its own process, at once; only the copy at the end holds the saved games."""
    path = tmp_path / "club.json"
    write_big_file(path, 3)
    store = Store(tmp_path / "referee.db")
    table = KeptSession.new(store, GameRecord(game="faeker", players=["Ana", "Bo"]))
    job = {"database": str(store.path), "paths": [str(path)], "names": ["club.json"]}
    child = worker(job)
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(child.stdout), daemon=True)
    reader.start()
    moves = []
    for _ in range(2000):  # bounded; the import ends long before
        if not reader.is_alive():
            break
        state = table.state
        if state.phase == "top":
            action = {"type": "top_card", "card": 3}
        else:  # everybody passes: the round ends without a score, and the game goes on
            action = {"type": "pass", "player": table.rules.current_player(state)}
        started = time.perf_counter()
        table.play(action)
        moves.append(time.perf_counter() - started)
        time.sleep(0.01)
    reader.join(timeout=120)
    child.wait(timeout=60)
    assert json.loads(lines[-1]).get("imported"), lines[-1:]
    moves.sort()
    assert len(moves) >= 20  # the import took that long: the moves were made during it
    assert moves[len(moves) // 2] < 0.1 and moves[-1] < 2, moves[-5:]
    store.close()


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_a_replayed_record_is_the_same_game_without_being_read_again(kind):
    """The import's staging takes a replayed record's options and actions as they are
    (same_game(replayed=True)): they are as this referee reads them already."""
    rules, rng = GAMES[kind], random.Random(57)
    for _ in range(5):
        players = ["Ana", "Bo", "Cy", "Dee", "Eve"][: rules.min_players + rng.randint(0, 1)]
        session = Session(rules, GameRecord(game=kind, players=players))
        for _ in range(rng.randint(0, 60)):
            action = rules.draw(session.state, rng)
            if action is None:
                break
            session.play(action)
        played, _standing = importing.replayed(session.record())
        assert same_game(played, replayed=True) == same_game(played) is not None
