"""The core: vocabulary, perception, the menu and its reader, policy, the loop, brains,
screens, contracts and errors — each shown by running the public API for real."""

from __future__ import annotations

from ._framework import Screenshot, Transcript, capability, namespace


@capability(
    "vocabulary",
    "The closed action vocabulary",
    "Eight verbs, each validated when built; a bad action names the field, the value and "
    "what is allowed, before anything can touch the machine.",
    shows=[
        "Action",
        "Action.make",
        "Action.from_dict",
        "Action.from_json",
        "Action.to_dict",
        "Action.describe",
        "Action.targets",
        "ActionError",
        "normalize_keys",
        "VERBS",
        "BUTTONS",
        "SCROLL_DIRECTIONS",
        "MODIFIERS",
        "KEY_ALIASES",
        "MAX_SCROLL",
        "MAX_TEXT_LENGTH",
        "MAX_WAIT_SECONDS",
        "VERB_TABLE",
        "VerbSpec",
        "VerbSpec.fields",
        "VerbSpec.needs_target",
        "VerbSpec.takes_target",
    ],
)
def vocabulary() -> Transcript:
    t, ns = Transcript(), namespace()
    t.python(
        """
        print(tca.VERBS, tca.BUTTONS, tca.SCROLL_DIRECTIONS, tca.MODIFIERS)
        print("limits:", tca.MAX_TEXT_LENGTH, "chars,", tca.MAX_SCROLL, "notches,",
              tca.MAX_WAIT_SECONDS, "s;", len(tca.KEY_ALIASES), "key aliases")
        a = tca.Action.make("click", target="Save", clicks=2)
        print(a.describe(), a.to_dict(), a.targets)
        print(tca.Action.from_dict({"verb": "drag", "target": "a.txt", "to": "Trash"}).describe())
        print(tca.Action.from_json('{"verb": "key", "keys": "Ctrl+S"}').describe())
        print([tca.normalize_keys(k) for k in ("enter", "esc", "pgdn", "del", "shift+ctrl+t")])
        spec: tca.VerbSpec = tca.VERB_TABLE["scroll"]  # one line per verb: fields, target, settle
        print(spec.name, sorted(spec.fields), "needs a target:", spec.needs_target,
              "| takes one:", spec.takes_target, "| settles:", spec.settles)
        """,
        ns,
    )
    t.python(
        """
        for bad in ({"verb": "teleport"}, {"verb": "click"},
                    {"verb": "scroll", "direction": "down", "amount": 0},
                    {"verb": "key", "keys": "ctrl+hyperspace"},
                    {"verb": "click", "target": "Save", "x": 812},
                    {"verb": "type", "text": "x" * 501}):
            try:
                tca.Action.from_dict(bad)
            except tca.ActionError as exc:
                print("ActionError:", exc)
        """,
        ns,
    )
    return t


@capability(
    "perception",
    "Perception values: the element index",
    "Labels at real pixels with the exact frame-to-screen mapping; labels compare on their "
    "alphanumeric core, and ambiguity is reported, never resolved silently.",
    shows=[
        "Element",
        "Element.center",
        "Element.key",
        "Element.contains",
        "Element.to_dict",
        "Element.from_dict",
        "Observation",
        "Observation.of",
        "Observation.text",
        "Observation.shows",
        "Observation.summary",
        "Observation.element",
        "Observation.resolve",
        "Observation.find",
        "Observation.matches",
        "Observation.signature",
        "Observation.to_dict",
        "Observation.from_dict",
        "FrameMapping",
        "FrameMapping.to_screen",
        "FrameMapping.to_frame",
        "FrameMapping.to_dict",
        "FrameMapping.from_dict",
        "normalize_label",
        "reading_order",
        "AmbiguousTarget",
        "TargetError",
    ],
)
def perception() -> Transcript:
    t, ns = Transcript(), namespace()
    t.python(
        """
        E = tca.Element
        els = [E(label="Save", box=(770, 432, 870, 478)), E(label="Don't Save", box=(410, 432, 570, 478)),
               E(label="File", box=(150, 110, 190, 130))]
        print([e.label for e in tca.reading_order(els)])
        m = tca.FrameMapping(left=1280, top=0, scale_x=2.0, scale_y=2.0)
        obs = tca.Observation.of(els, size=(640, 400), mapping=m, prose=["Save changes to notes.txt?"])
        save = obs.find("save.")
        print(save.to_dict(), save.center, save.key, save.contains(800, 450))
        print("screen pixel:", m.to_screen(*save.center), "back:", m.to_frame(*m.to_screen(*save.center)))
        print(tca.normalize_label("Don't  Save."), "->", obs.find("DontSave").label)
        print(obs.shows("save changes"), obs.element(1).label, [(round(s, 2), e.label) for s, e in obs.matches("save")])
        print(obs.summary(60)); print(obs.text().replace(chr(10), " / "))
        same = tca.Observation.from_dict(obs.to_dict())
        print("round trip equal:", same == obs, same.signature() == obs.signature(),
              tca.Element.from_dict(save.to_dict()) == save, tca.FrameMapping.from_dict(m.to_dict()) == m)
        twins = tca.Observation.of([E(label="OK", box=(0, 0, 40, 20)), E(label="OK", box=(100, 0, 140, 20))], size=(200, 50))
        try:
            twins.find("OK")
        except tca.AmbiguousTarget as exc:
            print("AmbiguousTarget:", exc)
        print("the menu's pick settles it:", twins.resolve("OK", element_id=2).box)
        try:
            twins.find("Print")
        except tca.TargetError as exc:
            print("TargetError:", exc)
        """,
        ns,
    )
    return t


