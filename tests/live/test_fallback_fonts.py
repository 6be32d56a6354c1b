"""The client's requests for a Noto fallback font (a name in a script or an emoji its fonts
lack) are answered with a font it already has: offline, a 404 made the CanvasKit renderer
ask again at every layout."""

from referee.server import FallbackFonts
from tests.helpers import run_async

FONT = b"\x00\x01\x00\x00 a font"
NOTO = "/assets/fonts/notocoloremoji/v32/Yq6P-KqIXTD0t4D9z1ESnKM3-HpFabsE4tq3luCC7p-aXxcn.0.woff2"


def _get(path: str, method: str = "GET") -> tuple[int | None, bytes, bool]:
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
        assert _get(NOTO) == (200, FONT, False)
        assert _get(
            "/assets/fonts/notosanssc/v36/k3kXo84MPvpLmixcA63oeALhLOCT-xWNm8Hqd37g1OkDRZe7lR4sg1IzSy-MNbE9VH8V.105.woff2"
        )[:2] == (200, FONT)

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
            assert _get(path) == (None, b"", True), path

    def test_only_a_get_is_answered(self):
        assert _get(NOTO, method="POST") == (None, b"", True)
