"""Table-code guesses are throttled: after 5 wrong codes from one client each try waits
twice as long as the last (at most 60 s), and while 20 wrong codes fell within a minute
from all of them, the table shares a few checks a minute; a phone that has not failed is
never held up by others' wrong codes unless many addresses guess at once. The clock is
injected; the figures are guard.py's docstring's and README.md's."""

import bisect
import math
import random
from pathlib import Path
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


def strangers(g, clock, n=20, prefix="stranger"):
    """`n` wrong codes from as many strangers, 0.1 s apart: the table is busy after 20."""
    for i in range(n):
        wrong(g, f"{prefix} {i}")
        clock.now += 0.1


class TestAllClients:
    def test_a_wrong_code_from_a_stranger_never_holds_up_a_phone_that_has_not_failed(self, clock):
        g = CodeGuard(clock=clock)
        attackers = [f"attacker {n}" for n in range(4)]
        guests = checked = 0
        for step in range(10 * 60 * 10):  # ten minutes, a tenth of a second at a time
            for attacker in attackers:  # each tries whenever the throttle allows
                wrong(g, attacker)
            if step % 150 == 0:  # a new phone every 15 s types the right code
                guests += 1
                tried = []
                assert g.check(f"guest {step}", lambda t=tried: t.append(1) or True).ok
                checked += len(tried)
            clock.now += 0.1
        assert checked == guests == 40
        assert wrong(g, "a phone that mistypes").status == "wrong"
        assert right(g, "a phone that mistypes").ok  # one wrong code of its own: still at once

    def test_while_busy_phones_with_few_wrong_codes_share_four_a_minute(self, clock):
        g = CodeGuard(clock=clock)
        strangers(g, clock)
        start = clock.now
        for n in range(guard.FEW_BUSY):
            assert wrong(g, f"new {n}").status == "wrong"
            clock.now += 1
        held = right(g, "a guest")
        assert held.status == "wait" and held.wait_s == math.ceil(start + 60 - clock.now)
        assert held.message == (
            f"Many wrong codes were tried here just now: wait {held.wait_s} seconds, or ask "
            "the host to let you in."
        )
        clock.now = start + guard.WINDOW_S
        assert right(g, "a guest").ok

    def test_while_busy_clients_with_wrong_codes_share_six_a_minute(self, clock):
        g = CodeGuard(clock=clock)
        for n in range(guard.MANY_BUSY + 1):  # each with two wrong codes: 14, not yet busy
            wrong(g, f"guesser {n}")
            wrong(g, f"guesser {n}")
        strangers(g, clock, guard.GLOBAL_FREE - 2 * (guard.MANY_BUSY + 1))
        for n in range(guard.MANY_BUSY):
            assert wrong(g, f"guesser {n}").status == "wrong"
        checked = []
        held = g.check(f"guesser {guard.MANY_BUSY}", lambda: checked.append(1) or True)
        assert held.status == "wait" and not checked
        assert held.message.startswith("Too many wrong codes were tried: wait")
        assert right(g, "a guest").ok  # the guessers' share is not the guest's

    def test_the_table_is_busy_only_while_20_wrong_codes_fall_within_a_minute(self, clock):
        g = CodeGuard(clock=clock)
        strangers(g, clock, guard.GLOBAL_FREE - 1)
        for n in range(10):  # not busy: as many new phones as come
            assert right(g, f"guest {n}").ok
        strangers(g, clock, 1, prefix="the twentieth")
        for n in range(guard.FEW_BUSY):
            wrong(g, f"new {n}")
        assert right(g, "a guest").status == "wait"
        clock.now += guard.WINDOW_S
        assert right(g, "a guest").ok

    def test_remembered_clients_are_bounded(self, clock):
        g = CodeGuard(clock=clock)
        for n in range(3 * guard._MAX_CLIENTS):
            clock.now += 100  # slow enough that the table is never busy
            wrong(g, f"client {n}")
        assert len(g._clients) <= guard._MAX_CLIENTS


