"""A text field that offers a text (Save's and Export's "Game 1", a seat's name from the last game,
the last address, the broker) shows it selected: the first letter typed, picked on the on-screen
keyboard with the pad or clicked replaces it; RETURN takes it; BACKSPACE (pad B) and the keyboard's
arrows keep it to edit.  Every field that offers is tried, in both languages."""

from __future__ import annotations

import pytest

from pyxel_app.shell import strings, ui
from pyxel_app.shell.keyboard import NameEntry, keyboard_keys
from pyxel_app.shell.setup import MODE_CODE_JOIN, MODE_JOIN
from test_slots import menu_entry, open_board, page_of


def save_name(make_app, language: str, label: str = "pause.save"):
    """The Save (or Export) page's name for a new slot: "Game 1" offered."""
    app, driver, cart = open_board(make_app, "connect4", language=language)
    menu_entry(app, driver, strings.t(label))
    page = page_of(app)
    driver.key("RETURN")
    assert page.entry is not None
    return driver, lambda: page.entry


def seat_name(make_app, language: str):
    """The first seat's name at the set-up of the next game: the last game's name offered."""
    app, driver, cart = open_board(make_app, "connect4", language=language)
    cart.go_to_phase("name")
    return driver, lambda: cart.entry


def net_field(phase: str, mode: str, setting: str, value: str):
    def opener(make_app, language: str):
        app, driver = make_app(network=True)
        strings.set_language(language)
        app.settings.set(setting, value)
        app.open_cartridge("connect4")
        driver.frame()
        cart = app.cartridge
        cart.mode = mode
        cart.go_to_phase(phase)
        return driver, lambda: cart.entry
    return opener


FIELDS = {
    "save": save_name,
    "export": lambda make_app, language: save_name(make_app, language, "pause.export"),
    "seat name": seat_name,
    "address": net_field("address", MODE_JOIN, "net.address", "192.0.2.7:4321"),
    "broker": net_field("broker", MODE_CODE_JOIN, "net.broker", "mqtt.example.org:1883"),
}


def pad_to(driver, entry: NameEntry, key: str) -> None:
    """The on-screen keyboard's cursor to ``key`` by the d-pad, then A."""
    target = [name for name, *_ in keyboard_keys(entry.rows)].index(key)
    while entry.index != target:
        driver.pad("DPAD_RIGHT" if entry.index % entry.width != target % entry.width else "DPAD_DOWN")
    driver.pad("A")


def first_letter(entry: NameEntry, key: str) -> str:
    """A key picked as a name's first letter: a capital (an address's: small)."""
    return key.upper() if entry.capitals else key.lower()


@pytest.mark.parametrize("language", strings.LANGUAGES)
@pytest.mark.parametrize("field", FIELDS)
def test_an_offered_text_is_replaced_by_typing_kept_by_return_and_edited_after_backspace_or_an_arrow(
        make_app, field, language):
    opened = 0
    for way in ("typed", "pad", "click", "return", "backspace", "arrow"):
        driver, entry_of = FIELDS[field](make_app, language)
        entry = entry_of()
        offer = entry.typed
        assert offer and entry.offered, f"{field}: nothing offered"
        letter = entry.rows[1][2]  # "M" (a name) or "c" (an address): a letter every field takes
        if way == "typed":
            driver.text(letter + letter.lower())
            assert entry.typed == letter + letter.lower(), (field, entry.typed)
        elif way == "pad":
            pad_to(driver, entry, letter)
            assert entry.typed == first_letter(entry, letter), (field, entry.typed)
        elif way == "click":
            _, col, row, _ = next(key for key in keyboard_keys(entry.rows) if key[0] == letter)
            driver.click(col * ui.CELL + 2, row * ui.CELL + 2)
            assert entry.typed == first_letter(entry, letter), (field, entry.typed)
        elif way == "return":
            taken = []
            entry.on_done = taken.append
            driver.key("RETURN")
            assert taken == [offer.strip()], field
        elif way == "backspace":
            driver.key("BACKSPACE")
            driver.text("7")
            assert entry.typed == offer[:-1] + "7" and not entry.offered, (field, entry.typed)
        else:
            driver.key("RIGHT")
            driver.key("BACKSPACE")
            driver.text("7")
            assert entry.typed == offer[:-1] + "7", (field, entry.typed)
        opened += 1
    assert opened == 6


def test_a_name_typed_over_the_offer_is_saved_as_typed(make_app):
    """The issue's: "Final" typed on Save is saved as "Final", not "Game 2Final"."""
    for language, word in (("en", "Final"), ("de", "Wettk")):
        driver, entry_of = save_name(make_app, language)
        assert entry_of().typed == strings.t("slots.default_name", n=1)
        driver.text(word)
        assert entry_of().typed == word
        driver.key("RETURN")


def test_a_half_typed_code_comes_back_unselected_and_an_empty_field_offers_nothing():
    entry = NameEntry(lambda name: None, lambda why: None, "XR7", offer=False)
    entry.type_text("H")
    assert entry.typed == "XR7H"
    entry = NameEntry(lambda name: None, lambda why: None, "")
    assert not entry.offered
    entry.type_text("anna")
    assert entry.typed == "anna"
