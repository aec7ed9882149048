"""What every game's rules promise, checked over seeded random playouts, as OpenSpiel tests
every game with random simulations and serialisation round trips.

``check_game(rules, starts)`` plays a few random games from each start and, in every state
reached, checks the protocol of ``rules/base.py``: the state's text reads back to the same
state, every legal move's text to the same move, ``perft`` agrees with the legal moves, the
outcome agrees with the end, the position key is stable, ``apply`` leaves its input alone and
refuses what is not legal; at the end of each playout a save replays to the same states.
The first broken promise raises :class:`CheckFailed`, whose ``check`` names it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from pyxel_app.rules.base import Rules, RulesError
from pyxel_app.session import RESTART, Session

# Texts no game's notation reads as a legal move.
NONSENSE_MOVES = ("", "?", "zz9", "99999999", "-1")
# Moves seen legal elsewhere, tried per state as moves that may not be legal here.
STRANGERS_PER_STATE = 4
STRANGERS_KEPT = 64


class CheckFailed(AssertionError):
    """A promise of the rules protocol that a game broke: ``check`` names the promise."""

    def __init__(self, check: str, detail: str) -> None:
        super().__init__(f"{check}: {detail}")
        self.check = check


@dataclass
class Coverage:
    """How much the playouts saw, so a caller can tell a check that ran from one that did not."""

    states: int = 0
    moves: int = 0
    ends: int = 0
    refused: int = 0
    saves: int = 0


def expect(condition: bool, check: str, detail: str) -> None:
    if not condition:
        raise CheckFailed(check, detail)


def fingerprint(rules: Rules, state) -> tuple:
    """What ``apply`` must not change in its input: the text, the hash, the key."""
    return rules.state_to_text(state), hash(state), rules.position_key(state)


def check_text(rules: Rules, variant: str, state) -> str:
    """The state's text is one line and reads back to an equal state, told its variant (as a save
    reads it) or not (as the command line may)."""
    text = rules.state_to_text(state)
    expect("\n" not in text and "\r" not in text, "state text", f"{text!r} is not one line (a save keeps it in one)")
    for told in (variant, None):
        try:
            again = rules.state_from_text(text, told)
        except RulesError as error:
            raise CheckFailed("state text", f"{text!r} does not read back (variant {told}): {error}") from None
        expect(again == state and rules.state_to_text(again) == text, "state text",
               f"{text!r} reads back (variant {told}) as {rules.state_to_text(again)!r} ({again!r} != {state!r})")
    return text


def check_key(rules: Rules, variant: str, state, text: str) -> Any:
    """The position key is the same however often it is asked, and for the state read back."""
    key = rules.position_key(state)
    expect(rules.position_key(state) == key and hash(rules.position_key(state)) == hash(key), "position key",
           f"asked twice for {text!r}, it differs")
    expect(rules.position_key(rules.state_from_text(text, variant)) == key, "position key",
           f"{text!r} read back has another key")
    return key


def check_outcome(rules: Rules, state, text: str, moves: list) -> None:
    """A game ends exactly when no move is left, and an ended game has an outcome whose winner
    is a player (a puzzle may say it is solved and still be played on: then it is not terminal)."""
    side = rules.to_move(state)
    expect(isinstance(side, int) and 0 <= side < rules.players, "to move",
           f"{side!r} in {text!r} is not one of {rules.players} players")
    outcome = rules.outcome(state)
    terminal = rules.is_terminal(state)
    expect(terminal == (not moves), "outcome",
           f"{text!r}: terminal={terminal} but {len(moves)} legal moves (outcome {outcome})")
    expect(not terminal or outcome is not None, "outcome", f"{text!r} ends without an outcome")
    if outcome is not None:
        expect(outcome.winner is None or 0 <= outcome.winner < rules.players, "outcome",
               f"{text!r}: winner {outcome.winner!r} is not a player")


def check_moves(rules: Rules, state, text: str, moves: list) -> list:
    """Each legal move's text is one clean token that reads back to the move, and ``apply`` plays
    it without touching its input.  Returns the children."""
    before = fingerprint(rules, state)
    texts = [rules.move_to_text(move) for move in moves]
    expect(len(set(texts)) == len(texts), "move text", f"{text!r}: two legal moves share a text in {texts}")
    children = []
    for move, move_text in zip(moves, texts):
        expect(move_text and move_text == move_text.strip() and "\n" not in move_text and move_text != RESTART,
               "move text", f"{move_text!r} cannot stand in a save's move= line")
        try:
            read = rules.move_from_text(state, move_text)
        except RulesError as error:
            raise CheckFailed("move text", f"{text!r}: {move!r} written {move_text!r} does not read back: {error}") from None
        expect(read == move, "move text", f"{text!r}: {move!r} written {move_text!r} reads back as {read!r}")
        try:
            children.append(rules.apply(state, move))
        except RulesError as error:
            raise CheckFailed("legal move refused", f"{text!r}: listed move {move_text!r} refused: {error}") from None
        expect(fingerprint(rules, state) == before, "apply mutates",
               f"{text!r} became {rules.state_to_text(state)!r} by applying {move_text!r}")
    return children


def check_perft(rules: Rules, state, text: str, moves: list, children: list) -> None:
    """perft(1) counts the legal moves and perft(2) the legal moves of each child.  An ended game
    is left out: published tables count it differently (Othello's one leaf, draughts' draws)."""
    if not moves:
        return
    one = rules.perft(state, 1)
    expect(one == len(moves), "perft", f"{text!r}: perft(1) = {one}, legal moves {len(moves)}")
    two, below = rules.perft(state, 2), sum(rules.perft(child, 1) for child in children)
    expect(two == below, "perft", f"{text!r}: perft(2) = {two}, its children's perft(1) add up to {below}")


def check_refusals(rules: Rules, state, text: str, legal_texts: set[str], strangers: list, rng: random.Random) -> int:
    """Moves legal elsewhere but not here, and texts that name no move, are refused with a RulesError."""
    before = fingerprint(rules, state)
    foreign = [move for move in strangers if rules.move_to_text(move) not in legal_texts]
    tried = 0
    for move in rng.sample(foreign, min(STRANGERS_PER_STATE, len(foreign))):
        refused(rules, state, text, move, rules.move_to_text(move))
        tried += 1
    for nonsense in NONSENSE_MOVES:
        try:
            move = rules.move_from_text(state, nonsense)
        except RulesError:
            continue
        refused(rules, state, text, move, nonsense)
        tried += 1
    expect(fingerprint(rules, state) == before, "apply mutates", f"{text!r} changed by a refused move")
    return tried


def refused(rules: Rules, state, text: str, move, move_text: str) -> None:
    try:
        rules.apply(state, move)
    except RulesError:
        return
    except Exception as error:  # any other kind breaks the promise too
        raise CheckFailed("illegal move", f"{text!r}: {move_text!r} raised {type(error).__name__}, not a RulesError") from error
    raise CheckFailed("illegal move", f"{text!r}: {move_text!r} is not legal here, yet apply took it")


@dataclass
class Seen:
    """What one key stood for when first met: equal keys must mean the same position."""

    text: str
    side: int
    legal: frozenset | None  # None for an ended game (a draw by history may end one of two equal keys)


def remember(seen: dict, key, text: str, side: int, legal: frozenset | None, text_is_position: bool) -> None:
    """Two states with one key are one position: the same side to move and the same moves, and,
    where the text names the position alone (not how it was reached), the same text."""
    first = seen.setdefault(key, Seen(text, side, legal))
    expect(first.side == side, "position key", f"{first.text!r} and {text!r} share a key but not the side to move")
    if first.legal is not None and legal is not None:
        expect(first.legal == legal, "position key", f"{first.text!r} and {text!r} share a key but not the legal moves")
    expect(not text_is_position or first.text == text, "position key", f"{first.text!r} and {text!r} share a key")


def check_save(rules: Rules, start, moves: list, rng: random.Random) -> None:
    """A save of the playout (taken back a move or two) loads to the same states and position."""
    session = Session(rules, start)
    for move in moves:
        session.play(move)
    for _ in range(rng.randint(0, min(2, len(moves)))):
        session.undo()
    saved = session.to_text()
    try:
        loaded = Session.from_text(saved, rules)
    except ValueError as error:
        raise CheckFailed("save replays", f"the save does not load: {error}\n{saved}") from None
    expect([rules.state_to_text(s) for s in loaded.states] == [rules.state_to_text(s) for s in session.states]
           and loaded.states == session.states and loaded.position == session.position, "save replays",
           f"the loaded game differs from the saved one:\n{saved}")
    expect(loaded.to_text() == saved, "save replays", "saving the loaded game gives another text")


def check_state(rules: Rules, variant: str, state, seen: dict, strangers: list, rng: random.Random,
                coverage: Coverage, text_is_position: bool) -> tuple[list, list]:
    """Every check on one state; returns its legal moves and the state after each."""
    text = check_text(rules, variant, state)
    key = check_key(rules, variant, state, text)
    moves = rules.legal_moves(state)
    check_outcome(rules, state, text, moves)
    legal_texts = {rules.move_to_text(move) for move in moves}
    remember(seen, key, text, rules.to_move(state), frozenset(legal_texts) if moves else None, text_is_position)
    children = check_moves(rules, state, text, moves)
    check_perft(rules, state, text, moves, children)
    coverage.refused += check_refusals(rules, state, text, legal_texts, strangers, rng)
    coverage.states += 1
    coverage.moves += len(moves)
    return moves, children


def check_game(rules: Rules, starts: dict[str, Any], seed: int = 0, playouts: int = 3, most_plies: int = 80,
               text_is_position: bool = True) -> Coverage:
    """Every check in every state of ``playouts`` random games (at most ``most_plies`` moves) from
    each variant's start, and a save of each game.  ``text_is_position=False`` for a game whose
    state text also says how the position was reached (a move list, move counts): there two
    texts may share a position key."""
    rng = random.Random(seed)
    coverage = Coverage()
    for variant, start in starts.items():
        seen: dict = {}
        strangers: list = []
        for _ in range(playouts):
            state, played = start, []
            while True:
                moves, children = check_state(rules, variant, state, seen, strangers, rng, coverage,
                                               text_is_position)
                strangers = (strangers + moves)[-STRANGERS_KEPT:]
                if not moves or len(played) == most_plies:
                    break
                index = rng.randrange(len(moves))
                played.append(moves[index])
                state = children[index]
            coverage.ends += not moves
            check_save(rules, start, played, rng)
            coverage.saves += 1
    return coverage
