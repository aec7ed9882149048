"""Every legal move can be entered, and only the move pointed at is played.

For every game on the match layer, over random positions (draughts also with many kings, in
both rule sets): each move a player can tell apart on the board (``view.choices``: draughts'
every capture route) has a sequence of clicks, one of arrow keys and Return, and one of d-pad
and A that plays exactly it through the board view's ``interpret_input``; and random clicks,
keys and pad buttons never play a move the player did not point at.  The view is driven
directly with fed ``Input`` frames, so thousands of positions take seconds.  The games with
screens of their own (peg solitaire, ByPuzz) are held to the same promise at the end.

What "pointed at" means, for any game: the move's cells (``view.move_cells``) end on the cell
pointed at last; a move of several cells was begun by pointing at its first, and the cells
pointed at since then follow its way, and may skip the rest of it only when nothing else is
meant: the last cell pointed at is no other move's next cell, and no other move goes that way
to that end.
Pointing at the first cell again is not a move: it lets the piece go, unless the cells pointed at
since then go on to it next (a capture that comes back to its start, entered cell by cell).
"""

from __future__ import annotations

import copy
import random
from collections import deque

import pytest

from pyxel_app import games
from pyxel_app.input import Bindings, Input
from pyxel_app.rules.base import RulesError
from pyxel_app.rules.draughts import BLACK, WHITE, Draughts, square_bit, square_xy
from pyxel_app.rules.draughts import RULES as DRAUGHTS
from pyxel_app.shell.setup import MODE_COMPUTER

MATCH_GAMES = [spec.key for spec in games.GAMES if spec.is_match]
PLAYOUT_POSITIONS = 120  # a variant, from random games
KING_POSITIONS = 500  # a draughts variant, pieces and kings scattered
WANDER_STEPS = 40  # random input in each position
TURNED_SHARE = 4  # every 4th position again on each other board: the computer in seat 1, the board turned
SCAN_STEP = 3  # pixels between the points tried to find each cell under the mouse
DEVICES = {"keys": ("keys", ("UP", "DOWN", "LEFT", "RIGHT"), "RETURN"),
           "pad": ("pad", ("DPAD_UP", "DPAD_DOWN", "DPAD_LEFT", "DPAD_RIGHT"), "A")}
PAD_OF = dict(zip(DEVICES["keys"][1], DEVICES["pad"][1]))  # an arrow key -> the d-pad's


def king_heavy(rng: random.Random, variant: str) -> Draughts:
    """A position of 4-15 pieces on random squares, about half of them kings."""
    white = black = kings = 0
    for n, square in enumerate(rng.sample(range(50), rng.randrange(4, 16))):
        side = n % 2 if rng.random() < 0.8 else rng.randrange(2)
        far_row = square // 5 == (0 if side == WHITE else 9)  # a man there would have been crowned
        bit = square_bit(square)
        if side == WHITE:
            white |= bit
        else:
            black |= bit
        if far_row or rng.random() < 0.5:
            kings |= bit
    return Draughts(variant, white, black, kings, rng.choice((WHITE, BLACK)))


# Positions a random game seldom reaches, by game.
EXTRA_POSITIONS = {"draughts": lambda rng, variant: [king_heavy(rng, variant) for _ in range(KING_POSITIONS)]}


def positions(spec, variant: str, rng: random.Random) -> list:
    rules, found = spec.rules, []
    for _ in range(PLAYOUT_POSITIONS):
        state = rules.initial_state(variant)
        for _ in range(rng.randrange(60)):
            moves = rules.legal_moves(state)
            after = rules.apply(state, rng.choice(moves))
            if rules.outcome(after) is not None:
                break
            state = after
        found.append(state)
    found += EXTRA_POSITIONS.get(spec.key, lambda rng, variant: [])(rng, variant)
    return [state for state in found if rules.outcome(state) is None]


