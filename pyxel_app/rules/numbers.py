"""The one way a number is read from text: settings, saves, puzzle sets, positions, scripts, the CLI.

``str.isdigit()`` says yes to "²" and "٣", which ``int()`` then refuses or reads
as 3; a 5,000-digit number makes ``int()`` raise.  Here only ASCII digits count,
the length is bounded before anything is converted, and the value must lie in
the range the caller names.

>>> parse_number("15", 0, 15)
15
>>> parse_number("-3", -10, 10)
-3
>>> parse_number("²", 0, 15)
Traceback (most recent call last):
...
pyxel_app.rules.numbers.NumberError: '²' is not a whole number
>>> parse_number("16", 0, 15, "a tile")
Traceback (most recent call last):
...
pyxel_app.rules.numbers.NumberError: a tile must be from 0 to 15, got 16
"""

from __future__ import annotations

ASCII_DIGITS = frozenset("0123456789")
# Longer than any value a caller allows (an int64 has 19 digits), short enough to convert at once.
MAX_DIGITS = 20
SHOWN = 12  # characters of a bad word quoted in a message


class NumberError(ValueError):
    """Text that is not a whole number in the allowed range; the message says which and why."""


def is_number(text: str) -> bool:
    """Plain ASCII digits, at least one, not too many: what ``parse_number`` reads as 0 or more."""
    return 0 < len(text) <= MAX_DIGITS and ASCII_DIGITS.issuperset(text)


def parse_number(text: str, low: int, high: int, what: str = "") -> int:
    """The whole number ``text`` (digits, perhaps after a ``-``) in ``low..high``."""
    digits = text[1:] if text.startswith("-") else text
    if not is_number(digits):
        raise NumberError(f"{text[:SHOWN]!r} is not a whole number" + (f" ({what})" if what else ""))
    value = int(text)
    if not low <= value <= high:
        raise NumberError(f"{what or 'a number'} must be from {low} to {high}, got {text[:SHOWN]}")
    return value
