"""What every cartridge is: one game on screen, on top of the shared session and input.

The shell opens a cartridge for a registered game (``pyxel_app/games``).  The base
class gives it undo/redo/restart, hint, save/load, autosave and the pause menu; a
game with screens of its own (ByPuzz) subclasses it, a two-player board game gets
the match layer (``shell/match.py``) and only brings a board view.
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass
from typing import Any, Callable

from ..games import GameSpec
from ..input import Action, Input
from ..rules.records import keeps_records
from ..rules.base import drained
from ..session import SaveFileError, Session
from . import ui
from .host import Host
from .hotkeys import unbound
from .insight import KEY_EVALUATE, KEY_REVIEW, Insight, StudiedItself
from .jobs import Work, phase
from .record_keeper import RecordKeeper
from .record_page import RecordPage
from .replay import RECORD_KEY
from .slot_page import SlotPage, now
from .slots import keep_changed_elsewhere
from .strings import error_words, t
from .timeline import Marks


@dataclass
class Command:
    """One entry of the pause menu; ``hotkey`` is shown reversed and works during play.

    ``solo``: it would change the game on this computer only (load, restart, redo) or help
    one player unasked (a hint), so a game played with another computer does not offer it.
    """

    label: str
    run: Callable[[], Any]
    hotkey: str = ""
    solo: bool = False


def autosave_file(spec: GameSpec) -> str:
    return f"autosave-{spec.key}.txt"


def reading_resume(cartridge: "Cartridge", text: str | None, network: Any = None) -> Work:
    """The game of the autosave ``text`` for ``cartridge`` to offer at the start, read a slice a
    frame, or None: no save, one that does not replay (set aside now, so it is never offered),
    or with ``network`` (the command line's) a save of no such network game."""
    session = None if text is None else (yield from cartridge.reading_save(cartridge.autosave_name, text))
    if network is not None and session is not None and not cartridge.takes_up_network(session, network):
        return None
    return session


class Cartridge(RecordKeeper, StudiedItself):
    # The key that leaves the game from any of its screens, shown beside the pause menu's "Leave".
    leave_hotkey = ""
    # The key that starts the game again during play, shown beside the pause menu's "Restart".
    restart_hotkey = ""
    # The files of its own it reads from the data folder, with the most bytes each format allows.
    data_files: dict[str, int] = {}
    # What answers the evaluation and the review for it (shell/insight.py's Studied); None: the cartridge.
    studied_by: Callable[[Any], Any] | None = None

    def __init__(self, app: Host, spec: GameSpec) -> None:
        self.app = app
        self.spec = spec
        self.key = spec.key
        self.rules = spec.rules
        self.session: Session | None = None
        self.message = ""
        self.message_frames = 0
        # A saved game declined at the start stays on disk until this game's first move replaces it.
        self.keeps_declined_save = False
        # Marks beside moves on the record page ("?"), set by the review.
        self.review_marks = Marks()
        self.insight = Insight(self.studied())  # the evaluation (W) and the review (K)

    @property
    def screen_id(self) -> str:
        """Which of the cartridge's screens shows (tests walk them all)."""
        return type(self).__name__

    def name(self) -> str:
        return t(f"{self.key}.name")

    def help_text(self) -> str:
        return t(f"{self.key}.help")

    # Lifecycle.

    def start(self) -> None:
        """Called when the menu opens the cartridge; starts a new game."""
        self.new_game()

    def new_game(self) -> None:
        raise NotImplementedError

    def start_playing(self) -> None:
        """Straight to the board, past any set-up screens (``snap --at play``)."""
        self.start()

    def load_start(self, text: str, meta: dict[str, str], variant: str | None = None):
        """The start position of a save or a record: ``text`` read as the rules read it, with
        the ``variant`` the save names (a position alone may not say it, as Othello's who began)."""
        return self.rules.state_from_text(text, variant)

    def solver(self):
        """A function state -> next move for hints, or None if the game has none."""
        return None

    def devices(self) -> tuple[bool, bool]:
        """(mouse, pad): whether this cartridge takes them while on screen; the keyboard always works."""
        return True, True

    def in_progress(self) -> bool:
        """A game not over that holds moves (shown, or one undo or redo away, as after a restart):
        it is autosaved, and nothing replaces it without asking."""
        return self.session is not None and self.session.played and self.session.outcome is None

    def ask_before_discarding(self, run: Callable[[], Any], question: str = "confirm.new_game",
                              on_no: Callable[[], Any] | None = None, **values: str) -> None:
        """Run ``run``, which replaces the game shown: at once when there is none to lose, else after
        a yes to ``question`` (a string's key, filled with ``values``)."""
        if self.in_progress():
            self.app.confirm(t(question, **values), run, on_no)
        else:
            run()

    def on_session_changed(self) -> None:
        """Called after undo, redo, restart or load, to refresh UI state."""

    def studied(self):
        """What the evaluation and the review ask about the game: the cartridge itself (see
        StudiedItself), unless a part of it (``studied_by``, made with the cartridge) answers."""
        return self if self.studied_by is None else self.studied_by(self)

    @classmethod
    def setting_checks(cls) -> dict:
        """This cartridge's settings and what a valid value is (see shell/settings.py)."""
        return {}

    # Save files.

    @property
    def autosave_name(self) -> str:
        return autosave_file(self.spec)

    def session_from_text(self, text: str) -> Session:
        return Session.from_text(text, self.rules, self.load_start, self.solver())

    def autosave(self) -> bool:
        """Keep the game in progress (or forget a finished one); False when it could not be written.
        Another app's game in the file since it was read is kept in a slot first, never lost."""
        if keep_changed_elsewhere(self.app.storage, self.spec.key, self.autosave_name, t("slots.elsewhere"), now()):
            self.flash(t("msg.elsewhere_kept", slot=t("slots.elsewhere")))
        if self.in_progress():
            self.keeps_declined_save = False
            return self.app.storage.write(self.autosave_name, self.session.to_text())
        self.forget_autosave()
        return True

    def forget_autosave(self) -> None:
        """No game of this session to keep: its autosave goes, but never an older game declined at the start."""
        if not self.keeps_declined_save:
            self.app.storage.delete(self.autosave_name)

    def read_save(self, name: str, text: str) -> Session | None:
        """The game a save file holds; one that does not replay is set aside, with a message, and None."""
        return drained(self.reading_save(name, text))

    def reading_save(self, name: str, text: str) -> Work:
        """:meth:`read_save` a few lines or a move at a time (``shell/jobs.py``)."""
        try:
            return (yield from phase("job.read", Session.reading(text, self.rules, self.load_start, self.solver())))
        except SaveFileError as error:
            self.app.storage.set_aside(name, error_words(error))
        except Exception:  # a bug met on the way must not turn into a crash at every start
            self.app.log_crash(traceback.format_exc())
            self.app.storage.set_aside(name, t("msg.save_bug"))
        return None

    def adopt(self, session: Session, resumed: bool = False) -> None:
        """Play ``session`` from now on; ``resumed``: the player said yes to resuming it."""
        self.session = session
        self.on_session_changed()

    def save_game(self) -> None:
        """The game menu's Save: the page of this game's slots, to save the game shown in one."""
        if self.session is not None:
            SlotPage(self, saving=True).open()

    def load_game(self) -> None:
        """The game menu's Load: the page of this game's slots; the one chosen replaces the game
        shown, after a yes if that one is in progress."""
        SlotPage(self, saving=False).open()

    def record_commands(self) -> list[Command]:
        """Export and Import (``shell/record_keeper.py``), where the game has a record format."""
        if not keeps_records(self.rules):
            return []
        return [Command(t("pause.export"), self.export_record), Command(t("pause.import"), self.import_record, solo=True)]

    def solo_refused(self) -> bool:
        """A command that would change the game on this computer only is refused (and said) in a
        game played with another computer; none is here."""
        return False

    # Shared commands.

    @property
    def message_lines(self) -> int:
        """Lines of the status area a passing message may take (``ui.COLS - 2`` wide)."""
        return 2

    def flash(self, text: str, frames: int = 150) -> None:
        """A passing message on the status lines; one longer than they hold comes in a box instead."""
        if len(ui.wrap(text, ui.COLS - 2)) > self.message_lines:
            self.message, self.message_frames = "", 0
            self.app.show_message(text)
        else:
            self.message, self.message_frames = text, frames

    def note(self, text: str) -> None:
        """A passing message that never comes in a box (another computer may send many): cut, with
        "...", to what the status lines hold."""
        words = text.split(" ")
        while len(ui.wrap(text, ui.COLS - 2)) > self.message_lines and len(words) > 1:
            words.pop()
            text = " ".join(words) + " ..."
        self.flash(text[: self.message_lines * (ui.COLS - 2)])

    def undo(self) -> None:
        if self.session and self.session.undo():
            self.on_session_changed()
            self.after_move()

    def redo(self) -> None:
        if self.session and self.session.redo():
            self.on_session_changed()
            self.after_move()

    def restart(self) -> None:
        if self.session and self.session.restart():
            self.on_session_changed()
            self.after_move()

    def ask_restart(self) -> None:
        self.app.confirm(t("confirm.restart"), self.restart)

    def hint(self) -> None:
        move = self.session.hint() if self.session else None
        if move is None:
            self.flash(t("msg.no_hint"))
        else:
            self.show_hint(move)

    def show_hint(self, move) -> None:
        self.flash(f"{t('pause.hint')}: {self.rules.move_to_text(move)}")

    def after_move(self) -> None:
        """Called after every change of the shown state; autosaves so a crash loses nothing."""
        self.autosave()

    def leave(self) -> None:
        self.app.leave_cartridge()

    # The record: its page and the replay (shell/record_page.py, shell/replay.py).

    def open_record(self) -> None:
        """F2: the game's moves, to look back through and to play on from."""
        if self.session is not None:
            self.app.open_overlay(RecordPage(self.app, self))

    def player_label(self, seat: int) -> str:
        """"Ann (Red)": the player in ``seat`` as the record names who moved; "" with one player."""
        return ""

    def play_on_refused(self) -> str | None:
        """Why the game may not go back to an earlier moment here (a network game), or None."""
        return None

    def play_on_from(self, position: int) -> None:
        """The game goes to the history's entry ``position``; the moves after it stay, for redo."""
        if self.session is not None and self.session.go_to(position):
            self.on_session_changed()
            self.after_move()

    def draw_replay(self, lines) -> None:
        """The play screen at the session's position, as undo to it would show it (the passing UI
        fresh: no piece picked, no hint, nothing moving), with ``lines`` (shell/replay.py's
        ReplayLines) in place of its title word, keys and status line.  The replay sets the
        position for this one draw."""
        raise NotImplementedError

    def commands(self) -> list[Command]:
        return [
            Command(t("pause.undo"), self.undo, "Z"),
            Command(t("pause.redo"), self.redo, "Y", solo=True),
            Command(t("pause.restart"), self.ask_restart, self.restart_hotkey, solo=True),
            Command(t("pause.hint"), self.hint, "H", solo=True),
            Command(t("pause.save"), self.save_game),
            Command(t("pause.load"), self.load_game, solo=True),
            Command(t("pause.record"), self.open_record, RECORD_KEY),
        ] + self.record_commands() + self.insight_commands()

    def insight_commands(self) -> list[Command]:
        """The evaluation on or off, and the review page."""
        insight = self.insight
        return [Command(insight.command_label(), insight.toggle, KEY_EVALUATE),
                Command(t("review.cmd"), insight.open_review, KEY_REVIEW)]

    def handle_common(self, inp: Input, clicked: str | None = None) -> bool:
        """Undo, redo, hint, the pause menu, the record page, going back, the evaluation and the
        review (also by a click on their ``clicked`` marks); True when one of them fired."""
        if unbound(inp, KEY_EVALUATE, clicked):
            self.insight.toggle()
        elif unbound(inp, KEY_REVIEW, clicked):
            self.insight.open_review()
        elif inp.pressed(Action.UNDO):
            self.undo()
        elif inp.pressed(Action.REDO):
            self.redo()
        elif inp.pressed(Action.HINT):
            self.hint()
        elif inp.pressed(Action.MENU):
            self.app.open_pause_menu(self)
        elif inp.hotkey(RECORD_KEY):
            self.open_record()
        elif inp.pressed(Action.BACK):
            self.leave()
        else:
            return False
        return True

    def close(self) -> None:
        """The cartridge is left, or the app quits or recovers from a crash: let go of what it holds."""

    def tick(self) -> None:
        """Every frame, even under help or the pause menu: thinking and animation go on."""

    def update(self, inp: Input) -> None:
        if self.message_frames:
            self.message_frames -= 1
        self.take_drops()

    def draw(self) -> None:
        raise NotImplementedError
