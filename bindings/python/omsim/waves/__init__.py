# SPDX-License-Identifier: Apache-2.0
"""Waves of the co-simulation in Python: read FST/VCD signals into numpy (:class:`Waves`, :class:`Trace`, read with
pywellen), compare two files (:func:`diff`: the first differing signal and time, matched by name), and draw a
window to PNG headless (:func:`render`). The same as the ``omsim wave-diff`` and ``omsim wave-png`` commands."""

from .diff import Difference, DiffReport, diff
from .fst import TICKS_PER_CYCLE, Trace, Waves, cycle_of
from .png import Window, divergence_window, render

__all__ = ["DiffReport", "Difference", "TICKS_PER_CYCLE", "Trace", "Waves", "Window", "cycle_of", "diff",
           "divergence_window", "render"]
