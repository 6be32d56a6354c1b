"""The served app: only its own pages may open the WebSocket that changes games."""

import pytest
import websockets

from referee import server
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


class TestTableCode:
    def test_codes_avoid_letters_read_wrong_aloud(self):
        code = server.new_table_code()
        assert len(code) == 6 and not set(code) & set("01IOL")

    def test_code_check_ignores_case_and_spaces(self, monkeypatch):
        monkeypatch.setenv(server.CODE_ENV, "K7PQ2M")
        assert server.code_matches(" k7pq2m ")
        assert not server.code_matches("K7PQ2N")
        assert not server.code_matches(None)

    def test_without_sharing_no_code_is_asked(self, monkeypatch):
        monkeypatch.delenv(server.CODE_ENV, raising=False)
        assert server.code_matches(None)

    def test_only_loopback_hosts_stay_private(self):
        assert server.is_loopback("127.0.0.1") and server.is_loopback("::1")
        assert server.is_loopback("127.0.0.2") and server.is_loopback("localhost")
        assert not server.is_loopback("0.0.0.0") and not server.is_loopback("192.168.1.9")
