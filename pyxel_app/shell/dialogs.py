"""The stack of overlays over the screen: help, the game menu, messages and questions.

The top overlay takes the input; all of them are drawn, bottom first.  Help and the game menu
open at once; a message or a question queues: one shows at a time, the next when it is answered,
so two questions never stand over each other and no answer goes to the wrong one.
"""

from __future__ import annotations

from typing import Any, Callable

from ..input import Input
from .host import Host, Overlay
from .overlays import Confirm, Message


class Dialogs:
    def __init__(self, host: Host) -> None:
        self.host = host
        self.shown: list[Overlay] = []  # bottom first; the last one takes the input
        self.waiting: list[Overlay] = []  # dialogs behind the one showing, in the order they came

    def open(self, overlay: Overlay) -> None:
        if overlay.queues:
            self.waiting.append(overlay)
            self.show_next()
        else:
            self.shown.append(overlay)

    def close(self, overlay: Overlay) -> None:
        """``overlay`` goes, whether it shows or waits its turn."""
        for where in (self.shown, self.waiting):
            if overlay in where:
                where.remove(overlay)
        self.show_next()

    def is_open(self, overlay: Overlay) -> bool:
        return overlay in self.shown or overlay in self.waiting

    def show_next(self) -> None:
        """The first waiting dialog, once none is showing."""
        if self.waiting and not any(overlay.queues for overlay in self.shown):
            self.shown.append(self.waiting.pop(0))

    def show_message(self, text: str, on_close: Callable[[], Any] | None = None) -> None:
        self.open(Message(self.host, text, on_close))

    def confirm(self, question: str, on_yes: Callable[[], Any], on_no: Callable[[], Any] | None = None,
                default: bool = False) -> Confirm:
        dialog = Confirm(self.host, question, on_yes, on_no, default)
        self.open(dialog)
        return dialog

    def clear_shown(self) -> None:
        """The overlays showing go (after a crash); dialogs waiting their turn still come."""
        self.shown.clear()

    def update(self, inp: Input) -> bool:
        """The top overlay takes the frame's input; False when none shows."""
        if not self.shown:
            return False
        self.shown[-1].update(inp)
        return True

    def draw(self) -> None:
        for overlay in self.shown:
            overlay.draw()
