"""What every bench module shares: the data folder and how a figure is printed.

A leaf: the modules import it, and the package (which runs them all) imports them.
"""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"


def report(name: str, value: str) -> None:
    print(f"{name}: {value}", flush=True)


def quantile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def percentiles(samples: list[float]) -> str:
    """p50, p99 and max of durations in seconds, shown in milliseconds."""
    return (f"p50 {quantile(samples, 0.5) * 1000:.3f} ms, p99 {quantile(samples, 0.99) * 1000:.3f} ms, "
            f"max {max(samples) * 1000:.3f} ms (n={len(samples)})")
