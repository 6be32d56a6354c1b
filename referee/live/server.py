"""Serving the app in a browser: every request must name an address this referee answers
to, the WebSocket accepts only the app's own origin, and a table shared on a network asks
every device for the table code.

A game can be changed through the WebSocket, so a page from another site open in the same
browser must not reach it: browsers send the Origin header (a foreign one is refused), and
a page that renamed itself to this machine (DNS rebinding) still sends its own name as
Host (refused unless it is one we answer to). Nobody on the network may join unless the
table gave them the code.
"""

import contextlib
import contextvars
import ipaddress
import os
import re
import secrets
import socket
import struct
import sys
import time
from collections.abc import Callable, Iterable
from urllib.parse import urlsplit

from referee.live import voice_inbox
from referee.live.code_watch import CodeWatch
from referee.live.guard import CodeCheck, CodeGuard
from referee.live.headers import scope_refusal, split_host
from referee.storage.sharing import MAX_CODE, TableAccess, plain_code, same_code

CODE_ENV = "REFEREE_TABLE_CODE"
LINKS_ENV = "REFEREE_SHARE_LINKS"  # the links printed at start, for the share screen
SHARE_PORT = 8550
# No 0/O or 1/I/L: the code is read aloud across a table and typed on a phone.
_CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


EMPTY_CODE = "Enter the table code: the host's screen and the link they shared show it."
CODE_LENGTH = 8  # 39.6 bits; with the guard's throttle, over 50 (see referee/live/guard.py)
_GUARD = CodeGuard()


def new_table_code(length: int = CODE_LENGTH) -> str:
    """A code to read aloud in groups of four: "K7PQ-2MXA"."""
    letters = "".join(secrets.choice(_CODE_LETTERS) for _ in range(length))
    return "-".join(letters[i : i + 4] for i in range(0, length, 4))


def table_code() -> str | None:
    """The code this server asks for, or None when it is not shared (loopback only): the
    one stored in the data folder, which another referee on it may have changed."""
    given = os.environ.get(CODE_ENV) or None
    if given is None or _ACCESS is None:
        return given
    code = _ACCESS.current()
    if code and code != given:
        os.environ[CODE_ENV] = code
    return code or given


# -- the table's code, kept in the data folder (referee/storage/sharing.py) -------------

_ACCESS: TableAccess | None = None
_WATCH: CodeWatch | None = None


def share_table(
    folder, *, fresh: bool = False, replacing: str | None = None, say=None
) -> TableAccess:
    """Share the table of this data folder: its kept code (`fresh`: a new one, unless the
    stored code is no longer `replacing`, the code seen before: another referee made one
    at that moment; the environment's REFEREE_TABLE_CODE, when set, wins), now this
    server's code, followed from now on (referee/live/code_watch.py). `say` prints a
    sentence on the host's console. TableBusy when another referee holds the folder's
    lock too long."""
    global _ACCESS, _WATCH
    stop_sharing()
    given = os.environ.get(CODE_ENV) or None
    _ACCESS = TableAccess(folder, new_table_code, on_notice=say)
    code = _ACCESS.load(fresh=fresh and not given, given=given, replacing=replacing)
    os.environ[CODE_ENV] = code
    if fresh and given:
        _ACCESS.problem = f"{CODE_ENV} is set: it is the table code, and --new-code makes no other."
    _WATCH = CodeWatch(_ACCESS, say)
    _WATCH.start()
    return _ACCESS


def stop_sharing() -> None:
    """Stop following the folder's code (a test's server, or a new share_table)."""
    global _ACCESS, _WATCH
    if _WATCH is not None:
        _WATCH.stop()
    _ACCESS = _WATCH = None


def on_new_code(listener: Callable[[], None]) -> None:
    """Call `listener` (on the server's loop) when another referee on the folder makes a
    new code."""
    if _WATCH is not None:
        _WATCH.listen(listener)


def renew_code(keep: str | None = None, replacing: str | None = None) -> tuple[str, bool]:
    """A new table code, and whether this call made it: every device that gave the old
    one is asked for it, but the device `keep` (its token) that asked for it. None is
    made when the stored code is no longer `replacing` (the code the host saw): another
    referee made one at the same moment, and it is the table's. TableBusy when another
    referee holds the folder's lock too long."""
    if _ACCESS is None or _WATCH is None:
        code = new_table_code()
        os.environ[CODE_ENV] = code
        return code, True
    code = _WATCH.made_here(lambda: _ACCESS.renew(keep, replacing=replacing))
    os.environ[CODE_ENV] = code
    return code, _ACCESS.made


def sharing_notes() -> list[str]:
    """What the host should know about the table's code (a damaged file moved aside, a
    folder that cannot keep it), one sentence each."""
    if _ACCESS is None:
        return []
    return [note for note in (_ACCESS.notice, _ACCESS.problem) if note]


