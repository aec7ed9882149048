"""Save every screen a player meets, or compare them with a set saved before: the proof that a
change meant to keep behaviour (a refactor) keeps every pixel.

    python tools/screens.py save DIR      one PNG a screen into DIR (made if missing)
    python tools/screens.py compare DIR   the same screens again, compared with DIR's; the names
                                          that differ or are missing, exit 1 if any

The screens: for every game in both languages, each set-up screen reached by RETURN alone, the
set-up for two people, help and the game menu, a seeded two-people game's middle (with its record
page, a move undone, and the replay of a moment before it, its evaluation (W)) and end (with
the review page, K) per variant, the hosting screen
and the address screen (no port opened), and the screens of the games that have their own
(ByPuzz, peg solitaire), their record page, replay, evaluation and review too.  Then the puzzles
of the day: the way to them from the menu, and each game's (each variant's) easy puzzle of a
fixed day at its start, after a wrong move, with the solution shown and solved with a streak.  Each runs on a fresh app with a fixed seed.
"""

from __future__ import annotations

import os
import random
import sys
from datetime import date, timedelta
from pathlib import Path

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["BYPUZZ_LAN"] = "127.0.0.1:42719"  # the join screen listens for LAN games: on loopback only
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pyxel

from pyxel_app import games
from pyxel_app.shell import strings
from pyxel_app.shell.app import App, boot
from pyxel_app.puzzles import VARIANTS
from pyxel_app.shell import puzzle_record
from pyxel_app.shell.harness import Driver, puzzle_settle, puzzle_solve, wrong_first_move
from pyxel_app.shell.puzzle_record import day_text
from pyxel_app.shell.storage import MemoryStorage

SEED = 7
SETTLE = "move:160,-12 wait:90"  # pointer off the screen; animations and messages run out
MAX_SETUP_STEPS = 10
MAX_SETTLE_FRAMES = 6000
# The puzzles' day: fixed, so every run shows the same puzzles.
PUZZLE_DAY = date(2026, 1, 10)
puzzle_record.today = lambda: PUZZLE_DAY
GAME_MOVES = 24  # the "middle" of a seeded game; its end is played on at random from there


def fresh(language: str) -> tuple[App, Driver]:
    app = App(storage=MemoryStorage(), seed=SEED, network=True)
    strings.set_language(language)  # after the app, which takes the settings' language
    driver = Driver(app)
    driver.frame()
    return app, driver


def settle(app: App, driver: Driver) -> None:
    """Frames until what runs on the machine's time is done: ByPuzz's shuffle looks for its
    position a slice of milliseconds per frame, so how long it shows depends on the machine."""
    for _ in range(MAX_SETTLE_FRAMES):
        screen = getattr(app.cartridge, "screen", None)
        if not hasattr(screen, "maker") and getattr(screen, "still", True):
            return
        driver.frame()


def shoot(driver: Driver, script: str = "") -> bytes:
    driver.script(f"{script} {SETTLE}")
    settle(driver.app, driver)
    screen = pyxel.screen
    return bytes(screen.pget(x, y) for y in range(screen.height) for x in range(screen.width))


def wait_for(driver: Driver, done) -> None:
    """Frames until ``done()``: the evaluation and the review search on the machine's time."""
    for _ in range(MAX_SETTLE_FRAMES * 10):
        if done():
            return
        driver.frame()
    raise SystemExit("the evaluation or the review did not finish")


def evaluated(driver: Driver) -> bytes:
    """The evaluation (W) of the position shown, once found; W again turns it off."""
    insight = driver.app.cartridge.insight
    driver.key("W")
    wait_for(driver, lambda: insight.answer() is not None)
    pixels = shoot(driver)
    driver.key("W")
    return pixels


def reviewed(driver: Driver) -> bytes:
    """The review page (K, or the game menu's "Review": ByPuzz's own keys may take K) of the game
    shown, once every move is judged."""
    insight = driver.app.cartridge.insight
    insight.open_review()
    wait_for(driver, lambda: insight.review is None and insight.reviewed is not None)
    return shoot(driver)


def play_moves(app: App, driver: Driver, moves: int, seed: int) -> None:
    """Seeded legal moves through the match's one move path, each let finish its animation."""
    rng = random.Random(seed)
    cart = app.cartridge
    for _ in range(moves):
        if cart.over:
            return
        state = cart.state
        move = rng.choice(sorted(cart.rules.legal_moves(state), key=cart.rules.move_to_text))
        cart.submit(cart.rules.move_to_text(move))
        driver.run(60)


