"""The shell: the one place that calls ``pyxel.init`` and ``pyxel.run``.

``App`` owns a single state machine: the current screen (the menu or a
cartridge) plus a stack of overlays (help, confirm, message, pause menu).
A screen change requested during an update takes effect at the top of the
next update, as in Pyxel's bundled games.  The overlays are ``shell/dialogs.py``'s,
the rescue after a bug is ``shell/crash.py``'s; screens see the app as the
``Host`` of ``shell/host.py``.
"""

from __future__ import annotations

import gc
import os
import random
import signal
import sys
import time
from pathlib import Path

import pyxel

from .. import games
from ..exits import interrupted
from ..input import Action, Bindings, Input
from ..input.mapping import PAD_LAYOUTS, BindingError, parse_binding
from ..rules.numbers import parse_number
from ..rules.records import keeps_records
from . import palette, strings, tunes, ui
from .cartridge import autosave_file, reading_resume
from .crash import CRASH_LOG, CRASH_LOG_BYTES, log_crash, rescue
from .dialogs import Dialogs
from .display import NoDisplayError, display_problem
from .font import load_font
from .glyphs import GLYPHS, REVERSED_GLYPHS
from .menu import Menu
from .record_files import RECORD_FILE_BYTES, record_pattern
from . import puzzle_record
from .puzzle_open import preload as preload_puzzles
from .puzzle_open import puzzle_cartridge
from .host import GameOnScreen, Overlay, Screen
from .in_use import InUseScreen, when_ready
from .overlays import Confirm, Help, PauseMenu
from .settings import FILE_NAME as SETTINGS_FILE
from .jukebox import SETTING_CHECKS as SOUND_SETTINGS
from .jukebox import Jukebox
from .frame_budget import FrameBudget
from .jobs import run_job, thaw
from .loading import LoadingStripes
from .settings import ON_OFF, Settings, one_of, parsed_by
from .setup_base import ADDRESS_SETTING, BROKER_SETTING, address_problem, broker_problem
from .slots import old_save_file, slot_pattern
from .sounds import TUNE_SLOTS, TUNES, is_jingle
from .storage import MAX_FILE_BYTES, DataFolder, Storage, default_storage, is_web
from .title import TitleScreen

FPS = 60
TITLE = "ByPuzz Arcade"
RESOURCE_FILE = "resources.pyxres"
POINTER_IMAGE = (0, 0, 0, 8, 8)  # bank, u, v, w, h of the mouse pointer in resources.pyxres

HEADLESS_FRAMES_ENV = "BYPUZZ_HEADLESS_FRAMES"
MAX_HEADLESS_FRAMES = 10_000_000
SHOWN_PROBLEMS = 3  # settings problems named in the one message

_booted = False
# The command line's network start: (role "host" or "join", host, port, player's name, variant or None
# [, the host's yes to the evaluation]); by invite code the role is "code_host" or "code_join" and the
# host the broker (a joiner's: CODE@broker).
Network = tuple[str, str, int, str, "str | None"] | tuple[str, str, int, str, "str | None", bool]


def resource_path() -> Path:
    """resources.pyxres in the package: one real file for the checkout, an install and a .pyxapp."""
    return Path(__file__).resolve().parent.parent / RESOURCE_FILE


def boot(headless: bool = False, fps: int = FPS) -> None:
    """Open the window (or a headless screen) once per process and load the shared assets."""
    global _booted
    if _booted:
        return
    cwd = os.getcwd()
    # pyxel.init keeps the command line (to restart with it) and fails on one that is no UTF-8 text.
    command_line = sys.orig_argv
    sys.orig_argv = [os.fsencode(word).decode("utf-8", "replace") for word in command_line]
    try:
        # Headless, nobody records a video: Pyxel's capture buffer (None: its default) would keep every frame
        # of the last seconds, and at a test's fps that is thousands of screens.
        pyxel.init(ui.WINDOW_W, ui.WINDOW_H, title=TITLE, fps=fps, quit_key=pyxel.KEY_NONE, headless=headless,
                   capture_sec=0 if headless else None)
    finally:
        sys.orig_argv = command_line
    os.chdir(cwd)  # pyxel.init moves to the caller's folder; relative paths given by the user must keep working
    if not is_web() and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        # SDL took Ctrl-C over (the process then ended with exit code 0 at once): give it back to Python,
        # so the command line ends with 130 and the app saves before it goes.
        signal.signal(signal.SIGINT, signal.default_int_handler)
    pyxel.colors[:] = list(palette.PEPTO)
    pyxel.load(str(resource_path()), exclude_tilemaps=True, exclude_musics=True)
    pyxel.colors[:] = list(palette.PEPTO)
    tunes.install(TUNE_SLOTS, TUNES)  # after the load: it sets every sound slot from the file
    ui.set_font(load_font(), GLYPHS, load_font(REVERSED_GLYPHS))
    # What every app runs on (modules, tables, the engines' memories) goes out of the garbage
    # collector's walks, which would otherwise pass over it in some frame.  Once, before any app:
    # whatever exists when it is done is never collected, and an app holds cycles.
    for spec in games.GAMES:
        spec.preload()
    preload_puzzles(games.GAMES)
    gc.collect()
    gc.freeze()
    _booted = True


