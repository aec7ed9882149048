"""A test that needs something this machine lacks: on a player's machine it skips; under CI
(``CI=true``) it fails, saying what to install, since there a skip would hide a gap."""

from __future__ import annotations

import os

import pytest


def missing(reason: str, fix: str) -> None:
    """Skip (or under CI fail) because of ``reason``; ``fix`` says what to install or change."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (CI must have it: {fix})")
    pytest.skip(f"{reason} ({fix})")
