"""Every cartridge the menu lists, in menu order: adding a game adds one line here."""

from .bypuzz import ByPuzz
from .connect4 import Connect4Cartridge

CARTRIDGES = [
    ByPuzz,
    Connect4Cartridge,
]