def data_files() -> dict[str, int]:
    """Every file the app reads from its data folder, with the most bytes its format allows:
    the one list the data folder and its tests share (``*`` stands for a slot's name)."""
    files = {SETTINGS_FILE: MAX_FILE_BYTES, CRASH_LOG: CRASH_LOG_BYTES}
    for spec in games.GAMES:
        files[autosave_file(spec)] = files[old_save_file(spec.key)] = files[slot_pattern(spec.key)] = MAX_FILE_BYTES
        if keeps_records(spec.rules):
            files[record_pattern(spec.key, spec.rules)] = RECORD_FILE_BYTES
        if spec.old_record_file:
            files[spec.old_record_file] = RECORD_FILE_BYTES
        files.update(spec.screen_class().data_files)
    return files


def app_setting_checks() -> dict:
    """How each of the app's own settings is checked (a cartridge's come from its class)."""
    return {
        "language": one_of(*strings.LANGUAGES),
        **SOUND_SETTINGS,
        "pad.layout": one_of(*PAD_LAYOUTS),
        "key.": parsed_by(parse_binding, BindingError),
        BROKER_SETTING: broker_problem,
        ADDRESS_SETTING: address_problem,
        "evaluation.": ON_OFF,  # a game's evaluation (W) on or off
        **puzzle_record.CHECKS,  # what was done with the puzzles of the day
    }


