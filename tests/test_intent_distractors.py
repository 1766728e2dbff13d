"""Real programs' labels as training distractors for the intent brain (``train_intent
--distractors``, :mod:`tiny_computer_agent.brains.models._intent_distractors`), and the
script that reads them from gettext catalogs (scripts/ui_strings.py)."""

from __future__ import annotations

import gettext
import json
import struct
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import load_file_module
from tiny_computer_agent.brains.models import _intent_distractors as distractors
from tiny_computer_agent.brains.models._intent_data import generate, load_inventory
from tiny_computer_agent.brains.models._intent_wording import Wording, generate_worded

np = pytest.importorskip("numpy")
ROOT = Path(__file__).resolve().parents[1]
INVENTORY = load_inventory()
#: what a real program's catalog might hold: one means what files.delete's labels mean
STRINGS = ("Recycle Bin", "Page Setup", "Delete", "Pages per Sheet", "Bottom Margin")


def embed_by_words(texts: Sequence[str]) -> Any:
    """A stand-in for the base model: texts that share a word are close (unit rows over
    a hashed bag of words), so the filter's arithmetic is checked, not MiniLM's."""
    rows = np.zeros((len(texts), 512), np.float32)
    for i, text in enumerate(texts):
        for word in text.lower().split():
            rows[i, zlib.crc32(word.encode()) % 512] += 1.0
    norms = np.maximum(np.linalg.norm(rows, axis=1, keepdims=True), 1e-12)
    return rows / norms


def test_a_string_close_to_a_concepts_label_never_stands_beside_it() -> None:
    built = distractors.build(INVENTORY, STRINGS, embed_by_words, share=1.0, source="test")
    assert "Delete" not in built.strings  # an inventory label has a concept of its own
    beside_delete = {built.strings[i] for i in built.allowed["files.delete"]}
    assert "Recycle Bin" not in beside_delete  # close to "Move to Recycle Bin"
    assert {"Page Setup", "Pages per Sheet", "Bottom Margin"} <= beside_delete
    assert built.about()["distractors"] == len(built.strings) == 4


def test_they_join_only_training_menus_and_never_the_answer() -> None:
    built = distractors.build(INVENTORY, STRINGS, embed_by_words, share=1.0)
    plain = generate(INVENTORY, 400, 7, split="train")
    mixed = generate_worded(INVENTORY, 400, 7, wording=Wording(distractors=built))
    assert mixed == generate_worded(INVENTORY, 400, 7, wording=Wording(distractors=built))
    extra = set(built.strings)
    shown = [e for e in mixed if extra & {label for label, _ in e.entries}]
    assert len(shown) > 150, "share 1.0: every menu made of controls gets some"
    for example in shown:
        assert example.answer is None or example.entries[example.answer][0] not in extra
        assert len(example.entries) <= 16
    assert sum(bool(extra & {label for label, _ in e.entries}) for e in plain) == 0


def test_a_bad_file_or_share_says_what_is_wrong(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"strings": [1, 2]}')
    with pytest.raises(ValueError, match="list of strings"):
        distractors.read_strings(bad)
    bad.write_text("not json")
    with pytest.raises(ValueError, match="not a readable JSON file"):
        distractors.read_strings(bad)
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"source": "here", "strings": ["Page Setup", " ", "Page Setup"]}))
    assert distractors.read_strings(good) == (("Page Setup",), "here")
    with pytest.raises(ValueError, match="--distractor-share"):
        distractors.build(INVENTORY, STRINGS, embed_by_words, share=1.5)


def _catalog(path: Path, msgids: Sequence[str]) -> None:
    """A GNU .mo file (UTF-8) translating each of ``msgids`` to itself, upper-cased."""
    keys = sorted(["", *msgids])
    ids, strs = b"", b""
    table_ids, table_strs = [], []
    for key in keys:
        value = key.upper() if key else "Content-Type: text/plain; charset=UTF-8\n"
        k, v = key.encode(), value.encode()
        table_ids.append((len(k), len(ids)))
        ids += k + b"\0"
        table_strs.append((len(v), len(strs)))
        strs += v + b"\0"
    start = 7 * 4 + 16 * len(keys)
    ids_at, strs_at = start, start + len(ids)
    out = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 28, 28 + 8 * len(keys), 0, 0)
    out += b"".join(struct.pack("ii", n, ids_at + o) for n, o in table_ids)
    out += b"".join(struct.pack("ii", n, strs_at + o) for n, o in table_strs)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(out + ids + strs)
    with path.open("rb") as fp:
        assert gettext.GNUTranslations(fp).gettext(keys[1]) == keys[1].upper()


def test_the_script_keeps_what_reads_as_a_label(tmp_path: Path) -> None:
    script = load_file_module(ROOT / "scripts" / "ui_strings.py", "ui_strings")
    msgids = ["_Save As…", "Page Setup", "Could not open %s", "<b>Bold</b>", "Name:",
              "a lowercase sentence", "Too many words to be a label here", "MODULES",
              "menu\x04_Quit"]  # fmt: skip
    _catalog(tmp_path / "de" / "LC_MESSAGES" / "toy.mo", msgids)
    out = tmp_path / "strings.json"
    assert script.main(["--out", str(out), "--locale", str(tmp_path), "--domains", "toy"]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["strings"] == ["Page Setup", "Quit", "Save As…"]
    assert data["domains"] == {"toy": 3}
    assert script.main(["--out", str(out), "--locale", str(tmp_path), "--domains", "none"]) == 2


@pytest.mark.model
def test_a_toy_training_run_takes_them_and_its_card_says_so(tmp_path: Path) -> None:
    """The real pipeline with ``--distractors``: the base model (numpy) filters them, the
    card counts them; a bad file is a usage error (exit 2) before any training."""
    pytest.importorskip("torch", reason="training needs the 'intent' extra (make test)")
    pytest.importorskip("peft", reason="training needs the 'intent' extra (make test)")
    from tiny_computer_agent.brains.models.train_intent import main

    strings = tmp_path / "strings.json"
    strings.write_text(json.dumps({"source": "a test", "strings": list(STRINGS)}))
    out = tmp_path / "adapter"
    toy = ["--out", str(out), "--steps", "2", "--batch", "4", "--examples", "40"]
    toy += ["--dev", "30", "--threads", "1", "--no-eval"]
    assert main([*toy, "--distractors", str(strings), "--distractor-share", "0.9"]) == 0
    card = json.loads((out / "card.json").read_text())["wording"]
    assert card["distractors"] == 4 and card["distractor_share"] == 0.9
    assert card["distractor_source"] == "a test"
    strings.write_text("[3]")
    assert main([*toy, "--out", str(tmp_path / "no"), "--distractors", str(strings)]) == 2
    assert not (tmp_path / "no").exists()
