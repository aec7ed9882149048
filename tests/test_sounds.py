"""One table of sounds by name (shell/sounds.py) and one part that plays them (shell/jukebox.py):
every sound is played by its name, tools/make_resources.py writes each effect's slot under the
same name, the screens' tunes come and go with the screens, and the settings silence music or
effects and set the volume."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from pyxel_app.shell import jukebox as jukebox_module
from pyxel_app.shell import sounds, tunes
from pyxel_app.shell.sounds import FIRST_TUNE_SLOT, SLOTS, SOUNDS, TUNE_SLOTS, TUNES, UnknownSoundError, slot
from pyxel_app.shell.storage import MemoryStorage

from sound_log import listen

ROOT = Path(__file__).resolve().parent.parent
JUKEBOX = "pyxel_app/shell/jukebox.py"
AUDIO_CALLS = ("play", "stop")
HANGS = "pyxel.playm hangs Pyxel 2.9.9: play each voice (shell/jukebox.py)"


def source_files():
    for folder in ("pyxel_app", "tools"):
        yield from sorted((ROOT / folder).rglob("*.py"))


def values_of(node: ast.expr) -> list[ast.expr]:
    """What an expression may come to: both sides of ``a if c else b``, each item of a tuple."""
    if isinstance(node, ast.IfExp):
        return values_of(node.body) + values_of(node.orelse)
    if isinstance(node, (ast.Tuple, ast.List)):
        return [value for element in node.elts for value in values_of(element)]
    if isinstance(node, ast.BoolOp):
        return [value for operand in node.values for value in values_of(operand)]
    return [node]


def sound_offences(source: str) -> list[str]:
    """``line N: what`` for each sound played by number or by an unknown name, each ``SOUND_*``
    constant that holds a number, each start or stop of Pyxel's sound (only the jukebox may) and
    every ``pyxel.playm`` (nobody may)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        played = None
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr == "sound" and node.args:
                played = node.args[0]
            elif isinstance(node.func.value, ast.Name) and node.func.value.id == "pyxel":
                if node.func.attr == "playm":
                    found.append(f"line {node.lineno}: {HANGS}")
                elif node.func.attr in AUDIO_CALLS:
                    found.append(f"line {node.lineno}: pyxel.{node.func.attr} outside the jukebox")
                continue
        elif isinstance(node, ast.Assign):
            names = [target.id for target in node.targets if isinstance(target, ast.Name)]
            names += [element.id for target in node.targets if isinstance(target, ast.Tuple)
                      for element in target.elts if isinstance(element, ast.Name)]
            if any(name.startswith("SOUND_") for name in names):
                played = node.value
                if not all(isinstance(value, ast.Constant) for value in values_of(played)):
                    found.append(f"line {node.lineno}: a SOUND_ constant that is not a sound's name")
                    continue
        if played is None:
            continue
        for constant in (value for value in values_of(played) if isinstance(value, ast.Constant)):
            if isinstance(constant.value, int) and not isinstance(constant.value, bool):
                found.append(f"line {node.lineno}: sound number {constant.value}")
            elif isinstance(constant.value, str) and constant.value not in SOUNDS:
                found.append(f"line {node.lineno}: no sound is called {constant.value!r}")
    return found


def test_no_module_plays_a_sound_by_number_or_an_unknown_name_or_past_the_jukebox():
    offences = {path.relative_to(ROOT).as_posix(): sound_offences(path.read_text(encoding="utf-8"))
                for path in source_files()}
    assert "pyxel_app/shell/title.py" in offences and "pyxel_app/shell/match.py" in offences
    jukebox_calls = offences.pop(JUKEBOX)
    assert {call.split(": ")[1] for call in jukebox_calls} == {f"pyxel.{call} outside the jukebox" for call in AUDIO_CALLS}
    assert {name: found for name, found in offences.items() if found} == {}


@pytest.mark.parametrize("source, offence", [
    ("self.app.sound(3)", "line 1: sound number 3"),
    ("cart.sound('refsued')", "line 1: no sound is called 'refsued'"),
    ("pyxel.play(3, 12)", "line 1: pyxel.play outside the jukebox"),
    ("pyxel.play(0, slot('won'))", "line 1: pyxel.play outside the jukebox"),
    ("pyxel.playm(0, loop=True)", f"line 1: {HANGS}"),
    ("pyxel.stop()", "line 1: pyxel.stop outside the jukebox"),
    ("SOUND_CHOOSE, SOUND_DROP = 4, 8", "line 1: sound number 4"),
    ("SOUND_LOST = 'lose'", "line 1: no sound is called 'lose'"),
    ("SOUND_SLIDE, SOUND_REFUSED = range(2)", "line 1: a SOUND_ constant that is not a sound's name"),
    ("def won(self):\n    self.app.sound('won' if self.perfect else 12)", "line 2: sound number 12"),
])
def test_a_sound_by_number_or_unknown_name_or_past_the_jukebox_is_found(source, offence):
    assert offence in sound_offences(source)


