"""ByPuzz's screens in the order the player meets them, and the game's cartridge that shows them."""

from .cartridge import ByPuzzCartridge
from .choose import ChooseScreen
from .config import ConfigScreen
from .play import PlayScreen, ShuffleScreen
from .preview import PreviewScreen


class ByPuzz(ByPuzzCartridge):
    screen_classes = {"config": ConfigScreen, "choose": ChooseScreen, "preview": PreviewScreen, "play": PlayScreen}


__all__ = ["ByPuzz", "ChooseScreen", "ConfigScreen", "PlayScreen", "PreviewScreen", "ShuffleScreen"]