@capability(
    "element-kinds",
    "Elements know what they are",
    "A detector that knows more says so: a button, a text field and its value, a ticked "
    "box, the window it sits in. The menu shows it compactly, windows top-most first, and "
    "a trace keeps it.",
    shows=[
        "KINDS",
        "STATES",
        "Element.checked",
        "Observation.window",
        "Window.to_dict",
        "Window.from_dict",
    ],
)
def element_kinds() -> Transcript:
    t, ns = Transcript(), namespace()
    t.python(
        """
        E, W = tca.Element, tca.Window
        print(tca.KINDS[1:]); print(tca.STATES)
        editor = W(title="Editor", box=(0, 0, 800, 600), id=0x2a00003)
        dialog = W(title="Replace file?", box=(250, 200, 550, 330), id=0x2c00007)
        obs = tca.Observation.of([
            E(label="Street", box=(20, 40, 220, 60), kind="field", value="", window=editor.id),
            E(label="Subscribe", box=(20, 80, 34, 94), kind="check", state={"checked"}, window=editor.id),
            E(label="No", box=(300, 290, 350, 315), kind="button", window=dialog.id),
            E(label="Yes", box=(450, 290, 500, 315), kind="button", window=dialog.id),
            E(label="12:04", box=(740, 5, 790, 20)),
        ], size=(800, 600), windows=[dialog, editor])
        print(tca.build_menu(obs, "say no").render())
        no = obs.find("No")
        print(no.uid, "in", obs.window(no).title, "| ticked:", obs.find("Subscribe").checked)
        print(W.from_dict(dialog.to_dict()) == dialog, tca.Observation.from_dict(obs.to_dict()) == obs)
        print(repr(tca.normalize_label("−")), "is a keypad's minus too:", tca.normalize_label("–"))
        try:
            E(label="x", box=(0, 0, 1, 1), kind="gizmo")
        except ValueError as exc:
            print("ValueError:", exc)
        """,
        ns,
    )
    return t


@capability(
    "menu",
    "The numbered menu and the lenient reader",
    "What a small model sees, and how its replies are read: bare numbers, prose around JSON, "
    "a garbled verb and a label in the wrong field are recovered; an echo is refused.",
    shows=[
        "build_menu",
        "Menu",
        "Menu.lines",
        "Menu.render",
        "Menu.entry",
        "Menu.lookup",
        "parse_decision",
        "DEFAULT_MENU_SIZE",
        "BrainError",
        "Decision",
        "Decision.to_dict",
        "Decision.from_dict",
    ],
)
def menu() -> Transcript:
    t, ns = Transcript(), namespace()
    t.python(
        """
        screen = tca.ScriptedScreen.of_labels(["File", "Edit", "Don't Save", "Cancel", "Save"])
        menu = tca.build_menu(screen.capture(), "save the document", limit=tca.DEFAULT_MENU_SIZE)
        print(menu.render()); print(menu.lines()[0], "|", menu.entry(5).label)
        print([menu.lookup(v)[0] for v in (5, "5", 5.0, "#5", "Save.")])
        replies = ['Sure! I will click Save.\\n{"verb": "click", "choice": 5}', "5", "Save.",
                   '{"verb": "clik", "choice": 5}', '{"verb": "Save"}', "{'choice': '4'}"]
        for reply in replies:
            d = tca.parse_decision(reply, menu)
            print(f"{reply!r:58} -> {d.action.describe():16} {d.note}")
        d = tca.parse_decision('{"choice": 5}', menu)
        print(tca.Decision.from_dict(d.to_dict()) == d)
        for bad in ["1. File\\n2. Edit\\n3. Don't Save\\n4. Cancel\\n5. Save", '{"verb": "click", "choice": 9}',
                    '{"verb": "click", "choice": ', "I think saving is best.", ""]:
            try:
                tca.parse_decision(bad, menu)
            except tca.BrainError as exc:
                print(f"refused {bad[:30]!r}: {exc}")
        """,
        ns,
    )
    return t


