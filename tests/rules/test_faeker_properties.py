"""Random Fae-ker games, legal and illegal moves mixed: invariants that must always hold."""

import contextlib

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.errors import RefereeError
from referee.games.faeker.deck import COPIES, SUPPLY
from tests.helpers import assert_replays, faeker, play_checked

CARDS = list(COPIES)


def _remaining(state):
    seen = [state.top, *(c for _, hand in state.hands for c in hand)]
    left = []
    for card, n in COPIES.items():
        left += [card] * (n - seen.count(card))
    return left


def _likely_legal(data, state):
    """An action that is usually legal in this state, so games reach their end."""
    if state.phase == "top":
        return {"type": "top_card", "card": data.draw(st.sampled_from(CARDS))}
    if state.phase == "reveal":
        cards = data.draw(st.permutations(_remaining(state)))[:5]
        return {"type": "reveal", "player": state.current_player, "cards": list(cards)}
    player = state.current_player
    high = state.highest_bid or 0
    return data.draw(
        st.sampled_from(
            [
                {
                    "type": "bid",
                    "player": player,
                    "amount": min(5, high + data.draw(st.integers(0, 2))),
                },
                {"type": "bid", "player": player, "amount": high},
                {"type": "pass", "player": player},
                {"type": "pass", "player": player},
                {"type": "showdown", "player": player},
                {"type": "bluff", "player": player},
            ]
        )
    )


def _anything(data, players):
    """An arbitrary action, often malformed or out of turn."""
    return data.draw(
        st.one_of(
            st.fixed_dictionaries({"type": st.just("top_card"), "card": st.integers(-1, 9)}),
            st.fixed_dictionaries(
                {
                    "type": st.just("bid"),
                    "player": st.sampled_from([*players, "X"]),
                    "amount": st.integers(-1, 7),
                }
            ),
            st.fixed_dictionaries(
                {
                    "type": st.sampled_from(["pass", "showdown", "bluff", "nonsense"]),
                    "player": st.sampled_from(players),
                }
            ),
            st.fixed_dictionaries(
                {
                    "type": st.just("reveal"),
                    "player": st.sampled_from(players),
                    "cards": st.lists(st.integers(-1, 8), min_size=0, max_size=6),
                }
            ),
        )
    )


@st.composite
def table(draw):
    n = draw(st.integers(2, 6))
    options = {
        "stone_circles_always_count": draw(st.booleans()),
        "bluff_needs_exact": draw(st.booleans()),
        "all_pass": draw(st.sampled_from(["no_score", "showdown"])),
        "first_dealer": draw(st.integers(0, n - 1)),
    }
    return [f"P{i}" for i in range(n)], options


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=table(), data=st.data())
def test_random_games_keep_every_invariant(setup, data):
    players, options = setup
    session = faeker(players=players, **options)
    for _ in range(data.draw(st.integers(1, 150))):
        if session.is_over:
            break
        legal = data.draw(st.booleans()) or data.draw(st.booleans())
        action = _likely_legal(data, session.state) if legal else _anything(data, players)
        play_checked(session, action)
        state = session.state
        # Cubes are never made or lost.
        assert sum(state.cubes) + state.supply == SUPPLY
        assert state.supply >= 0 and min(state.cubes) >= 0
    assert_replays(session)


@settings(max_examples=60, deadline=None)
@given(setup=table(), data=st.data())
def test_undo_then_redo_returns_to_the_same_state(setup, data):
    players, options = setup
    session = faeker(players=players, **options)
    for _ in range(data.draw(st.integers(1, 40))):
        if session.is_over:
            break
        with contextlib.suppress(RefereeError):
            session.play(_likely_legal(data, session.state))
    states = [s.state for s in session.steps]
    k = data.draw(st.integers(0, len(states)))
    for _ in range(k):
        session.undo()
    assert session.state == (states[-k - 1] if k < len(states) else session.initial)
    for _ in range(k):
        session.redo()
    assert [s.state for s in session.steps] == states
