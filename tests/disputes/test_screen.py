"""The dispute screen without a browser: taps (its handlers) build the same dispute data the
CLI takes, the verdict appears once the input is complete, and a game prefills it."""

import random

from referee.games import GAMES
from referee.ui.screens.settle.dispute import DisputeScreen, from_game


def screen(prefill=None):
    saved = []
    s = DisputeScreen(lambda **_: None, lambda d, r: saved.append((d, r)) or True, prefill)
    return s, saved


def test_faj_showdown_taps_to_a_saved_verdict():
    s, saved = screen()
    s.choose_game("faj")
    s.choose_kind("faj_showdown")
    s.add_player()
    assert s.settled() == (None, None, None)
    for seat, cards in enumerate([["10S", "9S", "8S", "7S", "6S"], ["10H", "10D", "10C"], ["2C"]]):
        s.active = seat
        for c in cards:
            s.form._toggle_pile(c)
    s.active = 1
    s.form._toggle_pile("10S")  # Player 1 holds it: the grid disables it; a tap changes nothing
    assert "10S" not in s.form.piles[1]
    s.view()
    data, result, problem = s.settled()
    assert problem is None and result.winners == ("Player 1",)
    assert result.headline.startswith("Player 1 wins with straight flush")
    s._save(data, result)
    assert saved and s.saved


def a_bluff_a_card_short():
    """A Fae-ker bluff call entered but for the hand's last card (a 2: the bid holds)."""
    s, _ = screen()
    s.choose_game("faeker")
    s.choose_kind("faeker_bluff")
    s.form._set_top(4)
    s.form._set(bid=3)
    for c in (4, 5, 0, 1):
        s.form._add_card(c)
    return s


def test_faeker_bluff_and_fairy_guesses_complete_only_when_all_is_in():
    s = a_bluff_a_card_short()
    assert s.dispute() is None
    s.form._add_card(2)
    s.view()
    assert s.settled()[1].headline == "Player 1 told the truth: 3 for a bid of 3"

    f, _ = screen()
    f.choose_game("fairy")
    f.choose_kind("fairy_guesses")
    f.form._fairy_top(9)
    f.form._set(revealed=11)
    f.form._guess(0, "catch")
    assert f.dispute() is None
    f.form._guess(1, "lower")
    f.view()
    assert f.settled()[1].facts["points"] == {"Player 1": 7, "Player 2": -1}


def test_a_game_in_progress_prefills_the_screen():
    rules = GAMES["faj"]
    rng = random.Random(3)
    state = rules.new_state(["Ana", "Bo", "Cy"], rules.parse_options({}))
    while state.phase != "over":
        state = rules.apply(state, rules.draw(state, rng))[0]
    s, _ = screen(from_game("faj", state))
    assert s.kind == "faj_showdown" and s.names == ["Ana", "Bo", "Cy"]
    s.view()
    assert s.settled()[1].headline == rules.outcome(state).headline


def test_deceptidice_guess_builders_and_tops():
    s, _ = screen()
    s.choose_game("deceptidice")
    s.choose_kind("deceptidice_higher")
    s.view()
    s.form._set(previous={"form": "number", "count": 3, "number": 4})
    s.form.guess.update(form="colour", count=3, colour="R")
    s.view()
    assert s.settled()[1].facts == {"higher": False}
    s.form.guess["count"] = 4
    assert s.settled()[1].headline == "Yes: 4 Red cards is higher than 3 cards with a 4"

    c, _ = screen()
    c.choose_game("deceptidice")
    c.choose_kind("deceptidice_challenge")
    c.form.guess.update(form="number", count=2, number=4)
    for card in ("R4", "B4", "G1"):
        c.form._add_top(card)
    # No verdict while a player's dice are missing: it would read as final.
    assert c.settled() == (None, None, None)
    c.active = 1
    c.form._add_top("Y4")
    c.form._add_top("R4")
    c.form._add_top("R4")  # the deck holds each card twice: the third is refused by the grid
    assert c.form.tops[1] == ["Y4", "R4"]
    c.view()
    c.form.tops[1] = ["Y4"]
    assert (
        c.settled()[1].headline == "Player 2 loses: there are 3 cards with a 4, so the guess holds"
    )


def test_a_deceptidice_challenge_prefills_from_the_game():
    rules = GAMES["deceptidice"]
    rng = random.Random(5)
    state = rules.new_state(["Ana", "Bo", "Cy"], rules.parse_options({"straights": True}))
    while state.round.challenger is None:
        state = rules.apply(state, rules.draw(state, rng))[0]
    s, _ = screen(from_game("deceptidice", state))
    assert s.kind == "deceptidice_challenge" and s.form.variants["straights"]
    assert s.form.guesser == state.players[state.round.last.seat]
    s.view()