class Player:
    """A person at one board view: finds where each cell is under the mouse and how the arrows
    move the cursor, then points at cells by mouse, keys or pad, one fed frame at a time."""

    def __init__(self, cart) -> None:
        self.view, self.rules = cart.view, cart.rules
        self.inp = Input(Bindings())
        self.pixel_cells: dict[tuple[int, int], object] = {}  # scanned pixel -> the cell it points at, or None
        self.pixels: dict[object, tuple[int, int]] = {}  # cell -> a pixel in its middle
        self.steps: dict[tuple[str, object, str], object] = {}  # (device, cell, arrow) -> the cell it goes to
        self.ways: dict[str, dict] = {}  # device -> from cell -> to cell -> arrows
        self.known: tuple = (None, {}, {})  # (state, move text -> the move's text as the rules read it, move -> after)

    def frame(self, state, ui, **given) -> str | None:
        self.inp.feed(**given)
        return self.view.interpret_input(state, ui, self.inp)

    def learn(self, state) -> None:
        ui = self.view.new_ui()
        moved = copy.copy(ui)
        for arrow in ("RIGHT", "DOWN"):
            if self.view.cursor_cell(moved) == self.view.cursor_cell(ui):
                self.frame(state, moved, keys=(arrow,))
        assert self.view.cursor_cell(moved) != self.view.cursor_cell(ui), "the arrows do not move the cursor"
        seen: dict[object, list[tuple[int, int]]] = {}
        for y in range(1, 200, SCAN_STEP):
            for x in range(1, 320, SCAN_STEP):
                cell = self.hover(state, ui, (x, y))
                if cell == self.view.cursor_cell(ui):  # or off the board, which leaves the cursor where it was
                    cell = cell if self.hover(state, moved, (x, y)) == cell else None
                self.pixel_cells[x, y] = cell
                if cell is not None:
                    seen.setdefault(cell, []).append((x, y))
        for cell, points in seen.items():
            mx, my = sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)
            self.pixels[cell] = min(points, key=lambda p: (p[0] - mx) ** 2 + (p[1] - my) ** 2)
        for device, (kind, arrows, _) in DEVICES.items():
            queue, known = deque([ui]), {self.view.cursor_cell(ui)}
            while queue:
                here = queue.popleft()
                for arrow in arrows:
                    there = copy.copy(here)
                    if self.frame(state, there, **{kind: (arrow,)}) is not None:
                        continue  # an arrow that plays (Connect 4's down) is no way to go
                    cell = self.view.cursor_cell(there)
                    self.steps[device, self.view.cursor_cell(here), arrow] = cell
                    if cell not in known:
                        known.add(cell)
                        queue.append(there)
        self.ways = {device: self.shortest_ways(device) for device in DEVICES}

    def hover(self, state, ui, pixel: tuple[int, int]):
        """The cell the cursor goes to when the mouse moves to ``pixel`` (on a copy of ``ui``)."""
        probe = copy.copy(ui)
        self.inp.feed(pointer=(-9, -9))
        assert self.frame(state, probe, pointer=pixel) is None, "moving the mouse played a move"
        return self.view.cursor_cell(probe)

    def go(self, state, ui, target, device: str) -> None:
        """Arrows to ``target`` by the shortest way; none of them plays."""
        kind = DEVICES[device][0]
        way = self.ways[device].get(self.view.cursor_cell(ui), {})
        assert target in way, f"{device}: no way to the cell {target}"
        for arrow in way[target]:
            assert self.frame(state, ui, **{kind: (arrow,)}) is None
        assert self.view.cursor_cell(ui) == target

    def shortest_ways(self, device: str) -> dict:
        """From each cell, the arrows to each cell."""
        arrows, cells = DEVICES[device][1], {cell for (on, cell, _) in self.steps if on == device}
        ways = {}
        for start in cells:
            way, queue = {start: ()}, deque([start])
            while queue:
                cell = queue.popleft()
                for arrow in arrows:
                    there = self.steps.get((device, cell, arrow))
                    if there is not None and there not in way:
                        way[there] = way[cell] + (arrow,)
                        queue.append(there)
            ways[start] = way
        return ways

    def point(self, state, ui, cell, device: str) -> str | None:
        if device == "mouse":
            return self.frame(state, ui, pointer=self.pixels[cell], clicked=True)
        self.go(state, ui, cell, device)
        kind, _, confirm = DEVICES[device]
        return self.frame(state, ui, **{kind: (confirm,)})

    def enter(self, state, move, device: str) -> list[str | None]:
        """What each pointing at the move's cells, from a fresh board, gave."""
        ui = self.view.new_ui()
        cells = self.view.move_cells(move) or (self.view.cursor_cell(ui),)
        return [self.point(state, ui, cell, device) for cell in cells]

    def wander(self, state, rng: random.Random, steps: int) -> int:
        """Random clicks, arrows and confirms; every move played is checked against what was
        pointed at since the last one.  Returns how many moves were played."""
        ui, pointed, played = self.view.new_ui(), [], 0
        choices = self.view.choices(state)
        route_cells = [cell for move in choices for cell in self.view.move_cells(move)]
        any_pixel = list(self.pixel_cells)
        for _ in range(steps):
            roll = rng.random()
            device = rng.choice(("keys", "pad"))
            kind, arrows, confirm = DEVICES[device]
            if roll < 0.45 and route_cells:
                cell = rng.choice(route_cells)
                pointed.append(cell)
                text = self.frame(state, ui, pointer=self.pixels[cell], clicked=True)
            elif roll < 0.55:
                pixel = rng.choice(any_pixel)
                if self.pixel_cells[pixel] is not None:
                    pointed.append(self.pixel_cells[pixel])
                text = self.frame(state, ui, pointer=pixel, clicked=True)
            elif roll < 0.85:
                text = self.frame(state, ui, **{kind: (rng.choice(arrows),)})
                if text is not None:  # an arrow that plays points at the cursor's cell
                    pointed.append(self.view.cursor_cell(ui))
            else:
                pointed.append(self.view.cursor_cell(ui))
                text = self.frame(state, ui, **{kind: (confirm,)})
            if text is not None:
                self.check_pointed_at(state, choices, pointed, text)
                pointed, played = [], played + 1
        return played

    def memo(self, state) -> tuple[dict, dict]:
        """What the rules said about moves in ``state`` (the last one asked about)."""
        if self.known[0] is not state:
            self.known = (state, {}, {})
        return self.known[1], self.known[2]

    def read(self, state, text: str) -> str | None:
        """The move ``text`` names, as the rules write it; None when they refuse it."""
        read = self.memo(state)[0]
        if text not in read:
            try:
                move = self.rules.move_from_text(state, text)
                self.after(state, move)
                read[text] = self.rules.move_to_text(move)
            except RulesError:
                read[text] = None
        return read[text]

    def after(self, state, move):
        afters = self.memo(state)[1]
        if move not in afters:
            afters[move] = self.rules.apply(state, move)
        return afters[move]

    def check_pointed_at(self, state, choices, pointed, text) -> None:
        if self.read(state, text) is None:
            return  # the rules refuse it and the match says why: nothing is played
        move = self.rules.move_from_text(state, text)
        after = self.after(state, move)
        cells = self.view.move_cells(move)
        others = [(self.view.move_cells(other), self.after(state, other) == after) for other in choices]
        if not cells:
            assert all(same for _, same in others), f"{text} played with other moves to choose from"
            return
        assert pointed and pointed[-1] == cells[-1], f"{text} played, but {pointed[-1:]} was pointed at last"
        if len(cells) == 1:
            return
        begun = [i for i, cell in enumerate(pointed[:-1]) if cell == cells[0]]
        assert any(self.followed(cells, pointed[i + 1:], others) for i in begun), \
            f"{text} played after pointing at {pointed} in {self.rules.state_to_text(state)}"

    @staticmethod
    def followed(cells, since, others) -> bool:
        """The cells pointed at ``since`` its first one name the move with ``cells`` alone."""
        traced, landings = 1, cells[1:-1]
        for cell in since[:-1]:
            if traced - 1 < len(landings) and cell == landings[traced - 1]:
                traced += 1
        way, end = tuple(cells[:traced]), cells[-1]
        if end == cells[0] and traced < len(cells) - 1:
            return False  # the first cell pointed at again, before its place in the way
        for other, same in others:
            if same:
                continue
            if other[: traced + 1] == way + (end,):
                return False  # the last cell was where another move goes on
            if traced < len(cells) - 1 and other[:traced] == way and other[-1] == end:
                return False  # its way was cut short, and another move goes that way to that end
        return True


