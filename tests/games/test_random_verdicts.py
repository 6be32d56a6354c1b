"""Random play of each game on its rules alone (no table, no store), short enough to run
against every mutant tools/mutate.py makes: every verdict cites rulings the game's rules
reference explains, what the menu offers `apply` accepts and what it does not `apply`
refuses, picks made at once gather into an action judged the same way, audit stays
empty, and an ending has an outcome.
The contract's own random play (tests/contract) goes deeper, through a table and a store."""

import random
import typing

from referee.core.errors import RefereeError
from referee.games import GAMES
from tests.contract import per_game
from tests.contract.test_random_play import mutate

GAMES_PLAYED = 12
MAX_STEPS = 120


def random_options(rules, players: int, rng: random.Random) -> dict:
    """Each option drawn from its type and bounds (a seat among the players)."""
    options = {}
    for name, field in rules.options_model.model_fields.items():
        extra = field.json_schema_extra or {}
        annotation = field.annotation
        if isinstance(extra, dict) and extra.get("seat"):
            options[name] = rng.randrange(players)
        elif annotation is bool:
            options[name] = rng.random() < 0.5
        elif typing.get_origin(annotation) is typing.Literal:
            options[name] = rng.choice(typing.get_args(annotation))
        elif annotation is int:
            low = next((m.ge for m in field.metadata if hasattr(m, "ge")), 0)
            high = next((m.le for m in field.metadata if hasattr(m, "le")), low + 5)
            options[name] = rng.randint(low, min(high, low + 20))
    return options


def start(rules, rng: random.Random):
    while True:  # bounded in practice: most tables are valid, a few option sets are not
        n = rng.randint(rules.min_players, rules.max_players)
        players = [f"P{i}" for i in range(n)]
        try:
            options = rules.parse_options(random_options(rules, n, rng))
            rules.verify_options(players, options)
            return rules.new_state(players, options)
        except RefereeError:
            continue


@per_game
def test_random_play_cites_known_rulings_and_the_menu_agrees_with_apply(kind):
    rules = GAMES[kind]
    for seed in range(GAMES_PLAYED):
        rng = random.Random(seed)
        state = start(rules, rng)
        for _ in range(MAX_STEPS):
            assert rules.audit(state) == [], rules.audit(state)
            if rules.is_over(state):
                assert rules.outcome(state) is not None
                assert rules.draw(state, rng) is None
                break
            assert rules.outcome(state) is None
            action = rules.draw(state, rng)
            assert rules.offers(state, action), action
            for _ in range(2):
                raw = mutate(action.model_dump(mode="json"), rng, state.players)
                try:
                    other = rules.parse_action(raw)
                except RefereeError:
                    continue
                try:
                    rules.apply(state, other)
                except RefereeError:
                    assert not rules.offers(state, other), raw
                else:
                    assert rules.offers(state, other), raw
            seats = rules.to_act(state)
            options = {seat: rules.pick_options(state, seat) for seat in seats}
            if seats and all(options.values()):
                # Everyone chooses at once: the picks gathered make one action that the
                # menu judges as apply does (two seats may pick one card), and read back
                # from it they are the same picks.
                picks = {seat: rng.choice(values) for seat, values in options.items()}
                gathered = rules.gather(state, picks)
                try:
                    rules.apply(state, gathered)
                except RefereeError:
                    assert not rules.offers(state, gathered), gathered
                else:
                    assert rules.offers(state, gathered), gathered
                assert rules.picks_in(state, gathered) == picks
            state, verdict = rules.apply(state, action)
            assert verdict.rulings, verdict.headline
            for ruling in verdict.rulings:
                assert ruling in rules.rulings.ids(), (ruling, verdict.headline)
