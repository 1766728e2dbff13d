"""Forms, boxes, drop-downs and searches chosen from plain words by the intent brain
(issue 36, item 4), on real programs of two toolkits each, each proved by the program's
own effect.

The same programs, pages and proofs as the quoted tests (tests/test_live_procedures_more.py
and tests/test_live_procedures_third.py), with ``--brain intent`` and goals written as a
user would type them: they quote nothing and match no example as written, so the
procedure is chosen by meaning (the trace's note says so) and its values are read from
the words.

- fill-form: zenity's form (GTK 3), a page's form in Chromium;
- tick-boxes: zenity's check list, a page's check boxes in Chromium;
- choose-option: zenity's combo box, a ``<select>`` in Chromium;
- search-page: Chromium's find bar, mousepad's (GTK 3).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from devsupport.xdesktop import Desk
from tests.test_live_controls import _browse, _titled
from tests.test_live_procedures import d
from tests.test_live_procedures_more import (
    _BOXES,
    _FORM,
    _LONG,
    _contact_form,
    _fruit_list,
    _primary,
    _printed,
    _zebra_in_mousepad,
)
from tests.test_live_procedures_third import _SELECT, _paint_form
from tests.test_live_procedures_words import _by_meaning, _intent

__all__ = ["d"]  # the fixture, shared with tests/test_live_procedures.py

pytestmark = pytest.mark.live


# -- fill a form --------------------------------------------------------------------------


def test_a_zenity_form_is_filled_from_plain_words(d: Desk) -> None:
    """GTK 3: zenity prints what its fields held when OK is pressed."""
    proc = _contact_form(d)
    episode = _intent(d, "put Ada in the name box and ada@x.org in the email box, then hit OK")
    assert _printed(proc, episode) == (0, "Ada|ada@x.org"), episode["log"]
    assert _by_meaning(episode, "fill-form"), episode["log"]


def test_a_web_form_in_chromium_is_filled_from_plain_words(d: Desk, tmp_path: Path) -> None:
    """Chromium: the page's script titles the window with the fields' values when Save
    is clicked; the field the goal does not name stays empty."""
    _browse(d, tmp_path, _FORM, "Contact", named="Save")
    episode = _intent(d, "enter Ada as the name and Lisbon as the city and click Save")
    _titled(d, "Saved Ada - Lisbon", episode)
    assert _by_meaning(episode, "fill-form"), episode["log"]


# -- tick a list of boxes -------------------------------------------------------------------


def test_boxes_are_ticked_in_a_zenity_check_list_from_plain_words(d: Desk) -> None:
    """GTK 3: 'Apple' is ticked already; zenity prints the rows ticked when OK is pressed."""
    proc = _fruit_list(d)
    episode = _intent(d, "mark Banana and Plum as well, then click OK")
    assert _printed(proc, episode) == (0, "Apple|Banana|Plum"), episode["log"]
    assert _by_meaning(episode, "tick-boxes"), episode["log"]


def test_boxes_are_ticked_on_a_web_page_in_chromium_from_plain_words(
    d: Desk, tmp_path: Path
) -> None:
    """Chromium: the page's script titles the window with each box's state when Order is
    clicked; the box the goal does not name stays clear."""
    _browse(d, tmp_path, _BOXES, "Toppings", named="Order")
    episode = _intent(d, "check the boxes for Cheese and Basil, then click Order")
    _titled(d, "Order true false true", episode)
    assert _by_meaning(episode, "tick-boxes"), episode["log"]


# -- choose an option from a drop-down -------------------------------------------------


def test_an_option_is_chosen_in_a_zenity_combo_box_from_plain_words(d: Desk) -> None:
    """GTK 3: zenity prints the fields' values (the entry empty, the combo's choice) on OK."""
    proc = _paint_form(d)
    episode = _intent(d, "pick Blue for the colour and press OK")
    assert _printed(proc, episode) == (0, "|Blue"), episode["log"]
    assert _by_meaning(episode, "choose-option"), episode["log"]


def test_an_option_is_chosen_in_a_select_in_chromium_from_plain_words(
    d: Desk, tmp_path: Path
) -> None:
    """Chromium's ``<select>``: the page's script titles the window with the new value."""
    _browse(d, tmp_path, _SELECT, "Paint", named="Colour")
    episode = _intent(d, "change the colour drop-down to Blue")
    _titled(d, "Colour Blue", episode)
    assert _by_meaning(episode, "choose-option"), episode["log"]


# -- search a page --------------------------------------------------------------------------


def test_a_page_is_searched_in_chromium_from_plain_words(d: Desk, tmp_path: Path) -> None:
    """Chromium's find bar scrolls to the only match, 3000 px down; the page's script
    titles the window when it is scrolled there."""
    _browse(d, tmp_path, _LONG, "Guide", named="Guide")
    episode = _intent(d, "find the word zebra on this page")
    _titled(d, "Scrolled", episode)
    assert _by_meaning(episode, "search-page"), episode["log"]


def test_a_document_is_searched_in_mousepad_from_plain_words(d: Desk) -> None:
    """GTK 3: mousepad's find bar selects the match, 55 lines down (X's PRIMARY)."""
    _zebra_in_mousepad(d)
    episode = _intent(d, "look for zebra in this file")
    assert _primary(d) == "zebra", episode["log"]
    assert _by_meaning(episode, "search-page"), episode["log"]
