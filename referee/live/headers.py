"""What the head of a request must be before anything reads it: one Host, a target on that
same Host, a size a browser sends; and whose word counts on which address a device is.

A page of another site can send any head it likes to this machine. Two Host headers let
one name pass the check while another is the one read; an absolute target
(`GET http://evil.example/ HTTP/1.1`) names a second address beside Host; a head of
100 KB is no browser's. And X-Forwarded-For, if believed, lets any local process say it
is as many devices as it likes, each with a throttle of its own.
"""

import functools
import ipaddress
import os
import re
from collections.abc import Iterable
from http import HTTPStatus

from websockets.http11 import MAX_LINE_LENGTH, MAX_NUM_HEADERS

# The head of a request (its first line and its headers, as sent). A phone's is well under
# 1 KB with our cookie; a laptop's browser also sends every cookie of other servers on
# localhost (cookies do not keep to a port), so the limit is the one Node and h11 keep.
# One line and the number of headers keep to the WebSocket library's own limits, so a
# page that loads can also open its socket.
MAX_HEAD_BYTES = 16 * 1024

TRUSTED_PROXIES_ENV = "REFEREE_TRUSTED_PROXIES"  # --trust-proxy ADDR..., space-separated

TOO_LARGE = "This request is too large: clear this site's cookies in the browser, then reload."
TWO_HOSTS = "This request names more than one address."
OTHER_TARGET = "This request asks for another address than the one it names."

_HOST_NAME = re.compile(r"[a-z0-9._:-]+")
_FIRST_LINE = len(b"GET  HTTP/1.1\r\n")  # around the target, as the WebSocket library counts
_AUTHORITY_END = re.compile(rb"[/?#]")
_LINGER_S = 2.0
_DEFAULT_PORTS = {b"http": 80, b"ws": 80, b"https": 443, b"wss": 443}


def split_host(header: str) -> tuple[str, int | None] | None:
    """The name (lower case, no final dot) and port of a Host header or an Origin's
    netloc; None when it is not one ("host", "host:port", "[v6]" or "[v6]:port")."""
    header = header.strip().lower()
    if header.startswith("["):
        name, bracket, port = header[1:].partition("]")
        if not bracket or ":" not in name:
            return None
    else:
        name, _colon, port = header.partition(":")
        port = _colon + port
    if port and not (port.startswith(":") and port[1:].isdigit() and len(port) <= 6):
        return None
    if name.endswith("."):
        name = name[:-1]
    if not name or not _HOST_NAME.fullmatch(name):
        return None
    return name, int(port[1:]) if port else None


def head_size(target: bytes, headers: Iterable[tuple[bytes, bytes]]) -> int:
    return _FIRST_LINE + len(target) + sum(len(n) + len(v) + 4 for n, v in headers) + 2


def too_large(target: bytes, headers: list[tuple[bytes, bytes]]) -> bool:
    if len(headers) > MAX_NUM_HEADERS or _FIRST_LINE + len(target) > MAX_LINE_LENGTH:
        return True
    if any(len(n) + len(v) + 4 > MAX_LINE_LENGTH for n, v in headers):
        return True
    return head_size(target, headers) > MAX_HEAD_BYTES


def _target_on_host(target: bytes, host: bytes | None) -> bool:
    """Whether the request's target is a path, or an absolute URI naming Host itself (a
    browser sends one only to a proxy; a server must then read the URI's name, not Host's)."""
    if target.startswith(b"/") or target == b"*":
        return True
    scheme, sep, rest = target.partition(b"://")
    scheme = scheme.lower()
    if not sep or scheme not in _DEFAULT_PORTS or host is None:
        return False
    named = split_host(_AUTHORITY_END.split(rest, 1)[0].decode("latin-1"))
    given = split_host(host.decode("latin-1"))
    if named is None or given is None:
        return False
    default = _DEFAULT_PORTS[scheme]
    return (named[0], named[1] or default) == (given[0], given[1] or default)


def head_refusal(target: bytes, headers: list[tuple[bytes, bytes]]) -> tuple[int, str] | None:
    """(status, sentence) for a head no browser sends us, or None: 431 when too large,
    400 for two Host headers or a target naming another address. Whether the one name
    is one this referee answers to is HostCheck's (403)."""
    if too_large(target, headers):
        return HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE, TOO_LARGE
    hosts = [value for name, value in headers if name.lower() == b"host"]
    if len(hosts) > 1:
        return HTTPStatus.BAD_REQUEST, TWO_HOSTS
    if not _target_on_host(target, hosts[0] if hosts else None):
        return HTTPStatus.BAD_REQUEST, OTHER_TARGET
    return None


