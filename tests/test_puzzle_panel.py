"""A puzzle's side panel: what a game counts for each side (Othello's stones) stands on a line of its
own under the task, after its label and each side's token, and never beside or inside the task's
text; in every match game's puzzle, at every level, in both languages, no two texts of the panel meet."""

from __future__ import annotations

import pytest
from test_puzzle_mode import PUZZLES, fixed_day, opened  # noqa: F401 (a fixture)
from test_text_fits import problems
from test_text_fits import recorder as text_recorder  # noqa: F401 (a fixture)

from pyxel_app import games
from pyxel_app.puzzles import LEVELS
from pyxel_app.shell import strings, ui

MATCH_PUZZLES = [(game, variant) for game, variant in PUZZLES if games.find(game).is_match]  # a panel beside a board view


def printed(app, monkeypatch) -> list[tuple[int, int, str]]:
    """(x, y, text) of every text one frame prints."""
    shown = []
    real = ui.text
    with monkeypatch.context() as patch:
        patch.setattr(ui, "text", lambda x, y, s, col=0: shown.append((x, y, s)) or real(x, y, s, col))
        app.draw()
    return shown


@pytest.mark.parametrize("language", strings.LANGUAGES)
@pytest.mark.parametrize("game,variant", MATCH_PUZZLES)
def test_the_counts_are_labelled_on_their_own_line_under_the_task(make_app, monkeypatch, request, game, variant,
                                                                   language):
    record = request.getfixturevalue("text_recorder")
    for level in LEVELS:
        strings.set_language(language)
        app, driver, cart = opened(make_app, game, variant, level)
        strings.set_language(language)
        assert problems(record(app)) == [], level
        texts = printed(app, monkeypatch)
        panel = [(x, y, s) for x, y, s in texts if x >= cart.view.panel_col * ui.CELL and y < ui.STATUS_Y]
        assert all(x + len(s) * ui.CELL <= (ui.COLS - ui.MARGIN) * ui.CELL for x, y, s in panel), panel
        counts = cart.view.seat_counts(cart.state)
        if counts is None:
            assert not any(s.strip().isdigit() for _, _, s in panel), panel  # no number stands unlabelled
            continue
        label = cart.word("counted")
        task = ui.wrap(cart.puzzle_mode.task_text(), ui.COLS - ui.MARGIN - cart.view.panel_col)
        task_ys = [y for _, y, s in panel if s in task]
        assert len(task_ys) == len(task), (task, panel)
        (label_y,) = [y for _, y, s in panel if s == label]
        assert label_y > max(task_ys), (label_y, task_ys)
        on_line = sorted((x, s.strip()) for x, y, s in panel if y == label_y and s != label)
        assert [s for _, s in on_line] == [str(n) for n in counts], on_line
        assert not [s for _, y, s in panel if s.strip().isdigit() and y != label_y], panel
    strings.set_language("en")
