"""The record, undo/redo as a log, and refusals that change nothing."""

import pytest

from referee.core.errors import IllegalAction, InvalidAction, RefereeError
from referee.core.record import GameRecord, parse_record
from referee.core.session import ReplayError, Session
from referee.games import rules_for
from tests.helpers import bid, faeker, pass_, top


class TestRefusedActions:
    def test_illegal_action_leaves_state_and_record_unchanged(self):
        s = faeker(actions=[top(3), bid("Bo", 3)])
        before = (s.state, s.record())
        with pytest.raises(IllegalAction) as info:
            s.play(bid("Cy", 1))
        assert (s.state, s.record()) == before
        assert "at least 3" in info.value.reason

    def test_malformed_action_is_invalid_not_illegal(self):
        s = faeker()
        with pytest.raises(InvalidAction):
            s.play({"type": "top_card", "card": 9})
        with pytest.raises(InvalidAction):
            s.play({"type": "shout"})

    def test_verify_and_can_do_not_apply(self):
        s = faeker(actions=[top(3)])
        assert s.can(bid("Bo", 1)) and not s.can(bid("Cy", 1))
        s.verify(bid("Bo", 1))
        assert s.state.deal.ladder == ()


class TestUndoRedo:
    def test_undo_drops_the_last_action_and_redo_restores_it(self):
        s = faeker(actions=[top(3), bid("Bo", 2)])
        after = s.state
        s.undo()
        assert s.state.deal.ladder == () and s.can_redo
        s.redo()
        assert s.state == after

    def test_a_new_action_ends_redo(self):
        s = faeker(actions=[top(3), bid("Bo", 2)])
        s.undo()
        s.play(pass_("Bo"))
        assert not s.can_redo

    def test_nothing_to_undo(self):
        with pytest.raises(RefereeError, match="Nothing to undo"):
            faeker().undo()
        with pytest.raises(RefereeError, match="Nothing to redo"):
            faeker().redo()


class TestRecord:
    def test_record_round_trips_through_json(self):
        s = faeker(actions=[top(3), bid("Bo", 2)], bluff_needs_exact=True)
        data = s.record().model_dump(mode="json")
        again = Session(rules_for("faeker"), parse_record(data))
        assert again.state == s.state and again.options.bluff_needs_exact

    def test_newer_record_format_is_refused(self):
        with pytest.raises(InvalidAction, match="newer referee"):
            parse_record(
                {"format": "referee-record", "version": 99, "game": "faeker", "players": ["A", "B"]}
            )

    def test_replay_reports_the_first_illegal_action(self):
        record = GameRecord(game="faeker", players=["Ana", "Bo"], actions=[top(3), bid("Ana", 1)])
        with pytest.raises(ReplayError) as info:
            Session(rules_for("faeker"), record)
        assert info.value.index == 1 and "Bo's turn" in info.value.action_reason

    def test_duplicate_player_names_are_refused(self):
        with pytest.raises(InvalidAction, match="same name"):
            faeker(players=("Ana", "ana"))
