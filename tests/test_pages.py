"""Help and the pause menu are calm full-screen pages: nothing of the screen under them shows
but its title, which stays exactly in place; margins, a blank row between blocks, one way out."""

from __future__ import annotations

import pytest
import pyxel

from pyxel_app.shell import palette, strings, ui
from pyxel_app.shell.overlays import Help, Page, PauseMenu

UNDER = palette.RED  # painted under every screen in these tests; no page uses it


def pixel(pyxel, x: int, y: int) -> int:
    return pyxel.screen.pget(ui.BORDER_X + x, ui.BORDER_Y + y)


def open_game(make_app, game: str, language: str = "en", web: bool = False):
    app, driver = make_app(web=web)
    strings.set_language(language)
    app.open_cartridge(game)
    driver.frame()
    app.cartridge.start_playing()
    driver.frame()
    return app, driver


def paint_under(app) -> None:
    """Every screen first fills the whole screen with UNDER, then draws as usual."""
    screen = app.screen
    real_draw = screen.draw

    def draw() -> None:
        pyxel.rect(0, 0, ui.SCREEN_W, ui.SCREEN_H, UNDER)
        real_draw()

    screen.draw = draw


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("game", ["bypuzz", "connect4"])
@pytest.mark.parametrize("key", ["F1", "TAB", "save", "load", "name", "export", "import"])
def test_help_pause_and_the_slots_cover_the_whole_screen_and_keep_their_margins(make_app, pyxel_screen, game, key,
                                                                                language):
    from pyxel_app.rules.records import write_record
    from pyxel_app.shell.export_page import ExportPage
    from pyxel_app.shell.slot_page import SlotPage
    from pyxel_app.shell.slots import Shelf

    pyxel = pyxel_screen
    app, driver = open_game(make_app, game, language)
    paint_under(app)
    driver.frame()
    assert any(pixel(pyxel, x, 100) == UNDER for x in range(ui.SCREEN_W))  # the trick shows without a page
    cart = app.cartridge
    if key in ("save", "load", "name"):
        for number in range(30):  # a list longer than the page
            Shelf(app.storage, cart.key).save(f"Slot {number}", cart.session.to_text(), "2025-12-31 23:59")
        (cart.load_game if key == "load" else cart.save_game)()
        driver.key("RETURN" if key == "name" else "UP")  # the name of a new slot; the list scrolled to its foot
    elif key in ("export", "import"):
        for number in range(30):
            ExportPage(cart, True).shelf.save(f"Record {number}", write_record(cart.game_record()), "")
        (cart.import_record if key == "import" else cart.export_record)()
        driver.key("UP")  # the list scrolled to its foot, its file's name under it
    else:
        driver.key(key)
    page = app.overlays[-1]
    assert isinstance(page, {"F1": Help, "TAB": PauseMenu}.get(key, SlotPage))
    driver.frame()
    shown = {pixel(pyxel, x, y) for x in range(ui.SCREEN_W) for y in range(ui.SCREEN_H)}
    assert UNDER not in shown  # not one pixel of the screen under the page
    width = ui.last_title.width
    box_rows = range(ui.TITLE_ROW - 1, ui.TITLE_ROW + 2)
    blank_rows = (0, Page.FIRST_ROW - 1, Page.FOOTER_ROW - 1, ui.ROWS - 1)
    for row in range(ui.ROWS):
        for col in range(ui.COLS):
            if row in box_rows and ui.MARGIN <= col < ui.MARGIN + width:
                continue  # the title box
            margin = col in (0, ui.COLS - 1) or row in blank_rows
            cell = {pixel(pyxel, col * ui.CELL + dx, row * ui.CELL + dy) for dx in range(ui.CELL) for dy in range(ui.CELL)}
            if margin:
                assert cell == {palette.BACKGROUND}, f"something drawn in the margin at column {col}, row {row}"


@pytest.mark.parametrize("web", [False, True])
@pytest.mark.parametrize("game", ["bypuzz", "connect4"])
def test_pause_has_one_way_back_one_leave_and_quit_only_where_the_app_can_quit(make_app, game, web):
    app, driver = open_game(make_app, game, web=web)
    name = app.cartridge.name()
    driver.key("TAB")
    labels = [label for label, _ in app.overlays[-1].entries]
    assert labels[0] == "Back to the game"
    exits = [label for label in labels if any(word in label for word in ("Leave", "Quit", "Back to", "menu"))]
    assert exits == ["Back to the game", f"Leave {name}"] + ([] if web else ["Quit the app"])