def admitted(token: str | None) -> bool:
    """Whether this device gave the table's code before (this run or an earlier one)."""
    if _ACCESS is None or table_code() is None:
        return False
    return _ACCESS.admitted(token)


def retired_code(given: str | None) -> bool:
    """Whether `given` (a link's code) was this table's code before a new one was made."""
    if _ACCESS is None or not isinstance(given, str) or len(given) > MAX_CODE:
        return False
    return _ACCESS.retired(plain_code(given))


def admit(token: str | None, code: str | None = None) -> bool:
    """Remember this device as one that gave `code`, if it is still the stored code:
    False (nothing kept) when the code changed since it was checked, and the device is
    asked again. `code` None: let in without one (by the host). TableBusy when another
    referee holds the folder's lock too long."""
    if _ACCESS is None:
        return True
    return _ACCESS.admit(token, code)


# -- each browser's token: a cookie, read again from every WebSocket it opens ------------

DEVICE_COOKIE = "referee_device"
_TOKEN = re.compile(r"[A-Za-z0-9_-]{22,64}")
_device_token: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "referee_device_token", default=None
)


def device_token() -> str | None:
    """The token of the browser whose WebSocket runs this page's code (None: no browser
    cookie, as in the desktop window or a test client)."""
    return _device_token.get()


def _cookie(headers: dict[str, str]) -> str | None:
    for part in headers.get("cookie", "").split(";"):
        name, _eq, value = part.strip().partition("=")
        if name == DEVICE_COOKIE and _TOKEN.fullmatch(value):
            return value
    return None


def code_matches(given: str | None) -> bool:
    """Whether `given` is this server's code (always, when it asks for none). Not
    throttled: what a device types goes through `check_code`."""
    expected = table_code()  # the stored code, never a copy read before
    return expected is None or same_code(given, expected)


def check_code(client: str, typed: str | None) -> CodeCheck:
    """One try of the table code from `client` (see `client_key`), throttled: "ok",
    "wrong" with a sentence, or "wait" with a sentence saying how long (referee/live/guard.py).
    The code in a device's link is a try like any other; no code at all is not a try."""
    if table_code() is None:
        return CodeCheck("ok")
    if not isinstance(typed, str) or not plain_code(typed[:MAX_CODE]):  # nothing typed: no try
        return CodeCheck("wrong", EMPTY_CODE)
    return _GUARD.check(client or "unknown", lambda: code_matches(typed))


def client_key(page) -> str:
    """Who is trying codes: the device's address, or else its Flet session."""
    ip = getattr(page, "client_ip", None)
    if ip:
        return f"ip:{ip}"
    try:
        return f"session:{page.session.id}"
    except Exception:  # a page whose session is gone: only this page
        return f"page:{id(page)}"


def is_loopback(host: str) -> bool:
    if host in ("localhost", ""):
        return host == "localhost"
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


ALLOWED_ENV = "REFEREE_ALLOWED_HOSTS"  # names added with --allow-host, space-separated
_LAN_REFRESH_S = 5.0  # a laptop that moves to another network gets a new address


