"""The shell: the one place that calls ``pyxel.init`` and ``pyxel.run``.

``App`` owns a single state machine: the current screen (the menu or a
cartridge) plus a stack of overlays (help, confirm, message, pause menu).
A screen change requested during an update takes effect at the top of the
next update, as in Pyxel's bundled games.  Dialogs (messages, questions) queue:
one shows at a time, the next when it is answered.
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

import pyxel

from .. import games
from ..input import Action, Bindings, Input
from . import palette, strings, ui
from .cartridge import autosave_file
from .font import load_font
from .glyphs import GLYPHS, REVERSED_GLYPHS
from .menu import Menu
from .overlays import Confirm, Help, Message, PauseMenu
from .settings import Settings
from .storage import Storage, default_storage, is_web
from .title import TitleScreen

FPS = 60
TITLE = "ByPuzz Arcade"
RESOURCE_FILE = "resources.pyxres"
POINTER_IMAGE = (0, 0, 0, 8, 8)  # bank, u, v, w, h of the mouse pointer in resources.pyxres

SOUND_CHANNEL = 3
HEADLESS_FRAMES_ENV = "BYPUZZ_HEADLESS_FRAMES"

_booted = False


def resource_path() -> Path:
    """resources.pyxres beside the package (installed or .pyxapp), else at the repository root."""
    package_dir = Path(__file__).resolve().parent.parent
    for candidate in (package_dir / RESOURCE_FILE, package_dir.parent / RESOURCE_FILE):
        if candidate.is_file():
            return candidate
    raise FileNotFoundError(f"{RESOURCE_FILE} not found beside {package_dir}")


def boot(headless: bool = False, fps: int = FPS) -> None:
    """Open the window (or a headless screen) once per process and load the shared assets."""
    global _booted
    if _booted:
        return
    cwd = os.getcwd()
    pyxel.init(ui.WINDOW_W, ui.WINDOW_H, title=TITLE, fps=fps, quit_key=pyxel.KEY_NONE, headless=headless)
    os.chdir(cwd)  # pyxel.init moves to the caller's folder; relative paths given by the user must keep working
    pyxel.colors[:] = list(palette.PEPTO)
    pyxel.load(str(resource_path()), exclude_tilemaps=True, exclude_musics=True)
    pyxel.colors[:] = list(palette.PEPTO)
    ui.set_font(load_font(), GLYPHS, load_font(REVERSED_GLYPHS))
    _booted = True


class App:
    def __init__(
        self, storage: Storage | None = None, seed: int | None = None, web: bool | None = None, title: bool = False
    ) -> None:
        """``title`` starts at the title screen (the real start); without it, at the menu."""
        self.web = is_web() if web is None else web
        self.storage = storage if storage is not None else default_storage()
        self.rng = random.Random(seed)
        self.overlays: list = []
        self.waiting_dialogs: list = []
        self.settings = Settings(self.storage, self.report_write_error)
        self.input = Input(Bindings())
        self.input.origin = (ui.BORDER_X, ui.BORDER_Y)
        self.menu = Menu(self)
        self.screen = self.menu
        self.cartridge = None
        self._next_screen = None
        self.border = palette.BORDER
        self.quit_called = False
        self.apply_settings()
        if title:
            self.screen = TitleScreen(self)
        else:
            self.offer_resume()

    # Settings.

    @property
    def language(self) -> str:
        return strings.language()

    def apply_settings(self) -> None:
        problem = self.settings.load()
        language = self.settings.get("language", "en")
        if language not in strings.LANGUAGES:
            problem = problem or f"unknown language {language!r}"
            language = "en"
        strings.set_language(language)
        try:
            self.input.bindings = Bindings.from_fields(self.settings.fields)
        except ValueError as error:
            problem = problem or str(error)
            self.input.bindings = Bindings()
        self.input.rebuild()
        if problem:
            bad = self.settings.set_aside()
            self.show_message(t_bad_file(problem, bad))

    def save_bindings(self) -> None:
        """Persist the current key and pad bindings and make them take effect."""
        for key, value in self.input.bindings.to_fields().items():
            self.settings.set(key, value)
        self.input.rebuild()

    def cycle_language(self) -> None:
        languages = strings.LANGUAGES
        language = languages[(languages.index(self.language) + 1) % len(languages)]
        strings.set_language(language)
        self.settings.set("language", language)

    def sound(self, number: int) -> None:
        if self.settings.get_bool("sound", True):
            pyxel.play(SOUND_CHANNEL, number)

    def write_quietly(self, name: str, text: str) -> bool:
        """Write to storage; a failure becomes a message instead of a crash."""
        try:
            self.storage.write(name, text)
            return True
        except OSError as error:
            self.report_write_error(error)
            return False

    def report_write_error(self, error: OSError) -> None:
        if not any(isinstance(overlay, Message) for overlay in self.overlays + self.waiting_dialogs):
            self.show_message(strings.t("msg.write_failed", why=error.strerror or error))

    # Screens and overlays.

    def go_to(self, screen) -> None:
        self._next_screen = screen

    @property
    def games(self) -> list[games.GameSpec]:
        """Every registered game, in menu order."""
        return games.GAMES

    def make_cartridge(self, spec: games.GameSpec):
        if spec.is_match:
            from .match import MatchCartridge

            return MatchCartridge(self, spec)
        return spec.screen_class()(self, spec)

    def open_cartridge(self, game: games.GameSpec | str, resume_text: str | None = None) -> None:
        """Open a game's cartridge; with an autosave, ask first whether to resume it (the menu stays behind)."""
        spec = games.find(game) if isinstance(game, str) else game
        cartridge = self.make_cartridge(spec)
        saved = resume_text if resume_text is not None else self.storage.read(cartridge.autosave_name)

        def show(resumed: bool) -> None:
            if not resumed:
                cartridge.start()
            self.cartridge = cartridge
            self.go_to(cartridge)

        def fresh() -> None:
            self.storage.delete(cartridge.autosave_name)
            show(False)

        if saved is None:
            show(False)
        else:
            self.confirm(strings.t("confirm.resume", game=cartridge.name()), lambda: show(cartridge.resume(saved)), fresh)

    def leave_cartridge(self, ask: bool = True) -> None:
        cartridge = self.cartridge
        if cartridge is None:
            return

        def leave() -> None:
            cartridge.autosave()
            self.cartridge = None
            self.go_to(self.menu)

        if ask and cartridge.in_progress():
            self.confirm(strings.t("confirm.leave"), leave)
        else:
            leave()

    def leave_title(self) -> None:
        """To the menu; a saved game is offered only now, so the key that left the title is not its answer."""
        self.go_to(self.menu)
        self.offer_resume()

    def offer_resume(self) -> None:
        for spec in self.games:
            saved = self.storage.read(autosave_file(spec))
            if saved is not None:
                self.open_cartridge(spec, saved)
                return

    def open_overlay(self, overlay) -> None:
        if overlay.queues:
            self.waiting_dialogs.append(overlay)
            self.show_next_dialog()
        else:
            self.overlays.append(overlay)

    def close_overlay(self, overlay) -> None:
        if overlay in self.overlays:
            self.overlays.remove(overlay)
        self.show_next_dialog()

    def show_next_dialog(self) -> None:
        """The first waiting dialog, once none is showing."""
        if self.waiting_dialogs and not any(overlay.queues for overlay in self.overlays):
            self.overlays.append(self.waiting_dialogs.pop(0))

    def open_help(self) -> None:
        page = self.cartridge.help_text() if self.cartridge is not None else ""
        heading = " ".join(self.cartridge.name().upper()) if self.cartridge is not None else ""
        self.open_overlay(Help(self, page, heading))

    def open_pause_menu(self, cartridge) -> None:
        self.open_overlay(PauseMenu(self, cartridge))

    def show_message(self, text: str) -> None:
        self.open_overlay(Message(self, text))

    def confirm(self, question: str, on_yes, on_no=None) -> None:
        self.open_overlay(Confirm(self, question, on_yes, on_no))

    def ask_quit(self) -> None:
        if not self.web:
            self.confirm(strings.t("confirm.quit"), self.quit)

    def quit(self) -> None:
        """Autosave whatever is in progress, then end the program (never on the web)."""
        if self.cartridge is not None:
            self.cartridge.autosave()
        self.quit_called = True
        if not self.web:
            pyxel.quit()

    # The frame.

    def update(self) -> None:
        if self._next_screen is not None:
            self.screen, self._next_screen = self._next_screen, None
        inp = self.input
        # A cartridge's device switches hold while it is on screen; the menu always takes mouse and pad.
        on_cartridge = self.cartridge is not None and self.screen is self.cartridge
        inp.mouse_enabled, inp.pad_enabled = self.cartridge.devices() if on_cartridge else (True, True)
        inp.update()
        if self.cartridge is not None:
            self.cartridge.tick()
        on_title = isinstance(self.screen, TitleScreen)  # where F1 is "any key" too
        if inp.pressed(Action.HELP) and not on_title and not any(isinstance(o, Help) for o in self.overlays):
            inp.consume()
            self.open_help()
            return
        if self.overlays:
            self.overlays[-1].update(inp)
        else:
            self.screen.update(inp)

    def draw(self) -> None:
        pyxel.camera()
        pyxel.cls(self.border)
        pyxel.camera(-ui.BORDER_X, -ui.BORDER_Y)
        pyxel.rect(0, 0, ui.SCREEN_W, ui.SCREEN_H, palette.BACKGROUND)
        self.screen.draw()
        for overlay in self.overlays:
            overlay.draw()
        x, y = self.input.mouse_x, self.input.mouse_y
        if self.input.mouse_enabled and 0 <= x < ui.SCREEN_W and 0 <= y < ui.SCREEN_H:
            bank, u, v, w, h = POINTER_IMAGE
            pyxel.blt(x, y, bank, u, v, w, h, 0)


def t_bad_file(problem: str, bad: str) -> str:
    return strings.t("msg.bad_file", what=strings.t("settings.what"), why=problem, bad=bad)


def main(start: str | None = None) -> None:
    """Open the window and run the app; ``start`` names a cartridge to open at once.

    With ``$BYPUZZ_HEADLESS_FRAMES`` set, run that many frames without a window and
    return: how tests check that a built .pyxapp starts.
    """
    started = time.perf_counter()
    frames = os.environ.get(HEADLESS_FRAMES_ENV)
    if frames:
        run_headless(int(frames), start)
        return
    boot()
    app = App(title=start is None)
    if start is not None:
        app.open_cartridge(start)
    app.startup_seconds = time.perf_counter() - started
    pyxel.run(app.update, app.draw)


def run_headless(frames: int, start: str | None = None) -> None:
    from .harness import Driver
    from .storage import MemoryStorage

    boot(headless=True, fps=1000)
    app = App(storage=MemoryStorage(), title=start is None)
    if start is not None:
        app.open_cartridge(start)
    Driver(app).run(frames)
    print(f"ran {frames} frames headless")


if __name__ == "__main__":  # pragma: no cover
    main(sys.argv[1] if len(sys.argv) > 1 else None)
