"""What the flow contract promises every game, checked on every game in GAMES."""

import typing

import pytest

from referee.core.errors import IllegalAction
from referee.core.outcome import places, win_text
from referee.core.record import GameRecord
from referee.core.session import Session
from referee.disputes import GAME_OF
from referee.games import GAMES
from referee.ui.dispute_form import DisputeForm
from referee.ui.game_view import GameView
from referee.ui.games import FORMS, VIEWS
from tests.contract import per_game


def start(kind):
    rules = GAMES[kind]
    players = [f"P{i}" for i in range(rules.min_players)]
    return Session(rules, GameRecord(game=kind, players=players))


class TestRegistry:
    def test_every_game_has_exactly_one_view(self):
        assert set(VIEWS) == set(GAMES)

    def test_every_game_is_listed_under_its_own_kind(self):
        assert [GAMES[kind].kind for kind in GAMES] == list(GAMES)

    def test_an_unknown_game_is_not_listed(self):
        assert "poker" not in GAMES
        with pytest.raises(KeyError):
            GAMES["poker"]


@per_game
class TestPhaseTable:
    def test_every_action_type_belongs_to_a_phase(self, kind):
        rules = GAMES[kind]
        in_phases = {t for allowed in rules.phases.values() for t in allowed}
        union = typing.get_args(typing.get_args(rules.action_type)[0])
        assert in_phases == set(union)

    def test_an_action_of_another_phase_is_refused_in_one_sentence(self, kind):
        session = start(kind)
        rules = session.rules
        phase = rules.phase(session.state)
        other = next(
            t for allowed in rules.phases.values() for t in allowed if t not in rules.phases[phase]
        )
        action = other.model_construct(**{"type": other.model_fields["type"].default})
        with pytest.raises(IllegalAction) as refused:
            rules.apply(session.state, action)
        reason = refused.value.reason
        assert reason.startswith(f"{other.label} cannot be entered now.")
        assert "\n" not in reason and len(reason) <= 200

    def test_option_choices_have_labels_for_players(self, kind):
        for name, field in GAMES[kind].options_model.model_fields.items():
            assert field.title, f"{name} needs a title for the setup screen"
            if typing.get_origin(field.annotation) is typing.Literal:
                labels = (field.json_schema_extra or {}).get("labels", {})
                assert set(labels) == set(typing.get_args(field.annotation)), name


@per_game
def test_every_game_has_its_table_and_its_disputes(kind):
    """A game's slice gives the shared screens all they ask of it, through the registries."""
    assert issubclass(VIEWS[kind], GameView)
    assert issubclass(FORMS[kind], DisputeForm)
    disputes = GAMES.disputes(kind)
    assert disputes.kinds and all(d.title and d.model and d.settle for d in disputes.kinds)
    assert {GAME_OF[d.kind] for d in disputes.kinds} == {kind}
    assert sorted(disputes.order) == sorted(d.kind for d in disputes.kinds)


class TestOutcomeHelpers:
    def test_places_share_and_skip(self):
        assert places([5, 9, 9, 1]) == (3, 1, 1, 4)

    def test_win_text_names_one_or_several(self):
        assert win_text(["Ana"]) == "Ana wins"
        assert win_text(["Ana", "Bo", "Cy"]) == "Ana, Bo and Cy share the win"
