"""The frame budget (shell/frame_budget.py): a search's slice is what a frame's target leaves
after the frame's own work, measured over the recent frames, and after the slices already given."""

from pytest import approx

from pyxel_app.shell.frame_budget import MIN_MS, RECENT_FRAMES, TARGET_MS, FrameBudget


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def spend(self, ms: float) -> None:
        self.now += ms / 1000.0


def frame(budget: FrameBudget, clock: Clock, own_ms: float, wanted_ms: float = 100.0) -> float:
    """A frame whose own work takes ``own_ms`` (half before the search, half after) and whose
    search uses all it is given; the slice given."""
    budget.begin()
    clock.spend(own_ms / 2)
    given = budget.slice_ms(wanted_ms)
    clock.spend(given + own_ms / 2)
    budget.end()
    return given


def test_a_slice_is_what_the_target_leaves_after_the_frames_own_work():
    clock = Clock()
    budget = FrameBudget(clock)
    assert frame(budget, clock, own_ms=2.0) == approx(TARGET_MS - 1.0)  # nothing measured yet: only this frame's start
    assert frame(budget, clock, own_ms=2.0) == approx(TARGET_MS - 2.0)
    assert frame(budget, clock, own_ms=6.0) == approx(TARGET_MS - 3.0)  # the draw is not yet measured
    assert frame(budget, clock, own_ms=2.0) == approx(TARGET_MS - 6.0)  # the most of the recent frames
    assert frame(budget, clock, own_ms=2.0, wanted_ms=4.0) == 4.0  # never more than asked


def test_the_frames_cost_is_its_own_work_plus_the_slice_within_the_target():
    clock = Clock()
    budget = FrameBudget(clock)
    for own in [3.0, 5.0, 4.0, 7.0, 2.0, 7.0, 6.5] * 5:
        before = clock.now
        frame(budget, clock, own)
        assert (clock.now - before) * 1000 <= TARGET_MS + 7.0 / 2 + 1e-9  # at most half an unforeseen draw over


def test_a_heavy_frame_shrinks_the_slices_for_a_while_then_they_grow_again():
    clock = Clock()
    budget = FrameBudget(clock)
    frame(budget, clock, own_ms=2.0)
    frame(budget, clock, own_ms=12.0)
    shrunk = [frame(budget, clock, own_ms=2.0) for _ in range(RECENT_FRAMES)]
    assert all(given == MIN_MS for given in shrunk)
    assert frame(budget, clock, own_ms=2.0) == approx(TARGET_MS - 2.0)


def test_two_searches_in_one_frame_share_it_and_each_gets_at_least_the_minimum():
    clock = Clock()
    budget = FrameBudget(clock)
    frame(budget, clock, own_ms=4.0)
    budget.begin()
    first = budget.slice_ms(6.0)
    clock.spend(first)
    second = budget.slice_ms(100.0)
    assert first == 6.0 and second == approx(TARGET_MS - 4.0 - 6.0)
    clock.spend(second)
    assert budget.slice_ms(100.0) == MIN_MS  # a frame already spent: a search never stalls


def test_the_collector_waits_while_a_job_steps_and_comes_back_the_first_frame_without_one():
    import gc

    from pyxel_app.shell.frame_budget import COLLECTOR

    assert gc.isenabled()
    try:
        COLLECTOR.hold()
        assert not gc.isenabled()
        COLLECTOR.frame_ended()  # a job stepped in this frame
        assert not gc.isenabled()
        COLLECTOR.frame_ended()  # none did: the work ended, was cancelled or was dropped
        assert gc.isenabled() and gc.get_freeze_count() > 0
    finally:
        gc.enable()
        gc.unfreeze()
