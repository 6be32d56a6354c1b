"""What now? at the tricky moments of each game, named after the ruling they teach: the
sentences say this state's numbers, and every refusal is the rules' own message."""

from referee.core.whatnow import what_now
from tests.helpers import (
    bid,
    bluff,
    board,
    dd_challenge,
    dd_guess,
    dd_number,
    deceptidice,
    faeker,
    fairy,
    fairy_turn,
    fairybucks,
    faj,
    lot,
    opening,
    pass_,
    plays,
    reveal,
    reveal_bucks,
    top,
)


def told(session, **kw):
    return what_now(session.rules, session.state, **kw)


def by_kind(moves):
    return {m.kind: m for m in moves}


def refused_reasons(now):
    return [m.reason for m in now.refused]


# -- whose rule it is ---------------------------------------------------------------------


def test_every_ruling_says_whose_it_is_and_names_the_option_that_changes_it_by_title():
    from referee.games import GAMES

    for rules in GAMES.values():
        titles = {f.title for f in rules.options_model.model_fields.values()}
        for ruling in rules.rulings:
            cited = rules.rulings.cited(ruling.id)
            assert cited.source in ("printed", "reading", "house")
            if ruling.source == "house":  # a house rule is in force under its option
                assert cited.option in titles
            if ruling.changed_by:
                assert f"option '{cited.option}' changes it" in cited.whose
            assert ruling.id not in cited.words + cited.short


# -- Fae-ker ---------------------------------------------------------------------------


def test_fk_bid_headline_names_the_bid_to_beat_and_the_bluff_on_it():
    now = told(faeker(actions=[top(3), bid("Bo", 2)]))
    assert now.headline == (
        "Cy to act: bid 2 or more, pass, call a showdown, or call a bluff on Bo's 2."
    )
    assert "Bid to beat: Bo's 2." in now.facts


def test_fk_bluff_at_least_says_what_each_side_takes():
    bluff_call = by_kind(told(faeker(actions=[top(3), bid("Bo", 2)])).allowed)["A bluff call"]
    assert bluff_call.ruling == "FK-BLUFF-AT-LEAST"
    # "At least" is the referee's reading (the rulebook says only "telling the truth"),
    # which a house option changes: said so, by the option's title.
    assert bluff_call.ruling_words.startswith(
        "The referee's reading (the rules are silent; option 'Bluff needs the exact count' "
        "changes it): A bluff call ends the bidding"
    )
    assert bluff_call.cited.source == "reading"
    # top card 3 is worth 3 fae: a true bid takes 3, a caught bluff gives the caller 3 + 1
    assert "Bo takes 3 cubes, otherwise Cy takes 4 — the referee's reading" in (bluff_call.sentence)


def test_fk_pass_out_passing_is_final_is_said_as_the_referees_reading():
    now = told(faeker(actions=[top(3), bid("Bo", 2)]))
    passing = by_kind(now.allowed)["A pass"]
    assert passing.sentence == (
        "Cy may pass, and is then out of the bidding this round — the referee's reading "
        "(the rules are silent)."
    )
    assert passing.cited.words.startswith("The referee's reading (the rules are silent): ")
    assert by_kind(now.allowed)["A bid"].cited.words.startswith("The printed rules: ")


def test_fk_pass_out_a_bid_after_passing_cites_passing_is_final_not_bidding():
    now = told(faeker(actions=[top(3), bid("Bo", 2), pass_("Cy")]))
    cy = next(m for m in now.refused if getattr(m.example, "player", None) == "Cy")
    assert cy.ruling == "FK-PASS-OUT"
    assert cy.cited.short == "Passing is final — the referee's reading (the rules are silent)"


def test_fk_bid_nobody_can_call_a_bluff_before_a_bid():
    bluff_call = by_kind(told(faeker(actions=[top(3)])).refused)["A bluff call"]
    assert bluff_call.sentence == bluff_call.reason  # the panel says what the verdict says
    assert bluff_call.reason == "Nobody can call a bluff yet: no bid has been made."


