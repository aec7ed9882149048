"""Words a player minds (issue 38, part 7): German without clipped abbreviations, undo and back
in different words, help pages naming keys as the Keys screen does, and English grammar."""

from __future__ import annotations

import re

import pytest

from pyxel_app.shell import strings, ui
from pyxel_app.shell.keys import key_label

# Clipped or half-translated German the issue names; none may come back anywhere.
CLIPPED = ("(kürzeste)", "Dauerprüf.", "[T]ast ", "Bestes", "Murmel drücken", "(o. Taste)", "Konfig ", "Konfig.")


def test_no_german_text_keeps_a_clipped_word():
    found = {key: word for key, text in strings.table("de").items() for word in CLIPPED if word in text}
    assert found == {}


def test_german_undo_and_back_are_different_words():
    de = strings.table("de")
    back = de["keys.action.back"]
    assert back == "Zurück"
    assert "zurück" not in de["keys.action.undo"].lower() and "zurück" not in de["pause.undo"].lower()
    # Every key bar: the word a [Z] mark stands for is never "zurück" (bypuzz's [Z]ufall picks at random).
    for key, text in de.items():
        for match in re.finditer(r"\[Z\](\s*)(\w*)", text):
            spaced, rest = match.groups()
            word = rest if spaced or rest[:1].isupper() else "Z" + rest
            assert not word.lower().startswith("zurück"), f"{key}: undo reads {word!r}, the word for back"


def help_texts(language: str) -> dict[str, str]:
    return {key: text for key, text in strings.table(language).items() if re.search(r"(^|\.)help(\.|$)", key)}


def test_german_help_names_keys_as_the_keys_screen_does():
    strings.set_language("de")
    try:
        wrong = {}
        for key, text in help_texts("de").items():
            for mark, is_key in ui.split_hotkeys(text):
                # The Keys screen's names: Return, Leertaste, Rücktaste, Esc, Tab
                if is_key and mark in ("RETURN", "SPACE", "BACKSPACE", "ESC", "TAB"):
                    wrong[key] = mark
        assert wrong == {}
        assert key_label("SPACE") in strings.t("pegs.help") and key_label("RETURN") in strings.t("help.shell")
    finally:
        strings.set_language("en")


@pytest.mark.parametrize("language, question", [("en", "How strongly should the computer play?"),
                                                ("de", "Wie stark soll der Computer spielen?")])
def test_the_level_question(language, question):
    assert strings.table(language)["match.choose_level"] == question


@pytest.mark.parametrize("language", strings.LANGUAGES)
def test_a_name_of_several_words_is_coupled_by_hyphens_in_a_compound(language):
    """ "{game}-Spiel" with "Vier gewinnt" is "Vier-gewinnt-Spiel", never "Vier gewinnt-Spiel"."""
    import string

    from pyxel_app.games import GAMES

    strings.set_language(language)
    names = [strings.t(f"{spec.key}.name") for spec in GAMES]
    compounds = {key: re.findall(r"\{(\w+)\}-\w", text) for key, text in strings.table(language).items()}
    compounds = {key: found for key, found in compounds.items() if found}
    try:
        for key, coupled in compounds.items():
            fields = {name for _, name, _, _ in string.Formatter().parse(strings.table(language)[key]) if name}
            for name in names:
                text = strings.t(key, **{field: name if field in coupled else "x" for field in fields})
                assert name.replace(" ", "-") + "-" in text, (key, text)
    finally:
        strings.set_language("en")
    if language == "de":
        assert "confirm.resume" in compounds
        strings.set_language("de")
        try:
            assert strings.t("confirm.resume", game="Vier gewinnt") == "Gespeichertes Vier-gewinnt-Spiel fortsetzen?"
        finally:
            strings.set_language("en")