def open_board(make_app, spec, variant: str, computer_seat: int | None = None, turned: bool = False):
    """A board for two people; with ``computer_seat`` the computer is said to play that seat, so a
    view that turns the board for the person (draughts, when the computer has White) does; with
    ``turned`` the player has turned it round (T)."""
    app, _ = make_app()
    app.open_cartridge(spec)
    cart = app.cartridge
    cart.variant = variant
    cart.start_playing()
    assert cart.phase == "play"
    if computer_seat is not None:
        cart.mode, cart.computer_seat = MODE_COMPUTER, computer_seat
    if turned:
        cart.view.turn_round()
    return cart


def boards(spec) -> list[tuple[int | None, bool]]:
    """(the computer's seat, turned by T) of each board the moves are entered on: as it faces two
    people, as it faces a person whom the computer plays from the first seat, and turned round
    where the board turns."""
    turned = [(None, True)] if spec.screen_class().can_turn else []
    return [(None, False), (0, False)] + turned


def test_every_registered_match_game_is_covered():
    assert {"connect4", "othello", "draughts"} <= set(MATCH_GAMES)
    assert [key for key in MATCH_GAMES if games.find(key).screen_class().can_turn] == ["othello", "draughts"]


@pytest.mark.parametrize("key", MATCH_GAMES)
def test_every_move_can_be_entered_and_only_the_move_pointed_at_is_played(make_app, key):
    spec = games.find(key)
    rng = random.Random(f"move input {key}")
    entered = wandered = tried = 0
    for variant in spec.rules.variants:
        as_made = None
        for computer_seat, turned in boards(spec):
            cart = open_board(make_app, spec, variant, computer_seat, turned)
            player = Player(cart)
            player.learn(cart.state)
            if as_made is None:
                as_made = player.pixels
            elif turned or cart.view.upside_down():  # the board really is drawn the other way round
                assert cart.view.upside_down() and player.pixels != as_made
            every = 1 if (computer_seat, turned) == (None, False) else TURNED_SHARE
            for state in positions(spec, variant, rng)[::every]:
                tried += 1
                for move in player.view.choices(state):
                    wanted = spec.rules.move_to_text(move)
                    for device in ("mouse", "keys", "pad"):
                        given = player.enter(state, move, device)
                        assert given[:-1] == [None] * (len(given) - 1), f"{device}: {given} on the way to {wanted}"
                        assert given[-1] is not None, f"{device}: {wanted} in {spec.rules.state_to_text(state)} not played"
                        played = player.read(state, given[-1])
                        assert played == wanted, f"{device}: {played} played for {wanted} in {spec.rules.state_to_text(state)}"
                    entered += 1
                wandered += player.wander(state, rng, WANDER_STEPS)
    assert entered > tried >= PLAYOUT_POSITIONS and wandered > tried, (tried, entered, wandered)


