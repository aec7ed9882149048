"""Command line: ``python -m pyxel_app [play|perft|solve|snap|bench|build] ...``.

No arguments open the app.  Any bad game name, position or option prints one
line on stderr and exits with code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import sys

from . import games
from .rules.base import RulesError

PROG = "python -m pyxel_app"


class UsageError(Exception):
    pass


class Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse would print the whole usage; one line is enough
        raise UsageError(message)


def build_parser() -> Parser:
    parser = Parser(prog=PROG, description="ByPuzz Arcade: C64-style board and puzzle games.")
    commands = parser.add_subparsers(dest="command", parser_class=Parser)
    play = commands.add_parser("play", help="open the app straight into a cartridge")
    play.add_argument("cartridge")
    play.add_argument("--puzzles", help="ByPuzz: a ByMore puzzle-set file to add (kept for later runs)")
    perft = commands.add_parser("perft", help="count move sequences of exactly DEPTH moves")
    perft.add_argument("game")
    perft.add_argument("depth", type=int)
    perft.add_argument("--variant")
    perft.add_argument("--position")
    solve = commands.add_parser("solve", help="solve a position; the answer is the last line")
    solve.add_argument("game")
    solve.add_argument("position")
    solve.add_argument("--goal")
    snap = commands.add_parser("snap", help="run the app headless through a script and save a screenshot")
    snap.add_argument("cartridge", help="a cartridge, or 'menu' to start at the menu")
    snap.add_argument("--input", required=True, help="a script file, or the script itself")
    snap.add_argument("--out", required=True)
    snap.add_argument("--seed", type=int, default=1)
    snap.add_argument("--scale", type=int, default=2)
    snap.add_argument("--at", choices=("play", "start"), default="play",
                      help="open the cartridge at its board (default) or at its first screen")
    bench = commands.add_parser("bench", help="print performance figures")
    bench.add_argument("--quick", action="store_true", help="a short smoke run")
    commands.add_parser("build", help="write dist/bypuzz-arcade.pyxapp and dist/bypuzz-arcade.html")
    return parser


def find_game(name: str, what: str = "game") -> games.GameSpec:
    try:
        return games.find(name)
    except games.UnknownGameError as error:
        raise UsageError(str(error).replace("unknown game", f"unknown {what}", 1)) from None


def cmd_perft(args) -> None:
    rules = find_game(args.game).rules
    if args.depth < 0:
        raise UsageError("depth must be 0 or more")
    variant = rules.check_variant(args.variant)
    state = rules.initial_state(variant) if args.position is None else rules.state_from_text(args.position, variant)
    print(rules.perft(state, args.depth))


def cmd_solve(args) -> None:
    spec = find_game(args.game)
    if spec.solve is None:
        raise UsageError(f"there is no solver for {args.game!r}")
    options = {"goal": args.goal} if args.goal is not None else {}
    for option in options:
        if option not in spec.solve_options:
            raise UsageError(f"--{option} does not apply to {args.game}")
    note = spec.solve_note(args.position) if spec.solve_note else None
    if note:
        print(f"{PROG}: note: {note}", file=sys.stderr)
    print(spec.solve(args.position, **options))


def cmd_snap(args) -> None:
    from pathlib import Path

    from .shell.harness import ScriptError, tokens

    script_path = Path(args.input)
    script = script_path.read_text(encoding="utf-8") if script_path.is_file() else args.input
    try:
        steps = tokens(script)
    except ScriptError as error:
        raise UsageError(str(error)) from None
    spec = None if args.cartridge == "menu" else find_game(args.cartridge, "cartridge")
    if args.scale < 1:
        raise UsageError("--scale must be 1 or more")
    from .shell.snap import snap

    picture, quit_step = snap(spec, steps, args.out, seed=args.seed, scale=args.scale, at=args.at)
    if quit_step is not None:
        print(f"{PROG}: note: {quit_step} quit the app; the rest of the script was skipped and "
              "the picture is the last frame", file=sys.stderr)
    print(picture)


def cmd_play(args) -> None:
    from .shell.app import main

    spec = find_game(args.cartridge, "cartridge")
    if args.puzzles is not None:
        if spec.key != "bypuzz":
            raise UsageError(f"--puzzles does not apply to {args.cartridge}")
        install_puzzle_set(args.puzzles)
    main(spec.key)


def install_puzzle_set(path: str) -> None:
    """Check a ByMore file and keep it where ByPuzz looks for the player's set."""
    from pathlib import Path

    from .rules.bypuzz_sets import PuzzleSetError, parse_puzzle_set
    from .shell.storage import default_storage

    text = Path(path).read_text(encoding="utf-8")
    try:
        parse_puzzle_set(text, Path(path).stem)
    except PuzzleSetError as error:
        raise UsageError(f"{path}: {error}") from None
    default_storage().write("bypuzz-set.txt", text)


def cmd_bench(args) -> None:
    from .bench import run

    run(quick=args.quick)


def cmd_build(args) -> None:
    from .build import build

    for path in build():
        print(path)


COMMANDS = {
    "play": cmd_play,
    "perft": cmd_perft,
    "solve": cmd_solve,
    "snap": cmd_snap,
    "bench": cmd_bench,
    "build": cmd_build,
}


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        if args.command is None:
            from .shell.app import main as run_app

            run_app()
            return 0
        COMMANDS[args.command](args)
    except (UsageError, RulesError, OSError) as error:
        message = str(error).splitlines()[0] if str(error) else type(error).__name__
        print(f"{PROG}: error: {message}", file=sys.stderr)
        return 2
    return 0


def console_main() -> None:
    sys.exit(main())


if __name__ == "__main__":
    sys.exit(main())
