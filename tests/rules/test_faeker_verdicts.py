"""Fae-ker verdicts read whole: a bluff settled for each kind of top card, a showdown, a
showdown tied, and a round everyone passed. Held line by line because one-token changes to
bidding.py, counting.py and rules.py went unseen by the other tests (tools/mutate.py)."""

import pytest

from referee.core.verdict import ScoreChange
from tests.helpers import S, bid, bluff, faeker, pass_, reveal, showdown, top

NEXT = "Round 2 next: Bo deals."


def settled(top_card, amount, hand, **options):
    """Bo bids `amount` on `top_card`, Cy calls the bluff, Bo shows `hand`."""
    s = faeker(actions=[top(top_card), bid("Bo", amount), bluff("Cy")], **options)
    return s.play(reveal("Bo", *hand))


HIGH = "cards of {0} or higher (a stone circle counts as equal)"
RUN = (
    "the bid counts the longest run of consecutive numbers (each stone circle fills one gap; "
    "a run needs 2 cards)"
)
# (top, bid, hand, options, headline, counted line, comparison, pay line, rulings, who, cubes)
BLUFFS = [
    (
        4,
        2,
        (5, 6, S, 1, 2),
        {},
        "Bo told the truth: 3 for a bid of 2",
        f"Top card 4: the bid counts {HIGH.format(4)}.",
        "Counted: 5, 6, stone circle; 2 cards 4 or higher; 1 stone circle (equals the 4); total 3.",
        "Bid 2, needs at least 2: 3 meets it.",
        "Bo takes the top card's 3 fae.",
        ("FK-BLUFF-AT-LEAST", "FK-COUNT-HIGH", "FK-STONE-EQUAL"),
        ("Bo", 3),
    ),
    (
        7,
        2,
        (6, S, 1, 1, 3),
        {},
        "Bo bluffed: 1 for a bid of 2",
        f"Top card 7: the bid counts {HIGH.format(7)}.",
        "Counted: stone circle; 0 cards 7 or higher; 1 stone circle (equals the 7); total 1.",
        "Bid 2, needs at least 2: 1 does not meet it.",
        "Cy caught the bluff: 4 fae + 1 = 5 cubes.",
        ("FK-BLUFF-AT-LEAST", "FK-COUNT-HIGH", "FK-STONE-EQUAL"),
        ("Cy", 5),
    ),
    (
        1,
        2,
        (7, S, 4, 1, 3),
        {},
        "Bo told the truth: 3 for a bid of 2",
        "Top card 1: the bid counts cards higher than 1 (a stone circle equals the top card, "
        "so it does not count).",
        "Counted: 3, 4, 7; 3 cards higher than 1; 1 stone circle not counted (equal to the 1); "
        "total 3.",
        "Bid 2, needs at least 2: 3 meets it.",
        "Bo takes the top card's 2 fae.",
        ("FK-BLUFF-AT-LEAST", "FK-COUNT-LOW", "FK-STONE-EQUAL"),
        ("Bo", 2),
    ),
    (
        3,
        4,
        (1, 2, S, 5, 7),
        dict(stone_circles_always_count=True),
        "Bo bluffed: 3 for a bid of 4",
        "Top card 3: the bid counts cards higher than 3 (every stone circle counts too).",
        "Counted: 5, 7, stone circle; 2 cards higher than 3; 1 stone circle (always counts); "
        "total 3.",
        "Bid 4, needs at least 4: 3 does not meet it.",
        "Cy caught the bluff: 3 fae + 1 = 4 cubes.",
        ("FK-BLUFF-AT-LEAST", "FK-COUNT-LOW", "FK-STONE-ALWAYS"),
        ("Cy", 4),
    ),
    (
        5,
        2,
        (1, 1, 2, 2, 6),
        {},
        "Bo bluffed: 1 for a bid of 2",
        f"Top card 5: the bid counts {HIGH.format(5)}.",
        "Counted: 6; 1 card 5 or higher; total 1.",
        "Bid 2, needs at least 2: 1 does not meet it.",
        "Cy caught the bluff: 3 fae + 1 = 4 cubes.",
        ("FK-BLUFF-AT-LEAST", "FK-COUNT-HIGH"),
        ("Cy", 4),
    ),
    (
        S,
        3,
        (S, 1, 2, 5, 5),
        {},
        "Bo told the truth: 3 for a bid of 3",
        f"Top card stone circle: {RUN}.",
        "Counted: 1, 2, stone circle; run 1-2-3 (stone circle as 3); total 3.",
        "Bid 3, needs at least 3: 3 meets it.",
        "Bo takes the top card's 4 fae.",
        ("FK-BLUFF-AT-LEAST", "FK-COUNT-RUN"),
        ("Bo", 4),
    ),
    (
        S,
        3,
        (1, 1, 3, 5, 7),
        {},
        "Bo bluffed: 0 for a bid of 3",
        f"Top card stone circle: {RUN}.",
        "Counted: none; no run of 2 or more consecutive numbers; total 0.",
        "Bid 3, needs at least 3: 0 does not meet it.",
        "Cy caught the bluff: 4 fae + 1 = 5 cubes.",
        ("FK-BLUFF-AT-LEAST", "FK-COUNT-RUN"),
        ("Cy", 5),
    ),
    (
        S,
        3,
        (2, 3, S, 5, 1),
        {},
        "Bo told the truth: 5 for a bid of 3",
        f"Top card stone circle: {RUN}.",
        "Counted: 1, 2, 3, 5, stone circle; run 1-2-3-4-5 (stone circle as 4); total 5.",
        "Bid 3, needs at least 3: 5 meets it.",
        "Bo takes the top card's 4 fae.",
        ("FK-BLUFF-AT-LEAST", "FK-COUNT-RUN"),
        ("Bo", 4),
    ),
]