@pytest.mark.parametrize("fen, first, second, variant", [
    # Two routes from 25 both land on 3 first; the other lands on 26, where the first ends.
    ("W:WK10,K25,K34,K35:B8,9,K13,K33,37,K43", "25x3x17x39x48x26", "25x3x26x48x39x28", "international"),
    # 27x9 lands on 9 at once; the other route ends on 9 too, four landings later.
    ("B:W13,K16,17,23,K32,36,43,44:B3,K8,19,K27,33,42", "27x9", "27x38x49x40x18x9", "warcaby"),
])
def test_a_square_a_route_lands_on_next_goes_on_rather_than_ending_another(make_app, fen, first, second, variant):
    state = DRAUGHTS.state_from_text(fen, variant)
    player = Player(open_board(make_app, games.find("draughts"), variant))
    player.learn(state)
    for text in (first, second):
        move = DRAUGHTS.move_from_text(state, text)
        assert DRAUGHTS.move_to_text(move) == text
        given = player.enter(state, move, "mouse")
        assert given[:-1] == [None] * (len(given) - 1) and given[-1] == text


def test_the_picked_piece_picked_again_is_let_go_even_when_a_capture_comes_back_to_it(make_app):
    fen = "B:WK7,K16,K17,K19,K29,42:B6,K26,K30,K33,K48,K49"
    state = DRAUGHTS.state_from_text(fen, "warcaby")
    cart = open_board(make_app, games.find("draughts"), "warcaby")
    player = Player(cart)
    player.learn(state)
    assert any(move.start == move.end == 32 for move in DRAUGHTS.routes(state))
    ui = player.view.new_ui()
    start = player.view.move_cells(DRAUGHTS.move_from_text(state, "33x47x24x2x11x33"))[0]
    assert player.point(state, ui, start, "mouse") is None and ui.selected == 32
    assert player.point(state, ui, start, "mouse") is None and ui.selected is None
    given = player.enter(state, DRAUGHTS.move_from_text(state, "33x47x24x2x11x33"), "keys")
    assert given[-1] == "33x47x24x2x11x33"