def attack(seconds: float, addresses: int | None, rng=None, greedy=True) -> list[float]:
    """The times (from the start) of the wrong codes of a guesser who tries whenever one of
    `addresses` may, or (None) also from a new address whenever that is sooner. With `rng`
    and not `greedy`: it sometimes waits a little, or takes a new address only now and then,
    looking for a rhythm that beats the throttle."""
    clock = Clock()
    g = CodeGuard(clock=clock)
    start, times, pool, n = clock.now, [], [f"a{i}" for i in range(addresses or 0)], 0
    while clock.now - start < seconds:
        opens = [(g._opens(g._clients.get(c)), c) for c in pool]
        if addresses is None and (greedy or not opens or rng.random() < 0.3):
            opens.append((g._opens(None), None))
        when, client = min(opens, key=lambda o: o[0])
        clock.now = max(clock.now, when) + 1e-6 + (0 if greedy else rng.choice((0, 0, 0.5, 3)))
        if client is None:
            client, n = f"n{n}", n + 1
            pool.append(client)
        if wrong(g, client).status == "wrong":
            times.append(clock.now - start)
        else:
            clock.now += 1e-3
        if addresses is None:  # a new address is worth trying again while it is counted
            pool = [c for c in pool if c in g._clients][-200:]
    return times


def most_in_a_minute(times: list[float]) -> int:
    return max(bisect.bisect_left(times, t + 60) - i for i, t in enumerate(times))


ROOT = Path(__file__).resolve().parents[2]
MOST_A_MINUTE = guard.GLOBAL_FREE + guard.FEW_BUSY + guard.MANY_BUSY


class TestGuessingCost:
    def test_at_most_30_wrong_codes_fall_in_any_minute_from_any_number_of_addresses(self):
        assert MOST_A_MINUTE == 30
        hopping = attack(3 * 3600, None)
        assert most_in_a_minute(hopping) <= MOST_A_MINUTE
        assert 23 < len(hopping) / (3 * 60) < 25  # about 24 a minute on average
        rng = random.Random(57)
        for addresses in (None, None, 20, 100):
            times = attack(900, addresses, rng, greedy=False)
            assert most_in_a_minute(times) <= MOST_A_MINUTE

    def test_four_addresses_get_26_in_the_first_minute_then_4_a_minute(self):
        evening = attack(12 * 3600, 4)
        assert sum(1 for t in evening if t < 60) == 26
        assert sum(1 for t in evening if 600 <= t < 4200) == 4 * 60
        assert len(evening) == 2915
        one = attack(3600, 1)
        assert len(one) == 70  # a single address: 10 in its first minute, then one a minute

    def test_eight_letter_codes_cost_over_50_bits_with_the_throttle(self):
        codes = len(server._CODE_LETTERS) ** server.CODE_LENGTH
        code_bits = math.log2(codes)
        assert round(code_bits, 1) == 39.6
        unthrottled_per_s, throttled_per_s = 800, MOST_A_MINUTE / 60
        assert round(code_bits + math.log2(unthrottled_per_s / throttled_per_s), 1) == 50.3
        minutes_a_year = 365.25 * 24 * 60
        assert round(codes / 2 / MOST_A_MINUTE / minutes_a_year, -3) == 27_000
        assert round(codes / 2 / 4 / minutes_a_year, -4) == 200_000  # from 4 addresses
        assert f"{12 * 60 * MOST_A_MINUTE / codes:.1e}" == "2.5e-08"  # a 12-hour evening
        assert f"{2915 / codes:.1e}" == "3.4e-09"  # from 4 addresses

    @pytest.mark.parametrize("where", ["guard.py", "README.md"])
    def test_the_figures_written_down_are_these(self, where):
        text = guard.__doc__ if where == "guard.py" else (ROOT / "README.md").read_text()
        text = " ".join(text.split())
        for figure in ("39.6 bits", "30 a minute", "26 in", "then 4 a minute", "50.3 bits"):
            assert figure in text
        for figure in ("27,000 years", "200,000", "2.5e-8", "3.4e-9", "24 a minute"):
            assert figure in text


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