class App:
    def __init__(
        self, storage: Storage | None = None, seed: int | None = None, web: bool | None = None, title: bool = False,
        network: bool | None = None, offer: bool = True, lock: bool = False,
    ) -> None:
        """``title`` starts at the title screen (the real start); without it, at the menu, which
        offers a saved game unless ``offer`` is False (the command line opens its cartridge, which
        offers its own).  ``network`` offers network play (the default: not in the browser).
        ``lock`` takes the data folder for this app, or asks first when another app holds it."""
        self.web = is_web() if web is None else web
        self.network = not self.web if network is None else network and not self.web
        self.dialogs = Dialogs(self)
        self.overlays, self.waiting_dialogs = self.dialogs.shown, self.dialogs.waiting  # the lists, for tests and drivers
        if isinstance(storage, DataFolder):  # another app's folder: this session starts afresh on its files
            storage = storage.backend
        self.storage = DataFolder(storage if storage is not None else default_storage(), self.show_message, data_files(),
                                  lock=lock)
        self.rng = random.Random(seed)
        self.crashes = 0
        self.budget = FrameBudget()  # the slices the searches get, measured against the frame's own work
        self.settings = Settings(self.storage)
        self.jukebox = Jukebox(self.settings)
        self.settings.add_checks(self.setting_checks())
        for spec in self.games:
            spec.preload()
            self.settings.add_checks(self.cartridge_class(spec).setting_checks())
        self.input = Input(Bindings())
        self.input.origin = (ui.BORDER_X, ui.BORDER_Y)
        self.menu = Menu(self)
        self.screen = self.menu
        self.cartridge = None
        self._next_screen = None
        self._border = palette.BORDER
        self.stripes = LoadingStripes(frames=0)  # the border's loading stripes as a cartridge starts
        self.quit_called = False
        self.apply_settings()
        first = TitleScreen(self) if title else self.menu
        self.screen = InUseScreen(self, first) if self.storage.holder is not None else first
        if offer and not title:
            when_ready(self, self.offer_resume)

    # Settings.

    @property
    def language(self) -> str:
        return strings.language()

    setting_checks = staticmethod(app_setting_checks)

    def apply_settings(self) -> None:
        """Load the settings; a bad value falls back to its default, with one message for all of them."""
        problems = self.settings.load()
        try:
            self.input.bindings = Bindings.from_fields(self.settings.fields)
        except BindingError as error:
            problems.append(str(error))
            self.settings.drop("key.")
            self.input.bindings = Bindings.from_fields(self.settings.fields)
        strings.set_language(self.settings.get("language", "en"))
        self.jukebox.apply_volume()
        self.input.rebuild()
        if problems:
            self.settings.repair()
            shown = problems[:SHOWN_PROBLEMS] + ([f"+{len(problems) - SHOWN_PROBLEMS}"] if len(problems) > SHOWN_PROBLEMS else [])
            self.show_message(strings.t("settings.fixed", problems="; ".join(shown)))

    def save_bindings(self) -> None:
        """Persist the current key and pad bindings and make them take effect."""
        self.settings.update(self.input.bindings.to_fields())
        self.input.rebuild()

    def cycle_language(self) -> None:
        languages = strings.LANGUAGES
        language = languages[(languages.index(self.language) + 1) % len(languages)]
        strings.set_language(language)
        self.settings.set("language", language)

    def sound(self, name: str, times: int = 1) -> None:
        """The effect or jingle ``name`` of shell/sounds.py (``times`` over), unless effects are off."""
        if is_jingle(name) and getattr(self.cartridge, "puzzle_mode", None) is not None:
            return  # a puzzle's end has its own sound (puzzle_solved), not a game's won or lost
        self.jukebox.play(name, times)

    # Screens and overlays.

    @property
    def border(self) -> int:
        return self._border

    def set_border(self, colour: int | None = None) -> None:
        self._border = palette.BORDER if colour is None else colour

    def go_to(self, screen: Screen) -> None:
        self._next_screen = screen

    @property
    def games(self) -> list[games.GameSpec]:
        """Every registered game, in menu order."""
        return games.GAMES

    @staticmethod
    def cartridge_class(spec: games.GameSpec):
        """The shell's match layer for a two-player game, else the game's own cartridge."""
        if spec.is_match:
            from .match import MatchCartridge

            return MatchCartridge
        return spec.screen_class()

    def make_cartridge(self, spec: games.GameSpec):
        return self.cartridge_class(spec)(self, spec)

    def open_cartridge(self, game: games.GameSpec | str, resume_text: str | None = None,
                       network: Network | None = None) -> None:
        """Open a game's cartridge; with an autosave, ask first whether to resume it (the menu stays behind).
        With ``network`` (the command line's ``serve`` or ``join``) only a saved game of that network
        game is offered; a new one hosts or joins at once, and any other save stays on disk until its first move."""
        spec = games.find(game) if isinstance(game, str) else game
        cartridge = self.make_cartridge(spec)
        saved = resume_text if resume_text is not None else self.storage.read(cartridge.autosave_name)
        if network is not None:
            cartridge.keeps_declined_save = True

        def show(resumed) -> None:
            if resumed is not None:
                cartridge.adopt(resumed, resumed=True)
            else:
                cartridge.start()
                if network is not None:
                    cartridge.start_network(*network)
            self.cartridge = cartridge
            self.go_to(cartridge)
            self.stripes = LoadingStripes()

        def fresh() -> None:
            # No key press deletes a game: the old one stays on disk until the new game's first move.
            cartridge.keeps_declined_save = True
            show(None)
            cartridge.flash(strings.t("msg.save_kept"))

        def offer(session) -> None:
            if session is None:
                show(None)
            else:
                self.confirm(strings.t("confirm.resume", game=cartridge.name()), lambda: show(session), fresh, default=True)

        run_job(self, reading_resume(cartridge, saved, network), strings.t("job.saved_game"), offer, fresh)

    def open_start(self, start: str | None, network: Network | None = None) -> None:
        """The command line's start: a cartridge (offering its saved game), or a network game of it."""
        if start is not None:
            when_ready(self, lambda: self.open_cartridge(start, network=network))

    def open_puzzle(self, spec: games.GameSpec, variant: str, level: str) -> None:
        """A game's puzzle of the day in place of the cartridge shown (shell/puzzle_open.py)."""
        self.put_away()
        self.cartridge = puzzle_cartridge(self, spec, variant, level)
        self.go_to(self.cartridge)

    def leave_cartridge(self, ask: bool = True) -> None:
        cartridge = self.cartridge
        if cartridge is None:
            return

        def leave() -> None:
            cartridge.autosave()
            cartridge.close()
            self.cartridge = None
            thaw()
            self.go_to(self.menu)

        if ask and cartridge.in_progress():
            # Saved before the question, so "it is saved" is said only when it is.
            saved = cartridge.autosave()
            self.confirm(strings.t("confirm.leave" if saved else "confirm.leave_unsaved"), leave)
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

    def open_overlay(self, overlay: Overlay) -> None:
        self.dialogs.open(overlay)

    def close_overlay(self, overlay: Overlay) -> None:
        self.dialogs.close(overlay)

    def is_open(self, overlay: Overlay) -> bool:
        return self.dialogs.is_open(overlay)

    def open_help(self) -> None:
        screen_help = getattr(self.screen, "help_key", "")  # the menu's and the Keys screen's own page
        # A cartridge's page says what W and K do where they work.
        page = (self.cartridge.insight.help_text() if self.cartridge is not None
                else strings.t(screen_help) if screen_help else "")
        heading = " ".join(self.cartridge.name().upper()) if self.cartridge is not None else ""
        self.open_overlay(Help(self, page, heading))

    def open_pause_menu(self, game: GameOnScreen) -> None:
        self.open_overlay(PauseMenu(self, game))

    def show_message(self, text: str, on_close=None) -> None:
        self.dialogs.show_message(text, on_close)

    def confirm(self, question: str, on_yes, on_no=None, default: bool = False) -> Confirm:
        return self.dialogs.confirm(question, on_yes, on_no, default)

    def ask_quit(self) -> None:
        if not self.web:
            self.confirm(strings.t("confirm.quit"), self.quit)

    def quit(self) -> None:
        """Autosave whatever is in progress, then end the program (never on the web)."""
        self.put_away()
        self.quit_called = True
        if not self.web:
            pyxel.quit()

    def put_away(self) -> None:
        """Autosave the game in progress and close it (a network game says goodbye)."""
        if self.cartridge is not None:
            self.cartridge.autosave()
            self.cartridge.close()

    # The frame, guarded: a bug in a screen costs the player a message, not the game.

    def think_ms(self, wanted_ms: float) -> float:
        """How long a search may think now: ``wanted_ms``, cut to what the frame leaves (shell/frame_budget.py)."""
        return self.budget.slice_ms(wanted_ms)

    def update(self) -> None:
        self.budget.begin()
        try:
            self._update()
        except Exception:
            self.recover()

    def draw(self) -> None:
        try:
            self._draw()
        except Exception:
            self.recover()
        self.budget.end()

    def recover(self) -> None:
        """After an unexpected error: autosave the game, log the traceback, say so, back to the menu."""
        self.crashes += 1
        cartridge, self.cartridge = self.cartridge, None
        rescued = rescue(cartridge)
        self.log_crash(rescued.report)
        self.dialogs.clear_shown()
        self.screen, self._next_screen = self.menu, None
        self.show_message(rescued.message(self.storage))

    def log_crash(self, report: str) -> None:
        log_crash(self.storage, report, self.crashes)

    def _update(self) -> None:
        if self._next_screen is not None:
            self.screen, self._next_screen = self._next_screen, None
        self.jukebox.tick(getattr(self.screen, "tune", None))
        inp = self.input
        # A cartridge's device switches hold while it is on screen; the menu always takes mouse and pad.
        on_cartridge = self.cartridge is not None and self.screen is self.cartridge
        inp.mouse_enabled, inp.pad_enabled = self.cartridge.devices() if on_cartridge else (True, True)
        inp.update()
        self.stripes.update(inp)  # any key ends them and still does its own work
        if self.cartridge is not None:
            self.cartridge.insight.tick()  # first: it waits for the game's search or takes half, the game the rest
            self.cartridge.tick()
        on_title = isinstance(self.screen, TitleScreen)  # where F1 is "any key" too
        if inp.pressed(Action.HELP) and not on_title and not any(isinstance(o, Help) for o in self.overlays):
            inp.consume()
            self.open_help()
            return
        if not self.dialogs.update(inp):
            self.screen.update(inp)

    def _draw(self) -> None:
        pyxel.camera()
        pyxel.cls(self.border)
        self.stripes.draw(ui.WINDOW_W, ui.WINDOW_H)
        pyxel.camera(-ui.BORDER_X, -ui.BORDER_Y)
        pyxel.rect(0, 0, ui.SCREEN_W, ui.SCREEN_H, palette.BACKGROUND)
        ui.last_title = ui.TitleLayout()  # a screen without a title box leaves a page its own
        self.screen.draw()
        self.dialogs.draw()
        x, y = self.input.mouse_x, self.input.mouse_y
        if self.input.mouse_enabled and 0 <= x < ui.SCREEN_W and 0 <= y < ui.SCREEN_H:
            bank, u, v, w, h = POINTER_IMAGE
            pyxel.blt(x, y, bank, u, v, w, h, 0)


