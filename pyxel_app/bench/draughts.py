"""Draughts figures for ``python -m pyxel_app bench``: perft speed beside py-draughts, search
slices, and playing strength.

The peer is py-draughts (``pip install py-draughts``, import name ``draughts``; it is in the
``test`` extra): its public ``Board`` (``legal_moves``/``push``/``pop``) and its own bitboard
perft (``engines.turbo.perft``) are timed on the same perft(6) in the same run, and its
``TurboEngine`` is the opponent at the same time per move.  Matches take long, so the
default run plays none of them beyond a few games against the random mover;
``python -m pyxel_app.bench.draughts --full`` plays 20 games against random and 20 against
each of py-draughts' engines (each side White in half of them, from ten openings of two
random moves a side, each played with both colours).
"""

from __future__ import annotations

import random
import sys
import time
from typing import Callable

from ..ai import draughts as draughts_ai
from ..ai.draughts import PATTERNS, DraughtsSearch
from .. import cli
from ..ai.memo import SlotTable
from ..cli import MAX_SEED, Parser, bounded, named, writable_file
from ..rules.draughts import INDEX_OF, RULES, Draughts
from .figures import percentiles, report

Report = Callable[[str, str], None]
PROG = "python -m pyxel_app.bench.draughts"
PERFT_DEPTH = 6
STEP_MS = 4.0
MOVE_MS = 500.0
MAX_MOVE_MS = 60_000
# Two games an opening, and only 4,265 openings differ: a larger match would draw them for ever.
MAX_GAMES = 1000
MAX_PLIES = 300
FULL_GAMES = 20
# Openings of two random moves a side, so that games differ; each is played with both colours.
OPENING_PLIES = 4
OPENING_SEED = 2024


def peer():
    try:
        import draughts
    except ImportError:
        return None
    return draughts


def timed(count: Callable[[], int]) -> tuple[int, float, float]:
    """(the count, CPU seconds, wall seconds) of one run."""
    cpu_start, wall_start = time.process_time(), time.perf_counter()
    result = count()
    return result, time.process_time() - cpu_start, time.perf_counter() - wall_start


def bench_perft(report: Report, depth: int = PERFT_DEPTH, runs: int = 3) -> None:
    """Perft from the start, ours beside py-draughts' two: its public ``Board`` walked with
    push/pop, and its engine's bitboard ``perft`` (its fastest).  The runs take turns and
    each keeps its least time, the run the machine's other work disturbed the least."""
    library = peer()
    counters = {"ours": lambda: RULES.perft(RULES.initial_state(), depth)}
    if library is not None:
        from draughts.engines.turbo import perft_from_board

        board = library.Board()

        def walk(depth: int) -> int:
            moves = board.legal_moves
            if depth == 1:
                return len(moves)
            total = 0
            for move in moves:
                board.push(move)
                total += walk(depth - 1)
                board.pop()
            return total

        counters["py-draughts Board push/pop"] = lambda: walk(depth)
        counters["py-draughts turbo perft"] = lambda: perft_from_board(library.Board(), depth)
    results: dict[str, tuple[int, float, float]] = {name: (0, float("inf"), float("inf")) for name in counters}
    for _ in range(runs):
        for name, count in counters.items():
            result, cpu, wall = timed(count)
            results[name] = (result, min(cpu, results[name][1]), min(wall, results[name][2]))
    ours_cpu = results["ours"][1]
    for name, (count, cpu, wall) in results.items():
        versus = "" if name == "ours" else f" ({cpu / ours_cpu:.2f}x our CPU time)"
        report(f"draughts perft {depth} ({name}, best of {runs})",
               f"{count} in {cpu:.3f} s CPU, {wall:.3f} s wall, {count / cpu / 1000:.0f} k nodes/s CPU{versus}")
    if library is None:
        report("draughts perft peer", "py-draughts not installed (pip install py-draughts)")


def bench_steps(report: Report, quick: bool = False) -> None:
    """Wall time of every ``step(STEP_MS)`` of whole hard searches, as the app runs them."""
    samples: list[float] = []
    rng = random.Random(3)
    state = RULES.initial_state()
    positions = []
    for _ in range(4 if quick else 30):
        positions.append(state)
        for _ in range(6):
            legal = RULES.legal_moves(state)
            if not legal:
                break
            state = RULES.apply(state, rng.choice(legal))
        if RULES.outcome(state) is not None:
            state = RULES.initial_state()
    for position in positions:
        search = DraughtsSearch(position, "hard", random.Random(1), budget_ms=200 if quick else 1000)
        while True:
            start = time.perf_counter()
            done = search.step(STEP_MS)
            samples.append(time.perf_counter() - start)
            if done is not None:
                break
    report(f"draughts hard search, step({STEP_MS:.0f} ms) wall time", percentiles(samples))


