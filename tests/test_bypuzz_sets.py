"""ByPuzz's targets and ByMore puzzle-set files: presets, good files, bad files with the line named."""

from __future__ import annotations

import pytest

from pyxel_app.cartridges.bypuzz import sets as bundled
from pyxel_app.rules import bypuzz_sets
from pyxel_app.rules.bypuzz_sets import (
    PRESETS,
    STANDARD_SET,
    PuzzleSetError,
    parse_puzzle_set,
    puzzle_set_to_text,
    target_key,
)
from pyxel_app.rules.fifteen import STANDARD_GOAL


def set_text(targets=None, name="Test") -> str:
    targets = targets or [target for _, target in PRESETS]
    lines = [f"name: {name}"] if name else []
    for target in targets:
        lines += [" ".join(map(str, target[row * 4 : row * 4 + 4])) for row in range(4)] + [""]
    return "\n".join(lines)


def test_ten_presets_all_different_and_seed_ones_first():
    targets = [target for _, target in PRESETS]
    assert len(targets) == 10 and len(set(targets)) == 10
    assert targets[0] == STANDARD_GOAL
    assert targets[1] == (1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15, 4, 8, 12, 0)  # the seed's DATA 6020
    for target in targets:
        assert sorted(target) == list(range(16))


def test_good_file_with_comments_commas_and_data_prefix():
    text = "# my set\n\n" + set_text(name="").replace("1 2 3 4", "data 1, 2, 3, 4  # first row")
    puzzle_set = parse_puzzle_set(text, "fallback")
    assert puzzle_set.name == "fallback"
    assert puzzle_set.targets == STANDARD_SET.targets


def test_name_keeps_a_hash():
    assert parse_puzzle_set(set_text(name="ByMore #7"), "x").name == "ByMore #7"


def test_round_trip():
    puzzle_set = parse_puzzle_set(set_text(), "x")
    assert parse_puzzle_set(puzzle_set_to_text(puzzle_set), "y") == puzzle_set


def test_bundled_sets_parse():
    found = bundled.bundled_sets()
    assert [s.name for s in found] == ["ByMore #1", "ByMore #2"]
    assert len(list(bundled.SETS_DIR.glob("*.txt"))) == len(found)


@pytest.mark.parametrize(
    "edit, line, words",
    [
        (lambda lines: lines.__setitem__(2, "1 2 3"), 3, "expected 4 numbers"),
        (lambda lines: lines.__setitem__(2, "1 2 3 16"), 3, "16 is not a number from 0 to 15"),
        (lambda lines: lines.__setitem__(2, "1 2 x 4"), 3, "'x' is not a number"),
        (lambda lines: lines.__setitem__(2, "1 2 3 -4"), 3, "'-4' is not a number"),
        (lambda lines: lines.__setitem__(4, "13 14 15 1"), 5, "1 more than once (missing: 0)"),
        (lambda lines: lines.insert(3, "name: late"), 4, "'name:' must come once"),
        (lambda lines: lines.extend(["1 2 3 4"] * 4), 51, "more than 10 targets"),
    ],
)
def test_bad_files_name_the_line(edit, line, words):
    lines = set_text().splitlines()
    edit(lines)
    with pytest.raises(PuzzleSetError) as caught:
        parse_puzzle_set("\n".join(lines), "x")
    assert caught.value.line == line
    assert f"line {line}:" in str(caught.value) and words in str(caught.value)


def test_too_few_targets_and_unfinished_target():
    with pytest.raises(PuzzleSetError, match="needs 10 targets, this file has 9"):
        parse_puzzle_set(set_text([t for _, t in PRESETS][:9]), "x")
    with pytest.raises(PuzzleSetError, match=r"target 10 \(from line \d+\) has only 1 of 4 lines"):
        parse_puzzle_set("\n".join(set_text().splitlines()[:-3]), "x")


def test_too_big_file_is_refused():
    with pytest.raises(PuzzleSetError, match="too big"):
        parse_puzzle_set("#" * (bypuzz_sets.MAX_FILE_BYTES + 1), "x")


def test_target_key_is_sixteen_hex_digits():
    assert target_key(STANDARD_GOAL) == "123456789abcdef0"
