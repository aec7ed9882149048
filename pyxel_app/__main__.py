"""Command line: ``python -m pyxel_app [play|serve|join|perft|solve|puzzle|snap|review|bench|build] ...``.

No arguments open the app.  Any bad game name, position or option prints one
line on stderr and exits with code 2, never a traceback; Ctrl-C exits with 130.
"""

from __future__ import annotations

import argparse
import re
import sys

from . import cli, games
from .cli import MAX_SEED, Parser, UsageError, bounded, named, read_text_file, writable_file

PROG = "python -m pyxel_app"
# No game lasts longer (Connect 4 fills its 42 cells); deeper only means a deeper recursion.
MAX_PERFT_DEPTH = 42
MAX_SCALE = 8  # 2,560 x 1,600 pixels; Pyxel aborts on an image far bigger
MAX_MONKEY_FRAMES = 10_000_000
MAX_MOVE_MS = 600_000
DEFAULT_REVIEW_MS = 500
# A review that may take longer than this (seconds) says so first.
SLOW_REVIEW_S = 20


def bind_address(text: str) -> str:
    """An argparse type for ``serve --bind``: empty (every address), an IP address or a host name."""
    from .net.protocol import check_host

    try:
        return check_host(text, any_host=True)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def broker_address(text: str) -> str:
    """An argparse type for ``--broker``: a broker's host[:port] (the desktop reaches it over TCP)."""
    from .net.room import parse_broker

    try:
        broker = parse_broker(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    if broker.url:
        raise argparse.ArgumentTypeError(f"{text[:40]!r}: the app reaches a broker by host[:port] (a URL is the browser's)")
    return text.strip()


def build_parser() -> Parser:
    parser = Parser(prog=PROG, description="ByPuzz Arcade: C64-style board and puzzle games.")
    commands = parser.add_subparsers(dest="command", parser_class=Parser)
    play = commands.add_parser("play", help="open the app straight into a cartridge")
    play.add_argument("cartridge")
    play.add_argument("--puzzles", type=named("a puzzle set"), help="ByPuzz: a ByMore puzzle-set file to add (kept for later runs)")
    serve = commands.add_parser("serve", help="open the app hosting a network game of a two-player game")
    serve.add_argument("game")
    serve.add_argument("--port", type=bounded(1, 65535, "--port"), default=None)
    serve.add_argument("--name", default="", help="your name (the other player sees it)")
    serve.add_argument("--bind", type=bind_address, default="", metavar="ADDRESS", help="listen on this address only (default: all)")
    serve.add_argument("--variant", help="the rules to play (a game's variants; the joining player learns them)")
    serve.add_argument("--broker", type=broker_address, metavar="HOST[:PORT]",
                       help="host by invite code through this broker (the code shows in the window)")
    serve.add_argument("--evaluation", choices=("yes", "no"), default="no",
                       help="let both players see the evaluation (W) and review (K) during the game (default: no)")
    join = commands.add_parser("join", help="open the app joining a network game hosted at HOST[:PORT]")
    join.add_argument("game")
    join.add_argument("address", metavar="HOST[:PORT]", help="the host's address; with --broker, the invite code")
    join.add_argument("--name", default="", help="your name (the other player sees it)")
    join.add_argument("--broker", type=broker_address, metavar="HOST[:PORT]", help="join by invite code through this broker")
    perft = commands.add_parser("perft", help="count move sequences of exactly DEPTH moves")
    perft.add_argument("game")
    perft.add_argument("depth", type=bounded(0, MAX_PERFT_DEPTH, "depth"))
    perft.add_argument("--variant")
    perft.add_argument("--position", nargs="+", metavar="POSITION")
    solve = commands.add_parser("solve", help="solve a position; the answer is the last line")
    solve.add_argument("game")
    solve.add_argument("position", nargs="+", help="the position; several words are read as one text")
    solve.add_argument("--goal")
    solve.add_argument("--to-centre", action="store_true", help="pegs: the last marble must end in the centre")
    puzzle = commands.add_parser("puzzle", help="the puzzle of the day: position, task, solution; the first move last")
    puzzle.add_argument("game")
    puzzle.add_argument("--date", type=puzzle_date, metavar="YYYY-MM-DD", help="the day (default: today in UTC, as in the app)")
    puzzle.add_argument("--level", choices=PUZZLE_LEVELS, default=PUZZLE_LEVELS[1])
    puzzle.add_argument("--variant", help="the rules or board (a game's variants with puzzles)")
    snap = commands.add_parser("snap", help="run the app headless through a script and save a screenshot")
    snap.add_argument("cartridge", help="a cartridge, or 'menu' to start at the menu")
    snap.add_argument("--input", required=True, help="a script file, or the script itself")
    snap.add_argument("--out", type=named("the picture"), required=True)
    snap.add_argument("--seed", type=bounded(0, MAX_SEED, "--seed"), default=1)
    snap.add_argument("--scale", type=bounded(1, MAX_SCALE, "--scale"), default=2)
    snap.add_argument("--data", type=named("the data folder"), help="run on the files in this folder instead of a fresh in-memory store")
    snap.add_argument("--at", choices=("play", "start"), default="play",
                      help="open the cartridge at its board (default) or at its first screen")
    review = commands.add_parser("review", help="judge every move of a game record with the engines' knowledge")
    review.add_argument("game")
    review.add_argument("file", nargs="?", default="-", type=named("the record"), metavar="FILE|-",
                        help="the record in the game's own text (default -: standard input)")
    review.add_argument("--move-ms", type=bounded(1, MAX_MOVE_MS, "--move-ms"), default=DEFAULT_REVIEW_MS,
                        help=f"the time of each search, in milliseconds (default {DEFAULT_REVIEW_MS})")
    bench = commands.add_parser("bench", help="print performance figures")
    bench.add_argument("--quick", action="store_true", help="a short smoke run")
    bench.add_argument("--monkey", type=bounded(1, MAX_MONKEY_FRAMES, "--monkey"), metavar="N",
                       help="only N random frames over every cartridge on a damaged real data folder")
    bench.add_argument("--seed", type=bounded(0, MAX_SEED, "--seed"), default=1,
                       help="the random frames' seed, for --monkey (default 1)")
    commands.add_parser("build", help="write dist/bypuzz-arcade.pyxapp and dist/bypuzz-arcade.html")
    return parser


PUZZLE_LEVELS = ("easy", "medium", "hard")  # puzzles/model.py's LEVELS, not imported for a usage line


def puzzle_date(text: str):
    """An argparse type for ``puzzle --date``: a calendar date written YYYY-MM-DD."""
    from datetime import date

    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text, re.ASCII):
        raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a date like 2025-03-14")
    try:
        return date.fromisoformat(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"{text}: {error}") from None


