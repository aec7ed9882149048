"""Draughts games as PDN (Portable Draughts Notation) text: tags, then the moves.

    [Event "ByPuzz Arcade"]
    [White "Player 1"]
    [Black "Hard AI"]
    [GameType "20"]
    [Variant "international"]
    [FEN "W:W31-50:B1-20"]
    [Result "*"]

    1. 32-28 19-23 2. 28x19 14x23 *

``GameType`` 20 is International draughts; warcaby has no PDN number of its own, so it is
written as 20 too and told apart by the ``Variant`` tag (a file without one, or with a name
of another program's such as "Standard (international) checkers", is International; see
:func:`variant_of_tags`).  Reading takes the first game of a file and skips what PDN allows around
the moves: move numbers, comments in braces, variations in parentheses, ``!``/``?`` marks
and the result.  Every move is checked against the rules as it is replayed; anything
wrong raises :class:`PdnError`, a ``ValueError`` whose message names the line and the
problem.

>>> game = read_pdn('[FEN "W:W31-50:B1-20"]\\n1. 32-28 19-23 2. 28x19 *')
>>> game.variant, game.moves
('international', ['32-28', '19-23', '28x19'])
>>> read_pdn('1. 32-28 32-28')
Traceback (most recent call last):
...
pyxel_app.rules.draughts_pdn.PdnError: line 1: move 2 (32-28): there is no piece of yours on 32
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .base import NotationError, RulesError, Steps, drained
from .draughts import INTERNATIONAL, RULES, Draughts, position_to_fen

MAX_PDN_CHARS = 200_000
MAX_MOVES = 5_000
GAME_TYPE = "20"
RESULTS = ("2-0", "0-2", "1-1", "0-0", "1-0", "0-1", "*")
TAG = re.compile(r'^\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]$')
MOVE_NUMBER = re.compile(r"^\d+\.(\.\.)?$|^\d+\.\.\.$", re.ASCII)
MOVE = re.compile(r"^(\d+\.+)?(\d{1,2}(?:[-x:]\d{1,2})+)[!?]*$", re.IGNORECASE | re.ASCII)
# Characters read between two yields of the readers below (a caller steps them a few ms a frame).
CHARS_A_STEP = 512


class PdnError(NotationError):
    """A PDN text that is not a draughts game we can replay; the message names the line."""


@dataclass
class PdnGame:
    variant: str
    start: Draughts
    moves: list[str]
    tags: dict[str, str] = field(default_factory=dict)
    result: str = "*"
    played: list = field(default_factory=list)  # the moves as the rules' own moves, as replayed


def variant_of_tags(tags: dict[str, str]) -> str:
    """The rules a game's tags say it is played by.  ``GameType`` says the game (20: 10x10
    draughts); ``Variant`` only tells apart the rules that share it, in any program's words
    (py-draughts writes "Standard (international) checkers"), and a name of none of ours is
    the GameType's own game.  Without a GameType, the Variant must name one of ours."""
    named = tags.get("Variant", "").strip().lower()
    ours = named if named in RULES.variants else INTERNATIONAL if INTERNATIONAL in re.findall(r"[a-z]+", named) else None
    game_type = tags.get("GameType", "").split(",")[0].strip()
    if game_type:
        if game_type != GAME_TYPE:
            raise PdnError(f"GameType {game_type!r} is not International draughts (20)", code="draughts.pdn.game_type",
                           game_type=repr(game_type))
        return ours or INTERNATIONAL
    if not named:
        return INTERNATIONAL
    try:
        return ours or RULES.check_variant(named)
    except NotationError as error:
        raise PdnError(f"the Variant tag: {error}", code="draughts.pdn.variant_tag", why=error) from None


def result_of(state: Draughts) -> str:
    """PDN's result for a position: ``2-0`` White won, ``0-2`` Black won, ``1-1`` a draw, ``*`` going on."""
    outcome = RULES.outcome(state)
    if outcome is None:
        return "*"
    if outcome.winner is None:
        return "1-1"
    return "2-0" if outcome.winner == 0 else "0-2"


