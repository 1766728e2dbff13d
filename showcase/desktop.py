"""The real desktop: capture, the OCR index on real pixels, a real click and the window's
reaction, a batch of real input, refusals in a real window, the doctor, the self-test,
settle, region signatures and the frame ring, and monitor mapping.

On Linux every capability starts its own private Xvfb (with openbox) and real windows —
the Tk test app of the live tests, a zenity GTK dialog — and stops them when done. Real
input always runs in a fresh process on that display (pyautogui binds to one display per
process); this process only captures.

Elsewhere (the Windows runner) the portable capabilities use the current desktop as it
is, and the ones that need a Linux-only program (Xvfb, xrandr, xdotool, zenity) raise
:class:`showcase.Skipped` with the reason; on Linux a skip is a failure.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ._framework import FONT, ROOT, Block, Screenshot, Skipped, Transcript, capability, namespace

if TYPE_CHECKING:
    from devsupport.xdesktop import App, Desk

LINUX = sys.platform.startswith("linux")
GOAL = 'click "Save"'
ARMED = {"TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT": "1"}
#: One 2560x800 screen split by xrandr; monitor 2 is offset in x *and* y.
TWO_MONITORS = ((1280, 800, 0, 0), (1280, 600, 1280, 200))
Box = tuple[int, int, int, int]


# ---------------------------------------------------------------- helpers


def linux_only(needs: str) -> None:
    """Skip this capability off Linux with the reason (on Linux it always runs)."""
    if not LINUX:
        raise Skipped(f"{needs}; skipped here, the Linux CI runs it")


@contextlib.contextmanager
def _environ(**changes: str | None) -> Iterator[None]:
    old = {k: os.environ.get(k) for k in changes}
    for key, value in changes.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value
    try:
        yield
    finally:
        for key, value in old.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


@contextlib.contextmanager
def desktop(size: tuple[int, int] = (1280, 800), monitors: Sequence[Box] = ()) -> Iterator[Desk]:
    """A private Xvfb + openbox on Linux; elsewhere the current desktop as it is (and
    ``size``/``monitors`` are ignored). Everything started on it is stopped on exit."""
    from devsupport.xdesktop import Desk, SessionDesktop  # the live tests' Tk app and helpers
    from tiny_computer_agent.desktop import VirtualDesktop

    with tempfile.TemporaryDirectory(prefix="tca-gallery-") as tmp:
        if not LINUX:
            session = SessionDesktop()
            try:
                with _environ(TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT=None):
                    yield Desk(vd=session, tmp=Path(tmp))
            finally:
                session.close()
            return
        with VirtualDesktop(size=size, window_manager=True, monitors=monitors) as vd:
            if shutil.which("xsetroot"):
                vd.run(["xsetroot", "-solid", "#3b4f66"], check=False)  # not a black void
            # real input (in CLI subprocesses) needs an X authority file; the arming
            # variable is given explicitly to the one command that should have it
            with _environ(
                XAUTHORITY=vd.env["XAUTHORITY"], TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT=None
            ):
                yield Desk(vd=vd, tmp=Path(tmp))


def display_env(desk: Desk) -> dict[str, str]:
    return {"DISPLAY": desk.display} if desk.display else {}


def python_on(t: Transcript, desk: Desk, code: str, env: dict[str, str] | None = None) -> Block:
    """Run ``code`` in a fresh interpreter on the desk's display; record it like a snippet."""
    source = textwrap.dedent(code).strip()
    proc = subprocess.run(
        [sys.executable, "-c", source],
        env={**os.environ, **display_env(desk), **(env or {})},
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        check=False,
    )
    shown = " ".join(f"{k}={v}" for k, v in {**display_env(desk), **(env or {})}.items())
    block = Block(
        command=f"# in a fresh interpreter: {shown} python -c '...'\n{source}",
        output=(proc.stdout + proc.stderr).rstrip(),
        kind="python",
        code=proc.returncode,
    )
    t.blocks.append(block)
    return block


def expect(condition: bool, message: str) -> None:
    if not condition:
        raise RuntimeError(message)


def app_region(app: App, mapping: Any, size: tuple[int, int], pad: Box = (90, 150, 90, 70)) -> Box:
    """The Tk app's window (its widgets plus the window frame) in frame pixels."""
    rects = list(app.geometry.values())
    x0 = min(r[0] for r in rects) - pad[0]
    y0 = min(r[1] for r in rects) - pad[1]
    x1 = max(r[0] + r[2] for r in rects) + pad[2]
    y1 = max(r[1] + r[3] for r in rects) + pad[3]
    fx0, fy0 = (round(v) for v in mapping.to_frame(x0, y0))
    fx1, fy1 = (round(v) for v in mapping.to_frame(x1, y1))
    return max(0, fx0), max(0, fy0), min(size[0], fx1), min(size[1], fy1)


def shift(box: Sequence[int], dx: int, dy: int) -> Box:
    return box[0] - dx, box[1] - dy, box[2] - dx, box[3] - dy


def font(size: int) -> Any:
    from PIL import ImageFont

    return ImageFont.truetype(FONT, size) if Path(FONT).exists() else ImageFont.load_default(size)


# ---------------------------------------------------------------- capture and the index


@capability(
    "desktop-tk-index",
    "A real Tk window on a real X server: the OCR index, the pick, the click point",
    "The monitor captured with mss, read with OCR; the planner picks 'Save' and the pointer "
    "pixel it resolves falls inside the button Tk really drew (dry: nothing is clicked).",
    shows=[
        "desktop.DesktopScreen",
        "desktop.DesktopScreen.open",
        "desktop.DesktopScreen.capture",
        "desktop.DesktopScreen.close",
        "desktop.Monitor",
        "desktop.Monitor.describe",
    ],
)
def desktop_tk_index() -> Screenshot:
    import tiny_computer_agent as tca
    from tiny_computer_agent.desktop import DesktopScreen, Monitor

    with desktop() as desk:
        app = desk.app()
        screen = DesktopScreen(display=desk.display or None, detector=tca.OcrDetector())
        try:
            monitor: Monitor = screen.open()
            obs = screen.capture()
        finally:
            screen.close()
    menu = tca.build_menu(obs, GOAL)
    decision = tca.PlannerBrain().decide(GOAL, menu, ())
    ((x, y),) = tca.screen_points(decision.action, obs)
    inside = app.contains("Save", (x, y))
    expect(inside, f"the click ({x}, {y}) is outside Tk's Save button {app.rect('Save')}")
    chosen = obs.resolve(decision.action.target or "", decision.action.target_id).box
    fx, fy = obs.mapping.to_frame(x, y)
    _, y0, _, y1 = app_region(app, obs.mapping, obs.size)  # the full width, the window's rows
    return Screenshot(
        image=obs.image.crop((0, y0, obs.size[0], y1)),
        boxes=[(e.label, shift(e.box, 0, y0)) for e in menu.entries],
        chosen=shift(chosen, 0, y0),
        click=(round(fx), round(fy) - y0),
        caption=f"{monitor.describe()} · {len(menu.entries)} OCR elements (orange) · "
        f"{decision.action.describe()} (green) -> pointer ({x}, {y}), inside Tk's Save button "
        f"{app.rect('Save')}: {inside}",
    )


