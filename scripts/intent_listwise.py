r"""Issue 35: a listwise joint encoder that reads the goal and the whole menu in one pass.

The intent brain embeds the goal and every label apart; the re-ranker
(``scripts/intent_rerank.py``) reads the goal with one label at a time. This design
reads them all together, one MiniLM pass per decision (a LoRA adapter, rank 32, on
every linear layer of the encoder)::

    [CLS] goal [SEP] label1 (kind1) ; label2 (kind2) ; ... [SEP]

so each label's tokens see the goal, and the other entries (an opposite, the question
above a button, a title that repeats the goal's words). An entry scores
``scale * cos(g, e) + u . e + bias`` (``g`` the mean of the goal's tokens, ``e`` of the
entry's label tokens); "nothing fits" scores ``nothing + w . g``. With ``--residual``
the shipped brain's scores of every entry and of nothing fits are added underneath,
times a learned weight. Cross-entropy over the entries and nothing fits.

Training data, dev samples, checkpoints, the choice of the best checkpoint (by the
written dev cases) and the held-out scoring are ``intent_rerank.py``'s. Run (from the
repository root)::

    OMP_NUM_THREADS=1 .venv/bin/python scripts/intent_listwise.py --out DIR \
        --holdout-writer w3 --residual --menus 30000 --cases DIR... --case-dev DIR \
        --dev-cases benchmarks/intent/dev --deadline HH:MM
"""

from __future__ import annotations

import argparse
import json
import logging
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
for place in (ROOT, ROOT / "scripts"):
    if str(place) not in sys.path:
        sys.path.insert(0, str(place))

import intent_rerank as rr  # noqa: E402

from tiny_computer_agent.brains.models import _intent as intent  # noqa: E402
from tiny_computer_agent.brains.models import train_intent as ti  # noqa: E402
from tiny_computer_agent.brains.models._intent_data import Example  # noqa: E402

_log = logging.getLogger("intent_listwise")
_MENU = 16
_GOAL_TOKENS, _LABEL_TOKENS, _LENGTH = 32, 12, 256


class Listwise:
    """The LoRA'd MiniLM and its head; :meth:`logits` scores whole menus."""

    def __init__(self, tokenizer: Any, model: Any, head: Any) -> None:
        import torch

        self.torch, self.tokenizer, self.model, self.head = torch, tokenizer, model, head
        self._ids: dict[str, list[int]] = {}

    def ids(self, text: str) -> list[int]:
        if text not in self._ids:
            if len(self._ids) > 200_000:
                self._ids.clear()
            self._ids[text] = self.tokenizer(text, add_special_tokens=False)["input_ids"]
        return self._ids[text]

    def row(self, goal: str, entries: Sequence[tuple[str, str]]) -> tuple[list[int], list[Any]]:
        """One menu's tokens, and each entry's label span (start, end)."""
        tok = self.tokenizer
        g = self.ids(goal)[:_GOAL_TOKENS]
        ids = [tok.cls_token_id, *g, tok.sep_token_id]
        spans = []
        semi = self.ids(";")
        for label, kind in entries:
            lab = self.ids(label)[:_LABEL_TOKENS] or self.ids("?")
            start = len(ids)
            ids += lab
            spans.append((start, start + len(lab)))
            ids += [*self.ids(f"({kind or 'entry'})"), *semi]
        ids = [*ids[: _LENGTH - 1], tok.sep_token_id]
        spans = [(a, min(b, _LENGTH - 1)) for a, b in spans if a < _LENGTH - 1]
        return ids, spans

    def logits(self, menus: Sequence[tuple[str, Sequence[tuple[str, str]], Any]]) -> Any:
        """``[len(menus), 16 + 1]`` logits (entries a menu lacks: minus infinity), the
        last nothing fits. A menu is ``(goal, entries, base)``, ``base`` the shipped
        brain's scores of its entries, then of nothing fits (used by a residual head)."""
        torch = self.torch
        rows = [self.row(goal, entries) for goal, entries, _ in menus]
        width = max(len(ids) for ids, _ in rows)
        shape = (len(rows), width)
        ids, types = torch.zeros(shape, dtype=torch.long), torch.zeros(shape, dtype=torch.long)
        attention = torch.zeros(shape)
        goal_len = []
        for r, ((tokens, _), (goal, _, _)) in enumerate(zip(rows, menus, strict=True)):
            ids[r, : len(tokens)] = torch.tensor(tokens)
            attention[r, : len(tokens)] = 1
            g = len(self.ids(goal)[:_GOAL_TOKENS])
            types[r, g + 2 : len(tokens)] = 1
            goal_len.append(g)
        hidden = self.model(
            input_ids=ids, attention_mask=attention.long(), token_type_ids=types
        ).last_hidden_state
        goals = torch.stack([hidden[r, 1 : 1 + max(1, g)].mean(0) for r, g in enumerate(goal_len)])
        unit = torch.nn.functional.normalize(goals, dim=-1)
        out = torch.full((len(menus), _MENU + 1), float("-inf"))
        h = self.head
        for r, (_, spans) in enumerate(rows):
            if not spans:
                continue
            entries = torch.stack([hidden[r, a:b].mean(0) for a, b in spans])
            cos = torch.nn.functional.normalize(entries, dim=-1) @ unit[r]
            scores = h.scale * cos + entries @ h.entry + h.bias
            out[r, : len(spans)] = scores
        out[:, _MENU] = h.nothing + goals @ h.nothing_goal
        if hasattr(h, "base"):
            shipped = torch.zeros(len(menus), _MENU + 1)
            for r, (_, entries, base) in enumerate(menus):
                n = min(len(entries), _MENU)
                shipped[r, :n] = torch.tensor(base[:n])
                shipped[r, _MENU] = base[-1]
            out = out + h.base * shipped
        return out


