"""PNG files of boards mapped onto their game's palette, deflated by ISA-L.

Deflating was a quarter of a drawing worker's time: Pillow's encoder, with zlib at level 3,
took 4 to 5 ms for a board of 800 by 1,100 palette pixels, longer than drawing it. ISA-L's
deflate at level 1 packs the same rows in about 0.7 ms, and the whole file takes 1.2 ms
instead of 5.3, for some 5% more bytes (over a hundred boards of Bloc by Bloc and Not On My
Block games; `python -m tests.bench.render` sets one board's encoders side by side). Pillow
cannot be handed another deflate, so the file is written here: the chunks a palette PNG needs
and no more, every row unfiltered (the filter PNG advises for palette images, and what Pillow
writes for them).
"""

from __future__ import annotations

import struct
import zlib

from isal import isal_zlib
from PIL import Image

LEVEL = 1
"""ISA-L's deflate level: 0 is a tenth faster and 15% larger; 3 is ten times slower, and
larger still on flat colours than 1."""
SIGNATURE = b"\x89PNG\r\n\x1a\n"
PALETTE = 3
"""PNG's colour type of an image of palette indices."""


def palette_png(image: Image.Image) -> bytes:
    """`image`, an opaque palette image ("P", 8 bits a pixel), as PNG bytes. The same image
    always gives the same bytes."""
    if image.mode != "P":
        raise ValueError(f"a palette image is wanted, not mode {image.mode}")
    if "transparency" in image.info or (image.palette is not None and image.palette.mode != "RGB"):
        raise ValueError("boards are opaque: a palette image without transparency is wanted")
    width, height = image.size
    header = struct.pack(">IIBBBBB", width, height, 8, PALETTE, 0, 0, 0)
    colours = bytes(image.getpalette() or (0, 0, 0))
    chunks = [_chunk(b"IHDR", header), _chunk(b"PLTE", colours)]
    # Each row begins with its filter's byte, 0 (none): the image one column wider, moved
    # right by one, has its rows so (a third the cost of joining the rows in Python).
    rows = Image.new("P", (width + 1, height), 0)
    rows.paste(image, (1, 0))
    chunks.append(_chunk(b"IDAT", isal_zlib.compress(rows.tobytes(), LEVEL)))
    chunks.append(_chunk(b"IEND", b""))
    return SIGNATURE + b"".join(chunks)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
