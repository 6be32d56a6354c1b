"""The asks to join on the host's pages (ui/host_asks.py), with a shell that only records
its dialogs and toasts: the oldest ask shows with Let in and Refuse on every host page, an
answer on one closes it on all, Back puts it away until the asks change, and guests'
pages never show asks."""

from types import SimpleNamespace

import pytest

from referee.live import server
from referee.live.asks import Asks
from referee.ui import host_asks
from referee.ui.host_asks import HostAsks


class FakeShell:
    def __init__(self, device: str, client_ip: str | None = "127.0.0.1") -> None:
        self.device = device
        self.page = SimpleNamespace(client_ip=client_ip)
        self.dialogs: list = []
        self.toasts: list[str] = []

    def dialog(self, dialog) -> None:
        dialog.open = True
        self.dialogs.append(dialog)

    def toast(self, message: str) -> None:
        self.toasts.append(message)

    def shown(self) -> list[str]:
        """The title of each dialog open."""
        return [d.title.content.value for d in self.dialogs if d.open]


def tap(dialog, label: str) -> None:
    button = next(b for b in dialog.actions if b.content == label)
    button.on_click(None)


@pytest.fixture
def asks(monkeypatch):
    # At once, as without a server's loop: a worker that ran a browser test before holds
    # Playwright's loop, and a turn queued on it never came (the dialogs never showed).
    monkeypatch.setattr(Asks, "_soon", staticmethod(lambda work, *args: work(*args)))
    return Asks()


def guest(asks: Asks, address: str):
    told: list[str] = []
    return asks.ask(f"ip:{address}", told.append), told


class TestHostPages:
    def test_the_oldest_ask_shows_with_its_number_and_how_many_more_ask(self, asks):
        page = FakeShell("host")
        HostAsks(page, asks)
        first, _ = guest(asks, "192.0.2.7")
        assert page.shown() == [f"A device asks to join: {first.number}"]
        guest(asks, "192.0.2.8")
        assert page.shown() == [f"A device asks to join: {first.number}"]
        others = page.dialogs[-1].content.controls[1].content
        assert others.value == "1 more device asks too."

    def test_let_in_on_one_host_page_closes_the_ask_on_every_other(self, asks):
        pages = [FakeShell("host tab"), FakeShell("host window", client_ip=None)]
        for page in pages:
            HostAsks(page, asks)
        _ask, told = guest(asks, "192.0.2.7")
        tap(pages[0].dialogs[-1], "Let in")
        assert told == ["let in"]
        assert [p.shown() for p in pages] == [[], []]

    def test_an_ask_answered_elsewhere_says_so_and_lets_nobody_in(self, asks):
        pages = [FakeShell("a"), FakeShell("b")]
        for page in pages:
            HostAsks(page, asks)
        _ask, told = guest(asks, "192.0.2.7")
        stale = pages[1].dialogs[-1]
        tap(pages[0].dialogs[-1], "Refuse")
        tap(stale, "Let in")  # a tap sent before its dialog closed
        assert told == ["refused"] and pages[1].toasts == [host_asks.GONE]

    def test_back_puts_an_ask_away_until_the_asks_change(self, asks):
        page = FakeShell("host")
        shown = HostAsks(page, asks)
        first, _ = guest(asks, "192.0.2.7")
        dialog = page.dialogs[-1]
        dialog.open = False  # Back: the shell pops the dialog, and it says it was dismissed
        dialog.on_dismiss(None)
        shown.refresh()
        assert page.shown() == []
        guest(asks, "192.0.2.8")  # a change: the oldest shows again, with the new one
        assert page.shown() == [f"A device asks to join: {first.number}"]
        assert page.dialogs[-1].content.controls[1].content.value == "1 more device asks too."

    def test_a_page_closed_stops_showing_asks(self, asks):
        page = FakeShell("host")
        HostAsks(page, asks).closed()
        guest(asks, "192.0.2.7")
        assert page.dialogs == []


class TestWhoSeesAsks:
    def test_only_the_host_machine_shows_asks_and_only_while_sharing(self, monkeypatch):
        monkeypatch.setenv(server.CODE_ENV, "K7PQ-2MXA")
        monkeypatch.setattr(host_asks, "HostAsks", lambda shell: "shown")
        assert host_asks.host_asks(FakeShell("host")) == "shown"
        assert host_asks.host_asks(FakeShell("window", client_ip=None)) == "shown"
        assert host_asks.host_asks(FakeShell("guest", client_ip="192.168.1.20")) is None
        monkeypatch.delenv(server.CODE_ENV)
        assert host_asks.host_asks(FakeShell("host")) is None
