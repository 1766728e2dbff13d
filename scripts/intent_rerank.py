r"""Issue 35: a late-pooled cross-encoder that re-ranks the shipped intent brain's top-k.

Goal and label are read together, in one MiniLM pass (a LoRA adapter, rank 32, on every
linear layer of the encoder)::

    [CLS] goal [SEP] label | kind: the screen's title or question [SEP]

and the entry scores ``scale * cos(mean of the goal's tokens, mean of the label's tokens)
+ bias`` (the context after the label is read, never pooled); "nothing fits" scores
``nothing + w . g`` (``g``: the goal's pooled vector, averaged over the menu's pairs).
Only the shipped brain's top ``--k`` entries (its numpy runtime, unchanged) are read
again; the others cannot be chosen. Cross-entropy over the k entries and nothing fits.

Training menus come from the same generator, seed machinery, wording flags and held-out
leak check as ``train_intent``. The candidates are precomputed by the shipped brain in
batches as training reaches them. Every ``--eval-every`` menus one line is logged (menus
seen, minutes, loss, the whole pipeline's accuracy on ``--dev`` synthetic dev menus and
on ``--dev`` menus asked in the held-out writer's phrasings: the first ``--dev`` of the
dev decisions ``train_intent`` calibrates on and scores its cross-writer accuracy with,
the same every time) and a checkpoint saved. At the end (or at ``--deadline``, UTC
HH:MM) the checkpoint best on the two dev samples together is scored once on the
held-out sets by the scoreboard's own code (``benchmarks/intent_scoreboard.py``), and
timed on 12-entry menus on torch. ``--heldout-only CKPT`` scores a saved checkpoint.

Run (from the repository root; issue 35's run)::

    OMP_NUM_THREADS=1 nice -n 19 .venv/bin/python scripts/intent_rerank.py --out DIR \
        --writers w2 --holdout-writer w3 --expand all --drop-writer-leaks --k 5 --rank 32 \
        --lr 3e-4 --clip 1.0 --batch 8 --menus 12000 --eval-every 1500 --dev 400 --deadline HH:MM

A run stopped at its deadline goes on later from its last checkpoint, on the same
flags with ``--resume DIR/ckpt-NNNNNN`` (``--menus`` still counts the whole run)::

    ... --out DIR --menus 60000 --resume DIR/ckpt-012000 --deadline HH:MM

At ``--lr 2e-3`` (the bi-encoder's) the joint pass collapsed within 2,000 menus: every
goal and label pooled to one vector (cos 1 for every pair, loss ln 6); the log line's
``spread`` (the standard deviation of a menu's candidate logits on dev) shows it.
``--port-check CKPT`` runs a checkpoint on the package's numpy path (``_intent_rerank``)
beside torch: the logits' largest difference, the same choices, and the ms on numpy.
"""

from __future__ import annotations

import argparse
import datetime
import json
import logging
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tiny_computer_agent._elements import Element  # noqa: E402
from tiny_computer_agent.brains.models import _intent as intent  # noqa: E402
from tiny_computer_agent.brains.models import train_intent as ti  # noqa: E402
from tiny_computer_agent.brains.models._intent_cases import (  # noqa: E402
    case_examples,
    case_files,
)
from tiny_computer_agent.brains.models._intent_data import (  # noqa: E402
    Example,
    generate,
    load_inventory,
)
from tiny_computer_agent.brains.models._intent_rerank import (  # noqa: E402
    CONTEXT_TOKENS,
    GOAL_TOKENS,
    LABEL_TOKENS,
    context_of,
    top_k,
)
from tiny_computer_agent.brains.models._intent_rerank import (  # noqa: E402
    Reranker as NumpyReranker,
)
from tiny_computer_agent.brains.models._intent_wording import (  # noqa: E402
    cross_writer_dev,
    filled,
    fresh,
    generate_worded,
)

_log = logging.getLogger("intent_rerank")
_MENU = 16  # entries of a generated menu the brain sees (train_intent's)


# -- candidates: the shipped brain's top-k ---------------------------------------------


