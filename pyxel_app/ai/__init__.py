"""Opponents and solvers: searches over the rules, cooperative (a slice a frame)."""

from __future__ import annotations

from importlib import resources

# Found once, when the package loads: the first ``resources.files`` call costs ~5 ms, too
# much for a search's slice.
DATA_FILES = resources.files(__name__ + ".data")


def package_data(name: str) -> bytes:
    """The bytes of ``ai/data/<name>``.  A missing file is FileNotFoundError (each engine
    knows what it does without it); one that is there but cannot be read (a folder in its
    place, no permission) is a ValueError naming it."""
    try:
        return DATA_FILES.joinpath(name).read_bytes()
    except FileNotFoundError:
        raise
    except OSError as error:
        raise ValueError(f"{name} cannot be read ({error.strerror or error}); reinstall the game") from None