@pytest.mark.parametrize("source", [
    "self.app.sound('refused')", "self.context.sound('flip', times=3)", "SOUND_DRAW = 'draw'",
    "SOUND_CHOOSE, SOUND_DROP = 'cursor', 'drop'", "self.sound(name)",
    "self.app.sound('won' if score == 1 else 'lost')",
])
def test_a_sound_by_its_name_is_no_offence(source):
    assert sound_offences(source) == []


def test_make_resources_writes_every_effect_by_the_tables_names():
    tree = ast.parse((ROOT / "tools" / "make_resources.py").read_text(encoding="utf-8"))
    written = next(node.value for node in tree.body if isinstance(node, ast.Assign)
                   and any(getattr(target, "id", "") == "SOUNDS" for target in node.targets))
    assert [key.value for key in written.keys] == list(SLOTS)
    assert sorted(SLOTS.values()) == list(range(len(SLOTS)))  # one effect a slot, none left empty
    assert set(sounds.SAME_AS.values()) <= set(SLOTS) and not set(sounds.SAME_AS) & set(SLOTS)


def test_the_tunes_slots_and_musics_are_pyxels_and_no_effects():
    tune_slots = [number for parts in TUNE_SLOTS.values() for part in parts for number in part]
    assert len(tune_slots) == len(set(tune_slots)) == 3 * sum(len(tune.parts) for tune in tunes.TUNES.values())
    assert min(tune_slots) == FIRST_TUNE_SLOT > max(SLOTS.values()) and max(tune_slots) < 64
    assert sorted(TUNES.values()) == list(range(len(TUNES))) and len(TUNES) <= 8
    assert set(TUNES) == set(tunes.TUNES) and set(sounds.JINGLES) | set(sounds.LOOPING) == set(TUNES)
    assert all(tunes.TUNES[name].loops == (name in sounds.LOOPING) for name in TUNES)


def test_every_slot_holds_a_sound_and_each_music_its_parts(pyxel_screen):
    for name, number in SLOTS.items():
        sound = pyxel_screen.sounds[number]
        assert len(sound.notes) and max(sound.volumes) > 0, name
    for name, parts in TUNE_SLOTS.items():
        seqs = pyxel_screen.musics[TUNES[name]].seqs
        assert [list(seqs[voice]) for voice in range(3)] == [[part[voice] for part in parts] for voice in range(3)]
        for part in parts:  # each part's voices keep together
            lengths = {round(pyxel_screen.sounds[number].total_sec(), 3) for number in part}
            assert len(lengths) == 1 and min(lengths) > 1, (name, part, lengths)


def test_a_part_whose_voices_differ_in_length_is_found(pyxel_screen):
    """The check above on a planted part: a lead a bar longer than its bass and drums."""
    tune = tunes.TUNES["won"]
    longer = tunes.Part(tune.parts[0].lead + " R1", tune.parts[0].bass, tune.parts[0].drums)
    spare = range(FIRST_TUNE_SLOT - 3, FIRST_TUNE_SLOT)  # no effect's
    for number, voice in zip(spare, tune.voices(longer)):
        pyxel_screen.sounds[number].mml(voice)
    try:
        assert len({round(pyxel_screen.sounds[number].total_sec(), 3) for number in spare}) == 2
    finally:
        for number in spare:
            pyxel_screen.sounds[number].mml()


def test_every_effect_is_a_sound_of_its_own():
    tree = ast.parse((ROOT / "tools" / "make_resources.py").read_text(encoding="utf-8"))
    written = ast.literal_eval(next(node.value for node in tree.body if isinstance(node, ast.Assign)
                                    and any(getattr(target, "id", "") == "SOUNDS" for target in node.targets)))
    same = {name: [other for other in written if other != name and written[other] == sound] for name, sound in written.items()}
    assert {name: others for name, others in same.items() if others} == {}


