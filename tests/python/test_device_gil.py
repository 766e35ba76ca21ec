# SPDX-License-Identifier: Apache-2.0
"""The long calls of omsim._device (draw, clear, read_rt) release the GIL while the backend runs.

Method: the thread switch interval is raised so that a thread holding the GIL is never preempted; a second thread
makes the call, and the main thread -- waiting for the GIL -- can only look at the call's progress flag while the
call runs if the call released the GIL. The raw extension calls are used, with arrays already in their final
dtype, so no numpy loop in the Python layer releases the GIL first.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable

import numpy as np
import pytest

import omsim
from omsim.device import Device, RenderTargetView


def main_thread_ran_during(call: Callable[[], object]) -> bool:
    """True when the main thread got the GIL while `call` (run in another thread) had not returned yet."""
    started = threading.Event()
    state = {"done": False}

    def body() -> None:
        started.set()
        call()
        state["done"] = True

    old = sys.getswitchinterval()
    sys.setswitchinterval(1000.0)
    try:
        t = threading.Thread(target=body)
        t.start()
        started.wait()  # returns once this thread holds the GIL again
        ran_during = not state["done"]
        t.join()
    finally:
        sys.setswitchinterval(old)
    assert state["done"]
    return ran_during


@pytest.fixture
def raw():
    with Device("fl11_1", "model") as dev:
        dev.set_render_targets([RenderTargetView("R8G8B8A8_UNORM", 2048, 2048)])
        dev.set_ps_outputs([omsim.PsOutput()])
        yield dev._d


def test_draw_releases_the_gil(raw):
    n = 100_000
    x = (np.arange(n) % 2048).astype(np.uint32)
    y = (np.arange(n) // 2048).astype(np.uint32)
    oc = np.zeros((n, 1, 4), np.float32)
    assert main_thread_ran_during(lambda: raw.draw(x, y, oc, None, None, None, None, None, None))


def test_clear_releases_the_gil(raw):
    one = 0x3F800000
    assert main_thread_ran_during(lambda: raw.clear((one, 0, 0, one), [(0, 0, 512, 256)]))


def test_read_rt_releases_the_gil(raw):
    out = np.empty((2048, 2048), np.uint32)
    assert main_thread_ran_during(lambda: raw.read_rt(0, int(omsim.Format.R8G8B8A8_UNORM), 1, out))


def test_a_short_call_that_keeps_the_gil_is_detected(raw):
    # The method itself: a call that holds the GIL throughout is not seen running (the test can fail).
    assert not main_thread_ran_during(lambda: [raw.state_version for _ in range(20_000)])
