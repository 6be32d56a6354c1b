"""One door to Flet's insides: every use of a private part of Flet, or of its wire format,
is in referee/flet_patches, written for the one Flet pinned; outside it the app uses
Flet's public API only, and tests reach Flet's insides through tests/flet_patches."""

import re
import tomllib
from pathlib import Path

from referee.flet_patches import wire
from referee.flet_patches.version import FLET_VERSION
from tests.flet_patches.scan import uses, uses_under

ROOT = Path(__file__).resolve().parents[2]
DOOR = ROOT / "referee" / "flet_patches"
TESTS_DOOR = ROOT / "tests" / "flet_patches"
# Tests that speak Flet's wire to a served referee over a socket, as a phone's browser
# would (as bench/flet_client.py does): they read its MessagePack frames themselves.
WIRE_CLIENTS = ("tests/e2e/code_attack.py", "tests/live/test_one_code.py")
TESTS_AT_MOST = 3


def test_no_private_flet_name_is_used_outside_the_door():
    assert uses_under(ROOT / "referee", skip=(DOOR,)) == {}


def test_the_scan_finds_a_private_name_put_back(tmp_path):
    source = tmp_path / "screen.py"
    source.write_text(
        "import flet as ft\n"
        "import msgpack\n"
        "from flet.controls.base_control import BaseControl\n"
        "from flet_web.fastapi import flet_app\n"
        "def redraw(control, page):\n"
        "    control._values['key'] = 1\n"
        "    control._dirty.clear()\n"
        "    getattr(page, '_dialogs', None)\n"
        "    page.session._Session__send_message(None)\n"
        "    return page._i\n"
        "class Panel(ft.Container):\n"
        "    def key(self):\n"
        "        return self._values.get('key')\n"
        "class Own:\n"
        "    def stale(self):\n"
        "        return self._stale()\n",
        encoding="utf-8",
    )
    found = [what for _line, what in uses(source)]
    assert found == [
        "import msgpack",
        "from flet.controls.base_control import",
        "from flet_web.fastapi import flet_app",
        "_values",
        "_dirty",
        "_dialogs",
        "_Session__send_message",
        "_i",
        "_values",
    ]  # and not Own's `_stale`, a name of referee's own on a class of its own


def test_tests_reach_flets_insides_through_their_helpers():
    found = uses_under(ROOT / "tests", skip=(TESTS_DOOR,))
    assert set(found) <= set(WIRE_CLIENTS), sorted(set(found) - set(WIRE_CLIENTS))
    assert sum(len(hits) for hits in found.values()) <= TESTS_AT_MOST


def test_the_pages_script_names_flets_wire_only_in_the_block_written_from_here():
    script = wire.SCRIPT.read_text(encoding="utf-8")
    block = wire.js_in(script)
    assert block is not None
    code = re.sub(r"//[^\n]*", "", script.replace(block, ""))  # comments may name them
    for value in (wire.SESSION_KEY, f"/{wire.SOCKET_PATH}", wire.PUSH_ROUTE, "0x", "1.0."):
        assert value not in code, f"{value} outside Flet's wire block in {wire.SCRIPT.name}"


def test_flet_version_is_the_one_pinned_for_every_flet_package():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        wanted += extra
    pins = dict(
        re.fullmatch(r"(flet(?:-[a-z]+)?)==(\S+)", spec).groups()
        for spec in wanted
        if re.match(r"flet(-[a-z]+)?==", spec)
    )
    assert {"flet", "flet-web"} <= set(pins)
    assert set(pins.values()) == {FLET_VERSION}
