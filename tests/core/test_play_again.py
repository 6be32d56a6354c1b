"""Play again (`rules.rematch`) and what the store keeps of a game (`rules.standing`), for
every game: the same table and options, the first seat handed on, a valid new game."""

import random

import pytest

from referee.core.record import GameRecord
from referee.core.rules import NEXT_SEAT_FALLBACK, GameRules, seat_fields
from referee.core.session import Session
from referee.games import GAMES


def played(kind: str, seed: int, steps: int = 400) -> Session:
    rules = GAMES[kind]
    players = ["Ana", "Bo", "Cy", "Di"][: max(rules.min_players, min(4, rules.max_players))]
    session = Session(rules, GameRecord(game=kind, players=players))
    rng = random.Random(seed)
    for _ in range(steps):
        action = rules.draw(session.state, rng)
        if action is None:
            break
        session.play(action)
    return session


@pytest.mark.parametrize("kind", sorted(GAMES))
class TestPlayAgain:
    def test_same_players_and_options_and_a_valid_new_game(self, kind):
        session = played(kind, 7)
        rules = session.rules
        again = rules.rematch(session.state)
        assert again.game == kind and again.players == tuple(session.players)
        seats = set(seat_fields(rules.options_model))
        before = session.options.model_dump(mode="json")
        assert {k: v for k, v in again.options.items() if k not in seats} == {
            k: v for k, v in before.items() if k not in seats
        }
        fresh = Session(rules, again.record)
        assert fresh.steps == [] and not fresh.is_over
        assert again.note.endswith(".") and "\n" not in again.note

    def test_the_standing_is_the_outcome_and_the_points(self, kind):
        for seed in range(3):
            session = played(kind, seed, steps=seed * 40)
            rules, state = session.rules, session.state
            st = rules.standing(state)
            ended = rules.outcome(state)
            assert st.finished == (ended is not None) == session.is_over
            assert st.places == (None if ended is None else ended.places)
            assert st.points == tuple(rules.points(state))
            assert st.summary == rules.summary(state)


class TestFallbackWhenNoRuleSaysWhoStarts:
    def test_each_seat_option_moves_one_seat_left_and_the_note_says_why(self):
        rules = GAMES["faeker"]
        session = Session(rules, GameRecord(game="faeker", players=["Ana", "Bo", "Cy"]))
        seats, why, rulings = GameRules.next_seats(rules, session.state)
        assert seats == {"first_dealer": 1} and why == NEXT_SEAT_FALLBACK and rulings == ()

    def test_games_without_a_seat_option_keep_every_option(self):
        session = played("fairy", 1)
        again = session.rules.rematch(session.state)
        assert again.note == "Same players, same options." and again.rulings == ()


def test_seat_options_are_the_first_dealer_and_the_first_liar():
    found = {kind: seat_fields(GAMES[kind].options_model) for kind in GAMES}
    assert found == {
        "faeker": ("first_dealer",),
        "deceptidice": ("first_liar",),
        "faj": (),
        "fairy": (),
        "fairybucks": (),
    }
