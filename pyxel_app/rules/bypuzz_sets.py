"""ByPuzz's target pictures: the ten built-in presets and "ByMore" puzzle-set files.

A target is 16 numbers row-major, each of 0-15 exactly once, 0 the gap — the
C64 program's DATA lines 6010-6103.  A ByMore file is plain text holding ten
targets, one per four lines of four numbers, as the C64 DATA lines print them:

    # ByMore #1 - blank lines and everything after a '#' are ignored
    name: Mirror images
     1,  2,  3,  4
     5,  6,  7,  8
     9, 10, 11, 12
    13, 14, 15,  0
    ...               (nine more targets)

Numbers are separated by commas or spaces; a line may start with ``data`` like
the BASIC original.  ``name:`` (optional, once, before the first target) names
the set (a ``#`` there is part of the name, as in "ByMore #1").

>>> puzzle_set = parse_puzzle_set(example_text(), "fallback")
>>> puzzle_set.name, len(puzzle_set.targets)
('Example', 10)
>>> try:
...     parse_puzzle_set("1 2 3\\n", "x")
... except PuzzleSetError as error:
...     print(error)
line 1: expected 4 numbers, got 3
"""

from __future__ import annotations

from dataclasses import dataclass

from .base import RulesError
from .numbers import NumberError, is_number, parse_number

SIZE = 4
CELLS = SIZE * SIZE
TARGETS_PER_SET = 10
MAX_FILE_BYTES = 16 * 1024
MAX_NAME = 24

Target = tuple[int, ...]


class PuzzleSetError(RulesError):
    """A puzzle-set file that cannot be used; the message names the line."""


@dataclass(frozen=True)
class PuzzleSet:
    name: str
    targets: tuple[Target, ...]
    # Keys of the built-in presets' names in the string table; empty for ByMore sets.
    name_keys: tuple[str, ...] = ()


def _rows(*rows: tuple[int, ...]) -> Target:
    return tuple(number for row in rows for number in row)


# The ten built-in targets: the seed's standard and its transposition (DATA 6010 and 6020),
# then eight that differ at a glance: mirrored, flipped, reversed, snakes, spiral, diagonals.
PRESETS: tuple[tuple[str, Target], ...] = (
    ("standard", _rows((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12), (13, 14, 15, 0))),
    ("transposed", _rows((1, 5, 9, 13), (2, 6, 10, 14), (3, 7, 11, 15), (4, 8, 12, 0))),
    ("mirrored", _rows((4, 3, 2, 1), (8, 7, 6, 5), (12, 11, 10, 9), (0, 15, 14, 13))),
    ("upside_down", _rows((13, 14, 15, 0), (9, 10, 11, 12), (5, 6, 7, 8), (1, 2, 3, 4))),
    ("reversed", _rows((0, 15, 14, 13), (12, 11, 10, 9), (8, 7, 6, 5), (4, 3, 2, 1))),
    ("snake", _rows((1, 2, 3, 4), (8, 7, 6, 5), (9, 10, 11, 12), (0, 15, 14, 13))),
    ("columns", _rows((1, 8, 9, 0), (2, 7, 10, 15), (3, 6, 11, 14), (4, 5, 12, 13))),
    ("spiral", _rows((1, 2, 3, 4), (12, 13, 14, 5), (11, 0, 15, 6), (10, 9, 8, 7))),
    ("diagonal", _rows((1, 2, 4, 7), (3, 5, 8, 11), (6, 9, 12, 14), (10, 13, 15, 0))),
    ("odd_even", _rows((1, 3, 5, 7), (9, 11, 13, 15), (2, 4, 6, 8), (10, 12, 14, 0))),
)
STANDARD_SET = PuzzleSet(
    "Standard",
    tuple(target for _, target in PRESETS),
    tuple(f"bypuzz.preset.{key}" for key, _ in PRESETS),
)