class AllowedHosts:
    """The names a request may carry in Host: loopback always; when sharing, this
    machine's LAN addresses and the names the user added.

    A page from another site can rename itself to 127.0.0.1 (DNS rebinding), but its
    requests still carry its own name in Host; refusing every name we do not answer to
    keeps such a page from reading or changing the games."""

    def __init__(
        self,
        *,
        share: bool,
        names: Iterable[str] = (),
        bound: str | None = None,
        addresses: Callable[[], list[str]] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.share = share
        self.names = {n.lower().rstrip(".") for n in names} if share else set()
        if share and bound and bound not in ("0.0.0.0", "::"):
            self.names.add(bound.lower())
        self._addresses = addresses or lan_addresses
        self._clock = clock
        self._lan: set[str] = set()
        self._read_at: float | None = None

    @classmethod
    def from_env(cls, bound: str | None = None) -> "AllowedHosts":
        return cls(
            share=table_code() is not None,
            names=os.environ.get(ALLOWED_ENV, "").split(),
            bound=bound,
        )

    def allows(self, name: str) -> bool:
        if is_loopback(name) or name in self.names:
            return True
        if not self.share:
            return False
        if name not in self._lan and self._stale():
            self._lan = set(self._addresses())
            self._read_at = self._clock()
        return name in self._lan

    def _stale(self) -> bool:
        return self._read_at is None or self._clock() - self._read_at >= _LAN_REFRESH_S


def _headers(scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}


def refusal(scope, allowed: AllowedHosts) -> str | None:
    """Why this request or handshake is refused, or None when it may pass."""
    headers = _headers(scope)
    host = split_host(headers.get("host", ""))
    if host is None:
        return "This request does not say which address it is for."
    if not allowed.allows(host[0]):
        return (
            f"This referee does not answer to the name {host[0][:60]!r}. Open it by the "
            "address it printed, or start it with --allow-host NAME."
        )
    if scope["type"] == "websocket" and not same_origin(scope):
        return "Only this referee's own page may connect."
    # A form or a script of another site sending data here.
    writes = scope["type"] == "http" and scope.get("method") not in ("GET", "HEAD")
    if writes and "origin" in headers and not same_origin(scope):
        return "Only this referee's own page may send data here."
    return None


# Another site may not show the app in a frame of its own page: a framed page's
# connection comes from this server's own origin and passes the Origin check, so the
# other page could lay its own buttons over the referee's and have a player tap them.
NOT_FRAMED = [
    (b"content-security-policy", b"frame-ancestors 'self'"),
    (b"x-frame-options", b"SAMEORIGIN"),
]
_NOT_FRAMED_NAMES = {name for name, _ in NOT_FRAMED}


class HostCheck:
    """ASGI middleware: a request whose Host is not one this referee answers to, or a
    WebSocket (or a write) whose Origin is not this server, gets HTTP 403 and nothing
    else, and one whose head no browser sends gets 400 or 431; the app never sees it.
    Every page answered says it may not be framed by another site (NOT_FRAMED)."""

    def __init__(self, app, allowed: AllowedHosts) -> None:
        self.app = app
        self.allowed = allowed

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] in ("http", "websocket"):
            # A head no browser sends (400, 431: referee/live/headers.py), then the name.
            why = scope_refusal(scope)
            if why is None and (forbidden := refusal(scope, self.allowed)) is not None:
                why = 403, forbidden
            if why is not None:
                await _refuse(scope, receive, send, *why)
                return
        if scope["type"] == "http" and scope.get("path") == voice_inbox.PATH:
            token = _cookie(_headers(scope))
            await voice_inbox.answer(scope, receive, send, same_origin(scope), token, NOT_FRAMED)
            return
        if scope["type"] == "http":
            send = _not_framed(send, _cookie(_headers(scope)) is None)
            if _no_file_could_be(scope.get("path", "")):
                # Flet's file lookup answers such an address with a bare JSON 404: the page
                # is served instead, and the app lands on home with a sentence (ui/shell.py).
                scope = {**scope, "path": "/", "raw_path": b"/", "query_string": b""}
        else:
            # Flet runs the page's code in a task this WebSocket's own task starts: the
            # token set here is the one `device_token()` reads there.
            _device_token.set(_cookie(_headers(scope)) if scope["type"] == "websocket" else None)
        await self.app(scope, receive, send)


def _no_file_could_be(path: str) -> bool:
    """An address no file can have (a NUL, a name longer than any file system allows)."""
    return "\x00" in path or len(path) > 2048 or any(len(p.encode()) > 255 for p in path.split("/"))


def _not_framed(send, give_token: bool = False):
    """Every answer says it may not be framed; a browser without a token gets one (a
    random cookie kept a year, sent back only to this server, never read by scripts).
    Lax, not Strict: a link followed from a chat must bring the phone's token along, or
    the phone would get a new one and lose its seat; only the WebSocket can change a
    game, and its Origin check keeps other sites out."""

    async def sending(message) -> None:
        if message["type"] == "http.response.start":
            headers = message.get("headers", [])
            headers = [h for h in headers if h[0].lower() not in _NOT_FRAMED_NAMES]
            extra = list(NOT_FRAMED)
            if give_token:
                cookie = (
                    f"{DEVICE_COOKIE}={secrets.token_urlsafe(18)}; Path=/; Max-Age=31536000; "
                    "HttpOnly; SameSite=Lax"
                )
                extra.append((b"set-cookie", cookie.encode()))
            message = {**message, "headers": headers + extra}
        await send(message)

    return sending


async def _refuse(scope, receive, send, status: int, why: str) -> None:
    body = (why + "\n").encode("utf-8")
    headers = [
        (b"content-type", b"text/plain; charset=utf-8"),
        (b"content-length", str(len(body)).encode()),
    ]
    kind = "http"
    if scope["type"] == "websocket":
        await receive()  # the client's connect message
        if "websocket.http.response" not in scope.get("extensions", {}):
            await send({"type": "websocket.close", "code": 1008})  # before accept: HTTP 403
            return
        kind = "websocket.http"  # the server can answer the handshake with a page
    await send({"type": f"{kind}.response.start", "status": int(status), "headers": headers})
    await send({"type": f"{kind}.response.body", "body": body})


def same_origin(scope) -> bool:
    headers = _headers(scope)
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
