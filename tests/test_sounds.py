"""One table of sounds by name (shell/sounds.py): every sound is played by its name, and
tools/make_resources.py writes each slot under the same name."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from pyxel_app.shell import sounds
from pyxel_app.shell.sounds import SLOTS, SOUNDS, UnknownSoundError, slot

ROOT = Path(__file__).resolve().parent.parent


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
    """``line N: what`` for each sound played by number, by an unknown name, or a ``SOUND_*``
    constant that holds a number."""
    found = []
    for node in ast.walk(ast.parse(source)):
        played = None
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr == "sound" and node.args:
                played = node.args[0]
            elif node.func.attr == "play" and isinstance(node.func.value, ast.Name) and node.func.value.id == "pyxel":
                played = node.args[1] if len(node.args) > 1 else None
                if played is not None and not (isinstance(played, ast.Call) and getattr(played.func, "id", "") == "slot"):
                    found.append(f"line {node.lineno}: pyxel.play of a sound not looked up by slot(name)")
                    continue
        elif isinstance(node, ast.Assign):
            names = [target.id for target in node.targets if isinstance(target, ast.Name)]
            names += [element.id for target in node.targets if isinstance(target, ast.Tuple)
                      for element in target.elts if isinstance(element, ast.Name)]
            if any(name.startswith("SOUND_") and name != "SOUND_CHANNEL" for name in names):
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


def test_no_module_plays_a_sound_by_number_or_an_unknown_name():
    offences = {path.relative_to(ROOT).as_posix(): sound_offences(path.read_text(encoding="utf-8"))
                for path in source_files()}
    assert "pyxel_app/shell/title.py" in offences and "pyxel_app/shell/match.py" in offences
    assert {name: found for name, found in offences.items() if found} == {}


@pytest.mark.parametrize("source, offence", [
    ("self.app.sound(3)", "line 1: sound number 3"),
    ("cart.sound('refsued')", "line 1: no sound is called 'refsued'"),
    ("pyxel.play(3, 12)", "line 1: pyxel.play of a sound not looked up by slot(name)"),
    ("pyxel.play(0, JINGLE[0])", "line 1: pyxel.play of a sound not looked up by slot(name)"),
    ("SOUND_CHOOSE, SOUND_DROP = 4, 8", "line 1: sound number 4"),
    ("SOUND_LOST = 'lose'", "line 1: no sound is called 'lose'"),
    ("SOUND_SLIDE, SOUND_REFUSED = range(2)", "line 1: a SOUND_ constant that is not a sound's name"),
    ("def won(self):\n    self.app.sound('won' if self.perfect else 12)", "line 2: sound number 12"),
])
def test_a_sound_by_number_or_unknown_name_is_found(source, offence):
    assert offence in sound_offences(source)


@pytest.mark.parametrize("source", [
    "self.app.sound('refused')", "pyxel.play(channel, slot(name))", "SOUND_CHANNEL = 3",
    "SOUND_CHOOSE, SOUND_DROP = 'cursor', 'drop'", "self.sound(name)",
    "self.app.sound('won' if score == 1 else 'lost')",
])
def test_a_sound_by_its_name_is_no_offence(source):
    assert sound_offences(source) == []


def test_make_resources_writes_every_slot_by_the_tables_names():
    tree = ast.parse((ROOT / "tools" / "make_resources.py").read_text(encoding="utf-8"))
    written = next(node.value for node in tree.body if isinstance(node, ast.Assign)
                   and any(getattr(target, "id", "") == "SOUNDS" for target in node.targets))
    assert [key.value for key in written.keys] == list(SLOTS)
    assert sorted(SLOTS.values()) == list(range(len(SLOTS)))  # one sound a slot, none left empty
    assert set(sounds.SAME_AS.values()) <= set(SLOTS) and not set(sounds.SAME_AS) & set(SLOTS)


def test_every_slot_holds_a_sound(pyxel_screen):
    for name, number in SLOTS.items():
        sound = pyxel_screen.sounds[number]
        assert len(sound.notes) and max(sound.volumes) > 0, name


def test_the_app_plays_a_sound_by_name_and_refuses_an_unknown_one(make_app, monkeypatch):
    app, _ = make_app()
    played = []
    monkeypatch.setattr("pyxel.play", lambda channel, number: played.append(number))
    app.sound("jump")
    assert played == [slot("slide")]
    with pytest.raises(UnknownSoundError, match="no sound is called 'boing'"):
        app.sound("boing")