@capability(
    "ocr-index",
    "OCR on a real screenshot, the menu's pick, and the click",
    "RapidOCR (models from its wheel, offline) indexes the example desktop; the planner picks "
    "'Save' and the dry run resolves the pixel inside the drawn button — nothing is clicked.",
    shows=[
        "ImageScreen",
        "ImageScreen.of",
        "ImageScreen.capture",
        "OcrDetector",
        "OcrDetector.detect",
        "example_frames",
        "EXAMPLE_BUTTONS",
        "EXAMPLE_GOAL",
        "PlannerBrain",
        "PlannerBrain.decide",
        "DryRunExecutor",
        "DryRunExecutor.execute",
        "screen_points",
    ],
)
def ocr_index() -> Screenshot:
    import tiny_computer_agent as tca

    frame = tca.example_frames()[0]
    obs = tca.ImageScreen.of([frame], detector=tca.OcrDetector()).capture()
    menu = tca.build_menu(obs, tca.EXAMPLE_GOAL)
    decision = tca.PlannerBrain().decide(tca.EXAMPLE_GOAL, menu, ())
    ((x, y),) = tca.screen_points(decision.action, obs)
    result = tca.DryRunExecutor().execute(decision.action, obs)
    x0, y0, x1, y1 = tca.EXAMPLE_BUTTONS["Save"]
    inside = x0 < x < x1 and y0 < y < y1
    if not inside:
        raise RuntimeError(f"the click ({x}, {y}) is outside the drawn Save button")
    chosen = obs.resolve(decision.action.target or "", decision.action.target_id).box
    return Screenshot(
        image=frame,
        boxes=[(e.label, e.box) for e in menu.entries],
        chosen=chosen,
        click=(x, y),
        caption=f"menu of {len(menu.entries)} (orange, numbered) · {decision.action.describe()} "
        f"(green) · {result.description} — inside the drawn button: {inside}",
    )


@capability(
    "grid-fallback",
    "No text on screen: the grid, and a warning",
    "The automatic detector uses OCR when it finds text; on a textless screen it numbers grid "
    "cells and says the brain is choosing blind (real input refuses such clicks).",
    shows=[
        "AutoDetector",
        "AutoDetector.detect",
        "GridDetector",
        "GridDetector.detect",
        "make_detector",
        "detector_specs",
        "Detection",
        "Frame",
        "Frame.of",
        "Frame.size",
    ],
)
def grid_fallback() -> Screenshot:
    from PIL import Image, ImageDraw

    import tiny_computer_agent as tca

    img = Image.new("RGB", (1280, 800), (58, 80, 107))
    d = ImageDraw.Draw(img)
    for i in range(6):  # icons without any text
        d.rounded_rectangle(
            (120 + i * 180, 300, 220 + i * 180, 400), 18, fill=(200, 200 + i * 8, 90)
        )
    detector = tca.make_detector("auto")
    frame = tca.Frame.of(img)  # the image, its mapping, the monitor, the capture time
    found: tca.Detection = detector.detect(frame)
    grid = tca.GridDetector().detect(frame)
    if [e.box for e in found.elements] != [e.box for e in grid.elements]:
        raise RuntimeError("the automatic detector did not fall back to the grid")
    return Screenshot(
        image=img,
        boxes=[(e.label, e.box) for e in found.elements],
        caption=f"detectors {tuple(tca.detector_specs())} on a {frame.size} frame: "
        f"{found.notes[-1]}",
    )


