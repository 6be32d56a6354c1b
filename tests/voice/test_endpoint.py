"""/voice, where a page sends a spoken move: only this server's own page (same origin)
with the token of a browser whose page shows a game is heard; anything else is refused and
never reaches the app. The samples go to that page's handler and nowhere else."""

import json

from referee.live import voice_inbox
from referee.live.server import DEVICE_COOKIE, AllowedHosts, HostCheck
from tests.helpers import run_async

TOKEN = "Abcdefghijklmnopqrstuvwx"


def post(origin, cookie, body=b"\x00\x00" * 800, path="/voice", game=b"game=7", length=None):
    seen = []

    async def app(scope, receive, send):
        seen.append(scope["path"])

    headers = [(b"host", b"127.0.0.1:8550")]
    if origin:
        headers.append((b"origin", origin.encode()))
    if cookie:
        headers.append((b"cookie", f"{DEVICE_COOKIE}={cookie}".encode()))
    if length is not None:
        headers.append((b"content-length", str(length).encode()))
    scope = {"type": "http", "method": "POST", "path": path, "headers": headers}
    scope["query_string"] = game
    sent = []

    async def receive():
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message):
        sent.append(message)

    run_async(HostCheck(app, AllowedHosts(share=False))(scope, receive, send))
    if not sent:
        return None, seen
    body = sent[1]["body"]
    answer = json.loads(body) if sent[0]["status"] != 403 or body.startswith(b"{") else body
    return (sent[0]["status"], answer), seen


def test_only_the_apps_own_page_with_a_game_open_is_heard():
    got = []

    async def handler(body):
        got.append(len(body))
        return {"ok": True, "said": "Heard: Bo bids 2."}

    voice_inbox.listen(TOKEN, 7, handler)
    try:
        own = "http://127.0.0.1:8550"
        (status, answer), seen = post(own, TOKEN)
        assert status == 200 and answer["said"] == "Heard: Bo bids 2." and not seen
        assert post("http://evil.example", TOKEN)[0][0] == 403
        assert post(None, TOKEN)[0][0] == 403  # no Origin: not a page of this server
        assert post(own, "Zyxwvutsrqponmlkjihgfedc")[0][0] == 403  # no game open there
        assert post(own, None)[0][0] == 403
        assert post(own, TOKEN, game=b"game=8")[0][0] == 403  # another game than the page's
        assert post(own, TOKEN, game=b"")[0][0] == 403
        assert post(own, TOKEN, length=voice_inbox.MAX_BYTES + 1)[0][0] == 413  # said at once
        assert post(own, TOKEN, body=b"")[0][0] == 200  # the microphone opened: get ready
        assert post(own, TOKEN, body=b"\x00" * (voice_inbox.MAX_BYTES + 2))[0][0] == 400
        assert post(own, TOKEN, body=b"\x00" * 3)[0][0] == 400  # not 16-bit samples
        assert got == [1600, 0]  # only what the page sent reached its handler
    finally:
        voice_inbox.forget(TOKEN, 7, handler)
    assert post("http://127.0.0.1:8550", TOKEN)[0][0] == 403  # the screen left: not heard
