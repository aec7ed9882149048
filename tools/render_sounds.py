"""Render every tune and effect to WAV, to listen to or look at, and say how long and loud each is.

    python tools/render_sounds.py [DIR] [--png]

DIR (default ``build/sounds``, which git ignores) gets ``tune-NAME.wav`` for each tune (its three
voices together, once round), ``tune-NAME-partN.wav`` for each of its parts and
``tune-NAME-partN-VOICE.wav`` for each voice of a part, and ``effect-NAME.wav`` for each effect, as
Pyxel plays them at the default volume.  ``--png`` also draws a spectrogram of each
tune with sox, if sox is installed.  The files are never packed: ``build`` leaves WAVs out.
"""

from __future__ import annotations

import array
import itertools
import math
import operator
import os
import shutil
import subprocess
import sys
import wave
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pyxel

from pyxel_app.shell.sounds import SLOTS, TUNE_SLOTS, TUNES

ROOT = Path(__file__).resolve().parent.parent
VOICES = ("lead", "bass", "drums")
SPARE_MUSIC = 7  # no tune's: a part is put here to be rendered
FULL_SCALE = 32767
WINDOW_SECONDS = 0.005  # the window loudness and a tail are measured in
SOUNDING = FULL_SCALE * 10 ** (-60 / 20)  # a window quieter than -60 dBFS is no part of the sound
STOP_DB = 20  # a fall this steep from one window to the next stops a sound


@dataclass(frozen=True)
class Rendered:
    path: Path
    seconds: float
    peak: int  # the largest sample, of FULL_SCALE
    rms: float

    def window_rms(self, seconds: float) -> list[float]:
        """The loudness of each ``seconds`` of the file."""
        samples, rate = read_samples(self.path)
        size = max(1, int(seconds * rate))
        return [rms(samples[start:start + size]) for start in range(0, len(samples), size)]

    def loudness(self) -> float:
        """The level in dBFS of the sounding part: the RMS over the windows louder than SOUNDING,
        so a rest or a short sound's silent end does not make it seem quieter."""
        levels = self.window_rms(WINDOW_SECONDS)
        heard = [level for level in levels if level > SOUNDING]
        return dbfs(math.sqrt(sum(level * level for level in heard) / len(heard))) if heard else -math.inf

    def stops(self) -> list[tuple[float, float]]:
        """(when, level in dBFS) of the WINDOW_SECONDS before each stop: a fall of STOP_DB or more
        from one window to the next, and the file's end.  A sound cut off at a level clicks; a
        faded one reaches the stop near silence."""
        samples, rate = read_samples(self.path)
        size, hop = max(1, int(WINDOW_SECONDS * rate)), max(1, int(rate / 1000))
        energy = [0, *itertools.accumulate(sample * sample for sample in samples)]
        energy += [energy[-1]] * size  # silence after the end

        def level(start: int) -> float:
            return dbfs(math.sqrt((energy[start + size] - energy[start]) / size))

        found, last = [], -size
        for start in range(size, len(samples) + 1, hop):
            before, after = level(start - size), level(start)
            if before - after >= STOP_DB and start - last >= size:
                found.append((start / rate, before))
                last = start
        if not found or found[-1][0] < len(samples) / rate - WINDOW_SECONDS:
            found.append((len(samples) / rate, level(max(0, len(samples) - size))))
        return found


def read_samples(path: Path) -> tuple[array.array, int]:
    with wave.open(str(path)) as wav:
        if wav.getsampwidth() != 2 or wav.getnchannels() != 1:
            raise ValueError(f"{path.name}: not 16-bit mono")
        return array.array("h", wav.readframes(wav.getnframes())), wav.getframerate()


def rms(samples) -> float:
    return math.sqrt(sum(map(operator.mul, samples, samples)) / len(samples)) if len(samples) else 0.0


