"""The web console: a real run watched and steered from a real browser, and its API."""

from __future__ import annotations

import json
import subprocess
import sys
import time

from ._framework import Screenshot, Transcript, capability, namespace

#: the run the browser steers: Save, then an irreversible click that waits for a yes
SCRIPT = [
    {"verb": "click", "target": "Save"},
    {"verb": "click", "target": "Delete account"},
    {"verb": "click", "target": "Save"},
]


@capability(
    "console-live",
    "The web console: a real run in a real browser, held for a person's yes",
    "tiny-computer-agent --live --real-input --console on a private Xvfb, opened in headless "
    "Chromium: the live frame with the element boxes and their menu numbers, the menu, the "
    "log, and 'Delete account' held until the person approves (screenshot by Selenium).",
    shows=[],
    needs=("Xvfb", "chromium", "chromedriver"),
)
def console_live() -> Screenshot:
    from PIL import Image

    from devsupport.browser import chromium
    from devsupport.xdesktop import eventually

    from .desktop import desktop, linux_only

    linux_only("a private Xvfb desktop for the run")
    with desktop() as desk:
        desk.app(("Save", "Delete account"), title="Account", prompt="Account settings")
        argv = ["--live", "--real-input", "--console", "--console-paused", "--brain",
                "scripted", "--script", json.dumps(SCRIPT), "account settings"]  # fmt: skip
        code = (
            "import os, sys; os.dup2(1, 2); from tiny_computer_agent.cli import main; "
            f"sys.exit(main({argv!r}))"
        )
        env = desk.env(TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT="1")
        proc = desk.vd.spawn([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE)
        assert proc.stdout is not None
        url = next(line.split(" ", 1)[1].strip() for line in proc.stdout if "console: " in line)
        shot = desk.tmp / "console.png"
        with chromium(desk.tmp / "chrome", size=(1400, 820)) as page:
            page.get(url)
            body = page.find_element("tag name", "body")
            eventually(lambda: body.get_attribute("data-state") == "paused", "a paused run")
            page.find_element("id", "b-resume").click()
            eventually(lambda: page.find_element("id", "ask").is_displayed(), "the approval")
            crop = "const i = document.querySelector('#ask-img'); return i.naturalWidth"
            eventually(lambda: page.execute_script(crop), "the screen around the target")
            page.save_screenshot(str(shot))
            page.find_element("id", "no").click()
            eventually(lambda: body.get_attribute("data-state") == "ended", "the run's end")
        proc.communicate(timeout=60)
        image = Image.open(shot).convert("RGB")
    return Screenshot(
        image=image,
        caption="Held: 'Delete account' cannot be undone, so the run waits for Approve (y) or "
        "Refuse (n); Pause, Step, Take control and Stop are buttons and keys.",
    )


@capability(
    "console-api",
    "The console's API: a server on 127.0.0.1 with a token, and the buttons as a state machine",
    "Console serves one run (listener, gate, approve, halt); a request without the token is "
    "a 403 that says why; Controls is the thread-safe machine behind Pause, Step, Resume, "
    "Take control and Stop; an irreversible action waits in ask() for a person's answer.",
    shows=[
        "console.CONTROL_ACTIONS",
        "console.Console",
        "console.Console.start",
        "console.Console.url",
        "console.Console.close",
        "console.Console.hear",
        "console.Console.gate",
        "console.Console.halt",
        "console.Console.approve",
        "console.ControlState",
        "console.Controls",
        "console.Controls.state",
        "console.Controls.pause",
        "console.Controls.resume",
        "console.Controls.step",
        "console.Controls.take_control",
        "console.Controls.hand_back",
        "console.Controls.stop",
        "console.Controls.do",
        "console.Controls.halt",
        "console.Controls.gate",
        "console.Controls.ask",
        "console.Controls.ticket",
        "console.Controls.answer",
        "console.Controls.pending",
        "console.Controls.pick",
        "console.Console.choose",
        "console.Controls.snapshot",
        "console.Question",
        "console.Question.to_dict",
    ],
)
def console_api() -> Transcript:
    import threading

    t, ns = Transcript(), {**namespace(), "time": time, "threading": threading}
    t.python(
        """
        import urllib.error, urllib.request
        from tiny_computer_agent.console import CONTROL_ACTIONS, Console, ControlState
        console = Console(paused=True).start()       # 127.0.0.1, a free port, a fresh token
        print(console.url.split("=")[0] + "=...")
        try:
            urllib.request.urlopen(console.url.split("?")[0] + "state")
        except urllib.error.HTTPError as exc:
            print(exc.code, exc.read().decode().split(". ")[0])
        screen = tca.ScriptedScreen.of_labels(["Account", "Cancel", "Delete account"])
        brain = tca.ScriptedBrain.of([{"verb": "click", "target": "Delete account"}])
        policy = tca.Policy(approve=console.approve, halt=console.halt)  # then arm it
        policy = policy.armed(flag=True, environ={"TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT": "1"})
        executor = tca.DryRunExecutor()               # armed, yet nothing real is touched
        done = []
        run = threading.Thread(target=lambda: done.append(tca.run_episode(
            "delete the account", screen=screen, brain=brain, policy=policy,
            executor=executor, listeners=[console.hear], gate=console.gate)))
        run.start()
        while not console.controls.pending():
            time.sleep(0.05)
        question = console.controls.pending()[0]     # what the page shows, with a crop
        print({k: v for k, v in question.to_dict().items() if k in ("action", "around")})
        console.controls.answer(question.ticket, True)   # the page's Approve button
        while console.controls.snapshot()["holding"] != 1:
            time.sleep(0.05)
        state: ControlState = console.controls.state
        print("approved; the gate still holds step 1:", state)
        console.controls.step()                       # one action through, then paused again
        run.join()
        print(done[0].outcome, "-", executor.log[0].description)
        ticket = lambda: console.controls.pending()[0].ticket  # an unsure brain's question
        threading.Timer(0.3, lambda: console.controls.answer(ticket(), 2)).start()
        print("choose:", console.choose("Which did you mean?", ["click 'Save'", "click 'Cancel'"]))
        console.close()
        """,
        ns,
    )
    t.python(
        """
        from tiny_computer_agent.console import Controls, Question
        c = Controls()
        print(c.state, "->", c.pause(), "->", c.step(), "-> gate:", c.gate(1), "->", c.state)
        print(c.take_control(), "-> gate after hand_back:", end=" ")
        threading.Timer(0.2, c.hand_back).start()
        print(c.gate(2), "(the held action is skipped; the run looks again)")
        q = Question(ticket=c.ticket(), action="click 'Pay now'", label="Pay now",
                     why="this action cannot be undone")
        threading.Timer(0.2, c.answer, (q.ticket, False)).start()
        print("ask:", c.ask(q), "| pending:", c.pending(), "| resume:", c.resume())
        which = Question(ticket=c.ticket(), action="which did you mean?", label="",
                         why="not sure", choices=("click 'Save'", "click 'Cancel'"))
        threading.Timer(0.2, c.answer, (which.ticket, 1)).start()
        print("pick:", c.pick(which))
        print(c.do("stop"), "| halt():", c.halt(), "| buttons:", ", ".join(CONTROL_ACTIONS))
        """,
        ns,
    )
    return t
