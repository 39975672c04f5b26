"""An animated WebP put together one frame at a time.

Pillow writes an animation in one call, given every frame: a timelapse of sixty boards then
held its drawing worker for one to two seconds at a stretch, while the boards of the other
games that worker draws waited behind it. Here each frame is encoded on its own, as Pillow
writes a still WebP, and only the part of it that changed since the frame before (the
rectangle holding every changed pixel), placed over the earlier frames: the container's
animation frames (`ANMF`) are a documented format of a few fields. Encoding the changed part
alone is also what makes an animation small; Pillow's own animation encoder does the same and
more, and came out 15 to 30% smaller, at twice the time.

Frames are opaque, so there is no blending or disposal to choose: each frame's rectangle is
drawn over what is shown.
"""

from __future__ import annotations

import io
import struct

from PIL import Image, ImageChops

RIFF_HEADER = 12
"""A WebP file's `RIFF`, size and `WEBP`: what a still's chunks follow."""
BITSTREAMS = (b"VP8 ", b"VP8L")
"""The chunk a plain still holds, lossy or lossless, and the one an animation frame may."""
NO_BLEND = 0b10
"""An `ANMF` frame's flags: drawn over the canvas as it is, not alpha-blended."""
FOREVER = 0
"""`ANIM`'s loop count for an animation that plays again and again."""


class AnimatedWebP:
    """Frames of one `size`, added in order with how long each is shown, then `finish`ed."""

    def __init__(self, size: tuple[int, int], quality: int, method: int) -> None:
        self.size = size
        self.quality = quality
        self.method = method
        self._frames: list[bytes] = []
        self._last: Image.Image | None = None

    def add(self, frame: Image.Image, milliseconds: int) -> None:
        """Encode `frame` now (at this size; any mode Pillow converts to RGB)."""
        if frame.size != self.size:
            raise ValueError(f"a frame of {frame.size} in an animation of {self.size}")
        rgb = frame.convert("RGB")
        box = (0, 0, *self.size)
        if self._last is not None:
            changed = ImageChops.difference(rgb, self._last).getbbox()
            # Offsets are stored halved; a frame that changed nothing still shows a pixel.
            x0, y0, x1, y1 = changed or (0, 0, 1, 1)
            box = (x0 & ~1, y0 & ~1, x1, y1)
        self._last = rgb
        part = rgb.crop(box)
        still = io.BytesIO()
        part.save(still, "WEBP", quality=self.quality, method=self.method)
        header = b"".join(
            _u24(n) for n in (box[0] // 2, box[1] // 2, part.width - 1, part.height - 1)
        )
        timing = _u24(milliseconds) + bytes([NO_BLEND])
        image = still.getvalue()[RIFF_HEADER:]
        if image[:4] not in BITSTREAMS:  # an extended still (metadata): no frame can hold it
            raise ValueError(f"a still WebP begins with {image[:4]!r}")
        self._frames.append(_chunk(b"ANMF", header + timing + image))

    def finish(self) -> bytes:
        """The animation's file, looping forever."""
        width, height = self.size
        animated = bytes([0b10, 0, 0, 0])  # VP8X flags: an animation, nothing else
        extended = _chunk(b"VP8X", animated + _u24(width - 1) + _u24(height - 1))
        looping = _chunk(b"ANIM", struct.pack("<IH", 0xFFFFFFFF, FOREVER))
        body = b"WEBP" + extended + looping + b"".join(self._frames)
        return b"RIFF" + struct.pack("<I", len(body)) + body


def _chunk(tag: bytes, data: bytes) -> bytes:
    return tag + struct.pack("<I", len(data)) + data + b"\0" * (len(data) % 2)


def _u24(number: int) -> bytes:
    return number.to_bytes(3, "little")
