"""Push to talk on a screen that enters no game's move (Settle a dispute): what is said is
one of the buttons on screen, by the name a screen reader gives it ("Board 10♥", "Bid 3",
"Ana plays Q♠"), and it is tapped as a finger would tap it. The phrases are the screen's
own buttons as it last drew them, said in the game's words (`Speech.label_words`), so
nothing is heard that the screen does not offer; a button heard with doubt is asked about
first, as a spoken move is (ui/voice.py). The samples are dropped once heard."""

import asyncio
import contextlib
from collections.abc import Callable

import flet as ft

from referee.core.spoken import Grammar, Said, Tap, tap_grammar
from referee.live import voice_inbox
from referee.ui.reconcile import under

LEFT = "That screen was left, so nothing was tapped."
MOVED = "The screen changed while you spoke, so nothing was tapped: say it again."
SAY = 'Say a button\'s name, such as "{name}".'


def named_buttons(root: ft.BaseControl) -> dict[str, Callable[[], None]]:
    """Each button of the tree that takes a tap now, by its name: a Semantics that names a
    button, or a button that says its own words (its text or tooltip). A part hidden from
    screen readers (another phone's private pick) holds none."""
    found: dict[str, Callable[[], None]] = {}
    inside: set[int] = set()
    hidden = lambda c: isinstance(c, ft.Semantics) and bool(c.exclude_semantics)  # noqa: E731
    for control in under(root, skip=hidden):
        if isinstance(control, ft.Semantics) and control.button and control.label:
            target = control.content
            if isinstance(target, ft.Control):
                inside.add(id(target))
                handler = _handler(target)
                if handler and not control.disabled and not target.disabled:
                    found.setdefault(control.label, handler)
        elif isinstance(control, ft.Button | ft.IconButton) and id(control) not in inside:
            content = getattr(control, "content", None)  # an IconButton's is its icon
            name = content if isinstance(content, str) else control.tooltip
            handler = _handler(control)
            if isinstance(name, str) and name and handler and not control.disabled:
                found.setdefault(name, handler)
    return found


def _handler(control: ft.Control) -> Callable[[], None] | None:
    on_click = getattr(control, "on_click", None)
    return (lambda: on_click(None)) if on_click is not None else None


def asks_always(shell) -> bool:
    """This device's setting: every spoken move asked about (Settings)."""
    phone = getattr(shell, "phone", None)
    return bool(getattr(getattr(phone, "settings", None), "ask_spoken", False))


class ButtonHearing:
    """Hearing one screen's buttons by their names and tapping the one heard, for whichever
    screen listens: Settle a dispute (ButtonEars), or a game's moment its moves' grammar
    does not say (a Deceptidice challenge's tops: ui/voice.py)."""

    def __init__(self, shell, here: Callable[[], bool]) -> None:
        self.shell = shell
        self.here = here  # whether the screen that heard is still the one shown
        self.buttons: dict[str, Callable[[], None]] = {}

    async def hear(
        self,
        buttons: dict[str, Callable[[], None]],
        say: Callable[[str], tuple[Said, ...]] | None,
        body: bytes,
        more: Grammar | None = None,
        other: Callable[[object, bool], dict] | None = None,
    ) -> dict:
        """`more`: phrases heard beside the buttons (the table's words), each heard move
        of them handed to `other(move, sure)`."""
        import numpy as np

        from referee.voice import audio, recogniser

        if not self.here():
            return {"ok": False, "said": LEFT}
        self.buttons = dict(buttons)
        g = tap_grammar(list(self.buttons), say)
        if more is not None:
            g = Grammar([*g.forms, *more.forms])
        if not body:  # the microphone just opened: ready the buttons' search
            await asyncio.to_thread(recogniser.prepare_grammar, g)
            return {"ok": True, "said": ""}
        example = next(iter(self.buttons), "Back")
        samples = np.frombuffer(body, "<i2").astype(np.float64) / 32767
        pcm = audio.from_floats(samples)
        heard = await asyncio.to_thread(recogniser.hear_grammar, g, pcm, SAY.format(name=example))
        if not self.here():
            return {"ok": False, "said": LEFT}
        if heard.move is not None and not isinstance(heard.move, Tap) and other is not None:
            return other(heard.move, heard.sure)
        if not isinstance(heard.move, Tap):
            return self._told(heard.why, ok=False)
        name = heard.move.name
        if self.buttons.get(name) is None:
            return self._told(MOVED, ok=False)
        if heard.sure and not asks_always(self.shell):
            return self._told(self._tap(name), ok=True)
        title = f"Did you say: {name}?"
        self.shell.confirm(
            title,
            "Nothing is tapped until you tap Yes. If not, say it again or tap it.",
            lambda: self._tap(name, confirmed=True),
            yes="Yes, tap it",
            no="No",
        )
        return {"ok": True, "said": title}

    def _tap(self, name: str, confirmed: bool = False) -> str:
        handler = self.buttons.get(name)
        if handler is None or not self.here():  # the screen moved on while asked
            self.shell.toast(MOVED)
            return MOVED
        handler()
        said = f"Heard: {name}."
        if confirmed:
            self.shell.toast(said)
        return said

    def _told(self, said: str, ok: bool) -> dict:
        with contextlib.suppress(Exception):  # a page gone: the answer still goes back
            self.shell.toast(said)
        return {"ok": ok, "said": said}


class ButtonEars:
    """The hearing of one screen of one device: `shown(body)` at every redraw (the
    buttons to listen for), `close()` when the screen leaves."""

    def __init__(self, shell, on_top: Callable[[], bool]) -> None:
        self.shell = shell
        self.on_top = on_top  # whether its screen is the one shown
        self.say: Callable[[str], tuple[Said, ...]] | None = None
        sharing = getattr(shell, "sharing", None)
        self.token = getattr(sharing, "token", None)  # the browser's; None in a window
        self.buttons: dict[str, Callable[[], None]] = {}
        self.hearing = ButtonHearing(shell, self._here)

    def shown(self, body: ft.BaseControl, say: Callable[[str], tuple[Said, ...]] | None) -> None:
        self.buttons, self.say = named_buttons(body), say
        voice_inbox.listen(self.token, voice_inbox.SETTLE, self.hear)

    def close(self) -> None:
        voice_inbox.forget(self.token, voice_inbox.SETTLE, self.hear)

    def _here(self) -> bool:
        return self.on_top() and voice_inbox.listening(self.token, voice_inbox.SETTLE, self.hear)

    async def hear(self, body: bytes) -> dict:
        return await self.hearing.hear(self.buttons, self.say, body)
