"""An image kept compressed, in bands of rows, for caches that hold many large layers (Bloc by
Bloc's backdrops, city layouts and district faces).

A drawing worker keeps one Bloc by Bloc backdrop for each city it is home to (a dozen at 50
busy channels): 2.8 MB each as a palette image, but flat fields of a few colours that LZ4 packs
twenty to one and unpacks at several GB a second (zlib's fastest level packs a little tighter
and unpacks six times slower: 4 ms a city, paid on every picture). Most pictures show only a
window of the city, so a window unpacks only the bands of rows it crosses, and the bands of
the image unpacked last are kept for the next window of the same image (a move's turn picture
and its step show the same city).
"""

from __future__ import annotations

import threading

from lz4 import block  # type: ignore[import-untyped]  # ships no type information
from PIL import Image

BAND_ROWS = 64
"""Rows per compressed band: a window of a few hundred rows unpacks little more than itself,
and the bands' count stays small."""
PIXEL_BYTES = {"P": 1, "L": 1, "RGB": 3, "RGBA": 4}


class Packed:
    """An image compressed in bands of `BAND_ROWS` rows; `crop` gives back the pixels of a
    box, as `Image.crop` on the original would. Any mode whose pixels are whole bytes (a
    palette, grey, RGB or RGBA image)."""

    def __init__(self, image: Image.Image) -> None:
        if image.mode not in PIXEL_BYTES:
            raise ValueError(f"images in mode {image.mode} are not packed")
        self.mode = image.mode
        self.width, self.height = image.size
        self.palette = image.getpalette() if image.mode == "P" else None
        self._row = self.width * PIXEL_BYTES[image.mode]
        raw = image.tobytes()
        band = self._row * BAND_ROWS
        cut = [raw[start : start + band] for start in range(0, len(raw), band)]
        self._bands = [block.compress(rows) for rows in cut]
        _last.keep(self, dict(enumerate(cut)))

    @property
    def size(self) -> tuple[int, int]:
        return self.width, self.height

    @property
    def packed_bytes(self) -> int:
        """What the bands take, for tests and figures."""
        return sum(len(b) for b in self._bands)

    def crop(self, box: tuple[int, int, int, int]) -> Image.Image:
        """The pixels within `box` (left, top, right, bottom; outside the image: zero)."""
        left, top, right, bottom = box
        first = min(max(top, 0), self.height) // BAND_ROWS
        last = (min(max(bottom, 0), self.height) + BAND_ROWS - 1) // BAND_ROWS
        if first >= last:
            return self._palette(Image.new(self.mode, (max(right - left, 0), max(bottom - top, 0))))
        rows = b"".join(_last.band(self, n) for n in range(first, last))
        strip = self._palette(
            Image.frombytes(self.mode, (self.width, len(rows) // self._row), rows)
        )
        offset = first * BAND_ROWS
        return strip.crop((left, top - offset, right, bottom - offset))

    def _palette(self, image: Image.Image) -> Image.Image:
        if self.palette is not None:
            image.putpalette(self.palette)
        return image

    def whole(self) -> Image.Image:
        """The image itself, unpacked."""
        return self.crop((0, 0, self.width, self.height))

    def unpack(self, n: int) -> bytes:
        return block.decompress(self._bands[n])


class _LastUnpacked:
    """The unpacked bands of the one image unpacked last, in the whole process: at most one
    image's worth of memory. Drawing without workers runs in threads, hence the lock."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._image: Packed | None = None
        self._bands: dict[int, bytes] = {}

    def keep(self, image: Packed, bands: dict[int, bytes]) -> None:
        with self._lock:
            self._image, self._bands = image, bands

    def band(self, image: Packed, n: int) -> bytes:
        with self._lock:
            if self._image is image and n in self._bands:
                return self._bands[n]
        rows = image.unpack(n)
        with self._lock:
            if self._image is not image:
                self._image, self._bands = image, {}
            self._bands[n] = rows
        return rows


_last = _LastUnpacked()