def main(start: str | None = None, network: Network | None = None, files: dict[str, str] | None = None) -> None:
    """Open the window and run the app; ``start`` names a cartridge to open at once,
    ``network`` (role, host, port, name, variant) hosts or joins a network game of it,
    ``files`` (name: text) go into the data folder first (the command line's ``--puzzles``).

    With ``$BYPUZZ_HEADLESS_FRAMES`` set, run that many frames without a window and
    return: how tests check that a built .pyxapp starts.
    """
    started = time.perf_counter()
    frames = os.environ.get(HEADLESS_FRAMES_ENV)
    if frames:
        run_headless(parse_number(frames, 1, MAX_HEADLESS_FRAMES, HEADLESS_FRAMES_ENV), start, network, files)
        return
    problem = display_problem()
    if problem:
        raise NoDisplayError(f"{problem}; to run without a window use 'python -m pyxel_app snap {start or 'menu'} "
                             f"--input \"RETURN wait:60\" --out shot.png' or set {HEADLESS_FRAMES_ENV}=600")
    boot()
    app = open_app(start, network, files=files)
    app.startup_seconds = time.perf_counter() - started
    run_window(app)


def open_app(start: str | None, network: Network | None = None, storage: Storage | None = None,
             files: dict[str, str] | None = None) -> App:
    """The app as the command line starts it: at the title, or in the cartridge ``start`` (which
    offers its saved game itself: the menu behind it offers none).  Only after ``boot``: Pyxel
    names the data folder."""
    app = App(storage=storage, title=start is None, offer=start is None, lock=True)
    for name, text in (files or {}).items():
        app.storage.write(name, text)
    app.open_start(start, network)
    return app


