"""ByPuzz, the C64 15-puzzle: the cartridge that runs its screens in the C64 order.

Config -> puzzle choice -> preview -> shuffle (ending in the check run) -> play
-> solved -> puzzle choice again.  Each screen is a small class with
``update``/``draw``/``commands``/``help_key``; the cartridge holds what they
share: the target, the session, the puzzle sets, and the solver that works a
few milliseconds per frame for hints and the optimal par.
"""

from __future__ import annotations

import re
from pathlib import Path

import pyxel

from ...ai.fifteen import FifteenSearch
from ...games import GameSpec
from ...input import Action, Input
from ...rules.bypuzz_sets import STANDARD_SET, PuzzleSet, PuzzleSetError, parse_puzzle_set, target_key
from ...rules.fifteen import GOAL_SEPARATOR, RULES, STANDARD_GOAL, Fifteen, arrangement_from_text, arrangement_to_text, is_solvable
from ...rules.numbers import NumberError, is_number, parse_number
from ...session import Session
from ...shell import palette
from ...shell.settings import ON_OFF, one_of, parsed_by
from ...shell.record_files import RECORD_FILE_BYTES
from ...shell.storage import problem_text, read_text
from ...shell.strings import error_words, t
from ...shell.cartridge import Cartridge, Command
from ...shell.host import Host
from ...shell.jukebox import effects_on
from . import sets
from .board import TILE_STYLES, draw_mini
from .shared import LEVELS

# Solver time per frame: a 60 fps frame has 16.7 ms, drawing needs well under the rest.
# While something moves on screen the solver leaves the frame room to spare; while the
# screen stands still it takes most of it (a late still frame shows nothing).
SOLVER_BUDGET_MS = 4.0
STILL_SOLVER_BUDGET_MS = 10.0
USER_SET_FILE = "bypuzz-set.txt"
# No optimal solution of a 15-puzzle is longer than 80 moves; a player's count is bounded for sanity.
MAX_MOVES = 99_999
TARGET_CHOICES = ("random",) + tuple(str(number) for number in range(1, 11))


# A record's first line holds the 16 start tiles (and the goal's); a puzzle set's lines hold 4 numbers.
RECORD_START_NUMBERS = 9


def is_record_text(text: str) -> bool:
    """``text`` reads as a record (tags, or a first line of the start tiles), not as a puzzle set."""
    for line in text.lstrip("\ufeff").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            return line.startswith("[") or len(re.findall(r"[0-9]+", line)) >= RECORD_START_NUMBERS
    return False


# A random walk long enough to look well mixed, for going straight into play.
QUICK_SHUFFLE_MOVES = 60


class Solver:
    """Optimal solutions for the shown target, found cooperatively and remembered.

    Every solution found is stored for each position along it, so following a
    hint, or asking again after the par search, answers at once.
    """

    def __init__(self, goal: tuple[int, ...]) -> None:
        self.goal = goal
        self.known: dict[tuple[int, ...], list[int]] = {}
        self.searches: list[FifteenSearch] = []

    def remember(self, tiles: tuple[int, ...], solution: list[int]) -> None:
        state = Fifteen(tiles, self.goal)
        for index, tile in enumerate(solution):
            self.known.setdefault(state.tiles, solution[index:])
            state = RULES.apply(state, tile)
        self.known.setdefault(state.tiles, [])

    def answer(self, tiles: tuple[int, ...]) -> list[int] | None:
        return self.known.get(tiles)

    def want(self, tiles: tuple[int, ...], first: bool = False, at_least: int = 0) -> None:
        """Ask for an optimal solution from ``tiles``; ``first`` puts it before the others;
        ``at_least`` is a lower bound on its length known from elsewhere."""
        if tiles in self.known or any(search.tiles == tiles for search in self.searches):
            return
        search = FifteenSearch(tiles, self.goal, at_least)
        if first:
            self.searches.insert(0, search)
        else:
            self.searches.append(search)

    def drop(self, tiles: tuple[int, ...]) -> None:
        self.searches = [search for search in self.searches if search.tiles != tiles]

    def keep_only(self, tiles: tuple[int, ...]) -> None:
        """A new game from ``tiles``: searches for earlier games are stale."""
        self.searches = [search for search in self.searches if search.tiles == tiles]

    def lower_bound(self, tiles: tuple[int, ...]) -> int:
        """What is known about the optimal length from ``tiles`` so far: exact once solved,
        else the length its search is trying (every shorter one has failed)."""
        if tiles in self.known:
            return len(self.known[tiles])
        return max((search.bound for search in self.searches if search.tiles == tiles), default=0)

    @property
    def thinking(self) -> bool:
        return bool(self.searches)

    def step(self, budget_ms: float) -> None:
        if not self.searches:
            return
        search = self.searches[0]
        if search.step(budget_ms):
            self.searches.pop(0)
            self.remember(search.tiles, search.solution)


