"""The shared picture is the card alone: the WebAssembly renderer's capture (the card at
the top left of a transparent screen-sized picture) loses its transparent margin, pixel for
pixel, whatever filter each row was written with; a picture of the card alone is kept; a
card running off the foot of a screen-sized capture is said to be cut."""

import io
import random
import struct
import zlib

import pytest
from PIL import Image

from referee.ui.result.trim import trim

SCREEN = (117, 253)  # a phone's screen, as the renderer sizes the capture
CARD = (102, 115)


def card(seed: int) -> Image.Image:
    """A card: white paper, a band, noisy text, rounded top corners left transparent."""
    rng = random.Random(seed)
    image = Image.new("RGBA", CARD, (255, 255, 255, 255))
    for x in range(CARD[0]):
        for y in range(15):
            image.putpixel((x, y), (32, 112, 72, 255))
    for _ in range(400):
        image.putpixel(
            (rng.randrange(CARD[0]), rng.randrange(15, CARD[1])),
            (rng.randrange(256), rng.randrange(256), rng.randrange(256), 255),
        )
    for corner in ((0, 0), (1, 0), (0, 1), (CARD[0] - 1, 0), (CARD[0] - 2, 0)):
        image.putpixel(corner, (0, 0, 0, 0))
    return image


def png(image: Image.Image, row_filter: int | None = None) -> bytes:
    """`image` as PNG, each row with `row_filter` (0 to 4; None: Pillow's choice)."""
    if row_filter is None:
        out = io.BytesIO()
        image.save(out, "PNG")
        return out.getvalue()
    width, height = image.size
    raw, stride = image.tobytes(), width * 4
    rows, above = [], bytes(stride)
    for y in range(height):
        row = raw[y * stride : (y + 1) * stride]
        rows.append(bytes([row_filter]) + _filtered(row, above, row_filter))
        above = row
    chunk = lambda kind, body: (  # noqa: E731
        struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    )
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"".join(rows)))
        + chunk(b"IEND", b"")
    )


def _filtered(row: bytes, above: bytes, kind: int) -> bytes:
    out = bytearray(len(row))
    for i, x in enumerate(row):
        a = row[i - 4] if i >= 4 else 0
        b = above[i]
        c = above[i - 4] if i >= 4 else 0
        if kind == 0:
            guess = 0
        elif kind == 1:
            guess = a
        elif kind == 2:
            guess = b
        elif kind == 3:
            guess = (a + b) // 2
        else:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            guess = a if pa <= pb and pa <= pc else b if pb <= pc else c
        out[i] = (x - guess) % 256
    return bytes(out)


def on_screen(image: Image.Image) -> Image.Image:
    screen = Image.new("RGBA", SCREEN, (0, 0, 0, 0))
    screen.paste(image, (0, 0))
    return screen


@pytest.mark.parametrize("row_filter", [0, 1, 2, 3, 4, None])
def test_the_screen_sized_capture_is_cut_to_the_card(row_filter):
    drawn = card(row_filter or 0)
    picture = trim(png(on_screen(drawn), row_filter))
    assert not picture.cut
    with Image.open(io.BytesIO(picture.png)) as out:
        width, height = out.size
        # at most one transparent column and row more than the card: nothing seen
        assert CARD[0] <= width <= CARD[0] + 1 and CARD[1] <= height <= CARD[1] + 1
        assert out.crop((0, 0, *CARD)).tobytes() == drawn.tobytes()
        assert out.getchannel("A").getbbox() == (0, 0, *CARD)


def test_a_picture_of_the_card_alone_is_kept_as_it_came():
    picture = png(card(1), 2)
    assert trim(picture).png is picture and not trim(picture).cut


@pytest.mark.parametrize("not_rgba", [b"not a picture", b"\x89PNG\r\n\x1a\n", png(card(1))[:40]])
def test_what_cannot_be_read_is_shared_as_it_came(not_rgba):
    assert trim(not_rgba).png == not_rgba


def test_a_picture_of_another_kind_is_shared_as_it_came():
    out = io.BytesIO()
    on_screen(card(2)).convert("RGB").save(out, "PNG")
    assert trim(out.getvalue()).png == out.getvalue()


def test_a_card_taller_than_the_screen_is_said_to_be_cut():
    sideways = Image.new("RGBA", (SCREEN[1], CARD[1] - 20), (0, 0, 0, 0))  # a phone on its side
    sideways.paste(card(3), (0, 0))
    picture = trim(png(sideways, 2))
    assert picture.cut
    with Image.open(io.BytesIO(picture.png)) as out:
        assert out.size == (CARD[0], CARD[1] - 20)