def test_the_app_plays_a_sound_by_name_and_refuses_an_unknown_one(make_app, monkeypatch):
    app, _ = make_app()
    log = listen(monkeypatch)
    app.sound("piece")
    app.sound("flip", 3)
    app.sound("won")
    assert log.names == ["place", "flip", "flip", "flip", "won"]
    with pytest.raises(UnknownSoundError, match="no sound is called 'boing'"):
        app.sound("boing")
    assert slot("piece") == slot("place")


def test_a_puzzle_solved_has_its_own_sound_for_the_puzzle_mode(make_app, monkeypatch):
    """The puzzle mode's name, in the table before the mode calls it: ``app.sound("puzzle_solved")``."""
    app, _ = make_app()
    log = listen(monkeypatch)
    app.sound("puzzle_solved")
    assert log.names == ["puzzle_solved"] and slot("puzzle_solved") != slot("best")


# The jukebox's channels.


def test_effects_take_channel_3_and_overlap_on_channels_no_tune_holds(make_app, monkeypatch):
    app, driver = make_app()
    app.open_cartridge("connect4")
    driver.run(jukebox_module.FADE_FRAMES + 2)  # the menu's tune has faded out
    log = listen(monkeypatch)
    app.sound("land")
    app.sound("your_turn")
    app.sound("flip")
    assert log.channels == [3, 2, 1]
    driver.run(30)  # all three have ended
    app.sound("cursor")
    assert log.channels[-1] == 3


def test_under_a_tune_effects_keep_to_channel_3(make_app, monkeypatch):
    log = listen(monkeypatch)
    app, driver = make_app()
    assert log.looped == ["menu"]
    app.sound("cursor")
    app.sound("select")
    assert log.channels[-2:] == [3, 3]


# The screens' tunes.


def title_app(storage=None):
    """An app at the title, no frame run yet (a test asking for ``make_app`` gets its clean-up)."""
    from pyxel_app.shell.app import App
    from pyxel_app.shell.harness import Driver

    app = App(storage=storage if storage is not None else MemoryStorage(), seed=7, title=True)
    return app, Driver(app)


