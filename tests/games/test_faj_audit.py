"""Faces, Aces & Jokers' audit: each trick card in one place, each draft card played once a
round, none missing at the end (tools/mutate.py found the audit's words untested)."""

import pytest

from tests.helpers import faj


@pytest.mark.parametrize(
    ("change", "problems"),
    [
        (dict(board=("2C", "2C")), ["a trick card is in two places"]),
        (dict(board=("2C",), won=(("2C",), (), ())), ["a trick card is in two places"]),
        (dict(board=("ZZ",)), ["a trick card is in two places"]),
        (dict(phase="over"), ["trick cards went missing"]),
        (dict(board=("2C",)), []),
    ],
)
def test_each_trick_card_is_in_one_place(change, problems):
    s = faj()
    assert s.rules.audit(s.state.model_copy(update=change)) == problems


def test_a_draft_card_is_played_once_a_round():
    s = faj()
    twice = s.state.deal.model_copy(update=dict(played=("x", "x")))
    assert s.rules.audit(s.state.model_copy(update=dict(deal=twice))) == [
        "a draft card was played twice in a round"
    ]