@capability(
    "loop",
    "The loop end to end, and how runs end",
    "observe → think → act → verify: success is what the harness sees; a brain's 'done' is a "
    "claim; budget, no-progress guard, kill switch and failures end runs with a reason.",
    shows=[
        "run_episode",
        "Episode",
        "Episode.render",
        "Episode.to_dict",
        "Episode.success",
        "OUTCOMES",
        "Step",
        "Step.acted",
        "Step.to_dict",
        "ScriptedScreen",
        "ScriptedScreen.of_labels",
        "ScriptedScreen.capture",
        "ScriptedBrain",
        "ScriptedBrain.of",
        "ScriptedBrain.decide",
        "ScriptedBrain.settings",
        "history_feedback",
        "Outcome",
        "StepError",
        "StepError.to_dict",
        "ERROR_KINDS",
        "Refusal",
        "Refusal.to_dict",
    ],
)
def loop() -> Transcript:
    t, ns = Transcript(), namespace()
    t.python(
        """
        screen = tca.ScriptedScreen.of_labels(["File", "Cancel", "Save"], ["File", "Saved"])
        ep = tca.run_episode("click 'Save'", screen=screen, brain=tca.PlannerBrain(), verify_text="Saved",
                             on_step=lambda s: print("streamed step", s.index, "acted:", s.acted))
        print(ep.render()); print("success:", ep.success, "| outcomes:", tca.OUTCOMES)
        """,
        ns,
    )
    t.python(
        """
        brain = tca.ScriptedBrain.of([{"verb": "click", "target": "Save"}] * 3)
        print(brain.settings()["items"][0], brain.decide("x", tca.build_menu(screen.capture()), ())
              .action.describe())
        stuck = tca.run_episode("save", screen=tca.ScriptedScreen.of_labels(["Save"]),
                                brain=tca.ScriptedBrain.of([{"verb": "click", "target": "Save"}] * 3))
        print(stuck.outcome, "-", stuck.reason)
        print(tca.history_feedback(stuck.steps[:1], stuck.steps[0].observation))
        budget = tca.run_episode("tab", screen=tca.ScriptedScreen.of_labels(["A"], ["B"], ["C"], ["D"]),
                                 brain=tca.ScriptedBrain.of([{"verb": "key", "keys": "Tab"}] * 9),
                                 policy=tca.Policy(max_steps=2))
        print(budget.outcome, "-", budget.reason)
        claim = tca.run_episode("click Save", screen=tca.ScriptedScreen.of_labels(["Save"], ["OK"]),
                                brain=tca.PlannerBrain())
        print(claim.outcome, "-", claim.reason)
        gone = tca.run_episode("save", screen=tca.ScriptedScreen.of_labels(["Cancel"]),
                               brain=tca.ScriptedBrain.of([{"verb": "click", "target": "Save"}]))
        error: tca.StepError = gone.steps[0].error  # a kind from a closed set, and a message
        print("failed step:", error.to_dict(), error.kind in tca.ERROR_KINDS)
        """,
        ns,
    )
    t.python(
        """
        import pathlib, typing
        policy = tca.Policy()
        pathlib.Path(policy.kill_switch).parent.mkdir(parents=True, exist_ok=True)
        pathlib.Path(policy.kill_switch).touch()
        killed = tca.run_episode("click Save", screen=tca.ScriptedScreen.of_labels(["Save"]),
                                 brain=tca.PlannerBrain(), policy=policy)
        refusal: tca.Refusal = killed.steps[-1].refusal
        print(killed.outcome, "-", refusal.to_dict(), "|", typing.get_args(tca.Outcome) == tca.OUTCOMES)
        """,
        ns,
    )
    return t


@capability(
    "run-events",
    "Watch and steer a run: events, a gate, a stop",
    "Listeners hear each event as it happens (start, observe, decide, verdict, step, end); a "
    "gate asked before each action can hold it or hand the screen to a person; Policy.halt "
    "stops a run before its next action, like the kill-switch file.",
    shows=["RunEvent", "EVENT_KINDS", "EventKind", "Listener", "Gate"],
)
def run_events() -> Transcript:
    t, ns = Transcript(), namespace()
    t.python(
        """
        import typing
        heard: list[tca.RunEvent] = []
        listener: tca.Listener = heard.append
        screen = tca.ScriptedScreen.of_labels(["File", "Cancel", "Save"], ["File", "Saved"])
        ep = tca.run_episode("click 'Save'", screen=screen, brain=tca.PlannerBrain(),
                             verify_text="Saved", listeners=[listener])
        for e in heard:
            print(e.kind, e.index, e.decision.action.describe() if e.decision else "",
                  e.settings.get("dry_run", ""), e.episode.outcome if e.episode else "")
        print(typing.get_args(tca.EventKind) == tca.EVENT_KINDS, tca.EVENT_KINDS)
        """,
        ns,
    )
    t.python(
        """
        answers = iter([False, True])  # the person holds step 1 and takes control, then lets go
        gate: tca.Gate = lambda index: next(answers)
        screen = tca.ScriptedScreen.of_labels(["Save"], ["Save"], ["Saved"])
        ep = tca.run_episode("click 'Save'", screen=screen, brain=tca.PlannerBrain(),
                             verify_text="Saved", gate=gate)
        print(ep.steps[0].error.to_dict()); print(ep.outcome, "-", ep.reason)
        stop = tca.Policy(halt=lambda: "Stop was pressed in the console")
        ep = tca.run_episode("click 'Save'", screen=tca.ScriptedScreen.of_labels(["Save"]),
                             brain=tca.PlannerBrain(), policy=stop)
        print(ep.outcome, "-", ep.reason)
        """,
        ns,
    )
    return t


