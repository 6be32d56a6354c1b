"""The captured picture trimmed to the card: Flutter's WebAssembly renderer (skwasm, what
Chromium gets) captures the card at the top left of a transparent picture the size of the
whole screen, where CanvasKit captures the card alone. The transparent margin is cut off
without decoding a pixel: a PNG row is filtered from the pixels left of it and above it
only, so the first W pixels of the first H rows are a whole picture as they stand.

A transparent row after the card filters to zeros whatever its filter, except the first
one under the card, which may be kept (one invisible row); the same holds for a column.

A screen-sized capture holds only what fits on the screen: a card taller than a phone held
sideways runs off its foot, and such a picture is said to be cut."""

import struct
import zlib
from dataclasses import dataclass

SIGNATURE = b"\x89PNG\r\n\x1a\n"
RGBA_8 = (8, 6, 0)  # bit depth, colour type (RGBA), interlace (none): what Flutter writes
BYTES_PER_PIXEL = 4


def _chunks(png: bytes) -> list[tuple[bytes, bytes]]:
    if not png.startswith(SIGNATURE):
        raise ValueError("not a PNG")
    chunks, at = [], len(SIGNATURE)
    while at + 8 <= len(png):
        (size,) = struct.unpack(">I", png[at : at + 4])
        kind = png[at + 4 : at + 8]
        chunks.append((kind, png[at + 8 : at + 8 + size]))
        at += 12 + size
        if kind == b"IEND":
            break
    return chunks


def _chunk(kind: bytes, body: bytes) -> bytes:
    crc = zlib.crc32(kind + body) & 0xFFFFFFFF
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)


@dataclass(frozen=True)
class Trimmed:
    png: bytes
    cut: bool = False  # a screen-sized capture whose card reaches its foot: it may go on


def trim(png: bytes) -> Trimmed:
    """`png` without its transparent margin at the right and the bottom; unchanged when it
    has none, or is not an 8-bit RGBA picture read row after row (nothing else is
    trimmed)."""
    try:
        chunks = _chunks(png)
        header = dict(chunks)[b"IHDR"]
        width, height, depth, colour, _compression, _filter, interlace = struct.unpack(
            ">IIBBBBB", header
        )
        if (depth, colour, interlace) != RGBA_8:
            return Trimmed(png)
        data = zlib.decompress(b"".join(body for kind, body in chunks if kind == b"IDAT"))
    except (ValueError, KeyError, struct.error, zlib.error):
        return Trimmed(png)
    stride = 1 + width * BYTES_PER_PIXEL
    if len(data) != stride * height:
        return Trimmed(png)
    rows = [data[at : at + stride] for at in range(0, len(data), stride)]
    drawn = [i for i, row in enumerate(rows) if row[1:].strip(b"\0")]
    if not drawn:
        return Trimmed(png)
    keep_rows = drawn[-1] + 1
    widest = max(len(row[1:].rstrip(b"\0")) for row in rows[:keep_rows])
    keep_width = -(-widest // BYTES_PER_PIXEL)
    if (keep_width, keep_rows) == (width, height):
        return Trimmed(png)
    kept = b"".join(row[: 1 + keep_width * BYTES_PER_PIXEL] for row in rows[:keep_rows])
    out = [SIGNATURE, _chunk(b"IHDR", struct.pack(">II", keep_width, keep_rows) + header[8:])]
    for kind, body in chunks:
        if kind not in (b"IHDR", b"IDAT", b"IEND"):
            out.append(_chunk(kind, body))
    out += [_chunk(b"IDAT", zlib.compress(kept, 6)), _chunk(b"IEND", b"")]
    return Trimmed(b"".join(out), cut=keep_width < width and keep_rows == height)
