"""Games played on devices without a browser, every message they are sent kept: for tests
that what is sent stays the same when a step of sending it is done another way."""

import asyncio
import random
import re

import msgpack

from referee.games import GAMES
from referee.live.tables import LiveTables
from referee.storage.store import Store
from tests.flet_patches.insides import ENCODE
from tests.helpers import run_async
from tests.ui.devices import device

_WHEN = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d")  # a saved game's time on home
# A play for BG Stats: its date and its id (from when the game began) are the run's own.
_PLAY = re.compile(r"(createPlay\.html\?data=)\S+")


def timeless(message):
    """`message` with the minute a game was saved at taken out: the two runs may straddle
    a minute."""
    if isinstance(message, dict):
        return {k: timeless(v) for k, v in message.items()}
    if isinstance(message, list):
        return [timeless(item) for item in message]
    if isinstance(message, str):
        return _PLAY.sub(r"\1<play>", _WHEN.sub("<when>", message))
    return message


PLAYERS = ["Ana", "Bo", "Cy", "Dee"]
MOVES = 30


def numbered(message, ids: dict):
    """`message` with every control id replaced by its order of first appearance (and a
    view's route without the count of views the process has opened)."""
    if isinstance(message, dict):
        return {k: _field(k, v, ids) for k, v in message.items()}
    if isinstance(message, list):
        return [numbered(item, ids) for item in message]
    return message


def _field(name: str, value, ids: dict):
    # A control's id; a patch's "id" names the control patched, a method call's
    # "control_id" the control (a service: the wake lock, the stored settings) it calls,
    # and a client action's "service_id" the service it calls (Log in BG Stats' opener).
    if name in ("_i", "id", "control_id", "service_id"):
        return ids.setdefault(value, len(ids))
    if name == "route" and isinstance(value, str):
        return re.sub(r"#\d+$", "#", value)
    if name == "call_id":  # a method call's own random name (the address told)
        return "call"
    return numbered(value, ids)


def play(folder, game: str, seed: int, encode=ENCODE) -> list:
    """Every message a device is sent while a game is played on it, move by move."""
    store = Store(folder / "referee.db")
    lives = LiveTables(store)
    sent: list = []

    async def run():
        app, session = device(lives)
        session.connection.send_message = lambda message: sent.append(
            msgpack.packb([message.action, message.body], default=encode)
        )
        app.games.start_game(game, PLAYERS[: GAMES[game].min_players + 1], {})
        rng = random.Random(seed)
        for _ in range(MOVES):
            action = app.game.rules.draw(app.game.session.state, rng)
            if action is None:
                break
            app.game.play(action)

    try:
        run_async(run())
    finally:
        store.close()
    ids: dict = {}
    return [numbered(msgpack.unpackb(raw, strict_map_key=False), ids) for raw in sent]


def play_on_two(folder, game: str, seed: int, encode=ENCODE) -> list:
    """Every message two devices of one game are sent while both move, undo and redo:
    each device draws the other's moves as a change made elsewhere."""
    store = Store(folder / "referee.db")
    lives = LiveTables(store)
    sent: list = []

    async def run():
        devices = [device(lives) for _ in range(2)]
        for name, (_app, session) in zip("ab", devices, strict=True):
            session.connection.send_message = lambda message, name=name: sent.append(
                (name, msgpack.packb([message.action, message.body], default=encode))
            )
        (a, _), (b, _) = devices
        a.games.start_game(game, PLAYERS[: GAMES[game].min_players + 1], {})
        b.games.open_game(a.game.game_id)
        rng = random.Random(seed)
        for _ in range(MOVES):
            app = rng.choice([a, b])
            roll = rng.random()
            session = app.game.session
            if roll < 0.15 and session.can_undo:
                app.game.undo()
            elif roll < 0.3 and session.can_redo:
                app.game.redo()
            else:
                action = app.game.rules.draw(session.state, rng)
                if action is None:
                    break
                app.game.play(action)
            for _ in range(6):  # the other device is told on turns of the event loop
                await asyncio.sleep(0)

    try:
        run_async(run())
    finally:
        store.close()
    ids: dict = {}
    return [(name, numbered(msgpack.unpackb(raw, strict_map_key=False), ids)) for name, raw in sent]
