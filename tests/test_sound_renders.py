"""Every tune and effect rendered to WAV as Pyxel plays it (``Sound.save``/``Music.save``, headless,
through tools/render_sounds.py): none is silent, none clips even at the loudest volume with the
loudest effect over it, and each lasts the length stated here."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

from pyxel_app.shell import tunes
from pyxel_app.shell.jukebox import DEFAULT_VOLUME, MAX_VOLUME
from pyxel_app.shell.sounds import SLOTS, TUNE_SLOTS, TUNES

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
