"""The web client's requests for fallback fonts, answered on an offline table.

The client asks the server for a Noto font when a text has a letter its own fonts lack (a
player called 😀 or 李). The app serves no such font (it must work without internet), and
after each 404 the CanvasKit renderer asked again at every layout of the screen, slowing
every tap with such a name on screen (bench/README.md). Here such a request
gets a font the page already has, so the client counts that Noto font as loaded and stops
asking; the letter shows as the box it showed before, and nothing else draws differently.
"""

import re
from pathlib import Path

# What the client asks for: /assets/fonts/<noto family>/<version>/<subset>.woff2
NOTO_FONT = re.compile(r"/assets/fonts/noto[a-z0-9]*/[A-Za-z0-9_./-]+\.(woff2|ttf|otf)")


class FallbackFonts:
    """ASGI middleware: a GET (or HEAD) of a Noto font gets `font`; the rest goes on."""

    def __init__(self, app, font: bytes) -> None:
        self.app = app
        self.font = font

    async def __call__(self, scope, receive, send) -> None:
        method = scope.get("method")
        if (
            scope["type"] != "http"
            or method not in ("GET", "HEAD")
            or not NOTO_FONT.fullmatch(scope.get("path", ""))
        ):
            await self.app(scope, receive, send)
            return
        headers = [
            (b"content-type", b"font/ttf"),
            (b"content-length", str(len(self.font)).encode()),
            # Not kept: another app served later on this address may have the real font.
            (b"cache-control", b"no-store"),
        ]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": b"" if method == "HEAD" else self.font})


def fallback_fonts(app, font: Path | None):
    """`app` with its fallback-font requests answered by `font` (the suits' font in the
    assets folder, which every page loads anyway); `app` itself when there is none."""
    if font is None:
        return app
    return FallbackFonts(app, font.read_bytes())
