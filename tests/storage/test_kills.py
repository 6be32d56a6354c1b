"""Killed while writing, a hundred times: no confirmed action is ever lost.

A helper process imports referee once, then forks one writer per round. The writer opens
the store, resumes the game and appends actions, printing "ok N" only after each
transaction committed. The test kills it with SIGKILL at a random point (after a random
number of confirmations, a random fraction of a write later, sometimes while it is still
opening the store), then opens the database itself: it must open clean (not damaged, not
moved aside), pass its integrity check and hold every confirmed action (at most one more:
a kill between a commit and its "ok"). Forking from one warm helper keeps a hundred
rounds to a few seconds.
"""

import json
import os
import queue
import random
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

from referee.live.kept_session import KeptSession
from referee.storage.store import Store

KILLS = int(os.environ.get("REFEREE_KILLS", "100"))

WRITER = textwrap.dedent("""
    import os, sys
    from referee.core.record import GameRecord
    from referee.storage.store import Store
    from referee.live.kept_session import KeptSession

    path = sys.argv[1]

    def say(*words):
        # One write(2) per line: a pipe write that small is atomic, so a kill never leaves
        # half a line (print makes several writes when PYTHONUNBUFFERED is set).
        os.write(1, (" ".join(map(str, words)) + "\\n").encode())

    store = Store(path)
    game_id = KeptSession.new(store, GameRecord(game="faeker", players=["Ana", "Bo"])).game_id
    store.close()
    say("game", game_id)
    for _line in iter(sys.stdin.readline, ""):
        pid = os.fork()
        if pid == 0:  # the writer: killed by the test, never returns
            try:
                say("pid", os.getpid())
                store = Store(path)
                table = KeptSession.resume(store, game_id)
                n = len(table.session.steps)
                say("ready", n)
                while True:
                    # Rounds where everybody passes never end the game: appends go on.
                    state = table.state
                    if state.phase == "top":
                        action = {"type": "top_card", "card": 3}
                    else:
                        seat = table.rules.to_act(state)[0]
                        action = {"type": "pass", "player": state.players[seat]}
                    table.play(action)
                    n += 1
                    say("ok", n)
            except BaseException:
                import traceback

                traceback.print_exc()  # to the test's stderr: a writer must never fail
            finally:
                os._exit(3)
        _, status = os.waitpid(pid, 0)
        say("reaped", status)
""")


def test_a_hundred_kills_at_random_points_lose_no_confirmed_action(tmp_path):
    path = tmp_path / "referee.db"
    script = tmp_path / "writer.py"
    script.write_text(WRITER)
    proc = subprocess.Popen(
        [sys.executable, str(script), str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        bufsize=1,
    )
    rng = random.Random(int(os.environ.get("REFEREE_KILL_SEED", "11")))
    deadline = time.monotonic() + 120
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: [lines.put(t) for t in proc.stdout], daemon=True).start()

    def line() -> list[str]:
        try:
            text = lines.get(timeout=max(0.1, deadline - time.monotonic()))
        except queue.Empty:
            raise AssertionError("the writer stopped answering") from None
        words = text.split()
        assert len(words) == 2 or words[0] == "game", text  # never half a line
        return words

    try:
        word, game_id = line()
        assert word == "game"
        confirmed = 0
        lost = 0
        early = unconfirmed = 0
        began = time.monotonic()
        for _ in range(KILLS):
            proc.stdin.write("go\n")
            proc.stdin.flush()
            word, pid = line()
            assert word == "pid"
            if rng.random() < 0.2:
                # Kill it at once, or while it opens the store and replays the game.
                early += 1
                time.sleep(rng.random() * 0.03)
            else:
                word, start = line()
                assert word == "ready"
                assert int(start) >= confirmed  # it resumed with every confirmed action
                for _ in range(rng.choice([0, 1, 2, 3, 5, 8, 13])):
                    word, n = line()
                    assert word == "ok"
                    confirmed = int(n)
                time.sleep(rng.random() * 0.004)  # land anywhere in the next write
            os.kill(int(pid), signal.SIGKILL)
            # Read what it said before it died, up to the helper's "reaped".
            while True:
                said = line()
                if said[0] == "ok":
                    confirmed = int(said[1])
                elif said[0] == "ready":
                    assert int(said[1]) >= confirmed
                elif said[0] == "reaped":
                    assert int(said[1]) & 0x7F == signal.SIGKILL, said
                    break
                else:
                    assert said[0] == "pid", said
            store = Store(path)
            try:
                assert store.notices == []  # not damaged, nothing moved aside
                assert store.integrity() == "ok"
                stored = len(store.load(int(game_id)).record.actions)
            finally:
                store.close()
            lost += max(0, confirmed - stored)
            assert stored <= confirmed + 1  # at most the write killed before its "ok"
            unconfirmed += stored - confirmed
            confirmed = stored  # the next writer resumes from what is stored
        assert lost == 0
        assert confirmed > KILLS and early > 0  # the writes, and early kills, happened
        report = {
            "kills": KILLS,
            "killed_while_opening_or_at_once": early,
            "actions_stored": confirmed,
            "confirmed_actions_lost": lost,
            "stored_but_killed_before_ok": unconfirmed,
            "seconds": round(time.monotonic() - began, 1),
        }
        out = Path(__file__).resolve().parents[2] / "test-artifacts"
        out.mkdir(exist_ok=True)
        (out / "kills.json").write_text(json.dumps(report, indent=1))
        store = Store(path)
        try:
            KeptSession.resume(store, int(game_id))  # the log replays cleanly
        finally:
            store.close()
    finally:
        proc.kill()
        proc.wait()