def test_fk_pass_out_a_player_who_passed_cannot_bid_again():
    now = told(faeker(actions=[top(3), bid("Bo", 2), pass_("Cy")]))
    cy = next(m for m in now.refused if getattr(m.example, "player", None) == "Cy")
    assert cy.sentence == "Cy cannot bid again this round."
    assert cy.reason == "Cy passed and is out of the bidding this round."


def test_fk_dealer_the_round_starts_with_the_dealer_named():
    assert told(faeker()).headline == "Ana to deal and turn up the top card."


def test_fk_end_tie_the_tied_show_and_the_tie_break_is_said():
    now = told(faeker(actions=[top(3), bid("Bo", 2), bid("Cy", 2), pass_("Ana")]))
    assert now.headline == "Bo and Cy to show their hands."
    assert "Tie at 2: Bo and Cy bid it and everyone else passed." in now.facts
    assert "compared card by card" in now.next and "each take them" in now.next


def test_fk_dealer_the_next_round_is_dealt_by_the_next_seat_by_the_referees_reading():
    now = told(faeker(actions=[top(3), bid("Bo", 2), bluff("Cy"), reveal("Bo", 5, 6, 1, 1, 1)]))
    assert now.next == (
        "Round 2: Bo deals, the deal moving one seat left each round — the referee's reading "
        "(the rules are silent); Cy, on the dealer's left, bids first."
    )
    assert now.next_cited.id == "FK-DEALER" and now.next_cited.source == "reading"
    assert now.as_json()["next_ruling"]["whose"] == "reading"


# -- Fairy -----------------------------------------------------------------------------

FAIRIES_TIED = [
    opening(1),
    *fairy_turn(4, Ana="catch", Bo="catch", Cy="lower"),
    *fairy_turn(11, Ana="catch", Bo="catch", Cy="lower"),
    *fairy_turn(18, Ana="catch", Bo="catch", Cy="lower"),
]


def test_fy_playoff_only_the_tied_guess_and_the_others_are_refused():
    now = told(fairy(actions=FAIRIES_TIED))
    assert now.to_act == ("Ana", "Bo")
    assert now.headline == "Ana and Bo to guess at once: higher, lower, same suit, or catch."
    assert "Cy is out of the play-off: only Ana and Bo guess." in refused_reasons(now)
    assert now.next.startswith("Play-off: Ana and Bo were tied at the top")
    assert by_kind(now.allowed)["The guesses"].ruling == "FY-PLAYOFF"


def test_fy_guess_says_who_still_has_to_choose():
    now = told(fairy(actions=[opening(10)]), picked={1})
    assert "Still to choose: Ana and Cy." in now.facts
    assert "Bo" not in " ".join(f for f in now.facts if f.startswith("Still"))
    assert "+7" in by_kind(now.allowed)["The guesses"].sentence
    guesses = ("Higher", "Lower", "Same suit", "Catch the fairy")
    assert now.choosing == (("Ana", guesses), ("Cy", guesses))


def test_fy_guess_the_headline_names_only_who_has_not_guessed():
    session = fairy(actions=[opening(10)])
    assert told(session).headline.startswith("Ana, Bo and Cy to guess at once:")
    assert told(session, picked={1}).headline.startswith("Ana and Cy to guess at once:")
    assert told(session, picked={0, 1}).headline.startswith("Cy to guess:")
    assert told(session, picked={0, 1}).to_act == ("Cy",)


# -- Fairy Bucks -----------------------------------------------------------------------


def test_fb_poof_a_player_who_poofed_is_out_and_the_high_bidder_is_told():
    now = told(
        fairybucks(
            actions=[
                lot((5, "moon"), (3, "sun"), (2, "star")),
                reveal_bucks(Ana="poof", Bo=3, Cy=2),
            ]
        )
    )
    assert now.to_act == ("Bo", "Cy")
    assert "Ana Poofed and is out of this auction." in refused_reasons(now)
    assert now.next.startswith("Bo is High Bidder: if Bo is High Bidder again")
    assert "Totals showing after 1 reveal: Bo 3, Cy 2." in now.facts