@capability(
    "policy",
    "The policy refuses, and says which rule",
    "Deny lists for typed text, widgets (however spelled) and key chords; a blind grid click "
    "refused with real input; real input armed only by a flag and an environment variable.",
    shows=[
        "Policy",
        "Policy.check",
        "Policy.armed",
        "Policy.check_kill_switch",
        "Policy.check_budget",
        "PolicyRefusal",
        "DENIED_TEXT",
        "DENIED_WIDGETS",
        "DENIED_CHORDS",
        "ALLOWED_KEYS",
        "ARM_ENV",
        "HOME_ENV",
        "state_dir",
    ],
)
def policy() -> Transcript:
    t, ns = Transcript(), namespace()
    t.python(
        """
        p = tca.Policy()
        print(len(tca.DENIED_TEXT), "text fragments,", len(tca.DENIED_WIDGETS), "widgets,",
              len(tca.DENIED_CHORDS), "chords denied,", len(tca.ALLOWED_KEYS), "keys allowed; state in",
              tca.HOME_ENV, "->", tca.state_dir().name)
        obs = tca.ScriptedScreen.of_labels(["Name", "Open Terminal", "Pass word Manager"]).capture()
        cell = tca.Observation.of([tca.Element(label="cell 5", box=(0, 0, 99, 99), source="grid")], size=(400, 300))
        tries = [(tca.Action.make("type", text="sudo rm -rf /", target="Name"), obs),
                 (tca.Action.make("click", target="Open Terminal"), obs),
                 (tca.Action.make("click", target="password manager"), obs),
                 (tca.Action.make("key", keys="ctrl+alt+t"), obs),
                 (tca.Action.make("key", keys="super+a"), obs)]
        for action, seen in tries:
            try:
                p.check(action, seen)
            except tca.PolicyRefusal as exc:
                print(f"{action.describe():30} REFUSED [{exc.rule}] {exc}")
        armed = p.armed(flag=True, environ={tca.ARM_ENV: "1"})
        p.check(tca.Action.make("click", target="cell 5"), cell)
        print("dry run may plan a grid click; armed:")
        for call in (lambda: armed.check(tca.Action.make("click", target="cell 5"), cell),
                     lambda: p.armed(flag=True, environ={}),
                     lambda: p.check_budget(p.max_steps), p.check_kill_switch):
            try:
                call()
                print("allowed")
            except tca.PolicyRefusal as exc:
                print(f"REFUSED [{exc.rule}] {exc}")
        """,
        ns,
    )
    return t


@capability(
    "attacks",
    "Safety under attack: text judged as it would land, sequences, look-alikes, irreversibles",
    "A BackSpace inside typed text, a command typed in pieces, Cyrillic and OCR look-alikes "
    "of a denied widget: each refused by its own rule. An irreversible target is only "
    "reported by a dry run; armed, it needs --allow-irreversible or a person's yes. The "
    "kill switch's folder is made so the printed touch works.",
    shows=["Policy.irreversible", "Policy.prepare_kill_switch", "IRREVERSIBLE",
           "IRREVERSIBLE_CHORDS"],
)
def attacks() -> Transcript:
    t, ns = Transcript(), namespace()
    t.python(
        """
        p = tca.Policy()
        # the first "Теrminal" starts with Cyrillic Т and е; the second is an OCR misread
        obs = tca.ScriptedScreen.of_labels(["Name", "Теrminal", "Terrninal", "Delete account"]).capture()
        print(len(tca.IRREVERSIBLE), "irreversible labels, chords:", ", ".join(tca.IRREVERSIBLE_CHORDS))
        su = tca.Action.make("type", text="su", target="Name")
        tries = [(tca.Action.make("type", text="sudx\\bo rx\\bm -rf ~", target="Name"), ()),
                 (tca.Action.make("type", text="Hi\\x1b:wq", target="Name"), ()),
                 (tca.Action.make("type", text="do reboot", target="Name"), (su,)),
                 (tca.Action.make("key", keys="super+r"), ()),
                 (tca.Action.make("click", target="Теrminal"), ()),
                 (tca.Action.make("click", target="Terrninal"), ())]
        for action, history in tries:
            try:
                p.check(action, obs, history=history)
                print(f"{action.describe():32} allowed")
            except tca.PolicyRefusal as exc:
                print(f"{action.describe():32} REFUSED [{exc.rule}]")
        delete = tca.Action.make("click", target="Delete account")
        print("dry run:", p.irreversible(delete, p.check(delete, obs)))
        arm = {tca.ARM_ENV: "1"}
        for armed in (p.armed(flag=True, environ=arm),
                      tca.Policy(allow_irreversible=("Delete account",)).armed(flag=True, environ=arm)):
            try:
                armed.check(delete, obs)
                print("armed, allowed with --allow-irreversible 'Delete account'")
            except tca.PolicyRefusal as exc:
                print(f"armed: REFUSED [{exc.rule}] {exc}")
        import tempfile, pathlib
        home = pathlib.Path(tempfile.mkdtemp()) / "new" / "state"
        print("kill switch:", tca.Policy(kill_switch=home / "STOP").prepare_kill_switch().parent.is_dir())
        """,
        ns,
    )
    return t


