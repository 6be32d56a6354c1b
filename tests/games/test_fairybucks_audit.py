"""Fairy Bucks' audit: every Buck in exactly one place, and nobody Poofed still showing
Bucks (tools/mutate.py found the audit's words untested)."""

from tests.helpers import fairybucks


def test_a_buck_missing_or_doubled_is_said():
    s = fairybucks()
    rest = s.state.hands[1:]
    for ana in ((2, 3, 4, 5, 6, 7, 8, 9, 10), (1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)):
        broken = s.state.model_copy(update=dict(hands=(ana, *rest)))
        assert s.rules.audit(broken) == ["Ana's Bucks are not each in exactly one place"]


def test_a_poofed_player_shows_no_bucks():
    s = fairybucks()
    hands = ((2, 3, 4, 5, 6, 7, 8, 9, 10), *s.state.hands[1:])
    showing = s.state.auction.model_copy(update=dict(showing=((1,), (), ())))
    shown = s.state.model_copy(update=dict(hands=hands, auction=showing))
    assert s.rules.audit(shown) == []
    poofed = showing.model_copy(update=dict(out=(True, False, False)))
    assert s.rules.audit(shown.model_copy(update=dict(auction=poofed))) == [
        "Ana Poofed but still shows Bucks"
    ]