@capability(
    "desktop-gtk-index",
    "A real GTK dialog (zenity) on a private Xvfb",
    "VirtualDesktop starts Xvfb and openbox; zenity's GTK widgets are read by the same OCR "
    "index; the planner's pick, clicked for real by the CLI, makes zenity exit 0: its Save "
    "(OK) button was pressed.",
    shows=[
        "desktop.VirtualDesktop",
        "desktop.VirtualDesktop.missing_programs",
        "desktop.VirtualDesktop.spawn",
        "desktop.VirtualDesktop.run",
        "desktop.VirtualDesktop.stop",
        "desktop.VirtualDesktop.close",
    ],
)
def desktop_gtk_index() -> Screenshot:
    import time

    import tiny_computer_agent as tca
    from tiny_computer_agent.desktop import DesktopScreen, VirtualDesktop

    linux_only("needs Xvfb, openbox and zenity (GTK), Linux-only programs")
    missing = VirtualDesktop.missing_programs(window_manager=True)
    expect(not missing, f"missing programs: {missing}")
    vd = VirtualDesktop(size=(1280, 800), window_manager=True)
    with vd:  # stops zenity, openbox and Xvfb by PID on the way out (vd.close())
        vd.run(["xsetroot", "-solid", "#3b4f66"], check=False)
        dialog = vd.spawn(
            ["zenity", "--question", "--title", "Editor", "--text", "Save changes to notes.txt?",
             "--ok-label", "Save", "--cancel-label", "Cancel", "--width", "420"],
            quiet=True,
        )  # fmt: skip
        for _ in range(300):
            found = vd.run(
                ["xdotool", "search", "--onlyvisible", "--name", "^Editor$"], check=False
            )
            if found.stdout.strip():
                break
            time.sleep(0.05)
        time.sleep(0.5)  # mapped is not painted
        screen = DesktopScreen(display=vd.display, detector=tca.OcrDetector())
        try:
            obs = screen.capture()
        finally:
            screen.close()
        geometry = vd.run(["xdotool", "search", "--name", "^Editor$", "getwindowgeometry"])
        click = subprocess.run(
            [sys.executable, "-m", "tiny_computer_agent", "--live", "--real-input", GOAL],
            env={**vd.env, **ARMED}, capture_output=True, text=True, timeout=180, check=False,
        )  # fmt: skip
        try:
            answer = dialog.wait(10)  # zenity's exit code: 0 = its OK button, here "Save"
        finally:
            vd.stop(dialog)
    expect(answer == 0, f"zenity exited {answer}: {click.stdout}{click.stderr}")
    menu = tca.build_menu(obs, GOAL)
    decision = tca.PlannerBrain().decide(GOAL, menu, ())
    ((x, y),) = tca.screen_points(decision.action, obs)
    chosen = obs.resolve(decision.action.target or "", decision.action.target_id).box
    pos = re.search(r"Position: (\d+),(\d+).*Geometry: (\d+)x(\d+)", geometry.stdout, re.S)
    expect(pos is not None, f"no window geometry in {geometry.stdout!r}")
    assert pos is not None
    _, wy, _, wh = (int(v) for v in pos.groups())
    y0, y1 = max(0, wy - 80), min(obs.size[1], wy + wh + 50)
    return Screenshot(
        image=obs.image.crop((0, y0, obs.size[0], y1)),
        boxes=[(e.label, shift(e.box, 0, y0)) for e in menu.entries],
        chosen=shift(chosen, 0, y0),
        click=(x, y - y0),
        caption=f"zenity on Xvfb {vd.display} · {len(menu.entries)} OCR elements (orange) · "
        f"{decision.action.describe()} (green) -> pointer ({x}, {y}) · clicked for real: "
        f"zenity exited {answer} (Save)",
    )


@capability(
    "desktop-incremental",
    "After a change, only what changed is read again",
    "A zenity dialog opens over a real Tk window: the frame seen while settling is indexed "
    "ahead, and only the changed regions (boxes 'read 1', 'read 2') are read by OCR; the rest "
    "is kept from the last index. A whole read of the same frame finds the same sure words.",
    shows=[
        "IncrementalOcr",
        "IncrementalOcr.detect",
        "IncrementalOcr.forget",
        "OcrDetector.read_pieces",
        "OcrDetector.sort_pieces",
        "desktop.DesktopScreen.look_ahead",
        "desktop.DesktopScreen.signature_outside",
    ],
)
def desktop_incremental() -> Screenshot:
    import tiny_computer_agent as tca
    from tiny_computer_agent.desktop import DesktopScreen

    linux_only("needs Xvfb, openbox and zenity (GTK), Linux-only programs")
    with desktop() as desk:
        desk.app(extras=True)
        inc = tca.IncrementalOcr()
        screen = DesktopScreen(display=desk.display, detector=inc)
        try:
            first = screen.capture()
            title = next(e for e in first.elements if e.label.startswith("Editor")).box
            screen.signature()
            quiet = screen.signature_outside(title)  # the screen less the editor's title
            desk.zenity("--question", "--title", "Replace file", "--text",
                        "A file named report.txt already exists. Replace it?")  # fmt: skip
            screen.signature()  # what a settle poll does after an action ...
            screen.look_ahead()  # ... and the frame it saw is indexed in the background
            seen = screen.capture()
            # the settle's test that a program answered a click: a change outside the
            # control clicked (here the title, which also changed as it lost focus)
            answered = screen.signature_outside(title) != quiet
        finally:
            screen.close()
    update = inc.last_update
    expect(update is not None and update.kind == "regions", f"not a partial read: {update}")
    assert update is not None
    whole = tca.OcrDetector()
    full = whole.sort_pieces(whole.read_pieces(seen.image))
    sure = {e.key for e in full.elements if e.confidence >= 0.9}
    missing = sorted(sure - {e.key for e in seen.elements})
    expect(not missing, f"the incremental index lacks {missing}")
    inc.forget()
    inc.detect(tca.Frame.of(seen.image))
    again = inc.last_update
    expect(again is not None and again.kind == "full", "forget() did not force a whole read")
    expect(answered, "the dialog did not change the screen outside the editor's title")
    return Screenshot(
        image=seen.image,
        boxes=[*((f"read {i}", r) for i, r in enumerate(update.regions, 1)),
               *((e.label, e.box) for e in seen.elements if e.label in ("Yes", "No"))],
        caption=f"first look: whole frame ({len(first.elements)} elements) · dialog opened: "
        f"{update.area:.0%} of the frame read again, {update.kept} pieces kept, "
        f"{update.read} read · all {len(sure)} sure words of a whole read are in it",
    )  # fmt: skip