@capability(
    "brains",
    "Brains without weights",
    "A rule-based planner that reads everyday goals and gives up honestly, a first-item "
    "baseline, an oracle for scoring, and a scripted brain.",
    shows=[
        "PlannerBrain.settings",
        "FirstItemBrain",
        "FirstItemBrain.decide",
        "FirstItemBrain.settings",
        "OracleBrain",
        "OracleBrain.decide",
        "OracleBrain.settings",
        "split_goal",
        "brain_identity",
        "GoalUnreachable",
    ],
)
def brains() -> Transcript:
    t, ns = Transcript(), namespace()
    t.python(
        """
        menu = tca.build_menu(tca.ScriptedScreen.of_labels(
            ["File", "Edit", "Don't Save", "Cancel", "Save", "Name", "Zoom In"]).capture())
        planner = tca.PlannerBrain()
        for goal in ["click 'Save'", "click Save to save the document", "save the document",
                     "dont save", "press ctrl+s", "type 'hello' into Name", "scroll down",
                     "double-click File", "drag File to Edit", "hover over Zoom In", "click Cancle"]:
            print(f"{goal!r:36} -> {planner.decide(goal, menu, ()).action.describe()}")
        print(tca.split_goal("type 'rock and roll' into Name then click OK"))
        try:
            planner.decide("click 'Print'", menu, ())
        except tca.GoalUnreachable as exc:
            print("GoalUnreachable:", exc)
        first, oracle = tca.FirstItemBrain(), tca.OracleBrain(expected=("Cancel",))
        print(first.decide("x", menu, ()).action.describe(), first.settings(),
              oracle.decide("x", menu, ()).action.describe(), oracle.settings(), planner.settings())
        print(tca.brain_identity(oracle))
        """,
        ns,
    )
    return t


@capability(
    "screens-and-contracts",
    "Four contracts, one method each, and the public fakes",
    "Screen.capture, Detector.detect, Brain.decide, Executor.execute — the fakes (scripted "
    "and image screens, scripted brain, dry-run executor) satisfy them and ship as API.",
    shows=[
        "Screen",
        "Screen.capture",
        "Detector",
        "Detector.detect",
        "Brain",
        "Brain.decide",
        "Executor",
        "Executor.execute",
        "ActionResult",
        "ActionResult.to_dict",
        "ActionResult.from_dict",
        "save_example",
    ],
)
def screens_and_contracts() -> Transcript:
    t, ns = Transcript(), namespace()
    t.python(
        """
        import tempfile
        paths = tca.save_example(tempfile.mkdtemp())
        screen = tca.ImageScreen.of(paths, detector=tca.GridDetector(), max_width=640)
        obs = screen.capture()
        print([p.name for p in paths], obs.size, obs.mapping)
        print(isinstance(screen, tca.Screen), isinstance(tca.GridDetector(), tca.Detector),
              isinstance(tca.PlannerBrain(), tca.Brain), isinstance(tca.DryRunExecutor(), tca.Executor))
        print([m for m in ("capture", "detect", "decide", "execute")])
        result = tca.DryRunExecutor().execute(tca.Action.make("click", target="cell 6"), obs)
        print(result.description)
        print(tca.ActionResult.from_dict(result.to_dict()) == result)
        """,
        ns,
    )
    return t