def test_fairybucks_reveal_and_finale():
    s, _ = screen()
    s.choose_game("fairybucks")
    s.choose_kind("fairybucks_reveal")
    s.form._set(high="Player 1")
    s.form._toggle_showing(5)
    s.form._show(4)  # moves on to Player 2
    assert s.active == 1
    s.form._toggle_showing(6)
    s.view()
    assert s.dispute() is None
    s.form._show(2)
    s.view()
    result = s.settled()[1]
    assert result.headline == "Player 1 wins the lot: High Bidder for the 2nd reveal in a row"
    assert result.facts["discards"] == {"Player 1": [4, 5], "Player 2": [2]}

    f, _ = screen()
    f.choose_game("fairybucks")
    f.choose_kind("fairybucks_finale")
    f.form._toggle_hand_buck(9)
    f.form._set(item_value=3)
    f.form._add_item("moon", castle=False)
    f.active = 1
    f.form._toggle_hand_buck(2)
    f.view()
    assert f.dispute() is None
    f.form._add_item("sun", castle=True)
    f.view()
    assert f.settled()[1].headline == "Player 1 wins with 6 points"


def test_a_trick_in_progress_offers_only_the_cards_the_rules_allow():
    rules = GAMES["faj"]
    rng = random.Random(11)
    state = rules.new_state(["Ana", "Bo"], rules.parse_options({}))
    while not (state.phase == "play" and state.trick == 3):
        state = rules.apply(state, rules.draw(state, rng))[0]
    s, _ = screen(from_game("faj", state))
    assert s.kind == "faj_trick" and s.form.board == list(state.board)
    menu = dict(rules.choices(state).playable)
    played = set(state.deal.played)
    assert played and not played & set(s.pre["playable"][0])
    assert s.pre["playable"] == {seat: list(cards) for seat, cards in menu.items()}
    s.active = 0
    s.view()


class TestFairyFromAGame:
    """FY-HIDDEN: during play the dispute screen gets no earlier cards unless the table
    allowed the memory aid; FY-SUITS-HAND: suits entered by hand come along."""

    HAND_SUITS = "1 4 7 10 13 16 19 / 2 5 8 11 14 17 20 / 3 6 9 12 15 18 21"

    def state(self, **options):
        rules = GAMES["fairy"]
        state = rules.new_state(["Ana", "Bo"], rules.parse_options(options))
        return state.model_copy(update=dict(phase="guess", pile=(7, 19, 2, 5), turns=3))

    def test_without_the_memory_aid_the_earlier_cards_stay_hidden(self):
        pre = from_game("fairy", self.state())
        assert pre["top"] == 5 and "seen" not in pre
        s, _ = screen(pre)
        s.choose_kind("fairy_chances")
        assert s.dispute()["seen"] == []

    def test_with_the_memory_aid_the_earlier_cards_come_along(self):
        assert from_game("fairy", self.state(memory_aid=True))["seen"] == [7, 19, 2]

    def test_suits_entered_by_hand_decide_the_same_suit_guess(self):
        state = self.state(suits="by_hand", suit_cards=self.HAND_SUITS)
        s, _ = screen(from_game("fairy", state))
        s.form.revealed = 8  # 5 and 8 share suit B by hand, not by the numbers
        s.form.guesses = ["same_suit", "higher"]
        data, result, problem = s.settled()
        assert problem is None and data["suit_cards"] == self.HAND_SUITS
        assert result.winners == ("Ana", "Bo") and "FY-SUITS-HAND" in result.rulings


def test_fairy_points_take_each_players_score_for_the_floor():
    """FY-FLOOR: a player entered at −4 loses nothing on a wrong guess."""
    s, _ = screen()
    s.choose_game("fairy")
    s.choose_kind("fairy_guesses")
    s.form._fairy_top(9)
    s.form.revealed = 11
    for _ in range(6):
        s.form._score(0, -1)  # stops at the floor
    assert s.form.scores[0] == -4
    s.form.guesses = ["lower", "higher"]  # 11 on 9: Player 1 is wrong, at the floor
    s.view()
    data, result, problem = s.settled()
    assert problem is None and data["guesses"][0]["score"] == -4
    assert result.facts["points"]["Player 1"] == 0
    assert "FY-FLOOR" in result.rulings


def test_the_verdicts_box_is_in_its_place_before_the_verdict_comes():
    """Coming with the last card, the verdict pushed every button below it down under
    the next quick tap: its box stands in the same place from the start."""

    s = a_bluff_a_card_short()
    before = [type(p).__name__ for p in s.view().content.controls]
    s.form._add_card(2)
    after = [type(p).__name__ for p in s.view().content.controls]
    assert s.settled()[1] is not None
    # Everything above the verdict's reasons (title, box, the pickers) keeps its place.
    assert after[: len(before)] == before
