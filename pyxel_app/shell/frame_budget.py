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

import time
from collections import deque
from typing import Callable

TARGET_MS = 13.0
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

    def spent_ms(self) -> float:
        return (self.clock() - self.started) * 1000.0

    def slice_ms(self, wanted_ms: float) -> float:
        """The slice a search may think now: ``wanted_ms``, cut to what the frame leaves it."""
        left_ms = min(TARGET_MS - max(self.own_ms) - self.given_ms, TARGET_MS - self.spent_ms())
        given = max(MIN_MS, min(wanted_ms, left_ms))
        self.given_ms += given
        return given