@capability(
    "registry",
    "One registry: brains and detectors by name, and plugins",
    "--brain, --brains and --detector read one table; a new brain or detector is one file plus "
    "one registration (an entry point for a package). Detectors are given a Frame.",
    shows=[
        "brain_specs",
        "BrainSpec",
        "BrainOptions",
        "make_brain",
        "register_brain",
        "DetectorSpec",
        "register_detector",
        "ImageDetector",
        "ImageDetector.detect",
        "observe",
        "Window",
    ],
)
def registry() -> Transcript:
    t, ns = Transcript(), namespace()
    t.python(
        """
        for spec in tca.brain_specs().values():
            print(f"{spec.name:13} {'fresh per task' if spec.per_task else 'built once  '}  {spec.summary}")
        oracle = tca.make_brain("oracle", tca.BrainOptions(expected=("Save",)))
        print(type(oracle).__name__, oracle.settings())
        """,
        ns,
    )
    t.python(
        """
        class LastEntry:  # a brain: one method
            name = "last-entry"
            def decide(self, goal, menu, history):
                entry = menu.entries[-1]
                return tca.Decision(action=tca.Action.make("click", target=entry.label, target_id=entry.id))

        class OldStyle:  # a detector written for detect(image), adapted once
            def detect(self, image):
                return tca.Detection(elements=(tca.Element(label="OK", box=(10, 10, 60, 30), source="scripted"),))

        tca.register_brain(tca.BrainSpec(name="last-entry", summary="the last menu entry",
                                         build=lambda options: LastEntry()))
        tca.register_detector(tca.DetectorSpec(name="old-style", summary="one fixed OK button",
                                               build=lambda: tca.ImageDetector(inner=OldStyle())))
        obs = tca.observe(tca.example_frames()[0], detector=tca.make_detector("old-style"), max_width=640,
                          windows=(tca.Window(title="Editor", box=(0, 0, 1280, 800)),))
        print(obs.size, obs.mapping, [e.label for e in obs.elements])
        step = tca.make_brain("last-entry").decide("x", tca.build_menu(obs), ())
        print("last-entry chose:", step.action.describe(), "| on offer to --brain:", "last-entry" in tca.brain_specs())
        """,
        ns,
    )
    t.shell("--image", "example", "--detector", "grid", "--brain", "first-item", "--max-steps", "1",
            "click 'Save'")
    return t


@capability(
    "errors",
    "One error tree",
    "Every deliberate error derives from TinyAgentError; a missing extra names the install "
    "command.",
    shows=["TinyAgentError", "MissingExtra", "ScreenUnavailable", "TraceError", "Unsure"],
)
def errors() -> Transcript:
    t, ns = Transcript(), namespace()
    t.python(
        """
        import tiny_computer_agent._errors as errors
        print(errors.__doc__.split("\\n\\n")[1])
        for cls in (tca.ActionError, tca.BrainError, tca.GoalUnreachable, tca.PolicyRefusal,
                    tca.TargetError, tca.AmbiguousTarget, tca.ScreenUnavailable,
                    tca.MissingExtra, tca.TraceError, tca.Unsure):
            assert issubclass(cls, tca.TinyAgentError)
        print(tca.MissingExtra("rapidocr", "ocr", "reading text on screen (OCR)"))
        """,
        ns,
    )
    return t


@capability(
    "cli",
    "The command line: every mode and exit code",
    "0 verified success, 1 ended without it, 2 bad usage or input, 3 no screen — one clear "
    "line on stderr for each problem, never a traceback.",
    shows=[],
)
def cli() -> Transcript:
    t = Transcript()
    t.shell("--image", "example", "--verify-text", "Saved", "click 'Save'")
    t.shell("--image", "example", "click 'Save'")
    t.shell(
        "--image",
        "example",
        "--no-ocr",
        "--script",
        '[{"verb": "click", "target": "cell 6"}]',
        "click cell 6",
    )
    t.shell("--image", "example", "--script", '[{"verb": "click",', "x")
    t.shell("--image", "example", "--script", '[{"verb": "fly"}]', "x")
    t.shell("--image", "example", "--brain", "genius", "x")
    t.shell("--image", "example", "")
    t.shell("--image", "/no/such/shot.png", "click Save")
    expected = [0, 1, 1, 2, 2, 2, 2, 3]
    got = [b.code for b in t.blocks]
    if got != expected:
        raise RuntimeError(f"exit codes {got}, expected {expected}")
    return t


