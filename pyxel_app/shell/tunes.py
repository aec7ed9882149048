"""The music, written as Pyxel MML: a title tune, a calmer menu tune and the jingles for a win, a
loss and a draw, each in three voices as the SID has them (a pulse lead with fast arpeggios, a
sawtooth or triangle bass, noise drums).

Why MML here and not in resources.pyxres: Pyxel 2.9.9 saves a sound's notes, tones, volumes and
effects, but a sound set with ``Sound.mml()`` is saved empty, and custom tones are not saved at
all.  So the tunes live as text in this file, are read once at start (``install()``, called by
the app's boot after the resource file is loaded) into the sound slots ``shell/sounds.py`` gives
them, and can be read and changed here; the effects stay in ``tools/make_resources.py``.

How the MML reads (Pyxel's dialect): ``T`` tempo, ``@n`` tone, ``V`` volume 0-127, ``Q`` gate in
percent, ``O``/``<``/``>`` octave (O4 A is 440 Hz), ``L`` default length, a note ``C``..``B`` with
``+``/``-`` and a length (``8`` an eighth, ``.`` dotted), ``R`` a rest, ``[...]n`` n times,
``@ENVn{start, ticks, level, ...}`` a volume envelope, ``@VIBn{delay, period, cents}`` vibrato,
``@GLIn{cents, ticks}`` a glide into the note; a quarter note is 48 ticks.

Every voice of a tune lasts exactly as long as the others (a test checks it), so a looping
tune stays together however often it comes round.
"""

from __future__ import annotations

from dataclasses import dataclass

import pyxel

