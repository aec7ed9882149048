"""The crash rescue: a bug in a screen costs the player a message, not the game.

The app runs each frame's update and draw under a guard; an error that escapes a screen ends in
:func:`rescue`, which saves and closes the game shown as well as it still can, and the traceback
is appended to crash.log in the data folder, whose size stays bounded however often it happens.
"""

from __future__ import annotations

import time
import traceback
from dataclasses import dataclass

from .storage import DataFolder
from .strings import t

CRASH_LOG = "crash.log"
CRASH_LOG_CHARS = 64 * 1024  # the log keeps its newest part
CRASH_LOG_BYTES = 4 * CRASH_LOG_CHARS  # a UTF-8 character takes at most four
MAX_CRASH_REPORTS = 20  # per session: a screen that fails every frame must not fill the disk


@dataclass(frozen=True)
class Rescue:
    """What became of the game shown when the error came."""

    had_game: bool  # a game in progress was on screen
    saved: bool  # and it was saved
    report: str  # the error's traceback, then those of errors met while saving and closing the game

    def message(self, storage: DataFolder) -> str:
        """What the player is told: whether the game was saved, and where the log is."""
        key = "msg.crashed_unsaved" if self.had_game and not self.saved else "msg.crashed" if self.had_game else "msg.crashed_no_game"
        return t(key, log=storage.describe(CRASH_LOG))


def rescue(cartridge) -> Rescue:
    """While an error is handled: autosave ``cartridge`` (or None) and close it, whatever more goes
    wrong on the way; the report holds the error's traceback, then any met here."""
    report = traceback.format_exc()
    if cartridge is None:
        return Rescue(False, False, report)
    saved, had_game = False, True
    try:
        had_game = cartridge.in_progress()
        saved = cartridge.autosave()
    except Exception:
        saved = False
        report += traceback.format_exc()
    try:
        cartridge.close()
    except Exception:
        report += traceback.format_exc()
    return Rescue(had_game, saved, report)


def log_crash(storage: DataFolder, report: str, crashes: int) -> None:
    """Append ``report`` to crash.log with the time, unless this session already logged its share."""
    if crashes <= MAX_CRASH_REPORTS:
        stamp = time.strftime("%Y-%m-%d %H:%M:%S")
        storage.append(CRASH_LOG, f"--- {stamp} ---\n{report}\n", CRASH_LOG_CHARS)
