"""Shapes and OCR fused: each piece of text given to the control that holds it.

:func:`fuse` gives each OCR piece to the control (from :func:`~._shapes.detect_shapes`)
that holds it, so a row of touching buttons that OCR read as one line ("One (Two
Three)Four") becomes one element per button, an empty text field becomes an element
named by its label, and a check box is an element whose box is the box (a click there
ticks it) and whose label is the text on its right. :func:`fuse_with_prose` does the same
with the prose OCR kept off the menu, so a field's label in a sentence still names it.

Pure: no screen, no OCR engine (a ``read`` callback re-reads a control when asked).
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Callable, Sequence
from typing import Final

from .._elements import Element, box_within, reading_order
from .._menu_bar import menu_words
from ._shapes import Box, Shape, _leads_field

__all__ = ["fuse", "fuse_with_prose"]

# -- fusion with OCR ---------------------------------------------------------------------

#: Advance widths of DejaVu Sans (the X default) in ems, roughly, for placing a letter of
#: an OCR line that spans several controls: narrow, wide, capitals; others 0.6.
_NARROW: Final = frozenset("iljI|.,:;!'`()[]{}frt ")
_WIDE: Final = frozenset("mwMW%@")
#: Marks OCR reads into a label from a control's own border ("(One)" from an oval).
_BORDER_MARKS: Final = "()[]{}|"

#: A field's label on its row is at most this many of the field's heights to its left;
#: one above it at most this many heights above.
LABEL_LEFT: Final = 8
LABEL_ABOVE: Final = 1.5
#: A check box's or radio's label starts within this many box sides to its right.
TICK_LABEL_GAP: Final = 4

Reader = Callable[[Box], Sequence[Element]]


def _advance(ch: str) -> float:
    if ch in _NARROW:
        return 0.35
    if ch in _WIDE:
        return 0.9
    return 0.7 if ch.isupper() else 0.6


def _clean(text: str) -> str:
    """``text`` without surrounding spaces and without a border read as an unpaired
    bracket or bar at either end ("(Two" -> "Two"; "(none)" stays)."""
    text = text.strip()
    while text and text[0] in _BORDER_MARKS and not _paired(text, 0):
        text = text[1:].strip()
    while text and text[-1] in _BORDER_MARKS and not _paired(text, len(text) - 1):
        text = text[:-1].strip()
    return text


def _paired(text: str, i: int) -> bool:
    pairs = {"(": ")", "[": "]", "{": "}", ")": "(", "]": "[", "}": "{"}
    mate = pairs.get(text[i])
    if mate is None:
        return False
    return mate in (text[i + 1 :] if text[i] in "([{" else text[:i])


def _owner(piece: Element, controls: Sequence[Shape]) -> list[Shape]:
    """The controls ``piece`` reaches into: its middle row inside theirs, its span
    overlapping theirs; left to right."""
    cy = (piece.box[1] + piece.box[3]) / 2
    return sorted(
        (
            s
            for s in controls
            if s.box[1] <= cy <= s.box[3]
            and min(piece.box[2], s.box[2]) > max(piece.box[0], s.box[0])
        ),
        key=lambda s: s.box[0],
    )


def _cut(
    piece: Element, controls: Sequence[Shape]
) -> tuple[list[tuple[Element, Shape | None]], set[int]]:
    """``piece`` cut where control borders cross it: each letter goes to the control
    its estimated centre lies in (letters placed by their advance widths along the
    piece's box), or to no control; runs of letters with one owner are the parts. Also
    the ``id`` of each control whose part begins or ends inside a word: the letters
    were placed by estimate, so its text is not to be trusted over a re-read ("Colour:
    Red" cut at an option menu's wall gave "r: Red")."""
    owners = _owner(piece, controls)
    if not owners:
        return [(piece, None)], set()
    letters = _homes(_placed_letters(piece), owners)
    mid_word: set[int] = set()
    for (a, home_a, _, _), (b, home_b, _, _) in itertools.pairwise(letters):
        if home_a is not home_b and not a.isspace() and not b.isspace():
            mid_word |= {id(h) for h in (home_a, home_b) if h is not None}
    parts: list[tuple[str, Shape | None, float, float]] = []
    for ch, home, left, right in letters:
        if parts and parts[-1][1] is home:
            parts[-1] = (parts[-1][0] + ch, home, parts[-1][2], right)
        else:
            parts.append((ch, home, left, right))
    out: list[tuple[Element, Shape | None]] = []
    y0, y1 = piece.box[1], piece.box[3]
    for raw, home, left, right in parts:
        # a letter between two controls is their borders read as "(" or "|"
        label = _clean(raw) if len(parts) > 1 else raw.strip()
        if not label:
            continue
        box = (round(left), y0, max(round(left), round(right)), y1)
        out.append((dataclasses.replace(piece, label=label, box=box), home))
    return out, mid_word


def _placed_letters(piece: Element) -> list[tuple[str, float, float]]:
    """Each letter of ``piece`` with its estimated left and right edge."""
    weights = [_advance(ch) for ch in piece.label]
    scale = (piece.box[2] - piece.box[0]) / max(1e-6, sum(weights))
    out, at = [], float(piece.box[0])
    for ch, wt in zip(piece.label, weights, strict=True):
        out.append((ch, at, at + wt * scale))
        at += wt * scale
    return out


def _homes(
    letters: Sequence[tuple[str, float, float]], owners: Sequence[Shape]
) -> list[tuple[str, Shape | None, float, float]]:
    """Each letter with the control its centre lies in. A letter or digit whose
    estimate fell in the gap between two controls (a letter's width is only
    estimated) joins the neighbour of its word that has a control, the next one first:
    the "T" of "(Two" after "One", when its centre landed on the border."""
    homes = [
        next((s for s in owners if s.box[0] <= (a + b) / 2 < s.box[2]), None) for _, a, b in letters
    ]
    lo, hi = owners[0].box[0], max(s.box[2] for s in owners)
    for i, (ch, a, b) in enumerate(letters):
        if homes[i] is not None or not ch.isalnum() or not lo <= (a + b) / 2 < hi:
            continue
        for j in (*range(i + 1, len(letters)), *range(i - 1, -1, -1)):
            if letters[j][0].isspace() and j > i:
                continue  # the word ends here: look back instead
            if letters[j][0].isspace():
                break
            if homes[j] is not None and letters[j][0].isalnum():
                homes[i] = homes[j]
                break
    return [(ch, h, a, b) for (ch, a, b), h in zip(letters, homes, strict=True)]


def fuse(
    elements: Sequence[Element],
    shapes: Sequence[Shape],
    *,
    read: Reader | None = None,
    prose: Sequence[Element] = (),
    window: Callable[[Box], int] | None = None,
) -> tuple[Element, ...]:
    """OCR ``elements`` and ``shapes`` of one frame as one index, in reading order.

    Each OCR piece is cut at the borders of the controls it crosses (:func:`_cut`) and
    its parts go to their controls: a button, key or field becomes one element with the
    control's box, ``source="shape"`` and the control's kind, labelled with its text
    (a field: labelled by the text left of it on its row, else above it, with its own
    text as ``value``, ``""`` when empty). A check box or radio takes the text to its
    right as its label (that text is not listed again); its box is the box, so a click
    ticks it; ``state`` holds ``"checked"`` when ink is inside. Text in no control is
    ``text``, or ``item`` when it is a row of a list (:func:`_plain`). A button or key
    with no text is left out (nothing can name it); so is a ring inside a word (a
    letter's hole).

    ``read(box)``, when given, reads a control's box again (say ``lambda b:
    reread(image, b)`` from :mod:`._ocr`): it is asked for each control whose label was
    cut out of a longer line, or whose ink OCR did not read, and its pieces inside the
    control replace the estimate.

    ``prose`` are the lines OCR found too long to be a control by themselves (with their
    boxes, :attr:`Detection.prose_pieces`): the parts of one inside a button, key or
    field, or one to a check box's or radio's right, are that control's label ("Send
    anonymous usage statistics to the developers"); the rest stay prose, off the index
    (a sentence above a field does not name it).

    ``window(box)``, when given, is the id of the window a box lies in (the top-most at
    its centre): text names only a field of its own window (a dialog's sentences over
    the fields of the window under it named them)."""
    return fuse_with_prose(elements, shapes, read=read, prose=prose, window=window)[0]


def fuse_with_prose(
    elements: Sequence[Element],
    shapes: Sequence[Shape],
    *,
    read: Reader | None,
    prose: Sequence[Element],
    window: Callable[[Box], int] | None = None,
) -> tuple[tuple[Element, ...], set[int]]:
    """:func:`fuse`, and the ``id`` of each ``prose`` piece that controls took whole as
    their labels (the verifier still needs the rest of a line that was not taken)."""
    shapes = _lit_rows(shapes, [*elements, *prose])
    controls = _unframed([s for s in shapes if s.kind in ("button", "key", "field")])
    held: dict[int, list[Element]] = {id(s): [] for s in controls}
    cut: set[int] = set()
    mid_word: set[int] = set()  # controls whose text was cut out of a word
    loose: list[Element] = []
    long_loose: dict[int, int] = {}  # id of a loose part of a prose line -> the line's id
    lines: list[int] = []  # the prose lines that were cut into parts
    for piece, long in [*((e, False) for e in elements), *((p, True) for p in prose)]:
        parts, split = _cut(piece, controls)
        if len(parts) > 1:
            mid_word |= split
        if long and parts:
            lines.append(id(piece))
        for part, home in parts:
            if home is None:
                loose.append(part)
                if long:
                    long_loose[id(part)] = id(piece)
                continue
            held[id(home)].append(part)
            if len(parts) > 1:
                cut.add(id(home))
    out: list[Element] = []
    # a long line names a field on its row (a label to its left), never one below it
    # (a sentence above a field is what the dialog says, or another control's label)
    named_by = [e for e in loose if id(e) not in long_loose]
    beside = [e for e in loose if id(e) in long_loose]

    label_of = _labeller(named_by, beside, window)
    read_in = [
        (_drop_down(s) if _closed_drop_down(s, texts, label_of) else s, texts)
        for s, texts in _texts_in(controls, held, read, cut=cut, mid_word=mid_word)
    ]
    names = _field_names([s for s, _ in read_in if s.kind == "field"], label_of)
    for s, texts in read_in:
        if rows := _stacked_rows(s, texts) or _bar_items(s, texts):
            out.extend(rows)
            continue
        made = _control_element(s, texts, names.get(id(s)))
        if made is not None:
            out.append(made)
    out = _symbols(out, [*elements, *prose])
    ticks, loose = _tick_elements([s for s in shapes if s.kind in ("check", "radio")], loose)
    untaken = {long_loose[id(e)] for e in loose if id(e) in long_loose}
    used = {line for line in lines if line not in untaken}
    loose = [e for e in loose if id(e) not in long_loose]  # a sentence is not a control
    lists = [s.box for s in shapes if s.kind == "list"]
    return tuple(reading_order([*out, *ticks, *_plain(loose, lists)])), used


#: CJK characters OCR reads for a lone symbol on a button ("十" for a spin box's "+").
_CJK_SYMBOLS: Final = {"十": "+", "一": "-"}


def _symbols(controls: list[Element], texts: Sequence[Element]) -> list[Element]:
    """``controls`` as a Latin screen means them, when no text of two or more characters
    in the frame is Chinese or Japanese (OCR's model reads both scripts): a button or key
    labelled only "十" or "一" is "+" or "-" (a thin plus read as the character ten), one
    labelled by another lone character is an icon, left out (nothing can name it), and
    a field whose text is one such character holds an icon, no text ("菌" for yad's
    calendar)."""
    if not any(_lone_cjk(c.label) or _lone_cjk(c.value or "") for c in controls):
        return controls
    if any(_cjk(ch) for t in texts if len(t.label.strip()) >= 2 for ch in t.label):
        return controls
    out = []
    for c in controls:
        if c.kind in ("button", "key") and _lone_cjk(c.label):
            if c.label in _CJK_SYMBOLS:
                out.append(dataclasses.replace(c, label=_CJK_SYMBOLS[c.label]))
            continue
        icon = c.kind == "field" and _lone_cjk(c.value or "")
        out.append(dataclasses.replace(c, value="") if icon else c)
    return out


def _lone_cjk(text: str) -> bool:
    """Whether ``text`` is one CJK character (spaces aside)."""
    t = text.strip()
    return len(t) == 1 and _cjk(t)


def _cjk(ch: str) -> bool:
    """Whether ``ch`` is a CJK ideograph, kana or CJK punctuation."""
    return "\u3000" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff"


def _texts_in(
    controls: Sequence[Shape],
    held: dict[int, list[Element]],
    read: Reader | None,
    *,
    cut: set[int],
    mid_word: set[int],
) -> list[tuple[Shape, list[Element]]]:
    """Each control with its text: the OCR parts it ``held``, or what ``read`` finds in
    it alone where those were cut out of a longer line (``cut``; out of the middle of a
    word, ``mid_word``: then a clean re-read wins) or OCR read no ink it has; a
    drop-down's arrow is no text (:func:`_without_arrow`)."""
    out = []
    for s in controls:
        texts = held[id(s)]
        if read is not None and (id(s) in cut or (s.filled and not texts)):
            again = _reread(read, s)
            sure = id(s) in mid_word and again and not _ragged(again)
            texts = again if sure else _better(texts, again)
        elif read is not None and s.kind == "key" and not texts:
            texts = _sure_key(_reread(read, s))
        out.append((s, _without_arrow(s, texts)))
    return out


#: A line longer than this many words is prose, not a list's row: a list of such lines is
#: a text area, and its lines stay text.
ROW_WORDS: Final = 6
#: A list's rows start at its first column's left edge, within this many pixels.
ROW_ALIGN: Final = 10


def _lit_rows(shapes: Sequence[Shape], pieces: Sequence[Element]) -> list[Shape]:
    """``shapes`` with each check box or radio at the left end of a field (:func:`_leads`;
    :func:`detect_shapes` keeps only one set apart from what follows it) settled by the
    text: with text to its right in that field, the field is the box's row lit up
    under the pointer (Tk's active background is walled like a field), gone, and the
    text is the box's label; with none, the box is gone."""
    hosts = [s for s in shapes if s.kind == "field"]  # a button may lead with an icon
    gone: set[int] = set()
    for t in shapes:
        if t.kind not in ("check", "radio"):
            continue
        host = next((h for h in hosts if _leads_field(t, h)), None)
        if host is None:
            continue
        label = _tick_label(t.box, [e for e in pieces if _centre_in(e.box, host.box)])
        gone.add(id(host) if label is not None else id(t))
    return [s for s in shapes if id(s) not in gone]


def _plain(loose: Sequence[Element], lists: Sequence[Box]) -> list[Element]:
    """Text in no control, with its kind: a list's rows are ``item`` (:func:`_rows`);
    other text is ``text`` (a label, a heading, a sentence: the shapes saw no control
    there); text that came with a kind keeps it."""
    inside: dict[int, list[Element]] = {}
    for e in loose:
        home = next((i for i, box in enumerate(lists) if _centre_in(e.box, box)), None)
        if home is not None and not e.kind:
            inside.setdefault(home, []).append(e)
    items = {id(e) for found in inside.values() for e in _rows(found)}
    return [
        dataclasses.replace(e, kind="item" if id(e) in items else "text") if not e.kind else e
        for e in loose
    ]


def _rows(found: Sequence[Element]) -> list[Element]:
    """The rows of a list among the text ``found`` inside it: the pieces that start at
    its first column (within :data:`ROW_ALIGN` of the leftmost), two or more, none of
    them prose (over :data:`ROW_WORDS` words). A row is named by its first column;
    text further right (another column, a display's figures, a window covering the
    list) is not a row."""
    if not found or any(len(e.label.split()) > ROW_WORDS for e in found):
        return []
    first = min(e.box[0] for e in found)
    rows = [e for e in found if e.box[0] - first <= ROW_ALIGN]
    return rows if len(rows) >= 2 else []


def _reread(read: Reader, s: Shape) -> list[Element]:
    """What ``read`` finds inside ``s`` (centres inside its box), top to bottom; a label
    wrapped whole in brackets or ending in a comma lost them (an oval's or a key's
    border read as "(One)" or "Two,")."""
    found = []
    for e in read(s.box):
        text = e.label.strip().rstrip(",;").strip()
        if len(text) > 2 and text[0] + text[-1] in ("()", "[]", "{}", "||"):
            text = text[1:-1].strip()
        if text and _centre_in(e.box, s.box):
            found.append(dataclasses.replace(e, label=text))
    return sorted(found, key=lambda e: (e.box[1], e.box[0]))


#: A key's re-read that is one mark (a keypad's "+", "(") needs this confidence, as a
#: one-character OCR label does (``OcrDetector.min_confidence_single``).
SURE_MARK: Final = 0.85


def _sure_key(reread: list[Element]) -> list[Element]:
    """A keypad key OCR read nothing on (symbol-only keys: "+", "=", "-", "."; their
    ink is too thin to count as a filled control), read alone: its text if sure
    enough. A lone mark read below :data:`SURE_MARK` is dropped: the OCR model names
    a small blob with some glyph (xcalc's "." read "+" at 0.51)."""
    text = "".join(e.label for e in reread).strip()
    if len(text) == 1 and min(e.confidence for e in reread) < SURE_MARK:
        return []
    return reread


def _better(estimate: list[Element], reread: list[Element]) -> list[Element]:
    """The re-read text when the estimate (letters placed by width) has none, or when
    the re-read is clean and the estimate is not (a stray letter or mark at an end) or
    is less sure; else the estimate, which kept the whole line's context (xmessage's
    bitmap "Four" alone read as "-our")."""
    if not reread:
        return estimate
    if not estimate:
        return reread
    if _ragged(reread):
        return estimate
    surer = min(e.confidence for e in reread) > min(e.confidence for e in estimate)
    return reread if _ragged(estimate) or surer else estimate


def _stacked_rows(s: Shape, texts: Sequence[Element]) -> list[Element]:
    """The rows of a list drawn as one box, or [] for a control: a "button" holding two
    or more lines one under another, all starting at one left edge (an open drop-down's
    choices on a grey panel, Tk's menu of an option menu; a button's own words share one
    line, or are centred). Each row is an ``item`` as wide as the box."""
    if s.kind != "button" or len(texts) < 2:
        return []
    lines = sorted(texts, key=lambda e: e.box[1])
    x0, _, x1, _ = s.box
    lefts, rights = [e.box[0] for e in lines], [e.box[2] for e in lines]
    # OCR's boxes of lines set close may overlap a little, never by a third of a line
    stacked = all(
        a.box[3] - b.box[1] <= min(a.box[3] - a.box[1], b.box[3] - b.box[1]) / 3
        for a, b in itertools.pairwise(lines)
    )
    # lines of one width may be centred: then they must start near the left wall
    ragged_right = max(rights) - min(rights) > ROW_ALIGN
    near_wall = min(lefts) - x0 <= (x1 - x0) / 4
    aligned = max(lefts) - min(lefts) <= ROW_ALIGN and (ragged_right or near_wall)
    if not (stacked and aligned):
        return []
    return [
        Element(
            label=e.label,
            box=(x0, e.box[1], x1, e.box[3]),
            source="shape",
            confidence=e.confidence,
            kind="item",
            window=e.window,
        )
        for e in lines
    ]


#: Words in one field further apart than this share of their line's height (OCR's boxes
#: hold the line's whole height; a space is about a quarter of it) are separate items,
#: when there are :data:`BAR_ITEMS` of them or more.
BAR_GAP: Final = 0.5
BAR_ITEMS: Final = 3


def _bar_items(s: Shape, texts: Sequence[Element]) -> list[Element]:
    """The words of a bar drawn as one field, or [] for a field: :data:`BAR_ITEMS` or
    more pieces of text on one line, each further from the next than :data:`BAR_GAP`
    line heights (a menu bar painted as a light band under a title bar has a text
    field's shape: it read as one field named by the title, holding "File Edit View
    Help"; text typed into a field is one piece, its words a space apart), or pieces
    that are a menu bar's words however close (Qt packs JuffEd's bar at 0.36 line
    heights: :func:`~.._menu_bar.menu_words`). Each piece is text of its own, as OCR read it:
    what kind of item it is, the pixels do not say."""
    if s.kind != "field" or len(texts) < BAR_ITEMS:
        return []
    row = sorted(texts, key=lambda e: e.box[0])
    height = max(e.box[3] - e.box[1] for e in row)
    centres = [(e.box[1] + e.box[3]) / 2 for e in row]
    one_line = max(centres) - min(centres) <= height / 2
    apart = all(
        b.box[0] - a.box[2] > BAR_GAP * max(a.box[3] - a.box[1], b.box[3] - b.box[1])
        for a, b in itertools.pairwise(row)
    )
    words = [e.label for e in row]
    return row if one_line and (apart or menu_words(words)) else []


def _ragged(texts: Sequence[Element]) -> bool:
    """Whether a text starts or ends with a mark, not a letter or digit (one that has
    no letter or digit at all, a key such as "+", is not ragged)."""
    text = " ".join(e.label for e in texts).strip()
    core = [ch.isalnum() for ch in text]
    return any(core) and not (core[0] and core[-1])


def _centre_in(box: Box, outer: Box) -> bool:
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return outer[0] <= cx <= outer[2] and outer[1] <= cy <= outer[3]


def _joined(texts: Sequence[Element]) -> tuple[str, float]:
    ordered = reading_order(texts)
    # a border read as "(" is dropped, a key that is "(" keeps it
    label = " ".join(_clean(t.label) or t.label.strip() for t in ordered)
    return label, min((t.confidence for t in ordered), default=1.0)


#: The states of a button, key or field shape its element carries.
_PASSED_ON: Final = frozenset({"expandable"})


def _control_element(
    s: Shape, texts: Sequence[Element], name: tuple[Element, str] | None = None
) -> Element | None:
    """The element of a button, key or field holding ``texts`` (None: a button with no
    text); a field goes by ``name`` (:func:`_field_names`), else by what it holds."""
    text, confidence = _joined(texts)
    window = next((t.window for t in texts if t.window), 0)  # when OCR knew it
    if s.kind != "field":
        if not text:
            return None
        return Element(
            label=text, box=s.box, source="shape", confidence=confidence, kind=s.kind,
            window=window, state=s.state & _PASSED_ON,
        )  # fmt: skip
    label, called = name if name else (None, text)
    value: str | None = text if text or not s.filled else None  # ink OCR did not read
    return Element(
        # a field nothing names goes by what it holds, as OCR alone showed it
        label=called,
        box=s.box,
        source="shape",
        confidence=min(confidence, label.confidence) if label else confidence,
        kind="field",
        value=value,
        window=window or (label.window if label else 0),
        state=s.state & _PASSED_ON,
    )


#: A button with no text this many times wider than tall, with a label where a field's
#: would be, is a drop-down showing no choice yet (GTK's combo box: a bare arrow).
DROP_DOWN_ASPECT: Final = 2.5


def _unframed(controls: Sequence[Shape]) -> list[Shape]:
    """``controls`` without the "buttons" that hold another control whole: those are a
    frame's raised panel (Tk's dialog sets its OK on one, and both read "OK")."""
    return [
        c
        for c in controls
        if c.kind != "button"
        or not any(o is not c and o.box != c.box and box_within(o.box, c.box) for o in controls)
    ]


def _labeller(
    loose: Sequence[Element], beside: Sequence[Element], window: Callable[[Box], int] | None
) -> Callable[[Box], Element | None]:
    """:func:`_field_label` over ``loose`` and ``beside``, of the box's own window only
    when ``window`` says which window a box lies in."""

    def label_of(box: Box) -> Element | None:
        if window is None:
            return _field_label(box, loose, beside)
        mine = window(box)
        return _field_label(
            box,
            [e for e in loose if window(e.box) == mine],
            [e for e in beside if window(e.box) == mine],
        )

    return label_of


def _closed_drop_down(
    s: Shape, texts: Sequence[Element], label_of: Callable[[Box], Element | None]
) -> bool:
    """Whether ``s`` is a drop-down with nothing chosen: a wide button with no text but
    its arrow (``expandable``), and a label left of it or above it as a field has
    (``label_of``; a button with no text is otherwise left out: nothing names it). A
    blank stretch of a window walled by the widgets around it has no arrow."""
    x0, y0, x1, y1 = s.box
    wide = x1 - x0 >= DROP_DOWN_ASPECT * (y1 - y0)
    return (
        s.kind == "button"
        and "expandable" in s.state
        and not texts
        and wide
        and label_of(s.box) is not None
    )


def _without_arrow(s: Shape, texts: list[Element]) -> list[Element]:
    """``texts`` without what OCR read in the arrow of a drop-down (``expandable``)
    showing its choice: Tk's option menu's bar reads "1" ("Red 1")."""
    if "expandable" not in s.state:
        return texts
    x1, h = s.box[2], s.box[3] - s.box[1]
    kept = [t for t in texts if t.box[0] < x1 - 1.5 * h]
    return kept or texts


def _drop_down(s: Shape) -> Shape:
    """``s`` as the field it stands for: named by its label, its choice its value, and
    ``expandable`` (a click shows its choices; typing into it does nothing)."""
    return dataclasses.replace(s, kind="field", filled=False, state=frozenset({"expandable"}))


def _field_names(
    fields: Sequence[Shape], label_of: Callable[[Box], Element | None]
) -> dict[int, tuple[Element, str]]:
    """Each named field's label (by ``id`` of its shape) and the name it goes by. A label
    that names several fields (a postal address on three lines under one "Address:", a
    date in three parts after one "Date:") names the first in reading order as it reads,
    and the others "Address: (2)", "Address: (3)": each field has a name of its own, and
    the label alone means the first, as it does to a person filling in the form. A field
    nothing names (``label_of``, :func:`_field_label`), right under a named one of the
    same width, continues it."""
    taken: dict[int, int] = {}
    out: dict[int, tuple[Element, str]] = {}
    named: list[tuple[Box, Element]] = []
    for s in sorted(fields, key=functools.cmp_to_key(_reads_before)):
        label = label_of(s.box) or next(
            (e for box, e in reversed(named) if _continues_field(box, s.box)), None
        )
        if label is not None:
            named.append((s.box, label))
            n = taken[id(label)] = taken.get(id(label), 0) + 1
            out[id(s)] = (label, label.label if n == 1 else f"{label.label} ({n})")
    return out


def _continues_field(above: Box, below: Box) -> bool:
    """Whether a field at ``below`` is the next line of the one at ``above``: as wide,
    in the same column, less than a field's height under it."""
    same_column = abs(above[0] - below[0]) <= ROW_ALIGN and abs(above[2] - below[2]) <= ROW_ALIGN
    return same_column and 0 <= below[1] - above[3] <= above[3] - above[1]


def _reads_before(a: Shape, b: Shape) -> int:
    """Reading order of two controls: left to right on one row (their rows overlap by
    over half the lower one's height), else top to bottom."""
    (ax0, ay0, _, ay1), (bx0, by0, _, by1) = a.box, b.box
    same_row = min(ay1, by1) - max(ay0, by0) > min(ay1 - ay0, by1 - by0) / 2
    first, second = (ax0, bx0) if same_row else (ay0, by0)
    return -1 if first < second else 1 if first > second else 0


def _field_label(
    box: Box, loose: Sequence[Element], beside: Sequence[Element] = ()
) -> Element | None:
    """The text naming a field at ``box``: the nearest on its row to its left, else the
    nearest above it whose left edge is near the field's (a label above a field starts
    where it starts; a word above its right end names something else). OCR's box of a
    word runs a few pixels past its ink: a label set close to its field may reach into
    the field's wall, by less than half the label's width. Lines too long for the menu
    (``beside``) may name it from its left only."""
    x0, y0, x1, y1 = box
    h = y1 - y0
    left = [
        e
        for e in (*loose, *beside)
        if y0 <= (e.box[1] + e.box[3]) / 2 <= y1
        and e.box[2] <= x0 + min(h, (e.box[2] - e.box[0]) / 2)
        and x0 - e.box[2] <= LABEL_LEFT * h
    ]
    if left:
        return max(left, key=lambda e: e.box[2])
    above = [
        e
        for e in loose
        if e.box[3] <= y0 + 4
        and y0 - e.box[3] <= LABEL_ABOVE * h
        and abs(e.box[0] - x0) <= max(2 * h, 0.25 * (x1 - x0))
    ]
    return max(above, key=lambda e: e.box[3]) if above else None


def _tick_elements(
    ticks: Sequence[Shape], loose: Sequence[Element]
) -> tuple[list[Element], list[Element]]:
    """Check boxes and radios labelled by the text to their right, and what is left of
    ``loose`` (the labels taken out; a ring inside a word dropped as a letter's hole)."""
    rest = list(loose)
    out: list[Element] = []
    for t in sorted(ticks, key=lambda t: (t.box[1], t.box[0])):
        if any(
            box_within(t.box, e.box) and t.box[0] - e.box[0] > t.box[2] - t.box[0] for e in rest
        ):
            continue  # a hole in a letter of a word, not a box before it
        # the box itself read as a letter of its own ("C" for a radio's ring)
        rest = [e for e in rest if not (len(e.key) <= 1 and _centre_in(e.box, t.box))]
        label = _tick_label(t.box, rest)
        text, confidence, window = "", 1.0, 0
        if label is not None:
            rest.remove(label)
            text, confidence, window = _after(label, t.box), label.confidence, label.window
        out.append(
            Element(
                label=text,
                box=t.box,
                source="shape",
                confidence=confidence,
                kind=t.kind,
                state=t.state,
                window=window,
            )
        )
    return out, rest


def _tick_label(box: Box, loose: Sequence[Element]) -> Element | None:
    x0, y0, x1, y1 = box
    side = max(x1 - x0, y1 - y0)
    cy = (y0 + y1) / 2
    near = [
        e
        for e in loose
        if abs((e.box[1] + e.box[3]) / 2 - cy) <= max(side, e.box[3] - e.box[1]) / 2
        and e.box[2] > x1
        and e.box[0] >= x0 - side  # a line's box may start a little before the box
        and e.box[0] - x1 <= TICK_LABEL_GAP * side
    ]
    return min(near, key=lambda e: e.box[0]) if near else None


def _after(label: Element, box: Box) -> str:
    """``label``'s text without what OCR read from the box itself, when its line starts
    over the box: leading marks ("• Large", "☑ Subscribe") and a one-letter first word
    placed over the box ("M Subscribe"; "I agree" keeps its "I": :data:`WORDS_OF_ONE`)."""
    text = label.label.lstrip()
    while text and not text[0].isalnum():
        text = text[1:].lstrip()
    first, _, rest = text.partition(" ")
    scale = (label.box[2] - label.box[0]) / max(1e-6, sum(map(_advance, label.label)))
    over = label.box[0] + _advance(first) * scale < box[2]
    if rest and len(first) == 1 and first not in WORDS_OF_ONE and over:
        text = rest.lstrip()
    return text or label.label


#: One-letter words a label may start with ("I agree"), never what OCR makes of a box
#: (a box reads as "M", "O", "D" or "C").
WORDS_OF_ONE: Final = frozenset({"I", "A", "a"})


#: A control's box is read again this much inside its outer edge (its wall left out).
READ_INSET: Final = 4
#: ... on a plain margin this wide (the text detector needs room around the text).
READ_MARGIN: Final = 8
