"""Time the intent brain's ways of running its goal model on the same dev menus (issue 11,
"<= 30 ms"), and check that they decide alike:

    lora      the adapter beside every layer (peft), as trained
    merged    the adapter merged into the weights, on torch (IntentBrain(runtime="torch"))
    numpy     the adapter merged into the weights, on numpy (what IntentBrain runs on a
              CPU by default: tiny_computer_agent/brains/models/_minilm_np.py)
    int8      merged, then torch's dynamic int8 quantization of every Linear layer
              (goal and label models); measured, not used

Dev menus are generated from the inventory's dev split (wording kept out of training),
never the held-out sets. Prints, per way: dev decisions right, median ms of one decision
on a new goal and screen (1 thread; labels are kept across menus, as a run keeps them),
and how many decisions differ from ``lora``. The ways take turns in each of ``--rounds``
rounds (the order reversed every other round), each round with new brains, so every
decision embeds its goal and new labels as a fresh run would. Run:
``python scripts/time_intent_merge.py [--menus 800] [--rounds 2]``.
"""

from __future__ import annotations

import argparse
import statistics
import time
import warnings
from collections.abc import Callable
from typing import Any

import torch

from tiny_computer_agent import GoalUnreachable, Observation, build_menu
from tiny_computer_agent._elements import Element
from tiny_computer_agent.brains.models import IntentBrain
from tiny_computer_agent.brains.models._intent import embed, encode
from tiny_computer_agent.brains.models._intent_data import generate, load_inventory


def _menus(count: int) -> list[tuple[Any, Any, str | None]]:
    out = []
    for e in generate(load_inventory(), count, 1, split="dev"):
        elements = [
            Element(label=t, box=(10, 30 * i, 200, 30 * i + 24), kind=kind, source="scripted")
            for i, (t, kind) in enumerate(e.entries)
        ]
        frame = Observation.of(elements, size=(800, 800))
        menu = build_menu(frame, e.goal, max(12, len(elements)))
        out.append((e.goal, menu, None if e.answer is None else e.entries[e.answer][0]))
    return out


def _run(brain: IntentBrain, menus: list) -> tuple[list[str | None], list[float]]:
    picks, times = [], []
    for goal, menu, _ in menus:
        start = time.perf_counter()
        try:
            picks.append(brain.decide(goal, menu, ()).action.target)
        except GoalUnreachable:
            picks.append(None)
        times.append(1000 * (time.perf_counter() - start))
    return picks, times[1:]


def _with(goals: Any, labels: Any, peft: Any = None) -> IntentBrain:
    """A brain whose goal and label passes run these models."""
    brain = IntentBrain(threads=1, runtime="torch")
    tokenizer = brain.loaded("timing")[0]

    def _encode(weights: Any, texts: Any, *, adapted: bool) -> Any:
        if peft is not None:
            return encode(tokenizer, peft, texts, adapted=adapted, device="cpu").numpy()
        return embed(tokenizer, goals if adapted else labels, texts, device="cpu").numpy()

    brain._encode = _encode  # type: ignore[method-assign]
    return brain


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--menus", type=int, default=800)
    p.add_argument("--rounds", type=int, default=2)
    args = p.parse_args()
    torch.set_num_threads(1)
    menus = _menus(args.menus)
    _, goals, stock, _ = IntentBrain(threads=1, runtime="torch").loaded("timing")
    from peft import PeftModel

    from tiny_computer_agent.brains.models._intent import ADAPTER_DIR, quiet_peft
    from tiny_computer_agent.brains.models._runtime import TorchRuntime

    runtime = TorchRuntime(threads=1)
    runtime.device = "cpu"
    _, base = runtime.load_pretrained(
        "minilm", torch.float32, preprocessor="AutoTokenizer", model_class="AutoModel"
    )
    with quiet_peft():
        lora = PeftModel.from_pretrained(base, str(ADAPTER_DIR)).eval()
    with warnings.catch_warnings():  # torch marks quantize_dynamic deprecated
        warnings.simplefilter("ignore")
        q = torch.ao.quantization.quantize_dynamic
        int8 = [q(m, {torch.nn.Linear}, dtype=torch.qint8) for m in (goals, stock)]
    ways: dict[str, Callable[[], IntentBrain]] = {
        "lora": lambda: _with(None, None, peft=lora),
        "merged": lambda: IntentBrain(threads=1, runtime="torch"),
        "numpy": lambda: IntentBrain(threads=1),
        "int8": lambda: _with(*int8),
    }
    picks: dict[str, list[str | None]] = {}
    times: dict[str, list[float]] = {name: [] for name in ways}
    for r in range(args.rounds):
        for name in list(ways)[:: 1 if r % 2 == 0 else -1]:
            picks[name], took = _run(ways[name](), menus)
            times[name].extend(took)
    print(f"{len(menus)} dev menus, 1 thread, {args.rounds} rounds interleaved")
    print("| way | dev right | median ms | decisions unlike lora |")
    print("|---|---:|---:|---:|")
    for name in ways:
        right = sum(pick == want for pick, (_, _, want) in zip(picks[name], menus, strict=True))
        unlike = sum(a != b for a, b in zip(picks[name], picks["lora"], strict=True))
        share = f"{right}/{len(menus)} ({100 * right / len(menus):.1f} %)"
        print(f"| {name} | {share} | {statistics.median(times[name]):.1f} | {unlike} |")


if __name__ == "__main__":
    main()
