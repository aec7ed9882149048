"""Words on screen: every visible string has both languages, state words end alike, hotkeys stay with their words."""

from __future__ import annotations

import re

from pyxel_app.shell import strings, ui

# Words a German text may share with the English table: names, key caps, loan words.
SAME_IN_BOTH = {
    "BACK", "BACKSPACE", "ByMore", "ByPuzz", "Computer", "Cursor", "DEMO", "Details", "Deutsch", "English", "ESC", "Joy",
    "FEN", "Joystick", "International", "Name", "OK", "Othello", "Pad", "PDN", "Warcaby", "Puzzle", "RETURN", "SPACE", "START", "Standard", "TAB", "UTF",
    "an", "crash", "diagonal", "in", "log", "normal", "optimal", "Primitive", "Solitaire", "Start", "Wiegleb",
    "Broker", "Host", "ws", "wss",
}


def words(text: str) -> set[str]:
    """The words a player reads: placeholders dropped, ``[R]estart`` read as "Restart"."""
    plain = "".join(part for part, _ in ui.split_hotkeys(re.sub(r"\{\w+\}", "", text)))
    return {word for word in re.findall(r"[A-Za-zÄÖÜäöüß]+", plain) if len(word) > 1}


def test_no_german_text_keeps_an_english_word():
    assert set(strings.table("en")) == set(strings.table("de"))
    english = set().union(*(words(text) for text in strings.table("en").values()))
    untranslated = {
        key: sorted(words(text) & english - SAME_IN_BOTH)
        for key, text in strings.table("de").items()
        if words(text) & english - SAME_IN_BOTH
    }
    assert untranslated == {}


def test_german_speaks_du_throughout():
    formal = re.compile(r"\b(Sie|Ihr|Ihre|Ihren|Ihrem|Ihrer)\b")
    assert [key for key, text in strings.table("de").items() if formal.search(text)] == []


def test_every_state_word_ends_with_a_period_or_bang_in_both_languages():
    for language in strings.LANGUAGES:
        table = strings.table(language)
        state_words = {key: text for key, text in table.items() if re.search(r"(^|\.)word(\.|$)", key)}
        assert len(state_words) > 10
        assert [key for key, text in state_words.items() if not text.endswith((".", "!"))] == []


def test_wrap_keeps_a_hotkey_with_its_word():
    assert ui.wrap("press [F1] help now", 10) == ["press", "[F1] help", "now"]
    assert ui.wrap("[Z] undo [Y] redo", 8) == ["[Z] undo", "[Y] redo"]
    for language in strings.LANGUAGES:
        for text in strings.table(language).values():
            for paragraph in text.split("\n"):
                for line in ui.wrap(paragraph, 36)[:-1]:
                    assert not re.search(r"\[[^\]]+\]$", line), (line, paragraph)


def test_the_menu_and_the_keys_screen_have_help_pages_of_their_own(make_app):
    from pyxel_app.shell.keys import KeysScreen
    from pyxel_app.shell.overlays import Help

    app, driver = make_app()
    for language in strings.LANGUAGES:
        strings.set_language(language)
        pages = []
        for open_screen in (lambda: app.go_to(app.menu), lambda: app.go_to(KeysScreen(app))):
            open_screen()
            driver.frame()
            driver.key("F1")
            assert isinstance(app.overlays[-1], Help)
            pages.append(" ".join(app.overlays[-1].lines))
            driver.key("SPACE")
        menu_page, keys_page = pages
        assert strings.t("help.menu")[:30] in menu_page and strings.t("help.keys")[:30] in keys_page
    strings.set_language("en")


def test_bypuzz_messages_fit_its_one_prompt_line():
    examples = {"tile": 15, "n": 88, "key": "A", "other": "LEFT", "mouse": "off", "pad": "off"}
    for language in strings.LANGUAGES:
        table = strings.table(language)
        for key in ("bypuzz.auto.on", "bypuzz.auto.off", "bypuzz.hint", "bypuzz.choose.random_view",
                    "bypuzz.devices", "msg.no_hint", "keys.taken"):
            assert len(table[key].format(**examples)) <= ui.COLS - 2 * ui.MARGIN, (language, key)


def test_every_game_says_what_it_is_in_two_menu_lines_in_both_languages():
    from pyxel_app import games
    from pyxel_app.shell.menu import DESC_W

    for spec in games.GAMES:
        for language in strings.LANGUAGES:
            assert len(ui.wrap(strings.text_in(language, f"{spec.key}.desc"), DESC_W)) <= 2, (spec.key, language)


def test_every_choice_of_the_set_up_screens_fits_its_line_in_both_languages():
    """The set-up screens draw a choice as ``[n] label`` from column 2 (``draw_choices``); a
    label past the last text column was cut off (Othello's "Schwer (1-2 s/Zug, exaktes Endspiel)")."""
    import re

    choice = re.compile(r"\.(level|variant|mode)\.\w+$")
    for language in strings.LANGUAGES:
        labels = {key: text for key, text in strings.table(language).items() if choice.search(key)}
        assert any(key.startswith("othello.level.") for key in labels)
        too_long = {key: text for key, text in labels.items() if 2 + ui.plain_length(f"[9] {text}") > ui.COLS - ui.MARGIN}
        assert too_long == {}, language
