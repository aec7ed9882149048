"""Every cartridge the menu lists, in menu order: adding a game adds one line here."""

from .bypuzz import ByPuzz

CARTRIDGES = [
    ByPuzz,
]
