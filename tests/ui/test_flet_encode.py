"""flet_patches/encode.py: every message is written out as Flet's own encoder writes it, and
leaves on each control the snapshots Flet's leaves for the next diff."""

import dataclasses
import datetime
from enum import Enum

import flet as ft
import msgpack
import pytest

from referee.flet_patches.encode import encoder
from referee.games import GAMES
from tests.helpers import run_async
from tests.ui.devices import ENCODE, device
from tests.ui.plays import play_on_two

SNAPSHOTS = ("__prev_lists", "__prev_dicts", "__prev_classes")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_message_to_two_devices_is_written_as_flets_encoder_writes_it(tmp_path, game):
    """Each message's snapshots drive the next diff, so the same messages all through a
    game played, undone and redone on two devices mean the same snapshots too."""
    theirs = play_on_two(tmp_path / "flet", game, seed=7)
    ours = play_on_two(tmp_path / "ours", game, seed=7, encode=encoder())
    assert len(ours) > 10
    assert repr(ours) == repr(theirs)  # repr: 1, 1.0 and True are told apart


def _objects(node, found: list) -> list:
    """Every control and value object under `node`, as the encoder meets them."""
    if isinstance(node, list):
        for item in node:
            _objects(item, found)
    elif dataclasses.is_dataclass(node) and not isinstance(node, type):
        found.append(node)
        for name in getattr(type(node), "_structural_fields", ()):
            _objects(getattr(node, name), found)
        for value in getattr(node, "_values", {}).values():
            _objects(value, found)
    return found


def test_a_game_screen_leaves_the_snapshots_flets_encoder_leaves(lives):
    async def run():
        app, _session = device(lives)
        app.start_game("faeker", ["Ana", "Bo", "Cy"], {})
        view = app.page.views[-1]
        objects = _objects(view, [])
        left = []
        for encode in (encoder(), ENCODE):
            raw = msgpack.packb(view, default=encode)
            snapshots = [[vars(o).get(name) for name in SNAPSHOTS] for o in objects]
            # A list changed in place is found only if the snapshot is a copy of it.
            copies = [
                [snap is getattr(o, name) for name, snap in vars(o)["__prev_lists"].items()]
                for o in objects
            ]
            left.append((raw, snapshots, copies))
        assert len(objects) > 50
        assert left[0] == left[1]

    run_async(run())


class Suit(Enum):
    HEARTS = "hearts"


@dataclasses.dataclass
class Plain:  # a dataclass that is neither a control nor a value object
    name: str = "x"
    items: list = dataclasses.field(default_factory=list)


class Shape(Plain, Enum):  # an enum that is a dataclass too: written as a dataclass
    SQUARE = "square"


def _frozen_text() -> ft.Text:
    text = ft.Text("frozen")
    text._frozen = True
    return text


@pytest.mark.parametrize(
    "value",
    [
        Suit.HEARTS,
        ft.FontWeight.W_500,
        Plain("Ana", [1, 2]),
        datetime.datetime(2026, 11, 27, 3, 0, tzinfo=datetime.UTC),
        Shape.SQUARE,
        ft.Padding.symmetric(horizontal=8),
        ft.Border.all(1, "red"),
        ft.Container(on_click=lambda _e: None, bgcolor="red"),
        ft.FilledButton("Bid 2", icon=ft.Icons.ADD),
        _frozen_text(),
    ],
    ids=[
        "enum",
        "flet-enum",
        "plain-dataclass",
        "datetime",
        "enum-dataclass",
        "value",
        "nested-values",
        "handler",
        "material-button",
        "frozen",
    ],
)
def test_any_other_value_is_written_as_flets_encoder_writes_it(value):
    ours = msgpack.packb([value], default=encoder())
    assert ours == msgpack.packb([value], default=ENCODE)