def test_the_title_plays_its_tune_the_menu_its_own_and_a_game_starts_in_silence(make_app, monkeypatch, pyxel_screen):
    from pyxel_app.shell.menu import Menu

    log = listen(monkeypatch)
    app, driver = title_app()
    driver.run(3)
    assert log.looped == ["title"]
    assert log.voices == [("title", voice, voice) for voice in range(3)]  # lead, bass, drums on 0-2
    driver.key("RETURN")
    driver.run(2)
    assert isinstance(app.screen, Menu) and log.looped == ["title", "menu"]
    driver.key("K")  # the Keys screen and back: the menu's tune plays on, not again from its start
    driver.run(2)
    driver.key("ESCAPE")
    driver.run(2)
    assert log.looped == ["title", "menu"] and log.stopped == []
    app.open_cartridge("connect4")
    driver.frame()
    gain = app.jukebox.volume * jukebox_module.GAIN_PER_STEP
    driver.run(jukebox_module.FADE_FRAMES // 2)
    assert pyxel_screen.channels[0].gain < gain and log.stopped == []  # fading out
    driver.run(jukebox_module.FADE_FRAMES)
    assert log.stopped == [0, 1, 2] and app.jukebox.tune is None
    assert [channel.gain for channel in pyxel_screen.channels] == [gain] * 4  # ready for the next tune
    assert log.looped == ["title", "menu"]
    app.leave_cartridge(ask=False)
    driver.run(2)
    assert log.looped == ["title", "menu", "menu"]


@pytest.mark.parametrize("settings, heard", [
    ("music=off", ["cursor", "won"]),  # the title's tune not, the effect and the jingle yes
    ("effects=off", ["title"]),
    ("sound=off", []),  # a file from before the music: both stay silent
    ("", ["title", "cursor", "won"]),
])
def test_the_settings_silence_music_or_effects(make_app, monkeypatch, settings, heard):
    storage = MemoryStorage()
    storage.write("settings.txt", settings + "\n")
    log = listen(monkeypatch)
    app, driver = title_app(storage)
    driver.run(3)
    app.sound("cursor")
    app.sound("won")
    assert log.names == heard and not app.overlays
    with pytest.raises(UnknownSoundError):
        app.sound("boing")  # a wrong name is a bug, heard or not


def test_the_volume_sets_every_channels_gain(make_app, pyxel_screen):
    app, _ = make_app()
    assert app.jukebox.volume == jukebox_module.DEFAULT_VOLUME
    default_gain = jukebox_module.DEFAULT_VOLUME * jukebox_module.GAIN_PER_STEP
    assert abs(default_gain - 0.125) < 1e-9  # Pyxel's own gain of a channel
    app.jukebox.set_volume(0)
    assert [channel.gain for channel in pyxel_screen.channels] == [0.0] * 4
    app.jukebox.set_volume(99)
    assert app.settings.get("volume") == "10"
    assert jukebox_module.MAX_VOLUME * jukebox_module.GAIN_PER_STEP * len(pyxel_screen.channels) <= 1.0
    app.jukebox.set_volume(jukebox_module.DEFAULT_VOLUME)


@pytest.mark.parametrize("line, named", [
    ("volume=11", "volume: volume must be from 0 to 10, got 11"),
    ("volume=loud", "volume: 'loud' is not a whole number"),
    ("music=maybe", "music: unknown value 'maybe'"),
    ("effects=", "effects: unknown value ''"),
])
def test_a_bad_sound_setting_is_named_and_its_default_kept(make_app, line, named):
    storage = MemoryStorage()
    storage.write("settings.txt", f"{line}\nlanguage=de\n")
    app, _ = make_app(storage=storage)
    assert app.overlays and named in " ".join(app.overlays[-1].lines)
    assert app.jukebox.volume == jukebox_module.DEFAULT_VOLUME and app.jukebox.music_on and app.jukebox.effects_on
    assert app.language == "de"  # the rest is kept


# The Sound screen.


def sound_screen(make_app):
    from pyxel_app.shell.sound_page import SoundScreen

    app, driver = make_app()
    driver.key("S")
    driver.frame()
    assert isinstance(app.screen, SoundScreen)
    return app, driver, app.screen


def test_the_sound_screen_switches_music_and_effects_and_sets_the_volume_by_keys(make_app, monkeypatch):
    app, driver, screen = sound_screen(make_app)
    log = listen(monkeypatch)
    driver.key("M")
    driver.run(jukebox_module.FADE_FRAMES + 1)
    assert app.settings.get("music") == "off" and log.stopped == [0, 1, 2]
    driver.key("M")
    driver.frame()
    assert app.settings.get("music") == "on" and log.looped == ["menu"]
    driver.key("E")
    assert app.settings.get("effects") == "off"
    driver.key("E")
    assert app.settings.get("effects") == "on" and log.names[-1] == "select"
    assert app.screen.chooser.index == 1  # a hotkey shows the line it changed
    driver.key("DOWN")
    driver.key("LEFT")
    assert app.settings.get("volume") == "4" and log.names[-1] == "select"
    driver.key("RIGHT")
    driver.key("RIGHT")
    assert app.jukebox.volume == 6
    driver.key("UP")
    driver.key("RETURN")  # effects, chosen with the arrows
    assert not app.jukebox.effects_on
    driver.key("ESCAPE")
    driver.frame()
    assert app.screen is app.menu
    again = type(app)(storage=app.storage.backend, seed=1)
    assert (again.jukebox.music_on, again.jukebox.effects_on, again.jukebox.volume) == (True, False, 6)


def test_the_sound_screen_takes_the_pad_and_the_mouse(make_app):
    from pyxel_app.shell import sound_page, ui

    app, driver, screen = sound_screen(make_app)
    driver.pad("DPAD_DOWN")
    driver.pad("A")
    assert not app.jukebox.effects_on
    driver.pad("DPAD_DOWN")
    driver.pad("DPAD_LEFT")
    assert app.jukebox.volume == 4
    row = screen.chooser.row_y(sound_page.VOLUME) + 2
    driver.click(screen.bar_x() + 8 * sound_page.BAR_W + 3, row)
    assert app.jukebox.volume == 8
    driver.click(screen.bar_x() + 2, row)
    assert app.jukebox.volume == 0
    driver.click(sound_page.LABEL_COL * ui.CELL + 4, screen.chooser.row_y(sound_page.MUSIC) + 2)
    assert not app.jukebox.music_on
    driver.pad("B")
    driver.frame()
    assert app.screen is app.menu


def test_the_menu_offers_the_sound_screen_by_its_hotkey_and_in_its_options(make_app):
    from pyxel_app.shell.sound_page import SoundScreen

    app, driver = make_app()
    options = [hotkey for _, hotkey in app.menu.options()]
    assert options[:3] == ["L", "K", "S"]
    app.menu.activate(app.menu.rows + options.index("S"))
    driver.frame()
    assert isinstance(app.screen, SoundScreen) and app.screen.help_key == "help.sound"
