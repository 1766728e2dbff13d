r"""Issue 35: two measurements on top of the shipped intent brain, on written cases.

**A stacker** (``--model lin`` or ``mlp``). For every entry of a case's menu, features
of the shipped brain's decision: the three members' mean score and their spread, the
score against the best and against nothing fits, the rank, the stock MiniLM cosine,
word and context overlap, whether the goal holds the label, prose, length, position,
a negation in the goal (and its products with the score and the overlap), and the kind.
For nothing fits: the shipped score, the margins to the best and second entries, the
best overlap and cosine, the menu's size, a negation and the members' disagreement.
A conditional logit over the entries and nothing fits (``lin``: linear; ``mlp``: plus a
32-unit tanh layer each side), started at the shipped brain (the entry score is the
shipped one, nothing fits the shipped one) and trained on cases the shipped adapter
never saw. ``--cv`` first says what it gains leave-one-writer-out among those writers;
the held-out folders are then scored once, by the scoreboard's own scoring, forced to
choose, beside the shipped brain.

**Another encoder** (``--encoder DIR``: a sentence-transformers folder, e.g.
all-mpnet-base-v2, or EmbeddingGemma-300M with its ``2_Dense``/``3_Dense`` layers and
its prompts). Its zero-shot top-1 and top-3 among the cases with an answer (mean-pooled,
normalised, goal against each label), beside the stock MiniLM's; then the shipped brain
plus ``W`` times that cosine, nothing fits shifted by ``B``, both chosen on the training
cases, scored on the held-out folders by the scoreboard's scoring (with its ms). With
``--probe EPOCHS``, a head trained on the encoder's frozen vectors alone (:func:`train_probe`),
the same head for any encoder: run it for two encoders to compare them on the same data.

Run (from the repository root)::

    .venv/bin/python scripts/intent_stack.py --train DIR... --heldout DIR... \
        [--model lin|mlp] [--cv] [--encoder DIR] --out FILE.json
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
for place in (ROOT, ROOT / "scripts"):
    if str(place) not in sys.path:
        sys.path.insert(0, str(place))

import intent_rerank as rr  # noqa: E402
import numpy as np  # noqa: E402

from tiny_computer_agent._elements import KINDS, normalize_label  # noqa: E402
from tiny_computer_agent.brains.models import _intent as intent  # noqa: E402

_log = logging.getLogger("intent_stack")
_NEG = re.compile(r"\b(not|never|no|without|instead|rather than|dont)\b|n't\b", re.I)
Scorer = Callable[[Any, Any], tuple[Any, float]]


def features(goal: str, pairs: Sequence[tuple[str, str]], each: list, cos: Any) -> tuple:
    """``([entries, F], [G])``: each entry's features and the menu's, from the members'
    ``(scores, nothing)`` (``each``) and the stock cosine of every label (``cos``)."""
    every = np.asarray([s for s, _ in each], np.float32)
    s, spread = every.mean(0), every.std(0)
    nothing = float(np.mean([n for _, n in each]))
    order = np.argsort(-s, kind="stable")
    rank = np.empty(len(pairs), int)
    rank[order] = np.arange(len(pairs))
    top = s[order[0]]
    second = s[order[1]] if len(pairs) > 1 else top - 5
    overlap = np.asarray([intent.word_overlap(goal, label) for label, _ in pairs], np.float32)
    context = np.asarray(intent.context_overlap(list(pairs)), np.float32)
    neg = 1.0 if _NEG.search(goal) else 0.0
    said = normalize_label(goal)
    rows = []
    for i, (label, kind) in enumerate(pairs):
        inside = float(bool(normalize_label(label)) and normalize_label(label) in said)
        kinds = np.zeros(len(KINDS), np.float32)
        kinds[KINDS.index(kind) if kind in KINDS else 0] = 1
        own = [s[i], s[i] - top, s[i] - nothing, spread[i], rank[i] == 0, rank[i] == 1,
               rank[i] == 2, cos[i], cos[i] - cos.max(), overlap[i], context[i], inside,
               float(intent._prose(label, kind)), math.log1p(len(label.split())),
               i / max(len(pairs) - 1, 1), neg * (s[i] - top), neg * overlap[i],
               neg * inside]  # fmt: skip
        rows.append(np.concatenate([np.asarray(own, np.float32), kinds]))
    menu = [nothing, top - nothing, top - second, overlap.max(), cos.max(), math.log(len(pairs)),
            neg, every.max(1).std(), float(spread[order[0]]), 1.0]  # fmt: skip
    return np.stack(rows), np.asarray(menu, np.float32)


class Stacked(intent.IntentBrain):
    """The shipped brain, forced to choose; ``scorer`` (None: the shipped scores) turns
    the features of each decision into scores. ``seen`` keeps each decision's features."""

    def __init__(self, scorer: Scorer | None = None, **settings: Any) -> None:
        super().__init__(threads=1, unsure_below=0, runtime="numpy", rerank=False, **settings)
        object.__setattr__(self, "scorer", scorer)
        object.__setattr__(self, "seen", [])

    def scores(self, goal: str, entries: Sequence[Any]) -> tuple[list[float], float]:
        each, labels, stock = self._each(goal, entries)  # the shipped brain's own arithmetic
        if stock is None:  # no head weighs the stock goal vector: the cosine still needs it
            stock = self._encode(self.loaded("the intent brain"), [goal], adapted=False)[0]
        norms = np.linalg.norm(labels, axis=1) * np.linalg.norm(stock)
        cos = (labels @ stock / np.maximum(norms, 1e-9)).astype(np.float32)
        pairs = [(e.label, e.kind) for e in entries]
        x, z = features(goal, pairs, each, cos)
        self.seen.append((goal, pairs, x, z))
        scores, nothing = (x[:, 0], z[0]) if self.scorer is None else self.scorer(x, z)
        return [float(v) for v in scores], float(nothing)


