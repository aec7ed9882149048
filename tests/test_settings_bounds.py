"""Every value read from the settings is bounded on load: past its bound it is refused, unread, with
a note naming its key; the puzzles' days are parsed once, cut to the last KEPT_DAYS, never a day
after tomorrow.  Work is counted (calls of the checks and day parses), never timed."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from pyxel_app.shell import puzzle_record
from pyxel_app.shell.puzzle_picker import PuzzlePicker
from pyxel_app.shell.puzzle_record import KEPT_DAYS, PuzzleRecord
from pyxel_app.shell.settings import MAX_KEY_CHARS, MAX_SETTINGS, Settings, most_chars, shown_key
from pyxel_app.shell.storage import DataFolder, MemoryStorage

DAY = date(2026, 1, 10)
POOL = "puzzle.connect4.standard."


@pytest.fixture(autouse=True)
def fixed_day(monkeypatch):
    monkeypatch.setattr(puzzle_record, "today", lambda: DAY)
    puzzle_record.parse_days.cache_clear()


def counted_settings(app, text: str, monkeypatch) -> tuple[Settings, list[tuple[str, int]]]:
    """Settings over ``text`` with every check the app has, each call of one counted (key, value length)."""
    calls = []

    def counted(check):
        def call(key, value):
            calls.append((key, len(value)))
            return check(key, value)

        call.most_chars = most_chars(check)
        return call

    settings = Settings(DataFolder(MemoryStorage({"settings.txt": text})))
    settings.add_checks({key: counted(check) for key, check in app.settings.checks.items()})
    return settings, calls


def sample_key(key: str) -> str:
    """A key the check ``key`` answers for (a family's: one of its members)."""
    return POOL + "easy.solved" if key == "puzzle." else key + "sample" if key.endswith(".") else key


def test_every_key_the_app_reads_refuses_a_value_past_its_bound_unread_and_names_the_key(make_app, monkeypatch):
    app, _ = make_app()
    keys = [sample_key(key) for key in app.settings.checks] + ["a.key.no.check.knows"]
    assert len(keys) > 20
    text = "".join(f"{key}={'9' * (most_chars(app.settings.check_for(key)) + 1)}\n" for key in keys)
    settings, calls = counted_settings(app, text, monkeypatch)
    problems = settings.load()
    assert calls == [] and settings.fields == {}  # nothing past a bound is looked at, nothing kept
    for key in keys:
        assert any(problem.startswith(f"{key}: a value of ") for problem in problems), key


def test_a_long_key_too_many_settings_and_a_bad_puzzle_key_are_refused_and_named(make_app, monkeypatch):
    app, _ = make_app()
    long_key = "pegs.best." + "x" * MAX_KEY_CHARS
    many = "".join(f"pegs.best.custom-{n:08x}=1/2\n" for n in range(MAX_SETTINGS + 50))
    settings, calls = counted_settings(app, f"{long_key}=1/2\n{POOL}easy.wins=1\n" + many, monkeypatch)
    problems = settings.load()
    assert len(calls) == MAX_SETTINGS - 1  # the first MAX_SETTINGS lines, the long key's unread
    assert problems[0] == f"{MAX_SETTINGS + 52} settings, only the first {MAX_SETTINGS} read"
    assert f"{shown_key(long_key)}: a key of {len(long_key)} characters" in problems
    assert shown_key(long_key).startswith("pegs.best.xxx") and "..." in shown_key(long_key)
    assert f"{POOL}easy.wins: unknown puzzle setting" in problems  # the whole key, not cut at 24


@pytest.mark.parametrize("day", ["2026-W01-1", "20260110", "2026-01-1", "+2026-01-10", "2025-02-30", "2025-13-01", "2026-01-10T00"])
def test_a_solved_day_is_only_a_calendar_date_written_yyyy_mm_dd(make_app, monkeypatch, day):
    app, _ = make_app()
    settings, _ = counted_settings(app, f"{POOL}easy.solved=2026-01-09,{day}\n", monkeypatch)
    problems = settings.load()
    assert f"{POOL}easy.solved" not in settings.fields
    assert problems and problems[0].startswith(f"{POOL}easy.solved: ")


def days_before(last: date, count: int) -> list[str]:
    return [(last - timedelta(days=n)).isoformat() for n in range(count - 1, -1, -1)]


def test_30000_solved_days_and_days_in_9999_load_cut_to_the_last_400_with_a_note(make_app, monkeypatch):
    app, _ = make_app()
    future = [f"9999-12-{n:02d}" for n in range(1, 31)] * 14  # 420 days in the year 9999
    value = ",".join(days_before(DAY, 30_000) + future)
    parses = []
    real = puzzle_record.parse_day
    monkeypatch.setattr(puzzle_record, "parse_day", lambda word: parses.append(word) or real(word))
    settings, _ = counted_settings(app, f"{POOL}easy.solved={value}\n", monkeypatch)
    problems = settings.load()
    assert len(parses) == KEPT_DAYS  # only the days kept are parsed
    assert problems == [f"{POOL}easy.solved: days after {DAY + timedelta(days=1)} dropped, the last {KEPT_DAYS} days kept"]
    record = PuzzleRecord(settings, ("connect4", "standard", "easy"))
    assert record.solved_days() == [date.fromisoformat(day) for day in days_before(DAY, KEPT_DAYS)]
    assert record.streak(DAY) == KEPT_DAYS and record.solved_on(DAY)  # today's solve is kept
    tomorrow = (DAY + timedelta(days=1)).isoformat()  # a clock a little ahead is no damage
    settings, _ = counted_settings(app, f"{POOL}easy.solved={DAY.isoformat()},{tomorrow}\n", monkeypatch)
    assert settings.load() == []


def test_the_puzzle_picker_parses_each_pool_once_not_at_every_frame(make_app, monkeypatch):
    from pyxel_app import games

    value = ",".join(days_before(DAY, KEPT_DAYS))
    text = "".join(f"{POOL}{level}.solved={value}\n" for level in ("easy", "medium", "hard"))
    app, driver = make_app(storage=MemoryStorage({"settings.txt": text}))
    parses = []
    real = puzzle_record.parse_day
    monkeypatch.setattr(puzzle_record, "parse_day", lambda word: parses.append(word) or real(word))
    puzzle_record.parse_days.cache_clear()
    picker = PuzzlePicker(app, lambda: None, [games.find("connect4")])
    app.go_to(picker)
    driver.run(30)
    assert app.screen is picker and picker.entry is not None
    assert str(KEPT_DAYS) in picker.marks()[0]
    assert len(parses) == KEPT_DAYS  # one value (the three are alike), parsed once in 30 frames
