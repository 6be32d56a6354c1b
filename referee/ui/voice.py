"""Push to talk on a game's screen: the page's microphone button (assets/voice.js) sends
what was said to the server (/voice, referee/live/voice_inbox.py); it is heard here against
the grammar of the game as this device shows it. A sure move is applied as a tap would be,
through GameDevice.play or pick (the one way a screen changes the game); a move heard with
doubt is offered ("Did you say ...?") and applied only on a tap. The samples are dropped
once heard: never stored, logged or sent on."""

import asyncio

from referee.core.errors import RefereeError
from referee.core.spoken import PickMove, TableWord
from referee.live import voice_inbox

UNDO_HINT = ' Say "undo" or tap Undo to take it back.'
MOVED_ON = "The game moved on while you spoke, so nothing was played: say the move again."


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
        # numpy and pocketsphinx load with the first move said, not with the first screen.
        import numpy as np

        from referee.voice import audio, recogniser

        device = self.device
        rules, state, version = device.rules, device.table.state, self._version()
        if not body:  # the microphone just opened: the search is made while they speak
            await asyncio.to_thread(recogniser.prepare, rules, state)
            return {"ok": True, "said": ""}
        samples = np.frombuffer(body, "<i2").astype(np.float64) / 32767
        heard = await asyncio.to_thread(recogniser.hear, rules, state, audio.from_floats(samples))
        if heard.move is None:
            device.toast(heard.why)
            return {"ok": False, "said": heard.why}
        if self._version() != version:
            device.toast(MOVED_ON)
            return {"ok": False, "said": MOVED_ON}
        shown = recogniser.shown(rules, state, heard.move)
        if heard.sure and _ends_game(rules, state, heard.move):
            # A tap asks before the game is scored: so does a spoken move.
            device.confirm(
                "Score the game now?",
                f"Heard: {shown}. That ends the game; nothing is played until you tap Yes.",
                lambda: self._confirmed(heard.move, shown, version),
                yes="Yes, score it",
                no="No",
            )
            return {"ok": True, "said": f"Score the game now? Heard: {shown}."}
        if not heard.sure:
            device.confirm(
                f"Did you say: {shown}?",
                "Nothing is played until you tap Yes. If not, say the move again or tap it.",
                lambda: self._confirmed(heard.move, shown, version),
                yes="Yes, play it" if not isinstance(heard.move, TableWord) else f"Yes, {shown}",
                no="No",
            )
            return {"ok": True, "said": f"Did you say: {shown}?"}
        return {"ok": True, "said": self._apply(heard.move, shown)}

    def _version(self) -> int:
        return self.device.live.version

    def _confirmed(self, move, shown: str, version: int) -> None:
        if self._version() != version:
            self.device.toast(MOVED_ON)
            return
        self._apply(move, shown)

    def _apply(self, move, shown: str) -> str:
        device = self.device
        said = f"Heard: {shown}."
        if isinstance(move, TableWord):
            if move.word == "undo":
                device.undo()
            elif move.word == "redo":
                device.redo()
            else:
                said = "What now? is the ? in the game's bar."
        elif isinstance(move, PickMove):
            device.pick(move.seat, move.value)
            said += UNDO_HINT
        else:
            device.play(move)
            said += UNDO_HINT
        device.toast(said)
        return said


def _ends_game(rules, state, move) -> bool:
    if isinstance(move, PickMove | TableWord):
        return False
    try:
        after, _verdict = rules.apply(state, move)
    except RefereeError:
        return False
    return rules.is_over(after)
