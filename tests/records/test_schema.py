"""The published schema names what a reader can use, and every game's finished state says
who won the same way."""

import random

import pytest

from referee.commands import schema
from referee.disputes import dispute_schema
from referee.games import GAMES, rules_for


class TestDefsNames:
    def test_every_def_has_a_name_a_reader_can_use(self):
        names = list(schema()["$defs"])
        assert not [n for n in names if "__" in n or "." in n], names
        assert {"FairyGuess", "DeceptidiceGuess", "FairyReveal", "BucksReveal"} <= set(names)

    def test_a_name_the_records_and_the_disputes_share_is_one_model(self):
        records = schema()["$defs"]
        for name, model in dispute_schema().get("$defs", {}).items():
            assert records[name] == model, name


class TestTheFinishedStateSaysWhoWon:
    @pytest.mark.parametrize("kind", list(GAMES))
    def test_winners_in_the_state_are_the_outcome_s(self, kind):
        rules = rules_for(kind)
        for seed in range(5):
            rng = random.Random(seed)
            players = [f"P{i}" for i in range(rules.min_players + seed % 2)]
            state = rules.new_state(players, rules.parse_options({}))
            while (action := rules.draw(state, rng)) is not None:
                assert state.model_dump(mode="json")["winners"] == []
                state, _ = rules.apply(state, action)
            assert tuple(state.model_dump(mode="json")["winners"]) == rules.outcome(state).winners
