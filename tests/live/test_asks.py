"""Asking the host to let a device in: the host's Let in or Refuse is told to the device that
asked and to every host page; asks are bounded (one an address, three at once, two minutes,
a wait after a refusal) and can be cancelled. The clock is injected; no loop runs, so each
telling happens at once."""

import pytest

from referee.live import asks as asks_module
from referee.live.asks import Asks, on_host_machine
from tests.helpers import run_async


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def asks(clock):
    return Asks(clock=clock)


class Guest:
    def __init__(self, asks: Asks, client: str) -> None:
        self.told: list[str] = []
        self.ask = asks.ask(client, self.told.append)


class TestAnswers:
    def test_let_in_tells_the_device_that_asked_and_every_host_page(self, asks):
        changes = {"host page": 0, "host window": 0}
        for key in changes:
            asks.watch(key, lambda key=key: changes.__setitem__(key, changes[key] + 1))
        guest = Guest(asks, "ip:192.0.2.7")
        assert changes == {"host page": 1, "host window": 1}
        assert [a.number for a in asks.open()] == [guest.ask.number]
        assert asks.answer(guest.ask.number, let_in=True)
        assert guest.told == ["let in"]
        assert asks.open() == [] and changes == {"host page": 2, "host window": 2}

    def test_refuse_tells_the_device_and_it_waits_a_minute_before_asking_again(self, asks, clock):
        guest = Guest(asks, "ip:192.0.2.7")
        assert asks.answer(guest.ask.number, let_in=False)
        assert guest.told == ["refused"]
        again = Guest(asks, "ip:192.0.2.7").ask
        assert again == "You asked just now: you can ask the host again in 60 seconds."
        clock.now += asks_module.REFUSED_WAIT_S
        assert not isinstance(Guest(asks, "ip:192.0.2.7").ask, str)

    def test_an_ask_answered_on_another_page_is_not_answered_twice(self, asks):
        guest = Guest(asks, "ip:192.0.2.7")
        assert asks.answer(guest.ask.number, let_in=True)
        assert not asks.answer(guest.ask.number, let_in=False)
        assert guest.told == ["let in"]

    def test_a_page_stops_watching(self, asks):
        seen = []
        asks.watch("host page", lambda: seen.append(1))
        asks.unwatch("host page")
        Guest(asks, "ip:192.0.2.7")
        assert seen == []


class TestBounds:
    def test_one_open_ask_per_address(self, asks):
        first = Guest(asks, "ip:192.0.2.7")
        second = Guest(asks, "ip:192.0.2.7")
        assert second.ask == asks_module.ASKING_ALREADY
        assert [a.number for a in asks.open()] == [first.ask.number]

    def test_at_most_three_asks_are_open_at_once(self, asks, clock):
        for n in range(asks_module.MAX_OPEN):
            Guest(asks, f"ip:192.0.2.{n}")
            clock.now += 10
        late = Guest(asks, "ip:192.0.2.99").ask
        assert late == "Other devices are asking the host already: try again in 90 seconds."
        assert len(asks.open()) == asks_module.MAX_OPEN

    def test_an_ask_unanswered_for_two_minutes_is_dropped_and_said(self, asks, clock):
        changes = []
        asks.watch("host page", lambda: changes.append(1))
        guest = Guest(asks, "ip:192.0.2.7")
        clock.now += asks_module.ASK_S - 1
        asks.sweep()
        assert guest.told == [] and len(asks.open()) == 1
        clock.now += 1
        asks.sweep()
        assert guest.told == ["expired"] and asks.open() == [] and len(changes) == 2
        assert not asks.answer(guest.ask.number, let_in=True)  # too late: nobody let in
        assert guest.told == ["expired"]

    def test_a_cancelled_ask_leaves_the_host_and_is_never_answered(self, asks, clock):
        guest = Guest(asks, "ip:192.0.2.7")
        asks.cancel(guest.ask)
        assert asks.open() == []
        assert not asks.answer(guest.ask.number, let_in=True)
        assert guest.told == []
        assert isinstance(Guest(asks, "ip:192.0.2.7").ask, str)  # a moment before again
        clock.now += asks_module.AGAIN_S
        assert not isinstance(Guest(asks, "ip:192.0.2.7").ask, str)

    def test_numbers_are_three_digits_and_differ_among_open_asks(self, asks):
        numbers = set()
        for _round in range(200):
            guests = [Guest(asks, f"ip:192.0.2.{n}") for n in range(asks_module.MAX_OPEN)]
            taken = [g.ask.number for g in guests]
            assert len(set(taken)) == len(taken)
            assert all(len(n) == 3 and n.isdigit() and n[0] != "0" for n in taken)
            numbers.update(taken)
            for guest in guests:
                asks.cancel(guest.ask)
            asks._again.clear()  # the test's own: asking again at once
        assert len(numbers) > 100

    def test_addresses_remembered_for_their_wait_are_bounded(self, asks):
        for n in range(3 * asks_module._MAX_WAITING):
            guest = Guest(asks, f"ip:10.0.{n // 256}.{n % 256}")
            asks.answer(guest.ask.number, let_in=False)
        assert len(asks._again) <= asks_module._MAX_WAITING


class TestHostMachine:
    @pytest.mark.parametrize(
        "client_ip, host",
        [(None, True), ("", True), ("127.0.0.1", True), ("::1", True), ("127.0.0.2", True),
         ("192.168.1.20", False), ("10.0.0.5", False), ("fe80::1", False)],
    )  # fmt: skip
    def test_the_host_machine_is_a_loopback_address_or_none(self, client_ip, host):
        assert on_host_machine(client_ip) is host


class TestOnTheServersLoop:
    def test_an_ask_is_dropped_when_its_time_is_up_and_everyone_is_told_in_a_later_turn(
        self, monkeypatch
    ):
        import asyncio

        monkeypatch.setattr(asks_module, "ASK_S", 0.05)
        asks = Asks()
        told: list[str] = []
        changes: list[int] = []

        async def serve() -> None:
            asks.watch("host page", lambda: changes.append(1))
            asks.ask("ip:192.0.2.7", told.append)
            assert changes == []  # not inside the tap that asked
            for _ in range(100):  # at most 2 s
                await asyncio.sleep(0.02)
                if told:
                    break

        run_async(serve())
        assert told == ["expired"] and asks.open() == [] and len(changes) == 2