@capability(
    "desktop-controls",
    "Controls, not only text: fields, check boxes, radios, touching buttons, keys",
    "A real Tk form on Xvfb, indexed by OCR alone and by the fused detector (--detector "
    "auto): control shapes in the pixels cut OCR's lines at button borders and make the "
    "empty field, the ticked box and the chosen radio elements, with their kinds.",
    shows=["FusedDetector", "FusedDetector.detect"],
)
def desktop_controls() -> Screenshot:
    import tiny_computer_agent as tca
    from tiny_computer_agent.desktop import DesktopScreen

    linux_only("needs Xvfb and openbox, Linux-only programs")
    form = ROOT / "tests" / "shapes_form_app.py"
    with desktop() as desk:
        proc = desk.vd.spawn([sys.executable, str(form)], stdout=subprocess.PIPE, env=desk.env())
        assert proc.stdout is not None
        expect(bool(proc.stdout.readline()), "the Tk form printed no geometry")
        time.sleep(0.5)
        found = {}
        for name, det in (("ocr", tca.IncrementalOcr()), ("auto", tca.FusedDetector())):
            screen = DesktopScreen(display=desk.display, detector=det)
            try:
                found[name] = screen.capture()
            finally:
                screen.close()
    fused = found["auto"]
    kinds = {e.kind for e in fused.elements}
    expect({"field", "check", "radio", "button"} <= kinds, f"kinds found: {sorted(kinds)}")
    plain = ("", "text", "title")
    controls = [e for e in fused.elements if e.kind not in plain]
    return Screenshot(
        image=fused.image,
        boxes=[(f"[{e.kind}] {e.label}", e.box) for e in fused.elements if e.kind],
        caption=f"OCR alone: {len(found['ocr'].elements)} text elements, no kinds · fused: "
        f"{len(controls)} controls ({', '.join(sorted(kinds - set(plain)))}) "
        f"and {len(fused.elements) - len(controls)} labels and titles",
    )


# ---------------------------------------------------------------- real input