class ByPuzzCartridge(Cartridge):
    """What ByPuzz's screens share and how they follow each other; which class shows each screen
    (``screen_classes``, by name) is the game's own class's, ``ByPuzz`` in screens.py, so this
    module and the screens never import each other."""

    data_files = {USER_SET_FILE: sets.MAX_FILE_BYTES}
    message_lines = 1  # the prompt line under the two key lines
    leave_hotkey = "X"
    solver_budget_ms = SOLVER_BUDGET_MS
    still_solver_budget_ms = STILL_SOLVER_BUDGET_MS

    def __init__(self, app: Host, spec: GameSpec) -> None:
        super().__init__(app, spec)
        self.puzzle_sets: list[PuzzleSet] = [STANDARD_SET] + sets.bundled_sets()
        self.load_user_set()
        self.set_index = 0
        self.target_index: int | None = 0
        self.level = "normal"
        self.read_choices()
        self.goal = self.current_set.targets[self.target_index or 0]
        self.hints_used = 0
        self.searcher = Solver(self.goal)
        self.screen = self.new_screen("config")
        self.next_screen = None

    # What the arcade menu shows.

    @classmethod
    def draw_preview(cls, x: int, y: int) -> None:
        pyxel.rect(x, y, 48, 32, palette.BLACK)
        draw_mini(x + 8, y, STANDARD_GOAL)

    def help_text(self) -> str:
        return t(self.screen.help_key)

    # Every screen a player reaches with input alone (solved needs a solution: tests reach it apart).
    screen_ids = ("config", "choose", "preview", "shuffle", "play")

    @property
    def screen_id(self) -> str:
        return self.screen.help_key.rsplit(".", 1)[-1]

    # Choices and settings, remembered in the app's settings file.

    @property
    def settings(self):
        return self.app.settings

    @classmethod
    def setting_checks(cls) -> dict:
        def move_count(key: str, value: str) -> int:
            return parse_number(value, 1, MAX_MOVES, "a move count")

        return {
            "bypuzz.set": lambda key, value: None,  # bounded like every value; an unknown set is the standard one
            "bypuzz.target": one_of(*TARGET_CHOICES),
            "bypuzz.level": one_of(*LEVELS),
            "bypuzz.tiles": one_of(*TILE_STYLES),
            "bypuzz.autocheck": ON_OFF,
            "bypuzz.mouse": ON_OFF,
            "bypuzz.pad": ON_OFF,
            "bypuzz.best.": parsed_by(move_count, NumberError),
        }

    def read_choices(self) -> None:
        names = [puzzle_set.name for puzzle_set in self.puzzle_sets]
        name = self.settings.get("bypuzz.set", STANDARD_SET.name)
        self.set_index = names.index(name) if name in names else 0
        target = self.settings.get("bypuzz.target", "1")
        self.target_index = None if target == "random" else int(target) - 1 if target in map(str, range(1, 11)) else 0
        level = self.settings.get("bypuzz.level", "normal")
        self.level = level if level in LEVELS else "normal"

    def save_choices(self) -> None:
        self.settings.update({
            "bypuzz.set": self.current_set.name,
            "bypuzz.target": "random" if self.target_index is None else str(self.target_index + 1),
            "bypuzz.level": self.level,
        })

    @property
    def current_set(self) -> PuzzleSet:
        return self.puzzle_sets[self.set_index]

    def target_name(self, index: int) -> str:
        puzzle_set = self.current_set
        if puzzle_set.name_keys:
            return t(puzzle_set.name_keys[index])
        return f"{puzzle_set.name}, {index + 1}"

    @property
    def auto_check(self) -> bool:
        return self.settings.get_bool("bypuzz.autocheck", True)

    def set_auto_check(self, on: bool) -> None:
        self.settings.set("bypuzz.autocheck", on)

    @property
    def tile_style(self) -> str:
        style = self.settings.get("bypuzz.tiles", "numbers")
        return style if style in TILE_STYLES else "numbers"

    def cycle_tile_style(self) -> None:
        self.settings.set("bypuzz.tiles", TILE_STYLES[(TILE_STYLES.index(self.tile_style) + 1) % len(TILE_STYLES)])

    @property
    def sound_on(self) -> bool:
        return effects_on(self.settings)

    def sound(self, name: str) -> None:
        self.app.sound(name)

    def best_key(self, goal: tuple[int, ...] | None = None, level: str | None = None) -> str:
        return f"bypuzz.best.{target_key(goal or self.goal)}.{level or self.level}"

    def best(self, goal: tuple[int, ...] | None = None, level: str | None = None) -> int | None:
        value = self.settings.get(self.best_key(goal, level))
        return int(value) if is_number(value) else None

    def record_best(self, moves: int) -> bool:
        """Keep ``moves`` if it beats the best for this target and level; True when it did."""
        best = self.best()
        if best is not None and best <= moves:
            return False
        self.settings.set(self.best_key(), str(moves))
        return True

    # Puzzle sets ("ByMore").

    def load_user_set(self) -> None:
        text = self.app.storage.read(USER_SET_FILE)
        if text is None:
            return
        try:
            self.add_set(parse_puzzle_set(text, t("bypuzz.set.user")))
        except PuzzleSetError as error:
            self.app.storage.set_aside(USER_SET_FILE, error_words(error))

    def add_set(self, puzzle_set: PuzzleSet) -> int:
        for index, known in enumerate(self.puzzle_sets):
            if known.name == puzzle_set.name:
                self.puzzle_sets[index] = puzzle_set
                return index
        self.puzzle_sets.append(puzzle_set)
        return len(self.puzzle_sets) - 1

    def load_set_file(self, path: str) -> bool:
        """Load a ByMore file (dropped on the window); a bad file changes nothing and says why."""
        from pathlib import Path

        name = Path(path).stem
        try:
            text = read_text(path, sets.MAX_FILE_BYTES)
            puzzle_set = parse_puzzle_set(text, name)
        except (OSError, UnicodeDecodeError, PuzzleSetError) as error:
            self.app.show_message(t("bypuzz.set.bad", name=Path(path).name, why=problem_text(error)))
            self.sound("refused")
            return False
        self.app.storage.write(USER_SET_FILE, text)
        self.set_index = self.add_set(puzzle_set)
        self.save_choices()
        self.app.show_message(t("bypuzz.set.loaded", name=puzzle_set.name))
        return True

    def take_dropped(self, path: str) -> None:
        """A file dropped on the window: a record of a game (its first line the 16 start tiles) is
        taken as Import takes one, any other file is a puzzle set."""
        try:
            text = read_text(path, RECORD_FILE_BYTES)
        except (OSError, ValueError):
            text = None  # the set's reader refuses it too, and says why
        if text is not None and is_record_text(text):
            self.take_record_text(text, Path(path).name)
        else:
            self.load_set_file(path)

    def record_meta(self, record) -> dict[str, str]:
        """A record's game is played at the level chosen; its start says the goal."""
        return {"level": self.level}

    def cycle_set(self) -> None:
        self.set_index = (self.set_index + 1) % len(self.puzzle_sets)
        self.save_choices()

    # Screens.

    # The class of each screen, by name: config, choose, preview, play.
    screen_classes: dict[str, type] = {}

    def new_screen(self, name: str, **options):
        return self.screen_classes[name](self, **options)

    def go(self, screen) -> None:
        """Switch screens at the top of the next update (as the shell does)."""
        self.next_screen = screen

    def start(self) -> None:
        self.session = None
        self.screen, self.next_screen = self.new_screen("config"), None

    def choose_target(self) -> None:
        """Back to the puzzle choice: the game in hand (if any) is over."""
        self.session = None
        self.app.set_border()
        self.forget_autosave()
        self.screen, self.next_screen = self.new_screen("choose"), None

    def begin(self, goal: tuple[int, ...]) -> None:
        """The chosen target: preview it, then shuffle."""
        self.set_goal(goal)
        self.go(self.new_screen("preview", then_shuffle=True))

    def set_goal(self, goal: tuple[int, ...]) -> None:
        if goal != self.goal or self.searcher.goal != goal:
            self.goal = goal
            self.searcher = Solver(goal)

    def play(self, start: tuple[int, ...], par: int | None, check_run: bool = True) -> None:
        self.message_frames = 0  # a word of the shuffle ("Still shuffling") ends with it
        self.session = Session(RULES, Fifteen(start, self.goal), self.session_meta(par))
        self.hints_used = 0
        self.searcher.keep_only(start)
        if par is None:
            self.searcher.want(start)
        self.screen = self.new_screen("play", check_run=check_run)
        self.next_screen = None

    def start_chosen(self, start: tuple[int, ...], solution: list[int] | None = None) -> None:
        """The shuffle chose a start: its optimal solution is remembered if the shuffle measured
        it, else searched from now on (through the rest of the shuffle and the check run), for
        the par and the first hint."""
        self.searcher.keep_only(start)
        if solution is not None:
            self.searcher.remember(start, solution)
        else:
            self.searcher.want(start)

    def session_meta(self, par: int | None) -> dict[str, str]:
        meta = {"goal": arrangement_to_text(self.goal), "level": self.level}
        if par is not None:
            meta["par"] = str(par)
        return meta

    def new_game(self, shuffle_moves: int | None = None) -> None:
        """A new game: back to the puzzle choice; with ``shuffle_moves``, straight into play
        after a quick random walk from the target (tests and tools)."""
        if shuffle_moves is None:
            self.choose_target()
            return
        start = RULES.shuffled(self.goal, shuffle_moves, self.app.rng)
        self.play(start.tiles, None, check_run=False)

    def start_playing(self) -> None:
        self.new_game(shuffle_moves=QUICK_SHUFFLE_MOVES)

    def load_start(self, text: str, meta: dict[str, str], variant: str | None = None) -> Fifteen:
        state = RULES.state_from_text(text, variant)
        tiles, goal = state.tiles, state.goal
        if GOAL_SEPARATOR not in text and "goal" in meta:  # saves written before the text held the goal
            goal = arrangement_from_text(meta["goal"], "goal")
        if not is_solvable(tiles, goal):
            raise ValueError("this position cannot reach its goal")
        return Fifteen(tiles, goal)  # the goal and level are the game's once it is shown (a read may be declined)

    def on_session_changed(self) -> None:
        """After every change of the board (move, undo, redo, restart, load, resume): the target and
        level of the game shown, its par, and the play screen's one after-change path (recount,
        notice a win)."""
        if self.session is None:
            return
        self.set_goal(self.state.goal)
        if self.session.meta.get("level") in LEVELS:
            self.level = self.session.meta["level"]
        if self.par is None:
            self.searcher.want(self.session.start.tiles)
        if isinstance(self.screen, self.screen_classes["play"]):
            self.screen.board_changed()
        else:
            self.screen = self.new_screen("play", check_run=False)
            self.next_screen = None

    # State for the screens and tests.

    @property
    def state(self) -> Fifteen:
        return self.session.state

    @property
    def par(self) -> int | None:
        """The optimal length from the start, once known; kept in the session so saves carry it."""
        par = self.session.meta.get("par", "") if self.session is not None else ""
        return int(par) if is_number(par) else None

    @par.setter
    def par(self, length: int) -> None:
        self.session.meta["par"] = str(length)

    @property
    def solved(self) -> bool:
        return self.session is not None and self.session.outcome is not None

    # Commands shared by the screens.

    def ask_quit(self) -> None:
        """X or Q: really leave ByPuzz? (the game in progress is saved)."""
        self.app.confirm(t("bypuzz.confirm.quit"), lambda: self.app.leave_cartridge(ask=False))

    def ask_new_target(self) -> None:
        """R: really start again from the puzzle choice?"""
        self.app.confirm(t("bypuzz.confirm.restart"), self.choose_target)

    def leave(self) -> None:
        self.ask_quit()

    def show_target(self) -> None:
        self.go(self.new_screen("preview", then_shuffle=False, back_to=self.screen))

    def devices(self) -> tuple[bool, bool]:
        return self.settings.get_bool("bypuzz.mouse", True), self.settings.get_bool("bypuzz.pad", True)

    def set_devices(self, mouse: bool | None = None, pad: bool | None = None) -> None:
        """M, J, T: mouse or joystick on or off in ByPuzz (remembered); the rest of the app keeps both."""
        if mouse is not None:
            self.settings.set("bypuzz.mouse", mouse)
        if pad is not None:
            self.settings.set("bypuzz.pad", pad)
        inp = self.app.input
        inp.mouse_enabled, inp.pad_enabled = self.devices()
        on, off = t("bypuzz.on"), t("bypuzz.off")
        self.flash(t("bypuzz.devices", mouse=on if inp.mouse_enabled else off, pad=on if inp.pad_enabled else off))

    def hint(self) -> None:
        if isinstance(self.screen, self.screen_classes["play"]):
            self.screen.ask_hint()
        else:
            self.flash(t("msg.no_hint"))

    def commands(self) -> list[Command]:
        return self.screen.commands() + (self.insight_commands() if self.game_shown() is not None else [])

    # What the evaluation and the review study (shell/insight.py): the board played, beside the par's search.

    def game_shown(self) -> Session | None:
        return self.session if isinstance(self.screen, self.screen_classes["play"]) else None

    def engine_busy(self) -> bool:
        return self.game_shown() is not None and self.screen.hint_wanted

    def engine_background(self) -> bool:
        return self.searcher.thinking

    def draw_replay(self, lines) -> None:
        self.screen.draw_replay(lines)  # the record page opens from the play screen only

    # The frame.

    def update(self, inp: Input) -> None:
        super().update(inp)
        if self.next_screen is not None:
            self.screen, self.next_screen = self.next_screen, None
        if inp.pressed(Action.MENU):
            self.app.open_pause_menu(self)
            return
        self.screen.update(inp)

    def tick(self) -> None:
        """The solver works every frame, under help and the pause menu too."""
        self.searcher.step(self.app.think_ms(self.still_solver_budget_ms if self.screen.still else self.solver_budget_ms))

    def draw(self) -> None:
        self.screen.draw()