class TestBluffVerdict:
    ruling = "FK-BLUFF-AT-LEAST"

    def test_the_call_says_what_the_bid_counts(self):
        s = faeker(actions=[top(4), bid("Bo", 2), pass_("Cy")])
        v = s.play(bluff("Ana"))
        assert (v.headline, v.rulings) == ("Ana calls Bo's bluff on 2", ("FK-BLUFF-AT-LEAST",))
        assert v.details == (f"Bo shows all 5 cards. The bid counts {HIGH.format(4)}.",)

    @pytest.mark.parametrize("row", BLUFFS, ids=[str(i) for i in range(len(BLUFFS))])
    def test_the_settled_bluff_shows_the_hand_the_count_and_who_is_paid(self, row):
        top_card, amount, hand, options, headline, target, counted, compare, pay, rulings, paid = (
            row
        )
        v = settled(top_card, amount, hand, **options)
        shown = ", ".join(
            "stone circle" if c == S else str(c) for c in sorted(hand, key=lambda c: (c == S, c))
        )
        assert v.headline == headline
        assert v.details == (target, f"Bo's hand: {shown}.", counted, compare, pay, NEXT)
        assert v.rulings == rulings
        assert v.changes == (ScoreChange(player=paid[0], before=0, after=paid[1]),)
        assert v.decisive