def shipped_scores(brain: Any, examples: Sequence[Example]) -> list[tuple[list[float], float]]:
    """The shipped brain's scores (each entry's, nothing fits) per example, as
    ``IntentBrain.scores`` computes them, the goals embedded 64 at a time."""
    weights = brain.loaded("the intent brain")
    tokenizer, goal_model, _, head, members = weights
    adapters = [(goal_model, head), *members]  # the members' scores are averaged
    out = []
    for start in range(0, len(examples), 64):
        chunk = examples[start : start + 64]
        goals = [e.goal for e in chunk]
        adapted = [brain.vectors(tokenizer, m, goals, intent._MAX_TOKENS) for m, _ in adapters]
        stocked = any(h.stock for _, h in adapters)
        plain = brain._encode(weights, goals, adapted=False) if stocked else None
        for i, e in enumerate(chunk):
            entries = e.entries[:_MENU]
            labels = brain.label_vectors([label for label, _ in entries])
            kinds = [ti.KINDS.index(k) if k in ti.KINDS else 0 for _, k in entries]
            shared = [intent.word_overlap(e.goal, label) for label, _ in entries]
            asked = intent.context_overlap(list(entries))
            each = [
                h.scores(
                    vectors[i],
                    labels,
                    kinds,
                    shared,
                    context=asked,
                    stock_goal=plain[i] if plain is not None and h.stock else None,
                )
                for (_, h), vectors in zip(adapters, adapted, strict=True)
            ]
            mean = [sum(s[j] for s, _ in each) / len(each) for j in range(len(entries))]
            out.append((mean, sum(n for _, n in each) / len(each)))
    return out


# -- the re-ranker --------------------------------------------------------------------


class Reranker:
    """The LoRA'd MiniLM and the head; :meth:`logits` scores menus' candidates."""

    def __init__(self, tokenizer: Any, model: Any, head: Any) -> None:
        import torch

        self.torch, self.tokenizer, self.model, self.head = torch, tokenizer, model, head
        self._ids: dict[str, list[int]] = {}

    def ids(self, texts: Sequence[str]) -> list[list[int]]:
        todo = [t for t in dict.fromkeys(texts) if t not in self._ids]
        if todo:
            found = self.tokenizer(todo, add_special_tokens=False)["input_ids"]
            self._ids.update(zip(todo, found, strict=True))
        if len(self._ids) > 200_000:
            self._ids.clear()
        return [self._ids[t] for t in texts]

    def _rows(self, menus: Sequence[tuple[str, Sequence[tuple[str, str]], Any]]) -> tuple[Any, ...]:
        """Token grids for every (goal, label + context) pair, with the goal's and the
        label's token masks and each pair's menu and slot."""
        torch, tok = self.torch, self.tokenizer
        rows, goal_span, label_span, where = [], [], [], []
        for m, (goal, cands, _) in enumerate(menus):
            (g,) = self.ids([goal])
            g = g[:GOAL_TOKENS]
            for j, (label, context) in enumerate(cands):
                lab, ctx = self.ids([label, context])
                lab, ctx = lab[:LABEL_TOKENS], ctx[:CONTEXT_TOKENS]
                sep = tok.convert_tokens_to_ids("|")
                b = [*lab, sep, *ctx]
                rows.append(([tok.cls_token_id, *g, tok.sep_token_id], [*b, tok.sep_token_id]))
                goal_span.append((1, 1 + len(g)))
                label_span.append((len(g) + 2, len(g) + 2 + len(lab)))
                where.append((m, j))
        width = max(len(a) + len(b) for a, b in rows)
        shape = (len(rows), width)
        ids, types = torch.zeros(shape, dtype=torch.long), torch.zeros(shape, dtype=torch.long)
        attention, gmask, lmask = torch.zeros(shape), torch.zeros(shape), torch.zeros(shape)
        for r, (a, b) in enumerate(rows):
            ids[r, : len(a) + len(b)] = torch.tensor(a + b)
            types[r, len(a) : len(a) + len(b)] = 1
            attention[r, : len(a) + len(b)] = 1
            gmask[r, goal_span[r][0] : goal_span[r][1]] = 1
            lmask[r, label_span[r][0] : label_span[r][1]] = 1
        return ids, types, attention, gmask, lmask, where

    def logits(
        self, menus: Sequence[tuple[str, Sequence[tuple[str, str]], Sequence[float]]], k: int
    ) -> Any:
        """``[len(menus), k + 1]`` logits: each candidate's, then nothing fits (a menu with
        fewer than ``k`` candidates has minus infinity in the slots it lacks). Each menu is
        ``(goal, pairs, base)``, ``base`` the shipped brain's scores of the candidates and
        of nothing fits: a residual head (``--residual``) adds ``base`` times them."""
        torch = self.torch
        ids, types, attention, gmask, lmask, where = self._rows(menus)
        hidden = self.model(
            input_ids=ids, attention_mask=attention.long(), token_type_ids=types
        ).last_hidden_state
        goal = (hidden * gmask[..., None]).sum(1) / gmask.sum(1, keepdim=True).clamp(min=1)
        label = (hidden * lmask[..., None]).sum(1) / lmask.sum(1, keepdim=True).clamp(min=1)
        goal = torch.nn.functional.normalize(goal, dim=-1)
        cos = (goal * torch.nn.functional.normalize(label, dim=-1)).sum(-1)
        entry = self.head.scale * cos + self.head.bias
        menu = torch.tensor([m for m, _ in where])
        slot = torch.tensor([j for _, j in where])
        grid = torch.full((len(menus), k), float("-inf"))
        grid = grid.index_put((menu, slot), entry)
        pooled = torch.zeros(len(menus), goal.shape[-1]).index_add(0, menu, goal)
        pooled = pooled / torch.bincount(menu, minlength=len(menus)).clamp(min=1)[:, None]
        nothing = self.head.nothing + pooled @ self.head.nothing_goal
        out = torch.cat([grid, nothing[:, None]], dim=1)
        if hasattr(self.head, "base"):  # the shipped brain's scores, weighed, underneath
            shipped = torch.zeros(len(menus), k + 1)
            for m, (_, cands, base) in enumerate(menus):
                shipped[m, : len(cands)] = torch.tensor(base[: len(cands)])
                shipped[m, k] = base[-1]
            out = out + self.head.base * shipped
        return out

    def row(
        self, goal: str, pairs: Sequence[tuple[str, str]], k: int, base: Sequence[float]
    ) -> list[float]:
        """One menu's logits (the candidates', then nothing fits) as a list."""
        with self.torch.no_grad():
            found: list[float] = self.logits([(goal, pairs, base)], k)[0].tolist()
        return found


