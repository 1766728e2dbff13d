"""build_parser(): every flag, grouped as ``--help`` shows them."""

from __future__ import annotations

import argparse
from typing import Final, NoReturn

from .._irreversible import parse_allowance
from .._menu import DEFAULT_MENU_SIZE
from .._policy import DEFAULT_MAX_WAIT_SECONDS
from .._version import __version__
from ..registry import brain_specs, detector_specs
from ._base import UsageError
from ._teach import add_teach_arguments

_EPILOG: Final = """\
exit codes:
  0  verified success: the harness saw --verify-text after acting
  1  the run ended without verified success
  2  bad usage or bad input
  3  no screen to look at
  130  interrupted by Ctrl-C, 143 by SIGTERM (the steps so far are kept in --trace)
with --score: 0 scored, 1 a brain below --min-accuracy, 2 bad usage or a bad trace
with --doctor: 0 READY, 1 a required check failed
with --calibrate: 0 capture, mapping and input agree, 1 a mismatch, 3 no display
with --serve: 0 stopped by Ctrl-C or SIGTERM, 1 the address cannot be used, 2 bad usage
  or a bad token file, 3 no screen; with --remote the codes above (3: the remote is gone)
with --sessions, --session-trace: 0 listed or converted, 2 a bad folder or session
with --mcp, --mcp-http: 0 the client closed the connection (or Ctrl-C, SIGTERM), 1 the
  address cannot be used (--mcp-http), 2 bad usage, 3 no screen or no 'mcp' extra
with --sandbox: the codes above; 3 also when neither Xephyr nor Xvfb is installed, or the
  program shows no window (2: no such program, or no '-- PROGRAM')
with --tasks: 0 every task verified, 1 some were not, 2 bad usage or a bad task list,
  3 no desktop reachable; 130/143 stopped (finished traces are kept: run again to resume)
with --teach: 0 the procedure was written, 1 nothing could be written (nothing done, a
  click on nothing the index names, a drag), 2 bad usage or a name taken, 3 no display

examples:
  tiny-computer-agent --image example --verify-text Saved "click 'Save'"
  tiny-computer-agent --live --verify-text Saved "click 'Save'"          (dry run)
  TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT=1 tiny-computer-agent --live --real-input \
      --verify-text Saved "click 'Save'"
  tiny-computer-agent --doctor
  tiny-computer-agent --mcp --live          (an MCP server on stdio: observe, act, wait_for...)
  tiny-computer-agent --image example --trace run.json --expected Save "click 'Save'"
  tiny-computer-agent --score runs/ --brains planner,first-item,oracle --min-accuracy 0.5
  tiny-computer-agent --tasks tasks.jsonl --desktops http://10.0.0.5:8765,http://10.0.0.6:8765 \
      --token-file token --out runs/ [--cluster tcp://10.0.0.2:8786]
  tiny-computer-agent --image shot.png --no-ocr --script '[{"verb": "click", "target": "cell 5"}]'
"""


