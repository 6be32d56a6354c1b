"""Players across games: the recent tables New game offers, and renaming or merging a
player in every stored game at once (only the names change; a refusal changes nothing)."""

import sqlite3
import typing
from datetime import UTC, datetime, timedelta

import pytest
from pydantic import BaseModel

from referee.core.errors import InvalidAction, RefereeError
from referee.core.names import MAX_REASON
from referee.core.record import GameRecord
from referee.games import GAMES
from referee.live.kept_session import KeptSession
from referee.storage.players import (
    PLAYER_FIELDS,
    RecentTable,
    matching_names,
    relative_day,
    renamed,
)
from referee.storage.store import StaleWrite, Store
from tests.helpers import bid, top
from tests.storage.test_results import as_stored, faeker_to_the_end, replayed


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "referee.db")
    yield s
    s.close()


def everything(store) -> list:
    conn = store._conn
    return [
        conn.execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall()
        for table in ("games", "actions", "results", "game_versions")
    ]


def one_sentence(reason: str) -> None:
    assert reason.endswith(".") and "\n" not in reason and len(reason) <= MAX_REASON


def set_updated(store, game_id, stamp) -> None:
    store._conn.execute("UPDATE games SET updated=? WHERE id=?", (stamp, game_id))


class TestRecentTables:
    def test_most_recent_table_first_seat_order_kept_each_table_once(self, store):
        a = KeptSession.new(store, GameRecord(game="faeker", players=["Ana", "Bo", "Cy", "Dee"]))
        b = KeptSession.new(store, GameRecord(game="fairy", players=["Bo", "Ana"]))
        c = KeptSession.new(store, GameRecord(game="faj", players=["Ana", "Bo", "Cy", "Dee"]))
        set_updated(store, a.game_id, "2025-03-01T20:00:00+00:00")
        set_updated(store, b.game_id, "2025-03-02T20:00:00+00:00")
        set_updated(store, c.game_id, "2025-02-01T20:00:00+00:00")
        tables = store.players.recent_tables()
        assert tables == [
            RecentTable(("Bo", "Ana"), "fairy", "2025-03-02T20:00:00+00:00"),
            RecentTable(("Ana", "Bo", "Cy", "Dee"), "faeker", "2025-03-01T20:00:00+00:00"),
        ]
        assert store.players.recent_tables(limit=1) == tables[:1]

    def test_the_suggestion_line(self):
        now = datetime(2025, 3, 2, 21, 0, tzinfo=UTC)
        table = RecentTable(("Ana", "Bo", "Cy", "Dee"), "faeker", "2025-03-01T20:00:00+00:00")
        assert table.line(now, UTC) == "Ana, Bo, Cy, Dee · Fae-ker · yesterday"

    def test_relative_days(self):
        now = datetime(2025, 3, 10, 12, 0, tzinfo=UTC)

        def day(delta):
            return relative_day((now - delta).isoformat(), now, UTC)

        assert day(timedelta(hours=1)) == "today"
        assert day(timedelta(days=1)) == "yesterday"
        assert day(timedelta(days=3)) == "on Friday"
        assert day(timedelta(days=9)) == "1 March"
        assert day(timedelta(days=400)) == "4 February 2024"
        assert relative_day("not a time", now) == ""

    def test_games_this_referee_cannot_read_are_not_offered(self, store):
        KeptSession.new(store, GameRecord(game="faeker", players=["Ana", "Bo"]))
        store._conn.execute("UPDATE games SET kind='chess'")
        assert store.players.recent_tables() == []


class TestNameSuggestions:
    KNOWN = ["Ana", "Bo", "Anabel", "Mary Ann", "ANDY"]

    def test_names_that_begin_with_what_is_typed_then_a_later_word(self):
        assert matching_names(self.KNOWN, "an") == ["Ana", "Anabel", "ANDY", "Mary Ann"]
        assert matching_names(self.KNOWN, "  ANA") == ["Ana", "Anabel"]
        assert matching_names(self.KNOWN, "an", limit=2) == ["Ana", "Anabel"]

    def test_nothing_for_an_empty_field_or_a_name_typed_in_full(self):
        assert matching_names(self.KNOWN, " ") == []
        assert matching_names(self.KNOWN, "bo") == []
        assert matching_names(self.KNOWN, "zed") == []