def make_head(torch: Any, dim: int, *, residual: bool = False) -> Any:
    """The head; ``residual``: the shipped brain's scores, weighed by ``base`` (from 1),
    under a smaller cross-encoder term (``scale`` from 5, nothing's own offset from 0),
    so that training starts from the shipped brain's ranking and learns what to change."""

    class RerankHead(torch.nn.Module):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.scale = torch.nn.Parameter(torch.tensor(5.0 if residual else 20.0))
            self.bias = torch.nn.Parameter(torch.tensor(0.0))
            self.nothing = torch.nn.Parameter(torch.tensor(0.0 if residual else 10.0))
            self.nothing_goal = torch.nn.Parameter(torch.zeros(dim))
            if residual:
                self.base = torch.nn.Parameter(torch.tensor(1.0))

    return RerankHead()


def _stock(model_name: str) -> tuple[Any, Any]:
    """The tokenizer and the stock MiniLM on torch (one thread, the CPU)."""
    import torch

    from tiny_computer_agent.brains.models._runtime import TorchRuntime

    runtime = TorchRuntime(threads=1)
    runtime.device = "cpu"
    found: tuple[Any, Any] = runtime.load_pretrained(
        model_name, torch.float32, preprocessor="AutoTokenizer", model_class="AutoModel"
    )
    return found


def lora_model(model_name: str, rank: int, seed: int) -> tuple[Any, Any, int]:
    """The tokenizer, the stock MiniLM with a new LoRA of ``rank`` on every linear layer
    of its encoder (seeded), and its hidden size: what both joint designs train."""
    import peft
    import torch

    torch.manual_seed(seed)
    tokenizer, base = _stock(model_name)
    config = peft.LoraConfig(
        r=rank,
        lora_alpha=2 * rank,
        lora_dropout=0.05,
        target_modules=r".*encoder.*\.(query|key|value|dense)$",
    )
    with intent.quiet_peft():
        model = peft.get_peft_model(base, config)
    return tokenizer, model, int(base.config.hidden_size)


def merged_checkpoint(folder: Path, model_name: str) -> tuple[Any, Any, dict[str, Any], int]:
    """A saved checkpoint for deciding: the tokenizer, the model with its LoRA merged
    into the weights, the head's saved weights and the hidden size."""
    from peft import PeftModel
    from safetensors.torch import load_file

    tokenizer, base = _stock(model_name)
    with intent.quiet_peft():
        model = PeftModel.from_pretrained(base, str(folder)).merge_and_unload().eval()
    return (
        tokenizer,
        model,
        load_file(str(folder / "head.safetensors")),
        int(base.config.hidden_size),
    )


def new_reranker(model_name: str, rank: int, seed: int, residual: bool = False) -> Reranker:
    import torch

    tokenizer, model, dim = lora_model(model_name, rank, seed)
    return Reranker(tokenizer, model, make_head(torch, dim, residual=residual))


def load_reranker(folder: Path, model_name: str) -> Reranker:
    """A saved checkpoint, the adapter merged into the weights, for deciding."""
    import torch

    tokenizer, model, state, dim = merged_checkpoint(folder, model_name)
    head = make_head(torch, dim, residual="base" in state)
    head.load_state_dict(state)
    return Reranker(tokenizer, model, head.eval())


