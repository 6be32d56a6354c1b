"""Random Faces, Aces & Jokers games: every trick card is in exactly one place, always."""

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.games.faj.deck import BOARD_SIZES, DRAFT_CARDS, TRICK_CARDS
from tests.helpers import assert_replays, faj, play_checked


def _likely_legal(data, state):
    n = len(state.players)
    if state.phase == "board":
        if state.drafting and data.draw(st.integers(0, 3)) == 0:
            seat = data.draw(st.integers(0, n - 1))
            return {
                "type": "draft_pick",
                "player": state.players[seat],
                "card": data.draw(st.sampled_from(DRAFT_CARDS)),
            }
        left = [c for c in TRICK_CARDS if c not in state.used_trick_cards]
        cards = data.draw(st.permutations(left))[: BOARD_SIZES[state.trick - 1]]
        return {"type": "board", "cards": list(cards)}
    free = [c for c in DRAFT_CARDS if c not in state.played]
    chosen = data.draw(st.permutations(free))[:n]
    plays = []
    for seat, card in enumerate(chosen):
        picks = state.picks[seat]
        if len(picks) == 4:
            card = data.draw(st.sampled_from([c for c in picks if c not in state.played] or [card]))
        plays.append({"player": state.players[seat], "card": card})
    return {"type": "plays", "plays": plays}


def _anything(data, players):
    card = st.sampled_from([*TRICK_CARDS, *DRAFT_CARDS, "ZZ"])
    return data.draw(
        st.one_of(
            st.fixed_dictionaries(
                {"type": st.just("board"), "cards": st.lists(card, min_size=0, max_size=5)}
            ),
            st.fixed_dictionaries(
                {
                    "type": st.just("draft_pick"),
                    "player": st.sampled_from([*players, "X"]),
                    "card": card,
                }
            ),
            st.fixed_dictionaries(
                {
                    "type": st.just("plays"),
                    "plays": st.lists(
                        st.fixed_dictionaries({"player": st.sampled_from(players), "card": card}),
                        max_size=5,
                    ),
                }
            ),
        )
    )


def _check_cards(state):
    placed = Counter(state.board) + Counter(c for pile in state.won for c in pile)
    assert all(n == 1 for n in placed.values())  # never in two places, never twice
    assert set(placed) <= set(TRICK_CARDS)
    assert len(set(state.played)) == len(state.played)  # draft cards once per round


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 4), tie=st.sampled_from(["share", "more_cards"]), data=st.data())
def test_random_games_keep_every_card_in_one_place(n, tie, data):
    players = [f"P{i}" for i in range(n)]
    session = faj(players=players, final_tie=tie)
    for _ in range(data.draw(st.integers(1, 80))):
        if session.is_over:
            break
        legal = data.draw(st.booleans()) or data.draw(st.booleans())
        action = _likely_legal(data, session.state) if legal else _anything(data, players)
        play_checked(session, action)
        _check_cards(session.state)
    if session.is_over:
        assert sum(len(p) for p in session.state.won) == 30
        places = [s.place for s in session.rules.final(session.state)]
        assert places[0] == 1 and places == sorted(places)
    assert_replays(session)
