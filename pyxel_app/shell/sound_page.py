"""The Sound screen, from the menu's options: music on or off, effects on or off, and the volume.

Three lines chosen as every list is (arrows, d-pad, the mouse); left and right, RETURN, pad A or
a click change the chosen one (a click on the volume's bar sets the volume it points at), M and
E switch music and effects from anywhere on the screen, ESC or pad B goes back to the menu.
Each change is kept in the settings at once and heard at once: the menu's tune stops or starts,
an effect sounds at the new volume.
"""

from __future__ import annotations

import pyxel

from ..input import Action, Input
from . import palette, ui
from .chooser import Chooser
from .host import Host
from .jukebox import MAX_VOLUME
from .strings import t

FIRST_ROW = 5  # under the title box and a blank row
ROW_PITCH = 2  # a blank row between the lines
LABEL_COL, VALUE_COL = 3, 16
NOTE_ROW = FIRST_ROW + 3 * ROW_PITCH + 1
FOOTER_ROW = ui.ROWS - 1
BAR_W = 8  # pixels of one step of the volume's bar
MUSIC, EFFECTS, VOLUME = range(3)


class SoundScreen:
    help_key = "help.sound"
    tune = "menu"

    def __init__(self, app: Host) -> None:
        self.app = app
        self.chooser = Chooser(3, FIRST_ROW * ui.CELL, ROW_PITCH * ui.CELL)

    @property
    def jukebox(self):
        return self.app.jukebox

    def update(self, inp: Input) -> None:
        if inp.pressed(Action.BACK):
            self.app.go_to(self.app.menu)
            return
        for letter, line in (("M", MUSIC), ("E", EFFECTS)):
            if inp.hotkey(letter):
                self.chooser.select(line)
                self.change(line, 1)
                return
        step = inp.pressed(Action.RIGHT) - inp.pressed(Action.LEFT)
        chosen = self.chooser.update(inp)
        if self.chooser.moved:
            self.app.sound("cursor")
        if step:
            self.change(self.chooser.index, step)
        elif chosen == VOLUME and inp.clicked and self.bar_level(inp) is not None:
            self.set_volume(self.bar_level(inp))
        elif chosen is not None:
            self.change(chosen, 1)

    def change(self, line: int, step: int) -> None:
        jukebox = self.jukebox
        if line == MUSIC:
            jukebox.set_music(not jukebox.music_on)
        elif line == EFFECTS:
            jukebox.set_effects(not jukebox.effects_on)
            self.app.sound("select")
        else:
            self.set_volume((jukebox.volume + step) % (MAX_VOLUME + 1))

    def set_volume(self, level: int) -> None:
        self.jukebox.set_volume(level)
        self.app.sound("select")  # heard at the volume just set

    @staticmethod
    def bar_x() -> int:
        return VALUE_COL * ui.CELL

    def bar_level(self, inp: Input) -> int | None:
        """The volume the pointer points at on the bar (its left end is 0), or None off the bar."""
        x = inp.mouse_x - self.bar_x()
        if not 0 <= x < (MAX_VOLUME + 1) * BAR_W:
            return None
        return x // BAR_W

    def value(self, line: int) -> str:
        jukebox = self.jukebox
        if line == VOLUME:
            return str(jukebox.volume)
        on = jukebox.music_on if line == MUSIC else jukebox.effects_on
        return t("sound.on" if on else "sound.off")

    def draw(self) -> None:
        ui.title_box(t("sound.word"), heading=t("menu.title"), heading_col=12)
        labels = (t("sound.music"), t("sound.effects"), t("sound.volume"))
        for line, label in enumerate(labels):
            y = self.chooser.row_y(line)
            selected = line == self.chooser.index
            if selected:
                ui.text(ui.CELL, y, "▶", palette.WHITE)
            ui.text(LABEL_COL * ui.CELL, y, label, palette.WHITE if selected else palette.LIGHT_BLUE)
            colour = palette.YELLOW if selected else palette.LIGHT_GREY
            if line == VOLUME:
                self.draw_bar(y, colour)
            else:
                ui.text(self.bar_x(), y, self.value(line), colour)
        ui.lines(ui.CELL, NOTE_ROW * ui.CELL, ui.wrap(t("sound.note"), ui.COLS - 2), palette.LIGHT_GREY)
        ui.hot_at(1, FOOTER_ROW, t("sound.footer"))

    def draw_bar(self, y: int, colour: int) -> None:
        """The volume as a bar of ten blocks after the place that stands for silence, and its number."""
        level = self.jukebox.volume
        for step in range(1, MAX_VOLUME + 1):
            x = self.bar_x() + step * BAR_W
            if step <= level:
                pyxel.rect(x, y, BAR_W - 2, ui.CELL - 1, colour)
            else:
                pyxel.rectb(x, y, BAR_W - 2, ui.CELL - 1, palette.DARK_GREY)
        ui.text(self.bar_x() + (MAX_VOLUME + 2) * BAR_W, y, self.value(VOLUME), colour)