def _quoted(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


def write_pdn(start: Draughts, moves: list[str], tags: dict[str, str] | None = None) -> str:
    """A game as PDN text; the result is worked out from the last position, unless ``tags`` give
    it (a game resigned).

    >>> print(write_pdn(RULES.initial_state("warcaby"), ["36-31"]), end="")
    [Event "ByPuzz Arcade"]
    [GameType "20"]
    [Variant "warcaby"]
    [FEN "W:W36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15"]
    [Result "*"]
    <BLANKLINE>
    1. 36-31 *
    """
    return drained(writing_pdn(start, moves, tags))


def writing_pdn(start: Draughts, moves: list[str], tags: dict[str, str] | None = None) -> Steps:
    """:func:`write_pdn` a move at a time (the result is found by replaying the game)."""
    state = start
    for done, text in enumerate(moves):
        yield done, len(moves)
        state = RULES.apply(state, RULES.move_from_text(state, text))
    tags = dict(tags or {})
    result = tags.pop("Result", "") or result_of(state)
    header = {"Event": "ByPuzz Arcade", **tags, "GameType": GAME_TYPE,
              "Variant": start.variant, "FEN": position_to_fen(*start.key), "Result": result}
    lines = [f'[{name} "{_quoted(value)}"]' for name, value in header.items()]
    words = []
    number = 1
    black_first = start.turn == 1
    for index, text in enumerate(moves):
        white_move = (index % 2 == 0) != black_first
        if white_move:
            words.append(f"{number}.")
        elif index == 0:
            words.append(f"{number}...")
        words.append(text)
        if not white_move:
            number += 1
    words.append(result)
    body, line = [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > 78:
            body.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    body.append(line)
    return "\n".join(lines) + "\n\n" + "\n".join(body) + "\n"


def _strip_comments(text: str) -> list[tuple[int, str]]:
    """(line number, token) for the move text with comments, variations and line comments gone."""
    return drained(_stripping_comments(text))


def _stripping_comments(text: str) -> Steps:
    """:func:`_strip_comments` a few hundred characters at a time."""
    tokens: list[tuple[int, str]] = []
    depth_brace = depth_paren = 0
    read = 0
    for number, line in enumerate(text.splitlines(), 1):
        word = ""
        for char in line + "\n":
            read += 1
            if not read % CHARS_A_STEP:
                yield 0, None
            if depth_brace:
                if char == "}":
                    depth_brace -= 1
                continue
            if char == "{":
                depth_brace = 1
            elif char == "(":
                depth_paren += 1
            elif char == ")":
                if depth_paren == 0:
                    raise PdnError("a ')' closes no variation", number, code="draughts.pdn.stray_close")
                depth_paren -= 1
            elif char == ";" and not depth_paren:
                break
            elif char.isspace():
                pass
            else:
                if not depth_paren:
                    word += char
                continue
            if word:
                tokens.append((number, word))
                word = ""
        if word:
            tokens.append((number, word))
    if depth_brace:
        raise PdnError("a comment '{' is never closed", code="draughts.pdn.open_comment")
    if depth_paren:
        raise PdnError("a variation '(' is never closed", code="draughts.pdn.open_variation")
    return tokens


def count_moves(text: str) -> int:
    """The moves of the first game of a PDN text, counted without replaying them; PdnError when
    its comments or variations are not closed."""
    return drained(counting_moves(text))


def counting_moves(text: str) -> Steps:
    """:func:`count_moves` a few hundred characters at a time."""
    lines = text.lstrip("\ufeff").splitlines()
    first = next((number for number, line in enumerate(lines) if line.strip() and not line.strip().startswith("[")), len(lines))
    count = 0
    for _, token in (yield from _stripping_comments("\n".join(lines[first:]))):
        if token in RESULTS or token.startswith("["):
            break
        count += MOVE.match(token) is not None
    return count


def read_pdn(text: str) -> PdnGame:
    """The first game of a PDN text, replayed and checked; PdnError says what is wrong."""
    return drained(reading_pdn(text))


def reading_pdn(text: str) -> Steps:
    """:func:`read_pdn` a move (or a few hundred characters) at a time, yielding the moves read."""
    if not isinstance(text, str):
        raise PdnError("a PDN file is text", code="draughts.pdn.not_text")
    if len(text) > MAX_PDN_CHARS:
        raise PdnError(f"the file is longer than {MAX_PDN_CHARS} characters", code="draughts.pdn.too_long", most=MAX_PDN_CHARS)
    text = text.lstrip("\ufeff")
    tags: dict[str, str] = {}
    lines = text.splitlines()
    body_start = len(lines)
    seen_tags = False
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("["):
            match = TAG.match(line)
            if match is None:
                raise PdnError(f'{line[:30]!r} is not a tag like [FEN "W:W31,32:B1,2"]', number, code="draughts.pdn.bad_tag",
                               text=repr(line[:30]))
            name, value = match.group(1), re.sub(r"\\(.)", r"\1", match.group(2))
            if name in tags and seen_tags:
                body_start = number - 1  # a second game's tags: stop at the first game
                break
            tags[name] = value
            seen_tags = True
            continue
        body_start = number - 1
        break
    variant = variant_of_tags(tags)
    try:
        start = RULES.state_from_text(tags["FEN"], variant) if "FEN" in tags else RULES.initial_state(variant)
    except NotationError as error:
        raise PdnError(f"the FEN tag: {error}", code="draughts.pdn.fen_tag", why=error) from None
    tokens = yield from _stripping_comments("\n" * body_start + "\n".join(lines[body_start:]))
    state = start
    moves: list[str] = []
    played: list = []
    result = "*"
    for number, token in tokens:
        yield len(moves), None
        if token in RESULTS:
            result = token
            break
        if token.startswith("[") and moves:
            break  # the next game
        if MOVE_NUMBER.match(token) or re.fullmatch(r"\$\d+|[!?]+", token, re.ASCII):
            continue
        match = MOVE.match(token)
        if match is None:
            raise PdnError(f"{token[:20]!r} is not a move like 32-28 or 28x19x10", number, code="draughts.pdn.bad_move",
                           token=repr(token[:20]))
        move_text = match.group(2)
        if len(moves) >= MAX_MOVES:
            raise PdnError(f"more than {MAX_MOVES} moves", number, code="draughts.pdn.too_many_moves", most=MAX_MOVES)
        try:
            move = RULES.move_from_text(state, move_text)
            state = RULES.apply(state, move)
        except RulesError as error:
            raise PdnError(f"move {len(moves) + 1} ({move_text}): {error}", number, code="draughts.pdn.move", n=len(moves) + 1,
                           move=move_text, why=error) from None
        moves.append(RULES.move_to_text(move))
        played.append(move)
    return PdnGame(variant, start, moves, tags, result, played)