@pytest.mark.parametrize("variant", sorted(DRAUGHTS.variants))
def test_the_picked_piece_picked_again_lets_go_unless_the_squares_picked_land_on_it_next(make_app, variant):
    """Over random positions, with the piece and some of a capture's landing squares picked, the
    piece's own square picked lets the piece go (nothing played, nothing picked), unless a capture
    goes on from the squares picked to land there next; then it goes on, or plays that capture."""
    rng = random.Random(f"let go {variant}")
    player = Player(open_board(make_app, games.find("draughts"), variant))
    fen = "W:WK22,27,K28,34,K40:B4,K7,8,17,K18,30,K36,41,K42,43"  # the issue's: 22, 11, 22 played 22x11x2x13x22
    states = [DRAUGHTS.state_from_text(fen, variant)] + positions(games.find("draughts"), variant, rng)
    player.learn(states[0])
    let_go = went_on = 0
    for n, state in enumerate(states):
        routes = DRAUGHTS.routes(state)
        for route in routes:
            for picked in range(1, len(route.path) - 1):
                way = list(route.path[1 : 1 + picked])
                onto = [other for other in routes if other.start == route.start
                        and list(other.path[1 : 1 + picked]) == way and other.path[picked + 1] == route.start]
                for device in ("mouse", "keys", "pad") if n % 10 == 0 else ("mouse",):
                    ui = player.view.new_ui()
                    for square in [route.start] + way:
                        assert player.point(state, ui, square_xy(square), device) is None
                    given = player.point(state, ui, square_xy(route.start), device)
                    where = f"{device}: {route.start + 1}, {[s + 1 for s in way]}, {route.start + 1} in {DRAUGHTS.state_to_text(state)}"
                    if not onto:
                        assert given is None and ui.selected is None and ui.path == [], where
                        let_go += 1
                        continue
                    went_on += 1
                    if given is None:
                        assert ui.selected == route.start and ui.path == way + [route.start], where
                    else:
                        played = DRAUGHTS.move_from_text(state, given).path
                        assert list(played) == [route.start] + way + [route.start], (where, given)
    assert let_go > 100 and went_on > 0, (let_go, went_on)


def test_a_route_that_lands_on_a_square_twice_is_entered_square_by_square(make_app):
    state = DRAUGHTS.state_from_text("B:WK2,8,20,21,22,31,32:BK3,13", "warcaby")
    move = DRAUGHTS.move_from_text(state, "3x17x26x37x28x17")
    player = Player(open_board(make_app, games.find("draughts"), "warcaby"))
    player.learn(state)
    for device in ("mouse", "keys", "pad"):
        given = player.enter(state, move, device)
        assert given == [None] * 5 + ["3x17x26x37x28x17"], device


# Peg solitaire has screens of its own (one player, no match layer): the same promise, driven
# through its play screen.  A jump is pointed at by pressing on the marble and letting go over
# the hole; by picking the marble (Return, pad A) and then its direction's arrow, or the hole.

PEG_POSITIONS = 60  # a board, from random games


def peg_positions(entry: str, rng: random.Random) -> list:
    from pyxel_app.cartridges.pegs import start_text
    from pyxel_app.rules.pegs import RULES as PEGS

    found = []
    for _ in range(PEG_POSITIONS):
        state = PEGS.state_from_text(start_text(entry, None))
        for _ in range(rng.randrange(30)):
            after = PEGS.apply(state, rng.choice(PEGS.legal_moves(state)))
            if not PEGS.legal_moves(after):
                break
            state = after
        found.append(state)
    return found


