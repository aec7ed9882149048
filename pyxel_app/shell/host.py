"""What a cartridge or a shell screen may ask of the app: the :class:`Host` it is given.

A screen is handed its host and never imports the app (``shell/app.py``), as an sgt backend gets
only its drawing API: the app imports the screens, the screens know the host's contract, and the
package's import graph stays free of circles (tests/test_import_graph.py).  ``App`` is the one host;
a test may give a screen any object with these members.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Protocol

from ..games import GameSpec
from ..input import Input
from .settings import Settings
from .storage import DataFolder


class Screen(Protocol):
    """What the app shows: the menu, the Keys screen, the title, a cartridge.  A screen may name
    the tune it plays under in ``tune`` ("title", "menu"); one without plays none."""

    def update(self, inp: Input) -> None: ...

    def draw(self) -> None: ...


class Overlay(Screen, Protocol):
    """A page or dialog over the screen; ``queues``: a dialog waits its turn behind the one showing."""

    queues: bool


class GameOnScreen(Protocol):
    """What the game menu (the pause menu) lists: a cartridge's commands, its name, its way out."""

    leave_hotkey: str

    def name(self) -> str: ...

    def commands(self) -> list: ...

    def leave(self) -> None: ...


class Host(Protocol):
    """The app as its screens see it."""

    # The data folder: settings, saves, crash.log (never a file outside it).
    storage: DataFolder
    # The player's settings (language, sound, key bindings, a game's remembered choices), kept in storage.
    settings: Settings
    # This frame's logical input; its bindings are the player's (save_bindings keeps them).
    input: Input
    # The one source of chance (seeded in tests): computer colours, shuffles, the engines' tie-breaks.
    rng: random.Random
    # In the browser: no quitting, no network, localStorage for files.
    web: bool
    # Network play is offered (on the desktop, unless turned off).
    network: bool
    # The menu, where a screen that is done goes back to.
    menu: Screen
    # Every sound, by name: effects, jingles, the screens' tunes, and the sound settings (shell/jukebox.py).
    jukebox: Any

    @property
    def games(self) -> list[GameSpec]:
        """Every registered game, in menu order."""
        ...

    @property
    def language(self) -> str:
        """The player's language ("en", "de")."""
        ...

    @property
    def border(self) -> int:
        """The palette colour of the frame around the screen (read-only: see ``set_border``)."""
        ...

    def set_border(self, colour: int | None = None) -> None:
        """Colour the frame around the screen (the side to move, a win's flashing); None: the usual colour."""

    def sound(self, name: str, times: int = 1) -> None:
        """Play the effect or jingle called ``name`` in shell/sounds.py (an effect ``times`` over,
        one after another), unless the player turned effects off."""

    def think_ms(self, wanted_ms: float) -> float:
        """How long a search may think in this frame: ``wanted_ms``, cut so the frame stays on time."""

    def go_to(self, screen: Screen) -> None:
        """Show ``screen`` from the top of the next update."""

    def confirm(self, question: str, on_yes: Callable[[], Any], on_no: Callable[[], Any] | None = None,
                default: bool = False) -> Overlay:
        """Ask a yes/no ``question`` (queued behind a dialog already showing); ``default`` is the
        answer RETURN gives.  The dialog is returned, so a caller may take it back (close_overlay)."""

    def show_message(self, text: str, on_close: Callable[[], Any] | None = None) -> None:
        """``text`` in a box until the player answers (queued like a question); then ``on_close``."""

    def close_overlay(self, overlay: Overlay) -> None:
        """Take ``overlay`` away, whether it shows or waits its turn."""

    def is_open(self, overlay: Overlay) -> bool:
        """``overlay`` shows or waits its turn."""

    def open_help(self) -> None:
        """The help page of the screen shown."""

    def open_overlay(self, overlay: Overlay) -> None:
        """Show a page of the screen's own over it (a game's record page); it takes the input until it closes."""

    def open_pause_menu(self, game: GameOnScreen) -> None:
        """The game menu: ``game``'s commands, help and the ways out."""

    def open_cartridge(self, game: GameSpec | str) -> None:
        """Open a game (offering its saved game first)."""

    def open_puzzle(self, spec: GameSpec, variant: str, level: str) -> None:
        """Play ``spec``'s puzzle of the day at ``level`` (of ``variant``) in place of the game shown."""

    def leave_cartridge(self, ask: bool = True) -> None:
        """Save the game shown and go back to the menu; ``ask``: first ask if a game is in progress."""

    def leave_title(self) -> None:
        """From the title screen to the menu (which then offers a saved game)."""

    def cycle_language(self) -> None:
        """The next language, remembered."""

    def save_bindings(self) -> None:
        """Keep the input's key and pad bindings in the settings and make them take effect."""

    def ask_quit(self) -> None:
        """Ask whether to quit the app (never in the browser)."""

    def log_crash(self, report: str) -> None:
        """Append ``report`` (a traceback) to crash.log: a bug met and survived."""