def dbfs(level: float) -> float:
    """``level`` (of FULL_SCALE) in decibels under full scale."""
    return 20 * math.log10(level / FULL_SCALE) if level > 0 else -math.inf


def measured(path: Path) -> Rendered:
    samples, rate = read_samples(path)
    peak = max(max(samples, default=0), -min(samples, default=0))
    return Rendered(path, len(samples) / rate, peak, rms(samples))


def part_seconds(part: tuple[int, int, int]) -> float:
    """How long a part of a tune takes: its voices' longest."""
    return max(pyxel.sounds[voice].total_sec() or 0.0 for voice in part)


def render_part(name: str, number: int, folder: Path) -> Rendered:
    """Part ``number`` of the tune ``name``, its three voices together as Pyxel mixes them (Pyxel
    takes far longer to render one long sound than its parts one by one)."""
    part = TUNE_SLOTS[name][number]
    pyxel.musics[SPARE_MUSIC].set(*([voice] for voice in part))
    path = folder / f"tune-{name}-part{number + 1}.wav"
    pyxel.musics[SPARE_MUSIC].save(str(path), part_seconds(part))
    return measured(path)


def render_voice(name: str, number: int, voice: int, folder: Path, seconds: float | None = None) -> Rendered:
    """One voice of a part alone (its first ``seconds`` only, if given)."""
    slot = TUNE_SLOTS[name][number][voice]
    path = folder / f"tune-{name}-part{number + 1}-{VOICES[voice]}.wav"
    pyxel.sounds[slot].save(str(path), seconds or pyxel.sounds[slot].total_sec())
    return measured(path)


def joined(parts: list[Rendered], path: Path) -> Rendered:
    """The parts' WAVs one after another in one file: the tune once round."""
    with wave.open(str(path), "wb") as out:
        for number, part in enumerate(parts):
            with wave.open(str(part.path)) as wav:
                if number == 0:
                    out.setparams(wav.getparams())
                out.writeframes(wav.readframes(wav.getnframes()))
    return measured(path)


def render_effect(name: str, folder: Path) -> Rendered:
    path = folder / f"effect-{name}.wav"
    sound = pyxel.sounds[SLOTS[name]]
    sound.save(str(path), sound.total_sec())
    return measured(path)


def spectrogram(wav: Path) -> Path | None:
    """A PNG beside ``wav`` drawn by sox, or None without sox."""
    if shutil.which("sox") is None:
        return None
    png = wav.with_suffix(".png")
    subprocess.run(["sox", str(wav), "-n", "spectrogram", "-x", "1600", "-y", "400", "-z", "90",
                    "-t", wav.stem, "-o", str(png)], check=True)
    return png


def main(argv: list[str]) -> int:
    from pyxel_app.shell.app import boot

    pictures = "--png" in argv
    folders = [arg for arg in argv if arg != "--png"]
    folder = Path(folders[0]) if folders else ROOT / "build" / "sounds"
    folder.mkdir(parents=True, exist_ok=True)
    boot(headless=True)
    rows = []
    for name in TUNES:
        parts = [render_part(name, number, folder) for number in range(len(TUNE_SLOTS[name]))]
        rows.append(joined(parts, folder / f"tune-{name}.wav"))
        rows += parts + [render_voice(name, number, voice, folder)
                         for number in range(len(parts)) for voice in range(len(VOICES))]
        if pictures and spectrogram(rows[-len(parts) * (len(VOICES) + 1) - 1].path) is None:
            print("sox not found: no spectrograms", file=sys.stderr)
            pictures = False
    rows += [render_effect(name, folder) for name in SLOTS]
    for row in rows:
        tail = max((level for _, level in row.stops()), default=-math.inf)
        print(f"{row.path.name:32} {row.seconds:7.2f} s  peak {row.peak:5d}  rms {row.rms:7.1f}"
              f"  sounding {row.loudness():6.1f} dBFS  loudest stop {tail:6.1f} dBFS")
    print(f"{len(rows)} files in {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
