"""The served app: only its own pages may open the WebSocket that changes games, and only
requests naming an address this referee answers to are served at all."""

import socket

import pytest
import websockets

from referee.live import server
from tests.e2e.browser import serve
from tests.helpers import run_async


async def handshake(url: str, origin: str | None) -> str:
    ws_url = url.replace("http://", "ws://").split("?")[0] + "ws"
    headers = {"Origin": origin} if origin else {}
    try:
        async with websockets.connect(ws_url, additional_headers=headers, open_timeout=10):
            return "accepted"
    except websockets.InvalidStatus as exc:
        return f"refused {exc.response.status_code}"


class TestSameOrigin:
    def test_a_foreign_origin_is_refused_and_the_apps_own_accepted(self, tmp_path):
        with serve(tmp_path, renderer="auto") as app:
            own = app.url.rstrip("/")
            assert run_async(handshake(app.url, "http://evil.example")) == "refused 403"
            assert run_async(handshake(app.url, None)) == "refused 403"
            assert run_async(handshake(app.url, own.replace("127.0.0.1", "localhost"))) == (
                "refused 403"
            )
            assert run_async(handshake(app.url, own)) == "accepted"

    @pytest.mark.parametrize(
        "origin,host,same",
        [
            ("http://127.0.0.1:8550", "127.0.0.1:8550", True),
            ("http://127.0.0.1:8551", "127.0.0.1:8550", False),
            ("https://evil.example", "127.0.0.1:8550", False),
            ("null", "127.0.0.1:8550", False),
            ("http://192.168.1.9:8550", "192.168.1.9:8550", True),
        ],
    )
    def test_same_origin_compares_scheme_host_and_port(self, origin, host, same):
        scope = {"headers": [(b"origin", origin.encode()), (b"host", host.encode())]}
        assert server.same_origin(scope) is same


class TestSocket:
    def test_pushes_go_uncompressed_though_the_browser_offers_deflate(self, tmp_path):
        async def offered() -> object:
            with serve(tmp_path, renderer="auto") as app:
                ws_url = app.url.replace("http://", "ws://").split("?")[0] + "ws"
                origin = {"Origin": app.url.rstrip("/")}
                # websockets offers permessage-deflate, as every browser does
                async with websockets.connect(ws_url, additional_headers=origin) as ws:
                    return ws.response.headers.get("Sec-WebSocket-Extensions")

        assert run_async(offered()) is None


def raw_request(
    url: str, host: str, origin: str | None = None, websocket=False, path: str = "/"
) -> tuple:
    """(status, body) of a GET of `path` sent with exactly these Host and Origin headers, as
    a page on another name that resolves to this machine would send it."""
    address = url.split("//", 1)[1].split("/", 1)[0]
    ip, port = address.rsplit(":", 1)
    lines = [f"GET {'/ws' if websocket else path} HTTP/1.1", f"Host: {host}"]
    if origin:
        lines.append(f"Origin: {origin}")
    if websocket:
        lines += [
            "Upgrade: websocket",
            "Connection: Upgrade",
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
            "Sec-WebSocket-Version: 13",
        ]
    else:
        lines.append("Connection: close")
    with socket.create_connection((ip.strip("[]"), int(port)), timeout=10) as s:
        s.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        data = b""
        # A page is read to the end (Connection: close): its body may come after the head.
        while b"\r\n\r\n" not in data or not websocket:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split()[1]), body


def rebinding(url: str, name: str) -> tuple[int, int]:
    """A page on `name` (renamed to this machine) fetching the app and opening its socket:
    the statuses of the page and of the handshake, Origin matching its own Host."""
    port = url.rstrip("/").rsplit(":", 1)[1]
    host = f"{name}:{port}"
    page, _body = raw_request(url, host)
    shake, _ = raw_request(url, host, origin=f"http://{host}", websocket=True)
    return page, shake


