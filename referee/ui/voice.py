"""Push to talk on a game's screen: the page's microphone button (assets/voice.js) sends
what was said to the server (/voice, referee/live/voice_inbox.py); it is heard here against
the grammar of the game as this device showed it when the microphone opened. A sure move is
applied as a tap would be, through GameDevice.play or pick (the one way a screen changes
the game); a move heard with doubt, or one that ends the game, is asked about first and
applied only on a tap. Where the game's words say no move (a Deceptidice challenge's tops,
entered card by card), the screen's own buttons are heard by their names instead, as in
Settle a dispute (ui/spoken_buttons.py). Nothing is played once the game moved on or the
screen left it. The samples are dropped once heard: never stored, logged or sent on."""

import asyncio
from collections.abc import Callable

from referee.core.spoken import PickMove, Said, TableWord, grammar, says_moves, table_grammar
from referee.live import voice_inbox
from referee.ui.spoken_buttons import ButtonHearing, asks_always

# How far a screen with the microphone button lets its end scroll clear of the bottom edge:
# the button (assets/voice.js) stands 88 px up and is 56 px tall, over the page; without
# this the last buttons of a screen (a player's guess, Show log) stayed under it.
MIC_CLEARANCE = 88 + 56 + 16

UNDO_HINT = ' Say "undo" or tap Undo to take it back.'
MOVED_ON = "The game moved on while you spoke, so nothing was played: say the move again."
LEFT = "This screen left the game, so nothing was played."
PRIVATE = "{name} picked on their own phone: only that phone can change it."


class Ears:
    """A game device's hearing, while its screen shows the game."""

    def __init__(self, device) -> None:
        self.device = device
        # The browser's token (its cookie, sent with /voice too); None in a window.
        sharing = getattr(device.shell, "sharing", None)
        self.token = getattr(sharing, "token", None)
        # The game's move (picks aside) its screen showed when the microphone opened.
        self.opened_at: int | None = None
        # The game screen's buttons by name, and how its game says them: heard where the
        # game's words say no move (a challenge's tops: "Ana's top red four").
        self.screen_buttons: (
            Callable[[], tuple[dict[str, Callable[[], None]], Callable[[str], tuple[Said, ...]]]]
            | None
        ) = None
        self.hearing = ButtonHearing(device.shell, self._here)

    def open(self) -> None:
        voice_inbox.listen(self.token, self.device.game_id, self.hear)

    def close(self) -> None:
        voice_inbox.forget(self.token, self.device.game_id, self.hear)

    def _here(self) -> bool:
        """Whether this screen still shows the game it heard for."""
        device = self.device
        return device.joined and voice_inbox.listening(self.token, device.game_id, self.hear)

    async def hear(self, body: bytes) -> dict:
        # numpy and pocketsphinx load with the first move said, not with the first screen.
        import numpy as np

        from referee.voice import audio, recogniser

        device = self.device
        rules, state, version = device.rules, device.table.state, device.live.log_version
        if not body:
            self.opened_at = version
        elif self.opened_at not in (None, version):
            return self._refused(MOVED_ON)
        if self.screen_buttons is not None and not says_moves(grammar(rules, state, device.me)):
            buttons, say = self.screen_buttons()
            answer = lambda move, sure: self._answer(move, sure, version)  # noqa: E731
            return await self.hearing.hear(buttons, say, body, table_grammar(), answer)
        if not body:  # the microphone just opened: the moves of this moment are readied
            await asyncio.to_thread(recogniser.prepare, rules, state, device.me)
            return {"ok": True, "said": ""}
        samples = np.frombuffer(body, "<i2").astype(np.float64) / 32767
        pcm = audio.from_floats(samples)
        heard = await asyncio.to_thread(recogniser.hear, rules, state, pcm, device.me)
        if heard.move is None:
            return self._refused(heard.why)
        if not self._here():
            return {"ok": False, "said": LEFT}
        if device.live.log_version != version:
            return self._refused(MOVED_ON)
        return self._answer(heard.move, heard.sure, version)

    def _answer(self, move, heard_sure: bool, version: int) -> dict:
        """A move heard: played at once when sure, else asked about first."""
        from referee.voice import recogniser

        device = self.device
        rules, state = device.rules, device.table.state
        if isinstance(move, PickMove) and not device.can_change_pick(move.seat):
            return self._refused(PRIVATE.format(name=state.players[move.seat]))
        shown = recogniser.shown(rules, state, move)
        ends = _ends_game(rules, state, move)
        sure = heard_sure and not asks_always(device.shell)
        if sure and not ends:
            return {"ok": True, "said": self._apply(move, shown)}
        title = f"Did you say: {shown}?" if not sure else "Score the game now?"
        device.confirm(
            title,
            ("That ends the game and scores it. " if ends else "")
            + "Nothing is played until you tap Yes. If not, say the move again or tap it.",
            lambda: self._confirmed(move, shown, version),
            yes="Yes"
            if isinstance(move, TableWord)
            else "Yes, score it"
            if ends
            else "Yes, play it",
            no="No",
        )
        return {"ok": True, "said": title}

    def _refused(self, why: str) -> dict:
        self.device.toast(why)
        return {"ok": False, "said": why}

    def _confirmed(self, move, shown: str, version: int) -> None:
        if not self._here():
            return
        if self.device.live.log_version != version:
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
    """Whether the move scores the game: asked about first, as the last lot's tap is."""
    return not isinstance(move, PickMove | TableWord) and rules.ends_game(state, move)