class Player:
    """A side in a match: ``choose(state, rng)`` gives its move's text; the CPU and wall
    time it spent are added up, so each side's time per move can be reported."""

    def __init__(self, name: str, choose: Callable[[Draughts, random.Random], str]) -> None:
        self.name = name
        self._choose = choose
        self.moves = 0
        self.cpu = self.wall = 0.0

    def __call__(self, state: Draughts, rng: random.Random) -> str:
        cpu, wall = time.process_time(), time.perf_counter()
        text = self._choose(state, rng)
        self.cpu += time.process_time() - cpu
        self.wall += time.perf_counter() - wall
        self.moves += 1
        return text

    def per_move(self) -> str:
        moves = max(1, self.moves)
        return f"{self.name} {1000 * self.wall / moves:.0f} ms wall, {1000 * self.cpu / moves:.0f} ms CPU a move"


def our_player(level: str, move_ms: float, patterns: tuple | None = None,
               evaluation: Callable[..., int] | None = None, name: str = "") -> Player:
    """Our ``level``; with ``patterns`` given (``()``: none) in place of the learned ones, or
    with another ``evaluation`` in place of ours (the diagnostic), and then with a table of
    its own, so that two settings can play each other."""
    table = None if patterns is None and evaluation is None else SlotTable()

    def choose(state: Draughts, rng: random.Random) -> str:
        ours = draughts_ai.evaluate
        draughts_ai.evaluate = evaluation or ours
        try:
            search = DraughtsSearch(state, level, rng, budget_ms=move_ms, patterns=patterns, table=table)
            return RULES.move_to_text(search.run_to_end().move)
        finally:
            draughts_ai.evaluate = ours

    return Player(name or f"ours ({level}{', no patterns' if patterns == () else ''})", choose)


def turbo_evaluation(hand_only: bool = False) -> Callable[..., int]:
    """A diagnostic: py-draughts' TurboEngine evaluation (its private ``_evaluate``, on its own
    bit layout) as a drop-in for ours, to tell the two engines' searches from their
    evaluations.  ``hand_only`` leaves out its learned patterns (as if ``TURBO_WEIGHTS=none``)."""
    from draughts.engines import turbo

    # Our bitboard, 11 bits at a time, to Turbo's.
    chunks = tuple(tuple(sum(turbo.BIT[INDEX_OF[11 * chunk + bit]] for bit in range(11)
                             if value >> bit & 1 and 11 * chunk + bit < len(INDEX_OF) and INDEX_OF[11 * chunk + bit] >= 0)
                         for value in range(2048)) for chunk in range(5))
    c0, c1, c2, c3, c4 = chunks

    def theirs(board: int) -> int:
        return c0[board & 2047] | c1[board >> 11 & 2047] | c2[board >> 22 & 2047] | c3[board >> 33 & 2047] | c4[board >> 44]

    def evaluate(own: int, opp: int, kings: int, side: int, patterns=()) -> int:
        white, black = (opp, own) if side else (own, opp)
        white, black, crowned = theirs(white), theirs(black), theirs(kings)
        return turbo_score(turbo, (white & ~crowned, white & crowned, black & ~crowned, black & crowned), side == 0, hand_only)

    return evaluate


def turbo_score(turbo, pieces: tuple[int, int, int, int], white_to_move: bool, hand_only: bool) -> int:
    """The ``turbo`` module's score of its (white men, white kings, black men, black kings)
    for the side to move; ``hand_only`` switches its learned patterns off for this call alone."""
    turbo.PAT_ACTIVE = not hand_only
    try:
        return turbo._evaluate(*pieces, white_to_move)
    finally:
        turbo.PAT_ACTIVE = True


def check_turbo_evaluation(evaluation: Callable[..., int], hand_only: bool, positions: int = 300) -> None:
    """Stops the diagnostic unless ``evaluation`` scores the positions of random games as
    TurboEngine scores them itself, from py-draughts' own board (so the bit layouts agree)."""
    import draughts
    from draughts.engines import turbo

    rng = random.Random(5)
    state, checked = RULES.initial_state(), 0
    while checked < positions:
        legal = RULES.legal_moves(state)
        if not legal or RULES.outcome(state) is not None:
            state = RULES.initial_state()
            continue
        state = RULES.apply(state, rng.choice(legal))
        own, opp = RULES.sides(state)
        theirs = turbo.TurboEngine._convert(draughts.Board.from_fen(RULES.state_to_text(state)))
        if evaluation(own, opp, state.kings, state.turn) != turbo_score(turbo, theirs, state.turn == 0, hand_only):
            raise SystemExit(f"--swap-eval: TurboEngine's evaluation read in our layout differs at {RULES.state_to_text(state)}")
        checked += 1