class PegPlayer:
    """A person at the peg board: feeds the play screen one frame at a time."""

    ARROWS = {(0, -1): "UP", (0, 1): "DOWN", (-1, 0): "LEFT", (1, 0): "RIGHT"}

    def __init__(self, cart) -> None:
        self.cart = cart
        self.inp = Input(Bindings())

    def set(self, state) -> None:
        from pyxel_app.session import Session

        self.cart.adopt(Session(self.cart.spec.rules, state, {"board": "custom"}))

    def frame(self, **given):
        """One frame; the jump it played, if any."""
        session = self.cart.session
        before, count = session.state, session.move_count
        self.inp.feed(**given)
        self.cart.update_play(self.inp)
        if session.move_count == count:
            return None
        assert session.move_count == count + 1
        return session.rules.move_from_text(before, session.move_texts()[-1])

    def cursor_way(self, start, target) -> list[str]:
        """The arrows from ``start`` to ``target`` with nothing picked (``move_cursor`` tried on the side)."""
        cart, kept = self.cart, self.cart.cursor
        way, queue = {start: []}, deque([start])
        while queue and target not in way:
            cell = queue.popleft()
            for direction, arrow in self.ARROWS.items():
                cart.cursor = cell
                cart.move_cursor(direction)
                if cart.cursor not in way:
                    way[cart.cursor] = way[cell] + [arrow]
                    queue.append(cart.cursor)
        cart.cursor = kept
        assert target in way, f"no way for the cursor to {target}"
        return way[target]

    def go(self, target, device: str) -> None:
        kind = DEVICES[device][0]
        for arrow in self.cursor_way(self.cart.cursor, target):
            arrow = arrow if device == "keys" else PAD_OF[arrow]
            assert self.frame(**{kind: (arrow,)}) is None, f"{device}: a jump on the way to {target}"
        assert self.cart.cursor == target

    def enter(self, jump, device: str):
        """The jump the sequence for ``jump`` played, from a fresh board."""
        if device == "mouse":
            centre = self.cart.layout.centre
            assert self.frame(pointer=centre(jump.start), clicked=True) is None
            return self.frame(pointer=centre(jump.dest), released=True)
        kind, _, confirm = DEVICES[device]
        self.go(jump.start, device)
        assert self.frame(**{kind: (confirm,)}) is None and self.cart.picked == jump.start
        direction = ((jump.dest[0] - jump.start[0]) // 2, (jump.dest[1] - jump.start[1]) // 2)
        if direction in self.ARROWS and not self.cart.state.board.triangular:
            arrow = self.ARROWS[direction]
            return self.frame(**{kind: (arrow if device == "keys" else PAD_OF[arrow],)})
        self.go(jump.dest, device)
        return self.frame(**{kind: (confirm,)})


@pytest.mark.parametrize("entry", ["english", "french", "wiegleb", "diamond", "triangle"])
def test_every_peg_jump_can_be_entered_and_only_the_jump_pointed_at_is_made(make_app, entry):
    from pyxel_app.rules.pegs import RULES as PEGS

    app, _ = make_app()
    app.open_cartridge("pegs")
    cart = app.cartridge
    cart.play_entry(entry)
    player = PegPlayer(cart)
    rng = random.Random(f"pegs {entry}")
    entered = tried = 0
    for state in peg_positions(entry, rng):
        tried += 1
        for jump in PEGS.legal_moves(state):
            for device in ("mouse", "keys", "pad"):
                player.set(state)
                assert player.enter(jump, device) == jump, f"{device}: {jump} in {PEGS.state_to_text(state)}"
            entered += 1
        player.set(state)
        for _ in range(WANDER_STEPS):
            wander_pegs(player, rng)
    assert entered > tried == PEG_POSITIONS


def wander_pegs(player: PegPlayer, rng: random.Random) -> None:
    """One random press, release, arrow or confirm; a jump it makes is the one it pointed at."""
    cart = player.cart
    if not cart.spec.rules.legal_moves(cart.state):
        return
    holes = sorted(cart.state.board.holes)
    picked, cursor, dragging = cart.picked, cart.cursor, cart.dragging
    device = rng.choice(("keys", "pad"))
    kind, _, confirm = DEVICES[device]
    roll = rng.random()
    if roll < 0.4:
        cell = rng.choice(holes)
        clicked = rng.random() < 0.5
        jump = player.frame(pointer=cart.layout.centre(cell), clicked=clicked, released=not clicked)
        if jump is not None:
            assert not clicked and jump == (dragging, cell), f"{jump} made by letting go at {cell}"
    elif roll < 0.8:
        (dx, dy), arrow = rng.choice(list(PegPlayer.ARROWS.items()))
        jump = player.frame(**{kind: (arrow if device == "keys" else PAD_OF[arrow],)})
        if jump is not None:
            assert jump == (picked, (picked[0] + 2 * dx, picked[1] + 2 * dy)), f"{jump} made by {arrow}"
    else:
        jump = player.frame(**{kind: (confirm,)})
        if jump is not None:
            assert jump == (picked, cursor), f"{jump} made by {confirm} at {cursor}"


# ByPuzz (screens of its own): a move is one tile into the gap.  Each has its arrow (keys, pad)
# and a click on the tile; a click further along the gap's row or column slides every tile up to
# it, nearest first, and nothing else ever moves.

PUZZLE_POSITIONS = 150


def test_every_tile_move_can_be_entered_and_only_the_tiles_pointed_at_move(make_app):
    from pyxel_app.cartridges.bypuzz.board import BOARD_X, BOARD_Y, TILE_H, TILE_W
    from pyxel_app.rules.fifteen import CELLS, SIZE, Fifteen
    from pyxel_app.rules.fifteen import RULES as FIFTEEN
    from pyxel_app.shell import ui

    app, driver = make_app()
    app.open_cartridge("bypuzz")
    driver.frame()
    cart, inp, rng = app.cartridge, Input(Bindings()), random.Random("bypuzz moves")
    arrows = dict(zip(("up", "down", "left", "right"), DEVICES["keys"][1]))

    def centre(cell: int) -> tuple[int, int]:
        return (BOARD_X + cell % SIZE * TILE_W * ui.CELL + TILE_W * ui.CELL // 2,
                BOARD_Y + cell // SIZE * TILE_H * ui.CELL + TILE_H * ui.CELL // 2)

    def moved(**given) -> list[int]:
        count = cart.session.move_count
        inp.feed(**given)
        cart.screen.update(inp)
        return [int(text) for text in cart.session.move_texts()[count:]]

    state, entered = Fifteen(cart.goal, cart.goal), 0
    for _ in range(PUZZLE_POSITIONS):
        for _ in range(rng.randrange(1, 40)):
            state = FIFTEEN.apply(state, rng.choice(FIFTEEN.legal_moves(state)))
        for tile in FIFTEEN.legal_moves(state):
            arrow = next(arrows[way] for way in arrows if FIFTEEN.tile_for_direction(state, way) == tile)
            for given in ({"keys": (arrow,)}, {"pad": (PAD_OF[arrow],)},
                          {"pointer": centre(state.cell_of(tile)), "clicked": True}):
                cart.play(state.tiles, 0, check_run=False)
                assert moved(**given) == [tile], f"{given}: not tile {tile}"
            entered += 1
        cart.play(state.tiles, 0, check_run=False)
        for _ in range(WANDER_STEPS):
            now = cart.state
            if rng.random() < 0.5:
                way = rng.choice(list(arrows))
                pressed = {"keys": (arrows[way],)} if rng.random() < 0.5 else {"pad": (PAD_OF[arrows[way]],)}
                tile = FIFTEEN.tile_for_direction(now, way)
                assert moved(**pressed) == ([] if tile is None else [tile]), f"{pressed} in {now.tiles}"
            else:
                cell = rng.randrange(CELLS)
                got = moved(pointer=centre(cell), clicked=True)
                assert got == FIFTEEN.slide_path(now, cell), f"a click on cell {cell} moved {got}"
    assert entered > PUZZLE_POSITIONS
