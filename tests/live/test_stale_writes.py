"""Two writers on one game never interleave: the store refuses a write from a writer that
has not seen the latest change, inside the same transaction as the write."""

import subprocess
import sys
import textwrap

import pytest

from referee.core.record import GameRecord
from referee.live.kept_session import KeptSession
from referee.storage.store import StaleWrite, Store
from tests.helpers import bid, top


def new_game(store):
    return KeptSession.new(store, GameRecord(game="faeker", players=["Ana", "Bo", "Cy"]))


class TestStaleTables:
    def test_a_table_that_fell_behind_cannot_write(self, tmp_path):
        store = Store(tmp_path / "referee.db")
        a = new_game(store)
        b = KeptSession.resume(store, a.game_id)
        a.play(top(3))
        with pytest.raises(StaleWrite):
            b.play(top(5))
        assert b.state.phase == "top"  # the refused change is not kept in memory either
        fresh = KeptSession.resume(store, a.game_id)
        assert fresh.state == a.state

    def test_a_stale_undo_does_not_undo_the_other_devices_action(self, tmp_path):
        store = Store(tmp_path / "referee.db")
        a = new_game(store)
        a.play(top(3))
        b = KeptSession.resume(store, a.game_id)
        a.play(bid("Bo", 2))
        with pytest.raises(StaleWrite):
            b.undo()
        assert KeptSession.resume(store, a.game_id).state == a.state

    def test_undo_then_play_is_still_a_change_the_stale_table_missed(self, tmp_path):
        store = Store(tmp_path / "referee.db")
        a = new_game(store)
        a.play(top(3))
        b = KeptSession.resume(store, a.game_id)
        a.undo()
        a.play(top(6))  # the same number of actions as b saw, but not the same game
        with pytest.raises(StaleWrite):
            b.play(bid("Bo", 1))
        assert KeptSession.resume(store, a.game_id).state.deal.top == 6


RACER = textwrap.dedent(
    """
    import sys
    from referee.storage.store import Store, StaleWrite
    from referee.live.kept_session import KeptSession
    store = Store(sys.argv[1])
    table = KeptSession.resume(store, int(sys.argv[2]))
    print("ready", flush=True)
    sys.stdin.readline()  # both racers have read the game: go
    try:
        table.play({"type": "top_card", "card": int(sys.argv[3])})
        print("won")
    except StaleWrite:
        print("refused")
    """
)


class TestTwoProcesses:
    @pytest.mark.parametrize("attempt", range(3))
    def test_exactly_one_of_two_racing_appends_wins(self, tmp_path, attempt):
        path = tmp_path / "referee.db"
        store = Store(path)
        game = new_game(store).game_id
        store.close()
        racers = [
            subprocess.Popen(
                [sys.executable, "-c", RACER, str(path), str(game), str(card)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for card in (3, 5)
        ]
        for racer in racers:
            assert racer.stdout.readline().strip() == "ready"
        for racer in racers:
            racer.stdin.write("go\n")
            racer.stdin.flush()
        outputs = [racer.communicate(timeout=60) for racer in racers]
        results = sorted(out.strip() or err.strip()[-300:] for out, err in outputs)
        assert results == ["refused", "won"]
        store = Store(path)
        table = KeptSession.resume(store, game)  # the game always reopens
        assert len(table.session.steps) == 1
        assert store.integrity() == "ok"
