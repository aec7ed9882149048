"""ByPuzz's screens in the order the player meets them."""

from .choose import ChooseScreen
from .config import ConfigScreen
from .play import PlayScreen, ShuffleScreen
from .preview import PreviewScreen

__all__ = ["ChooseScreen", "ConfigScreen", "PlayScreen", "PreviewScreen", "ShuffleScreen"]