def collect(folders: Sequence[Path]) -> list[dict[str, Any]]:
    """Each case's features (its first decision, when it is the whole goal's), answer and
    writer (its folder's name)."""
    from tiny_computer_agent.records import load_traces, score_trace, scoring_policy

    brain, found = Stacked(), []
    for folder in folders:
        for trace in [t for f in sorted(folder.rglob("*.json")) for t in load_traces(f)]:
            brain.seen.clear()
            score_trace(trace, brain, policy=scoring_policy())
            if not brain.seen or brain.seen[0][0] != trace.goal or trace.expected is None:
                continue  # a part of a goal of several parts: not the whole decision
            goal, pairs, x, z = brain.seen[0]
            right = [bool(trace.expected.labels) and trace.expected.matches(p) for p, _ in pairs]
            if not trace.expected.give_up and not any(right):
                continue  # the answer is not on the menu the brain saw
            found.append({"goal": goal, "pairs": pairs, "x": x, "z": z, "right": right,
                          "give_up": trace.expected.give_up, "writer": folder.name})  # fmt: skip
        _log.info("%s: %d cases so far", folder, len(found))
    return found


# -- the stacker ---------------------------------------------------------------------


def make_model(kind: str, width: int, menu: int) -> Any:
    """The conditional logit (``lin``) or the same plus a tanh layer each side (``mlp``),
    started at the shipped brain: entry score = its first feature, nothing = its first."""
    import torch

    class Linear(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.entry, self.none = torch.nn.Linear(width, 1), torch.nn.Linear(menu, 1, bias=False)
            with torch.no_grad():
                for p in (*self.entry.parameters(), *self.none.parameters()):
                    p.zero_()
                self.entry.weight[0, 0] = self.none.weight[0, 0] = 1.0

        def forward(self, x: Any, z: Any) -> tuple[Any, Any]:
            return self.entry(x).squeeze(-1), self.none(z).squeeze(-1)

    class Layered(Linear):
        def __init__(self) -> None:
            super().__init__()
            self.f, self.g = (
                torch.nn.Sequential(torch.nn.Linear(n, 32), torch.nn.Tanh(), torch.nn.Linear(32, 1))
                for n in (width, menu)
            )
            with torch.no_grad():
                for p in (*self.f[2].parameters(), *self.g[2].parameters()):
                    p.zero_()

        def forward(self, x: Any, z: Any) -> tuple[Any, Any]:
            a, b = super().forward(x, z)
            return a + self.f(x).squeeze(-1), b + self.g(z).squeeze(-1)

    return {"lin": Linear, "mlp": Layered}[kind]()


def _standard(cases: Sequence[dict[str, Any]]) -> tuple[Any, ...]:
    """Means and spreads of the features; the shipped scores (the first of each) raw."""
    x = np.concatenate([c["x"] for c in cases])
    z = np.stack([c["z"] for c in cases])
    mx, sx, mz, sz = x.mean(0), x.std(0) + 1e-6, z.mean(0), z.std(0) + 1e-6
    mx[0], sx[0], mz[0], sz[0], mz[-1], sz[-1] = 0, 1, 0, 1, 0, 1
    return mx, sx, mz, sz


def train(
    cases: Sequence[dict[str, Any]], kind: str, l2: float, epochs: int, seed: int = 0
) -> Scorer:
    """Cross-entropy over the entries and nothing fits, Adam, batches of 32; the scorer."""
    import torch

    torch.manual_seed(seed)
    mx, sx, mz, sz = _standard(cases)
    longest = max(len(c["pairs"]) for c in cases)
    x = np.zeros((len(cases), longest, cases[0]["x"].shape[1]), np.float32)
    mask = np.zeros((len(cases), longest + 1), bool)
    for j, c in enumerate(cases):
        x[j, : len(c["pairs"])] = (c["x"] - mx) / sx
        mask[j, : len(c["pairs"])] = mask[j, longest] = True
    z = np.stack([(c["z"] - mz) / sz for c in cases]).astype(np.float32)
    target = [longest if c["give_up"] else c["right"].index(True) for c in cases]
    xs, zs, ms, ts = (torch.tensor(a) for a in (x, z, mask, np.asarray(target)))
    model = make_model(kind, x.shape[2], z.shape[1])
    optimizer = torch.optim.Adam(model.parameters(), lr=3e-3)
    descend(model, (xs, zs), ms, ts, optimizer, epochs=epochs, batch=32, seed=seed, l2=l2)

    def scorer(x: Any, z: Any) -> tuple[Any, float]:
        with torch.no_grad():
            a, b = model(torch.tensor((x - mx) / sx), torch.tensor((z - mz) / sz))
        return a.numpy(), float(b)

    return scorer


def descend(
    model: Any,
    inputs: tuple[Any, ...],
    mask: Any,
    target: Any,
    optimizer: Any,
    *,
    epochs: int,
    batch: int,
    seed: int,
    l2: float = 0.0,
) -> None:
    """Cross-entropy over each case's entries and nothing fits (``model(*inputs)`` gives
    both; ``mask`` hides the padding), in shuffled batches; ``l2`` on every weight but
    the biases. The model is left in eval mode."""
    import torch

    shuffle = torch.Generator().manual_seed(seed)
    for _ in range(epochs):
        order = torch.randperm(len(target), generator=shuffle)
        for start in range(0, len(target), batch):
            b = order[start : start + batch]
            entries, none = model(*(t[b] for t in inputs))
            logits = torch.cat([entries, none.unsqueeze(-1)], -1).masked_fill(~mask[b], -1e9)
            loss = torch.nn.functional.cross_entropy(logits, target[b])
            if l2:
                weights = (p for n, p in model.named_parameters() if "bias" not in n)
                loss = loss + l2 * sum((p**2).sum() for p in weights)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
    model.eval()


def accuracy(scorer: Scorer, cases: Sequence[dict[str, Any]]) -> float:
    """The share of ``cases`` decided right (forced to choose), from their features."""
    return sum(decided_right(c, *scorer(c["x"], c["z"])) for c in cases) / len(cases)


def shipped(x: Any, z: Any) -> tuple[Any, float]:
    return x[:, 0], float(z[0])


def cross_writer(cases: Sequence[dict[str, Any]], args: argparse.Namespace) -> dict[str, Any]:
    """Leave one writer out: the shipped brain and the stacker on each writer's cases."""
    found: dict[str, Any] = {}
    for writer in sorted({c["writer"] for c in cases}):
        rest = [c for c in cases if c["writer"] != writer]
        own = [c for c in cases if c["writer"] == writer]
        stacked = train(rest, args.model, args.l2, args.epochs)
        found[writer] = {"cases": len(own), "shipped": round(accuracy(shipped, own), 4),
                         "stacked": round(accuracy(stacked, own), 4)}  # fmt: skip
        _log.info("leave out %s: %s", writer, found[writer])
    return found


# -- another encoder -----------------------------------------------------------------


class Encoder:
    """A sentence-transformers folder on torch: mean pooling, its Dense layers if any,
    normalised; its query and document prompts if it names them."""

    def __init__(self, folder: Path, threads: int) -> None:
        import torch
        from safetensors.torch import load_file
        from transformers import AutoModel, AutoTokenizer

        torch.set_num_threads(threads)
        self.tokenizer = AutoTokenizer.from_pretrained(str(folder))
        self.model = AutoModel.from_pretrained(str(folder), dtype=torch.float32).eval()
        self.dense = [
            next(iter(load_file(str(d / "model.safetensors")).values()))
            for d in sorted(folder.glob("[0-9]_Dense"))
        ]
        settings = folder / "config_sentence_transformers.json"
        prompts = json.loads(settings.read_text()).get("prompts", {}) if settings.is_file() else {}
        self.query, self.document = prompts.get("query", ""), prompts.get("document", "")
        self.cache: dict[tuple[str, str], Any] = {}

    def __call__(self, texts: Sequence[str], prompt: str) -> Any:
        import torch

        todo = [t for t in dict.fromkeys(texts) if (prompt, t) not in self.cache]
        for start in range(0, len(todo), 32):
            chunk = todo[start : start + 32]
            batch = self.tokenizer([prompt + t for t in chunk], padding=True, truncation=True,
                                   max_length=64, return_tensors="pt")  # fmt: skip
            with torch.no_grad():
                tokens = self.model(**batch).last_hidden_state
                mask = batch["attention_mask"].unsqueeze(-1).float()
                pooled = (tokens * mask).sum(1) / mask.sum(1)
                for weight in self.dense:
                    pooled = pooled @ weight.T
            for text, v in zip(
                chunk, torch.nn.functional.normalize(pooled, dim=-1).numpy(), strict=True
            ):
                self.cache[(prompt, text)] = v
        return np.stack([self.cache[(prompt, t)] for t in texts])

    def cosines(self, goal: str, labels: Sequence[str]) -> Any:
        return self(labels, self.document) @ self([goal], self.query)[0]


def zero_shot(encoder: Encoder, cases: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Top-1 and top-3 among the cases with an answer: the encoder's cosine, and the stock
    MiniLM's (the features' eighth column) beside it."""
    answered = [c for c in cases if not c["give_up"]]
    out: dict[str, Any] = {"cases": len(answered)}
    for name, scores in (
        ("minilm", [c["x"][:, 7] for c in answered]),
        ("encoder", [encoder.cosines(c["goal"], [p for p, _ in c["pairs"]]) for c in answered]),
    ):
        tops = [np.argsort(-s, kind="stable") for s in scores]
        for k in (1, 3):
            hits = sum(
                any(c["right"][i] for i in t[:k]) for c, t in zip(answered, tops, strict=True)
            )
            out[f"{name} top-{k}"] = round(hits / len(answered), 4)
    return out


def blend(encoder: Encoder, cases: Sequence[dict[str, Any]]) -> tuple[float, float]:
    """``(W, B)`` of the shipped scores plus ``W`` times the encoder's cosine, nothing
    fits plus ``B``, chosen on ``cases`` from a grid."""
    cosines = [encoder.cosines(c["goal"], [p for p, _ in c["pairs"]]) for c in cases]
    best, chosen = -1.0, (0.0, 0.0)
    for w in (0, 2, 4, 6, 8, 10, 12, 15, 20):
        for b in (-2, -1, 0, 1, 2, 3, 4, 6):
            hits = sum(
                decided_right(c, c["x"][:, 0] + w * g, c["z"][0] + b)
                for c, g in zip(cases, cosines, strict=True)
            )
            if hits > best:
                best, chosen = hits, (float(w), float(b))
    return chosen


def decided_right(case: dict[str, Any], scores: Any, nothing: float) -> bool:
    """Whether ``scores`` and ``nothing`` decide ``case`` right, forced to choose."""
    best = int(np.argmax(scores))
    gave_up = nothing > scores[best]
    return bool(gave_up if case["give_up"] else (not gave_up and case["right"][best]))


class Blended(intent.IntentBrain):
    """The shipped brain, forced to choose, plus ``weight`` times ``encoder``'s cosine;
    nothing fits plus ``shift``."""

    def __init__(self, encoder: Encoder, weight: float, shift: float) -> None:
        super().__init__(threads=1, unsure_below=0, runtime="numpy", rerank=False)
        object.__setattr__(self, "blend", (encoder, weight, shift))

    def scores(self, goal: str, entries: Sequence[Any]) -> tuple[list[float], float]:
        scores, nothing = super().scores(goal, entries)
        encoder, weight, shift = self.blend
        cos = encoder.cosines(goal, [e.label for e in entries])
        return [s + weight * float(c) for s, c in zip(scores, cos, strict=True)], nothing + shift


def train_probe(encoder: Encoder, cases: Sequence[dict[str, Any]], epochs: int) -> Any:
    """A head on the encoder's frozen vectors, trained on ``cases``: the cosine of 256-dim
    projections of the goal and each label, times a scale, plus a weight per kind and one
    for word overlap; nothing fits ``n0 + w . goal``. The same head for any encoder, so
    that two encoders are compared on the same data and training."""
    import torch

    torch.manual_seed(0)
    goals = encoder([c["goal"] for c in cases], encoder.query)
    width = goals.shape[1]

    class Head(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.goal = torch.nn.Linear(width, 256, bias=False)
            self.label = torch.nn.Linear(width, 256, bias=False)
            self.scale, self.overlap = (torch.nn.Parameter(torch.tensor(v)) for v in (10.0, 1.0))
            self.kind = torch.nn.Parameter(torch.zeros(len(KINDS)))
            self.n0 = torch.nn.Parameter(torch.tensor(5.0))
            self.nothing = torch.nn.Linear(width, 1, bias=False)
            torch.nn.init.zeros_(self.nothing.weight)

        def forward(self, g: Any, labels: Any, kinds: Any, overlap: Any) -> tuple[Any, Any]:
            a = torch.nn.functional.normalize(self.goal(g), dim=-1)
            b = torch.nn.functional.normalize(self.label(labels), dim=-1)
            s = self.scale * (b @ a.unsqueeze(-1)).squeeze(-1) + self.kind[kinds]
            return s + self.overlap * overlap, self.n0 + self.nothing(g).squeeze(-1)

    longest = max(len(c["pairs"]) for c in cases)
    labels = torch.zeros(len(cases), longest, width)
    kinds = torch.zeros(len(cases), longest, dtype=torch.long)
    overlap = torch.zeros(len(cases), longest)
    mask = torch.zeros(len(cases), longest + 1, dtype=torch.bool)
    for j, c in enumerate(cases):
        n = len(c["pairs"])
        labels[j, :n] = torch.tensor(encoder([p for p, _ in c["pairs"]], encoder.document))
        kinds[j, :n] = torch.tensor([KINDS.index(k) if k in KINDS else 0 for _, k in c["pairs"]])
        overlap[j, :n] = torch.tensor(c["x"][:, 9])
        mask[j, :n] = mask[j, longest] = True
    target = torch.tensor([longest if c["give_up"] else c["right"].index(True) for c in cases])
    head = Head()
    optimizer = torch.optim.Adam(head.parameters(), lr=2e-3, weight_decay=1e-5)
    inputs = (torch.tensor(goals), labels, kinds, overlap)
    descend(head, inputs, mask, target, optimizer, epochs=epochs, batch=64, seed=0)
    return head


class Probed(intent.IntentBrain):
    """Decides by :func:`train_probe`'s head on ``encoder``'s vectors alone (the shipped
    adapter is not used), forced to choose."""

    def __init__(self, encoder: Encoder, head: Any) -> None:
        super().__init__(threads=1, unsure_below=0, runtime="numpy", rerank=False)
        object.__setattr__(self, "probe", (encoder, head))

    def _warm_up(self, weights: Any) -> None:
        return None

    def scores(self, goal: str, entries: Sequence[Any]) -> tuple[list[float], float]:
        import torch

        encoder, head = self.probe
        g = torch.tensor(encoder([goal], encoder.query))
        labels = torch.tensor(encoder([e.label for e in entries], encoder.document))[None]
        kinds = torch.tensor([[KINDS.index(e.kind) if e.kind in KINDS else 0 for e in entries]])
        overlap = torch.tensor([[intent.word_overlap(goal, e.label) for e in entries]])
        with torch.no_grad():
            scores, nothing = head(g, labels, kinds, overlap)
        return [float(v) for v in scores[0]], float(nothing[0])


# -- the run -------------------------------------------------------------------------


def scored(brains: dict[str, Any], folders: Sequence[Path]) -> dict[str, Any]:
    """Each brain on each held-out folder, by the scoreboard's scoring."""
    keep = ("held-out", "nothing fits", "give-up precision", "worst domain", "median ms")
    return {
        folder.name: {row["brain"]: {k: row[k] for k in keep} for row in rr.heldout(brains, folder)}
        for folder in folders
    }


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument(
        "--train",
        type=Path,
        nargs="+",
        required=True,
        help="folders of written cases the shipped adapter never saw, one per writer",
    )
    p.add_argument(
        "--heldout",
        type=Path,
        nargs="+",
        required=True,
        help="folders of cases to score once, beside the shipped brain",
    )
    p.add_argument("--model", choices=("lin", "mlp"), default="lin")
    p.add_argument("--l2", type=float, default=1e-3)
    p.add_argument("--epochs", type=int, default=20)
    p.add_argument("--cv", action="store_true", help="leave one training writer out first")
    p.add_argument("--encoder", type=Path, help="a sentence-transformers folder to compare")
    p.add_argument("--threads", type=int, default=2, help="torch threads for --encoder")
    p.add_argument(
        "--probe",
        type=int,
        metavar="EPOCHS",
        default=0,
        help="with --encoder: also train a head on its frozen vectors for EPOCHS "
        "epochs on the --train cases and score it alone",
    )
    p.add_argument("--out", type=Path, required=True, help="the JSON of every figure")
    return p  # fmt: skip


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    cases = collect(args.train)
    result: dict[str, Any] = {"train cases": len(cases), "model": args.model,
                              "l2": args.l2, "epochs": args.epochs}  # fmt: skip
    result["shipped on the training cases"] = round(accuracy(shipped, cases), 4)
    if args.cv:
        result["leave one writer out"] = cross_writer(cases, args)
    stacked = train(cases, args.model, args.l2, args.epochs)
    brains: dict[str, Any] = {"shipped": rr.shipped(1), "stacked": Stacked(stacked)}
    if args.encoder is not None:
        encoder = Encoder(args.encoder, args.threads)
        weight, shift = blend(encoder, cases)
        result["encoder"] = {"folder": str(args.encoder), "W": weight, "B": shift,
                             "zero-shot": {f.name: zero_shot(encoder, collect([f]))
                                           for f in args.heldout}}  # fmt: skip
        brains["blended"] = Blended(encoder, weight, shift)
        if args.probe:
            brains["probe"] = Probed(encoder, train_probe(encoder, cases, args.probe))
    result["held-out"] = scored(brains, args.heldout)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