def make_head(torch: Any, dim: int, *, residual: bool) -> Any:
    class ListwiseHead(torch.nn.Module):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.scale = torch.nn.Parameter(torch.tensor(5.0 if residual else 20.0))
            self.entry = torch.nn.Parameter(torch.zeros(dim))
            self.bias = torch.nn.Parameter(torch.tensor(0.0))
            self.nothing = torch.nn.Parameter(torch.tensor(0.0 if residual else 10.0))
            self.nothing_goal = torch.nn.Parameter(torch.zeros(dim))
            if residual:
                self.base = torch.nn.Parameter(torch.tensor(1.0))

    return ListwiseHead()


def new_model(model_name: str, rank: int, seed: int, residual: bool) -> Listwise:
    import torch

    tokenizer, model, dim = rr.lora_model(model_name, rank, seed)
    return Listwise(tokenizer, model, make_head(torch, dim, residual=residual))


def menu_of(example: Example, scores: Sequence[float], nothing: float) -> tuple:
    """``(goal, entries, base, target)``: the whole menu (16 entries at most)."""
    entries = list(example.entries[:_MENU])
    target = _MENU if example.answer is None else example.answer
    return example.goal, entries, [*scores[: len(entries)], nothing], target


def menus_of(brain: Any, examples: Sequence[Example]) -> list[tuple]:
    found = rr.shipped_scores(brain, examples)
    return [menu_of(e, s, n) for e, (s, n) in zip(examples, found, strict=True)]


def accuracy(model: Listwise, menus: Sequence[tuple]) -> float:
    torch = model.torch
    right = 0
    with torch.no_grad():
        for start in range(0, len(menus), 16):
            chunk = menus[start : start + 16]
            logits = model.logits([(g, e, b) for g, e, b, _ in chunk])
            right += sum(int(row.argmax()) == t for row, (*_, t) in zip(logits, chunk, strict=True))
    return right / max(1, len(menus))


def save(model: Listwise, folder: Path, about: dict[str, Any]) -> None:
    from safetensors.torch import save_file

    folder.mkdir(parents=True, exist_ok=True)
    model.model.save_pretrained(str(folder))
    state = {k: v.detach().contiguous() for k, v in model.head.state_dict().items()}
    save_file(state, str(folder / "head.safetensors"))
    (folder / "listwise.json").write_text(json.dumps(about, indent=2) + "\n")