class TestRename:
    def test_every_game_of_the_player_is_renamed_and_nothing_else(self, store):
        ended = faeker_to_the_end(store, ("Anna", "Bo"))
        going = KeptSession.new(store, GameRecord(game="faeker", players=["Cy", "Anna", "Di"]))
        going.play(top(4))
        going.play(bid("Anna", 1))
        going.undo()  # an undone action names a player too
        other = KeptSession.new(store, GameRecord(game="faeker", players=["Cy", "Di"]))
        ended.replace(ended.session.record().actions[:3], [], "Cut")  # an earlier version
        before = everything(store)

        changed = store.renaming.rename("Anna", "Ana")

        assert changed == [ended.game_id, going.game_id]
        after = everything(store)
        games = {row[0]: row for row in after[0]}
        old_games = {row[0]: row for row in before[0]}
        assert games[other.game_id] == old_games[other.game_id]
        for game_id in changed:
            new, old = games[game_id], old_games[game_id]
            assert "Anna" not in new[2] and "Ana" in new[2]
            kept = (1, 3, 4, 5, 6, 9)  # kind, options, created, updated, finished, ended
            assert [new[i] for i in kept] == [old[i] for i in kept]
            assert new[8] == old[8] + 1  # the revision: a device showing it reloads
        text = repr(after)
        assert "Anna" not in text
        for game_id in changed:
            assert as_stored(next(r for r in store.results.all() if r.id == game_id)) == replayed(
                store, game_id
            )
        resumed = KeptSession.resume(store, going.game_id)
        assert resumed.session.redo_actions[0]["player"] == "Ana"
        assert resumed.state.players == ("Cy", "Ana", "Di")
        versions = store.log.versions(ended.game_id)
        assert all("Anna" not in repr(v) for v in versions)
        resumed_ended = KeptSession.resume(store, ended.game_id)
        resumed_ended.restore_version(versions[0]["id"])  # the earlier log still replays

    def test_the_summary_names_the_new_name(self, store):
        t = faeker_to_the_end(store, ("Anna", "Bo"))
        summary = store.list_games()[0].summary
        store.renaming.rename("Bo", "Bob")
        assert store.list_games()[0].summary == summary.replace("Bo ", "Bob ")
        resumed = KeptSession.resume(store, t.game_id)
        assert store.list_games()[0].summary == t.rules.summary(resumed.state)

    def test_merging_two_names_makes_one_player(self, store):
        faeker_to_the_end(store, ("Anna", "Bo"))
        faeker_to_the_end(store, ("Ana", "Cy"))
        store.renaming.rename("Anna", "Ana")
        assert sorted(store.players.known()) == ["Ana", "Bo", "Cy"]
        assert sum(r.players.count("Ana") for r in store.results.all()) == 2

    def test_a_case_only_rename_is_a_rename(self, store):
        faeker_to_the_end(store, ("ana", "Bo"))
        store.renaming.rename("ana", "Ana")
        assert store.results.all()[0].players == ("Ana", "Bo")

    def test_a_merge_that_seats_one_name_twice_is_refused_and_changes_nothing(self, store):
        faeker_to_the_end(store, ("Anna", "Bo"))
        KeptSession.new(store, GameRecord(game="faeker", players=["Anna", "ANA", "Cy"]))
        before = everything(store)
        with pytest.raises(InvalidAction) as refused:
            store.renaming.rename("Anna", "Ana")
        one_sentence(refused.value.reason)
        assert "'ANA' and 'Anna'" in refused.value.reason
        assert everything(store) == before

    def test_player_order_is_each_name_once_as_first_seated_here(self, store):
        KeptSession.new(store, GameRecord(game="faeker", players=["Bo", "Ana"]))
        KeptSession.new(store, GameRecord(game="faeker", players=["Cy", "Ana", "Bo"]))
        assert store.players.order() == ["Bo", "Ana", "Cy"]

    def test_verify_says_what_a_rename_would_change_or_why_not_and_changes_nothing(self, store):
        faeker_to_the_end(store, ("Anna", "Bo"))
        KeptSession.new(store, GameRecord(game="faeker", players=["Anna", "Cy"]))
        KeptSession.new(store, GameRecord(game="faeker", players=["Bo", "Ana"]))
        before = everything(store)
        assert store.renaming.verify("Anna", "Annabel") == [1, 2]
        assert store.renaming.verify("Anna", "Ana") == [1, 2]  # a merge that can be done
        with pytest.raises(InvalidAction, match="'Bo' and 'Ana' at its table"):
            store.renaming.verify("Ana", "Bo")
        with pytest.raises(InvalidAction, match="No saved game has a player called 'Zed'"):
            store.renaming.verify("Zed", "Zoe")
        assert everything(store) == before

    @pytest.mark.parametrize(
        "new, says",
        [("  ", "needs a name"), ("A\nna", "on one line"), ("A" * 41, "at most 40"), (3, "text")],
    )
    def test_an_invalid_new_name_is_refused_and_changes_nothing(self, store, new, says):
        faeker_to_the_end(store, ("Anna", "Bo"))
        before = everything(store)
        with pytest.raises(InvalidAction, match=says) as refused:
            store.renaming.rename("Anna", new)
        one_sentence(refused.value.reason)
        assert everything(store) == before

    def test_a_name_nobody_has_or_the_same_name_is_refused(self, store):
        faeker_to_the_end(store, ("Anna", "Bo"))
        before = everything(store)
        with pytest.raises(InvalidAction, match="No saved game has a player called 'Zed'"):
            store.renaming.rename("Zed", "Zoe")
        with pytest.raises(InvalidAction, match="called 'Anna' already"):
            store.renaming.rename("Anna", " Anna ")
        assert everything(store) == before

    def test_a_device_showing_a_renamed_game_reloads_instead_of_writing_old_names(self, store):
        t = KeptSession.new(store, GameRecord(game="faeker", players=["Anna", "Bo"]))
        t.play(top(4))
        store.renaming.rename("Anna", "Ana")
        with pytest.raises(StaleWrite):
            t.play(bid("Bo", 1))
        assert KeptSession.resume(store, t.game_id).state.players == ("Ana", "Bo")

    def test_a_live_table_is_reloaded_with_the_new_name(self, store):
        from referee.live.tables import LiveTables

        lives = LiveTables(store)
        live = lives.create(GameRecord(game="faeker", players=["Anna", "Bo"]))
        seen = []
        live.join("phone", "phone", seen.append)
        lives.rename_player("Anna", "Ana")
        assert live.table.state.players == ("Ana", "Bo") and seen
        live.play(live.version, "phone", top(4))

    def test_a_failed_write_renames_nothing(self, store, tmp_path):
        faeker_to_the_end(store, ("Anna", "Bo"))
        before = everything(store)
        store.close()
        conn = sqlite3.connect(tmp_path / "referee.db")
        conn.execute(
            "CREATE TRIGGER refuse BEFORE UPDATE ON results BEGIN SELECT RAISE(ABORT, 'no'); END"
        )
        conn.commit()
        conn.close()
        again = Store(tmp_path / "referee.db")
        with pytest.raises(RefereeError):
            again.renaming.rename("Anna", "Ana")
        assert everything(again) == before
        again.close()


