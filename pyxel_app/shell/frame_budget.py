"""How long a search (or a long job on a file) may work in this frame: ``Host.think_ms``.

A frame may take ``TARGET_MS`` of CPU time (of the 16.7 ms a frame lasts at 60 fps; the rest is
room for a slice's last stretch between two looks at the clock and for the machine's hiccups).
The frame's own work (input, the screens' updates, drawing) is measured every frame, as its
CPU time less the slices given in it.  A slice gets what the target leaves after the most that
own work took in the recent frames and after the slices already given in this frame (and never
more than the target less what this frame has spent so far), but at least ``MIN_MS``, so a
search never stalls on a screen that is slow to draw.
"""

from __future__ import annotations

import gc
import time
from collections import deque
from typing import Callable

TARGET_MS = 12.0
MIN_MS = 1.0
RECENT_FRAMES = 30  # half a second: a heavy frame now and then (an autosave) shrinks the slices that long


def cpu_clock() -> Callable[[], float]:
    """This thread's CPU time, which another program's work does not inflate; the wall clock
    where a platform keeps no such time (the browser)."""
    try:
        time.thread_time()
    except (AttributeError, OSError):
        return time.perf_counter
    return time.thread_time


class Collector:
    """Python's collector, held off while long work on a file runs (``shell/jobs.py``).

    It would walk every object the work builds (a 100,000-move game's states) again and again as
    they pile up, 10-35 ms a time in whatever frame it falls.  It waits from a job's first step
    to the end of the first frame in which no job stepped (so work that ends, is cancelled or is
    dropped never leaves it off), and what the work built is then frozen out of its walks: the
    app thaws it (``jobs.thaw``) when a game is left, so what a left game held may go."""

    def __init__(self) -> None:
        self.held = self.stepped = self.was_on = False

    def hold(self) -> None:
        if not self.held:
            self.held, self.was_on = True, gc.isenabled()
            gc.disable()
        self.stepped = True

    def reset(self) -> None:
        """No job is running any more (an app is let go: a test's, or the process's last): the
        collector is as it was before the first job held it."""
        if self.held and self.was_on:
            gc.enable()
        self.held = self.stepped = False

    def frame_ended(self) -> None:
        if self.held and not self.stepped:
            gc.freeze()
            if self.was_on:
                gc.enable()
            self.held = False
        self.stepped = False


COLLECTOR = Collector()


class FrameBudget:
    def __init__(self, clock: Callable[[], float] | None = None) -> None:
        self.clock = clock or cpu_clock()
        self.own_ms: deque[float] = deque([0.0], maxlen=RECENT_FRAMES)
        self.started = self.clock()
        self.given_ms = 0.0

    def begin(self) -> None:
        """A frame begins (the top of the app's update)."""
        self.started, self.given_ms = self.clock(), 0.0

    def end(self) -> None:
        """The frame is drawn: its own work is what it spent less the slices given."""
        self.own_ms.append(max(0.0, self.spent_ms() - self.given_ms))
        COLLECTOR.frame_ended()

    def spent_ms(self) -> float:
        return (self.clock() - self.started) * 1000.0

    def slice_ms(self, wanted_ms: float) -> float:
        """The slice a search may think now: ``wanted_ms``, cut to what the frame leaves it."""
        left_ms = min(TARGET_MS - max(self.own_ms) - self.given_ms, TARGET_MS - self.spent_ms())
        given = max(MIN_MS, min(wanted_ms, left_ms))
        self.given_ms += given
        return given
