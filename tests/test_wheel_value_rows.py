"""The wheel never turns over values read as text (issue 37, rule ``wheel-target``): a
tall spin box, a stepper's item, a date wheel, an amount, a column of levels. See
:mod:`tiny_computer_agent._wheel`."""

from __future__ import annotations

from typing import Any

from tests.helpers import rule_of
from tiny_computer_agent import Action, Element, Observation, Policy, Window
from tiny_computer_agent._wheel import scroll_spot, value_control

WIN = Window(title="Shop", box=(0, 0, 1600, 1000), id=9, wm_class=("shop", "Shop"))
DOWN = Action.make("scroll", direction="down", amount=3)


def el(label: str, box: tuple[int, int, int, int], kind: str = "", **kw: Any) -> Element:
    return Element(label=label, box=box, kind=kind, window=9, source=kw.pop("source", "a11y"), **kw)


def screen(*elements: Element) -> Observation:
    return Observation.of(elements, size=(1600, 1000), windows=[WIN])


def up(target: str) -> Action:
    return Action.make("scroll", direction="up", target=target)


def test_a_tall_field_showing_a_number_or_an_amount_is_no_text_view() -> None:
    spin = el("Quantity", (300, 300, 420, 380), "field", value="1", state=frozenset({"editable"}))
    bid = el("Max bid $120", (300, 400, 600, 480), "field", state=frozenset({"editable"}))
    view = el("Notes", (700, 300, 1200, 600), "field", value="Buy milk", state=frozenset())
    obs = screen(spin, bid, view)
    assert value_control(spin) and value_control(bid) and not value_control(view)
    assert rule_of(Policy(), up("Quantity"), obs) == "wheel-target"
    assert rule_of(Policy(), up("Max bid $120"), obs) == "wheel-target"
    assert rule_of(Policy(), up("Notes"), obs) is None  # a text view still scrolls


def test_a_stepper_item_and_a_date_wheel_are_not_rows_that_scroll() -> None:
    assert rule_of(Policy(), up("Guests 2"), screen(el("Guests 2", (300, 300, 600, 330), "item")))
    wheel = screen(
        el("2026", (800, 400, 900, 600), "item"), el("December", (900, 400, 1050, 600), "item")
    )
    assert rule_of(Policy(), up("2026"), wheel) == "wheel-target"
    assert scroll_spot(wheel) is None


def test_an_untargeted_wheel_never_turns_over_a_column_of_levels() -> None:
    levels = [
        el(text, (300, 300 + 40 * i, 1500, 330 + 40 * i), source="ocr")
        for i, text in enumerate(("Speakers 40", "Headphones 75", "HDMI 100", "Mic 20"))
    ]
    obs = screen(*levels)
    assert scroll_spot(obs) is None
    assert rule_of(Policy(), DOWN, obs) == "wheel-target"


def test_a_list_that_counts_its_rows_and_a_file_list_still_scroll() -> None:
    counted = screen(
        *(el(f"Item {k}", (300, 200 + 40 * k, 900, 230 + 40 * k), "item") for k in range(6))
    )
    assert rule_of(Policy(), up("Item 2"), counted) is None
    assert scroll_spot(counted) is not None
    files = screen(
        *(el(f"photo_{k:03}.jpg", (300, 200 + 30 * k, 900, 225 + 30 * k), "item") for k in range(8))
    )
    assert scroll_spot(files) is not None


def test_a_steppers_arrow_catches_the_wheel_beside_its_number() -> None:
    assert value_control(el("▲", (600, 300, 620, 315), "button"))
    assert value_control(el("+", (600, 300, 620, 315), "button"))
    assert not value_control(el("Add", (600, 300, 680, 330), "button"))


def test_a_counted_list_whose_ocr_missed_a_row_still_scrolls_but_a_stride_does_not() -> None:
    """OCR may miss a row ("Row 19" between 18 and 20): the rows still count on. Numbers
    that stride by five are values (a stepper's marks), not a count."""
    read = (16, 17, 18, 20, 21, 22, 23)
    missed = screen(
        *(el(f"Row {k}", (300, 40 * k, 900, 30 + 40 * k), source="ocr") for k in read)
    )
    assert scroll_spot(missed) is not None
    stride = screen(
        *(el(f"Level {k}", (300, 8 * k, 900, 30 + 8 * k), source="ocr") for k in (5, 10, 15, 20))
    )
    assert scroll_spot(stride) is None
