"""``bench --monkey``: random frames over every cartridge on a damaged real folder, no exception."""

from __future__ import annotations


def test_a_short_monkey_run_meets_no_exception(pyxel_screen, monkeypatch):
    from pyxel_app import bench_monkey

    monkeypatch.setattr(bench_monkey, "ROUND_FRAMES", 150)
    frames, exceptions, worst = bench_monkey.monkey(600, seed=4)
    assert frames >= 600 and exceptions == 0
    assert "Menu" in worst and all(ms > 0 for ms in worst.values())