class TestHostCheck:
    def test_a_rebinding_page_is_refused_in_web_mode_and_loopback_served(self, tmp_path):
        with serve(tmp_path, renderer="auto") as app:
            own = app.url.rstrip("/").split("//")[1]
            status, body = raw_request(app.url, "evil.example:" + own.rsplit(":", 1)[1])
            assert status == 403 and b"flutter" not in body.lower()
            assert b"does not answer to the name 'evil.example'" in body
            assert rebinding(app.url, "evil.example") == (403, 403)
            lan = server.lan_addresses()
            if lan:  # not sharing: even this machine's own network address is refused
                assert rebinding(app.url, lan[0]) == (403, 403)
            assert rebinding(app.url, "127.0.0.1") == (200, 101)
            assert rebinding(app.url, "localhost") == (200, 101)
            assert raw_request(app.url, own, origin="http://evil.example", websocket=True)[0] == 403

    def test_a_rebinding_page_is_refused_when_sharing(self, tmp_path):
        env = {"REFEREE_TABLE_CODE": "K7PQ-2MXA"}
        args = ("--share", "--allow-host", "Table.Example.")
        with serve(tmp_path, renderer="auto", host="127.0.0.2", args=args, env=env) as app:
            assert rebinding(app.url, "evil.example") == (403, 403)
            assert rebinding(app.url, "127.0.0.2") == (200, 101)
            assert rebinding(app.url, "table.example") == (200, 101)  # added by the user
            for address in server.lan_addresses()[:1]:
                assert rebinding(app.url, address) == (200, 101)

    def test_no_other_site_may_frame_a_page(self, tmp_path):
        """A framed page's WebSocket carries this server's own Origin: the framing page
        could lay its buttons over the referee's. Every page says only itself may frame it."""
        import urllib.request

        with serve(tmp_path, renderer="auto") as app:
            for path in ("", "game/1", "referee.js"):
                with urllib.request.urlopen(app.url + path, timeout=10) as answer:
                    assert answer.headers["Content-Security-Policy"] == "frame-ancestors 'self'"
                    assert answer.headers["X-Frame-Options"] == "SAMEORIGIN"

    @pytest.mark.parametrize(
        "header,parsed",
        [
            ("127.0.0.1:8550", ("127.0.0.1", 8550)),
            ("LocalHost.:80", ("localhost", 80)),
            ("[::1]:8550", ("::1", 8550)),
            ("[::1]", ("::1", None)),
            ("example.com", ("example.com", None)),
            ("", None),
            ("::1", None),
            ("[::1", None),
            ("a:b", None),
            ("evil.example:80:81", None),
            ("user@127.0.0.1", None),
            ("127.0.0.1:123456789", None),
        ],
    )
    def test_host_headers_are_read_with_their_port(self, header, parsed):
        assert server.split_host(header) == parsed

    def scope(self, host, origin=None, kind="websocket", method="GET"):
        headers = [(b"host", host.encode())]
        if origin:
            headers.append((b"origin", origin.encode()))
        return {"type": kind, "method": method, "headers": headers}

    def test_only_loopback_names_pass_when_not_sharing(self):
        allowed = server.AllowedHosts(share=False, names=["table.example"])
        for host in ("127.0.0.1:9", "localhost:9", "[::1]:9", "127.0.0.2:9"):
            assert server.refusal(self.scope(host, "http://" + host), allowed) is None
        for host in ("evil.example:9", "table.example:9", "192.0.2.7:9"):
            why = server.refusal(self.scope(host, "http://" + host), allowed)
            assert why and "does not answer" in why

    def test_sharing_adds_this_machines_addresses_and_the_users_names(self):
        clock = [0.0]
        lan = ["192.0.2.7"]
        allowed = server.AllowedHosts(
            share=True, names=["table.example"], addresses=lambda: list(lan), clock=lambda: clock[0]
        )
        assert allowed.allows("192.0.2.7") and allowed.allows("table.example")
        assert not allowed.allows("192.0.2.8") and not allowed.allows("evil.example")
        lan.append("192.0.2.8")  # the laptop joined another network
        clock[0] += 10
        assert allowed.allows("192.0.2.8")

    def test_origin_must_be_the_allowed_host_itself(self):
        allowed = server.AllowedHosts(share=False)
        assert server.refusal(self.scope("127.0.0.1:9", "http://127.0.0.1:9"), allowed) is None
        assert server.refusal(self.scope("127.0.0.1:9", "http://evil.example:9"), allowed)
        assert server.refusal(self.scope("127.0.0.1:9"), allowed)  # no Origin: no socket
        page = self.scope("127.0.0.1:9", None, kind="http")
        assert server.refusal(page, allowed) is None  # a plain page load has no Origin
        post = self.scope("127.0.0.1:9", "http://evil.example", kind="http", method="POST")
        assert server.refusal(post, allowed)


class TestTableCode:
    def test_codes_are_two_groups_of_four_avoiding_letters_read_wrong_aloud(self):
        code = server.new_table_code()
        assert len(code) == 9 and code[4] == "-" and not set(code) & set("01IOL")

    def test_code_check_ignores_case_spaces_and_dashes(self, monkeypatch):
        monkeypatch.setenv(server.CODE_ENV, "K7PQ-2MXA")
        for typed in (" k7pq2mxa ", "K7PQ-2MXA", "k7pq 2mxa", "ｋ７ｐｑ－２ｍｘａ"):
            assert server.code_matches(typed)
        assert not server.code_matches("K7PQ2MXB")
        assert not server.code_matches("K7PQ2MX")
        assert not server.code_matches(None)
        assert not server.code_matches("K7PQ2MXA" * 20)

    def test_a_code_set_without_its_dash_still_matches(self, monkeypatch):
        monkeypatch.setenv(server.CODE_ENV, "K7PQ2M")
        assert server.code_matches("k7pq2m") and server.code_matches("K7P-Q2M")

    def test_without_sharing_no_code_is_asked(self, monkeypatch):
        monkeypatch.delenv(server.CODE_ENV, raising=False)
        assert server.code_matches(None)

    def test_only_loopback_hosts_stay_private(self):
        assert server.is_loopback("127.0.0.1") and server.is_loopback("::1")
        assert server.is_loopback("127.0.0.2") and server.is_loopback("localhost")
        assert not server.is_loopback("0.0.0.0") and not server.is_loopback("192.168.1.9")
