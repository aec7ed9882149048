"""The C64's 16 colours as VICE's "Pepto" palette; index = C64 colour number."""

PEPTO = (
    0x000000, 0xFFFFFF, 0x68372B, 0x70A4B2, 0x6F3D86, 0x588D43, 0x352879, 0xB8C76F,
    0x6F4F25, 0x433900, 0x9A6759, 0x444444, 0x6C6C6C, 0x9AD284, 0x6C5EB5, 0x959595,
)

BLACK, WHITE, RED, CYAN, PURPLE, GREEN, BLUE, YELLOW = range(8)
ORANGE, BROWN, LIGHT_RED, DARK_GREY, GREY, LIGHT_GREEN, LIGHT_BLUE, LIGHT_GREY = range(8, 16)

# Power-on colours: light blue border and text on a blue screen.
BORDER = LIGHT_BLUE
BACKGROUND = BLUE
TEXT = LIGHT_BLUE

# A list's chosen line: white on a light blue bar (the C64's own blue on it reads at 2.3:1 only).
SELECTED_BAR = LIGHT_BLUE
SELECTED_INK = WHITE
LEGIBLE = 3.0  # WCAG's least contrast ratio for large text and a control's parts: what a key or a choice needs


def luminance(colour: int) -> float:
    """WCAG's relative luminance of a palette colour, 0 (black) to 1 (white)."""
    rgb = PEPTO[colour]
    channels = [(rgb >> shift & 255) / 255 for shift in (16, 8, 0)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: int, b: int) -> float:
    """WCAG's contrast ratio of two palette colours, 1 to 21.

    >>> round(contrast(WHITE, BLACK), 1), round(contrast(LIGHT_BLUE, BLUE), 2)
    (21.0, 2.26)
    """
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def legible(ink: int, paper: int) -> int:
    """``ink`` where it reads on ``paper`` (LEGIBLE or more), else white or black, whichever reads better.

    >>> legible(BLUE, YELLOW) == BLUE, legible(BLUE, LIGHT_BLUE) == WHITE
    (True, True)
    """
    if contrast(ink, paper) >= LEGIBLE:
        return ink
    return max((WHITE, BLACK), key=lambda colour: contrast(colour, paper))


# A colour on the border (the side to move) melts into the blue screen below this ratio: Pepto's
# red and blue are 1.25:1, the same colour 1:1.  (The C64's own light blue border is 2.26:1.)
BORDER_LEAST = 1.5
# Each colour's lighter relative on the C64, for a colour too dark to show on the border.
LIGHTER = {BLACK: DARK_GREY, DARK_GREY: GREY, GREY: LIGHT_GREY, LIGHT_GREY: WHITE, RED: LIGHT_RED, BROWN: ORANGE,
           ORANGE: LIGHT_RED, PURPLE: LIGHT_RED, LIGHT_RED: WHITE, GREEN: LIGHT_GREEN, LIGHT_GREEN: WHITE,
           BLUE: LIGHT_BLUE, LIGHT_BLUE: CYAN, CYAN: WHITE, YELLOW: WHITE}


def visible_on(colour: int, background: int = BACKGROUND) -> int:
    """``colour``, or its nearest lighter relative that stands out from ``background`` by BORDER_LEAST.

    >>> visible_on(BLACK) == BLACK, visible_on(RED) == LIGHT_RED, visible_on(BLUE) == LIGHT_BLUE
    (True, True, True)
    """
    while contrast(colour, background) < BORDER_LEAST and colour in LIGHTER:
        colour = LIGHTER[colour]
    return colour
