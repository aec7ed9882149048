"""The logical actions every screen understands."""

from enum import Enum


class Action(Enum):
    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"
    SELECT = "select"
    BACK = "back"
    UNDO = "undo"
    REDO = "redo"
    HINT = "hint"
    MENU = "menu"
    HELP = "help"


DIRECTIONS = (Action.UP, Action.DOWN, Action.LEFT, Action.RIGHT)
