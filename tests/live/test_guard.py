"""Table-code guesses are throttled: after 5 wrong codes from one client, or 20 a minute
from all of them, each try waits twice as long as the last (at most 60 s); a try during
the wait is not checked; the right code works after it. The clock is injected."""

import bisect
import math
from types import SimpleNamespace

import pytest

from referee.live import guard, server
from referee.live.guard import CodeGuard


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return Clock()


def wrong(g, client="phone"):
    return g.check(client, lambda: False)


def right(g, client="phone"):
    return g.check(client, lambda: True)


class TestOneClient:
    def test_five_wrong_codes_are_free_then_each_try_waits_twice_as_long(self, clock):
        g = CodeGuard(clock=clock)
        for _ in range(4):
            assert wrong(g) == guard.CodeCheck("wrong", guard.WRONG, 0)
        waits = []
        for _ in range(9):
            result = wrong(g)
            assert result.status == "wrong" and f"wait {result.wait_s} second" in result.message
            waits.append(result.wait_s)
            clock.now += result.wait_s
        assert waits == [1, 2, 4, 8, 16, 32, 60, 60, 60]

    def test_a_try_during_the_wait_is_not_checked_and_does_not_count(self, clock):
        g = CodeGuard(clock=clock)
        for _ in range(7):
            last = wrong(g)
            clock.now += last.wait_s
        assert last.wait_s == 4
        clock.now -= 3  # 3 s early: 3 s still to wait
        checked = []
        during = g.check("phone", lambda: checked.append(1) or True)
        assert during.status == "wait" and during.wait_s == 3 and not checked
        assert during.message == "Too many wrong codes were tried: wait 3 seconds, then try again."
        clock.now += 3
        assert wrong(g).wait_s == 8  # the try during the wait did not double it

    def test_the_right_code_works_after_the_wait_and_clears_the_count(self, clock):
        g = CodeGuard(clock=clock)
        for _ in range(6):
            last = wrong(g)
        assert right(g).status == "wait"
        clock.now += last.wait_s
        assert right(g).ok
        assert wrong(g).wait_s == 0  # cleared: five free again

    def test_a_clients_wrong_codes_are_forgotten_after_a_quiet_quarter_hour(self, clock):
        g = CodeGuard(clock=clock)
        for _ in range(5):
            wrong(g)
        clock.now += guard.FORGET_S
        assert wrong(g).wait_s == 0

    def test_another_client_is_not_held_up_by_one_guesser(self, clock):
        g = CodeGuard(clock=clock)
        for _ in range(8):
            wrong(g, "guesser")
        assert right(g, "guest").ok


class TestAllClients:
    def test_twenty_wrong_codes_a_minute_make_everyone_wait(self, clock):
        g = CodeGuard(clock=clock)
        for n in range(19):
            assert wrong(g, f"client {n}").wait_s == 0
            clock.now += 0.1
        assert wrong(g, "client 19").wait_s == 1
        assert right(g, "a guest").status == "wait"
        clock.now += 1
        assert wrong(g, "client 20").wait_s == 2
        clock.now += 2
        assert right(g, "a guest").ok

    def test_the_allowance_comes_back_as_the_minute_passes(self, clock):
        g = CodeGuard(clock=clock)
        for n in range(20):
            wrong(g, f"client {n}")
        clock.now += guard.WINDOW_S
        assert wrong(g, "client 21").wait_s == 0

    def test_remembered_clients_are_bounded(self, clock):
        g = CodeGuard(clock=clock)
        for n in range(3 * guard._MAX_CLIENTS):
            clock.now += 100  # slow enough that the overall limit never holds them
            wrong(g, f"client {n}")
        assert len(g._clients) <= guard._MAX_CLIENTS


def greedy_guesses(seconds: float, clients: int | None) -> list[float]:
    """The times of the wrong codes of a guesser who tries whenever the wait allows, from a
    new client each time (None) or from `clients` clients in turn."""
    clock = Clock()
    g = CodeGuard(clock=clock)
    start, times, n = clock.now, [], 0
    while clock.now - start < seconds:
        client = f"c{n if clients is None else n % clients}"
        n += 1
        result = wrong(g, client)
        if result.status == "wrong":
            times.append(clock.now)
        clock.now += max(result.wait_s, 0.001)
    return times


class TestGuessingCost:
    def test_at_most_25_guesses_fall_in_any_minute(self):
        times = greedy_guesses(3 * 3600, clients=None)
        most = max(bisect.bisect_left(times, t + 60) - i for i, t in enumerate(times))
        assert most <= 25
        assert len(times) / (3 * 60) < 20  # about 17 a minute on average
        one = greedy_guesses(3600, clients=1)
        assert len(one) < 70  # a single phone: about one a minute

    def test_eight_letter_codes_cost_over_40_bits_with_the_throttle(self):
        code_bits = server.CODE_LENGTH * math.log2(len(server._CODE_LETTERS))
        assert round(code_bits, 1) == 39.6
        unthrottled_per_s, throttled_per_s = 800, 25 / 60
        assert code_bits + math.log2(unthrottled_per_s / throttled_per_s) >= 50
        evening = 12 * 3600 * throttled_per_s
        assert evening / len(server._CODE_LETTERS) ** server.CODE_LENGTH < 1e-7


class TestCheckCode:
    def test_the_code_screens_check(self, monkeypatch):
        monkeypatch.setenv(server.CODE_ENV, "K7PQ-2MXA")
        monkeypatch.setattr(server, "_GUARD", CodeGuard(clock=Clock()))
        assert server.check_code("ip:192.0.2.7", "k7pq 2mxa").ok
        assert server.check_code("ip:192.0.2.7", "K7PQ2MXB").status == "wrong"

    def test_no_code_at_all_is_not_a_try(self, monkeypatch):
        monkeypatch.setenv(server.CODE_ENV, "K7PQ-2MXA")
        monkeypatch.setattr(server, "_GUARD", CodeGuard(clock=Clock()))
        for typed in (None, "", " - ", "\u2014", 5):
            result = server.check_code("ip:192.0.2.7", typed)
            assert result.status == "wrong" and result.wait_s == 0
        assert server._GUARD._clients == {}  # nothing counted

    def test_without_sharing_every_device_is_in(self, monkeypatch):
        monkeypatch.delenv(server.CODE_ENV, raising=False)
        assert server.check_code("ip:192.0.2.7", None).ok

    def test_a_client_is_its_address_or_else_its_session(self):
        assert server.client_key(SimpleNamespace(client_ip="192.0.2.7")) == "ip:192.0.2.7"
        session = SimpleNamespace(id="s1")
        assert server.client_key(SimpleNamespace(client_ip="", session=session)) == "session:s1"
