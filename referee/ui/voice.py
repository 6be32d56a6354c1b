"""Push to talk on a game's screen: the page's microphone button (assets/voice.js) sends
what was said to the server (/voice, referee/live/voice_inbox.py); it is heard here against
the grammar of the game as this device shows it, and applied as a tap would be, through
GameDevice.play or pick (the one way a screen changes the game). The samples are dropped
once heard: never stored, logged or sent on."""

import asyncio

import numpy as np

from referee.core.spoken import PickMove, TableWord
from referee.live import voice_inbox
from referee.voice import audio, recogniser


class Ears:
    """A game device's hearing, while its screen shows the game."""

    def __init__(self, device) -> None:
        self.device = device
        # The browser's token (its cookie, sent with /voice too); None in a window.
        sharing = getattr(device.shell, "sharing", None)
        self.token = getattr(sharing, "token", None)

    def open(self) -> None:
        voice_inbox.listen(self.token, self.hear)

    def close(self) -> None:
        voice_inbox.forget(self.token, self.hear)

    async def hear(self, body: bytes) -> dict:
        samples = np.frombuffer(body, "<i2").astype(np.float64) / 32767
        device = self.device
        rules, state = device.rules, device.table.state
        heard = await asyncio.to_thread(recogniser.hear, rules, state, audio.from_floats(samples))
        if heard.move is None:
            device.toast(heard.why)
            return {"ok": False, "said": heard.why}
        said = f"Heard: {recogniser.shown(rules, state, heard.move)}."
        self.apply(heard.move)
        if not isinstance(heard.move, TableWord):
            said += ' Say "undo" or tap Undo to take it back.'
        device.toast(said)
        return {"ok": True, "said": said}

    def apply(self, move) -> None:
        device = self.device
        if isinstance(move, TableWord):
            if move.word == "undo":
                device.undo()
            elif move.word == "redo":
                device.redo()
            else:
                device.toast("What now? is the ? in the game's bar.")
        elif isinstance(move, PickMove):
            device.pick(move.seat, move.value)
        else:
            device.play(move)