# -- Faces, Aces & Jokers --------------------------------------------------------------


def test_faj_draft_log_a_card_played_this_round_cannot_be_played_again():
    now = told(faj(actions=[board("7H"), plays(Ana="AS", Bo="KS", Cy="QS"), board("2C", "3C")]))
    assert now.headline == "Ana, Bo and Cy to play a card at once for trick 2."
    again = next(m for m in now.refused if "was already played this round" in m.reason)
    # The ruling the card breaks (one of each card in the draft deck), not the trick order.
    assert again.ruling == "FAJ-DECKS"
    assert by_kind(now.allowed)["The cards played"].ruling == "FAJ-WIN-JACK"
    assert "Board: 2♣, 3♣; trump clubs ♣." in now.facts


def test_fb_castle_is_not_offered_before_the_first_lot():
    now = told(fairybucks())
    assert [m.kind for m in now.allowed] == ["A new lot"]
    assert "castle" not in now.headline.lower() and not now.next
    castle = by_kind(now.refused)["The castle item"]
    assert castle.reason == (
        "The castle item is turned up after the last lot: turn up the first lot."
    )


def test_faj_rounds_a_round_starts_with_the_draft_then_the_board():
    now = told(faj())
    assert now.headline == (
        "Round 1: draft (4 cards each, keep one, pass the rest right), then turn up the board "
        "(1 card)."
    )
    assert "shuffle" not in now.next and "keep one" not in now.next  # the draft is now
    assert (
        now.next == "Once the board is out, Ana, Bo and Cy each play a draft card at once for it."
    )


# -- Deceptidice -----------------------------------------------------------------------


def test_dd_guess_says_a_guess_is_the_count_then_the_target():
    opening_guess = told(deceptidice()).allowed[0]
    assert opening_guess.sentence == (
        "Ana, the Liar, opens the round with a guess: the count of cards first, then the "
        "target, a number or a colour (e.g. 1 card with a 6)."
    )
    higher = told(deceptidice(actions=[dd_guess("Ana", dd_number(2, 6))])).allowed[0]
    assert "a count of 3 or more: the count of cards first, then the target" in higher.sentence


def test_dd_challenge_says_who_loses_either_way_and_the_loser_is_the_next_liar():
    opened = told(deceptidice())
    assert "There is no guess to challenge yet: the Liar opens the round with a guess." in (
        refused_reasons(opened)
    )
    now = told(deceptidice(actions=[dd_guess("Ana", dd_number(2, 6)), dd_challenge("Bo")]))
    assert now.next == (
        "When the tops are in: a true guess makes Bo lose the round, a false one Ana; the "
        "loser discards a die and is the next Liar."
    )


def test_dd_variant_moves_are_taught_only_at_a_table_that_plays_the_variant():
    # DD-REVEAL and DD-SWAP are variants: a table without them is not told of moves its
    # game never has.
    plain = told(deceptidice())
    kinds = {m.kind for m in (*plain.allowed, *plain.refused)}
    assert not kinds & {"A revealed die", "A swap", "Keeping the cards"}
    variant = told(deceptidice(reveal_dice=True, swap="draw_pile"))
    assert [m.kind for m in variant.allowed] == ["A revealed die"]
    assert {"A swap", "Keeping the cards"} <= {m.kind for m in variant.refused}


def test_game_over_says_the_result_and_who_starts_the_next_game():
    session = faeker(players=("Ana", "Bo"))
    rules = session.rules
    state = session.state.model_copy(update={"cubes": (15, 0), "supply": 25})
    state, _ = rules.end_round(state)
    now = what_now(rules, state)
    assert now.headline.startswith("The game is over: Ana")
    assert not now.allowed
    assert now.next.startswith("To play again: First dealer: Bo")
