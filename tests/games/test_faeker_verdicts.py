"""Fae-ker verdicts read whole: a bluff settled for each kind of top card, a showdown, a
showdown tied, and a round everyone passed. Held line by line because one-token changes to
bidding.py, counting.py and rules.py went unseen by the other tests (tools/mutate.py)."""

import pytest

from referee.core.errors import IllegalAction
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
        (5, 6, 7, S, 1),
        {},
        "Bo told the truth: 4 for a bid of 3",
        f"Top card stone circle: {RUN}.",
        "Counted: 5, 6, 7, stone circle; run 4-5-6-7 (stone circle as 4); total 4.",
        "Bid 3, needs at least 3: 4 meets it.",
        "Bo takes the top card's 4 fae.",
        ("FK-BLUFF-AT-LEAST", "FK-COUNT-RUN"),
        ("Bo", 4),
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


def bluff_settled_with(cubes, supply):
    """Bo's true bid of 2 on a 4, called by Cy, when the table already holds `cubes`."""
    s = faeker(actions=[top(4), bid("Bo", 2), bluff("Cy")])
    state = s.state.model_copy(update=dict(cubes=cubes, supply=supply))
    return s.rules, *s.rules.apply(state, s.rules.parse_action(reveal("Bo", 5, 6, S, 1, 2)))


class TestGameEnd:
    ruling = "FK-GAME-END"

    def test_reaching_the_target_ends_the_game(self):
        rules, state, v = bluff_settled_with((0, 10, 0), 30)
        assert (state.phase, v.headline) == ("over", "Bo wins with 13 cubes")
        assert v.details[-1] == "Bo reached the target of 12 cubes."
        assert v.rulings[-1] == "FK-GAME-END"
        ended = rules.outcome(state)
        assert (ended.headline, ended.reason) == (
            "Bo wins with 13 cubes",
            "Bo reached the target of 12 cubes.",
        )
        assert (ended.decided, ended.rulings) == (
            ("0 cubes", "13 cubes", "0 cubes"),
            ("FK-GAME-END",),
        )

    def test_others_at_the_target_with_fewer_cubes_are_said(self):
        rules, state, _ = bluff_settled_with((12, 10, 0), 18)
        assert rules.outcome(state).reason == (
            "Bo reached the target of 12 cubes; others reached it too, with fewer cubes."
        )

    def test_a_short_supply_pays_what_it_holds_and_a_tie_shares_the_win(self):
        *_, v = bluff_settled_with((20, 18, 0), 2)
        assert v.headline == "Ana and Bo share the win with 20 cubes"
        assert v.details[-2:] == (
            "The supply holds only 2 cubes, so Bo takes 2.",
            "Ana and Bo reached the target of 12 cubes.",
        )
        assert "FK-SUPPLY-SHORT" in v.rulings


class TestRound:
    ruling = "FK-DEALER"

    @pytest.mark.parametrize(
        ("card", "headline", "counts", "rulings"),
        [
            (
                4,
                "Round 1: top card 4, worth 3 fae",
                "Bids count cards of 4 or higher (a stone circle counts as equal).",
                ("FK-DIE", "FK-DEALER", "FK-COUNT-HIGH", "FK-STONE-EQUAL"),
            ),
            (
                S,
                "Round 1: top card stone circle, worth 4 fae",
                "Bids count the longest run of consecutive numbers (each stone circle fills one "
                "gap; a run needs 2 cards).",
                ("FK-DIE", "FK-DEALER", "FK-COUNT-RUN"),
            ),
        ],
    )
    def test_the_top_card_opens_the_round(self, card, headline, counts, rulings):
        v = faeker().play(top(card))
        assert (v.headline, v.rulings) == (headline, rulings)
        assert v.details == ("Round die shows 1 (round 1).", "Dealer: Ana. Bo bids first.", counts)

    def test_a_lone_bid_and_a_tie_at_the_top_are_said(self):
        v = faeker(actions=[top(4), bid("Bo", 1), pass_("Cy"), pass_("Ana")]).verdicts[-1]
        assert v.headline == "Bo takes the round unopposed"
        assert v.details == (
            "Ana passes and is out this round.",
            "Bo's bid of 1 stands and everyone else passed.",
            "Top card 4 is worth 3 fae.",
            NEXT,
        )
        v = faeker(actions=[top(4), bid("Bo", 1), bid("Cy", 1), bid("Ana", 1)]).verdicts[-1]
        assert v.headline == "Tie at 1: showdown between Bo, Cy, Ana"
        assert v.details == (
            "Ana bids 1.",
            "Bo, Cy, Ana all bid 1; everyone else passed.",
            "Each of them shows their hand; the highest hand wins.",
        )

    @pytest.mark.parametrize(
        ("actions", "hand", "reason"),
        [
            (
                [top(4), bid("Bo", 2), bluff("Cy")],
                reveal("Cy", 5, 6, S, 1, 2),
                "Cy is not part of this bluff call.",
            ),
            (
                [top(4), bid("Bo", 1), bid("Cy", 1), bid("Ana", 1), reveal("Bo", 5, 6, S, 1, 2)],
                reveal("Bo", 5, 6, S, 1, 2),
                "Bo has already shown a hand.",
            ),
        ],
    )
    def test_a_hand_shown_out_of_place_is_refused_in_one_sentence(self, actions, hand, reason):
        s = faeker(actions=actions)
        with pytest.raises(IllegalAction) as refused:
            s.play(hand)
        assert refused.value.reason == reason