def test_pause_groups_its_rows_with_gaps_the_highlight_and_clicks_pass_over(make_app):
    from pyxel_app.shell.overlays import GAP

    app, driver = open_game(make_app, "connect4")
    driver.key("TAB")
    menu = app.overlays[-1]
    labels = [label for label, _ in menu.entries]
    assert labels[:3] == ["Back to the game", "", "Undo"] and labels[-4:] == ["", "Help", "Leave Connect 4", "Quit the app"]
    driver.key("DOWN")
    assert labels[menu.chooser.index] == "Undo"
    driver.key("UP")
    assert menu.chooser.index == 0
    gap = menu.entries.index(GAP)
    driver.click(menu.chooser.left + 8, menu.chooser.row_y(gap) + 2)
    assert app.overlays[-1] is menu and menu.chooser.index == 0  # a click on a gap chooses nothing


def ways_out(app) -> list[str]:
    """The game menu's way back and ways out, which always show."""
    name = app.cartridge.name()
    return [strings.t("pause.resume"), strings.t("pause.help"), strings.t("pause.leave", game=name)] + (
        [] if app.web else [strings.t("pause.quit")])


@pytest.mark.parametrize("web", [False, True])
@pytest.mark.parametrize("language", strings.LANGUAGES)
def test_a_long_pause_menu_scrolls_its_commands_and_keeps_the_ways_out_in_view(make_app, screen_text, language, web):
    """ByPuzz's play screen has more commands than fit a LINE_PITCH apart: they scroll between the way
    back at the top and help and the ways out at the page's foot, which never leave it; the arrows go
    through every entry in order, scrolling as they go and passing over the gaps."""
    from pyxel_app.shell.overlays import GAP

    app, driver = open_game(make_app, "bypuzz", language, web)
    driver.key("TAB")
    menu = app.overlays[-1]
    chooser = menu.chooser
    assert chooser.more_below and not chooser.more_above  # the case: the commands do not all fit
    assert chooser.row_y(len(menu.entries) - 1) == menu.line_y(menu.VISIBLE_LINES - 1)  # the ways out end the page
    entries = [i for i, entry in enumerate(menu.entries) if entry != GAP]
    for key, order, scrolled in (("DOWN", entries[1:] + entries[:1], True), ("UP", entries[::-1], False)):
        reached = []
        for _ in entries:
            driver.key(key)
            reached.append(chooser.index)
            printed = screen_text(app).split(" | ")
            missing = [label for label in ways_out(app) + [menu.entries[chooser.index][0]] if label not in printed]
            assert missing == [], (key, menu.entries[chooser.index][0], missing)
        assert reached == order, key
        assert (chooser.more_above, chooser.more_below) == (scrolled, not scrolled), key  # the way back is pinned


def test_the_wheel_scrolls_the_pause_menus_commands_and_a_click_runs_any_entry_shown(make_app, screen_text):
    app, driver = open_game(make_app, "bypuzz")
    help_label, keyboard_only = strings.t("pause.help"), strings.t("bypuzz.cmd.keys")

    def scrolled_to_the_foot():
        driver.key("TAB")
        menu = app.overlays[-1]
        labels = [label for label, _ in menu.entries]
        assert labels.index(keyboard_only) not in menu.chooser.shown()
        for _ in range(menu.chooser.max_offset + 2):  # a wheel turned towards the player, one notch a frame
            app.input.feed()
            app.input.wheel = -1
            menu.update(app.input)
        assert menu.chooser.more_above and not menu.chooser.more_below
        app.draw()
        printed = screen_text(app).split(" | ")
        assert [label for label in ways_out(app) + [keyboard_only] if label not in printed] == []
        return menu, labels

    menu, labels = scrolled_to_the_foot()
    help_row = labels.index(help_label)
    driver.click(menu.chooser.left + 8, menu.chooser.row_y(help_row) + 2)
    assert isinstance(app.overlays[-1], Help)  # a pinned row is where it shows, the list scrolled or not
    driver.key("ESCAPE")
    assert not app.overlays
    menu, labels = scrolled_to_the_foot()
    driver.click(menu.chooser.left + 8, menu.chooser.row_y(labels.index(keyboard_only)) + 2)
    assert not app.overlays and not app.input.mouse_enabled and not app.input.pad_enabled


