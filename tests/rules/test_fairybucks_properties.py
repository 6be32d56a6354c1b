"""Random Fairy Bucks auctions: every Buck is in exactly one place, totals never negative."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.games.fairybucks.deck import BUCKS, SYMBOLS
from tests.helpers import assert_replays, fairybucks, play_checked

ITEM = st.fixed_dictionaries({"value": st.integers(0, 8), "symbol": st.sampled_from(SYMBOLS)})


def _likely_legal(data, state, rules):
    if state.phase == "lot":
        left = rules.items_left(state)
        if left == 0 or (left is None and data.draw(st.integers(0, 12)) == 0):
            return {"type": "finale", "castle_item": data.draw(ITEM)}
        size = min(3, left) if left is not None else data.draw(st.integers(1, 3))
        return {"type": "lot", "items": data.draw(st.lists(ITEM, min_size=size, max_size=size))}
    shows = []
    for seat in state.in_auction:
        hand = list(state.hands[seat])
        options = (
            hand * 3 + ([] if state.poof_spent[seat] else ["poof"]) + ([] if hand else ["none"])
        )
        shows.append(
            {"player": state.players[seat], "card": data.draw(st.sampled_from(options or ["none"]))}
        )
    return {"type": "reveal", "shows": shows}


def _anything(data, players):
    card = st.one_of(st.integers(-1, 12), st.sampled_from(["poof", "none", "joker"]))
    return data.draw(
        st.one_of(
            st.fixed_dictionaries(
                {"type": st.just("lot"), "items": st.lists(ITEM, min_size=0, max_size=4)}
            ),
            st.fixed_dictionaries(
                {
                    "type": st.just("reveal"),
                    "shows": st.lists(
                        st.fixed_dictionaries(
                            {"player": st.sampled_from([*players, "X"]), "card": card}
                        ),
                        max_size=6,
                    ),
                }
            ),
            st.fixed_dictionaries({"type": st.just("finale"), "castle_item": ITEM}),
        )
    )


def _check_bucks(state):
    for seat in range(len(state.players)):
        places = [*state.hands[seat], *state.showing[seat], *state.discarded[seat]]
        assert sorted(places) == list(BUCKS)  # each Buck in exactly one place
        assert state.total(seat) >= 0 and sum(state.hands[seat]) >= 0
        if state.out[seat]:
            assert state.showing[seat] == ()


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(2, 5),
    data=st.data(),
    deck=st.one_of(st.none(), st.integers(8, 30)),
    poof_returns=st.booleans(),
    stall=st.sampled_from(["discard_lot", "first_to_total"]),
)
def test_random_auctions_keep_every_buck_in_one_place(n, data, deck, poof_returns, stall):
    players = [f"P{i}" for i in range(n)]
    session = fairybucks(
        players=players, deck_size=deck, poof_returns=poof_returns, stalled_auction=stall
    )
    for _ in range(data.draw(st.integers(1, 120))):
        if session.is_over:
            break
        legal = data.draw(st.booleans()) or data.draw(st.booleans())
        action = (
            _likely_legal(data, session.state, session.rules) if legal else _anything(data, players)
        )
        play_checked(session, action)
        _check_bucks(session.state)
    assert_replays(session)
