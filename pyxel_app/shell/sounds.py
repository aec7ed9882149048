"""Every sound by name: the one table of which Pyxel sound slot or music holds what.

Screens play a sound by its name (``app.sound("refused")``, a board view ``context.sound("flip")``);
``shell/jukebox.py`` looks the name up here.  Two kinds of sound answer to a name:

- an **effect**, one sound slot of resources.pyxres, written by ``tools/make_resources.py`` under
  the same name (so a name and its notes cannot drift apart);
- a **tune**, three voices in MML (``shell/tunes.py``), each part of each voice read into the
  slot ``TUNE_SLOTS`` gives it and the parts played one after another as one Pyxel music: the
  title's and the menu's loop, and the jingles for a game's end (``won``, ``lost``, ``draw``)
  play once.

>>> slot("refused"), slot("piece") == slot("place"), is_jingle("won"), is_jingle("flip")
(1, True, True, False)
"""

from __future__ import annotations

from . import tunes

# The slot of each effect the resource file holds, by the name make_resources.py writes it under.
SLOTS: dict[str, int] = {
    # Everywhere.
    "cursor": 0,  # a choice or the cursor moves
    "refused": 1,  # a key or move that does nothing
    "select": 2,  # a choice taken
    "hint": 3,  # a hint shows
    "message": 4,  # a message box asks to be read
    "your_turn": 5,  # the computer or the other computer has moved: the person here plays on
    "pass": 6,  # a side has no move and passes
    "best": 7,  # a new best result, kept in the settings
    "game_over": 8,  # the end of a game nobody here plays (the title's demo)
    "puzzle_solved": 9,  # a puzzle of a puzzle mode solved
    # ByPuzz.
    "slide": 10,  # a tile slides into the gap
    "blink": 11,  # a tile in place blinks in the check run
    "shuffle": 12,  # a tick of the shuffle
    # Connect 4.
    "drop": 13,  # a disc is let go and falls
    "land": 14,  # it lands: a click and a thud
    # Othello.
    "place": 15,  # a stone set down
    "flip": 16,  # one stone turned over (played once for each)
    # Draughts.
    "move": 17,  # a piece lands after its move
    "capture": 18,  # one piece taken, as the moving piece passes it
    "crown": 19,  # a man reaches the far row and is crowned
    # Peg solitaire.
    "pick": 20,  # a marble picked up
    "jump": 21,  # a marble hops
    "remove": 22,  # the marble jumped over goes
    "dead_end": 23,  # no jump is left and the board is not solved
}
# A word a game or a branch already uses for a sound it shares: a piece set down anywhere.
SAME_AS: dict[str, str] = {"piece": "place"}

# The tunes: Pyxel's music number of each (the voices' slots follow from it).
TUNES: dict[str, int] = {"title": 0, "menu": 1, "won": 2, "lost": 3, "draw": 4}
LOOPING = ("title", "menu")  # come round again until the screen changes
JINGLES = ("won", "lost", "draw")  # play once, at a game's end, in place of an effect
FIRST_TUNE_SLOT = 30  # effects may take the slots below it


def tune_slots() -> dict[str, tuple[tuple[int, int, int], ...]]:
    """The three voice slots of each part of each tune, in order from FIRST_TUNE_SLOT."""
    found, free = {}, FIRST_TUNE_SLOT
    for name in TUNES:
        parts = []
        for _ in tunes.TUNES[name].parts:
            parts.append((free, free + 1, free + 2))
            free += 3
        found[name] = tuple(parts)
    return found


TUNE_SLOTS = tune_slots()

EFFECTS: dict[str, int] = SLOTS | {name: SLOTS[same] for name, same in SAME_AS.items()}
SOUNDS: tuple[str, ...] = (*EFFECTS, *JINGLES)  # every name a screen may play


class UnknownSoundError(KeyError):
    def __str__(self) -> str:
        return self.args[0]


def is_jingle(name: str) -> bool:
    return name in JINGLES


def slot(name: str) -> int:
    """The Pyxel sound slot of the effect called ``name``."""
    try:
        return EFFECTS[name]
    except KeyError:
        raise UnknownSoundError(f"no sound is called {name!r}; choose from {', '.join(SOUNDS)}") from None