def resumed(reranker: Reranker, folder: Path) -> tuple[int, list[dict[str, Any]]]:
    """Load checkpoint ``folder`` (its LoRA weights and head) into a new ``reranker`` to
    train on: the menus it had seen and the curve up to it (``curve.json`` beside it).
    The optimiser's moments were not saved: a resumed run warms up again, and is not
    the same, step for step, as one that never stopped."""
    from peft import set_peft_model_state_dict
    from safetensors.torch import load_file

    about = json.loads((folder / "rerank.json").read_text())
    set_peft_model_state_dict(reranker.model, load_file(str(folder / "adapter_model.safetensors")))
    reranker.head.load_state_dict(load_file(str(folder / "head.safetensors")))
    curve = folder.parent / "curve.json"
    history = json.loads(curve.read_text()) if curve.is_file() else [about]
    seen = int(about["menus"])
    return seen, [p for p in history if int(p["menus"]) <= seen]


def save(reranker: Reranker, folder: Path, about: dict[str, Any]) -> None:
    from safetensors.torch import save_file

    folder.mkdir(parents=True, exist_ok=True)
    reranker.model.save_pretrained(str(folder))
    state = {k: v.detach().contiguous() for k, v in reranker.head.state_dict().items()}
    save_file(state, str(folder / "head.safetensors"))
    (folder / "rerank.json").write_text(json.dumps(about, indent=2) + "\n")
    for stray in folder.glob("README.md"):
        stray.unlink()


# -- menus with candidates --------------------------------------------------------------


def candidates(
    example: Example, scores: Sequence[float], nothing: float, k: int, *, train: bool
) -> tuple:
    """``(goal, [(label, context)...], entry indexes, target, base)``: the shipped
    top-``k`` and ``base``, the shipped scores of those entries and of nothing fits;
    in training the answer replaces the last candidate when the shipped brain missed it
    (the target is then always among the options), at evaluation it is simply wrong."""
    entries = example.entries[:_MENU]
    picked = top_k(scores, k)
    answer = example.answer
    if train and answer is not None and answer not in picked:
        picked[-1] = answer
    target = len(picked) if answer is None else picked.index(answer) if answer in picked else -1
    pairs = [(entries[i][0], context_of(entries, *entries[i])) for i in picked]
    return example.goal, pairs, picked, target, [*(scores[i] for i in picked), nothing]


def accuracy(
    reranker: Reranker, menus: Sequence[tuple], k: int, spread: list[float] | None = None
) -> float:
    """The whole pipeline's accuracy on ``menus`` (:func:`candidates` at evaluation);
    ``spread`` gets each menu's standard deviation of its candidates' logits (near 0:
    the goal and label vectors of a joint pass have collapsed into one)."""
    torch = reranker.torch
    right = 0
    with torch.no_grad():
        for start in range(0, len(menus), 16):
            chunk = menus[start : start + 16]
            logits = reranker.logits([(g, p, b) for g, p, _, _, b in chunk], k)
            if spread is not None:
                shown = [r[torch.isfinite(r)][:-1] for r in logits]
                spread.extend(float(c.std()) for c in shown if len(c) > 1)  # one: no spread
            for (_, pairs, _, target, _), row in zip(chunk, logits, strict=True):
                best = int(row.argmax())
                chosen = len(pairs) if best == k else best
                right += int(target >= 0 and chosen == target)
    return right / len(menus)


def targets(menus: Sequence[tuple], k: int) -> list[int]:
    """Cross-entropy targets over ``k`` slots and nothing fits (slot ``k``)."""
    return [k if t == len(p) else t for _, p, _, t, _ in menus]


def pipeline(folder: Path, model_name: str) -> intent.IntentBrain:
    """The shipped brain with the checkpoint in ``folder`` as its re-ranker, on the
    package's own numpy path (:mod:`tiny_computer_agent.brains.models._intent_rerank`),
    as it would decide once the checkpoint ships in its adapter's ``rerank/``."""
    from tiny_computer_agent.brains.models._minilm_np import (
        WordPiece,
        model_folder,
        read_safetensors,
    )

    base = model_folder(model_name)
    heads = int(json.loads((base / "config.json").read_text())["num_attention_heads"])
    brain = intent.IntentBrain(threads=1, unsure_below=0, runtime="numpy")
    brain._reranker = NumpyReranker(
        folder,
        read_safetensors(base / "model.safetensors"),
        WordPiece.from_file(base / "vocab.txt", 512),
        heads,
    )
    return brain


# -- data -------------------------------------------------------------------------------