def run_window(app: App) -> None:
    """``pyxel.run`` the app; Ctrl-C in the terminal (or SIGTERM) saves the game and ends the program
    with 130 and no traceback, as a command line program should.  A KeyboardInterrupt cannot be caught
    for that: it can come as ``pyxel.run`` enters update, before any ``try``, and out of ``pyxel.run`` an
    exception prints a traceback and ends with 1.  So Ctrl-C only raises a flag, and the next
    frame ends the program."""
    pressed: list[int] = []
    if not is_web():  # the browser has no terminal to press it in
        for signum in (signal.SIGINT, signal.SIGTERM):
            signal.signal(signum, lambda signum, frame: pressed.append(signum))

    def update() -> None:
        if pressed:
            app.put_away()
            os._exit(interrupted())
        app.update()

    pyxel.run(update, app.draw)


def run_headless(frames: int, start: str | None = None, network: Network | None = None,
                 files: dict[str, str] | None = None) -> None:
    from .harness import Driver, interruptible
    from .storage import DATA_DIR_ENV, MemoryStorage

    boot(headless=True, fps=1000)
    with interruptible() as guard:
        # A headless run touches real files only when told where: scripted runs on a damaged folder.
        app = guard.app = open_app(start, network, default_storage() if os.environ.get(DATA_DIR_ENV) else MemoryStorage(),
                                   files)
        Driver(app).run(frames)
    if app.cartridge is not None:
        app.cartridge.close()  # a network game says BYE
    print(f"ran {frames} frames headless")


if __name__ == "__main__":  # pragma: no cover
    main(sys.argv[1] if len(sys.argv) > 1 else None)