class TestShowdownVerdict:
    ruling = "FK-SHOWDOWN-RANK"

    def test_a_called_showdown_ranks_every_hand_card_by_card(self):
        s = faeker(actions=[top(S), bid("Bo", 1), bid("Cy", 2)])
        v = s.play(showdown("Ana"))
        assert v.headline == "Ana calls a showdown: Bo, Cy, Ana show their hands"
        assert v.details == (
            "Every player who has not passed, the caller included, shows 5 cards.",
        )
        assert v.rulings == ("FK-SHOWDOWN-CALL", "FK-SHOWDOWN-RANK")
        v = s.play(reveal("Ana", 5, 6, S, 1, 2))
        assert (v.headline, v.details) == (
            "Ana shows 1, 2, 5, 6, stone circle",
            ("Waiting for Bo's hand.",),
        )
        s.play(reveal("Bo", 5, 6, 3, 1, 2))
        v = s.play(reveal("Cy", 7, 4, 3, 1, 2))
        assert v.headline == "Cy wins the showdown"
        assert v.details == (
            "Cy: 7-4-3-2-1",
            "Bo: 6-5-3-2-1",
            "Ana: 6-5-2-1-0 (stone circle ranks 0)",
            "Cy beats Bo on the highest card: 7 against 6.",
            "Cy beats Ana on the highest card: 7 against 6.",
            "Cy takes the top card's 4 fae.",
            NEXT,
        )
        assert v.rulings == ("FK-SHOWDOWN-RANK",)
        assert v.changes == (ScoreChange(player="Cy", before=0, after=4),)
        assert v.decisive

    def test_a_stone_circle_ranks_as_the_top_number_and_a_tie_is_broken_further_down(self):
        s = faeker(actions=[top(5), bid("Bo", 1), bid("Cy", 2), showdown("Ana")])
        s.play(reveal("Ana", 4, 6, S, 1, 2))
        s.play(reveal("Bo", 6, 4, 3, 1, 2))
        v = s.play(reveal("Cy", 4, 3, 3, 1, 3))
        assert v.headline == "Ana wins the showdown"
        assert v.details == (
            "Ana: 6-5-4-2-1 (stone circle ranks 5)",
            "Bo: 6-4-3-2-1",
            "Cy: 4-3-3-3-1",
            "Ana beats Bo on the second card (the ones above are equal): 5 against 4.",
            "Ana beats Cy on the highest card: 6 against 4.",
            "Ana takes the top card's 3 fae.",
            NEXT,
        )

    def test_everyone_passing_goes_to_a_showdown_and_identical_hands_share(self):
        s = faeker(actions=[top(S), pass_("Bo"), pass_("Cy")], all_pass="showdown")
        v = s.play(pass_("Ana"))
        assert v.headline == "Everyone passed: showdown between all players"
        assert v.details == (
            "Ana passes and is out this round.",
            "Nobody bid, so every player shows their hand.",
        )
        assert v.rulings == ("FK-ALL-PASS-SHOWDOWN", "FK-SHOWDOWN-RANK")
        assert not v.decisive
        s.play(reveal("Ana", 5, 6, S, 1, 2))
        s.play(reveal("Bo", 5, 6, S, 1, 2))
        v = s.play(reveal("Cy", 4, 4, 3, 1, 2))
        assert v.headline == "Showdown tied: Ana and Bo each take 4 fae"
        assert v.details == (
            "Ana: 6-5-2-1-0 (stone circle ranks 0)",
            "Bo: 6-5-2-1-0 (stone circle ranks 0)",
            "Cy: 4-4-3-2-1",
            "Ana beats Cy on the highest card: 6 against 4.",
            "Identical hands: each takes the top card's 4 fae.",
            NEXT,
        )
        assert v.rulings == ("FK-SHOWDOWN-RANK", "FK-SHOWDOWN-TIE")
        assert v.changes == (
            ScoreChange(player="Ana", before=0, after=4),
            ScoreChange(player="Bo", before=0, after=4),
        )


class TestAllPass:
    ruling = "FK-ALL-PASS-VOID"

    def test_a_pass_puts_the_player_out_and_everyone_passing_scores_nothing(self):
        s = faeker(actions=[top(2)])
        v = s.play(pass_("Bo"))
        assert (v.headline, v.details, v.rulings) == (
            "Bo passes and is out this round.",
            ("Cy to act.",),
            ("FK-PASS-OUT",),
        )
        s.play(pass_("Cy"))
        v = s.play(pass_("Ana"))
        assert v.headline == "Everyone passed: nobody scores this round"
        assert v.details == (
            "Ana passes and is out this round.",
            "Nobody bid, so no cubes move.",
            NEXT,
        )
        assert v.rulings == ("FK-ALL-PASS-VOID",)
        assert v.decisive