def check_target(numbers: Target, line: int | None = None) -> Target:
    """Each of 0-15 exactly once; the error names what is doubled or missing."""
    if len(numbers) != CELLS:
        raise PuzzleSetError(f"a target needs {CELLS} numbers, got {len(numbers)}", line, code="bypuzz.set.target_size",
                             most=CELLS, n=len(numbers))
    doubled = sorted({n for n in numbers if numbers.count(n) > 1})
    if doubled:
        missing = sorted(set(range(CELLS)) - set(numbers))
        doubled_text, missing_text = ", ".join(map(str, doubled)), ", ".join(map(str, missing))
        raise PuzzleSetError(f"{doubled_text} more than once (missing: {missing_text})", line, code="bypuzz.set.doubled",
                             doubled=doubled_text, missing=missing_text)
    return tuple(numbers)


def _numbers(line: str, number: int) -> list[int]:
    words = line.replace(",", " ").split()
    if words and words[0].lower() == "data":
        words = words[1:]
    if len(words) != SIZE:
        raise PuzzleSetError(f"expected {SIZE} numbers, got {len(words)}", number, code="bypuzz.set.row_size", most=SIZE,
                             n=len(words))
    values = []
    for word in words:
        try:
            values.append(parse_number(word, 0, CELLS - 1))
        except NumberError:
            shown = word if is_number(word) else repr(word[:12])
            raise PuzzleSetError(f"{shown} is not a number from 0 to 15", number, code="bypuzz.set.not_number",
                                 word=shown) from None
    return values


def parse_puzzle_set(text: str, default_name: str) -> PuzzleSet:
    """Read a ByMore file; any problem raises PuzzleSetError naming the line."""
    if len(text.encode("utf-8")) > MAX_FILE_BYTES:
        size = len(text.encode("utf-8"))
        raise PuzzleSetError(f"file too big ({size} bytes, at most {MAX_FILE_BYTES})", code="file.too_big", n=size,
                             most=MAX_FILE_BYTES)
    name = ""
    targets: list[Target] = []
    pending: list[int] = []
    first_line = 0
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line.lower().startswith("name:"):
            if targets or pending or name:
                raise PuzzleSetError("'name:' must come once, before the first target", number, code="bypuzz.set.name_place")
            name = line[5:].strip()[:MAX_NAME]
            continue
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        if len(targets) == TARGETS_PER_SET:
            raise PuzzleSetError(f"more than {TARGETS_PER_SET} targets", number, code="bypuzz.set.too_many", most=TARGETS_PER_SET)
        if not pending:
            first_line = number
        pending += _numbers(line, number)
        if len(pending) == CELLS:
            try:
                targets.append(check_target(tuple(pending)))
            except PuzzleSetError as error:
                raise PuzzleSetError(f"target {len(targets) + 1} (from line {first_line}): {error}", number,
                                     code="bypuzz.set.target", n=len(targets) + 1, first=first_line, why=error) from None
            pending = []
    if pending:
        rows = len(pending) // SIZE
        raise PuzzleSetError(f"target {len(targets) + 1} (from line {first_line}) has only {rows} of 4 lines",
                             code="bypuzz.set.short", n=len(targets) + 1, first=first_line, rows=rows)
    if len(targets) != TARGETS_PER_SET:
        raise PuzzleSetError(f"a set needs {TARGETS_PER_SET} targets, this file has {len(targets)}", code="bypuzz.set.count",
                             most=TARGETS_PER_SET, n=len(targets))
    return PuzzleSet(name or default_name, tuple(targets))


def puzzle_set_to_text(puzzle_set: PuzzleSet) -> str:
    """The file format back: what ``parse_puzzle_set`` reads gives the same set."""
    lines = [f"name: {puzzle_set.name}"]
    for index, target in enumerate(puzzle_set.targets, 1):
        lines.append(f"# {index}")
        for row in range(SIZE):
            lines.append(", ".join(f"{n:2d}" for n in target[row * SIZE : (row + 1) * SIZE]))
    return "\n".join(lines) + "\n"


def example_text() -> str:
    return puzzle_set_to_text(PuzzleSet("Example", STANDARD_SET.targets))


def target_key(target: Target) -> str:
    """A target in 16 hex digits ("123456789abcdef0"): the key its best scores are kept under."""
    return "".join(f"{n:x}" for n in target)