def random_player() -> Player:
    return Player("random", lambda state, rng: RULES.move_to_text(rng.choice(RULES.legal_moves(state))))


def peer_player(move_ms: float, kind: str = "turbo") -> Player | None:
    """py-draughts' engine at ``move_ms`` a move: ``turbo`` (TurboEngine, its strongest, for
    10x10) or ``simple`` (SimpleEngine, its general alpha-beta)."""
    library = peer()
    if library is None:
        return None
    if kind == "turbo":
        from draughts.engines.turbo import TurboEngine

        engine = TurboEngine(time_limit=move_ms / 1000.0)
    else:
        engine = library.SimpleEngine(depth_limit=30, time_limit=move_ms / 1000.0)

    def choose(state: Draughts, rng: random.Random) -> str:
        board = library.Board.from_fen(RULES.state_to_text(state))
        move = engine.get_best_move(board)
        path = move.square_list
        return ("x" if move.captured_list else "-").join(str(square + 1) for square in path)

    return Player(f"py-draughts {kind}", choose)


def openings(count: int, seed: int = OPENING_SEED) -> list[tuple[str, ...]]:
    """``count`` different openings of OPENING_PLIES random moves (two a side), from a fixed
    seed so that every run plays the same ones."""
    rng = random.Random(seed)
    found: list[tuple[str, ...]] = []
    while len(found) < count:
        state, texts = RULES.initial_state(), []
        for _ in range(OPENING_PLIES):
            move = rng.choice(RULES.legal_moves(state))
            texts.append(RULES.move_to_text(move))
            state = RULES.after(state, move)
        if tuple(texts) not in found:
            found.append(tuple(texts))
    return found


def play_game(white: Callable, black: Callable, opening: tuple[str, ...], rng: random.Random,
              moves: list[str] | None = None) -> tuple[int | None, str]:
    """(winner seat 0 = White / 1 = Black / None for a draw, how it ended: the rules' reason
    or ``plies`` past MAX_PLIES); the game's moves, opening included, go on ``moves``."""
    moves = [] if moves is None else moves
    state = RULES.initial_state()
    for text in opening:
        state = RULES.apply(state, RULES.move_from_text(state, text))
        moves.append(text)
    while len(moves) < MAX_PLIES:
        outcome = RULES.outcome(state)
        if outcome is not None:
            return outcome.winner, outcome.reason
        player = white if state.turn == 0 else black
        text = player(state, rng)
        state = RULES.apply(state, RULES.move_from_text(state, text))
        moves.append(text)
    outcome = RULES.outcome(state)
    return (outcome.winner, outcome.reason) if outcome else (None, "plies")


