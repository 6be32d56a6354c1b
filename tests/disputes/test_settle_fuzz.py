"""Fuzzing `settle` with the project's own disputes, mutated: a wrong type anywhere (a
kind that is a list, a card that is an object, a name that is a number) is refused in one
sentence with status 2; no exception escapes, whatever the dispute holds.

REFEREE_FUZZ_CASES sets the number of cases (2,000 in CI; 50,000 for a long run), spread
over one test per dispute kind.
"""

import json
import math
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.commands import settle_text
from tests.disputes.test_settle_cli import EXAMPLES
from tests.mutation import as_text, assert_sentence, mutated, vocabulary

TOTAL_CASES = max(2000, int(os.environ.get("REFEREE_FUZZ_CASES", "2000")))
PER_KIND = math.ceil(TOTAL_CASES / len(EXAMPLES))
VOCAB = vocabulary(EXAMPLES.values())


@st.composite
def disputes(draw, kind: str):
    return as_text(draw, draw(mutated([EXAMPLES[kind]], VOCAB)))


def check(text: str) -> None:
    code, out = settle_text(text)
    json.dumps(out)  # what settle prints
    assert code in (0, 2)
    if code == 2:
        assert out["ok"] is False
        assert_sentence(out["reason"])
    else:
        assert out["ok"] and out["headline"]


@pytest.mark.parametrize("kind", sorted(EXAMPLES))
def test_mutated_disputes_are_settled_or_refused_in_one_sentence(kind):
    ran = []

    @settings(
        max_examples=PER_KIND, deadline=None, database=None, suppress_health_check=list(HealthCheck)
    )
    @given(disputes(kind))
    def fuzz(text):
        ran.append(1)
        check(text)

    fuzz()
    assert len(ran) >= PER_KIND


@pytest.mark.parametrize(
    "kind", [[1], {"a": 1}, 1.5, None, True, ["faeker_bluff"], {"kind": "faeker_bluff"}]
)
def test_a_kind_of_the_wrong_type_is_one_sentence(kind):
    code, out = settle_text(json.dumps({**EXAMPLES["faeker_bluff"], "kind": kind}))
    assert code == 2 and "kind" in out["reason"]
    assert_sentence(out["reason"])
