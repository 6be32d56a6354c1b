"""Serving the app in a browser: the WebSocket accepts only the app's own origin, and a
table shared on a network asks every device for the table code.

A game can be changed through the WebSocket, so a page from another site open in the same
browser must not reach it (browsers send the Origin header; a foreign one is refused), and
nobody on the network may join unless the table gave them the code.
"""

import contextlib
import ipaddress
import os
import secrets
import socket
import struct
import sys
from collections.abc import Callable
from urllib.parse import urlsplit

CODE_ENV = "REFEREE_TABLE_CODE"
LINKS_ENV = "REFEREE_SHARE_LINKS"  # the links printed at start, for the share screen
SHARE_PORT = 8550
# No 0/O or 1/I/L: the code is read aloud across a table and typed on a phone.
_CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


def new_table_code(length: int = 6) -> str:
    return "".join(secrets.choice(_CODE_LETTERS) for _ in range(length))


def table_code() -> str | None:
    """The code this server asks for, or None when it is not shared (loopback only)."""
    return os.environ.get(CODE_ENV) or None


def code_matches(given: str | None) -> bool:
    expected = table_code()
    if expected is None:
        return True
    given = (given or "").strip().upper()
    return secrets.compare_digest(given.encode(), expected.encode())


def is_loopback(host: str) -> bool:
    if host in ("localhost", ""):
        return host == "localhost"
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


class SameOriginOnly:
    """ASGI middleware: a WebSocket handshake whose Origin is not this server is refused
    (HTTP 403) before the app sees it; plain HTTP (the page and its files) passes."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "websocket" and not same_origin(scope):
            await receive()  # the client's connect message
            await send({"type": "websocket.close", "code": 1008})
            return
        await self.app(scope, receive, send)


def same_origin(scope) -> bool:
    headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
    origin, host = headers.get("origin"), headers.get("host")
    if not origin or not host:
        return False
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and parts.netloc.lower() == host.lower()


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback, read from its interfaces (no
    packet is sent to find them)."""
    found: list[str] = []
    if sys.platform.startswith("linux"):
        import fcntl

        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            for _index, name in socket.if_nameindex():
                with contextlib.suppress(OSError):
                    packed = fcntl.ioctl(
                        s.fileno(), 0x8915, struct.pack("256s", name[:15].encode())
                    )  # SIOCGIFADDR
                    found.append(socket.inet_ntoa(packed[20:24]))
    else:
        with contextlib.suppress(OSError):
            for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
                found.append(info[4][0])
    return [a for a in dict.fromkeys(found) if not ipaddress.ip_address(a).is_loopback]


def port_from(host: str, wanted: int) -> int:
    """`wanted` if it is free on `host`, else the next free one after it."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    for port in range(wanted, wanted + 50):
        with socket.socket(family) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                s.bind((host, port))
            except OSError:
                continue
            return port
    raise OSError(f"No free port from {wanted} to {wanted + 49} on {host}.")


def free_port(host: str) -> int:
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def share_links(host: str, port: int, code: str) -> list[str]:
    hosts = lan_addresses() if host in ("0.0.0.0", "::") else [host]
    return [f"http://{h}:{port}/?code={code}" for h in hosts]


def qr_png(text: str) -> bytes:
    import io

    import segno

    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="png", scale=6, border=2)
    return out.getvalue()


def terminal_qr(text: str) -> str:
    import io

    import segno

    out = io.StringIO()
    segno.make(text, error="m").terminal(out=out, compact=True)
    return out.getvalue()


def serve(
    main: Callable,
    *,
    host: str,
    port: int,
    assets_dir: str | None,
    starting: Callable[[], None] = lambda: None,
) -> None:
    """Run the app as a web server until interrupted; `starting` is called once the port
    is open (uvicorn's own start-up is done by then, so it does not share the interpreter
    with what `starting` begins)."""
    import flet_web.fastapi as flet_fastapi
    import uvicorn

    import referee

    class Server(uvicorn.Server):
        async def startup(self, sockets=None) -> None:
            await super().startup(sockets)
            if not self.should_exit:
                starting()

    app = flet_fastapi.FastAPI()
    # The page and its manifest carry referee's own name, description, colour and icons
    # (assets/: index.html, manifest.json, icons/), so "Add to Home screen" gives referee.
    app.mount(
        "/",
        flet_fastapi.app(
            main,
            assets_dir=assets_dir,
            app_name=referee.NAME,
            app_short_name=referee.NAME,
            app_description=referee.DESCRIPTION,
            no_cdn=True,
        ),
    )
    config = uvicorn.Config(
        SameOriginOnly(app), host=host, port=port, ws="websockets-sansio", log_level="warning"
    )
    server = Server(config)
    server.run()
    if not server.started:  # as uvicorn.run does: it stopped before serving (it said why)
        sys.exit(1)