def match(report: Report, name: str, ours: Player, theirs: Player, games: int, first: int = 0,
          seed: int = OPENING_SEED, record: str | None = None) -> float:
    """Our score in per cent (a win 1, a draw 1/2): game ``g`` plays opening ``g // 2`` (of
    those ``seed`` draws) with us White when ``g`` is even, so each opening is played with
    both colours.  ``first`` starts at a later game, to share one match between processes;
    with ``record`` (a path) each game is added to that file as it ends, a line: the game's
    number, our colour, our result (1, 1/2, 0), how it ended, the moves."""
    rng = random.Random(11)
    points = 0.0
    wins = draws = losses = 0
    start = time.perf_counter()
    lines = openings((first + games + 1) // 2, seed)
    for game in range(first, first + games):
        we_are_white = game % 2 == 0
        white, black = (ours, theirs) if we_are_white else (theirs, ours)
        moves: list[str] = []
        winner, ending = play_game(white, black, lines[game // 2], rng, moves)
        ours_won = winner is not None and (winner == 0) == we_are_white
        if record:
            result = "1/2" if winner is None else "1" if ours_won else "0"
            with open(record, "a", encoding="utf-8") as file:
                file.write(f"{game} {'W' if we_are_white else 'B'} {result} {ending} {' '.join(moves)}\n")
        if winner is None:
            draws += 1
            points += 0.5
        elif ours_won:
            wins += 1
            points += 1
        else:
            losses += 1
    score = 100.0 * points / games
    report(f"draughts {name}", f"{score:.0f}% ({wins} won, {draws} drawn, {losses} lost of {games}; "
           f"{ours.per_move()}; {theirs.per_move()}; {time.perf_counter() - start:.0f} s)")
    return score


def run(report: Report = report, quick: bool = False, full: bool = False, move_ms: float = MOVE_MS,
        games: int = FULL_GAMES, first: int = 0) -> None:
    if not full or first == 0:
        bench_perft(report, 5 if quick else PERFT_DEPTH)
        bench_steps(report, quick)
    if quick:
        return
    if not full:
        match(report, f"hard ({move_ms:.0f} ms a move) vs random mover", our_player("hard", move_ms), random_player(), 4)
        report("draughts hard vs py-draughts", "python -m pyxel_app.bench.draughts --full plays the 20-game matches")
        return
    match(report, f"hard ({move_ms:.0f} ms a move) vs random mover", our_player("hard", move_ms), random_player(), games, first)
    theirs = peer_player(move_ms)
    if theirs is None:
        report("draughts hard vs py-draughts", "py-draughts not installed (pip install py-draughts)")
        return
    match(report, f"hard vs py-draughts TurboEngine, both {move_ms:.0f} ms a move", our_player("hard", move_ms), theirs, games, first)
    if not first:
        match(report, f"hard vs py-draughts SimpleEngine, both {move_ms:.0f} ms a move", our_player("hard", move_ms),
              peer_player(move_ms, "simple"), games)


def record_file(text: str) -> str:
    """An argparse type for ``--record``: a file to add the games to, checked before the first game."""
    return writable_file(named("the record file")(text), "--record")


def build_parser() -> Parser:
    parser = Parser(prog=PROG, description="Draughts figures: perft, search slices and the strength matches.")
    parser.add_argument("--quick", action="store_true", help="a short smoke run")
    parser.add_argument("--full", action="store_true", help=f"the {FULL_GAMES}-game matches: hard vs random, hard vs py-draughts")
    parser.add_argument("--turbo", action="store_true", help="only the match against py-draughts' TurboEngine")
    parser.add_argument("--patterns", action="store_true", help="only hard against hard without the learned patterns")
    parser.add_argument("--swap-eval", nargs="?", const="whole", choices=("whole", "hand"), metavar="hand",
                        help="diagnostic: our search with TurboEngine's evaluation (hand: less its patterns) against TurboEngine")
    parser.add_argument("--move-ms", type=bounded(1, MAX_MOVE_MS, "--move-ms"), default=MOVE_MS, metavar="MS",
                        help=f"the time a move of either side (default {MOVE_MS:.0f})")
    parser.add_argument("--games", type=bounded(1, MAX_GAMES, "--games"), default=FULL_GAMES, metavar="N",
                        help=f"games a match (default {FULL_GAMES})")
    parser.add_argument("--first", type=bounded(0, MAX_GAMES, "--first"), default=0, metavar="N",
                        help="start at this game, to share a match between processes")
    parser.add_argument("--seed", type=bounded(0, MAX_SEED, "--seed"), default=OPENING_SEED,
                        help=f"the openings' seed (default {OPENING_SEED})")
    parser.add_argument("--record", type=record_file, metavar="FILE",
                        help="add each game of those matches to FILE (see match)")
    return parser


def play(args) -> None:
    """``--full`` plays the matches; ``--move-ms 300`` sets the time a move, ``--games 10
    --first 10`` plays games 10-19 only (to share a match between processes), ``--turbo``
    plays only the TurboEngine match, ``--patterns`` only ours against ours without the learned
    patterns (International's evaluation), ``--seed 7`` from other openings; ``--swap-eval``
    (a diagnostic) plays our search with TurboEngine's evaluation against TurboEngine,
    ``--swap-eval hand`` with its evaluation less its learned patterns; ``--record FILE`` adds
    each game of those matches to FILE (see ``match``)."""
    move_ms, games, first, seed = args.move_ms, args.games, args.first, args.seed
    record = args.record
    if args.patterns:
        match(report, f"hard vs hard without the learned patterns, both {move_ms:.0f} ms a move, openings seed {seed}, "
              f"games {first}-{first + games - 1}", our_player("hard", move_ms, PATTERNS),
              our_player("hard", move_ms, ()), games, first, seed, record)
        return
    if args.turbo or args.swap_eval is not None:
        theirs = peer_player(move_ms)
        if theirs is None:
            report("draughts hard vs py-draughts", "py-draughts not installed (pip install py-draughts)")
            return
        ours, name = our_player("hard", move_ms), "hard"
        if args.swap_eval is not None:
            hand_only = args.swap_eval == "hand"
            name = f"hard with TurboEngine's evaluation{' less its patterns' if hand_only else ''}"
            evaluation = turbo_evaluation(hand_only)
            check_turbo_evaluation(evaluation, hand_only)
            ours = our_player("hard", move_ms, evaluation=evaluation, name=f"ours ({name})")
        match(report, f"{name} vs py-draughts TurboEngine, both {move_ms:.0f} ms a move, openings seed {seed}, "
              f"games {first}-{first + games - 1}", ours, theirs, games, first, seed, record)
        return
    run(quick=args.quick, full=args.full, move_ms=move_ms, games=games, first=first)


def main(argv: list[str] | None = None) -> int:
    return cli.main(build_parser, play, argv)


if __name__ == "__main__":
    sys.exit(main())