def test_no_bypuzz_screen_offers_an_exit_of_its_own_in_the_pause_menu(make_app):
    from pyxel_app.cartridges.bypuzz.screens import ChooseScreen, ConfigScreen, PreviewScreen

    app, driver = open_game(make_app, "bypuzz")
    cart = app.cartridge
    screens = [cart.screen, ConfigScreen(cart), ChooseScreen(cart), PreviewScreen(cart, then_shuffle=True)]
    for screen in screens:
        labels = [command.label for command in screen.commands()]
        assert not [label for label in labels if "Quit" in label or "Leave" in label], (type(screen).__name__, labels)


def test_choosing_leave_in_the_pause_menu_saves_and_leaves(make_app):
    app, driver = open_game(make_app, "bypuzz")
    cart = app.cartridge
    tile = cart.rules.legal_moves(cart.state)[0]
    cart.session.play(tile)
    cart.after_move()
    driver.key("TAB")
    menu = app.overlays[-1]
    leave = next(i for i, (label, _) in enumerate(menu.entries) if label == "Leave ByPuzz")
    while menu.chooser.index != leave:
        driver.key("DOWN")
    driver.key("RETURN")
    driver.key("Y")  # "really?"
    driver.frame()
    assert app.cartridge is None and app.storage.read("autosave-bypuzz.txt") is not None


def title_pixels(pyxel, title: ui.TitleLayout) -> dict[tuple[int, int], int]:
    """The title rows up to the heading's end (a screen may show more to its right, such as ByPuzz's
    count), without the inside of the word box: the word changes, the box and the heading stay."""
    left, top = ui.MARGIN * ui.CELL, (ui.TITLE_ROW - 1) * ui.CELL  # the box's top-left corner
    word = range(left + ui.CELL, left + (title.width - 1) * ui.CELL), range(top + ui.CELL, top + 2 * ui.CELL)
    return {
        (x, y): pixel(pyxel, x, y)
        for x in range((title.heading_col + len(title.heading)) * ui.CELL)
        for y in range(top, top + 3 * ui.CELL)
        if not (x in word[0] and y in word[1])
    }


def bypuzz_config(app, driver) -> None:
    app.open_cartridge("bypuzz")


def connect4_setup(app, driver) -> None:
    app.open_cartridge("connect4")


def bypuzz_play(app, driver) -> None:
    bypuzz_config(app, driver)
    driver.frame()
    app.cartridge.start_playing()


def connect4_play(app, driver) -> None:
    connect4_setup(app, driver)
    driver.frame()
    app.cartridge.start_playing()


def keys_screen(app, driver) -> None:
    driver.key("K")


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("go", [None, keys_screen, bypuzz_config, bypuzz_play, connect4_setup, connect4_play])
def test_titles_stay_where_they_are_when_help_opens(make_app, pyxel_screen, go, language):
    pyxel = pyxel_screen
    app, driver = make_app()
    strings.set_language(language)
    if go is not None:
        go(app, driver)
    driver.frame()
    driver.frame()
    title = ui.last_title
    assert title.heading
    before = title_pixels(pyxel, title)
    driver.key("F1")
    assert isinstance(app.overlays[-1], Help)
    driver.frame()
    assert title_pixels(pyxel, title) == before
    if app.cartridge is not None:
        driver.key("ESCAPE")
        driver.key("TAB")
        assert isinstance(app.overlays[-1], PauseMenu)
        driver.frame()
        assert title_pixels(pyxel, title) == before


