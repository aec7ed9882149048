"""A set-up's passing words ("Invalid choice!", "Player 1 has Green already.", a name too long)
end with the set-up: the first frame of play shows none of them, whichever question refused last."""

from __future__ import annotations

import pytest

from pyxel_app import games
from pyxel_app.shell import strings
from pyxel_app.shell.setup import MODE_COMPUTER, MODE_TWO
from test_setup_contract import digit_for
from test_text_fits import cartridge_at_start

MATCH_GAMES = [spec.key for spec in games.GAMES if spec.is_match]
MAX_QUESTIONS = 12
TOO_LONG = "Abcdefghijklmn"  # longer than a name may be: refused with a word


def refuse_something(cart, driver) -> None:
    """A refusal at the question shown: a name too long, or a digit that names no choice."""
    if cart.phase == "name":
        driver.text(TOO_LONG)
    else:
        driver.text("9")
    assert cart.message_frames > 0, f"{cart.key}: nothing refused at {cart.phase}"


@pytest.mark.parametrize("mode", [MODE_TWO, MODE_COMPUTER])
@pytest.mark.parametrize("key", MATCH_GAMES)
def test_every_questions_refusal_is_gone_on_the_first_frame_of_play(make_app, key, mode):
    app, driver, cart = cartridge_at_start(make_app, key, "en")
    asked = []
    while cart.phase != "play":
        assert len(asked) < MAX_QUESTIONS, asked
        asked.append(cart.phase)
        refuse_something(cart, driver)
        driver.key(digit_for(cart, mode) if cart.phase == "mode" else "RETURN")
    assert cart.message_frames == 0, (key, mode, asked[-1], cart.message)


@pytest.mark.parametrize("language", strings.LANGUAGES)
def test_the_colour_taken_is_said_then_gone_once_a_free_one_is_chosen(make_app, language):
    """The issue's: Player 2 asks for Player 1's colour, then picks a free one."""
    app, driver, cart = cartridge_at_start(make_app, "connect4", language)
    driver.key(digit_for(cart, MODE_TWO))
    while not (cart.phase == "colour" and cart.seat == 1):
        driver.key("RETURN")
    taken = cart.colours[0]
    driver.key(str(cart.spec.colours.index(taken) + 1))
    assert cart.phase == "colour" and cart.message_frames > 0
    assert cart.message == cart.word("colour_taken", colour=cart.colour_name(taken), player=cart.player_name(0))
    driver.key("RETURN")
    assert cart.phase == "play" and cart.message_frames == 0


def test_bypuzz_still_shuffling_is_gone_when_play_begins(make_app):
    """ByPuzz's set-up ends with its shuffle: a key refused while the tiles shuffle is said there only."""
    app, driver, cart = cartridge_at_start(make_app, "bypuzz", "en")
    driver.key("RETURN")  # the config: accept
    driver.key("RETURN")  # the choice: the first target
    driver.key("RETURN")  # the preview: shuffle
    assert cart.screen_id == "shuffle", cart.screen_id
    said = False
    for _ in range(3000):  # a key every other frame, up to the last frame of the shuffle
        driver.key("Z")
        if cart.screen_id != "shuffle":
            break
        said = cart.message == strings.t("bypuzz.busy.shuffle") and cart.message_frames > 0
    assert said and cart.screen_id == "play"
    assert cart.message_frames == 0, cart.message
