"""A harness around Pyxel's sound calls: every sound the app starts, by its name, in order.

``log = listen(monkeypatch)`` stands in for ``pyxel.play`` and ``pyxel.stop`` (nothing is heard);
``log.names`` then lists every effect started (a list of effects played one after another counts
each) and every tune or jingle (once, as its lead starts), ``log.looped`` the tunes started to loop
and ``log.stopped`` the channels stopped.  ``pyxel.playm`` fails the test: the jukebox plays a
tune's voices one by one (shell/jukebox.py says why).
"""

from __future__ import annotations

import pyxel

from pyxel_app.shell.sounds import SLOTS, TUNE_SLOTS


class SoundLog:
    def __init__(self) -> None:
        self.names: list[str] = []
        self.channels: list[int] = []  # the channel of each effect in ``names`` (-1 for a tune)
        self.looped: list[str] = []
        self.stopped: list[int | None] = []
        self.voices: list[tuple[str, int, int]] = []  # (tune, voice, channel) of each voice started

    def count(self, name: str) -> int:
        return self.names.count(name)

    def clear(self) -> None:
        self.__init__()


def tune_voices() -> dict[tuple[int, ...], tuple[str, int]]:
    """The slots each voice of each tune plays, one after another, and whose they are."""
    return {tuple(part[voice] for part in parts): (name, voice)
            for name, parts in TUNE_SLOTS.items() for voice in range(3)}


def listen(monkeypatch) -> SoundLog:
    log = SoundLog()
    effects = {number: name for name, number in SLOTS.items()}
    voices = tune_voices()

    def play(channel, sound, sec=0, loop=False, resume=False):
        numbers = tuple(sound) if isinstance(sound, list) else (sound,)
        if numbers in voices:
            name, voice = voices[numbers]
            log.voices.append((name, voice, channel))
            if voice == 0:
                log.names.append(name)
                log.channels.append(-1)
                if loop:
                    log.looped.append(name)
            return
        for number in numbers:
            log.names.append(effects[number])
            log.channels.append(channel)

    def playm(*args, **kwargs):
        raise AssertionError("pyxel.playm called: it can hang Pyxel 2.9.9 (shell/jukebox.py)")

    monkeypatch.setattr(pyxel, "play", play)
    monkeypatch.setattr(pyxel, "playm", playm)
    monkeypatch.setattr(pyxel, "stop", lambda channel=None: log.stopped.append(channel))
    return log
