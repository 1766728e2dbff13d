"""The vision brain: a small vision-language model (default SmolVLM-256M-Instruct) is
shown the screenshot with the menu's boxes numbered on it, the pointer drawn as a small
crosshair (a Linux screenshot does not include the pointer), and the menu as text.

After a ``zoom`` step (the frame stands, read again magnified), the brain is shown
:func:`zoomed_crop` instead: the area around the zoomed element, magnified, with the
numbered boxes of the menu entries inside it and rulers labelled in *screen* pixels,
so a small target is named by its menu number as always (no second coordinate system).

The pointer comes from an optional provider, ``pointer() -> (x, y) | None`` in *screen*
pixels (the desktop package can pass its pointer reader; nothing here imports an input
library). The reply is read exactly like the text brain's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any, Final

from ..._errors import BrainError, MissingExtra
from ..._menu import Menu
from ._base import Message, ModelBrain
from ._runtime import (
    DEFAULT_VISION_MODEL,
    TorchRuntime,
    transformers_api,
)

__all__ = [
    "BOX_COLOR",
    "POINTER_COLOR",
    "PointerProvider",
    "VisionBrain",
    "annotate",
    "zoomed_crop",
]

#: Reads the pointer position in screen pixels, or None when it is unknown.
PointerProvider = Callable[[], "tuple[int, int] | None"]

BOX_COLOR: Final = (255, 0, 160)
POINTER_COLOR: Final = (0, 200, 255)
_CROSSHAIR: Final = 9


def annotate(image: Any, menu: Menu, *, pointer: PointerProvider | None = None) -> Any:
    """A copy of ``image`` (a PIL image) with every menu entry's box outlined and its
    number in a tag at the box's top-left corner, and the pointer as a crosshair."""
    try:
        from PIL import ImageDraw, ImageFont
    except ImportError as exc:
        raise MissingExtra("PIL", "ocr", "drawing the menu on the screenshot") from exc
    out = image.convert("RGB")
    draw = ImageDraw.Draw(out)
    width, height = out.size
    # tags and crosshair scale with the frame: a VLM sees it downscaled to ~512 px
    font = ImageFont.load_default(size=max(12, height // 40))
    radius = max(_CROSSHAIR, width // 120)
    for number, element in enumerate(menu.entries, 1):
        x0, y0, x1, y1 = element.box
        draw.rectangle((x0, y0, x1, y1), outline=BOX_COLOR, width=2)
        tag = str(number)
        left, top, right, bottom = draw.textbbox((0, 0), tag, font=font)
        tw, th = right - left + 6, bottom - top + 4
        tx, ty = max(0, x0), (y0 - th if y0 >= th else y0)
        draw.rectangle((tx, ty, tx + tw, ty + th), fill=BOX_COLOR)
        draw.text((tx + 3 - left, ty + 2 - top), tag, fill=(255, 255, 255), font=font)
    where = pointer() if pointer is not None else None
    if where is not None:
        fx, fy = menu.observation.mapping.to_frame(*where)
        x, y = round(fx), round(fy)
        if 0 <= x < width and 0 <= y < height:
            r = radius
            draw.line((x - r, y, x + r, y), fill=POINTER_COLOR, width=2)
            draw.line((x, y - r, x, y + r), fill=POINTER_COLOR, width=2)
    return out


#: Ruler ticks: one labelled tick per this many screen pixels (at least).
_RULER_STEP: Final = 20
_RULER: Final = 22


def zoomed_crop(
    image: Any, menu: Menu, box: tuple[int, int, int, int], *, factor: float = 3.0
) -> Any:
    """The area around ``box`` (frame pixels) magnified ``factor`` times, with the menu
    entries inside it outlined and numbered as in :func:`annotate`, and rulers along the
    top and left edges labelled in screen pixels (through the frame's mapping)."""
    try:
        from PIL import Image, ImageDraw, ImageFont
    except ImportError as exc:
        raise MissingExtra("PIL", "ocr", "drawing a zoomed crop") from exc
    if not 2 <= factor <= 4:
        raise ValueError(f"factor must be from 2 to 4, got {factor}")
    width, height = image.size
    x0, y0, x1, y1 = box
    margin = max(24, (y1 - y0) * 2)
    left, top = max(0, x0 - margin * 2), max(0, y0 - margin)
    right, bottom = min(width, x1 + margin * 2), min(height, y1 + margin)
    if right <= left or bottom <= top:
        raise ValueError(f"box {box} is outside the {width}x{height} frame")
    crop = image.convert("RGB").crop((left, top, right, bottom))
    big = crop.resize(
        (round(crop.width * factor), round(crop.height * factor)), Image.Resampling.LANCZOS
    )
    out = Image.new("RGB", (big.width + _RULER, big.height + _RULER), (255, 255, 255))
    out.paste(big, (_RULER, _RULER))
    draw = ImageDraw.Draw(out)
    font = ImageFont.load_default(size=11)
    mapping = menu.observation.mapping

    def at(x: float, y: float) -> tuple[float, float]:
        return _RULER + (x - left) * factor, _RULER + (y - top) * factor

    step = max(1, round(_RULER_STEP / max(mapping.scale_x, 1e-9)))
    for fx in range(left - left % step + step, right, step):
        sx, _ = mapping.to_screen(fx, top)
        px, _ = at(fx, top)
        draw.line((px, _RULER - 6, px, _RULER), fill=(0, 0, 0))
        draw.text((px + 2, 2), str(sx), fill=(0, 0, 0), font=font)
    for fy in range(top - top % step + step, bottom, step):
        _, sy = mapping.to_screen(left, fy)
        _, py = at(left, fy)
        draw.line((_RULER - 6, py, _RULER, py), fill=(0, 0, 0))
        draw.text((1, py + 1), str(sy), fill=(0, 0, 0), font=font)
    for number, element in enumerate(menu.entries, 1):
        ex0, ey0, ex1, ey1 = element.box
        if ex1 <= left or ex0 >= right or ey1 <= top or ey0 >= bottom:
            continue
        (ax, ay), (bx, by) = (
            at(max(ex0, left), max(ey0, top)),
            at(min(ex1, right), min(ey1, bottom)),
        )
        draw.rectangle((ax, ay, bx, by), outline=BOX_COLOR, width=2)
        draw.rectangle((ax, ay - 14, ax + 8 + 7 * len(str(number)), ay), fill=BOX_COLOR)
        draw.text((ax + 3, ay - 13), str(number), fill=(255, 255, 255), font=font)
    return out


def _zoomed_on(history: Sequence[Any], menu: Menu) -> tuple[str, tuple[int, int, int, int]] | None:
    """The label and box of what the last step zoomed on, when its frame still stands."""
    last = history[-1] if history else None
    decision = getattr(last, "decision", None)
    result = getattr(last, "result", None)
    if decision is None or decision.action.verb != "zoom" or result is None or not result.ok:
        return None
    best = menu.observation.matches(decision.action.target or "")
    return (best[0][1].label, best[0][1].box) if best else None


def _parts(content: Any) -> list[dict[str, Any]]:
    return [{"type": "text", "text": content}] if isinstance(content, str) else list(content)


@dataclasses.dataclass(kw_only=True)
class VisionBrain(TorchRuntime, ModelBrain):
    """A transformers vision-language model choosing from the numbered screenshot.

    ``image_splitting`` False (the default) shows the model one downscaled image, much
    faster on a CPU than SmolVLM's default of many tiles.
    """

    model: str = DEFAULT_VISION_MODEL
    pointer: PointerProvider | None = None
    image_splitting: bool = False
    name: str = "vlm"
    last_image: Any = dataclasses.field(default=None, init=False, repr=False)
    _zoom: tuple[str, tuple[int, int, int, int]] | None = dataclasses.field(
        default=None, init=False, repr=False
    )

    def settings(self) -> dict[str, Any]:
        return {
            **ModelBrain.settings(self),
            "image_splitting": self.image_splitting,
            **self.runtime_settings(),
        }

    def _load(self, dtype: Any) -> Any:
        return self.load_pretrained(
            self.model,
            dtype,
            preprocessor="AutoProcessor",
            model_class="AutoModelForImageTextToText",
        )

    def prompt(self, goal: str, menu: Menu, history: Sequence[Any]) -> list[Message]:
        messages = ModelBrain.prompt(self, goal, menu, history)
        note = "The screenshot shows each menu entry's box with its number in a tag.\n"
        self._zoom = _zoomed_on(history, menu)
        if self._zoom is not None:
            note = (
                f"The picture is magnified 3x around {self._zoom[0]!r}; the rulers show "
                "screen pixels, and each menu entry in it has its number in a tag.\n"
            )
        for m in messages:
            m["content"] = _parts(m["content"])
        user = next(m for m in messages if m["role"] == "user")
        user["content"] = [{"type": "image"}, {"type": "text", "text": note}, *user["content"]]
        return messages

    def complete(self, messages: Sequence[Message], menu: Menu) -> str:
        image = menu.observation.image
        if image is None:
            raise BrainError(
                "the vision brain needs the screenshot, but this observation has no image "
                "(a scripted screen or a replayed trace); use --brain text, or --image/--live"
            )
        processor, model = self.loaded(f"the vision brain ({self.model})")
        import torch

        tf = transformers_api()
        if self._zoom is not None:
            self.last_image = zoomed_crop(image, menu, self._zoom[1])
        else:
            self.last_image = annotate(image, menu, pointer=self.pointer)
        chat = [{**m, "content": _parts(m["content"])} for m in messages]
        text = processor.apply_chat_template(chat, add_generation_prompt=True)
        inputs = processor(
            text=text,
            images=[self.last_image],
            return_tensors="pt",
            do_image_splitting=self.image_splitting,
        ).to(self.target_device)
        if "pixel_values" in inputs:
            inputs["pixel_values"] = inputs["pixel_values"].to(model.dtype)
        tokenizer = processor.tokenizer
        eos = model.generation_config.eos_token_id or tokenizer.eos_token_id
        pad = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else eos
        config = tf.GenerationConfig(
            max_new_tokens=self.max_new_tokens, do_sample=False, eos_token_id=eos, pad_token_id=pad
        )
        with torch.inference_mode():
            out = model.generate(**inputs, generation_config=config)
        reply: str = processor.decode(
            out[0, inputs["input_ids"].shape[1] :], skip_special_tokens=True
        )
        return reply
