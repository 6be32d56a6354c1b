"""One live table per game: devices share it, a stale device is refused and told what
changed, and simultaneous choices locked on separate devices apply as one action."""

import asyncio

import pytest

from referee.core.errors import RefereeError
from referee.core.record import GameRecord
from referee.live.tables import LiveTables, Stale
from referee.storage.store import Store
from tests.helpers import board, run_async, top


def faeker_game(live):
    return live.create(GameRecord(game="faeker", players=["Ana", "Bo", "Cy"]))


class TestOneTablePerGame:
    def test_every_device_gets_the_same_table(self, live):
        game = faeker_game(live)
        assert live.open(game.game_id) is game

    def test_a_change_reaches_every_other_device(self, live):
        game = faeker_game(live)
        told = {"A": [], "B": []}
        game.join("A", "Phone A", told["A"].append)
        game.join("B", "Phone B", told["B"].append)
        told["A"].clear()
        game.play(0, "A", top(3))
        assert told == {"A": [], "B": [1]}
        assert game.others("A") == ["Phone B"]
        game.leave("B")
        assert game.others("A") == []

    def test_the_changers_own_screen_leaves_before_the_others_are_drawn(self, live):
        """On the server's loop, the device that made a change sends its screen in the
        same turn (a send loop woken with call_soon): that goes before any other device
        is told, and each other device is told in a turn of its own."""
        game = faeker_game(live)
        order: list[str] = []

        async def tap() -> None:
            loop = asyncio.get_running_loop()
            for name in "BCD":
                game.join(name, name, lambda _v, n=name: order.append(f"told {n}"))
            for _ in range(10):  # the joins are told
                await asyncio.sleep(0)
            order.clear()
            game.play(0, "A", top(3))
            loop.call_soon(order.append, "A sent")  # A's screen, drawn after the change
            for _ in range(10):
                await asyncio.sleep(0)

        run_async(tap())
        assert order == ["A sent", "told B", "told C", "told D"]


class TestStaleDevices:
    def test_a_device_behind_is_refused_and_told_what_changed(self, live):
        game = faeker_game(live)
        game.play(0, "A", top(3))
        with pytest.raises(Stale, match="top card 3"):
            game.play(0, "B", top(5))
        assert len(game.table.session.steps) == 1

    def test_a_stale_undo_is_refused(self, live):
        game = faeker_game(live)
        game.play(0, "A", top(3))
        game.play(1, "A", {"type": "bid", "player": "Bo", "amount": 2})
        with pytest.raises(Stale):
            game.undo(1, "B")
        assert len(game.table.session.steps) == 2

    def test_another_process_writing_first_reloads_the_table(self, tmp_path):
        one, two = Store(tmp_path / "referee.db"), Store(tmp_path / "referee.db")
        game = LiveTables(one).create(GameRecord(game="faeker", players=["Ana", "Bo"]))
        elsewhere = LiveTables(two).open(game.game_id)
        elsewhere.play(0, "X", top(4))
        with pytest.raises(Stale, match="top card 4"):
            game.play(0, "A", top(5))
        assert game.table.state.deal.top == 4  # reloaded, our change not made
        game.play(game.version, "A", {"type": "bid", "player": "Bo", "amount": 1})


class TestPrivateSimultaneousEntry:
    def faj(self, live):
        game = live.create(GameRecord(game="faj", players=["Ana", "Bo", "Cy"]))
        game.play(0, "host", board("7H"))
        return game

    def test_choices_apply_together_when_everyone_has_locked(self, live):
        game = self.faj(live)
        assert game.entries.pick(game.version, "Ana's phone", 0, "AS", private=True) is None
        assert game.entries.pick(game.version, "Bo's phone", 1, "KH", private=True) is None
        assert game.entries.picks[0].private and len(game.table.session.steps) == 1
        verdict = game.entries.pick(game.version, "host", 2, "QD", private=False)
        assert verdict is not None and verdict.headline.startswith(
            "Bo wins trick 1"
        )  # trump hearts
        assert game.entries.picks == {}

    def test_missing_another_players_pick_does_not_make_a_device_stale(self, live):
        game = self.faj(live)
        seen = game.version  # both phones drew this version
        game.entries.pick(seen, "Ana's phone", 0, "AS", private=True)
        assert game.entries.pick(seen, "Bo's phone", 1, "KH", private=True) is None
        assert set(game.entries.picks) == {0, 1}

    def test_a_seat_not_in_the_choice_cannot_pick(self, live):
        game = faeker_game(live)
        with pytest.raises(RefereeError, match="nothing to choose"):
            game.entries.pick(0, "A", 0, 3, private=True)

    def test_a_card_the_player_cannot_play_is_refused(self, live):
        game = self.faj(live)
        with pytest.raises(RefereeError):
            game.entries.pick(game.version, "A", 0, "7H", private=True)

    def test_changing_a_locked_choice(self, live):
        game = self.faj(live)
        game.entries.pick(game.version, "A", 0, "AS", private=True)
        game.entries.unpick(game.version, "A", 0)
        assert 0 not in game.entries.picks


class TestUndoKeepsWhatWasTappedIn:
    """An Undo took back the moment two guesses were made for; its Redo brings the
    guesses back (the table lost them, and Redo gave '0 of 3 guessed')."""

    def fairy_with_two_guesses(self, live):
        game = live.create(GameRecord(game="fairy", players=["Ana", "Bo", "Cy"]))
        game.play(game.version, "host", {"type": "opening", "card": 7})
        game.entries.pick(game.version, "Ana's phone", 0, "higher", private=False)
        game.entries.pick(game.version, "Bo's phone", 1, "lower", private=True)
        return game

    def test_redo_brings_back_the_guesses_the_undo_took_away(self, live, tmp_path):
        game = self.fairy_with_two_guesses(live)
        game.undo(game.version, "host")
        assert game.entries.picks == {}
        game.redo(game.version, "host")
        assert {s: p.value for s, p in game.entries.picks.items()} == {0: "higher", 1: "lower"}
        assert game.entries.picks[1].private and game.entries.picks[1].owner == "Bo's phone"
        # Stored again, as a tap stores them: another referee on the folder reads them.
        other = LiveTables(Store(tmp_path / "referee.db")).open(game.game_id)
        assert {s: p.value for s, p in other.entries.picks.items()} == {0: "higher", 1: "lower"}

    def test_a_move_after_the_undo_ends_them(self, live):
        game = self.fairy_with_two_guesses(live)
        game.undo(game.version, "host")
        game.play(game.version, "host", {"type": "opening", "card": 9})
        assert game.entries.picks == {}
        game.undo(game.version, "host")
        game.redo(game.version, "host")
        assert game.entries.picks == {}  # the redo brought back the 9, whose moment had none
