"""Logical actions from keyboard, gamepad and mouse; cartridges never read raw keys."""

from .actions import Action
from .mapping import Bindings, Input

__all__ = ["Action", "Bindings", "Input"]
