"""Teaching by showing once: a person's real input recorded through X RECORD, each action
with the screen's index just before it, written as a procedure by label."""

from __future__ import annotations

from ._framework import Transcript, capability
from .desktop import desktop, expect, linux_only, python_on


@capability(
    "desktop-teach",
    "Taught by showing once: real input recorded, each click named by the element under it",
    "While InputRecorder listens (X RECORD: nothing is pressed by it), a 'person' (xdotool "
    "in a thread, real input) clicks Save in a real Tk window and presses the stop chord; "
    "watch() indexes the screen as it was before each event, and procedures.teach() turns "
    "the click into a step on the button 'Save', by label and kind, not pixels.",
    shows=[
        "desktop.Demonstration",
        "desktop.InputEvent",
        "desktop.InputEvent.describe",
        "desktop.InputRecorder",
        "desktop.InputRecorder.drain",
        "desktop.InputRecorder.start",
        "desktop.InputRecorder.started",
        "desktop.InputRecorder.stop",
        "desktop.STOP_CHORD",
        "desktop.watch",
    ],
    needs=("Xvfb", "xdotool"),
)
def desktop_teach() -> Transcript:
    linux_only("X RECORD and xdotool are X11 tools")
    t = Transcript()
    with desktop() as desk:
        app = desk.app()
        x, y, w, h = app.geometry["Save"]
        block = python_on(
            t,
            desk,
            f"""
            import json, subprocess, threading, time
            from tiny_computer_agent.desktop import (
                STOP_CHORD, Demonstration, DesktopScreen, InputEvent, InputRecorder, watch)
            from tiny_computer_agent.procedures import Shown, teach

            def person():  # real input, as a person gives it, while the recorder listens
                for argv in (["mousemove", "{x + w // 2}", "{y + h // 2}", "click", "1"],
                             ["key", STOP_CHORD]):
                    time.sleep(1.0)
                    subprocess.run(["xdotool", *argv], check=True)

            screen, recorder = DesktopScreen(ring=None), InputRecorder()
            recorder.start()
            print("recording:", recorder.started, "| stop chord:", STOP_CHORD)
            threading.Thread(target=person).start()
            shown: Demonstration = watch(screen, recorder, seconds=30,
                                         on_event=lambda e: print("  seen:", e.describe()))
            recorder.stop()  # watch() stopped it already: idempotent
            print("ended by:", shown.ended, "| left over:", recorder.drain())
            event, before = shown.events[0]
            assert isinstance(event, InputEvent)
            print("under the click, before it:", [e.label for e in before.elements
                                                  if e.contains(*before.mapping.to_frame(*event.point))])
            taught = teach([Shown(what=e.what, before=o, at=e.at, point=e.point, button=e.button)
                            for e, o in shown.events], shown.after, name="press-save")
            print(json.dumps(taught.data["steps"], indent=1))
            screen.close()
            """,
        )
        events = app.events()
    expect(block.code == 0, block.output)
    expect('"label": "Save"' in block.output, block.output)
    expect(events == [{"event": "click", "button": "Save"}], f"the app saw {events}")
    return t
