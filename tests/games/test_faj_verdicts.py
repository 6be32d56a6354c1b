"""Faces, Aces & Jokers verdicts read whole: the board and its trump, a trick taken by a
joker, by the highest trump and by the highest card, the round's end, and the game's final
showdown. Held line by line because one-token changes to rules.py, tricks.py and
showdown.py went unseen by the other tests (tools/mutate.py)."""

from referee.core.verdict import ScoreChange
from referee.games.faj.deck import TRICK_CARDS
from tests.helpers import board, faj, plays


class TestTrump:
    ruling = "FAJ-TRUMP"

    def test_a_board_says_its_suit_totals_and_trump(self):
        s = faj()
        v = s.play(board("7H"))
        assert v.headline == "Round 1, trick 1: Hearts ♥ are trump"
        assert v.details == (
            "Board: 7♥.",
            "Suit totals: ♥ 7. The highest total is unique: trump hearts ♥.",
        )
        assert (v.rulings, v.decisive) == (("FAJ-TRUMP",), False)

    def test_a_shared_highest_total_means_no_trump(self):
        s = faj(actions=[board("7H"), plays(Ana="AS", Bo="KS", Cy="QS")])
        v = s.play(board("2H", "2C"))
        assert v.headline == "Round 1, trick 2: There is no trump: the highest suit total is shared"
        assert v.details == (
            "Board: 2♥ 2♣.",
            "Suit totals: ♥ 2, ♣ 2. The highest total is shared: no trump.",
        )
        assert s.state.trump is None
        assert s.play(plays(Ana="AH", Bo="KH", Cy="QH")).details[0] == "Board: 2♥ 2♣ (no trump)."


class TestTricks:
    ruling = "FAJ-TAKE-BOARD"

    def test_a_round_of_tricks_taken_by_jokers_and_trumps(self):
        s = faj(actions=[board("7H")])
        v = s.play(plays(Ana="HJ", Bo="AH", Cy="QS"))
        assert v.headline == "Ana wins trick 1 of round 1 with black joker (high)"
        assert v.details == (
            "Board: 7♥ (trump hearts ♥).",
            "Played: Ana black joker (high), Bo A♥, Cy Q♠.",
            "Ana wins: the black joker (high) takes it.",
            "Ana takes 7♥ into their won pile (1 card).",
        )
        assert v.rulings == ("FAJ-WIN-JOKER", "FAJ-TAKE-BOARD")
        assert v.changes == (ScoreChange(player="Ana", before=0, after=1),)
        assert v.decisive
        s.play(board("2H", "5C"))
        v = s.play(plays(Ana="KH", Bo="KC", Cy="LJ"))
        assert v.headline == "Cy wins trick 2 of round 1 with red joker (low)"
        assert v.details[2:] == (
            "Cy wins: the red joker (low) takes it.",
            "Cy takes 2♥ 5♣ into their won pile (2 cards).",
        )
        s.play(board("2C", "5S", "6D"))
        v = s.play(plays(Ana="AD", Bo="QC", Cy="JS"))
        assert v.details == (
            "Board: 2♣ 5♠ 6♦ (trump diamonds ♦).",
            "Played: Ana A♦, Bo Q♣, Cy J♠.",
            "Ana wins: A♦ is the highest trump (diamonds).",
            "Ana takes 2♣ 5♠ 6♦ into their won pile (4 cards).",
        )
        assert v.rulings == ("FAJ-WIN-TRUMP", "FAJ-TAKE-BOARD")
        assert v.changes == (ScoreChange(player="Ana", before=1, after=4),)
        s.play(board("2S", "4S", "3D", "3C"))
        v = s.play(plays(Ana="JC", Bo="AC", Cy="AS"))
        assert v.details[-2:] == (
            "Cy takes 2♠ 4♠ 3♦ 3♣ into their won pile (6 cards).",
            "Round 1 is over. Round 2: shuffle the draft deck and draft again.",
        )
        assert (s.state.round, s.state.trick) == (2, 1)


class TestHands:
    ruling = "FAJ-HANDS"

    def test_the_last_trick_ends_the_game_with_the_best_poker_hands(self):
        s = faj(players=("Ana", "Bo"))
        cards = iter(TRICK_CARDS[::-1])  # high cards first: Ana's aces take them
        for rnd in range(3):
            aces, kings = ["AS", "AH", "AD", "AC"], ["KS", "KH", "KD", "KC"]
            ana, bo = (aces, kings) if rnd < 2 else (kings, aces)
            for size in (1, 2, 3, 4):
                s.play(board(*[next(cards) for _ in range(size)]))
                v = s.play(plays(Ana=ana[size - 1], Bo=bo[size - 1]))
        assert v.headline == "Ana wins with straight flush, 6 to 10 of spades"
        assert v.details == (
            "Bo wins trick 4 of round 3 with A♣.",
            "Board: 4♦ 4♣ 3♠ 3♥ (no trump).",
            "Played: Ana K♣, Bo A♣.",
            "Bo wins: A♣ is the highest card (ace high; equal ranks by suit, spades highest).",
            "Bo takes 4♦ 4♣ 3♠ 3♥ into their won pile (10 cards).",
            "Game over. Best poker hands from the cards won:",
            "1. Ana: straight flush, 6 to 10 of spades — 10♠ 9♠ 8♠ 7♠ 6♠",
            "2. Bo: four of a kind, 5s — 5♠ 5♥ 5♦ 5♣ 4♠",
            "Ana's straight flush beats Bo's four of a kind.",
            "Ana wins.",
        )
        assert v.rulings == ("FAJ-WIN-HIGH", "FAJ-TAKE-BOARD", "FAJ-HANDS")
        assert v.changes == (ScoreChange(player="Bo", before=6, after=10),)
        ended = s.rules.outcome(s.state)
        assert ended.headline == "Ana wins with straight flush, 6 to 10 of spades"
        assert ended.reason == "Ana's straight flush beats Bo's four of a kind."
        assert (ended.rulings, ended.places) == (("FAJ-HANDS",), (1, 2))
        assert ended.decided == ("straight flush, 6 to 10 of spades", "four of a kind, 5s")
