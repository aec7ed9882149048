"""The question at a start on a data folder another app holds (``storage.LOCK_FILE``).

Two apps writing one folder lose each other's games and settings, so the second asks: open
read-only (play, see the other's saves and bests, keep nothing: the other app stays the one
that writes), try again (once the other is closed: then this app writes the folder), or quit.
Read-only rather than a temporary folder of its own: a copy would show the saves of the moment
and lose what is played in it all the same, where read-only says so plainly.

Arrows (pad) and RETURN (pad A), the letter of each answer, or a click; ESC quits.
"""

from __future__ import annotations

from typing import Callable

import pyxel

from ..input import Action, Input
from . import palette, ui
from .chooser import Chooser
from .host import Host
from .overlays import Page
from .settings import FILE_NAME as SETTINGS_FILE
from .strings import t

CHOICES = ("in_use.read_only", "in_use.again", "in_use.quit")
SHOWN_FOLDER = 70  # characters of the folder's name: two lines at most


def hotkey_of(label: str) -> str:
    """The letter a label marks ``[X]``."""
    return next(part for part, is_key in ui.split_hotkeys(label) if is_key)


class InUseScreen(Page):
    """Shown in place of the start's ``first`` screen until the player answers; after read-only
    or a lock taken, that screen comes and what the start does ``later`` runs (its questions)."""

    def __init__(self, app: Host, first) -> None:
        super().__init__(app, t("in_use.word"), t("menu.title"))
        self.first = first
        self.later: list[Callable[[], None]] = []
        self.still_open = False  # "try again" found the other app still there
        self.chooser = Chooser(len(CHOICES), 0, ui.LINE_PITCH, self.BODY_COL * ui.CELL, self.BODY_WIDTH * ui.CELL)

    def body(self) -> list[str]:
        holder, folder = self.app.storage.holder, self.app.storage.describe("")
        if len(folder) > SHOWN_FOLDER:  # its end says which folder; the choices stay on the page
            folder = "..." + folder[3 - SHOWN_FOLDER :]
        text = t("in_use.text", folder=folder, process=holder) if holder else t("in_use.text_no_process", folder=folder)
        return ui.wrap(text, self.BODY_WIDTH)

    def choices_top(self) -> int:
        return self.line_y(len(self.body()) + 1)

    def update(self, inp: Input) -> None:
        self.chooser.top = self.choices_top()
        letters = [hotkey_of(t(key)) for key in CHOICES]
        chosen = next((index for index, letter in enumerate(letters) if inp.hotkey(letter)), None)
        if chosen is None and inp.pressed(Action.BACK):
            chosen = CHOICES.index("in_use.quit")
        if chosen is None:
            chosen = self.chooser.update(inp)
        if chosen is not None:
            inp.consume()
            self.chooser.select(chosen)
            self.answer(CHOICES[chosen])

    def answer(self, choice: str) -> None:
        app = self.app
        if choice == "in_use.quit":
            app.quit()
        elif choice == "in_use.again" and not self.claim():
            self.still_open = True
        else:
            if choice == "in_use.again":
                app.apply_settings()  # what the other app kept until it closed
            app.go_to(self.first)
            for run in self.later:
                run()
            if app.storage.read_only:
                app.show_message(t("in_use.read_only_note"))

    def claim(self) -> bool:
        """The folder for this app, if the other has closed; its settings are then read afresh, not
        this app's copy of the moment it started (the other's last changes come after it)."""
        storage = self.app.storage
        settings = storage.memory.pop(SETTINGS_FILE, False)
        if storage.claim():
            return True
        if settings is not False:
            storage.memory[SETTINGS_FILE] = settings
        return False

    def draw(self) -> None:
        self.draw_page(t("in_use.footer"), None, None)
        body = self.body()
        ui.lines(self.BODY_COL * ui.CELL, self.line_y(0), body)
        self.chooser.top = self.choices_top()
        for index, key in enumerate(CHOICES):
            y = self.chooser.row_y(index)
            ink, paper = palette.LIGHT_BLUE, palette.BACKGROUND
            if index == self.chooser.index:
                ink, paper = palette.BLUE, palette.WHITE
                pyxel.rect(self.chooser.left, y, self.chooser.width, ui.CELL, paper)
            ui.hot((self.BODY_COL + 1) * ui.CELL, y, t(key), ink, paper)
        if self.still_open:
            ui.text(self.BODY_COL * ui.CELL, self.line_y(len(body) + len(CHOICES) + 2), t("in_use.still_open"),
                    palette.YELLOW)



def when_ready(app: Host, run: Callable[[], None]) -> None:
    """Run ``run`` now, or once the player has answered the question about a folder in use."""
    if isinstance(app.screen, InUseScreen):
        app.screen.later.append(run)
    else:
        run()
