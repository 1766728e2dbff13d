"""The real desktop: capture, real input, settle, the coordinate self-test, the doctor.

One facade, one backend per file, each third-party library imported only inside the
function that needs it (``import tiny_computer_agent.desktop`` loads the standard
library only):

    _capture.py   MssCapture (mss), PillowCapture (Pillow ImageGrab), open_capture()
    _screen.py    DesktopScreen: a monitor -> Observation, with the exact FrameMapping
    _inputs.py    RealInputExecutor on pyautogui (armed policies only)
    _settle.py    Settle: wait until the screen changed and held still
    _ring.py      FrameRing: the last seconds of signatures and changed frames, in memory
    _calibrate.py calibrate(): pointer, capture and mapping checked against a known target
    _doctor.py    doctor(): what this machine can do, and the fix for what it cannot
    _xvfb.py      VirtualDesktop: a private Xvfb (+ openbox, + logical monitors)
    _record.py    InputRecorder, watch(): what a person does (X RECORD), each thing
                  with the screen's index just before it (``--teach``)
    _sandbox.py   Sandbox: one program alone on a nested X server (Xephyr or Xvfb)

Install with ``pip install 'tiny-computer-agent[desktop]'``.
"""

from __future__ import annotations

from ._calibrate import Calibration, MonitorCalibration, calibrate, load_calibration
from ._capture import CAPTURE_BACKENDS, Monitor, open_capture
from ._doctor import Check, doctor, ready, render_doctor
from ._inputs import RealInputExecutor, pyautogui_keys
from ._record import STOP_CHORD, Demonstration, InputEvent, InputRecorder, watch
from ._ring import FrameRing, RawFrame, RingFrame
from ._sandbox import Sandbox
from ._screen import DesktopScreen, frame_mapping
from ._settle import Settle, SettleResult
from ._xvfb import VirtualDesktop, make_dummy_xauthority

__all__ = [
    "CAPTURE_BACKENDS",
    "STOP_CHORD",
    "Calibration",
    "Check",
    "Demonstration",
    "DesktopScreen",
    "FrameRing",
    "InputEvent",
    "InputRecorder",
    "Monitor",
    "MonitorCalibration",
    "RawFrame",
    "RealInputExecutor",
    "RingFrame",
    "Sandbox",
    "Settle",
    "SettleResult",
    "VirtualDesktop",
    "calibrate",
    "doctor",
    "frame_mapping",
    "load_calibration",
    "make_dummy_xauthority",
    "open_capture",
    "pyautogui_keys",
    "ready",
    "render_doctor",
    "watch",
]
