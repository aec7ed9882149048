"""Every sound by name: the one table of which Pyxel sound slot of resources.pyxres holds what.

Screens play a sound by its name (``app.sound("refused")``); ``tools/make_resources.py`` writes
each slot under the same name, so a name and its notes cannot drift apart.

>>> slot("won"), slot("jump") == slot("slide")
(3, True)
"""

from __future__ import annotations

# The slot of each sound the resource file holds, by the name make_resources.py writes it under.
SLOTS: dict[str, int] = {
    "slide": 0,  # a ByPuzz tile slides into the gap
    "refused": 1,  # a key or move that does nothing
    "blink": 2,  # a tile in place blinks in ByPuzz's check run
    "won": 3,  # the success jingle
    "cursor": 4,  # a choice or the cursor moves
    "select": 5,
    "shuffle": 6,  # a tick of ByPuzz's shuffle
    "hint": 7,
    "drop": 8,  # a Connect 4 disc lands: a click and a thud
    "title.lead": 9,  # the title jingle's three voices, played together
    "title.bass": 10,
    "title.drum": 11,
    "lost": 12,  # the loss's falling phrase
}
# A game's own word for a sound it shares: a peg's jump sounds as a tile's slide, and a stone or
# piece set down as a disc landing.
SAME_AS: dict[str, str] = {"jump": "slide", "place": "drop", "piece": "drop", "puzzle_solved": "won"}
SOUNDS: dict[str, int] = SLOTS | {name: SLOTS[same] for name, same in SAME_AS.items()}
# The title jingle's voices, on channels 0, 1 and 2 at once.
JINGLE = ("title.lead", "title.bass", "title.drum")


class UnknownSoundError(KeyError):
    def __str__(self) -> str:
        return self.args[0]


def slot(name: str) -> int:
    """The Pyxel sound slot of the sound called ``name``."""
    try:
        return SOUNDS[name]
    except KeyError:
        raise UnknownSoundError(f"no sound is called {name!r}; choose from {', '.join(SOUNDS)}") from None