def find_game(name: str, what: str = "game") -> games.GameSpec:
    try:
        return games.find(name)
    except games.UnknownGameError as error:
        raise UsageError(str(error).replace("unknown game", f"unknown {what}", 1)) from None


def note(text: str) -> None:
    """A word on stderr before something that may take long."""
    if text:
        print(f"{PROG}: note: {text}", file=sys.stderr, flush=True)


def cmd_perft(args) -> None:
    spec = find_game(args.game)
    rules = spec.rules
    if args.position is None:
        state = rules.initial_state(args.variant)  # checks the variant (pegs: a preset or a board text)
    else:
        state = rules.state_from_text(args.position, rules.check_variant(args.variant))
    if spec.slow_perft_depth is not None and args.depth >= spec.slow_perft_depth:
        note(f"perft {args.game} at depth {args.depth} can take minutes or far longer")
    print(rules.perft(state, args.depth))


def cmd_solve(args) -> None:
    spec = find_game(args.game)
    if spec.solve is None:
        raise UsageError(f"there is no solver for {args.game!r}")
    options = {"goal": args.goal} if args.goal is not None else {}
    if args.to_centre:
        options["to_centre"] = True
    for option in options:
        if option not in spec.solve_options:
            raise UsageError(f"--{option} does not apply to {args.game}")
    if spec.solve_note is not None:
        note(spec.solve_note(args.position, **options))
    print(spec.solve(args.position, **options))