def data(args: argparse.Namespace) -> tuple[list[Example], list[Example], list[Example]] | int:
    """Training examples (train_intent's generator, seed, wording and leak check), the
    synthetic dev sample and the cross-writer dev sample; an exit code on failure."""
    inventory = load_inventory(args.inventory)
    if isinstance(plan := ti._plan(args, inventory), int):
        return plan
    heldout = ti.heldout_goals(args.heldout) if args.heldout.is_dir() else []
    if args.drop_writer_leaks:
        plan = without_leaking_phrasings(plan, inventory, heldout)
    examples = generate_worded(inventory, args.examples, args.seed, wording=plan.wording)
    written = list(filled(inventory, plan.wording.writers))
    if (kept := ti._without_leaks(heldout, examples, inventory, written)) is None:
        return 3
    dropped = len(examples) - len(kept)
    if isinstance(cased := ti._with_cases(args, kept, heldout), int):
        return cased
    kept, about = cased
    if about:
        _log.info("written cases: %s", json.dumps(about))
    dev = generate(inventory, args.dev, args.seed + 1, split="dev")
    cross: list[Example] = []
    if plan.holdout is not None:
        phrasings, _ = fresh(plan.holdout.phrasings, plan.others)
        cross = cross_writer_dev(inventory, phrasings, args.dev, args.seed + 2)
    _log.info(
        "%d training menus (%d dropped near held-out goals), %d dev, %d cross-writer",
        len(kept),
        dropped,
        len(dev),
        len(cross),
    )
    return kept, dev, cross


def prepared(
    args: argparse.Namespace,
) -> tuple[list[Example], list[Example], intent.IntentBrain, tuple[list, list, list]] | int:
    """What a training run needs (an exit code on failure): its examples, the synthetic
    dev examples, the shipped brain, and the three dev samples checkpoints are scored
    on (synthetic, cross-writer, written cases) as menus with its candidates; the
    output folder made."""
    found = data(args)
    if isinstance(found, int):
        return found
    examples, dev_examples, cross_examples = found
    brain = shipped(1)
    samples = (
        dev_menus(brain, dev_examples, args.k, "synthetic dev"),
        dev_menus(brain, cross_examples, args.k, "cross-writer dev"),
        dev_menus(brain, written_dev(args), args.k, "written dev cases"),
    )
    args.out.mkdir(parents=True, exist_ok=True)
    return examples, dev_examples, brain, samples


def written_dev(args: argparse.Namespace) -> list[Example]:
    """The written cases checkpoints are chosen by: ``--case-dev`` (a writer never
    trained on) and ``--dev-cases``, as training decisions (a case with a history left
    out)."""
    folders = [f for f in (args.case_dev, args.dev_cases) if f is not None]
    if not folders:
        return []
    found, about = case_examples(case_files(folders), _MENU)
    _log.info("written dev cases: %s", json.dumps(about))
    return found


def without_leaking_phrasings(plan: Any, inventory: Any, heldout: Sequence[str]) -> Any:
    """``plan`` without the writers' phrasings whose fills are near copies of a held-out
    goal (train_intent refuses to train when there are any: exit 3)."""
    import dataclasses

    kept: dict[str, tuple[str, ...]] = {}
    for cid, items in plan.wording.writers.items():
        good = tuple(
            p for p in items if not ti.leaks(heldout, list(filled(inventory, {cid: (p,)})))
        )
        for p in sorted(set(items) - set(good)):
            _log.info("left out writer phrasing %r (%s): near a held-out goal", p, cid)
        kept[cid] = good
    return dataclasses.replace(plan, wording=dataclasses.replace(plan.wording, writers=kept))


def shipped(threads: int) -> intent.IntentBrain:
    """The shipped brain forced to choose, without a re-ranker it may ship with."""
    return intent.IntentBrain(threads=threads, unsure_below=0, runtime="numpy", rerank=False)


def dev_menus(brain: Any, examples: Sequence[Example], k: int, name: str) -> list[tuple]:
    """Evaluation menus, and the shipped brain's own accuracy and recall@k on them."""
    scores = shipped_scores(brain, examples)
    menus = [
        candidates(e, s, n, k, train=False) for e, (s, n) in zip(examples, scores, strict=True)
    ]
    if not menus:
        return menus
    top1 = sum(
        (max(range(len(s)), key=s.__getitem__) if max(s) >= n else None) == e.answer
        for e, (s, n) in zip(examples, scores, strict=True)
    )
    recall = sum(t >= 0 for _, _, _, t, _ in menus)
    _log.info(
        "%s: %d menus, shipped brain %.1f%%, answer in its top-%d (or nothing fits) %.1f%%",
        name,
        len(menus),
        100 * top1 / len(menus),
        k,
        100 * recall / len(menus),
    )
    return menus


# -- training ---------------------------------------------------------------------------


