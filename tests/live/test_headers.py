"""The head of a request, before anything reads it: one Host, a target on that Host, a size a
browser sends, answered at once; and X-Forwarded-For believed only from a proxy the host
named with --trust-proxy."""

import os
import socket
import threading
import time

import pytest

from referee import cli
from referee.live import headers
from referee.live.headers import MAX_HEAD_BYTES, head_refusal
from tests.e2e.browser import serve

HANDSHAKE = (
    "Upgrade: websocket\r\nConnection: Upgrade\r\n"
    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
)


def port_of(url: str) -> int:
    return int(url.rstrip("/").rsplit(":", 1)[1])


def send_raw(port: int, head: str, pieces: int = 1) -> tuple[int, bytes, float]:
    """(status, body start, seconds to the answer) of `head` sent as it is on a new
    connection to 127.0.0.1, in `pieces` writes; status 0 when nothing came back."""
    data = head.encode("latin-1")
    started = time.perf_counter()
    answer = b""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        step = -(-len(data) // pieces)
        try:
            for at in range(0, len(data), step):
                s.sendall(data[at : at + step])
        except OSError:  # the server answered and closed before the rest was sent
            pass
        for _ in range(100):  # a head and the start of a body
            try:
                chunk = s.recv(65536)
            except OSError:
                break
            answer += chunk
            if not chunk or b"\r\n\r\n" in answer:
                break
    seconds = time.perf_counter() - started
    line, _, rest = answer.partition(b"\r\n")
    status = int(line.split()[1]) if line.startswith(b"HTTP/1.1 ") else 0
    return status, rest.partition(b"\r\n\r\n")[2], seconds


def page(*lines: str, target: str = "/") -> str:
    return (
        f"GET {target} HTTP/1.1\r\n"
        + "".join(f"{line}\r\n" for line in lines)
        + ("Connection: close\r\n\r\n")
    )


def socket_handshake(port: int, *lines: str) -> str:
    own = f"127.0.0.1:{port}"
    return (
        f"GET /ws HTTP/1.1\r\nHost: {own}\r\nOrigin: http://{own}\r\n{HANDSHAKE}"
        + "".join(f"{line}\r\n" for line in lines)
        + "\r\n"
    )


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    with serve(tmp_path_factory.mktemp("headers"), renderer="auto") as server:
        yield port_of(server.url)


class TestTheRules:
    """head_refusal, as the protocol and HostCheck both apply it."""

    def test_a_browsers_own_head_passes(self):
        head = [(b"host", b"192.168.1.9:8550"), (b"user-agent", b"Mozilla/5.0 " * 12)]
        head += [(b"cookie", b"referee_device=" + b"a" * 24), (b"accept-language", b"en")]
        assert head_refusal(b"/game/3/log?code=K7PQ-2MXA", head) is None

    @pytest.mark.parametrize("target", [b"http://127.0.0.1:9/x", b"HTTP://LocalHost.:9/", b"*"])
    def test_an_absolute_target_naming_host_itself_passes(self, target):
        host = b"localhost:9" if b"ocal" in target else b"127.0.0.1:9"
        assert head_refusal(target, [(b"host", host)]) is None

    @pytest.mark.parametrize(
        "target",
        [
            b"http://evil.example/",
            b"http://127.0.0.1:10/",  # another port
            b"http://evil.example@127.0.0.1:9/",
            b"ftp://127.0.0.1:9/",
            b"evil.example:80",  # a proxy's CONNECT
            b"127.0.0.1:9",
        ],
    )
    def test_a_target_naming_another_address_than_host_is_a_bad_request(self, target):
        assert head_refusal(target, [(b"host", b"127.0.0.1:9")]) == (400, headers.OTHER_TARGET)

    def test_the_default_port_is_the_schemes(self):
        assert head_refusal(b"http://127.0.0.1/", [(b"host", b"127.0.0.1:80")]) is None
        assert head_refusal(b"https://127.0.0.1/", [(b"host", b"127.0.0.1:80")])

    @pytest.mark.parametrize("order", [(b"evil.example", b"127.0.0.1"), (b"127.0.0.1",) * 2])
    def test_two_host_headers_are_a_bad_request_whatever_they_say(self, order):
        head = [(b"host", order[0]), (b"accept", b"*/*"), (b"Host", order[1])]
        assert head_refusal(b"/", head) == (400, headers.TWO_HOSTS)

    @pytest.mark.parametrize(
        "head",
        [
            [(b"cookie", b"a" * (MAX_HEAD_BYTES // 2))] * 2,  # in all
            [(b"cookie", b"a" * 8200)],  # one line over the WebSocket library's
            [(b"x-%d" % i, b"") for i in range(129)],  # more headers than it takes
        ],
    )
    def test_a_head_no_browser_sends_is_too_large(self, head):
        assert head_refusal(b"/", [(b"host", b"127.0.0.1"), *head])[0] == 431

    def test_the_limit_is_the_heads_size_as_sent(self):
        base = [(b"host", b"h"), (b"a", b""), (b"b", b"")]
        room = MAX_HEAD_BYTES - headers.head_size(b"/", base)
        head = [base[0], (b"a", b"x" * (room // 2)), (b"b", b"x" * (room - room // 2))]
        assert headers.head_size(b"/", head) == MAX_HEAD_BYTES
        assert head_refusal(b"/", head) is None
        head[-1] = (b"b", head[-1][1] + b"x")
        assert head_refusal(b"/", head)[0] == 431


class TestOnARealServer:
    def test_two_host_headers_evil_first_or_last_get_400(self, app):
        own = f"Host: 127.0.0.1:{app}"
        for lines in ((f"Host: evil.example:{app}", own), (own, f"Host: evil.example:{app}")):
            status, body, _ = send_raw(app, page(*lines))
            assert (status, body) == (400, b"This request names more than one address.\n")

    def test_an_absolute_target_of_another_address_gets_400_and_of_a_foreign_name_403(self, app):
        own = f"Host: 127.0.0.1:{app}"
        assert send_raw(app, page(own, target="http://evil.example/"))[0] == 400
        ws = f"GET http://evil.example/ws HTTP/1.1\r\n{own}\r\n{HANDSHAKE}\r\n"
        assert send_raw(app, ws)[0] == 400
        evil = f"http://evil.example:{app}/"
        assert send_raw(app, page(f"Host: evil.example:{app}", target=evil))[0] == 403
        assert send_raw(app, page(own, target=f"http://127.0.0.1:{app}/"))[0] == 200

    @pytest.mark.parametrize(
        "lines",
        [
            ["Cookie: a=" + "x" * 10_000],
            ["Cookie: a=" + "x" * 100_000],
            [f"Cookie: c{i}=" + "x" * 5000 for i in range(20)],  # 100 KB in lines that fit
        ],
        ids=["10 KB cookie", "100 KB cookie", "20 cookie lines of 5 KB"],
    )
    def test_an_oversized_head_gets_431_within_a_second_on_a_page_and_a_socket(self, app, lines):
        for head in (page(f"Host: 127.0.0.1:{app}", *lines), socket_handshake(app, *lines)):
            for pieces in (1, 5):
                status, body, seconds = send_raw(app, head, pieces)
                assert status == 431 and body.startswith(b"This request is too large"), status
                assert seconds < 1, seconds

    def test_a_head_that_never_ends_is_answered_431_before_it_fills_the_memory(self, app):
        started = time.perf_counter()
        with socket.create_connection(("127.0.0.1", app), timeout=5) as s:
            s.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{app}\r\nCookie: a=".encode())
            sent, answer = 0, b""
            for _ in range(256):  # up to 1 MB, 4 KB a write, never the end of the head
                try:
                    s.sendall(b"x" * 4096)
                except OSError:
                    break
                sent += 4096
                s.settimeout(0.02)
                try:
                    answer = s.recv(4096)
                except TimeoutError:
                    continue
                break
        assert answer.startswith(b"HTTP/1.1 431 "), answer[:40]
        assert sent <= 4 * MAX_HEAD_BYTES and time.perf_counter() - started < 5

    def test_a_head_a_browser_sends_is_served(self, app):
        lines = [f"Host: 127.0.0.1:{app}", "User-Agent: " + "Mozilla/5.0 " * 20]
        lines += ["Cookie: " + "; ".join(f"other{i}=" + "v" * 200 for i in range(20))]
        assert send_raw(app, page(*lines))[0] == 200
        assert send_raw(app, socket_handshake(app, *lines[1:]))[0] == 101


def redirect_scheme(port: int) -> bytes:
    """The scheme of the address a folder is sent to (Starlette builds it from the scheme
    uvicorn gives the request), when a local process says it is a proxy for https."""
    lines = [f"Host: 127.0.0.1:{port}", "X-Forwarded-Proto: https", "X-Forwarded-For: 10.9.8.7"]
    data = page(*lines, target="/icons").encode()
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(data)
        answer = b""
        for _ in range(100):
            chunk = s.recv(65536)
            answer += chunk
            if not chunk or b"\r\n\r\n" in answer:
                break
    assert answer.startswith(b"HTTP/1.1 307 "), answer[:40]
    location = next(h for h in answer.split(b"\r\n") if h.lower().startswith(b"location:"))
    return location.split(b":", 2)[1].strip()


class TestForwardedHeaders:
    def test_a_local_process_is_no_proxy_unless_the_host_names_it(self, app, tmp_path):
        assert redirect_scheme(app) == b"http"
        flag = {"args": ("--trust-proxy", "127.0.0.1")}
        env = {"env": {headers.TRUSTED_PROXIES_ENV: "10.0.0.0/8 127.0.0.1"}}
        for named in (flag, env):
            with serve(tmp_path, renderer="auto", **named) as trusted:
                assert redirect_scheme(port_of(trusted.url)) == b"https", named

    @pytest.mark.parametrize("trusted", ["", "127.0.0.1", "10.0.0.0/24 ::1"])
    def test_x_forwarded_for_changes_the_devices_address_only_from_a_named_proxy(
        self, monkeypatch, trusted
    ):
        """A real uvicorn on 127.0.0.1 with the options the app is served with; the client
        address is what Flet gives the page as client_ip (flet_web's FletApp.handle)."""
        import uvicorn

        monkeypatch.setenv(headers.TRUSTED_PROXIES_ENV, trusted)
        seen = []

        async def app(scope, receive, send):
            seen.append(scope["client"][0])
            await send({"type": "http.response.start", "status": 204, "headers": []})
            await send({"type": "http.response.body", "body": b""})

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        config = uvicorn.Config(
            app, host="127.0.0.1", port=port, lifespan="off", log_level="warning",
            **headers.server_options(),
        )  # fmt: skip
        server = uvicorn.Server(config)
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        try:
            for _ in range(200):
                if server.started:
                    break
                time.sleep(0.025)
            line = "X-Forwarded-For: 10.9.8.7"
            assert send_raw(port, page(f"Host: 127.0.0.1:{port}", line))[0] == 204
        finally:
            server.should_exit = True
            thread.join(10)
        assert seen == ["10.9.8.7" if "127.0.0.1" in trusted else "127.0.0.1"]

    def test_trust_proxy_takes_addresses_and_networks_and_keeps_them_for_the_server(
        self, monkeypatch
    ):
        monkeypatch.setenv(headers.TRUSTED_PROXIES_ENV, "")
        assert headers.server_options()["proxy_headers"] is False
        headers.trust_proxies(["127.0.0.1", "10.0.0.0/24", "::1"])
        options = headers.server_options()
        assert options["proxy_headers"] is True
        assert options["forwarded_allow_ips"] == ["127.0.0.1", "10.0.0.0/24", "::1"]

    @pytest.mark.parametrize("given", ["*", "proxy.local", "10.0.0.300", ""])
    def test_a_trust_proxy_that_is_no_address_stops_the_app_in_a_sentence(
        self, monkeypatch, capsys, given
    ):
        monkeypatch.setenv(headers.TRUSTED_PROXIES_ENV, "")
        assert cli.main(["--web", "--trust-proxy", given]) == 2
        assert "--trust-proxy takes the proxy's IP address" in capsys.readouterr().err
        assert os.environ[headers.TRUSTED_PROXIES_ENV] == ""  # nothing changed