def cmd_puzzle(args) -> None:
    from .puzzles import NoPuzzleError, daily, line_text, task_text, today
    from .puzzles.words import TITLES, kind_name

    spec = find_game(args.game)
    variant = args.variant
    if variant is None and args.game in spec.rules.variants and args.game != spec.key:
        variant = args.game  # "warcaby" names the game and its rules
    day = args.date or today()
    try:
        puzzle = daily(spec.key, day, args.level, variant)
    except NoPuzzleError as error:
        raise UsageError(str(error)) from None
    rules = spec.rules
    start = rules.state_from_text(puzzle.position, puzzle.variant)
    print(f"{TITLES[puzzle.game]} ({puzzle.variant}), {puzzle.level}, {day.isoformat()}: {kind_name(puzzle)}")
    print(f"position: {puzzle.position}")
    print(f"task: {task_text(puzzle)}")
    print(f"solution: {line_text(puzzle, rules, start)}")
    print(f"proof: {puzzle.nodes} nodes, a line of {puzzle.length}")
    print(puzzle.first_move)


def writable_png(out: str) -> str:
    """The file ``pyxel.screenshot`` writes for ``out`` (it adds .png), checked writable before the run."""
    from .shell.snap import picture_name

    return writable_file(picture_name(out), "--out")


def cmd_snap(args) -> None:
    from .shell.harness import ScriptError, tokens
    from .shell.storage import MAX_FILE_BYTES

    script = read_text_file(args.input, "--input", MAX_FILE_BYTES)
    try:
        steps = tokens(args.input if script is None else script)
    except ScriptError as error:
        raise UsageError(str(error)) from None
    spec = None if args.cartridge == "menu" else find_game(args.cartridge, "cartridge")
    out = writable_png(args.out)
    from .shell.snap import snap

    picture, quit_step = snap(spec, steps, out, seed=args.seed, scale=args.scale, at=args.at, data=args.data)
    if quit_step is not None:
        note(f"{quit_step} quit the app; the rest of the script was skipped and the picture is the last frame")
    print(picture)


def cmd_play(args) -> None:
    from .shell.app import main

    spec = find_game(args.cartridge, "cartridge")
    files = {}
    if args.puzzles is not None:
        if spec.key != "bypuzz":
            raise UsageError(f"--puzzles does not apply to {args.cartridge}")
        from .cartridges.bypuzz.cartridge import USER_SET_FILE

        files[USER_SET_FILE] = checked_puzzle_set(args.puzzles)
    main(spec.key, files=files)


def two_seat_game(name: str) -> games.GameSpec:
    spec = find_game(name)
    if not spec.is_match or spec.rules.players != 2:
        two = ", ".join(s.key for s in games.GAMES if s.is_match and s.rules.players == 2)
        raise UsageError(f"{name} is not a game for two players; choose from {two}")
    return spec


def clean_cli_name(name: str) -> str:
    from .shell.keyboard import NAME_MAX, clean_name

    cleaned = clean_name(name).strip()
    if len(cleaned) > NAME_MAX:  # said, never cut short silently
        raise UsageError(f"--name: a name has at most {NAME_MAX} letters, {name!r} has {len(cleaned)}")
    return cleaned


def cmd_serve(args) -> None:
    from .net.protocol import DEFAULT_PORT
    from .shell.app import main

    spec = two_seat_game(args.game)
    variants = spec.rules.variants
    if args.variant is not None and args.variant not in variants:
        raise UsageError(f"--variant {args.variant[:40]!r} is not a variant of {spec.key}; choose from {', '.join(variants)}")
    name = clean_cli_name(args.name)
    if args.broker is not None:
        if args.port is not None or args.bind:
            raise UsageError("--broker hosts by invite code: --port and --bind are for the local network")
        main(spec.key, network=("code_host", args.broker, 0, name, args.variant, args.evaluation == "yes"))
        return
    port = args.port or DEFAULT_PORT
    check_listening(args.bind, port)
    main(spec.key, network=("host", args.bind, port, name, args.variant, args.evaluation == "yes"))


def check_listening(host: str, port: int) -> None:
    """Listen on ``host:port`` for a moment, so a port in use or not permitted is said here, not in the window."""
    from .net import link
    from .net.protocol import join_address
    from .shell.netplay import why_text

    try:
        link.Listener(port, host).close()
    except OSError as error:
        raise UsageError(f"cannot listen on {join_address(host, port)}: {why_text(*link.describe(error))}") from None