# Tones past Pyxel's four (0 triangle, 1 square, 2 pulse, 3 noise), which the effects keep using:
# the SID's sawtooth for the bass, its quarter pulse for the melody and a thin pulse for the
# arpeggios, each as loud as a triangle sounds.  (mode, sample bits, wavetable, gain)
SAWTOOTH, PULSE, THIN_PULSE = 4, 5, 6
CUSTOM_TONES = {
    SAWTOOTH: (0, 4, [15 - i // 2 for i in range(32)], 0.8),
    PULSE: (0, 1, [1, 0, 0, 0], 0.7),
    THIN_PULSE: (0, 1, [1] + [0] * 7, 0.6),
}


def arp(chord: str, sixteenths: int) -> str:
    """A chord as a SID arpeggio: its four notes (MML, octave marks balanced) one after another,
    a 64th each, so the cycle fills a sixteenth; ``sixteenths`` cycles."""
    if chord.count(">") != chord.count("<"):
        raise ValueError(f"arpeggio {chord!r} must end in the octave it starts in")
    return f"L64[{chord}]{sixteenths}"


def fading_arp(chord: str, sixteenths: int, volume: int) -> str:
    """``arp`` dying away: each cycle quieter, on a curve (``volume`` times the square of the part
    left), so the last is a whisper and the tune ends without a click."""
    steps = (max(1, round(volume * ((sixteenths - cycle) / sixteenths) ** 2)) for cycle in range(sixteenths))
    return " ".join(f"V{level} {arp(chord, 1)}" for level in steps)


def bass(root: str, bars: int = 1, drive: bool = True) -> str:
    """``bars`` bars on ``root`` (MML note in octave 2): driving sixteenths bouncing to the octave
    above, or calm eighths."""
    step = f"L16 [{root}{root}>{root}<{root}]4" if drive else f"L8 [{root}>{root}<]4"
    return f"O2 {step * bars}"


# The drum kit, one voice: every hit sets its tone, envelope and glide, so hits mix freely.
# K kick (a triangle dropping in pitch), S snare and H hi-hat (noise), X crash (long noise).
KIT = "@ENV1{127,10,0} @ENV2{112,16,0} @ENV3{56,4,0} @ENV4{96,120,0} @GLI1{1900,8} Q100"
HITS = {
    "K": "@0@ENV1@GLI1 O2C",
    "S": "@3@ENV2@GLI0 O6C",
    "H": "@3@ENV3@GLI0 O8C",
    "X": "@3@ENV4@GLI0 O7C",
}


def drums(pattern: str, length: int = 8) -> str:
    """A drum bar from letters: a capital hit lasts ``length`` (an eighth), a small one half as
    long, ``.`` rests as long as a capital hit."""
    parts = []
    for letter in pattern.replace(" ", ""):
        size = length if letter.isupper() or letter == "." else length * 2
        parts.append(f"R{size}" if letter == "." else f"{HITS[letter.upper()]}{size}")
    return " ".join(parts)


@dataclass(frozen=True)
class Part:
    """A stretch of a tune in its three voices (MML), all as long as each other."""

    lead: str
    bass: str
    drums: str

    @property
    def voices(self) -> tuple[str, str, str]:
        return self.lead, self.bass, self.drums


@dataclass(frozen=True)
class Tune:
    """A piece in parts, played one after another, and whether it comes round again.  ``setup``
    starts each part's voice (tempo, sound, envelopes): a part is one sound slot a voice, read
    on its own, and Pyxel renders a short sound far faster than a long one."""

    setup: Part
    parts: tuple[Part, ...]
    loops: bool

    def voices(self, part: Part) -> tuple[str, str, str]:
        """The MML of ``part``'s three voices, each with its setup."""
        return tuple(f"{setup} {voice}" for setup, voice in zip(self.setup.voices, part.voices))


# The title tune: A minor, 150 beats a minute, 40 bars (64 s) in six parts:
# intro (Am Am F G) - A (Am F C G Am F G E) - A' (the answer, higher) - bridge (Dm Dm Am Am F G E E,
# the lead in arpeggios) - A'' (ending on Am) - outro (Am F G E, arpeggios, back to the intro).
MELODY = f"@{PULSE} Q88 V100 @ENV1 @VIB1"  # the quarter pulse, a decay to a held level, vibrato on long notes
ARPS = f"@{THIN_PULSE} Q100 V92 @ENV0 @VIB0"
TITLE_A = (
    "O4 L8 E A >C< B A4 E4",  # Am
    "F A >C E D4 C4<",  # F
    "G >C E G F4 E4<",  # C
    "D G B >D D4.< R",  # G
    ">C< B A G A4 E4",  # Am
    "F G A >C< A4 F4",  # F
)


def part(lead: list[str], roots: str, grooves: list[str], drive: bool = True) -> Part:
    """A part from its lead's bars, its bass's roots (one a bar) and its drums' bars."""
    return Part(" ".join(lead), " ".join(bass(root, drive=drive) for root in roots),
                " ".join(drums(groove) for groove in grooves))


ROCK, FILL = "KHSHKKSH", "KHSHSssSS"
TITLE = Tune(
    setup=Part("T150 @ENV1{127,24,88} @VIB1{36,14,30}", f"T150 @{SAWTOOTH} Q85 V112 @ENV1{{127,12,76}}",
               "T150 V116 " + KIT),
    parts=(
        part(["R1 R1", ARPS, "O4", arp("F A >C F<", 16), arp("G B >D G<", 16)], "AAFG",
             ["KHSHKHSH"] * 3 + [FILL], drive=False),  # intro
        part([MELODY, *TITLE_A, "G A B >D C4< B4", "G+4 B4 >E2<"], "AFCGAFGE", [ROCK] * 7 + [FILL]),  # A
        part([MELODY, "O4 L8 >E4 D C <B >C <A4", ">C4 <A >C F4 E4<", ">E4 D C D E G4<", ">D2 <B4 G4",  # A'
              "A >C E A G4 E4<", ">F4 E D C4 <A4", "B >C D E D4 C4<", "B4 G+4 E2"], "AFCGAFGE", [ROCK] * 7 + [FILL]),
        part([ARPS, "O4", arp("D F A >D<", 16), arp("F A >D F<", 16), arp("E A >C E<", 16), arp("A >C E A<", 16),
              arp("F A >C F<", 16), arp("G B >D G<", 16), arp("G+ B >E G+<", 16), arp("B >E G+ B<", 16)],
             "DDAAFGEE", ["KHHHSHHH"] * 7 + ["KHSHSssssS"], drive=False),  # bridge
        part([MELODY, *TITLE_A, "G+ A B >D C4< B4", "A2. R4"], "AFCGAFEA", [ROCK] * 7 + [FILL]),  # A''
        part([ARPS, "O4", arp("A >C E A<", 16), arp("F A >C F<", 16), arp("G B >D G<", 16), arp("E G+ B >E<", 16)],
             "AFGE", [ROCK] * 3 + ["SssSssSssSss"]),  # outro
    ),
    loops=True,
)

# The menu tune: F major, 96 beats a minute, 16 bars (40 s) in two parts: a soft triangle melody
# over F Am Bb C F Am Bb-C F, then broken chords on a quiet pulse over Dm Am Bb F Gm Am Bb C.
MENU_BEAT = "KHHHSHHH"
MENU = Tune(
    setup=Part("T96 Q92 @VIB1{48,24,20} @ENV1{100,20,60} @ENV0 @VIB0", "T96 @0 Q90 V92 O2 L2", "T96 V72 " + KIT),
    parts=(
        Part("@0 V88 @VIB1 O4 L4 A >C< A F  E A >C2<  D F B- A  G2. R4  >C4< A4 >F4 E4<  >D4 C4 <A2  "
             "B-4 A4 G4 >C4<  F1",
             "F >C<  A >E<  B- >F<  C G  F >C<  A >E<  B- >C<  F >C<",
             " ".join([drums(MENU_BEAT)] * 7 + [drums("KHHHSHHss")])),
        Part(f"@{PULSE} Q80 V56 @ENV1 L8 D F A >D< A F A F  C E A >C< A E A E  D F B- >D< B- F B- F  "
             "C F A >C< A F A F  D G B- >D< B- G B- G  C E A >C< A E A E  D F B- >D< B- F B- F  C E G >C< G E G E",
             "D A  A >E<  B- >F<  F >C<  G >D<  A >E<  B- >F<  C G",
             " ".join([drums(MENU_BEAT)] * 7 + [drums("KHHHSHHss")])),
    ),
    loops=True,
)

# The jingles, each six beats in one part: the win a rising fanfare that ends in a shimmering
# C major arpeggio; the loss a falling "wah-wah" in parallel fifths; the draw a level phrase
# that comes to rest where it began.
WON = Tune(
    setup=Part(f"T180 @{PULSE} Q90 V64", f"T180 @{SAWTOOTH} Q85 V68 @ENV1{{127,12,80}} @ENV2{{127,80,0}}",
               "T180 V60 " + KIT + " @ENV4{96,90,0}"),
    parts=(Part(f"O4 L12 C E G >C E G L4 >C <G8 B8 @{THIN_PULSE} Q100 " + fading_arp("C E G >C<", 8, 60),
                "O2 L4 C G >C< G8 B8 @ENV2 >C2<",
                " ".join([drums("ssssss", 6), drums("K", 4), drums("SS"), drums("X", 2)])),),
    loops=False,
)
LOST = Tune(
    setup=Part(f"T120 @{PULSE} Q96 V70 @ENV1{{127,24,96}}", f"T120 @{SAWTOOTH} Q96 V73 @ENV1{{127,24,90}}",
               "T120 V63 " + KIT),
    parts=(Part("O4 L4 E D+ D @VIB1{12,16,60} C+2.", "O2 L4 A G+ G F+2.", drums("S...", 4) + " " + drums("K", 2)),),
    loops=False,
)
DRAW = Tune(
    setup=Part(f"T140 @{PULSE} Q88 V72 @ENV1{{127,24,88}}", f"T140 @{SAWTOOTH} Q88 V78 @ENV1{{127,12,80}}",
               "T140 V60 " + KIT),
    parts=(Part("O4 L8 E G >C< G F A G D L2 E", "O2 L2 C F C", drums("KHSH", 4) + " " + drums("K", 2)),),
    loops=False,
)

TUNES: dict[str, Tune] = {"title": TITLE, "menu": MENU, "won": WON, "lost": LOST, "draw": DRAW}


def install_tones() -> None:
    """Append the custom tones to Pyxel's four, once."""
    while len(pyxel.tones) <= max(CUSTOM_TONES):
        pyxel.tones.append(pyxel.Tone())
    for number, (mode, bits, wavetable, gain) in CUSTOM_TONES.items():
        tone = pyxel.tones[number]
        tone.mode, tone.sample_bits, tone.gain = mode, bits, gain
        tone.wavetable[:] = wavetable


def install(slots: dict[str, tuple[tuple[int, int, int], ...]], musics: dict[str, int]) -> None:
    """Read every tune into its parts' sound slots (``slots``: name -> each part's three slots)
    and its music (``musics``: name -> number), which plays the parts one after another."""
    install_tones()
    for name, tune in TUNES.items():
        for part_slots, part in zip(slots[name], tune.parts, strict=True):
            for slot, voice in zip(part_slots, tune.voices(part)):
                pyxel.sounds[slot].mml(voice)
        pyxel.musics[musics[name]].set(*([part_slots[voice] for part_slots in slots[name]] for voice in range(3)))