class ListwiseBrain(intent.IntentBrain):
    """The shipped brain's deciding, with every entry's score (and nothing fits) from
    the listwise model (torch: a measurement, not a shipped path)."""

    def __init__(self, model: Listwise, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.listwise = model

    def scores(self, goal: str, entries: Sequence[Any]) -> tuple[list[float], float]:
        base, nothing = super().scores(goal, entries)
        pairs = [(e.label, e.kind) for e in entries]
        with self.listwise.torch.no_grad():
            row = self.listwise.logits([(goal, pairs[:_MENU], [*base[:_MENU], nothing])])[0]
        out = [float(v) for v in row[: min(len(entries), _MENU)]]
        out += [min(out) - 20.0 - i for i in range(len(entries) - len(out))]
        return out, float(row[_MENU])


def train(args: argparse.Namespace, examples: list[Example], samples: dict[str, list]) -> list:
    torch = __import__("torch")
    brain = rr.shipped(1)
    model = new_model(args.model, args.rank, args.seed, args.residual)
    order = random.Random(args.seed)  # noqa: S311 -- seeded shuffling
    examples = order.sample(examples, len(examples))
    lora = [p for p in model.model.parameters() if p.requires_grad]
    optimiser = torch.optim.AdamW(
        [
            {"params": lora, "lr": args.lr},
            {"params": list(model.head.parameters()), "lr": 2.5 * args.lr, "weight_decay": 0},
        ]
    )
    base_lr = [g["lr"] for g in optimiser.param_groups]
    history: list[dict[str, Any]] = []
    seen, running, queue, nxt, began = 0, 0.0, list[tuple](), 0, time.perf_counter()
    model.model.train()
    while seen < args.menus and not rr._past(args.deadline):
        while len(queue) < args.batch:
            if nxt >= len(examples):
                examples, nxt = order.sample(examples, len(examples)), 0
            chunk = examples[nxt : nxt + 256]
            nxt += len(chunk)
            queue += menus_of(brain, chunk)
        batch, queue = queue[: args.batch], queue[args.batch :]
        goals = [ti._dropout(g, order) for g, *_ in batch]
        logits = model.logits([(g, e, b) for g, (_, e, b, _) in zip(goals, batch, strict=True)])
        loss = torch.nn.functional.cross_entropy(logits, torch.tensor([t for *_, t in batch]))
        optimiser.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(
            [p for g in optimiser.param_groups for p in g["params"]], 1.0
        )
        optimiser.step()
        seen += args.batch
        warm = min(1.0, seen / max(1, args.warmup))
        decay = 1 - 0.9 * min(1.0, seen / args.menus)
        for group, lr in zip(optimiser.param_groups, base_lr, strict=True):
            group["lr"] = lr * warm * decay
        value = float(loss.item())
        running = value if seen == args.batch else 0.97 * running + 0.03 * value
        if seen % args.eval_every < args.batch or seen >= args.menus:
            model.model.eval()
            point: dict[str, Any] = {
                "menus": seen,
                "minutes": round((time.perf_counter() - began) / 60, 1),
            }
            point["loss"] = round(running, 4)
            for name, menus in samples.items():
                point[name] = round(accuracy(model, menus), 4) if menus else float("nan")
            model.model.train()
            history.append(point)
            save(model, args.out / f"ckpt-{seen:06d}", {"residual": args.residual, **point})
            (args.out / "curve.json").write_text(json.dumps(history, indent=1) + "\n")
            _log.info("%s", json.dumps(point))
    return history


def load(folder: Path, model_name: str) -> Listwise:
    import torch

    tokenizer, model, state, dim = rr.merged_checkpoint(folder, model_name)
    head = make_head(torch, dim, residual="base" in state)
    head.load_state_dict(state)
    return Listwise(tokenizer, model, head.eval())


def final(args: argparse.Namespace, folder: Path, dev: Sequence[Example]) -> dict[str, Any]:
    """The checkpoint on the written dev cases and the held-out sets, beside the shipped
    brain, by the scoreboard's own scoring; and timed (torch)."""
    brain = ListwiseBrain(load(folder, args.model), threads=1, unsure_below=0, runtime="numpy")
    both = {"listwise": brain, "shipped": rr.shipped(1)}
    about: dict[str, Any] = {"checkpoint": str(folder)}
    for name, place in (("case_dev", args.case_dev), ("dev_cases", args.dev_cases)):
        if place is not None:
            about[name] = rr.heldout(both, place)
    if not args.no_eval:
        about["heldout"] = rr.heldout(both, args.heldout)
    took = []
    from tiny_computer_agent._elements import Element

    for e in [e for e in dev if len(e.entries) >= 12][:40]:
        entries = [Element(label=a, box=(0, 0, 1, 1), kind=k) for a, k in e.entries[:12]]
        brain._labels.clear()
        brain._goals.clear()
        start = time.perf_counter()
        brain.scores(e.goal, entries)
        took.append(1000 * (time.perf_counter() - start))
    about["pipeline_ms_torch"] = round(statistics.median(took), 1) if took else None
    (folder / "heldout.json").write_text(json.dumps(about, indent=1) + "\n")
    _log.info("final %s", json.dumps(about)[:2000])
    return about


def main(argv: Sequence[str] | None = None) -> int:
    import torch

    parser = rr.parser()
    parser.description = __doc__.splitlines()[0]
    args = parser.parse_args(argv)
    torch.set_num_threads(1)
    if args.heldout_only is not None:  # a checkpoint scored beside the shipped brain
        from tiny_computer_agent.brains.models._intent_data import generate, load_inventory

        dev = generate(load_inventory(args.inventory), args.dev, args.seed + 1, split="dev")
        final(args, args.heldout_only, dev)
        return 0
    found = rr.data(args)
    if isinstance(found, int):
        return found
    examples, dev_examples, cross_examples = found
    brain = rr.shipped(1)
    samples = {
        "dev": menus_of(brain, dev_examples),
        "cross_writer": menus_of(brain, cross_examples),
        "cases": menus_of(brain, rr.written_dev(args)),
    }
    for name, menus in samples.items():
        right = 0
        for _, _, base, target in menus:
            best = max(range(len(base) - 1), key=base.__getitem__)
            right += (best if base[best] >= base[-1] else _MENU) == target
        _log.info(
            "%s: %d menus, shipped brain %.1f%%", name, len(menus), 100 * right / max(1, len(menus))
        )
    args.out.mkdir(parents=True, exist_ok=True)
    history = train(args, examples, samples)
    chosen = rr.best(history)
    _log.info("best by the written dev cases: %s", json.dumps(chosen))
    final(args, args.out / f"ckpt-{chosen['menus']:06d}", dev_examples)
    return 0


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", datefmt="%H:%M:%S")
    sys.exit(main())
