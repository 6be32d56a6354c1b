"""Rules.ends_game: whether a move, played now, would end the game, asked of the rules
without playing it (a spoken move that would score the game is asked about first)."""

from tests.helpers import fairybucks, finale, lot, reveal_bucks

LOT = lot((5, "moon"), (3, "sun"), (2, "star"))
NOBODY_WINS = [LOT, reveal_bucks(Ana="poof", Bo="poof")]


def two_players_between_lots():
    return fairybucks(players=("Ana", "Bo"), actions=NOBODY_WINS)


def test_the_castle_and_final_scores_end_the_game():
    s = two_players_between_lots()
    assert s.rules.ends_game(s.state, s.rules.parse_action(finale(4, "book")))


def test_another_lot_does_not_end_the_game():
    s = two_players_between_lots()
    assert not s.rules.ends_game(s.state, s.rules.parse_action(lot((4, "moon"))))


def test_a_move_the_rules_refuse_ends_nothing():
    s = two_players_between_lots()
    assert not s.rules.ends_game(
        s.state, s.rules.parse_action(finale(1, "book"))
    )  # worth 1: not with two players


def test_asking_changes_nothing():
    s = two_players_between_lots()
    before = s.state
    s.rules.ends_game(s.state, s.rules.parse_action(finale(4, "book")))
    assert s.state == before
    assert not s.rules.is_over(s.state)
