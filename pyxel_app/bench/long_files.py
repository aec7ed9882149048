"""Frames of the real app while it works on the longest files the formats allow: a warcaby PDN
of ``records.MAX_MOVES`` moves imported and dropped (and one padded with a comment to the most
bytes a record file may have), a ByPuzz save of ``session.MAX_ENTRIES`` moves resumed, the Load
page over 40 slots of such saves (written now, and as earlier versions wrote them, with no
``shown=``), and the Import page over 2,000 record files of the most bytes.

Each frame's update + draw is timed (wall, and the CPU time of this thread); the figure is the
CPU time's max and p99 and the frames the work took (``python -m pyxel_app.bench.long_files``).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from .. import cli
from .figures import quantile, report
from .frames import TimedApp, headless_app

PROG = "python -m pyxel_app.bench.long_files"
FRAME_LIMIT = 60 * 60 * 10
QUICK_FILES = 200
IMPORT_FILES = 2000
SLOTS = 40


def cycle_pdn(moves: int, padded_to: int = 0) -> str:
    """A warcaby PDN of ``moves`` moves (two kings back and forth), a comment padding it to
    ``padded_to`` bytes."""
    cycle = ("50-11", "1-12", "11-50", "12-1")
    words = []
    for index in range(moves):
        words += [f"{index // 2 + 1}.", cycle[index % 4]] if index % 2 == 0 else [cycle[index % 4]]
    body = "\n".join(" ".join(words[at:at + 12]) for at in range(0, len(words), 12)) + " *\n"
    head = '[GameType "20"]\n[Variant "warcaby"]\n[FEN "W:WK50:BK1"]\n\n'
    pad = max(0, padded_to - len(head) - len(body) - 3)
    return head + ("{" + "x" * pad + "}\n" if pad else "") + body


def long_bypuzz_save(moves: int) -> str:
    from ..rules.fifteen import RULES
    from ..session import Session

    session = Session(RULES, RULES.initial_state())
    for _ in range((moves - 1) // 2 * 2):  # the 15 back and forth beside the gap, then one more tile
        session.play(15)
    session.play(12)
    return session.to_text()


def frame_doing(timed: TimedApp, driver, action) -> None:
    """One frame whose update also does ``action`` (a drop, a menu command), timed with it."""
    update = timed.update
    timed.update = lambda: (update(), action())
    driver.frame()
    timed.update = update


def while_working(app, timed: TimedApp, driver, busy) -> TimedApp:
    """Frames until ``busy()`` is over."""
    while busy() and len(timed.samples) < FRAME_LIMIT:
        driver.frame()
    return timed


def job_showing(app) -> bool:
    from ..shell.jobs import JobBox

    return any(isinstance(overlay, JobBox) for overlay in app.overlays)


def figures(timed: TimedApp) -> str:
    cpu = timed.cpu_samples
    over = sum(1 for sample in cpu if sample > 1 / 60)
    return (f"CPU per frame max {max(cpu) * 1000:.2f} ms, p99 {quantile(cpu, 0.99) * 1000:.2f} ms, "
            f"{over} over 16.7 ms, in {len(cpu)} frames")


def dropped(text: str, folder: Path) -> TimedApp:
    """A record file dropped on the draughts board, until its game shows."""
    from ..shell.harness import Driver

    app = headless_app(1)
    app.overlays.clear()
    app.open_cartridge("draughts")
    cart = app.cartridge
    cart.start_playing()
    path = folder / "long.pdn"
    path.write_text(text)
    timed = TimedApp(app)
    driver = Driver(timed)
    driver.frame()
    timed.samples.clear()
    timed.cpu_samples.clear()
    frame_doing(timed, driver, lambda: cart.take_dropped(str(path)))
    return while_working(app, timed, driver, lambda: job_showing(app))


def resumed(text: str) -> TimedApp:
    """The app started on a ByPuzz autosave of ``text``, until it asks whether to resume it."""
    from ..games import find
    from ..shell.cartridge import autosave_file
    from ..shell.harness import Driver
    from ..shell.storage import MemoryStorage

    storage = MemoryStorage({autosave_file(find("bypuzz")): text})
    app = headless_app(1, storage=storage)  # its start offers the save: the bench times the offer again
    app.overlays.clear()
    timed = TimedApp(app)
    driver = Driver(timed)
    frame_doing(timed, driver, app.offer_resume)
    return while_working(app, timed, driver, lambda: job_showing(app))


def listed(folder: Path, open_page: str, scroll: int = 0) -> TimedApp:
    """The page ``open_page`` (``load_game``, ``import_record``) of ByPuzz on ``folder``'s files,
    until it shows, then ``scroll`` rows down one a frame."""
    from ..shell.harness import Driver
    from ..shell.slot_page import SlotPage
    from ..shell.storage import FileStorage

    app = headless_app(1, storage=FileStorage(folder))
    app.overlays.clear()
    app.open_cartridge("bypuzz")
    cart = app.cartridge
    timed = TimedApp(app)
    driver = Driver(timed)
    frame_doing(timed, driver, getattr(cart, open_page))
    while_working(app, timed, driver, lambda: job_showing(app))
    page = app.overlays[-1] if app.overlays else None
    for _ in range(scroll if isinstance(page, SlotPage) else 0):
        driver.key("DOWN")
    return timed


def run(report, quick: bool = False) -> None:
    from ..rules.records import MAX_MOVES
    from ..session import MAX_ENTRIES
    from ..shell.record_files import RECORD_FILE_BYTES
    from ..shell.slots import slot_file

    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        report(f"draughts: a {MAX_MOVES:,}-move warcaby PDN dropped", figures(dropped(cycle_pdn(MAX_MOVES), folder)))
        report(f"draughts: a {MAX_MOVES:,}-move PDN of {RECORD_FILE_BYTES // 1024} KiB dropped",
               figures(dropped(cycle_pdn(MAX_MOVES, RECORD_FILE_BYTES), folder)))
    save = long_bypuzz_save(10_000 if quick else MAX_ENTRIES)
    report(f"bypuzz: a {save.count('move='):,}-move save resumed", figures(resumed(save)))
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        for number in range(SLOTS):
            (folder / slot_file("bypuzz", f"G{number}")).write_text(f"# saved=2026-01-01 00:{number:02d} shown=1\n{save}")
        report(f"bypuzz: the Load page over {SLOTS} such slots", figures(listed(folder, "load_game")))
        for number in range(SLOTS):  # as earlier versions wrote them: the moves counted from the lines
            (folder / slot_file("bypuzz", f"G{number}")).write_text(f"# saved=2026-01-01 00:{number:02d}\n{save}")
        report(f"bypuzz: the Load page over {SLOTS} such slots of earlier versions", figures(listed(folder, "load_game")))
    files = QUICK_FILES if quick else IMPORT_FILES
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        record = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0\n" + "15 " * ((RECORD_FILE_BYTES - 40) // 3)
        for number in range(files):
            (folder / f"record-bypuzz-R{number:04d}.txt").write_text(record[:RECORD_FILE_BYTES])
        report(f"bypuzz: the Import page over {files:,} files of {RECORD_FILE_BYTES // 1024} KiB, 40 rows scrolled",
               figures(listed(folder, "import_record", scroll=40)))


def build_parser() -> cli.Parser:
    parser = cli.Parser(prog=PROG, description="Frames while the longest record is dropped, the longest save resumed, "
                                               "40 such slots and 2,000 record files listed.")
    parser.add_argument("--quick", action="store_true", help="a short smoke run (a 10,000-move save, 200 files)")
    return parser


def play(args) -> None:
    run(report, args.quick)


def main(argv: list[str] | None = None) -> int:
    return cli.main(build_parser, play, argv)


if __name__ == "__main__":
    sys.exit(main())
