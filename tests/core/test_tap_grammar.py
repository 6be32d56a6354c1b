"""core/spoken.tap_grammar: a screen's buttons said by their names (Settle a dispute)."""

from referee.core.spoken import Tap, tap_grammar
from referee.games import GAMES

SAY_FAJ = GAMES["faj"].speech.label_words


def heard(grammar, text: str) -> list:
    return grammar.parse(text.split())


def test_a_button_is_said_by_its_name_with_its_numbers_in_words():
    g = tap_grammar(["Bid 3", "Settle"])
    assert heard(g, "bid three") == [Tap("Bid 3")]
    assert heard(g, "settle") == [Tap("Settle")]


def test_its_card_alone_says_it_where_no_other_button_shows_that_card():
    g = tap_grammar(["Board 10♥", "Ana plays 10♥", "Board 9♣"], SAY_FAJ)
    assert heard(g, "nine of clubs") == [Tap("Board 9♣")]
    assert heard(g, "ten of hearts") == []  # the board's or Ana's: neither
    assert heard(g, "ana plays ten of hearts") == [Tap("Ana plays 10♥")]
    assert heard(g, "plays ten of hearts") == []  # no half names


def test_two_buttons_of_the_same_last_word_need_their_whole_names():
    g = tap_grammar(["Add 5", "Bid 5"])
    assert heard(g, "five") == []
    assert heard(g, "add five") == [Tap("Add 5")]


def test_a_name_without_a_card_or_a_number_at_its_end_is_said_whole():
    g = tap_grammar(["Add a player", "Player 1 won 9♣"], SAY_FAJ)
    assert heard(g, "add a player") == [Tap("Add a player")]
    assert heard(g, "a player") == []
    assert heard(g, "of clubs") == []
    assert heard(g, "nine clubs") == [Tap("Player 1 won 9♣")]


def test_a_card_is_said_as_the_table_says_it():
    board = (("board",), ("ten", "of", "hearts")), (("board",), ("ten", "hearts"))
    assert SAY_FAJ("Board 10♥") == board
    assert (("ana", "plays"), ("q", "spades")) in SAY_FAJ("Ana plays Q♠")
    assert SAY_FAJ("Ana won black joker (high)")[0] == (("ana", "won"), ("black", "joker"))