class TestPlayerFields:
    def test_renamed_touches_player_fields_only(self):
        action = {"type": "swap", "player": "Red", "partner": "Red", "colour": "Red"}
        assert renamed(action, "Red", "Rex") == {
            "type": "swap",
            "player": "Rex",
            "partner": "Rex",
            "colour": "Red",
        }
        nested = {"type": "guesses", "guesses": [{"player": "Red", "guess": "higher"}]}
        assert renamed(nested, "Red", "Rex")["guesses"][0]["player"] == "Rex"

    @pytest.mark.parametrize("kind", sorted(GAMES))
    def test_every_text_field_of_an_action_names_a_player(self, kind):
        """A text field of an action is a player's name: a new one must join
        PLAYER_FIELDS, or a rename would leave the old name in the log."""
        seen = set()

        def texts(model: type[BaseModel]):
            if model in seen:
                return
            seen.add(model)
            for name, field in model.model_fields.items():
                for t in _types(field.annotation):
                    if t is str:
                        yield name
                    elif isinstance(t, type) and issubclass(t, BaseModel):
                        yield from texts(t)

        action_models = [t for t in _types(GAMES[kind].action_type) if isinstance(t, type)]
        found = {name for m in action_models for name in texts(m)}
        assert found <= PLAYER_FIELDS, found - PLAYER_FIELDS


def _types(annotation) -> list:
    """Every type an annotation can hold (unions, tuples and Annotated unpacked)."""
    args = typing.get_args(annotation)
    if typing.get_origin(annotation) is typing.Literal:
        return []
    if not args:
        return [annotation]
    return [t for arg in args if arg is not Ellipsis for t in _types(arg)]
