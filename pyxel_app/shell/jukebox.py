"""The jukebox: the one part that starts and stops Pyxel's sound, by the names of ``shell/sounds.py``.

Channels: a tune's three voices take channels 0-2 (lead, bass, drums).  An effect takes channel 3,
or, when that one still sounds, a channel no tune holds: in a game, where no tune plays, effects
that come together (a disc lands as the computer hands the turn back) overlap instead of cutting
each other off.  Which channel is free is counted in frames from each sound's length, never asked
of the audio device, so the same frames make the same sounds in a test.

The settings (``settings.txt``): ``music`` (the title's and the menu's tunes), ``effects`` (every
effect, and the jingles that end a game), both ``on`` or ``off``, and ``volume`` from 0 to 10.
A file from before the music has only ``sound``: its ``off`` silences both until they are set.

Every screen says which tune it wants (its ``tune``: "title", "menu"; a cartridge none), and the
app tells the jukebox each frame (:meth:`Jukebox.follow`): a tune no longer wanted fades out
over a few frames, so a game starts in silence without a click.
"""

from __future__ import annotations

import math

import pyxel

from ..rules.numbers import NumberError, parse_number
from .settings import ON_OFF, Settings, parsed_by
from .sounds import TUNE_SLOTS, is_jingle, slot

MUSIC_CHANNELS = (0, 1, 2)  # lead, bass, drums
EFFECT_CHANNEL = 3
FPS = 60
MAX_VOLUME, DEFAULT_VOLUME = 10, 5
# The default volume is Pyxel's own gain of a channel; the loudest keeps four channels at full
# scale together under the clipping point.
GAIN_PER_STEP = 0.025
FADE_FRAMES = 12
FOR_EVER = math.inf


def parse_volume(key: str, value: str) -> int:
    return parse_number(value, 0, MAX_VOLUME, key)


SETTING_CHECKS = {"music": ON_OFF, "effects": ON_OFF, "sound": ON_OFF, "volume": parsed_by(parse_volume, NumberError)}


def music_on(settings: Settings) -> bool:
    return settings.get_bool("music", settings.get_bool("sound", True))


def effects_on(settings: Settings) -> bool:
    return settings.get_bool("effects", settings.get_bool("sound", True))


def volume(settings: Settings) -> int:
    """The volume setting (checked when the settings were read)."""
    try:
        return parse_volume("volume", settings.get("volume", str(DEFAULT_VOLUME)))
    except NumberError:
        return DEFAULT_VOLUME


def frames_of(sound_slot: int) -> int:
    """How many frames the sound in ``sound_slot`` lasts."""
    seconds = pyxel.sounds[sound_slot].total_sec() or 0.0
    return math.ceil(seconds * FPS)


def tune_frames(name: str) -> int:
    """How many frames the tune called ``name`` lasts once round: its longest voice."""
    return max(sum(frames_of(part[voice]) for part in TUNE_SLOTS[name]) for voice in range(3))


class Jukebox:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.frame = 0
        self.tune: str | None = None  # the looping tune playing (or fading out)
        self.fading = 0  # frames of the fade-out left
        self.free_at: list[float] = [0.0] * (EFFECT_CHANNEL + 1)  # the frame each channel falls silent

    # Settings.

    @property
    def music_on(self) -> bool:
        return music_on(self.settings)

    @property
    def effects_on(self) -> bool:
        return effects_on(self.settings)

    @property
    def volume(self) -> int:
        return volume(self.settings)

    def set_music(self, on: bool) -> None:
        self.settings.set("music", on)

    def set_effects(self, on: bool) -> None:
        self.settings.set("effects", on)

    def set_volume(self, level: int) -> None:
        self.settings.set("volume", str(max(0, min(MAX_VOLUME, level))))
        self.apply_volume()

    def apply_volume(self) -> None:
        for channel in pyxel.channels:
            channel.gain = self.volume * GAIN_PER_STEP

    # Playing.

    def play(self, name: str, times: int = 1) -> None:
        """The effect or jingle called ``name``, unless effects are off; an effect ``times`` over,
        one after another."""
        if is_jingle(name):
            if self.effects_on:
                self.start_music(name, loop=False)
            return
        number = slot(name)  # an unknown name is refused whatever the settings
        if not self.effects_on:
            return
        channel = self.effect_channel()
        pyxel.play(channel, [number] * times if times > 1 else number)
        self.free_at[channel] = self.frame + frames_of(number) * times

    def effect_channel(self) -> int:
        if self.free_at[EFFECT_CHANNEL] <= self.frame:
            return EFFECT_CHANNEL
        free = [channel for channel in reversed(MUSIC_CHANNELS) if self.free_at[channel] <= self.frame]
        return free[0] if free else EFFECT_CHANNEL

    def follow(self, wanted: str | None) -> None:
        """The tune the screen shown wants (None: none); a tune not wanted fades out."""
        if not self.music_on:
            wanted = None
        if wanted == self.tune and not self.fading:
            return
        if wanted is None:
            if self.tune is not None and not self.fading:
                self.fading = FADE_FRAMES
            return
        self.start_music(wanted, loop=True)

    def start_music(self, name: str, loop: bool) -> None:
        """The tune ``name``, each voice on its channel.  Not ``pyxel.playm``: in Pyxel 2.9.9 it can
        hang the app for good, waiting on the audio thread while holding what that thread waits for."""
        self.end_fade()
        for voice, channel in enumerate(MUSIC_CHANNELS):
            pyxel.play(channel, [part[voice] for part in TUNE_SLOTS[name]], loop=loop)
        self.tune = name if loop else None
        length = FOR_EVER if loop else self.frame + tune_frames(name)
        for channel in MUSIC_CHANNELS:
            self.free_at[channel] = length

    def tick(self, wanted: str | None) -> None:
        """One frame: the tune the screen shown wants (see ``follow``), the fade-out goes on."""
        self.follow(wanted)
        self.frame += 1
        if not self.fading:
            return
        self.fading -= 1
        if self.fading:
            for channel in MUSIC_CHANNELS:
                pyxel.channels[channel].gain = self.volume * GAIN_PER_STEP * self.fading / FADE_FRAMES
            return
        for channel in MUSIC_CHANNELS:
            pyxel.stop(channel)
            self.free_at[channel] = self.frame
        self.tune = None
        self.apply_volume()

    def end_fade(self) -> None:
        if self.fading:
            self.fading = 0
            self.apply_volume()