@capability(
    "patience",
    "Long tasks: wait without a brain, one look per batch, a history that stays small",
    "wait_for watches the screen (or one element's area) with no brain calls and says what "
    "woke it; a wait that saw nothing change leaves the frame standing; a field fill and "
    "submit goes as one batch; at step 60 a model is shown 8 steps and a ledger of the rest.",
    shows=["DEFAULT_MAX_WAIT_SECONDS", "DEFAULT_WAIT_SECONDS", "Decision.actions",
           "HISTORY_WINDOW", "History", "History.earlier", "MAX_BATCH", "MAX_WAIT_FOR_SECONDS",
           "Policy.wait_deadline", "Step.performed", "WAIT_UNTIL", "WAKE_REASONS", "WaitResult",
           "WaitResult.describe", "Watch", "actions_done", "check_batch", "ledger_lines",
           "merge_readings", "watch"],
)  # fmt: skip
def patience() -> Transcript:
    t, ns = Transcript(), namespace()
    t.python(
        """
        # a scripted screen shows its next frame at every look: the dialog comes at the 4th
        done = ["Export finished", "OK"]
        screen = tca.ScriptedScreen.of_labels(["Export"], ["Export"], ["Export", "Working"],
                                              done, done, ["Saved"])
        calls = []
        class Counting:
            def decide(self, goal, menu, history):
                calls.append(len(history))
                return tca.PlannerBrain().decide(goal, menu, history)
        ep = tca.run_episode("wait for 'Export finished' (up to 2 minutes) then click 'OK'",
                             screen=screen, brain=Counting(), verify_text="Saved")
        print(ep.steps[0].result.description)
        print("brain calls:", len(calls), "| woke on:", ep.steps[0].result.woke, "of", tca.WAKE_REASONS)
        print("outcome:", ep.outcome)
        p = tca.Policy(max_wait_seconds=120)
        print("deadlines:", p.wait_deadline(tca.Action.make("wait_for", text="x", seconds=900)),
              tca.Policy().wait_deadline(tca.Action.make("wait_for")), "| defaults",
              tca.DEFAULT_WAIT_SECONDS, tca.DEFAULT_MAX_WAIT_SECONDS, "| at most", tca.MAX_WAIT_FOR_SECONDS,
              "| until:", tca.WAIT_UNTIL)
        still = tca.ScriptedScreen.of_labels(["Export"])
        w = tca.watch(still, still.capture(), tca.Watch(until="change", deadline=0.5))
        print(type(w).__name__, w.describe(tca.Watch(until="change", deadline=0.5)))
        """,
        ns,
    )
    t.python(
        """
        ep = tca.run_episode("type 'bob' into 'Name' then press Return",
                             screen=tca.ScriptedScreen.of_labels(["Name", "Submit"], ["Thanks"]),
                             brain=tca.PlannerBrain(), verify_text="Thanks")
        first = ep.steps[0]
        print([a.describe() for a in first.decision.actions], "=", len(first.performed), "actions,",
              "one look after | outcome:", ep.outcome)
        try:
            tca.check_batch([tca.Action.make("key", keys="Return"), tca.Action.make("type", text="x")])
        except tca.ActionError as exc:
            print("not a batch (at most", tca.MAX_BATCH, "):", exc)
        obs = tca.Observation.of([tca.Element(label="Exp0rt", box=(10, 10, 50, 20), confidence=0.6)],
                                 size=(200, 100))
        zoomed, taken = tca.merge_readings(obs, [tca.Element(label="Export", box=(9, 9, 51, 21),
                                                             confidence=0.97)])
        print("a zoom's surer reading replaces the unsure one:", [e.label for e in zoomed.elements])
        """,
        ns,
    )
    t.python(
        """
        from tiny_computer_agent.brains.models import ScriptedModelBrain
        brain = ScriptedModelBrain(replies=('{"verb": "click", "choice": 1}',))
        seen = []
        class Keep:
            def decide(self, goal, menu, history):
                seen.append(history)
                return brain.decide(goal, menu, history)
        frames = [["+1", f"Count {n}"] for n in range(61)]
        tca.run_episode("click '+1' sixty times", screen=tca.ScriptedScreen.of_labels(*frames),
                        brain=Keep(), policy=tca.Policy(max_steps=60))
        sizes = [len(r[-1]["content"]) for r in brain.requests]
        last = seen[-1]
        print("prompt characters at decisions 5, 30, 60:", sizes[4], sizes[29], sizes[59])
        print(type(last).__name__, len(last), "of", last.total, "steps shown (window",
              tca.HISTORY_WINDOW, "), earlier:", last.earlier, "| actions_done:", tca.actions_done(last))
        print("\\n".join(tca.ledger_lines(last)))
        """,
        ns,
    )
    return t