def _allowance(value: str) -> str:
    """--allow-irreversible's value, checked: ``LABEL``, ``LABEL*N`` with N >= 1, either
    with ``@WINDOW``; a generic yes only with its window."""
    try:
        parse_allowance(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return value


#: --unsure's choices (see tiny_computer_agent._asking)
UNSURE_MODES = ("ask", "give-up", "guess")


class _Parser(argparse.ArgumentParser):
    """Raises UsageError instead of exiting, so main() owns every exit code and stream."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see --help)")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (separate from :func:`main` so docs and tests can use it)."""
    p = _Parser(
        prog="tiny-computer-agent",
        description="Drive a computer by looking at the screen and choosing from a short "
        "numbered menu, with a tiny local brain. A dry run unless armed.",
        epilog=_catalogue() + _EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("goal", nargs="?", help="what to do, e.g. \"click 'Save'\"")
    _add_source_arguments(p)
    _add_decision_arguments(p)
    run = p.add_argument_group("how to run")
    run.add_argument(
        "--verify-text", metavar="TEXT", help="success = this text visible after acting"
    )
    run.add_argument("--max-steps", type=int, default=8, metavar="N", help="hard step budget")
    run.add_argument(
        "--max-wait",
        type=float,
        default=DEFAULT_MAX_WAIT_SECONDS,
        metavar="SECONDS",
        help="the longest a 'wait for ...' may wait (default: %(default)g)",
    )
    run.add_argument("--json", action="store_true", help="print the episode as JSON on stdout")
    run.add_argument("-v", "--verbose", action="store_true", help="log what the harness does")
    _add_trace_arguments(p)
    _add_session_arguments(p)
    _add_console_arguments(p)
    _add_desktop_arguments(p)
    _add_remote_arguments(p)
    _add_engine_arguments(p)
    _add_mcp_arguments(p)
    _add_pool_arguments(p)
    add_teach_arguments(p)
    p.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    return p


def _add_source_arguments(p: argparse.ArgumentParser) -> None:
    src = p.add_argument_group("what to look at")
    src.add_argument(
        "--image",
        action="append",
        metavar="PATH|example",
        help="replay a screenshot (repeat for a sequence); 'example' is the built-in desktop",
    )
    detectors = detector_specs()
    src.add_argument(
        "--detector",
        choices=tuple(detectors),
        metavar="NAME",
        help="how the screen becomes elements (default: auto): "
        + ", ".join(detectors)
        + " (see 'detectors' below)",
    )
    src.add_argument("--no-ocr", action="store_true", help="the same as --detector grid")
    src.add_argument(
        "--max-width", type=int, metavar="PX", help="downscale frames to this width for the brain"
    )


def _add_decision_arguments(p: argparse.ArgumentParser) -> None:
    think = p.add_argument_group("how to decide")
    brains = brain_specs()
    think.add_argument(
        "--brain",
        choices=("auto", *brains),
        default="planner",
        metavar="NAME",
        help="who decides (default: planner; auto: the planner when the goal quotes a "
        "label, else the intent brain when it can run here; see 'brains' below)",
    )
    _add_model_arguments(p)
    think.add_argument(
        "--script",
        metavar="FILE|JSON",
        help="a fixed list of actions (JSON), validated exactly like a model's answer",
    )
    think.add_argument(
        "--expected",
        action="append",
        metavar="LABEL",
        help="the right target: the oracle's answer, and the run is scored against it",
    )
    think.add_argument(
        "--menu-size", type=int, default=DEFAULT_MENU_SIZE, metavar="N", help="entries shown"
    )
    think.add_argument(
        "--procedures",
        action="store_true",
        help="list the procedures (tasks of many steps) a goal can ask for, with where each "
        "comes from (built-in, your folder, a plugin), and exit; 2 when a file was left out",
    )


def _catalogue() -> str:
    """The registry's brains and detectors, one line each, for the help's epilog."""
    brains, detectors = brain_specs(), detector_specs()
    width = max(len(name) for name in (*brains, *detectors)) + 2
    lines = ["brains (--brain NAME, --brains NAME,NAME...):"]
    lines += [f"  {b.name.ljust(width)}{b.summary}" for b in brains.values()]
    lines.append("detectors (--detector NAME):")
    lines += [f"  {d.name.ljust(width)}{d.summary}" for d in detectors.values()]
    return "\n".join(lines) + "\n\n"


def _add_model_arguments(p: argparse.ArgumentParser) -> None:
    models = p.add_argument_group(
        "model brains (--brain text|smollm2|vlm: the 'vision' extra; embed|intent: numpy)"
    )
    models.add_argument(
        "--model",
        metavar="ID|PATH",
        help="hub id, model directory, .gguf file, or 'smollm2' (bundled); default per brain",
    )
    models.add_argument(
        "--text-mode",
        choices=("generate", "rank"),
        help="text brain: write a reply (default) or rank the menu numbers (clicks only)",
    )
    models.add_argument("--device", metavar="DEV", help="cpu, cuda, cuda:1 (default: cuda if any)")
    models.add_argument(
        "--threads",
        type=int,
        metavar="N",
        help="CPU threads for torch (default: OMP_NUM_THREADS, else half the cores, 1-4)",
    )
    models.add_argument(
        "--base-url",
        metavar="URL",
        help="openai: server URL (default: Ollama's 127.0.0.1:11434/v1)",
    )
    models.add_argument(
        "--allow-remote",
        action="store_true",
        help="openai: allow a server that is not on this machine (the screen is sent to it)",
    )


def _add_trace_arguments(p: argparse.ArgumentParser) -> None:
    rec = p.add_argument_group("record and score (traces hold no pixels)")
    rec.add_argument("--trace", metavar="FILE", help="record the run to FILE (JSON trace)")
    rec.add_argument(
        "--score",
        action="append",
        metavar="DIR_OR_FILE",
        help="scoring mode: replay these traces through --brains and print the scoreboard",
    )
    rec.add_argument(
        "--brains",
        metavar="NAMES",
        default="planner,first-item,oracle",
        help="comma-separated brains to score, the names --brain takes "
        "(default: planner,first-item,oracle)",
    )
    rec.add_argument("--scoreboard-json", metavar="FILE", help="also write the scoreboard as JSON")
    rec.add_argument("--scoreboard-csv", metavar="FILE", help="also write one CSV row per decision")
    rec.add_argument(
        "--compare", metavar="OLD.json", help="list decisions changed since a saved scoreboard"
    )
    rec.add_argument(
        "--min-accuracy",
        type=float,
        metavar="X",
        help="exit 1 when any brain's accuracy is below X (a fraction, e.g. 0.9)",
    )


def _add_session_arguments(p: argparse.ArgumentParser) -> None:
    logs = p.add_argument_group("session logs (events.jsonl and PNG frames, files 0600)")
    logs.add_argument(
        "--session",
        metavar="DIR",
        help="log this run as it happens into DIR (new or empty; never overwritten)",
    )
    logs.add_argument(
        "--no-frames", action="store_true", help="a session log without the PNG frames"
    )
    logs.add_argument(
        "--sessions",
        nargs="?",
        const="",
        metavar="ROOT",
        help="list the sessions under ROOT (default: the state dir's sessions folder)",
    )
    logs.add_argument(
        "--session-trace",
        metavar="DIR",
        help="convert session DIR into a pixel-free trace: needs --trace OUT.json "
        "(--expected LABEL makes it a scenario for --score)",
    )


def _add_desktop_arguments(p: argparse.ArgumentParser) -> None:
    live = p.add_argument_group("the live desktop (the 'desktop' extra)")
    live.add_argument(
        "--live", action="store_true", help="look at the real screen (a dry run unless armed)"
    )
    live.add_argument(
        "--sandbox",
        action="store_true",
        help="run the program named after '--' on a private nested X server (Xephyr in a "
        "window when there is a display, else Xvfb; openbox; an empty clipboard) and drive "
        "only that display, stopping both at the end: --sandbox [flags] GOAL -- PROGRAM "
        "[ARGS] (implies --live)",
    )
    live.add_argument(
        "--real-input",
        action="store_true",
        help="click and type for real; also needs TINY_COMPUTER_AGENT_ALLOW_REAL_INPUT=1",
    )
    live.add_argument(
        "--allow-grid", action="store_true", help="allow real clicks on numbered grid cells"
    )
    live.add_argument(
        "--monitor",
        type=int,
        metavar="N",
        help="1..N one monitor, 0 all of them together (default: the primary)",
    )
    live.add_argument(
        "--scale",
        type=float,
        metavar="F",
        help="HiDPI factor: captured pixels per pointer unit (default: measured)",
    )
    live.add_argument(
        "--calibrate", action="store_true", help="check capture, mapping and input agree"
    )
    live.add_argument("--doctor", action="store_true", help="check what this machine can do")
    _add_safety_arguments(p)


def _add_safety_arguments(p: argparse.ArgumentParser) -> None:
    safety = p.add_argument_group("safety (see the README's safety section)")
    safety.add_argument(
        "--allow-typing-in",
        action="append",
        metavar="NAME",
        help="let real input type, paste and press Return or space in this program's "
        "windows (a WM_CLASS, process name or whole title, matched as --window matches), "
        "though it is not on the table of text programs (editors, office, browsers, mail, file "
        "managers, dialogs, viewers), where alone they go (rule typing-program); '*' "
        "allows any program, even an unknown one. Terminals, shells and run dialogs stay "
        "refused; repeatable",
    )
    safety.add_argument(
        "--window",
        action="append",
        metavar="TITLE|CLASS",
        help="confine every action to the windows this names (a WM_CLASS or process name, "
        "or a whole title; a part of a title only as a pattern with *: '*notes.txt*') and "
        "the dialogs their programs open for them: a click, drag or scroll elsewhere is "
        "refused, and keys and typing go only while one of them has focus (rule "
        "window-scope). It confines only: typing into a program off the table of text "
        "programs still needs --allow-typing-in, and terminals stay refused; with --serve, "
        "pinned for every client; repeatable",
    )
    _add_allowance_arguments(safety)


def _add_allowance_arguments(safety: argparse._ArgumentGroup) -> None:
    safety.add_argument(
        "--allow-irreversible",
        action="append",
        type=_allowance,
        metavar="LABEL[*N][@WINDOW]",
        help="let real input press this irreversible target (Delete account, Pay $5, "
        "Send...) once in the run without asking; LABEL*N allows N presses ('Send*3'); "
        "LABEL@WINDOW only in that window and its dialogs (named as --window names one); "
        "a dialog's generic yes needs its window ('OK@Files'); repeatable. A press past "
        "them, or of another label, is asked on a terminal, and without one refused",
    )
    safety.add_argument(
        "--irreversible-learner",
        action="store_const",
        const="on",
        default="auto",
        help="also ask about a press the irreversible rules pass but a learned second "
        "opinion scores high (a wording no rule lists: about a third of what the rules miss "
        "from new writers), and about a yes (OK, Yes) to a question the rules cannot read. "
        "It asks about some harmless labels too (Replace All, Sign out, "
        "Submit), so by default it is on only where a person can answer: a run at a "
        "terminal or with --console; not for --serve, --mcp or a script. This flag turns it "
        "on everywhere",
    )
    safety.add_argument(
        "--no-irreversible-learner",
        dest="irreversible_learner",
        action="store_const",
        const="off",
        help="never ask the learned second opinion, at a terminal or the console too",
    )
    _add_key_arguments(safety)
    safety.add_argument(
        "--allow-widget",
        action="append",
        metavar="LABEL",
        help="let the run operate this exact target (Show password...) although the denied "
        "widgets name it; never a window to focus or typing with no target; repeatable",
    )
    safety.add_argument(
        "--unsure",
        choices=UNSURE_MODES,
        help="what to do when the brain is not sure enough to choose: ask the person which "
        "of its top choices they meant (on the terminal, or in the console's page) and act "
        "on the answer; give-up naming the choices; or guess its best (the intent brain's "
        "confidence threshold ignored). Default: ask with --console or at a terminal "
        "(stdin a TTY, not under CI or pytest), else give-up",
    )
    _add_secret_arguments(safety)


def _add_key_arguments(safety: argparse._ArgumentGroup) -> None:
    safety.add_argument(
        "--allow-key",
        action="append",
        metavar="CHORD",
        help="let input send this key or chord (super+a, alt+f, F11...), which the allow "
        "list of keys refuses; never into a terminal, and the deny list (ctrl+alt+t, "
        "super, alt+F2...) still holds; repeatable",
    )
    safety.add_argument(
        "--allow-global-key",
        action="append",
        metavar="CHORD",
        help="as --allow-key, and send the chord even where another program (the window "
        "manager, a drop-down terminal, a hotkey daemon) holds it as a global shortcut, "
        "which real input otherwise refuses: it would reach that program, not the focused "
        "window; repeatable",
    )


def _add_secret_arguments(safety: argparse._ArgumentGroup) -> None:
    safety.add_argument(
        "--secret",
        action="append",
        metavar="NAME[@WINDOW]",
        help="the goal's <secret>NAME</secret> is typed as $NAME; the brain, log and trace "
        "only ever see the placeholder. It is typed only alone, by name, into a password, "
        "PIN, passphrase, token or key field (rule secret-target; never a cell, a "
        "terminal's line or a field shown or shared). NAME@WINDOW binds it to one window "
        "(a class, process or whole title, as --window names one) and its own dialogs; "
        "unbound, it goes into no dialog helper's window (zenity, askpass) and no window "
        "whose title says share, public or paste; repeatable",
    )
    safety.add_argument(
        "--secret-field",
        action="append",
        metavar="LABEL",
        help="let a --secret be typed into the field with this exact label too, although "
        "it is not a password, PIN, passphrase, token or key field; still alone and "
        "named as the target; repeatable",
    )


def _add_console_arguments(p: argparse.ArgumentParser) -> None:
    web = p.add_argument_group("the web console (a browser on this machine watches and steers)")
    web.add_argument(
        "--console",
        action="store_true",
        help="serve the run on 127.0.0.1 and print its URL (with a one-time token): the "
        "live frame, pause, step, stop, take control, approve; logs a session too",
    )
    web.add_argument(
        "--console-port", type=int, metavar="N", help="the console's port (default: a free one)"
    )
    web.add_argument(
        "--console-paused", action="store_true", help="start paused: nothing is done until Step"
    )
    web.add_argument(
        "--console-stay",
        action="store_true",
        help="keep the console up after the run (past sessions, scoreboard) until Ctrl-C",
    )
    web.add_argument(
        "--console-traces", metavar="DIR", help="a trace folder the console's scoreboard scores"
    )


def _add_remote_arguments(p: argparse.ArgumentParser) -> None:
    remote = p.add_argument_group(
        "a remote desktop (--serve on the machine being driven, --remote on the driver)"
    )
    remote.add_argument(
        "--serve",
        action="store_true",
        help="serve this machine's screen (--live or --image) to a --remote driver over "
        "HTTP; this machine's policy checks every action; a dry run unless armed here",
    )
    remote.add_argument(
        "--bind", metavar="HOST", help="--serve: listen on HOST (default: 127.0.0.1, loopback)"
    )
    remote.add_argument(
        "--port", type=int, metavar="N", help="--serve: the port (default: 8765; 0: any free one)"
    )
    remote.add_argument(
        "--no-idle-index",
        action="store_true",
        help="--serve: do not index the screen each time it settles between requests (by "
        "default it does, so a driver's first look is as quick as a warm step's)",
    )
    remote.add_argument("--remote", metavar="URL", help="drive the desktop a --serve at URL shows")
    remote.add_argument(
        "--token-file",
        metavar="F",
        help="the shared token, mode 0600 (--serve writes a new one when F is missing)",
    )


def _add_pool_arguments(p: argparse.ArgumentParser) -> None:
    pool = p.add_argument_group(
        "many desktops (a task list over --serve desktops; --cluster needs the 'cluster' extra)"
    )
    pool.add_argument(
        "--tasks",
        metavar="FILE",
        help="run a task list over --desktops, one episode per desktop at a time: a JSON "
        'list (or .jsonl lines) of {"id", "goal", "verify_text", "expected", "max_steps"}',
    )
    pool.add_argument(
        "--desktops", metavar="URL,URL", help="--tasks: the --serve desktops (with --token-file)"
    )
    pool.add_argument(
        "--out",
        metavar="DIR",
        help="--tasks: DIR/<id>.json per task and DIR/scoreboard.json; a rerun resumes",
    )
    pool.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="--tasks: run on the Dask scheduler at ADDRESS (tcp://host:8786), not locally",
    )


def _add_mcp_arguments(p: argparse.ArgumentParser) -> None:
    mcp = p.add_argument_group(
        "an MCP server (the 'mcp' extra): the screen as tools for an MCP client"
    )
    mcp.add_argument(
        "--mcp",
        action="store_true",
        help="serve the tools observe, act, wait_for, verify and doctor on stdin/stdout for "
        "what --live, --image or --remote shows; this machine's policy judges every act, "
        "a dry run unless armed here (--real-input and the environment variable)",
    )
    mcp.add_argument(
        "--mcp-http",
        action="store_true",
        help="the same over streamable HTTP at http://127.0.0.1:PORT/mcp (--port, default "
        "8766; --bind), each request with the bearer token in --token-file (made when missing)",
    )


def _add_engine_arguments(p: argparse.ArgumentParser) -> None:
    engine = p.add_argument_group(
        "the warm engine (a background process per user and display that keeps the OCR "
        "engine and the screen's index warm, so a one-shot --live run's first look is quick)"
    )
    engine.add_argument(
        "--warm",
        action="store_true",
        help="start this display's engine (or find it) and return once it has read the "
        "screen: 0 warm, 1 not started, 3 no screen. A --live run starts one by itself only "
        "at a terminal (stdin a TTY) and never under CI=true or pytest; later --live runs "
        "use it to look (acting stays in the run) and say 'engine: warm, pid N'",
    )
    engine.add_argument(
        "--engine-stop", action="store_true", help="stop this display's engine (exit 0)"
    )
    engine.add_argument(
        "--engine-idle",
        type=float,
        metavar="SECONDS",
        help="an engine started by this command exits after this long without a request "
        "(default: 600)",
    )
    engine.add_argument(
        "--no-engine",
        action="store_true",
        help="neither use nor start the engine: this run reads the screen itself",
    )
    engine.add_argument("--engine-serve", action="store_true", help=argparse.SUPPRESS)
