"""Fairy's audit: each rule a broken state breaks is said, once, and a state the game can
reach says nothing (tools/mutate.py found the audit's words and bounds untested)."""

import pytest

from tests.helpers import fairy, opening

ALL_CARDS = (7, *(c for c in range(1, 22) if c != 7))


@pytest.mark.parametrize(
    ("variant", "change", "problems"),
    [
        (
            "fairies",
            dict(pile=(7, 7)),
            [
                "a card was turned up twice, or a card not in the deck",
                "turns and cards turned up disagree",
            ],
        ),
        ("fairies", dict(pile=(22,)), ["a card was turned up twice, or a card not in the deck"]),
        ("fairies", dict(scores=(-5, 0)), ["a score below -4"]),
        ("fairies", dict(scores=(-4, 0)), []),
        ("fairies", dict(turns=1), ["turns and cards turned up disagree"]),
        ("fairies", dict(playing=()), ["nobody, or a seat not at the table, is playing"]),
        ("fairies", dict(playing=(0, 5)), ["nobody, or a seat not at the table, is playing"]),
        (
            "fairies",
            dict(winners=(0,)),
            ["winners without an ending, or an ending without winners"],
        ),
        (
            "fairies",
            dict(phase="over"),
            ["winners without an ending, or an ending without winners"],
        ),
        ("fairies", dict(pile=(4, 11, 18), turns=2), ["the game went on after its end"]),
        ("fairies", dict(pile=(4, 11, 18), turns=2, playoff=True), []),
        ("fairies", dict(scores=(24, 0)), ["the game went on after its end"]),
        ("fairies", dict(scores=(23, 0)), []),
        ("fifteen", dict(pile=ALL_CARDS, turns=20), ["the deck is empty but the game goes on"]),
        ("fifteen", dict(scores=(15, 0)), ["the game went on after its end"]),
        ("fifteen", dict(scores=(14, 0)), []),
        ("fifteen", dict(pile=(4, 11, 18), turns=2), []),
    ],
)
def test_each_broken_rule_of_the_state_is_said(variant, change, problems):
    s = fairy(players=("Ana", "Bo"), variant=variant, actions=[opening(7)])
    assert s.rules.audit(s.state.model_copy(update=change)) == problems