def scope_refusal(scope) -> tuple[int, str] | None:
    """head_refusal of an ASGI request. The target is its raw_path: the whole target as
    sent for h11 and for a WebSocket; httptools keeps only its path, and the protocol below
    has checked the target as sent by then."""
    target = scope.get("raw_path") or scope.get("path", "/").encode("latin-1", "replace")
    return head_refusal(target, scope["headers"])


# -- who may speak for a device's address ------------------------------------------------


def trusted_proxies(given: Iterable[str]) -> list[str]:
    """The addresses (or networks) of proxies whose X-Forwarded-For is believed; ValueError
    with a sentence for one that is not an address."""
    out = []
    for raw in given:
        try:
            ipaddress.ip_network(raw, strict=False)
        except ValueError:
            raise ValueError(
                f"--trust-proxy takes the proxy's IP address (or a network such as "
                f"10.0.0.0/24), not {raw!r}."
            ) from None
        out.append(raw)
    return out


def trust_proxies(given: list[str]) -> None:
    """--trust-proxy's addresses, kept for the server in TRUSTED_PROXIES_ENV (without the
    flag, what the environment already says is checked); ValueError with a sentence."""
    if given:
        os.environ[TRUSTED_PROXIES_ENV] = " ".join(trusted_proxies(given))
    else:
        trusted_proxies(os.environ.get(TRUSTED_PROXIES_ENV, "").split())


def server_options() -> dict:
    """uvicorn.Config's options for the head rules and the forwarded headers. uvicorn
    believes X-Forwarded-For from 127.0.0.1 unless told otherwise; Flet takes the page's
    client_ip from the address uvicorn gives, so nothing else reads those headers."""
    proxies = trusted_proxies(os.environ.get(TRUSTED_PROXIES_ENV, "").split())
    return {
        "http": _http_protocol(),
        # Only without httptools: h11 answers 400 to a head over this; HostCheck answers
        # 431 to one between the limit and this.
        "h11_max_incomplete_event_size": 2 * MAX_HEAD_BYTES,
        "proxy_headers": bool(proxies),
        "forwarded_allow_ips": proxies,
    }


@functools.cache
def _http_protocol():
    """uvicorn's httptools protocol with the head rules applied as the head arrives, or
    "h11" where httptools is not installed (uvicorn[standard] leaves it out on Windows on
    ARM). httptools keeps a head in memory whatever its size, and drops an absolute
    target's name before the app could see it."""
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    except ImportError:
        return "h11"

    class CheckedHead(HttpToolsProtocol):
        _in_head = True
        _head_bytes = 0
        _refused = False

        def data_received(self, data: bytes) -> None:
            if self._refused:
                return
            super().data_received(data)
            if self._in_head and not self._refused:
                # Counted from the chunk where the head began: at most one chunk too many.
                self._head_bytes += len(data)
                if self._head_bytes > 2 * MAX_HEAD_BYTES:
                    self._answer(HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE, TOO_LARGE)

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._in_head, self._head_bytes = True, 0

        def on_headers_complete(self) -> None:
            self._in_head = False
            if self._refused:
                return
            why = head_refusal(self.url, self.headers)
            if why is not None:
                self._answer(*why)
                return
            super().on_headers_complete()

        def on_body(self, body: bytes) -> None:
            if not self._refused:
                super().on_body(body)

        def on_message_complete(self) -> None:
            if not self._refused:
                super().on_message_complete()

        def handle_websocket_upgrade(self) -> None:
            if not self._refused:  # refused before the handshake reached the socket
                super().handle_websocket_upgrade()

        def _answer(self, status: int, sentence: str) -> None:
            self._refused = True
            body = (sentence + "\n").encode()
            head = [f"HTTP/1.1 {int(status)} {HTTPStatus(status).phrase}\r\n".encode()]
            head += [n + b": " + v + b"\r\n" for n, v in self.server_state.default_headers]
            head += [
                b"content-type: text/plain; charset=utf-8\r\n",
                b"content-length: %d\r\n" % len(body),
                b"connection: close\r\n\r\n",
            ]
            self.transport.write(b"".join(head) + body)
            # Closing while a head still arrives would reset the connection, and the
            # client could lose the answer: what it still sends is read and dropped, for
            # a moment at most.
            if self.transport.can_write_eof():
                self.transport.write_eof()
            self.loop.call_later(_LINGER_S, self.transport.close)

    return CheckedHead
