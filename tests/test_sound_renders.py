"""Every tune and effect rendered to WAV as Pyxel plays it (``Sound.save``/``Music.save``, headless,
through tools/render_sounds.py): none is silent, none clips even at the loudest volume with the
loudest effect over it, each lasts the length stated here, every effect and jingle is about as
loud as the others and none stops with a click."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

from pyxel_app.shell import tunes
from pyxel_app.shell.jukebox import DEFAULT_VOLUME, MAX_VOLUME
from pyxel_app.shell.sounds import JINGLES, SLOTS, TUNE_SLOTS, TUNES

TOOL = Path(__file__).resolve().parent.parent / "tools" / "render_sounds.py"
# The lengths the music is written to: the title 40 bars at 150 beats a minute, the menu 16 at
# 96, each jingle six beats (at 180, 120 and 140).
STATED = {"title": 64.0, "menu": 40.0, "won": 2.0, "lost": 3.0, "draw": 18 / 7}
BOUNDS = {"title": (40, 90), "menu": (20, 90), "won": (1, 4), "lost": (1, 4), "draw": (1, 4)}
LONGEST_EFFECT = 0.5  # seconds: an effect never holds up the next one
QUIET = 100  # rms (of 32767) under which a stretch of sound counts as silence
WINDOW = 2.0  # seconds: no stretch this long of a tune is silent
VOICE_HEARD = 4.0  # seconds of each voice of each part rendered alone
LOUDEST = MAX_VOLUME / DEFAULT_VOLUME  # the loudest volume against the default the files are rendered at
FULL_SCALE = 32767
# Every effect, and every jingle (played in place of an effect at a game's end), sounds this loud
# (dBFS, the RMS of its sounding part) give or take LOUDNESS_TOLERANCE, so none is easy to miss.
LOUDNESS_TARGET, LOUDNESS_TOLERANCE = -30.0, 3.0
LOUDEST_STOP = -50.0  # dBFS in the last 5 ms before a sound stops: quieter is a fade, louder a click


@pytest.fixture(scope="module")
def render(pyxel_screen):
    spec = importlib.util.spec_from_file_location("render_sounds", TOOL)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def effects(render, tmp_path_factory):
    folder = tmp_path_factory.mktemp("effects")
    return {name: render.render_effect(name, folder) for name in SLOTS}


def test_every_effect_is_short_heard_and_below_full_scale(effects):
    for name, wav in effects.items():
        assert 0 < wav.seconds <= LONGEST_EFFECT, (name, wav.seconds)
        assert wav.rms > QUIET, (name, wav.rms)
        assert wav.peak * LOUDEST < FULL_SCALE, (name, wav.peak)


@pytest.fixture(scope="module")
def jingles(render, tmp_path_factory):
    folder = tmp_path_factory.mktemp("jingles")
    return {name: render.joined([render.render_part(name, number, folder) for number in range(len(TUNE_SLOTS[name]))],
                                folder / f"{name}.wav") for name in JINGLES}


def test_every_effect_and_jingle_is_as_loud_as_the_target(effects, jingles):
    levels = {name: round(wav.loudness(), 1) for name, wav in (effects | jingles).items()}
    off = {name: level for name, level in levels.items() if abs(level - LOUDNESS_TARGET) > LOUDNESS_TOLERANCE}
    assert off == {}, f"not within {LOUDNESS_TOLERANCE} dB of {LOUDNESS_TARGET} dBFS"


def test_every_effect_and_jingle_fades_where_it_stops(effects, jingles):
    clicks = {name: [(round(when, 3), round(level, 1)) for when, level in wav.stops() if level > LOUDEST_STOP]
              for name, wav in (effects | jingles).items()}
    assert {name: found for name, found in clicks.items() if found} == {}, f"louder than {LOUDEST_STOP} dBFS"


@pytest.mark.parametrize("name", list(TUNES))
def test_every_tune_is_heard_throughout_lasts_as_stated_and_never_clips(render, effects, tmp_path, name):
    parts = [render.render_part(name, number, tmp_path) for number in range(len(TUNE_SLOTS[name]))]
    whole = render.joined(parts, tmp_path / f"{name}.wav")
    low, high = BOUNDS[name]
    assert low <= STATED[name] <= high
    assert abs(whole.seconds - STATED[name]) < 0.01, whole.seconds
    loudest_effect = max(wav.peak for wav in effects.values())
    assert (whole.peak + loudest_effect) * LOUDEST < FULL_SCALE, (whole.peak, loudest_effect)
    quiet = [(part.path.name, index) for part in parts for index, level in enumerate(part.window_rms(WINDOW))
             if level < QUIET and (index + 1) * WINDOW <= part.seconds]
    assert quiet == [], "silent stretches"


@pytest.mark.parametrize("name", list(TUNES))
def test_each_voice_of_each_part_is_heard_on_its_own(render, tmp_path, name):
    for number in range(len(TUNE_SLOTS[name])):
        for voice in range(3):
            wav = render.render_voice(name, number, voice, tmp_path, min(VOICE_HEARD, STATED[name]))
            assert wav.rms > QUIET, (name, number, render.VOICES[voice], wav.rms)


def test_a_silent_or_clipping_render_is_found(render, tmp_path):
    """The measures on planted files: silence, and a square wave at full scale."""
    import array
    import wave

    for name, samples in (("silent", [0] * 22050), ("full", [32767, -32767] * 11025)):
        with wave.open(str(tmp_path / f"{name}.wav"), "wb") as out:
            out.setparams((1, 2, 22050, 0, "NONE", "not compressed"))
            out.writeframes(array.array("h", samples).tobytes())
    silent, full = render.measured(tmp_path / "silent.wav"), render.measured(tmp_path / "full.wav")
    assert silent.rms < QUIET and silent.window_rms(0.5) == [0.0, 0.0]
    assert full.peak * LOUDEST >= FULL_SCALE and full.seconds == 1.0


def test_a_click_and_a_quiet_sound_are_found(render, tmp_path):
    """The measures on planted tones: 0.1 s at -20 dBFS cut off, then 0.1 s of silence; the same
    tone fading to nothing; and one 30 dB quieter."""
    import array
    import math
    import wave

    rate, amplitude = 22050, FULL_SCALE * 10 ** (-20 / 20) * math.sqrt(2)
    tone = [amplitude * math.sin(2 * math.pi * 440 * index / rate) for index in range(rate // 10)]
    shapes = {"cut": [*tone, *[0.0] * (rate // 10)],
              "faded": [sample * (1 - index / len(tone)) ** 3 for index, sample in enumerate(tone)],
              "quiet": [sample / 10 ** 1.5 for sample in tone]}
    found = {}
    for name, samples in shapes.items():
        with wave.open(str(tmp_path / f"{name}.wav"), "wb") as out:
            out.setparams((1, 2, rate, 0, "NONE", "not compressed"))
            out.writeframes(array.array("h", (round(sample) for sample in samples)).tobytes())
        found[name] = render.measured(tmp_path / f"{name}.wav")
    assert abs(found["cut"].loudness() + 20) < 0.5 and abs(found["quiet"].loudness() + 50) < 0.5
    assert [round(when, 2) for when, level in found["cut"].stops() if level > LOUDEST_STOP] == [0.1]
    assert all(level < LOUDEST_STOP for _, level in found["faded"].stops())


def tones(voice: str) -> set[int]:
    """The tones an MML voice sets (``@5``; not ``@ENV1``)."""
    return {int(number) for number in re.findall(r"@(\d+)", voice)}


def test_the_tunes_are_written_for_the_sids_three_voices():
    """A pulse lead (with fast arpeggios in the title), a sawtooth or triangle bass, noise drums."""
    pulses = {tunes.PULSE, tunes.THIN_PULSE}
    for name, tune in tunes.TUNES.items():
        voices = [tune.voices(part) for part in tune.parts]
        leads = set().union(*(tones(lead) for lead, _, _ in voices))
        assert leads & pulses and leads <= pulses | {0}, (name, leads)  # the menu's first part: a triangle
        assert all(tones(bass) <= {0, tunes.SAWTOOTH} and tones(drums) >= {3} for _, bass, drums in voices), name
    assert sum("L64[" in part.lead for part in tunes.TITLE.parts) >= 3  # intro, bridge and outro in arpeggios
