"""Fuzzing `edit` with the project's own records and actions, mutated: the record, the
action put in (another type anywhere, text that is not JSON) and N (0, negative, past the
end, huge). Every answer is the edited record or a refusal in one sentence with status 2;
no exception escapes.

REFEREE_FUZZ_CASES sets the number of cases (2,000 in CI; 50,000 for a long run), spread
over one test per game and way of editing.
"""

import json
import math
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.commands import edit_text
from referee.core.edit import KINDS
from referee.games import GAMES
from tests.mutation import as_text, assert_sentence, mutated, played_records, texts, vocabulary

TOTAL_CASES = max(2000, int(os.environ.get("REFEREE_FUZZ_CASES", "2000")))
GAME_KINDS = sorted(GAMES)
PER_TEST = math.ceil(TOTAL_CASES / (len(GAME_KINDS) * len(KINDS)))


def records(kind: str) -> list[dict]:
    """Records of one game from random legal play, short enough to replay quickly."""
    return played_records(kind, ((1, 3), (2, 12), (3, 30)), ("Ana", "Bo", "Cy", "Di"))


BASES = {kind: records(kind) for kind in GAME_KINDS}
ACTIONS = {kind: [a for r in BASES[kind] for a in r["actions"]] for kind in GAME_KINDS}
VOCAB = vocabulary(r for rs in BASES.values() for r in rs)


@st.composite
def edits(draw, kind: str):
    base = draw(st.sampled_from(BASES[kind]))
    record = as_text(draw, draw(mutated([base], VOCAB))) if draw(st.booleans()) else None
    length = len(base["actions"])
    at = draw(
        st.one_of(
            st.integers(1, max(1, length)),
            st.integers(-3, length + 3),
            st.sampled_from([0, 10**6, -(10**30), 10**100]),
        )
    )
    action = draw(
        st.one_of(
            mutated(ACTIONS[kind], VOCAB, most=2).map(lambda t: json.dumps(t, allow_nan=True)),
            st.sampled_from([json.dumps(a) for a in ACTIONS[kind]]),
            texts,
            st.sampled_from(["", "{", "null", "[]", "1e999", '{"type": []}', "\ud83d"]),
        )
    )
    return record or json.dumps(base), at, action


def check(text: str, at: int, how: str, action: str | None) -> None:
    code, out = edit_text(text, at, how, action)
    json.dumps(out)  # what edit prints
    assert code in (0, 2)
    if code == 2:
        assert out["ok"] is False
        assert_sentence(out["reason"])
        assert out["index"] is None or isinstance(out["index"], int)
    else:
        assert out["ok"] and out["record"]["game"] == json.loads(text)["game"]


@pytest.mark.parametrize("how", KINDS)
@pytest.mark.parametrize("kind", GAME_KINDS)
def test_mutated_edits_are_made_or_refused_in_one_sentence(kind, how):
    ran = []

    @settings(
        max_examples=PER_TEST, deadline=None, database=None, suppress_health_check=list(HealthCheck)
    )
    @given(edits(kind))
    def fuzz(case):
        text, at, action = case
        ran.append(1)
        check(text, at, how, None if how == "delete" else action)

    fuzz()
    assert len(ran) >= PER_TEST
