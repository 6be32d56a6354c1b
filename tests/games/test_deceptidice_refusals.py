"""Every refusal is one sentence of at most 200 characters, even with the longest names.

Random legal play (the contract's own `draw`) at tables of 40-character names with random
options; at every state, mutated and hand-made bad actions are tried: each must be refused
with one short line, and a refused action changes nothing (apply is pure).
"""

import random

import pytest

from referee.core.errors import RefereeError
from referee.core.names import MAX_NAME_LENGTH, MAX_REASON
from referee.games.deceptidice import RULES
from referee.games.deceptidice.model import DeceptidiceOptions
from tests.contract.test_random_play import mutate

GAMES = 120
STEPS = 80


def long_names(n: int, rng: random.Random) -> list[str]:
    return [f"{chr(65 + i)}{'x' * (MAX_NAME_LENGTH - 1)}"[:MAX_NAME_LENGTH] for i in range(n)]


def random_options(n: int, rng: random.Random) -> DeceptidiceOptions:
    return DeceptidiceOptions(
        first_liar=rng.randrange(n),
        straights=rng.random() < 0.5,
        vague=rng.random() < 0.5,
        wildcards=rng.random() < 0.5,
        power_cards=rng.choice([0, 0, 1, 3, 20]),
        power_always=rng.random() < 0.3,
        introductory=rng.random() < 0.2,
        swap=rng.choice(["off", "draw_pile", "another_player"]),
        open_hands=rng.random() < 0.5,
        reveal_dice=rng.random() < 0.4,
        colour_names=rng.choice(["", "Crimson Tidepool, Azure Lagoon, Moss, Sunflower Field"]),
    )


def bad_actions(state, rng: random.Random) -> list[dict]:
    stranger = "Nobody" * 40
    player = rng.choice(state.players)
    return [
        {"type": "guess", "player": stranger, "guess": {"form": "number", "count": 2, "number": 3}},
        {"type": "guess", "player": player, "guess": {"form": "number", "count": 0, "number": 3}},
        {"type": "challenge", "player": player},
        {"type": "discard", "player": player, "size": rng.randint(1, 9)},
        {"type": "reveal", "player": player, "card": "W"},
        {"type": "swap", "player": player, "partner": stranger},
        {"type": "no_swap", "player": player},
        {"type": "tops", "tops": [{"player": player, "cards": ["R1"] * 4}]},
    ]


def check_refusal(state, raw) -> None:
    try:
        action = RULES.parse_action(raw)
        RULES.apply(state, action)
    except RefereeError as exc:
        assert "\n" not in exc.reason, exc.reason
        assert len(exc.reason) <= MAX_REASON, (len(exc.reason), exc.reason)


@pytest.mark.parametrize("seed", range(GAMES))
def test_refusals_are_short_single_lines(seed):
    rng = random.Random(seed)
    n = rng.randint(RULES.min_players, RULES.max_players)
    players = long_names(n, rng)
    state = RULES.new_state(players, random_options(n, rng))
    for _ in range(STEPS):
        if RULES.is_over(state):
            break
        action = RULES.draw(state, rng)
        raw = action.model_dump(mode="json")
        for _ in range(3):
            check_refusal(state, mutate(raw, rng, state.players))
        for bad in bad_actions(state, rng):
            check_refusal(state, bad)
        state, verdict = RULES.apply(state, action)
        assert verdict.headline and "\n" not in verdict.headline
        assert RULES.audit(state) == []