@capability(
    "desktop-real-click",
    "A real click, the window's reaction, and the verifier seeing it",
    "The real command line with --real-input (and the environment variable) clicks Save in "
    "a real Tk window; before and after are real captures; the run ends 'verified' only "
    "because the harness then read 'Saved' on the screen.",
    shows=["desktop.DesktopScreen.grab"],
)
def desktop_real_click() -> Screenshot:
    from PIL import Image, ImageDraw

    from tiny_computer_agent.desktop import DesktopScreen

    argv = ["--live", "--real-input", "--verify-text", "Saved", GOAL]
    with desktop() as desk:
        app = desk.app()
        screen = DesktopScreen(display=desk.display or None)
        try:
            before, mapping = screen.grab()
            run = subprocess.run(
                [sys.executable, "-m", "tiny_computer_agent", *argv],
                env={**os.environ, **display_env(desk), **ARMED},
                capture_output=True, text=True, timeout=180, cwd=ROOT, check=False,
            )  # fmt: skip
            after, _ = screen.grab()
        finally:
            screen.close()
        events = app.events()  # the marker file lives in the desk's temp dir
    expect(run.returncode == 0, f"exit {run.returncode}: {run.stdout}{run.stderr}")
    expect("outcome: verified" in run.stdout, run.stdout)
    expect(events == [{"event": "click", "button": "Save"}], f"the app saw {events}")
    hit = re.search(r"did click 'Save' at \((\d+), (\d+)\)", run.stdout)
    expect(hit is not None, f"no click point in {run.stdout!r}")
    assert hit is not None
    px, py = (round(v) for v in mapping.to_frame(int(hit.group(1)), int(hit.group(2))))
    region = app_region(app, mapping, before.size)
    x0, y0, x1, y1 = region
    w, h = x1 - x0, y1 - y0
    gap, head = 24, 34
    shown_env = " ".join(f"{k}={v}" for k, v in {**ARMED, **display_env(desk)}.items())
    lines = [
        f"$ {shown_env} tiny-computer-agent {shlex.join(argv)}",
        *[ln for ln in run.stdout.splitlines() if ln.strip()][-8:],
        f"[exit code {run.returncode}]   the app's marker file: {events}",
    ]
    colours = [(120, 220, 120)] + [(215, 215, 215)] * (len(lines) - 2) + [(240, 200, 110)]
    rows = [
        (colour, row)
        for line, colour in zip(lines, colours, strict=True)
        for row in textwrap.wrap(line, (2 * w + gap - 20) // 9, subsequent_indent="    ")
    ]
    out = Image.new("RGB", (2 * w + gap, head + h + 22 * len(rows) + 20), (24, 26, 33))
    out.paste(before.crop(region), (0, head))
    out.paste(after.crop(region), (w + gap, head))
    d = ImageDraw.Draw(out)
    white = (255, 255, 255)
    d.text((8, 6), "before (real capture)", font=font(18), fill=white)
    d.text((w + gap + 8, 6), "after the real click (real capture)", font=font(18), fill=white)
    for i, (colour, row) in enumerate(rows):
        d.text((10, head + h + 12 + 22 * i), row, font=font(14), fill=colour)
    return Screenshot(
        image=out,
        click=(px - x0, py - y0 + head),
        caption="left: just before the run (red: where the CLI clicked) · right: just after "
        "— title and status say Saved",
    )


@capability(
    "desktop-real-input-api",
    "RealInputExecutor: refused unless armed, then a real click that settles",
    "In a fresh process on the display (pyautogui binds to one display per process): the "
    "executor refuses an unarmed policy; armed, it clicks the OCR'd 'Save' for real and "
    "waits for the screen to settle. The app's marker file proves the press.",
    shows=[
        "desktop.RealInputExecutor",
        "desktop.RealInputExecutor.execute",
        "desktop.pyautogui_keys",
    ],
)
def desktop_real_input_api() -> Transcript:
    t = Transcript()
    with desktop() as desk:
        app = desk.app()
        block = python_on(
            t,
            desk,
            """
            import tiny_computer_agent as tca
            from tiny_computer_agent.desktop import DesktopScreen, RealInputExecutor, pyautogui_keys
            print(pyautogui_keys("ctrl+shift+Page_Up"), pyautogui_keys("super+Return"))
            screen = DesktopScreen(detector=tca.OcrDetector())
            try:
                RealInputExecutor(policy=tca.Policy(), screen=screen)
            except tca.PolicyRefusal as exc:
                print("PolicyRefusal:", exc)
            executor = RealInputExecutor(policy=tca.Policy().armed(flag=True), screen=screen)
            gui = executor.gui  # pyautogui, loaded for this display
            print("pyautogui", gui.__version__, tuple(gui.size()), "PAUSE", gui.PAUSE, "FAILSAFE", gui.FAILSAFE)
            obs = screen.capture()
            result = executor.execute(tca.Action.make("click", target="Save"), obs)
            print(result.description)
            print("dry run:", result.dry_run, "| settled after", result.settle_seconds, "s")
            print("the screen now shows 'Saved notes.txt':", screen.capture().shows("Saved notes.txt"))
            screen.close()
            """,
            env=ARMED,
        )
        t.python("print(app.marker.name, app.events())  # the Tk app's own record", {"app": app})
        events = app.events()
    expect(block.code == 0, block.output)
    expect(events == [{"event": "click", "button": "Save"}], f"the app saw {events}")
    return t


@capability(
    "desktop-denied",
    "A denied button in a real window is not pressed, even armed",
    "With --real-input and the environment variable set, 'Open Terminal' is refused by the "
    "policy before any input; the app's marker file stays empty.",
    shows=[],
)
def desktop_denied() -> Transcript:
    t = Transcript()
    with desktop() as desk:
        app = desk.app(
            ("Open Terminal", "Password Manager", "Cancel"),
            title="Launcher",
            prompt="Which tool do you want to open?",
        )
        run = t.shell(
            "--live", "--real-input", 'click "Open Terminal"', env={**ARMED, **display_env(desk)}
        )
        t.python(
            """
            # the Tk app appends one JSON line to its marker file for every button press
            print(app.marker.name, "exists:", app.marker.exists(), "| presses:", app.events())
            """,
            {"app": app},
        )
        events = app.events()
    expect(run.code == 1 and "REFUSED by denied-widget" in run.output, run.output)
    expect(events == [], f"the app saw {events}")
    return t


@capability(
    "desktop-dry-run",
    "--live is a dry run; --real-input needs the environment variable too",
    "On a real window, --live reads the screen and says where it would click, touching "
    "nothing; --real-input without TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT=1 is refused with "
    "the fix. The app's marker file proves nothing was pressed.",
    shows=[],
)
def desktop_dry_run() -> Transcript:
    t = Transcript()
    with desktop() as desk:
        app = desk.app()
        env = display_env(desk)
        dry = t.shell("--live", "--verify-text", "Saved", GOAL, env=env)
        unarmed = t.shell("--live", "--real-input", GOAL, env=env)
        t.python(
            'print(app.marker.name, "exists:", app.marker.exists(), "| presses:", app.events())',
            {"app": app},
        )
        events = app.events()
    expect(dry.code == 1 and "would click 'Save' at (" in dry.output, dry.output)
    expect(
        unarmed.code == 1 and "TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT" in unarmed.output,
        unarmed.output,
    )
    expect(events == [], f"the app saw {events}")
    return t


# ---------------------------------------------------------------- the doctor, no display


@capability(
    "desktop-doctor",
    "The doctor on a real desktop: READY",
    "--doctor checks display, capture, input, OCR, model runtime, mode, kill switch and the "
    "last self-test, one line each with the fix; 0 when READY.",
    shows=[],
)
def desktop_doctor() -> Transcript:
    t = Transcript()
    with desktop() as desk:
        env = display_env(desk)
        t.shell("--calibrate", env=env)
        doc = t.shell("--doctor", env=env)
    expect(doc.code == 0 and "READY" in doc.output, doc.output)
    return t


@capability(
    "desktop-no-display",
    "No display: exit 3, a NOT READY doctor, and errors that name the fix",
    "Without DISPLAY, --live exits 3 and the doctor says what is missing and what the machine "
    "can still do; the API raises ScreenUnavailable naming the fix, never a traceback.",
    shows=[
        "desktop.doctor",
        "desktop.render_doctor",
        "desktop.ready",
        "desktop.Check",
        "desktop.Check.render",
        "desktop.Check.to_dict",
        "desktop.open_capture",
        "desktop.CAPTURE_BACKENDS",
        "desktop.make_dummy_xauthority",
    ],
)
def desktop_no_display() -> Transcript:
    linux_only("shows a machine without an X display; this system always has its desktop")
    t = Transcript()
    live = t.shell("--live", GOAL, env={"DISPLAY": ""})
    doc = t.shell("--doctor", env={"DISPLAY": ""})
    ns = namespace()
    t.python(
        """
        import tempfile, pathlib
        from tiny_computer_agent.desktop import (CAPTURE_BACKENDS, Check, doctor,
            make_dummy_xauthority, open_capture, ready, render_doctor)
        checks = doctor(environ={})  # an environment without DISPLAY
        print(checks[0].render()); print(checks[0].to_dict())
        print(render_doctor(checks).splitlines()[-1], "| ready:", ready(checks))
        print(all(isinstance(c, Check) for c in checks), CAPTURE_BACKENDS)
        try:
            open_capture("mss", display=":87")
        except tca.ScreenUnavailable as exc:
            print("ScreenUnavailable:", exc)
        # pyautogui on a private Xvfb started without -auth still wants an authority file
        xauth = make_dummy_xauthority(pathlib.Path(tempfile.mkdtemp()) / "Xauthority")
        print(xauth.name, xauth.stat().st_size, "bytes, mode", oct(xauth.stat().st_mode & 0o777))
        """,
        ns,
    )
    expect(live.code == 3, live.output)
    expect(doc.code == 1 and "NOT READY" in doc.output, doc.output)
    return t


# ---------------------------------------------------------------- self-test, monitors, settle


@capability(
    "desktop-calibrate",
    "The coordinate self-test: passes on two monitors, fails on a wrong --scale",
    "Pointer, capture and mapping are checked against labelled targets Tk draws at known "
    "places, on every monitor (here two, the second offset by xrandr); a wrong --scale is "
    "measured, named and exits 1.",
    shows=[
        "desktop.calibrate",
        "desktop.load_calibration",
        "desktop.Calibration",
        "desktop.Calibration.ok",
        "desktop.Calibration.render",
        "desktop.Calibration.to_dict",
        "desktop.Calibration.from_dict",
        "desktop.MonitorCalibration",
        "desktop.MonitorCalibration.ok",
        "desktop.MonitorCalibration.render",
        "desktop.MonitorCalibration.to_dict",
        "desktop.MonitorCalibration.from_dict",
    ],
)
def desktop_calibrate() -> Transcript:
    from tiny_computer_agent.desktop import (
        Calibration,
        MonitorCalibration,
        calibrate,
        load_calibration,
    )

    t = Transcript()
    second = "2" if LINUX else "1"  # the session desktop may have a single monitor
    with desktop(size=(2560, 800), monitors=TWO_MONITORS) as desk:
        env = display_env(desk)
        ok = t.shell("--calibrate", env=env)
        wrong = t.shell("--calibrate", "--monitor", second, "--scale", "1.5", env=env)
        small = t.shell("--calibrate", "--monitor", "1", "--max-width", "960", env=env)
        ns = {"DISPLAY": desk.display or None, "MONITOR": int(second), "calibrate": calibrate,
              "load_calibration": load_calibration, "Calibration": Calibration,
              "MonitorCalibration": MonitorCalibration}  # fmt: skip
        t.python(
            """
            result = calibrate(display=DISPLAY, monitors=[MONITOR], pointer=False)  # no pyautogui
            print(result.render())
            first = result.monitors[0]
            print(result.ok, first.ok, sorted(first.to_dict()))
            print(MonitorCalibration.from_dict(first.to_dict()) == first,
                  Calibration.from_dict(result.to_dict()) == result, load_calibration() == result)
            """,
            ns,
        )
    expect(
        [ok.code, wrong.code, small.code] == [0, 1, 0],
        f"exit codes {ok.code, wrong.code, small.code}",
    )
    expect("calibration: FAIL" in wrong.output, wrong.output)
    return t


@capability(
    "desktop-monitors",
    "A second, offset monitor (xrandr --setmonitor) maps back exactly",
    "Monitor 2 (1280x600 at +1280+200) is captured alone; OCR boxes are monitor-local, and "
    "the mapping sends 'Save' to the global pixel inside the button Tk drew there.",
    shows=["desktop.DesktopScreen.monitors"],
)
def desktop_monitors() -> Screenshot:
    from PIL import ImageDraw

    import tiny_computer_agent as tca
    from tiny_computer_agent.desktop import DesktopScreen

    linux_only("needs xrandr --setmonitor on a private Xvfb (Linux-only) to make monitors")
    with desktop(size=(2560, 800), monitors=TWO_MONITORS) as desk:
        app = desk.app(at=(1500, 350))
        whole = DesktopScreen(display=desk.display, monitor=0)
        second = DesktopScreen(display=desk.display, monitor=2, detector=tca.OcrDetector())
        try:
            monitors = second.monitors()
            obs = second.capture()
            image, _ = whole.grab()
        finally:
            whole.close()
            second.close()
    m = obs.mapping
    save = obs.find("Save")
    point = m.to_screen(*save.center)
    expect(app.contains("Save", point), f"{point} is outside Tk's Save {app.rect('Save')}")
    expect((m.left, m.top) == (1280, 200), f"monitor 2's mapping is {m}")

    k = 0.6  # the whole 2560x800 screen, shrunk to fit a page

    def small(box: Sequence[float]) -> Box:
        return round(box[0] * k), round(box[1] * k), round(box[2] * k), round(box[3] * k)

    def on_screen(box: Box) -> Box:  # a monitor-2 frame box -> global screen pixels
        return (*m.to_screen(box[0], box[1]), *m.to_screen(box[2], box[3]))

    image = image.resize((round(image.width * k), round(image.height * k)))
    d = ImageDraw.Draw(image)
    blue, white = (120, 200, 255), (255, 255, 255)
    for mon in monitors[1:]:
        box = small((mon.left, mon.top, mon.left + mon.width - 1, mon.top + mon.height - 1))
        d.rectangle(box, outline=blue, width=4)
        d.text((box[0] + 10, box[1] + 8), mon.describe(), font=font(20), fill=blue)
    d.text((1280 * k + 10, 8), "(outside every monitor)", font=font(16), fill=(170, 190, 210))
    notes = [
        f"'Save' in monitor 2's own frame: {save.box}",
        f"mapped to the screen: {point}",
        f"Tk drew the button at {app.rect('Save')}",
    ]
    for i, note in enumerate(notes):
        d.text((1280 * k + 10, 800 * k - 84 + 24 * i), note, font=font(17), fill=white)
    return Screenshot(
        image=image,
        boxes=[(e.label, small(on_screen(e.box))) for e in obs.elements],
        chosen=small(on_screen(save.box)),
        click=(round(point[0] * k), round(point[1] * k)),
        caption=f"one 2560x800 Xvfb split in two (blue) · monitor 2 read alone: frame {obs.size}, "
        f"offset ({m.left}, {m.top}) · 'Save' -> {point}, inside Tk's button",
    )


@capability(
    "desktop-downscale",
    "A downscaled frame, and HiDPI, map back to the exact pointer pixel",
    "The brain may see a smaller frame (max_width); the mapping scales its pixels back to "
    "pointer coordinates, checked against where Tk drew the button. frame_mapping is the "
    "formula, HiDPI included.",
    shows=["desktop.frame_mapping"],
)
def desktop_downscale() -> Transcript:
    import tiny_computer_agent as tca
    from tiny_computer_agent.desktop import DesktopScreen, Monitor, frame_mapping

    t = Transcript()
    with desktop() as desk:
        app = desk.app()
        ns = {"tca": tca, "DISPLAY": desk.display or None, "app": app,
              "DesktopScreen": DesktopScreen, "Monitor": Monitor, "frame_mapping": frame_mapping}  # fmt: skip
        out = t.python(
            """
            screen = DesktopScreen(display=DISPLAY, max_width=960, detector=tca.OcrDetector())
            obs = screen.capture()
            print(screen.open().describe(), "-> frame", obs.size, obs.mapping)
            save = obs.find("Save")
            point = obs.mapping.to_screen(*save.center)
            print("Save in the frame:", save.box, "-> pointer", point)
            print("Tk drew Save at", app.rect("Save"), "-> inside:", app.contains("Save", point))
            screen.close()
            # a Retina Mac: 1440x900 points captured as 2880x1800 pixels, shown as 1280x800
            retina = Monitor(index=1, left=0, top=0, width=1440, height=900)
            m = frame_mapping(retina, captured=(2880, 1800), frame=(1280, 800))
            print(m, "-> frame centre", m.to_screen(640, 400))
            """,
            ns,
        )
    expect("inside: True" in out, out)
    return t


@capability(
    "desktop-settle",
    "Settle, not sleep: timings on a real X server",
    "After an action the harness polls a cheap frame signature: a click that changes the "
    "window returns in a fraction of a second, an action that changes nothing after 'appear', "
    "and a dialog that takes 0.7 s to appear is waited for.",
    shows=[
        "desktop.Settle",
        "desktop.Settle.wait",
        "desktop.SettleResult",
        "desktop.DesktopScreen.signature",
    ],
)
def desktop_settle() -> Transcript:
    from tiny_computer_agent.desktop import DesktopScreen, Settle, SettleResult

    linux_only("needs xdotool (Linux-only) to act from outside the harness")
    t = Transcript()
    with desktop() as desk:
        app = desk.app()
        results: list[SettleResult] = []
        ns = {"desk": desk, "app": app, "DesktopScreen": DesktopScreen, "Settle": Settle,
              "SettleResult": SettleResult, "results": results}  # fmt: skip
        t.python(
            """
            screen = DesktopScreen(display=desk.display)
            settle = Settle()
            print(settle)

            def act(what, *xdotool):
                before = screen.signature()  # a digest of sampled pixels, ~10 ms
                desk.vd.run(["xdotool", *xdotool])
                r = settle.wait(screen.signature, before)
                print(f"{what:<34} {r.state:<9} after {r.seconds:.2f}s, {r.polls} polls")
                results.append(r)

            x0, y0, x1, y1 = app.rect("Save")
            act("click Save", "mousemove", str((x0 + x1) // 2), str((y0 + y1) // 2), "click", "1")
            act("move the pointer off the button", "mousemove", "1000", "700")
            act("move over the empty desktop", "mousemove", "1100", "720")
            act("ctrl+o: a dialog 0.7 s later", "key", "ctrl+o")
            print(all(isinstance(r, SettleResult) for r in results), app.events())
            screen.close()
            """,
            ns,
        )
        events = app.events()
    states = [r.state for r in results]
    expect(states[0] == "changed" and states[2:] == ["unchanged", "changed"], f"settled {states}")
    expect(results[3].seconds >= 0.7, f"the slow dialog settled after {results[3].seconds:.2f}s")
    expect({"event": "dialog"} in events, f"the app saw {events}")
    return t


# ---------------------------------------------------------------- region signatures, the ring

#: A Tk form: two empty fields with grey hints ("your name", "your city") that clear when
#: the field takes focus, Tab between them, and Return sends: one JSON line to the marker
#: file and "Sent: NAME from CITY" on the window.
FORM_APP = r"""
import json, sys, tkinter as tk
from pathlib import Path

marker = Path(sys.argv[1])
root = tk.Tk()
root.title("Sign up")
root.geometry("+200+150")
font = ("DejaVu Sans", 14)
fields = {}
for row, (name, hint) in enumerate((("Name", "your name"), ("City", "your city"))):
    tk.Label(root, text=name + ":", font=font).grid(row=row, column=0, padx=(24, 8), pady=8)
    entry = tk.Entry(root, font=font, width=22, fg="#555555")
    entry.insert(0, hint)
    entry.grid(row=row, column=1, padx=(0, 24), pady=8)

    def focused(event, entry=entry, hint=hint):
        if entry.get() == hint:
            entry.delete(0, "end")
            entry.configure(fg="black")

    entry.bind("<FocusIn>", focused)
    fields[name] = entry
status = tk.Label(root, text="Nothing sent yet", font=font)
status.grid(row=2, column=0, columnspan=2, pady=(4, 16))

def send(event):
    values = {name: entry.get() for name, entry in fields.items()}
    with marker.open("a") as fh:
        fh.write(json.dumps({"event": "sent", **values}) + "\n")
    status.configure(text=f"Sent: {values['Name']} from {values['City']}")

root.bind_all("<Return>", send)
root.after(500, lambda: print(json.dumps({"ready": True}), flush=True))
root.mainloop()
"""


def tk_script(desk: Desk, name: str, source: str, arg: Path) -> dict[str, Any]:
    """Start a Tk ``source`` on the desk (stopped by PID with it); its first JSON line."""
    script = desk.tmp / f"{name}.py"
    script.write_text(source)
    proc = desk.vd.spawn([sys.executable, str(script), str(arg)], stdout=subprocess.PIPE)
    line = proc.stdout.readline() if proc.stdout is not None else ""
    expect(bool(line), f"the Tk {name} printed nothing (did it start?)")
    time.sleep(0.3)  # mapped is not painted
    return dict(json.loads(line))


@capability(
    "desktop-frame-ring",
    "Region signatures and the frame ring: a 300 ms toast seen only by the ring",
    "A signature over one widget stays put while a clock ticks beside it, and changes when "
    "the widget does. During a real settle a toast comes and goes; the captures before and "
    "after never show it, the ring kept it, and OCR reads it back from ring.between().",
    shows=[
        "desktop.DesktopScreen.recent",
        "desktop.FrameRing",
        "desktop.FrameRing.add",
        "desktop.FrameRing.between",
        "desktop.FrameRing.clear",
        "desktop.FrameRing.frames",
        "desktop.FrameRing.last_signature",
        "desktop.FrameRing.nbytes",
        "desktop.FrameRing.signatures",
        "desktop.RawFrame",
        "desktop.RawFrame.image",
        "desktop.RawFrame.nbytes",
        "desktop.RawFrame.of_image",
        "desktop.RingFrame",
    ],
)
def desktop_frame_ring() -> Screenshot:
    from PIL import Image, ImageDraw

    import tiny_computer_agent as tca
    from devsupport.xdesktop import start_ring_app
    from tiny_computer_agent.desktop import (
        DesktopScreen,
        FrameRing,
        RawFrame,
        RingFrame,
        Settle,
    )

    # the ring on its own: bounded by frames, bytes and seconds, oldest dropped first
    ring = FrameRing(max_frames=2, seconds=5.0)
    raws = [RawFrame.of_image(Image.new("RGB", (40, 30), c)) for c in ("red", "lime", "blue")]
    for i, raw in enumerate(raws):
        ring.add(100.0 + i, bytes([i]) * 8, raw)
    ring.add(103.0, b"unchanged", None)  # a signature without a frame
    kept = ring.frames()
    expect(len(kept) == 2 and ring.nbytes == 2 * raws[0].nbytes, f"kept {kept}, {ring.nbytes}")
    expect(kept[0].image.getpixel((0, 0)) == raws[1].image().getpixel((0, 0)), "wrong order")
    demo = (
        f"FrameRing(max_frames=2): 3 RawFrames of {raws[0].nbytes} bytes added, kept "
        f"{len(kept)} ({ring.nbytes} bytes), {len(ring.signatures())} signatures, "
        f"last_signature={ring.last_signature!r}; "
    )
    ring.clear()
    expect(ring.nbytes == 0 and ring.last_signature == b"", "clear() left something")
    demo += f"after clear(): {len(ring)} frames, {ring.nbytes} bytes"

    ocr = tca.OcrDetector()
    with desktop() as desk:
        app = start_ring_app(desk.vd, desk.tmp, clock=True, env=desk.env())
        target, clock, window = app.rect("target"), app.rect("clock"), app.rect("window")
        screen = DesktopScreen(display=desk.display or None, detector=ocr)
        try:
            screen.capture()  # loads the OCR model now, so the captures below are quick
            # 1. a region signature over one widget ignores the clock ticking beside it
            first = screen.signature(target)
            regions, clocks, wholes = set(), set(), set()
            deadline = time.monotonic() + 1.2
            while time.monotonic() < deadline:
                regions.add(screen.signature(target))
                clocks.add(screen.signature(clock))
                wholes.add(screen.signature())
                time.sleep(0.03)
            app.order("rename")
            deadline = time.monotonic() + 3.0
            while screen.signature(target) == first and time.monotonic() < deadline:
                time.sleep(0.02)
            renamed = screen.signature(target) != first
            app.order("stop")  # the clock stops: the settle below can go quiet
            time.sleep(0.5)
            # 2. a toast during a real settle: only the ring keeps it
            before = screen.capture()
            t0 = screen.last_captured_at
            settle = Settle(quiet=0.5, appear=2.0, timeout=5.0)  # quiet outlasts the toast
            app.order("toast")
            settled = settle.wait(screen.signature, screen.last_signature)
            after = screen.capture()
            t1 = screen.last_captured_at
        finally:
            screen.close()
    expect(len(clocks) >= 5 and len(wholes) >= 5, f"the clock did not tick: {len(clocks)}")
    expect(regions == {first}, f"{len(regions)} different signatures over the still widget")
    expect(renamed, "the widget's region did not see Alpha -> Omega")
    expect(settled.state == "changed", f"the settle ended {settled}")
    expect(before.shows("Omega") and not before.shows("Toast"), before.summary())
    expect(not after.shows("Toast"), after.summary())
    assert screen.ring is not None and t0 is not None and t1 is not None
    between: tuple[RingFrame, ...] = screen.ring.between(t0, t1)
    polls = screen.ring.signatures(t0, t1)
    recent = screen.recent(since=t0, until=t1)  # the two captures' frames too
    seen = [(f, tca.observe(f.image.crop(window), detector=ocr)) for f in between]
    toasts = [(f, o) for f, o in seen if o.shows("Toast")]
    expect(bool(toasts), f"no ring frame shows the toast: {[o.summary() for _, o in seen]}")
    expect(len(polls) >= settled.polls > len(between), f"{len(polls)}, {settled}, {len(between)}")
    frame, reading = toasts[0]

    # before | the ring's frame with the toast | after, each the window as captured
    w, h = window[2] - window[0], window[3] - window[1]
    gap, head = 20, 54
    panels = [
        (before.image.crop(window), "before: capture()", f"grabbed at t0 = {t0:.3f}"),
        (frame.image.crop(window), "kept by the ring", f"grabbed at t0 + {frame.t - t0:.3f} s"),
        (after.image.crop(window), "after: capture()", f"grabbed at t0 + {t1 - t0:.3f} s"),
    ]
    lines = [
        f"signature(region) over the label 'Alpha' at {target}: {len(regions)} value in 1.2 s "
        f"(the clock's region: {len(clocks)}, the whole monitor: {len(wholes)}); "
        f"renamed 'Omega', it changed: {renamed}",
        f"Settle(quiet=0.5).wait -> {settled.state} after {settled.seconds:.2f} s, "
        f"{settled.polls} polls; ring.signatures(t0, t1): {len(polls)}, ring.between(t0, t1): "
        f"{len(between)} frames, screen.recent(t0, t1): {len(recent)} (the first capture's "
        f"frame too; the second matched it pixel for pixel), ring.nbytes "
        f"{screen.ring.nbytes / 2**20:.1f} MiB",
        "OCR of ring.between(t0, t1): "
        + " | ".join(f"+{f.t - t0:.3f}s: {o.text().replace(chr(10), ' / ')}" for f, o in seen),
        demo,
    ]
    rows = [r for line in lines for r in textwrap.wrap(line, (3 * w + 2 * gap - 20) // 9)]
    out = Image.new("RGB", (3 * w + 2 * gap, head + h + 22 * len(rows) + 20), (24, 26, 33))
    d = ImageDraw.Draw(out)
    for i, (image, title, when) in enumerate(panels):
        x = i * (w + gap)
        out.paste(image, (x, head))
        d.text((x + 6, 4), title, font=font(18), fill=(255, 255, 255))
        d.text((x + 6, 28), when, font=font(15), fill=(170, 190, 210))
    for i, row in enumerate(rows):
        d.text((10, head + h + 12 + 22 * i), row, font=font(14), fill=(215, 215, 215))
    box = reading.find("Toast: saved").box
    return Screenshot(
        image=out,
        boxes=[("Toast", shift(box, -(w + gap), -head))],
        caption=f"a 300 ms toast during a real settle: neither capture shows it; "
        f"ring.between(t0, t1) kept {len(between)} frames and OCR reads 'Toast' in one",
    )


# ---------------------------------------------------------------- a batch of real input


@capability(
    "desktop-real-input-batch",
    "RealInputExecutor.execute_batch: click, type, Tab, type, Return, one settle",
    "In a fresh process on the display: a batch is checked as a whole (a Return mid-way is "
    "refused before anything is done), then done for real "
    "in order (click a field, type, Tab, type, Return) with one settle after the last; the "
    "form's own marker file proves both fields arrived.",
    shows=["desktop.RealInputExecutor.execute_batch"],
)
def desktop_real_input_batch() -> Transcript:
    t = Transcript()
    with desktop() as desk:
        marker = desk.tmp / "form-events.jsonl"
        tk_script(desk, "form_app", FORM_APP, marker)
        block = python_on(
            t,
            desk,
            """
            import tiny_computer_agent as tca
            from tiny_computer_agent.desktop import DesktopScreen, RealInputExecutor
            screen = DesktopScreen(detector=tca.OcrDetector())
            policy = tca.Policy(typing_in=("Sign up",))  # the Tk form may take text, by its title
            executor = RealInputExecutor(policy=policy.armed(flag=True), screen=screen)
            obs = screen.capture()
            print("before:", obs.text().replace("\\n", " | "))
            try:  # a Return mid-way changes the screen: not a batch, nothing is done
                executor.execute_batch([tca.Action.make("key", keys="Return"),
                                        tca.Action.make("type", text="x")], obs)
            except tca.ActionError as exc:
                print("ActionError:", exc)
            batch = [
                tca.Action.make("click", target="your name"),
                tca.Action.make("type", text="Ada Lovelace"),
                tca.Action.make("key", keys="Tab"),
                tca.Action.make("type", text="London"),
                tca.Action.make("key", keys="Return"),
            ]
            result = executor.execute_batch(batch, obs)
            print(result.description)
            print("ok:", result.ok, "| results logged:", len(executor.log),
                  "| one settle, after the last action:", result.settle_seconds, "s")
            print("after:", screen.capture().text().replace("\\n", " | "))
            screen.close()
            """,
            env=ARMED,
        )
        t.python(
            "print(marker.name, marker.read_text())  # the form's own record",
            {"marker": marker},
        )
        events = [json.loads(x) for x in marker.read_text().splitlines()] if marker.exists() else []
    expect(block.code == 0, block.output)
    expect(
        events == [{"event": "sent", "Name": "Ada Lovelace", "City": "London"}],
        f"the form saw {events}",
    )
    expect(block.output.count("screen changed after") == 1, block.output)
    return t


@capability(
    "desktop-sandbox",
    "A program alone on a sandboxed display",
    "Sandbox starts Xephyr (a window on this desktop) with openbox and the Tk program in it; "
    "the CLI, pointed at the sandbox's display only, clicks Save for real and the program "
    "says Saved, inside the Xephyr window. The program, openbox and Xephyr are stopped by "
    "PID when the block ends.",
    shows=[
        "desktop.Sandbox",
        "desktop.Sandbox.server_argv",
        "desktop.Sandbox.describe",
        "desktop.Sandbox.agent_env",
        "desktop.Sandbox.pids",
        "desktop.VirtualDesktop.server_argv",
    ],
)
def desktop_sandbox() -> Screenshot:
    from devsupport.xdesktop import TK_APP
    from tiny_computer_agent.desktop import DesktopScreen, Sandbox

    linux_only("needs Xephyr, Xvfb and openbox, Linux-only programs")
    expect(shutil.which("Xephyr") is not None, "Xephyr is not installed (xserver-xephyr)")
    with desktop(size=(1280, 800)) as desk, _environ(DISPLAY=desk.display):
        config = {"buttons": ["Don't Save", "Cancel", "Save"], "title": "Editor - notes.txt",
                  "at": [40, 40], "prompt": "Save changes to notes.txt before closing?",
                  "extras": False, "marker": str(desk.tmp / "marker.jsonl"), "textbox": False}  # fmt: skip
        box = Sandbox([sys.executable, str(TK_APP), "app", json.dumps(config)], size=(760, 420))
        expect(box.server_argv(3)[0] == "Xephyr", "a display is there: the sandbox is Xephyr")
        with box:
            started = box.pids
            set_vars, unset = box.agent_env()
            env = {k: v for k, v in {**os.environ, **set_vars, **ARMED}.items() if k not in unset}
            click = subprocess.run(
                [sys.executable, "-m", "tiny_computer_agent", "--live", "--real-input",
                 "--verify-text", "Saved", GOAL],
                env=env, capture_output=True, text=True, timeout=180, check=False,
            )  # fmt: skip
            time.sleep(0.5)  # Xephyr shows the program's answer
            outer = DesktopScreen(display=desk.display)
            try:
                obs = outer.capture()
            finally:
                outer.close()
            where = box.describe().split(" (", 1)[0]  # "python on its own X display :2"
        pressed = (desk.tmp / "marker.jsonl").read_text()
    expect(click.returncode == 0, f"the sandboxed run failed: {click.stdout}{click.stderr}")
    expect('"button": "Save"' in pressed, f"the program saw no Save: {pressed!r}")
    alive = [p for p in started if Path(f"/proc/{p}").exists()]
    expect(not alive, f"still running after the sandbox ended: {alive}")
    xephyr = [w for w in obs.windows if w.title.startswith("tiny-computer-agent sandbox")]
    expect(bool(xephyr), f"no Xephyr window on the outer desktop: {obs.windows}")
    return Screenshot(
        image=obs.image,
        boxes=[("the sandbox (Xephyr)", xephyr[0].box)],
        caption=f"{where} (Xephyr) · the CLI clicked Save in it for real (exit "
        f"{click.returncode}) · pids {' '.join(map(str, started))} stopped after",
    )
