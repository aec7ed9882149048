"""Every word the player reads, one table per language; English is the default.

German follows the wording of the C64 ByPuzz ("Mischen.", "Prüfen", "Züge").
``[K]`` marks a hotkey letter that the UI prints in reverse video.
"""

from __future__ import annotations

LANGUAGES = ("en", "de")

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "language.name": "English",
        "menu.word": "Menu.",
        "menu.title": "B Y P U Z Z   A R C A D E",
        "menu.choose": "Choose a cartridge:",
        "menu.keys": "[↑↓] choose  [RETURN] play  [F1] help",
        "menu.keys2": "[L]anguage: {language}   [Q]uit",
        "menu.keys2.web": "[L]anguage: {language}",
        "help.word": "Help.",
        "help.any_key": "<any key or button>",
        "help.shell": (
            "Everywhere: [F1] or pad BACK help; [ESC] or pad B back; "
            "[TAB]/[F10] or pad START game menu; [Z] undo, [Y] redo "
            "(pad shoulders); [H] or pad Y hint. Arrows, d-pad or stick "
            "move; [RETURN]/[SPACE] or pad A select; the mouse clicks."
        ),
        "confirm.yes_no": "[Y]es   [N]o",
        "confirm.quit": "Really quit?",
        "confirm.leave": "Leave this game? It is saved.",
        "confirm.restart": "Really restart?",
        "confirm.resume": "Resume your saved {game} game?",
        "pause.word": "Paused.",
        "pause.resume": "Back to the game",
        "pause.undo": "Undo",
        "pause.redo": "Redo",
        "pause.restart": "Restart",
        "pause.hint": "Hint",
        "pause.save": "Save game",
        "pause.load": "Load game",
        "pause.help": "Help",
        "pause.leave": "Leave to the menu",
        "pause.quit": "Quit",
        "msg.saved": "Game saved.",
        "msg.loaded": "Game loaded.",
        "msg.no_save": "There is no saved game yet.",
        "msg.bad_file": "{what} could not be read ({why}); kept as {bad}, defaults used.",
        "msg.bad_save": "The saved game could not be read ({why}); kept as {bad}.",
        "msg.write_failed": "Could not save: {why}",
        "msg.no_hint": "No hint here.",
        "msg.ok": "[RETURN] OK",
        "settings.what": "Settings",
        "bypuzz.name": "ByPuzz",
        "bypuzz.desc": "The C64 sliding puzzle: 15 tiles, one gap.",
        "bypuzz.word.play": "Playing.",
        "bypuzz.word.solved": "Solved!",
        "bypuzz.moves": "{n} moves",
        "bypuzz.moves.one": "1 move",
        "bypuzz.in_place": "in",
        "bypuzz.in_place2": "place",
        "bypuzz.solved": "Solved in {n} moves!  [N]ew game",
        "bypuzz.keys": "[F1]help [Z]undo [Y]redo [R]estart [X]",
        "bypuzz.help": (
            "Slide the tiles until they read 1 to 15 with the gap last. "
            "A direction key moves the tile next to the gap: UP brings the "
            "tile below the gap up into it. Joystick or d-pad: the same. "
            "Mouse: click a tile in the gap's row or column; it slides with "
            "the tiles between. Every tile moved counts as a move. "
            "[N] new game after solving; [R] restart; [X]/[Q] quit."
        ),
    },
    "de": {
        "language.name": "Deutsch",
        "menu.word": "Menü.",
        "menu.title": "B Y P U Z Z   A R C A D E",
        "menu.choose": "Modul wählen:",
        "menu.keys": "[↑↓] wählen  [RETURN] spielen  [F1] Hilfe",
        "menu.keys2": "[L] Sprache: {language}   [Q] Ende",
        "menu.keys2.web": "[L] Sprache: {language}",
        "help.word": "Hilfe.",
        "help.any_key": "<beliebige Taste>",
        "help.shell": (
            "Überall: [F1] oder Pad BACK Hilfe; [ESC] oder Pad B zurück; "
            "[TAB]/[F10] oder Pad START Spielmenü; [Z] zurücknehmen, [Y] "
            "wiederholen (Schultertasten); [H] oder Pad Y Tipp. Pfeile, "
            "Steuerkreuz oder Stick bewegen; [RETURN]/[SPACE] oder Pad A "
            "wählen; die Maus klickt."
        ),
        "confirm.yes_no": "[J]a   [N]ein",
        "confirm.quit": "Wirklich beenden?",
        "confirm.leave": "Spiel verlassen? Es wird gespeichert.",
        "confirm.restart": "Wirklich neu starten?",
        "confirm.resume": "Gespeichertes {game}-Spiel fortsetzen?",
        "pause.word": "Pause.",
        "pause.resume": "Zurück zum Spiel",
        "pause.undo": "Zug zurück",
        "pause.redo": "Zug wiederholen",
        "pause.restart": "Neustart",
        "pause.hint": "Tipp",
        "pause.save": "Spiel speichern",
        "pause.load": "Spiel laden",
        "pause.help": "Hilfe",
        "pause.leave": "Zurück zum Menü",
        "pause.quit": "Beenden",
        "msg.saved": "Spiel gespeichert.",
        "msg.loaded": "Spiel geladen.",
        "msg.no_save": "Noch kein Spiel gespeichert.",
        "msg.bad_file": "{what} unlesbar ({why}); als {bad} aufbewahrt, Standard geladen.",
        "msg.bad_save": "Spielstand unlesbar ({why}); als {bad} aufbewahrt.",
        "msg.write_failed": "Speichern fehlgeschlagen: {why}",
        "msg.no_hint": "Hier gibt es keinen Tipp.",
        "msg.ok": "[RETURN] OK",
        "settings.what": "Einstellungen",
        "bypuzz.name": "ByPuzz",
        "bypuzz.desc": "Das C64-Schiebepuzzle: 15 Steine, ein Leerfeld.",
        "bypuzz.word.play": "Spielen.",
        "bypuzz.word.solved": "Gelöst!",
        "bypuzz.moves": "{n} Züge",
        "bypuzz.moves.one": "1 Zug",
        "bypuzz.in_place": "am",
        "bypuzz.in_place2": "Platz",
        "bypuzz.solved": "Gelöst in {n} Zügen!  [N]eues Spiel",
        "bypuzz.keys": "[F1]Hilfe [Z]zurück [Y]vor [R]estart [X]",
        "bypuzz.help": (
            "Schiebe die Steine, bis sie 1 bis 15 zeigen, das Leerfeld zuletzt. "
            "Eine Richtungstaste bewegt den Nachbarstein des Leerfelds: "
            "OBEN holt den Stein unter dem Leerfeld nach oben. Joystick oder "
            "Steuerkreuz ebenso. Maus: einen Stein in Zeile oder Spalte des "
            "Leerfelds anklicken; er rutscht mit den Steinen dazwischen. Jede "
            "Steinbewegung zählt als Zug. [N] neues Spiel nach dem Lösen; "
            "[R] Neustart; [X]/[Q] Ende."
        ),
    },
}

_language = "en"


def set_language(language: str) -> None:
    global _language
    if language not in STRINGS:
        raise ValueError(f"unknown language {language!r}")
    _language = language


def language() -> str:
    return _language


def t(key: str, **values) -> str:
    table = STRINGS[_language]
    text = table.get(key) or STRINGS["en"][key]
    return text.format(**values) if values else text
