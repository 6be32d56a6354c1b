"""The client's requests for a Noto fallback font are answered with a font the page already
has (referee/live/web_fonts.py): offline, a 404 made the CanvasKit renderer ask again at every
layout."""

from pathlib import Path

from referee.live.web_fonts import FallbackFonts
from tests.e2e.browser import serve
from tests.helpers import run_async
from tests.live.test_server import raw_request

FONT = b"\x00\x01\x00\x00 a font"
NOTO = "/assets/fonts/notocoloremoji/v32/Yq6P-KqIXTD0t4D9z1ESnKM3-HpFabsE4tq3luCC7p-aXxcn.0.woff2"
SUITS = Path(__file__).resolve().parents[2] / "assets" / "fonts" / "suits.ttf"


def _request(path: str, method: str = "GET") -> tuple[int | None, bytes, bool]:
    """(status, body, whether the app under it was reached) for one request."""
    sent: list[dict] = []
    reached: list[str] = []

    async def app(scope, receive, send):
        reached.append(scope["path"])

    async def send(message):
        sent.append(message)

    async def receive():
        return {"type": "http.request", "body": b""}

    scope = {"type": "http", "method": method, "path": path, "headers": []}
    run_async(FallbackFonts(app, FONT)(scope, receive, send))
    status = next((m["status"] for m in sent if m["type"] == "http.response.start"), None)
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return status, body, bool(reached)


class TestFallbackFonts:
    def test_a_noto_font_asked_for_gets_the_font_the_page_has(self):
        assert _request(NOTO) == (200, FONT, False)
        chinese = "/assets/fonts/notosanssc/v36/k3kXo84MPvpLmixcA63oeALhLOCT-xWNm8Hqd37.105.woff2"
        assert _request(chinese) == (200, FONT, False)
        assert _request(NOTO, method="HEAD") == (200, b"", False)

    def test_every_other_request_reaches_the_app(self):
        for path in (
            "/",
            "/assets/fonts/roboto.woff2",  # the client's own font
            "/assets/fonts/MaterialIcons-Regular.otf",
            "/fonts/suits.ttf",
            "/assets/fonts/notosanssc/",  # no file named
            "/assets/fonts/other/v1/a.woff2",
            "/assets/fonts/notosanssc/v36/a.woff2.html",
        ):
            assert _request(path) == (None, b"", True), path

    def test_only_a_read_is_answered(self):
        assert _request(NOTO, method="POST") == (None, b"", True)

    def test_the_served_app_answers_with_its_suit_font_after_the_host_check(self, tmp_path):
        with serve(tmp_path, renderer="auto") as app:
            own = app.url.rstrip("/").split("//")[1]
            assert raw_request(app.url, own, path=NOTO) == (200, SUITS.read_bytes())
            status, body = raw_request(app.url, "evil.example", path=NOTO)
            assert status == 403 and body != SUITS.read_bytes()