def test_a_page_that_scrolls_says_how_in_its_footer(make_app, screen_text):
    app, driver = open_game(make_app, "connect4")  # its help is longer than a page
    driver.key("F1")
    page = app.overlays[-1]
    assert page.max_top > 0
    printed = screen_text(app).split(" | ")  # hotkeys print reversed, between the words
    assert " scroll  " in printed and " back (or any key)" in printed
    driver.key("ESCAPE")
    app.cartridge.begin_setup()  # its game menu over the set-up has few commands
    driver.key("TAB")
    assert not app.overlays[-1].chooser.more_below  # the pause list fits: nothing to scroll
    printed = screen_text(app).split(" | ")
    assert " choose  " in printed and " scroll  " not in printed
    driver.key("ESCAPE")
    app.cartridge.start_playing()
    driver.key("TAB")  # over play, with every command, it scrolls and says so
    assert app.overlays[-1].chooser.more_below and " scroll  " in screen_text(app).split(" | ")


def test_a_dialog_leaves_no_word_half_hidden_and_the_board_visible_around_it(make_app, pyxel_screen):
    """A dialog clears a band of whole rows (its box, a blank row above and below); every other row,
    the board's included, stays exactly as it was.  ByPuzz's X and R and the pegs board's leaving."""
    from pyxel_app.shell.overlays import Confirm, dialog_band

    pyxel = pyxel_screen

    def rows_of_pixels():
        return [[pixel(pyxel, x, y) for x in range(ui.SCREEN_W)] for y in range(ui.SCREEN_H)]

    for game, key in (("bypuzz", "X"), ("bypuzz", "R"), ("pegs", "ESCAPE")):
        app, driver = make_app()
        app.open_cartridge(game)
        driver.frame()
        app.cartridge.start_playing()
        if game == "pegs":
            cart = app.cartridge
            cart.session.play(cart.rules.legal_moves(cart.state)[0])  # a game in progress: leaving asks
            cart.on_session_changed()
        driver.frame()
        driver.frame()
        before = rows_of_pixels()
        driver.key(key)
        dialog = app.overlays[-1]
        assert isinstance(dialog, Confirm)
        driver.frame()
        after = rows_of_pixels()
        band = dialog_band(dialog.top, dialog.height)
        box_rows = range(dialog.top, dialog.top + dialog.height)
        for row in range(ui.ROWS):
            lines = range(row * ui.CELL, (row + 1) * ui.CELL)
            if row not in band:
                assert all(after[y] == before[y] for y in lines), f"{game} {key}: row {row} changed under the dialog"
            elif row not in box_rows:
                assert {ink for y in lines for ink in after[y]} == {palette.BACKGROUND}, f"{game} {key}: row {row} not blank"
        board_rows = [row for row in range(ui.TITLE_ROW + 2, ui.ROWS) if row not in band
                      and any(ink != palette.BACKGROUND for y in range(row * ui.CELL, (row + 1) * ui.CELL) for ink in after[y])]
        assert len(board_rows) >= 4, f"{game} {key}: the board does not stay visible around the dialog"
        dialog.close()




@pytest.mark.parametrize("language", strings.LANGUAGES)
def test_the_answer_return_gives_is_the_one_that_stands_out(make_app, pyxel_screen, language):
    """A yes/no box shows its chosen answer bright (yellow, underlined) and the other dim, so a
    player sees which one RETURN picks; the arrows move the choice and the look with it."""
    from pyxel_app.shell.overlays import Confirm

    app, driver = make_app()
    strings.set_language(language)
    answers = []
    app.confirm("Leave?", lambda: answers.append(True), lambda: answers.append(False))
    box = app.overlays[-1]
    assert isinstance(box, Confirm)
    (yes_start, yes_end), (no_start, no_end) = box._answer_spans()
    y = box.answer_row * ui.CELL

    def yellow(x0: int, x1: int) -> int:
        return sum(pixel(pyxel, x, yy) == palette.YELLOW for x in range(x0, x1) for yy in range(y, y + ui.CELL))

    for press, chosen in ((None, "no"), ("RIGHT", "yes"), ("LEFT", "no")):
        if press:
            driver.key(press)
        app.draw()
        bright, dim = ((yes_start, yes_end), (no_start, no_end)) if chosen == "yes" else ((no_start, no_end), (yes_start, yes_end))
        assert yellow(*bright) > 0 and yellow(*dim) == 0, (press, chosen)
    driver.key("RETURN")
    assert answers == [False]
