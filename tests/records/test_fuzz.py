"""Fuzzing the record readers with the project's own records, mutated.

Valid records of every game (random legal play through the flow contract) are mutated as
a tree (a value replaced by a nasty one, a field dropped or added, items duplicated or
swapped, things nested deep) and as text (cut, spliced, numbers of thousands of digits,
brackets by the thousand, bytes that are not UTF-8), then fed to `replay` (in process) and
to the Import dialog's code path, which saves into a real store. Nothing may escape but
the project's own errors; every refusal is one line of at most 200 characters that any
screen can show; replay and import agree; what imports resumes to the same game.

REFEREE_FUZZ_CASES sets the total number of cases (3,000 in CI; 50,000 for a long run);
they are split over one test per game and mutation family, so pytest-xdist spreads them.
"""

import copy
import json
import math
import os
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.commands import replay_text
from referee.core.errors import RefereeError
from referee.games import GAMES
from referee.live.kept_session import KeptSession
from referee.storage.store import Store
from referee.ui.screens.home.view import import_record
from tests.mutation import assert_sentence, mutate_at, paths, played_records, vocabulary

TOTAL_CASES = int(os.environ.get("REFEREE_FUZZ_CASES", "3000"))
FAMILIES = ("tree", "text")
KINDS = sorted(GAMES)
PER_TEST = max(1, math.ceil(TOTAL_CASES / (len(KINDS) * len(FAMILIES))))
FOUND: Counter = Counter()  # what the cases ended in: "ok", or the first words refused


# -- the project's own valid records ---------------------------------------------------


def valid_records(kind: str) -> list[dict]:
    """Records of one game from random legal play: early, mid-game and played out."""
    return played_records(kind, ((1, 4), (2, 25), (3, 400)), NAMES)


NAMES = ("Ana", "Bo", "Cy", "Di", "Ed", "Flo")
BASES = {kind: valid_records(kind) for kind in KINDS}


# Every key and short text of the valid records: mutations that stay plausible.
VOCAB = vocabulary(r for records in BASES.values() for r in records)
ODD_TEXTS = [
    " Ana ",
    "ana",
    "ANA",
    "\ud83d",
    "Ana\ud83d",
    "A\x00",
    "",
    " ",
    "x" * 300,
    "Zoe\u0301",
    "Zoé",
    "a\u2028b",
    "\ufeff",
    "a\tb",
    "👩\u200d🚀",
    "deceptidice",
    "referee-record",
]


def deep(n: int):
    value: object = 0
    for i in range(n):
        value = [value] if i % 2 else {"x": value}
    return value


texts = st.text(
    alphabet=st.characters(min_codepoint=0, max_codepoint=0x10FFFF, exclude_categories=()),
    max_size=40,
)
nasty = st.one_of(
    st.integers(),
    st.sampled_from([0, -1, 1, 2, 3, 5, 7, 8, 10, 11, 99, 2**31, -(2**63), 10**18, 10**19]),
    st.integers(-(10**60), 10**60),
    st.floats(),
    st.booleans(),
    st.none(),
    texts,
    st.sampled_from(VOCAB),
    st.sampled_from(ODD_TEXTS),
    st.lists(st.integers(-3, 12), max_size=7),
    st.lists(st.sampled_from(VOCAB), max_size=4),
    st.dictionaries(st.sampled_from(VOCAB), st.integers(-3, 12), max_size=3),
    st.integers(1, 40).map(deep),
)


# -- tree mutations --------------------------------------------------------------------


@st.composite
def tree_cases(draw, kind: str):
    tree = copy.deepcopy(draw(st.sampled_from(BASES[kind])))
    for _ in range(draw(st.integers(1, 3))):
        if (
            isinstance(tree, dict) and draw(st.integers(0, 4)) == 0
        ):  # a top-level field: version, players, ...
            key = draw(st.sampled_from([*tree, "comment", "players", "version", "format"]))
            path = (key,)
            if key not in tree:
                tree[key] = draw(nasty)
                continue
        else:
            path = draw(st.sampled_from(paths(tree)))
        if not path:
            tree = draw(st.one_of(nasty, st.just([tree]), st.just({"record": tree})))
            continue
        mutate_at(draw, tree, path, nasty, VOCAB)
    return json.dumps(tree, ensure_ascii=draw(st.booleans()), allow_nan=True)