def cmd_join(args) -> None:
    from .net.protocol import split_address
    from .shell.app import main

    spec = two_seat_game(args.game)
    if args.broker is not None:
        from .net.room import normal_code, shown_code

        try:
            code = normal_code(args.address)
        except ValueError as error:
            raise UsageError(str(error)) from None
        main(spec.key, network=("code_join", f"{shown_code(code)}@{args.broker}", 0, clean_cli_name(args.name), None))
        return
    try:
        host, port = split_address(args.address)
    except ValueError as error:
        raise UsageError(str(error)) from None
    main(spec.key, network=("join", host, port, clean_cli_name(args.name), None))


def checked_puzzle_set(path: str) -> str:
    """The text of a ByMore file, checked; the app keeps it in its data folder once that is known
    (Pyxel names the folder only after ``pyxel.init``)."""
    from pathlib import Path

    from .rules.bypuzz_sets import MAX_FILE_BYTES, PuzzleSetError, parse_puzzle_set

    text = read_text_file(path, "--puzzles", MAX_FILE_BYTES)
    if text is None:
        raise UsageError(f"--puzzles {path}: no such file")
    try:
        parse_puzzle_set(text, Path(path).stem)
    except PuzzleSetError as error:
        raise UsageError(f"{path}: {error}") from None
    return text


def read_record_text(path: str) -> str:
    """The text of the record file ``path``, or of standard input for ``-``."""
    from .rules.records import MAX_RECORD_CHARS

    if path == "-":
        return cli.read_standard_input("record", 4 * MAX_RECORD_CHARS)
    text = read_text_file(path, "record", 4 * MAX_RECORD_CHARS)
    if text is None:
        raise UsageError(f"{path}: no such file")
    return text


def cmd_review(args) -> None:
    from .ai.review import Review, count_line, move_line, summary_text
    from .rules.records import read_record

    spec = find_game(args.game)
    record = read_record(spec.rules, read_record_text(args.file))
    most_s = (2 * len(record.moves) + 1) * args.move_ms / 1000
    if most_s > SLOW_REVIEW_S:
        note(f"reviewing {len(record.moves)} moves at {args.move_ms} ms a search can take up to {most_s:.0f} s")
    review = Review(record, args.move_ms).run_to_end()
    for move in review.moves:
        print(move_line(move), flush=True)
    if review.mistakes or review.unproven:
        print(f"# {summary_text(review)}")
    print(count_line(review))


def cmd_bench(args) -> None:
    if args.monkey is not None:
        from .bench.monkey import run as run_monkey

        run_monkey(args.monkey, args.seed)
        return
    from .bench import run

    run(quick=args.quick)


def cmd_build(args) -> None:
    from .build import build

    for path in build():
        print(path)


COMMANDS = {
    "play": cmd_play,
    "serve": cmd_serve,
    "join": cmd_join,
    "perft": cmd_perft,
    "solve": cmd_solve,
    "puzzle": cmd_puzzle,
    "snap": cmd_snap,
    "review": cmd_review,
    "bench": cmd_bench,
    "build": cmd_build,
}


def position_words(argv: list[str]) -> list[str]:
    """``solve`` and ``perft`` read a position typed without quotes: Othello's text starts with
    ``-`` when a1 is empty, which argparse would take for an option, so such a word gets a space
    (argparse reads a word with a space as a value); the words are joined again after parsing."""
    if not argv or argv[0] not in ("solve", "perft"):
        return argv
    return [f"{word} " if re.fullmatch(r"-[^-\d].+", word, re.DOTALL) else word for word in argv]


def main(argv: list[str] | None = None) -> int:
    """Run the command ``argv`` (else the process's); the exit code."""
    return cli.main(build_parser, act, position_words(sys.argv[1:] if argv is None else argv))


def act(args) -> None:
    if getattr(args, "position", None) is not None:
        args.position = " ".join(word.strip() for word in args.position)
    if args.command is None:
        from .shell.app import main as run_app

        run_app()
        return
    COMMANDS[args.command](args)


def console_main() -> None:
    sys.exit(main())


if __name__ == "__main__":
    sys.exit(main())
