"""Every dispute the test suite settles, replayed: the same answer, byte for byte.

`settled.jsonl` holds each dispute that tests/disputes (and the browser test's list of
every kind) handed to settle, recorded when the disputes lived in shared modules, with the
command line's answer then: `{"dispute": ..., "code": 0 or 2, "answer": ...}` (or `"text"`
for input that is not JSON). `dispute_schema.json` is the dispute half of `python -m
referee schema` at the same time. Moving a game's disputes into its own folder must change
neither; a deliberate change to a verdict rewrites the line it changes.
"""

import json
from pathlib import Path

import pytest

from referee.commands import settle_text
from referee.disputes import dispute_schema

HERE = Path(__file__).parent
CASES = [json.loads(line) for line in (HERE / "settled.jsonl").read_text("utf-8").splitlines()]


def printed(code: int, answer: dict) -> str:
    """The answer as `python -m referee settle` prints it."""
    return json.dumps(answer, indent=2 if code == 0 else None, ensure_ascii=False)


def test_every_kind_is_replayed():
    kinds = {case["dispute"].get("kind") for case in CASES if "dispute" in case}
    from referee.disputes import GAME_OF

    assert set(GAME_OF) <= kinds


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.get('dispute', {}).get('kind')}")
def test_the_same_answer(case):
    text = case["text"] if "text" in case else json.dumps(case["dispute"], ensure_ascii=False)
    code, answer = settle_text(text)
    assert (code, printed(code, answer)) == (case["code"], printed(case["code"], case["answer"]))


def test_the_same_schema():
    expected = (HERE / "dispute_schema.json").read_text("utf-8")
    assert json.dumps(dispute_schema(), indent=1, ensure_ascii=False) + "\n" == expected