def match_screens(spec, language: str):
    app, driver = fresh(language)
    app.open_cartridge(spec)
    cart = app.cartridge
    yield "setup-0", shoot(driver)
    for step in range(1, MAX_SETUP_STEPS):
        if cart.phase == "play":
            break
        yield f"setup-{step}", shoot(driver, "RETURN")
    yield "help", shoot(driver, "F1")
    yield "pause", shoot(driver, "ESCAPE TAB")
    for variant in spec.rules.variants:
        app, driver = fresh(language)
        app.open_cartridge(spec)
        cart = app.cartridge
        cart.variant = variant
        cart.start_playing()
        play_moves(app, driver, GAME_MOVES, SEED)
        yield f"{variant}-middle", shoot(driver)
        yield f"{variant}-eval", evaluated(driver)
        yield f"{variant}-record", shoot(driver, "Z F2 LEFT LEFT LEFT")
        yield f"{variant}-replay", shoot(driver, "RETURN")
        driver.script("F2 Y")
        play_moves(app, driver, 10_000, SEED + 1)
        yield f"{variant}-end", shoot(driver)
        yield f"{variant}-review", reviewed(driver)
    app, driver = fresh(language)
    app.open_cartridge(spec)
    if "address" in app.cartridge.screen_ids:
        app.cartridge.go_to_phase("address")
        yield "address", shoot(driver)


def own_screens(spec, language: str):
    app, driver = fresh(language)
    app.open_cartridge(spec)
    yield "start", shoot(driver)
    for step in range(1, 5):
        yield f"return-{step}", shoot(driver, "RETURN")
    yield "help", shoot(driver, "F1")
    yield "pause", shoot(driver, "ESCAPE TAB")
    app, driver = fresh(language)
    app.open_cartridge(spec)
    app.cartridge.start_playing()
    yield "play", shoot(driver)
    yield "moved", shoot(driver, "LEFT UP RIGHT DOWN")
    session = app.cartridge.session
    if not session.move_count:  # the arrows only moved a cursor (peg solitaire): seeded moves for the record
        rng = random.Random(SEED)
        for _ in range(GAME_MOVES // 3):
            session.play(rng.choice(sorted(session.rules.legal_moves(session.state), key=session.rules.move_to_text)))
        app.cartridge.on_session_changed()
        driver.run(60)
    yield "eval", evaluated(driver)
    yield "record", shoot(driver, "Z F2 LEFT LEFT LEFT")
    yield "replay", shoot(driver, "RETURN")
    driver.script("F2")  # back to the game
    yield "review", reviewed(driver)


def puzzle_way_screens(language: str):
    """The menu's "Puzzle of the day", its games and one game's levels (one solved the day before)."""
    app, driver = fresh(language)
    yield "menu", shoot(driver, "UP UP UP UP")
    yield "games", shoot(driver, "RETURN")
    app.settings.set("puzzle.bypuzz.standard.easy.solved", day_text(PUZZLE_DAY - timedelta(days=1)))
    yield "levels", shoot(driver, "RETURN")


def puzzle_screens(spec, language: str):
    """Each variant's easy puzzle of PUZZLE_DAY: at its start, after a wrong first move, at the end of
    the solution shown, and solved (the day before solved too: a streak of 2)."""
    for variant in VARIANTS[spec.key]:
        app, driver = fresh(language)
        app.open_puzzle(spec, variant, "easy")
        cart = app.cartridge
        mode = cart.puzzle_mode
        yield f"{variant}-puzzle", shoot(driver)
        cart.play_as_player(wrong_first_move(mode.attempt))
        puzzle_settle(driver)
        yield f"{variant}-puzzle-wrong", shoot(driver)
        driver.key("S")
        puzzle_settle(driver)
        yield f"{variant}-puzzle-solution", shoot(driver)
        app, driver = fresh(language)
        app.settings.set(f"puzzle.{spec.key}.{variant}.easy.solved", day_text(PUZZLE_DAY - timedelta(days=1)))
        app.open_puzzle(spec, variant, "easy")
        driver.frame()
        puzzle_solve(driver)
        yield f"{variant}-puzzle-solved", shoot(driver)


def all_screens():
    for language in ("en", "de"):
        app, driver = fresh(language)
        yield f"{language}-menu", shoot(driver)
        for spec in games.GAMES:
            screens = match_screens if spec.is_match else own_screens
            for name, pixels in screens(spec, language):
                yield f"{language}-{spec.key}-{name}", pixels
        for name, pixels in puzzle_way_screens(language):
            yield f"{language}-puzzle-{name}", pixels
        for spec in games.GAMES:
            for name, pixels in puzzle_screens(spec, language):
                yield f"{language}-{spec.key}-{name}", pixels


def write_png(path: Path, pixels: bytes) -> None:
    image = pyxel.Image(pyxel.screen.width, pyxel.screen.height)
    for index, colour in enumerate(pixels):
        image.pset(index % image.width, index // image.width, colour)
    image.save(str(path.with_suffix("")), 1)


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("save", "compare"):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    command, folder = argv[0], Path(argv[1]).resolve()
    boot(headless=True, fps=1000)
    pyxel.quit = lambda: None
    if command == "save":
        folder.mkdir(parents=True, exist_ok=True)
    differ, count = [], 0
    for name, pixels in all_screens():
        count += 1
        raw = folder / f"{name}.raw"
        if command == "save":
            raw.write_bytes(pixels)
            write_png(folder / f"{name}.png", pixels)
        elif not raw.exists() or raw.read_bytes() != pixels:
            differ.append(name)
            write_png(folder / f"{name}.new.png", pixels)
    if command == "save":
        print(f"{count} screens saved in {folder}")
        return 0
    for name in differ:
        print(f"differs: {name} (see {name}.new.png)")
    print(f"{count} screens, {len(differ)} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
