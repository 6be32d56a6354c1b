"""flet_patches/send.py: a message is sent as the same bytes whether or not it is first written
out for Flet's debug log, and one sent from a handler's thread wakes the event loop."""

import asyncio
import logging
import threading
import time

import flet as ft
from flet.messaging.protocol import Message, MessageAction, PatchControlBody
from flet_web.fastapi import flet_app

from referee.flet_patches import send as flet_send
from tests.helpers import run_async
from tests.ui.devices import device


def _sent(send, message) -> bytes:
    app = object.__new__(flet_app.FletApp)
    app.loop = asyncio.get_running_loop()
    app._FletApp__send_queue = asyncio.Queue()
    send(app, message)
    return app._FletApp__send_queue.get_nowait()


def _game_screen(lives):
    app, _session = device(lives)
    app.games.start_game("faeker", ["Ana", "Bo", "Cy"], {})
    return app.page.views[-1]


def test_a_game_screen_is_sent_as_the_same_bytes(lives):
    async def run():
        view = _game_screen(lives)
        message = Message(MessageAction.PATCH_CONTROL, PatchControlBody(view._i, [view]))
        assert _sent(flet_send.send_message, message) == _sent(flet_send.ORIGINAL, message)

    run_async(run())


def test_the_message_is_written_out_only_when_the_log_is_on(lives, caplog):
    async def run():
        view = _game_screen(lives)
        message = Message(MessageAction.PATCH_CONTROL, PatchControlBody(view._i, [view]))
        with caplog.at_level(logging.INFO, logger="flet_transport"):
            _sent(flet_send.send_message, message)
        assert not caplog.records
        with caplog.at_level(logging.DEBUG, logger="flet_transport"):
            _sent(flet_send.send_message, message)
        assert [r.getMessage()[:13] for r in caplog.records] == ["send_message:"]

    run_async(run())


def test_a_message_from_a_handlers_thread_is_sent_without_waiting_for_the_handler(lives):
    async def run():
        view = _game_screen(lives)
        message = Message(MessageAction.PATCH_CONTROL, PatchControlBody(view._i, [view]))
        app = object.__new__(flet_app.FletApp)
        app.loop = asyncio.get_running_loop()
        app._FletApp__send_queue = queue = asyncio.Queue()
        handler_done = threading.Event()
        sent_at = []

        def handler():
            time.sleep(0.2)  # the loop is asleep, waiting for the message, by now
            sent_at.append(time.perf_counter())
            flet_send.send_message(app, message)
            handler_done.wait(10)  # the rest of a long handler

        worker = threading.Thread(target=handler)
        worker.start()
        try:
            # Flet's own send left it for the loop to find when it next woke (here the
            # 3 s timeout; in the app, the handler's end).
            sent = await asyncio.wait_for(queue.get(), 3)
            return sent, time.perf_counter() - sent_at[0]
        finally:
            handler_done.set()
            worker.join()

    sent, waited = run_async(run())
    assert sent[:1] == b"\x00"
    assert waited < 0.5


def test_only_the_pinned_flet_sends_this_way(monkeypatch):
    monkeypatch.setattr(flet_app.FletApp, "send_message", flet_send.ORIGINAL)
    monkeypatch.setattr(ft, "__version__", "1.0.6")
    flet_send.install()
    assert flet_app.FletApp.send_message is flet_send.ORIGINAL