# -- text mutations --------------------------------------------------------------------

SNIPPETS = [
    "[",
    "]",
    "{",
    "}",
    ",",
    ":",
    '"',
    "\\",
    "\\ud83d",
    "\\u0000",
    "NaN",
    "-Infinity",
    "1e999",
    "-0",
    "0.5",
    "true",
    "null",
    '"comment": 1,',
    '"version": 2,',
    "\ufeff",
    "\x00",
    "\n",
]


@st.composite
def text_cases(draw, kind: str):
    text = json.dumps(draw(st.sampled_from(BASES[kind])), indent=draw(st.sampled_from([None, 1])))
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(text)))
        op = draw(st.integers(0, 7))
        if op == 0:
            text = text[:i]
        elif op == 1:
            text = text[:i] + draw(st.sampled_from(SNIPPETS)) + text[i:]
        elif op == 2:
            j = draw(st.integers(i, min(len(text), i + 20)))
            text = text[:i] + text[j:]
        elif op == 3:
            text = text[:i] + draw(st.integers(1, 6000).map(lambda n: "9" * n)) + text[i:]
        elif op == 4:
            n = draw(st.integers(10, 100_000))
            text = text[:i] + "[" * n + text[i:]
        elif op == 5:
            text = text[:i] + draw(texts) + text[i:]
        elif op == 6:  # after a structural character: still JSON more often
            cut = text.find(",", i)
            if cut >= 0:
                extra = json.dumps(draw(st.sampled_from(VOCAB))) + ": " + json.dumps(draw(nasty))
                text = text[: cut + 1] + extra + "," + text[cut + 1 :]
        else:
            j = draw(st.integers(i, min(len(text), i + 200)))
            text = text[:i] + text[i:j] * draw(st.integers(2, 5)) + text[j:]
    data = text.encode("utf-8", "surrogatepass")
    if draw(st.integers(0, 5)) == 0 and data:  # bytes that are not UTF-8
        i = draw(st.integers(0, len(data) - 1))
        data = data[:i] + draw(st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80"])) + data[i + 1 :]
    return data if draw(st.booleans()) else data.decode("utf-8", "surrogateescape")


# -- the checks ------------------------------------------------------------------------


def check_case(store: Store, text: str | bytes) -> None:
    code, out = replay_text(text)
    json.dumps(out)  # what replay prints
    assert code in (0, 2)
    if code == 2:
        assert out["ok"] is False
        assert_sentence(out["reason"])
        assert out["index"] is None or isinstance(out["index"], int)
    try:
        table = import_record(store, text)
    except RefereeError as exc:
        assert_sentence(exc.reason)
        assert code == 2, f"replay accepted what import refused: {exc.reason}"
        FOUND[" ".join(exc.reason.split()[:3])] += 1
        return
    assert code == 0, f"import accepted what replay refused: {out['reason']}"
    FOUND["ok"] += 1
    again = KeptSession.resume(store, table.game_id)
    assert again.state == table.state
    listed = {g.id: g for g in store.list_games()}
    assert listed[table.game_id].problem is None
    store.delete_game(table.game_id)


def report_findings() -> None:
    """What this worker's cases ended in so far, for the closing note of a long run."""
    out = Path(__file__).resolve().parents[2] / "test-artifacts"
    out.mkdir(exist_ok=True)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    (out / f"fuzz-records-{worker}.json").write_text(
        json.dumps(dict(FOUND.most_common()), indent=1)
    )


def test_the_valid_records_replay_and_import(tmp_path):
    store = Store(tmp_path / "referee.db")
    try:
        for records in BASES.values():
            for record in records:
                code, out = replay_text(json.dumps(record))
                assert code == 0, out
                import_record(store, json.dumps(record))
    finally:
        store.close()


@pytest.mark.parametrize("family", FAMILIES)
@pytest.mark.parametrize("kind", KINDS)
def test_mutated_records_are_refused_in_one_sentence(kind, family, tmp_path):
    store = Store(tmp_path / "referee.db")
    cases = tree_cases(kind) if family == "tree" else text_cases(kind)
    ran = []

    @settings(
        max_examples=PER_TEST,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(cases)
    def fuzz(text):
        ran.append(1)
        check_case(store, text)

    try:
        fuzz()
    finally:
        store.close()
        report_findings()
    assert len(ran) >= PER_TEST
