"""Fae-ker's audit: each conserved quantity a broken state breaks is said, once, and a
whole state says nothing (tools/mutate.py found the audit's words and bounds untested)."""

import pytest

from tests.helpers import faeker


@pytest.mark.parametrize(
    ("change", "problems"),
    [
        (dict(supply=39), ["cubes were made or lost"]),
        (dict(supply=-1, cubes=(41, 0, 0)), ["a negative number of cubes"]),
        (dict(cubes=(-1, 1, 0)), ["a negative number of cubes"]),
        (dict(cubes=(1, 0, 0), supply=39), []),
    ],
)
def test_cubes_are_never_made_lost_or_negative(change, problems):
    s = faeker()
    assert s.rules.audit(s.state.model_copy(update=change)) == problems


def test_an_empty_supply_is_no_fault():
    s = faeker()
    assert s.rules.audit(s.state.model_copy(update=dict(cubes=(20, 20, 0), supply=0))) == []