class Run:
    """The training run: menus in a seeded order, candidates computed as they are
    reached, a log line and a checkpoint every ``eval_every`` menus."""

    def __init__(self, args: argparse.Namespace, examples: list[Example], brain: Any) -> None:
        import torch

        self.args, self.torch, self.brain = args, torch, brain
        self.order = random.Random(args.seed)  # noqa: S311 -- seeded shuffling
        self.examples = self.order.sample(examples, len(examples))
        self.queue: list[tuple] = []
        self.next = 0
        self.reranker = new_reranker(args.model, args.rank, args.seed, args.residual)
        self.start, self.history = 0, list[dict[str, Any]]()
        if args.resume is not None:
            self.start, self.history = resumed(self.reranker, args.resume)
            self.next = self.start % len(self.examples)  # menus not seen yet, in order
        self.reranker.model.train()
        lora = [p for p in self.reranker.model.parameters() if p.requires_grad]
        head = list(self.reranker.head.parameters())
        self.optimiser = torch.optim.AdamW(
            [
                {"params": lora, "lr": args.lr},
                {"params": head, "lr": 2.5 * args.lr, "weight_decay": 0},
            ]
        )
        self.base_lr = [g["lr"] for g in self.optimiser.param_groups]

    def _batch(self) -> list[tuple]:
        """The next ``batch`` menus with candidates (the shipped brain's, 256 at a time;
        the examples again in a new order when all were seen)."""
        while len(self.queue) < self.args.batch:
            if self.next >= len(self.examples):
                self.examples = self.order.sample(self.examples, len(self.examples))
                self.next = 0
            chunk = self.examples[self.next : self.next + 256]
            self.next += len(chunk)
            scores = shipped_scores(self.brain, chunk)
            for e, (s, n) in zip(chunk, scores, strict=True):
                self.queue.append(candidates(e, s, n, self.args.k, train=True))
        batch, self.queue = self.queue[: self.args.batch], self.queue[self.args.batch :]
        return batch

    def step(self, seen: int) -> float:
        torch, k = self.torch, self.args.k
        batch = self._batch()
        goals = [ti._dropout(g, self.order) for g, *_ in batch]
        logits = self.reranker.logits(
            [(g, p, b) for g, (_, p, _, _, b) in zip(goals, batch, strict=True)], k
        )
        loss = torch.nn.functional.cross_entropy(logits, torch.tensor(targets(batch, k)))
        self.optimiser.zero_grad()
        loss.backward()
        params = [p for g in self.optimiser.param_groups for p in g["params"]]
        torch.nn.utils.clip_grad_norm_(params, self.args.clip)
        self.optimiser.step()
        # warm up (again after a resume: the optimiser's moments start anew), then linear
        # to a tenth over the whole run
        warm = min(1.0, (seen - self.start) / max(1, self.args.warmup))
        decay = 1 - 0.9 * min(1.0, seen / self.args.menus)
        for group, lr in zip(self.optimiser.param_groups, self.base_lr, strict=True):
            group["lr"] = lr * warm * decay
        return float(loss.item())


def _past(deadline: str) -> bool:
    if not deadline:
        return False
    now = datetime.datetime.now(datetime.UTC)
    hour, minute = (int(x) for x in deadline.split(":"))
    return (now.hour, now.minute) >= (hour, minute)


def checkpoint(
    run: Run, seen: int, minutes: float, loss: float, *, dev: list, cross: list, cases: list
) -> None:
    """Score the pipeline on the dev samples, log the line, save the checkpoint."""
    args, reranker = run.args, run.reranker
    reranker.model.eval()
    spread: list[float] = []
    d = accuracy(reranker, dev, args.k, spread)
    c = accuracy(reranker, cross, args.k) if cross else float("nan")
    w = accuracy(reranker, cases, args.k) if cases else float("nan")
    reranker.model.train()
    point = {
        "menus": seen,
        "minutes": round(minutes, 1),
        "loss": round(loss, 4),
        "dev": round(d, 4),
        "cross_writer": round(c, 4),
        "cases": round(w, 4),
        "spread": round(statistics.mean([x for x in spread if math.isfinite(x)] or [0.0]), 3),
    }
    run.history.append(point)
    name = f"ckpt-{seen:06d}"
    save(
        reranker,
        args.out / name,
        {"k": args.k, "rank": args.rank, "residual": args.residual, "model": args.model, **point},
    )
    (args.out / "curve.json").write_text(json.dumps(run.history, indent=1) + "\n")
    _log.info(
        "menus %6d  min %6.1f  loss %.3f  dev %.1f%%  cross-writer %.1f%%  cases %.1f%%  "
        "spread %.2f  -> %s",
        seen,
        minutes,
        loss,
        100 * d,
        100 * c,
        100 * w,
        point["spread"],
        name,
    )


def train(run: Run, dev: list, cross: list, cases: list) -> None:
    args, seen, running, since = run.args, run.start, 0.0, 0
    before = float(run.history[-1]["minutes"]) if run.history else 0.0
    start = time.perf_counter() - 60 * before  # minutes count on across a resume
    while seen < args.menus and not _past(args.deadline):
        value = run.step(seen)
        seen += args.batch
        running = value if seen == run.start + args.batch else 0.97 * running + 0.03 * value
        since += args.batch
        if since >= args.eval_every:
            since = 0
            minutes = (time.perf_counter() - start) / 60
            checkpoint(run, seen, minutes, running, dev=dev, cross=cross, cases=cases)
    if since or not run.history:
        minutes = (time.perf_counter() - start) / 60
        checkpoint(run, seen, minutes, running, dev=dev, cross=cross, cases=cases)
    if _past(args.deadline):
        _log.info("stopped at the deadline %s UTC after %d menus", args.deadline, seen)


