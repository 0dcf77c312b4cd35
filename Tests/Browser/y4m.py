"""A generated camera video for Chromium's fake capture device (`--use-file-for-fake-video-capture`).

`write_card_video(path)` writes a YUV4MPEG2 (C420) file: a light ID-1 card (85.60 × 53.98 mm, with a photo box
and dark text-like stripes) slides onto a darker desk from the right and then lies still, fully in view,
filling about 70 % of the frame's width, for the rest of the video. That is what the capture analyzer
(Shared/DocumentCapture) takes as a good frame: a contrast well over 20 luma levels, four straight edges
inside the frame with a margin, an aspect ratio of ID-1, a mean luma inside the card of 70–235 with no
clipped pixels, and sharp edges inside it (the stripes) for the Laplacian.

Run as a script to write one: `python Tests/Browser/y4m.py out.y4m`.
"""

from __future__ import annotations

import sys
from pathlib import Path

ID1_ASPECT = 85.60 / 53.98
DESK = 45
CARD = 200
INK = 60
PHOTO = 120


def _card(width: int, height: int) -> list[bytes]:
    """The card's luma rows: light, a photo box on the left, stripes of text on the right, a line at the
    bottom like a machine-readable zone. Everything inside stays a margin away from the edges."""
    rows = [bytearray([CARD]) * width for _ in range(height)]

    def box(x0: float, y0: float, x1: float, y1: float, value: int) -> None:
        for y in range(int(y0 * height), int(y1 * height)):
            start, end = int(x0 * width), int(x1 * width)
            rows[y][start:end] = bytes([value]) * (end - start)

    box(0.06, 0.22, 0.32, 0.78, PHOTO)
    box(0.06, 0.07, 0.60, 0.14, INK)  # the title
    lengths = [0.50, 0.38, 0.55, 0.30, 0.45, 0.25]
    for index, length in enumerate(lengths):
        top = 0.24 + index * 0.085
        box(0.38, top, 0.38 + length, top + 0.04, INK)
    for index in range(14):  # the zone of characters at the bottom
        left = 0.06 + index * 0.063
        box(left, 0.84, left + 0.045, 0.92, INK)
    return [bytes(row) for row in rows]


def _desk(width: int, height: int) -> list[bytes]:
    """A dark desk with a faint wood-like grain (a few luma levels), not one flat colour."""
    rows = []
    for y in range(height):
        rows.append(bytes(DESK + ((x // 7 + y // 23) % 3) for x in range(width)))
    return rows


def write_card_video(
    path: Path, width: int = 640, height: int = 480, fps: int = 15, seconds: float = 6.0,
    card_fill: float = 0.7, slide_seconds: float = 2.0,
) -> Path:
    """Writes the video to `path` and returns it. The card's width is `card_fill` of the frame's; it slides in
    from beyond the right edge during `slide_seconds` and lies still, centred, from then on."""
    if width % 2 or height % 2:
        raise ValueError("C420 needs an even width and height")
    card_width = int(width * card_fill)
    card_height = round(card_width / ID1_ASPECT)
    card = _card(card_width, card_height)
    desk = _desk(width, height)
    chroma = bytes([128]) * ((width // 2) * (height // 2) * 2)
    final_x = (width - card_width) // 2
    top = (height - card_height) // 2
    frames = max(1, round(fps * seconds))
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as out:
        out.write(f"YUV4MPEG2 W{width} H{height} F{fps}:1 Ip A1:1 C420\n".encode())
        for index in range(frames):
            progress = min(1.0, index / (fps * slide_seconds)) if slide_seconds > 0 else 1.0
            eased = 1 - (1 - progress) ** 3
            x = round(width + (final_x - width) * eased)
            out.write(b"FRAME\n")
            plane = bytearray()
            for y in range(height):
                row = desk[y]
                if top <= y < top + card_height and x < width:
                    visible = card[y - top][: max(0, width - x)]
                    row = row[:x] + visible + row[x + len(visible):]
                plane += row
            out.write(plane)
            out.write(chroma)
    return path


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "card.y4m")
    print(write_card_video(target))
