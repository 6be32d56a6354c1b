"""Fixing a mistake anywhere in the log (issue 14): the pure edit, the table, the CLI."""

import json
import random

import pytest

from referee.core.edit import edited_actions, preview
from referee.core.errors import RefereeError
from referee.core.record import GameRecord
from referee.core.session import ReplayError, Session
from referee.games import GAMES
from referee.live.kept_session import KeptSession
from referee.storage.store import Store
from tests.helpers import bid, bluff, faeker, pass_, reveal, showdown, top
from tests.test_cli import run

SEEDS = range(6)  # games per kind: lean, the random-play soak covers the rules


def random_record(rules, seed: int, steps: int = 40) -> GameRecord:
    rng = random.Random(seed)
    n = rules.min_players + seed % (rules.max_players - rules.min_players + 1)
    record = GameRecord(game=rules.kind, players=[f"P{i}" for i in range(n)])
    session = Session(rules, record)
    for _ in range(steps):
        action = rules.draw(session.state, rng)
        if action is None:
            break
        session.play(action)
    return session.record()


@pytest.mark.parametrize("kind", sorted(GAMES))
class TestEveryGame:
    def test_editing_an_action_to_itself_changes_nothing(self, kind):
        rules = GAMES[kind]
        for seed in SEEDS:
            record = random_record(rules, seed)
            for at in sorted({1, len(record.actions) // 2 + 1, len(record.actions)}):
                result = preview(rules, record, at, "replace", record.actions[at - 1])
                assert result.ok, result.reason
                assert result.record == record
                assert result.summary["changed"] is False
                assert result.summary["flipped"] == []

    def test_delete_then_insert_the_same_action_restores_the_record(self, kind):
        rules = GAMES[kind]
        for seed in SEEDS:
            record = random_record(rules, seed)
            rng = random.Random(seed)
            at = rng.randint(1, len(record.actions))
            action = record.actions[at - 1]
            without = edited_actions(record.actions, at, "delete")
            if at <= len(without):
                back = edited_actions(without, at, "insert", action)
            else:  # the last action was deleted: no action `at` is left to insert before
                back = [*without, action]
            assert back == record.actions
            deleted = preview(rules, record, at, "delete")
            if deleted.ok and deleted.record.actions and at <= len(without):
                again = preview(rules, deleted.record, at, "insert", action)
                assert again.ok and again.record == record

    def test_any_edit_replays_whole_or_keeps_the_game_up_to_the_break(self, kind):
        rules = GAMES[kind]
        for seed in SEEDS:
            record = random_record(rules, seed)
            rng = random.Random(seed)
            full = Session(rules, record)
            at = rng.randint(1, len(record.actions))
            before = full.steps[at - 2].state if at > 1 else full.initial
            other = rules.draw(before, rng)
            for how, action in (("replace", other), ("insert", other), ("delete", None)):
                try:
                    result = preview(rules, record, at, how, action)
                except RefereeError:
                    assert how != "delete"  # only an entered action can be refused
                    continue
                if result.ok:
                    assert Session(rules, result.record).record() == result.record
                    assert len(result.summary["points"]) == len(record.players)
                else:
                    assert result.broken >= at - 1
                    kept = Session(rules, result.record, result.kept_redo)
                    assert len(kept.steps) == result.broken
                    edited = edited_actions(record.actions, at, how, result_action(action))
                    assert result.kept + list(reversed(result.kept_redo)) == edited

    def test_an_edit_whose_replay_breaks_writes_nothing(self, kind, tmp_path):
        rules = GAMES[kind]
        store = Store(tmp_path / "t.db")
        try:
            for seed in SEEDS:
                record = random_record(rules, seed)
                table = KeptSession.new(store, GameRecord(**{**record.model_dump(), "actions": []}))
                for a in record.actions:
                    table.play(a)
                # Deleting the first action breaks any game whose second action needs it.
                result = preview(rules, record, 1, "delete")
                if result.ok:
                    continue
                before = store.load(table.game_id)
                with pytest.raises(ReplayError):
                    table.replace(edited_actions(record.actions, 1, "delete"), [], "x")
                after = store.load(table.game_id)
                assert after.record == before.record and after.revision == before.revision
                assert store.log.versions(table.game_id) == []
                assert table.session.record() == record
        finally:
            store.close()


def result_action(action):
    return None if action is None else action.model_dump(mode="json")


def three_rounds():
    """Fae-ker: round 1 Bo bids 2 and is called; Cy wins the round-2 bluff; round 3 ends
    in a showdown."""
    return faeker(
        actions=[
            top(5),
            bid("Bo", 2),
            bluff("Cy"),
            reveal("Bo", 5, 6, 1, 1, 1),
            top(4),
            bid("Cy", 1),
            bluff("Ana"),
            reveal("Cy", 4, 4, 2, 2, 3),
            top(3),
            bid("Ana", 1),
            pass_("Bo"),
            showdown("Cy"),
        ]
    )


class TestPreview:
    def test_a_changed_round_1_bid_changes_the_scores_after_it(self):
        s = three_rounds()
        result = preview(s.rules, s.record(), 2, "replace", bid("Bo", 3))
        assert result.ok, result.reason
        pts = {p["player"]: (p["before"], p["after"]) for p in result.summary["points"]}
        assert pts["Bo"] != (pts["Bo"][0], pts["Bo"][0]) or result.summary["flipped"]
        assert result.summary["edited"]["before"] != result.summary["edited"]["after"]

    def test_the_entered_action_itself_must_apply(self):
        s = three_rounds()
        with pytest.raises(RefereeError):
            preview(s.rules, s.record(), 2, "replace", bid("Ana", 2))  # not Ana's turn

    def test_a_break_keeps_the_game_up_to_there_and_the_rest_as_redo(self):
        s = three_rounds()
        result = preview(s.rules, s.record(), 1, "delete", redo=[{"x": 1}])
        assert not result.ok and result.broken == 0
        assert result.kept == [] and result.kept_redo[0] == {"x": 1}
        assert list(reversed(result.kept_redo[1:])) == s.record().actions[1:]

    def test_an_n_outside_the_log_is_one_sentence(self):
        s = three_rounds()
        with pytest.raises(RefereeError, match="There is no action 99"):
            preview(s.rules, s.record(), 99, "delete")


class TestTableEdit:
    def test_one_write_keeps_the_old_log_and_restores_it(self, tmp_path):
        store = Store(tmp_path / "t.db")
        try:
            s = three_rounds()
            table = KeptSession.new(store, GameRecord(game="faeker", players=["Ana", "Bo", "Cy"]))
            for a in s.record().actions:
                table.play(a)
            old = s.record().actions
            result = preview(s.rules, s.record(), 2, "replace", bid("Bo", 3))
            table.replace(result.record.actions, [], result.note)
            assert store.load(table.game_id).record.actions == result.record.actions
            (version,) = store.log.versions(table.game_id)
            assert version["actions"] == old and version["note"] == "Action 2 edited"
            table.restore_version(version["id"])
            assert store.load(table.game_id).record.actions == old
            assert KeptSession.resume(store, table.game_id).session.record() == s.record()
        finally:
            store.close()


class TestEditCommand:
    @pytest.fixture
    def path(self, tmp_path):
        path = tmp_path / "game.json"
        path.write_text(json.dumps(three_rounds().record().model_dump(mode="json")))
        return path

    def test_replace(self, path):
        out = run("edit", str(path), "--at", "2", "--replace", json.dumps(bid("Bo", 3)))
        assert out.returncode == 0, out.stdout + out.stderr
        data = json.loads(out.stdout)
        assert data["record"]["actions"][1] == bid("Bo", 3)
        assert data["changes"]["edit"] == {"kind": "replace", "at": 2}
        assert data["changes"]["edited"]["after"] != data["changes"]["edited"]["before"]

    def test_insert(self, tmp_path):
        # Ana's showdown hand was entered, Cy's forgotten: insert it before Ana's.
        s = three_rounds()
        s.play(reveal("Ana", 3, 3, 1, 2, 4))
        path = tmp_path / "showdown.json"
        path.write_text(json.dumps(s.record().model_dump(mode="json")))
        cy = reveal("Cy", 3, 1, 1, 2, 2)
        out = run("edit", str(path), "--at", "13", "--insert", json.dumps(cy))
        assert out.returncode == 0, out.stdout + out.stderr
        data = json.loads(out.stdout)
        assert data["record"]["actions"][12]["player"] == "Cy"
        assert len(data["record"]["actions"]) == 14
        changes = data["changes"]
        assert changes["edited"]["before"] is None
        assert {"player": "Ana", "before": 0, "after": 3} in changes["points"]

    def test_delete(self, path):
        out = run("edit", str(path), "--at", "12", "--delete")
        assert out.returncode == 0, out.stdout + out.stderr
        data = json.loads(out.stdout)
        assert showdown("Cy") not in data["record"]["actions"]
        assert len(data["record"]["actions"]) == 11
        assert data["changes"]["edited"]["after"] is None

    def test_a_breaking_edit_exits_2_with_the_index_and_reason(self, path):
        out = run("edit", str(path), "--at", "1", "--delete")
        assert out.returncode == 2
        data = json.loads(out.stdout)
        assert data["ok"] is False and data["index"] == 0 and data["action"] == 1
        assert data["reason"].startswith("Action 1 no longer applies:")


class TestLiveEdit:
    def test_an_edit_is_one_change_every_device_sees_and_a_stale_one_is_refused(self, tmp_path):
        from referee.live.tables import LiveTables, Stale

        store = Store(tmp_path / "t.db")
        try:
            lives = LiveTables(store)
            game = lives.create(GameRecord(game="faeker", players=["Ana", "Bo", "Cy"]))
            s = three_rounds()
            for a in s.record().actions:
                game.play(game.version, "A", a)
            told = []
            game.join("B", "Phone B", told.append)
            seen = game.version
            result = preview(s.rules, s.record(), 2, "replace", bid("Bo", 3))
            game.edit(seen, "A", result.record.actions, [], result.note)
            assert told == [seen + 1]
            assert game.table.rules.points(game.table.state) == (0, 0, 7)
            assert "action 2 edited" in game.changes_since(seen)
            with pytest.raises(Stale):  # a device that drew the game before the edit
                game.edit(seen, "B", s.record().actions, [], "x")
            (version,) = store.log.versions(game.game_id)
            game.restore(game.version, "B", version["id"])
            assert game.table.session.record() == s.record()
        finally:
            store.close()
