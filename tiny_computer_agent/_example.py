"""The built-in example desktop: an editor window with a Save dialog, drawn with Pillow.

Two frames, as a replayed recording: ``before`` (the dialog asks to save, with Save /
Cancel / Don't Save) and ``after`` (the dialog is gone and the status bar reads
"Saved notes.txt"). The button rectangles are known exactly, so tests can check that
a click lands inside the drawn button. Used by ``--image example``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Final

from ._errors import MissingExtra

if TYPE_CHECKING:
    from PIL import Image, ImageDraw, ImageFont

__all__ = ["EXAMPLE_BUTTONS", "EXAMPLE_GOAL", "EXAMPLE_SIZE", "example_frames", "save_example"]

EXAMPLE_SIZE: Final = (1280, 800)
EXAMPLE_GOAL: Final = "click 'Save'"

#: The dialog's buttons as drawn: label -> (left, top, right, bottom) in screen pixels.
EXAMPLE_BUTTONS: Final[Mapping[str, tuple[int, int, int, int]]] = {
    "Don't Save": (410, 432, 570, 478),
    "Cancel": (610, 432, 730, 478),
    "Save": (770, 432, 870, 478),
}

_WINDOW: Final = (140, 70, 1140, 730)
_DIALOG: Final = (380, 260, 900, 500)


def _require_pillow() -> None:
    try:
        import PIL  # noqa: F401
    except ImportError as exc:
        raise MissingExtra("PIL", "ocr", "drawing the example desktop") from exc


def _draw(after: bool) -> Image.Image:
    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.load_default(size=22)
    small = ImageFont.load_default(size=18)
    img = Image.new("RGB", EXAMPLE_SIZE, (58, 80, 107))
    d = ImageDraw.Draw(img)
    # the top panel of the desktop
    d.rectangle((0, 0, EXAMPLE_SIZE[0], 30), fill=(30, 30, 30))
    d.text((12, 4), "Applications", font=small, fill=(235, 235, 235))
    d.text((1180, 4), "09:41", font=small, fill=(235, 235, 235))
    # the editor window
    x0, y0, x1, y1 = _WINDOW
    d.rectangle(_WINDOW, fill=(250, 250, 250), outline=(40, 40, 40))
    d.rectangle((x0, y0, x1, y0 + 36), fill=(60, 63, 70))
    d.text((x0 + 16, y0 + 6), "notes.txt - Editor", font=font, fill=(255, 255, 255))
    d.rectangle((x0, y0 + 36, x1, y0 + 70), fill=(235, 235, 235))
    for i, word in enumerate(("File", "Edit", "View", "Help")):
        d.text((x0 + 16 + i * 90, y0 + 42), word, font=small, fill=(20, 20, 20))
    for i, line in enumerate(
        ("Meeting notes", "- ship the harness", "- measure every brain", "- write it down")
    ):
        d.text((x0 + 30, y0 + 100 + i * 40), line, font=font, fill=(30, 30, 30))
    d.rectangle((x0, y1 - 34, x1, y1), fill=(225, 225, 225))
    status = "Saved notes.txt" if after else "Modified"
    d.text((x0 + 16, y1 - 28), status, font=small, fill=(20, 20, 20))
    if not after:
        _draw_dialog(d, font)
    return img


def _draw_dialog(
    d: ImageDraw.ImageDraw, font: ImageFont.FreeTypeFont | ImageFont.ImageFont
) -> None:
    dx0, dy0, dx1, dy1 = _DIALOG
    d.rectangle((dx0 + 6, dy0 + 6, dx1 + 6, dy1 + 6), fill=(90, 90, 90))  # shadow
    d.rectangle(_DIALOG, fill=(242, 242, 242), outline=(30, 30, 30), width=2)
    d.rectangle((dx0, dy0, dx1, dy0 + 40), fill=(60, 63, 70))
    d.text((dx0 + 16, dy0 + 8), "Close notes.txt", font=font, fill=(255, 255, 255))
    d.text((dx0 + 30, dy0 + 70), "Save changes to notes.txt", font=font, fill=(20, 20, 20))
    d.text((dx0 + 30, dy0 + 104), "before closing?", font=font, fill=(20, 20, 20))
    for label, box in EXAMPLE_BUTTONS.items():
        primary = label == "Save"
        d.rectangle(
            box,
            fill=(52, 101, 164) if primary else (252, 252, 252),
            outline=(30, 30, 30),
            width=2,
        )
        left, top, right, bottom = d.textbbox((0, 0), label, font=font)
        tx = (box[0] + box[2] - (right - left)) / 2 - left
        ty = (box[1] + box[3] - (bottom - top)) / 2 - top
        d.text((tx, ty), label, font=font, fill=(255, 255, 255) if primary else (20, 20, 20))


def example_frames() -> list[Image.Image]:
    """The two frames of the example desktop: the Save dialog, then the saved document."""
    _require_pillow()
    return [_draw(after=False), _draw(after=True)]


def save_example(directory: str | Path) -> list[Path]:
    """Write the example frames as PNG files into ``directory``; return their paths."""
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, img in zip(("before", "after"), example_frames(), strict=True):
        path = out / f"example-{name}.png"
        img.save(path)
        paths.append(path)
    return paths
