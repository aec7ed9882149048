"""Long work on a player's file, a slice a frame: importing or dropping a record, resuming or
loading a save, reading the list of a page of files.

The work is a generator that yields its progress, ``(words, done, total)``: the key of the
words that say what it does (``job.*``), the moves (or files) done and how many there are
(None while it cannot tell yet).  It runs as the engines' searches do (``ai/cooperative.py``):
a few milliseconds of CPU a frame, as many as the frame has left (``Host.think_ms``).  Work
that ends within its first slice (``FIRST_SLICE_MS`` at least) is done at once; longer work shows a box with its progress
line ("Reading Game 1: 2,400 of 4,999 moves"), and ESC, the pad's B or a click on the box's
last row cancels it.  Nothing is changed before the work is done: a cancelled import leaves
the game shown as it was.
"""

from __future__ import annotations

import gc
from typing import Any, Callable, Generator

from ..ai.cooperative import Cooperative
from ..input import Action, Input
from ..rules.base import Steps
from . import palette, ui
from .frame_budget import COLLECTOR, cpu_clock
from .host import Host
from .overlays import TextBox
from .strings import language, t

JOB_MS = 8.0  # wanted a frame (room for a step past the clock); the app cuts it to what the frame has left
# The first slice, in the frame of the key (or the drop) that asked: at least this much, so the
# usual file (a record of a hundred moves, a list of a few slots) is done at once, with no box.
FIRST_SLICE_MS = 8.0
_answering = False  # a job's answer is being handed on: a job it starts has had this frame's slice
LONGEST = 100_000  # the most moves a save holds (session.MAX_ENTRIES): the box fits its line
# What the work yields: the key of its words, then what is done and how much there is in all.
Progress = tuple[str, int, "int | None"]
Work = Generator[Progress, None, Any]


def phase(words: str, steps: Steps, total: int | None = None) -> Work:
    """A reader's ``(done, total)`` steps (``rules/base.py``) as the job's progress under ``words``
    (out of ``total`` when the caller knows it better); what the reader returns."""
    while True:
        try:
            done, told = next(steps)
        except StopIteration as stop:
            return stop.value
        yield words, done, told if total is None else total


def grouped(number: int) -> str:
    """``number`` with its thousands grouped as the player's language writes them: 4,999 / 4.999."""
    text = f"{number:,}"
    return text.replace(",", ".") if language() == "de" else text


def progress_words(progress: Progress | None, name: str) -> str:
    """The progress line: what the work does to ``name``, and how far it is."""
    words, done, total = progress or ("job.read", 0, None)
    if total is None:
        return t(words, name=name)
    return t(f"{words}.count", name=name, done=grouped(done), total=grouped(total))


class Job(Cooperative):
    """The work, stepped as a search is; its ``yielded`` is the progress.  Python's collector
    waits while it steps (``frame_budget.COLLECTOR``)."""

    step_clock = staticmethod(cpu_clock())  # the frame's budget is CPU time: a busy machine gets as much work done

    def step(self, budget_ms: float) -> Any:
        COLLECTOR.hold()
        return super().step(budget_ms)

    def close(self) -> None:
        """Stop where it is: the work changes nothing before it ends."""
        self._generator.close()
        self.finished = True


def thaw() -> None:
    """What the jobs froze goes back to the collector (a game is left: what it held may go)."""
    gc.unfreeze()


class JobBox(TextBox):
    """The box of a long job: its progress line, and the key that cancels it."""

    def __init__(self, app: Host, job: Job, name: str, on_done: Callable[[Any], Any],
                 on_cancel: Callable[[], Any] | None) -> None:
        # The box is as tall as the longest line the job may show.
        super().__init__(app, progress_words(("job.replay", LONGEST, LONGEST), name))
        self.rows = len(self.lines)
        self.job, self.name, self.on_done, self.on_cancel = job, name, on_done, on_cancel

    def advance(self, least_ms: float = 0.0) -> bool:
        """One slice of the work (at least ``least_ms``); True once it has ended (and its answer
        has gone to ``on_done``)."""
        if not self.job.finished:
            self.job.step(max(least_ms, self.app.think_ms(JOB_MS)))
        if self.job.finished:
            if self.app.is_open(self):
                self.close()
            global _answering
            _answering, before = True, _answering
            try:
                self.on_done(self.job.result)
            finally:
                _answering = before
            return True
        return False

    def update(self, inp: Input) -> None:
        row_y = self.answer_row * ui.CELL
        clicked_row = inp.clicked and row_y <= inp.mouse_y < row_y + ui.CELL
        if inp.pressed(Action.BACK) or clicked_row:
            inp.consume()
            self.cancel()
        else:
            self.advance()

    def cancel(self) -> None:
        self.job.close()
        self.close()
        if self.on_cancel is not None:
            self.on_cancel()

    def draw(self) -> None:
        lines = ui.wrap(progress_words(self.job.yielded, self.name), self.WIDTH)[: self.rows]
        self.lines = lines + [""] * (self.rows - len(lines))
        self.draw_box()
        ui.hot_at(self.TEXT_COL, self.answer_row, t("job.cancel"), palette.YELLOW, palette.BLUE)


def run_job(app: Host, work: Work, name: str, on_done: Callable[[Any], Any],
            on_cancel: Callable[[], Any] | None = None) -> JobBox:
    """Do ``work`` (on the file ``name``) a slice a frame, then hand its answer to ``on_done``;
    ``on_cancel`` runs if the player cancels it.  Work done within this frame's slice shows no box."""
    box = JobBox(app, Job(work), name, on_done, on_cancel)
    if not box.advance(0.0 if _answering else FIRST_SLICE_MS):
        app.open_overlay(box)
    return box
