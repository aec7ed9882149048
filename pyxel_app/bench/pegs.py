"""Timings of the peg solitaire solver: the English board to the centre, and the light.

The light (and the hint, which is the same search) is timed as the cartridge asks it:
one solver per game, asked after every jump of a game a player makes.  The "player"
here jumps at random among the legal jumps, so many positions are lost ones, which
the search must prove dead: the hard case.  A position that takes longer than the cap
is counted apart (the cartridge keeps thinking a slice per frame, the screen never stops).
"""

from __future__ import annotations

import random
import time

from ..ai.pegs import PegSearch, PegSolver, solve_text
from ..rules.pegs import RULES
from .figures import percentiles, quantile

CAP_S = 2.0
# Games per board; the French board's lost positions are slow to prove, so it gets few.
GAMES = {"english": 20, "triangle": 20, "french": 3}
QUICK_GAMES = 2


def light_times(name: str, games: int, rng: random.Random) -> tuple[list[float], list[float], list[int], int]:
    """Wall and CPU seconds and nodes per answered position over ``games`` random games, and
    how many passed the cap.  CPU time beside wall time: on a shared machine the wall clock
    also counts other programs' turns."""
    walls, cpus, nodes, capped = [], [], [], 0
    for _ in range(games):
        state = RULES.initial_state(name)
        solver = PegSolver(state.board)
        while RULES.outcome(state) is None:
            search = PegSearch(solver, state)
            start, cpu_start, nodes_start = time.perf_counter(), time.process_time(), solver.nodes
            while not search.finished and time.perf_counter() - start < CAP_S:
                search.step(4.0)
            if search.finished:
                walls.append(time.perf_counter() - start)
                cpus.append(time.process_time() - cpu_start)
                nodes.append(solver.nodes - nodes_start)
            else:
                capped += 1
            state = RULES.apply(state, rng.choice(RULES.legal_moves(state)))
    return walls, cpus, nodes, capped


# The Wiegleb board with d1 empty: no line is stored for it, so the solver works on it for long.
WIEGLEB_D1 = "___.oo___/___ooo___/___ooo___/ooooooooo/ooooooooo/ooooooooo/___ooo___/___ooo___/___ooo___"


def step_times(text: str, steps: int) -> list[float]:
    """Wall seconds of the cartridge's 4 ms slices on a start the solver needs long for."""
    state = RULES.state_from_text(text)
    search = PegSearch(PegSolver(state.board), state)
    times = []
    for _ in range(steps):
        start = time.perf_counter()
        search.step(4.0)
        times.append(time.perf_counter() - start)
        if search.finished:
            break
    return times


def run(report, quick: bool = False) -> None:
    report("pegs step(4 ms) wall time on the wiegleb d1 start", percentiles(step_times(WIEGLEB_D1, 100 if quick else 500)))
    start = time.perf_counter()
    answer = solve_text("english", to_centre=True)
    report("pegs solve english --to-centre", f"{time.perf_counter() - start:.2f} s ({answer.split()[0]} {answer.split()[1] if len(answer.split()) > 1 else ''})")
    for name, games in GAMES.items():
        walls, cpus, nodes, capped = light_times(name, QUICK_GAMES if quick else games, random.Random(1))

        def shown(times: list[float], q: float) -> str:
            # A position past the cap counts as the slowest, so the quantiles are over every position.
            value = quantile(times + [float("inf")] * capped, q)
            return f"{value * 1000:.1f} ms" if value < CAP_S else f"> {CAP_S:.0f} s"

        report(f"pegs light/hint {name}", f"median {shown(walls, 0.5)} (CPU {shown(cpus, 0.5)}), p90 {shown(walls, 0.9)} "
               f"(CPU {shown(cpus, 0.9)}) over {len(walls) + capped} positions of random play, {capped} past "
               f"{CAP_S:.0f} s (still thinking); nodes of the answered: median {quantile(nodes, 0.5) if nodes else 0}, "
               f"max {max(nodes, default=0)}")