def best(history: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The checkpoint best on the written dev cases when there were any, else on the
    two generated dev samples together (the later one on a tie)."""

    def mean(p: dict[str, Any]) -> float:
        if p.get("cases", float("nan")) == p.get("cases"):
            return float(p["cases"])
        return (
            float(p["dev"])
            if p["cross_writer"] != p["cross_writer"]
            else (float(p["dev"]) + float(p["cross_writer"])) / 2
        )

    return max(reversed(history), key=mean)


# -- the held-out sets and the time of a decision ---------------------------------------


def heldout(brains: dict[str, Any], folder: Path) -> list[dict[str, Any]]:
    """Each brain on the held-out cases, by the scoreboard's own scoring and summary."""
    from benchmarks import intent_scoreboard as board
    from tiny_computer_agent.records import load_traces

    traces = [t for f in sorted(folder.glob("*.json")) for t in load_traces(f)]
    domains = sorted({t.metadata.get("domain", "") for t in traces})
    found = []
    for name, brain in brains.items():
        board._brain = lambda _name, _threads, brain=brain: brain  # the brain to score
        rows = board._score(name, traces, 1)
        summary = board._summary(
            name, label="held-out", on_runs=[], rows=rows, domains=domains, shipped=None
        )
        summary.pop("runs")
        _log.info("held-out %s", json.dumps(summary))
        found.append(summary)
    return found


def timing(brain: Any, examples: Sequence[Example], count: int = 40) -> dict[str, float]:
    """Median ms of one decision's scores on a 12-entry menu (a new goal and new labels
    every time), for the whole pipeline and for the shipped brain alone: wall-clock, and
    the process's CPU time (one thread: the wall-clock time on an idle core; this
    machine is shared, so the wall clock also counts the time others ran)."""
    menus = [e for e in examples if len(e.entries) >= 12][:count]
    took: dict[str, list[float]] = {}
    for e in menus:
        entries = [
            Element(label=lab, box=(0, 0, 1, 1), source="scripted", kind=kind)
            for lab, kind in e.entries[:12]
        ]
        for name, rerank in (("pipeline", True), ("shipped_alone", False)):
            brain._labels.clear()
            brain._goals.clear()
            brain.rerank = rerank
            wall, cpu = time.perf_counter(), time.process_time()
            brain.scores(e.goal, entries)
            took.setdefault(f"{name}_ms", []).append(1000 * (time.perf_counter() - wall))
            took.setdefault(f"{name}_cpu_ms", []).append(1000 * (time.process_time() - cpu))
    brain.rerank = True
    return {"menus": len(menus), **{k: round(statistics.median(v), 1) for k, v in took.items()}}


def final(args: argparse.Namespace, folder: Path, dev: list[Example]) -> dict[str, Any]:
    """The checkpoint in ``folder`` on the held-out sets (beside the shipped brain) and
    timed; written to ``folder/heldout.json``."""
    brain = pipeline(folder, args.model)
    about: dict[str, Any] = {"checkpoint": str(folder)}
    both = {"rerank": brain, "shipped": shipped(1)}
    for name, place in (("case_dev", args.case_dev), ("dev_cases", args.dev_cases)):
        if place is not None:
            about[name] = heldout(both, place)
    about["heldout"] = heldout(both, args.heldout)
    about["timing"] = timing(brain, dev)
    size = (folder / "adapter_model.safetensors").stat().st_size
    about["lora_bytes"] = size
    about["head_bytes"] = (folder / "head.safetensors").stat().st_size
    _log.info("timing %s; LoRA weights %.1f MB", json.dumps(about["timing"]), size / 1e6)
    (folder / "heldout.json").write_text(json.dumps(about, indent=1) + "\n")
    return about


def port_check(args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    """The checkpoint in ``folder`` on torch and on the numpy runtime: the largest logit
    difference and the share of the same choices on ``--dev`` synthetic dev menus, and
    the median ms of a 12-entry decision with each; written to ``folder/port.json``."""
    import torch

    torch.set_num_threads(1)
    dev = generate(load_inventory(args.inventory), args.dev, args.seed + 1, split="dev")
    on_torch, brain = load_reranker(folder, args.model), pipeline(folder, args.model)
    on_numpy = brain._loaded_reranker()
    assert on_numpy is not None
    menus = dev_menus(shipped(1), dev, args.k, "port check")
    worst, same = 0.0, 0
    for goal, pairs, _, _, base in menus:
        a = on_torch.row(goal, pairs, args.k, base)
        a = [*a[: len(pairs)], a[-1]]  # the slots a short menu lacks are minus infinity
        b = on_numpy.row(goal, pairs, base)
        worst = max([worst, *(abs(x - y) for x, y in zip(a, b, strict=True))])
        same += max(range(len(a)), key=a.__getitem__) == max(range(len(b)), key=b.__getitem__)
    about: dict[str, Any] = {"menus": len(menus), "max_logit_difference": worst}
    about["same_choice"] = same / len(menus)
    about["numpy"] = timing(brain, dev)
    _log.info("port check %s", json.dumps(about))
    (folder / "port.json").write_text(json.dumps(about, indent=1) + "\n")
    return about


# -- the command ------------------------------------------------------------------------


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path, required=True, help="checkpoints and curve.json")
    p.add_argument("--k", type=int, default=5, help="shipped top-k re-ranked (5)")
    p.add_argument("--rank", type=int, default=32, help="LoRA rank (32)")
    p.add_argument(
        "--residual",
        action="store_true",
        help="add the shipped brain's scores (weighed by a learned factor) under the "
        "cross-encoder's: it learns what to change, not the whole ranking",
    )
    p.add_argument("--lr", type=float, default=3e-4, help="LoRA learning rate (3e-4)")
    p.add_argument("--clip", type=float, default=1.0, help="gradient norm clipped to (1.0)")
    p.add_argument("--batch", type=int, default=8, help="menus per step (8)")
    p.add_argument("--menus", type=int, default=40_000, help="menus to train on at most")
    p.add_argument("--warmup", type=int, default=800, help="menus of learning-rate warm-up")
    p.add_argument("--eval-every", type=int, default=2000, help="menus between log lines")
    p.add_argument("--dev", type=int, default=400, help="menus in each dev sample (400)")
    p.add_argument("--deadline", default="", metavar="HH:MM", help="stop training (UTC)")
    p.add_argument("--examples", type=int, default=60_000, help="generated decisions")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--model", default="minilm", help="base model (train_intent's alias)")
    p.add_argument("--inventory", type=Path, default=ti.INVENTORY_DIR)
    p.add_argument(
        "--heldout",
        type=Path,
        default=ROOT / "benchmarks" / "intent" / "heldout",
        help="held-out case files",
    )
    p.add_argument("--no-eval", action="store_true", help="skip the held-out evaluation")
    p.add_argument(
        "--resume",
        type=Path,
        default=None,
        metavar="CKPT",
        help="go on training from a checkpoint (same data flags; --menus counts the whole run)",
    )
    what = "train nothing: score the checkpoint CKPT on the held-out sets"
    what = "train nothing: check the checkpoint CKPT on numpy against torch, and time both"
    p.add_argument("--port-check", type=Path, default=None, metavar="CKPT", help=what)
    p.add_argument("--heldout-only", type=Path, default=None, metavar="CKPT", help=what)
    ti._wording_arguments(p)
    ti._case_arguments(p)
    p.add_argument(
        "--dev-cases",
        type=Path,
        default=None,
        metavar="DIR",
        help="more written cases to choose the checkpoint by, with --case-dev "
        "(benchmarks/intent/dev/, never trained on)",
    )
    p.add_argument(
        "--drop-writer-leaks",
        action="store_true",
        help="leave out the writers' phrasings that are near copies of a held-out "
        "goal (train_intent's leak check refuses them)",
    )
    return p


def main(argv: Sequence[str] | None = None) -> int:
    import torch

    args = parser().parse_args(argv)
    torch.set_num_threads(1)  # measured: one thread is faster for small models here
    for folder in (args.port_check, args.heldout_only):  # a checkpoint says its k
        if folder is not None and (folder / "rerank.json").is_file():
            args.k = int(json.loads((folder / "rerank.json").read_text()).get("k", args.k))
    if args.port_check is not None:
        port_check(args, args.port_check)
        return 0
    if args.heldout_only is not None:  # timed on the dev menus: no training data needed
        dev_examples = generate(load_inventory(args.inventory), args.dev, args.seed + 1, "dev")
        final(args, args.heldout_only, dev_examples)
        return 0
    found = prepared(args)
    if isinstance(found, int):
        return found
    examples, dev_examples, brain, samples = found
    run = Run(args, examples, brain)
    train(run, *samples)
    chosen = best(run.history)
    _log.info("best by dev: %s", json.dumps(chosen))
    if not args.no_eval and args.heldout.is_dir():
        final(args, args.out / f"ckpt-{chosen['menus']:06d}", dev_examples)
    return 0


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", datefmt="%H:%M:%S")
    sys.exit(main())
