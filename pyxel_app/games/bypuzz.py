"""ByPuzz, the C64 15-puzzle, in the registry: a game with screens of its own.

Rules: ``rules/fifteen.py`` (the CLI still knows them as ``fifteen``); solver:
``ai/fifteen.py``; screens: ``cartridges/bypuzz/``.
"""

from __future__ import annotations

from ..rules.fifteen import RULES
from .spec import GameSpec, lazy

STRINGS = {
    "en": {
        "name": "ByPuzz",
        "desc": "The C64 sliding puzzle: 15 tiles, one gap.",
        "word.play": "Playing.",
        "word.solved": "Solved!",
        "moves": "{n} moves",
        "moves.one": "1 move",
        "in_place": "{n} in place",
        "solved": "Solved in {n} moves!  [N]ew game",
        "keys": "[F1] help [Z] undo [Y] redo [R]estart [X]",
        "help": (
            "Slide the tiles until they read 1 to 15 with the gap last. "
            "A direction key moves the tile next to the gap: UP brings the "
            "tile below the gap up into it. Joystick or d-pad: the same. "
            "Mouse: click a tile in the gap's row or column; it slides with "
            "the tiles between. Every tile moved counts as a move. "
            "[N] new game after solving; [R] restart; [X]/[Q] quit."
        ),
        "word.config": "Config.",
        "word.choose": "Choose.",
        "word.preview": "Preview.",
        "word.shuffle": "Shuffling.",
        "word.build": "Building.",
        "word.check": "Checking.",
        "preset.standard": "Standard",
        "preset.transposed": "Transposed",
        "preset.mirrored": "Mirrored",
        "preset.upside_down": "Upside down",
        "preset.reversed": "Reversed",
        "preset.snake": "Snake",
        "preset.columns": "Column snake",
        "preset.spiral": "Spiral",
        "preset.diagonal": "Diagonals",
        "preset.odd_even": "Odd and even",
        "set.user": "My set",
        "set.bad": "Puzzle set {name} not loaded: {why}. Nothing was changed.",
        "error.set.count": "a set needs {most} targets, this file has {n}",
        "error.set.doubled": "{doubled} more than once (missing: {missing})",
        "error.set.name_place": "'name:' must come once, before the first target",
        "error.set.not_number": "{word} is not a number from 0 to 15",
        "error.set.row_size": "expected {most} numbers, got {n}",
        "error.set.short": "target {n} (from line {first}) has only {rows} of 4 lines",
        "error.set.target": "target {n} (from line {first}): {why}",
        "error.set.target_size": "a target needs {most} numbers, got {n}",
        "error.set.too_many": "more than {most} targets",
        "set.loaded": "Puzzle set \"{name}\" loaded: 10 new targets.",
        "confirm.quit": "Really quit ByPuzz?",
        "confirm.restart": "Really restart? Back to the puzzle choice.",
        "on": "on",
        "off": "off",
        "devices": "Mouse {mouse}, joystick {pad}.",
        "config.keys": "Keys to move the tiles:",
        "config.l": "left hand",
        "config.c": "cursor keys",
        "config.r": "right hand",
        "config.cursor_too": "(arrows always work)",
        "config.devices": "Input (the keyboard is always on):",
        "config.m": "mouse",
        "config.j": "joystick/pad",
        "config.t": "keyboard only",
        "config.g": "pad buttons",
        "config.pad.a_ok": "A ok / B back",
        "config.pad.b_ok": "B ok / A back",
        "config.game": "Game:",
        "config.s": "sound",
        "config.p": "tiles",
        "config.accept": "<RETURN> accept",
        "config.footer": "[X] quit   [F1] help",
        "config.l.cmd": "Left-hand keys",
        "config.c.cmd": "Cursor keys",
        "config.r.cmd": "Right-hand keys",
        "config.m.cmd": "Mouse on/off",
        "config.j.cmd": "Joystick on/off",
        "config.t.cmd": "Keyboard only",
        "config.g.cmd": "Pad buttons",
        "config.s.cmd": "Sound on/off",
        "config.p.cmd": "Numbers or picture",
        "config.return.cmd": "Accept",
        "tiles.numbers": "numbers",
        "tiles.picture1": "balloon",
        "tiles.picture2": "lighthouse",
        "tiles.picture3": "rocket",
        "choose.set": "[B] set:",
        "choose.set_name": "{name} ({n}/{of})",
        "choose.random": "[Z] random",
        "choose.level": "[L]evel (shortest):",
        "choose.random_name": "One of the ten, at random",
        "choose.random_view": "Random: you see the target later.",
        "choose.best": "{name}: best {n}",
        "choose.footer": "[RETURN] start [V]iew [C]onfig [P]uzzle",
        "level.easy": "easy",
        "level.normal": "normal",
        "level.hard": "hard",
        "cmd.start": "Start",
        "cmd.random": "Random target",
        "cmd.level": "Next level",
        "cmd.set": "Next puzzle set",
        "cmd.view": "View the target",
        "cmd.config": "Config screen",
        "cmd.back": "Back to the game",
        "cmd.shuffle": "Shuffle and play",
        "cmd.new": "New game",
        "cmd.check": "Check",
        "cmd.auto": "Auto check on/off",
        "cmd.reshuffle": "Same shuffle again",
        "cmd.restart": "Restart: new puzzle",
        "cmd.mouse": "Mouse on",
        "cmd.joystick": "Joystick on",
        "cmd.keys": "Keyboard only",
        "side.level": "Level",
        "side.best": "Best",
        "side.auto": "Auto",
        "side.goal": "Goal",
        "shuffle.level": "{level}",
        "auto.on": "Auto check on: solved is seen at once.",
        "auto.off": "Auto check off: press P to check.",
        "busy.shuffle": "Still shuffling: wait a moment.",
        "hint": "Hint: move {tile} ({n} to go).",
        "keys.play1": "[F1] help [V]iew [P] check [S] auto",
        "keys.play2": "[H]int [Z] undo [Y] redo [R]estart [X]/[Q]uit",
        "thinking": "Thinking",
        "par.thinking": "thinking",
        "solved.line": "{moves} - optimal {par}",
        "solved.best": "A new best for this target and level!",
        "solved.old_best": "Best for this target and level: {n}",
        "solved.keys": "[N]ew game  [V]iew  [F1] help  [X] quit",
        "preview.footer": "[RETURN] shuffle  [X] quit  [F1] help",
        "preview.caption": "This is the target:",
        "help.config": (
            "ByPuzz: slide 15 tiles through the gap into the target picture. "
            "This screen: [L] left-hand, [C] cursor or [R] right-hand keys; "
            "[M] mouse, [J] joystick on/off; [T] keyboard only (in ByPuzz; the "
            "menu always takes both); [G] which pad button confirms; [S] sound; "
            "[P] numbers or a picture on the tiles. "
            "Green = active. [RETURN] accepts; pad: d-pad and A."
        ),
        "help.choose": (
            "Choose a target: [1]-[9], [0] or [Z] random; arrows/d-pad and "
            "[RETURN]/A, or click. [L] level: easy 10-20, normal 25-35, hard "
            "45+ moves of a shortest solution. [B] next puzzle set; drop a "
            "ByMore file on the window to add one. [V] view big; [C] config; "
            "[X]/[Q] quit. Pad START: all commands."
        ),
        "help.preview": (
            "The target: bring the tiles into this picture; the gap goes where "
            "the blank is. [RETURN] or pad A shuffles and starts; [X] quits "
            "without the long shuffle; [R] back to the choice."
        ),
        "help.view": "The target picture. Any key goes back to the game.",
        "help.shuffle": (
            "Shuffling: ByPuzz looks for a start whose shortest solution fits "
            "the level, then builds the board and checks which tiles are "
            "already in place (they blink green). [X] quits."
        ),
        "help.play": (
            "A direction moves the tile next to the gap into it (UP brings the "
            "tile below the gap up); joystick the same; click a tile in the "
            "gap's row or column. [V] target; [P] or pad X check; [S] auto "
            "check on/off; [H] or pad Y hint; [M] mouse, [J] joystick on, [T] "
            "keys only; [R] new puzzle; [X]/[Q] quit. Every slide counts."
        ),
        "help.solved": (
            "Solved! The par is the length of a shortest solution from your "
            "start. [N], [RETURN] or pad A: new game; [V] view; [X]/[Q] quit."
        ),
        "eval.solo.win": "{n} moves to the goal.",
        "eval.solo.win.one": "1 move to the goal.",
        "eval.solo.won": "At the goal.",
        "eval.solo.loss": "The goal cannot be reached.",
        "eval.solo.at_least": "At least {n} moves to the goal.",
        "review.none": "No move went away from the goal.",
        "review.count": "{n} moves went away from the goal",
        "review.count.one": "1 move went away from the goal",
        "review.summary": "{count}, the first at move {n}: {best} led towards it.",
    },
    "de": {
        "name": "ByPuzz",
        "desc": "Das C64-Schiebepuzzle: 15 Steine, ein Leerfeld.",
        "word.play": "Spielen.",
        "word.solved": "Gelöst!",
        "moves": "{n} Züge",
        "moves.one": "1 Zug",
        "in_place": "{n} am Platz",
        "solved": "Gelöst in {n} Zügen!  [N]eues Spiel",
        "keys": "[F1] Hilfe [Z] rückgängig [Y] vor [R] Neu [X]",
        "help": (
            "Schiebe die Steine, bis sie 1 bis 15 zeigen, das Leerfeld zuletzt. "
            "Eine Richtungstaste bewegt den Nachbarstein des Leerfelds: "
            "OBEN holt den Stein unter dem Leerfeld nach oben. Joystick oder "
            "Steuerkreuz ebenso. Maus: einen Stein in Zeile oder Spalte des "
            "Leerfelds anklicken; er rutscht mit den Steinen dazwischen. Jede "
            "Steinbewegung zählt als Zug. [N] neues Spiel nach dem Lösen; "
            "[R] Neustart; [X]/[Q] Ende."
        ),
        "word.config": "Optionen.",
        "word.choose": "Auswahl.",
        "word.preview": "Vorschau.",
        "word.shuffle": "Mischen.",
        "word.build": "Aufbauen.",
        "word.check": "Prüfen.",
        "preset.standard": "Standard",
        "preset.transposed": "Gespiegelt diagonal",
        "preset.mirrored": "Spiegelbild",
        "preset.upside_down": "Kopfstand",
        "preset.reversed": "Rückwärts",
        "preset.snake": "Schlange",
        "preset.columns": "Spaltenschlange",
        "preset.spiral": "Spirale",
        "preset.diagonal": "Diagonalen",
        "preset.odd_even": "Ungerade, gerade",
        "set.user": "Mein Satz",
        "set.bad": "Puzzle-Satz {name} nicht geladen: {why}. Nichts wurde geändert.",
        "error.set.count": "ein Satz braucht {most} Ziele, diese Datei hat {n}",
        "error.set.doubled": "{doubled} mehr als einmal (es fehlt: {missing})",
        "error.set.name_place": "die Zeile mit dem Namen des Satzes darf nur einmal stehen, vor dem ersten Ziel",
        "error.set.not_number": "{word} ist keine Zahl von 0 bis 15",
        "error.set.row_size": "{most} Zahlen erwartet, {n} gefunden",
        "error.set.short": "Ziel {n} (ab Zeile {first}) hat nur {rows} von 4 Zeilen",
        "error.set.target": "Ziel {n} (ab Zeile {first}): {why}",
        "error.set.target_size": "ein Ziel braucht {most} Zahlen, gefunden: {n}",
        "error.set.too_many": "mehr als {most} Ziele",
        "set.loaded": "Puzzle-Satz \"{name}\" geladen: 10 neue Ziele.",
        "confirm.quit": "ByPuzz wirklich beenden?",
        "confirm.restart": "Wirklich neu starten? Zurück zur Auswahl.",
        "on": "an",
        "off": "aus",
        "devices": "Maus {mouse}, Joystick {pad}.",
        "config.keys": "Tasten zum Schieben:",
        "config.l": "Linkshänder",
        "config.c": "Cursortasten",
        "config.r": "Rechtshänder",
        "config.cursor_too": "(Pfeile gehen immer)",
        "config.devices": "Eingabe (Tastatur ist immer an):",
        "config.m": "Maus",
        "config.j": "Joystick/Pad",
        "config.t": "nur Tastatur",
        "config.g": "Pad-Tasten",
        "config.pad.a_ok": "A OK / B zurück",
        "config.pad.b_ok": "B OK / A zurück",
        "config.game": "Spiel:",
        "config.s": "Ton",
        "config.p": "Steine",
        "config.accept": "<RETURN> übernehmen",
        "config.footer": "[X] Ende   [F1] Hilfe",
        "config.l.cmd": "Linkshänder-Tasten",
        "config.c.cmd": "Cursortasten",
        "config.r.cmd": "Rechtshänder-Tasten",
        "config.m.cmd": "Maus an/aus",
        "config.j.cmd": "Joystick an/aus",
        "config.t.cmd": "Nur Tastatur",
        "config.g.cmd": "Pad-Tasten",
        "config.s.cmd": "Ton an/aus",
        "config.p.cmd": "Zahlen oder Bild",
        "config.return.cmd": "Übernehmen",
        "tiles.numbers": "Zahlen",
        "tiles.picture1": "Ballon",
        "tiles.picture2": "Leuchtturm",
        "tiles.picture3": "Rakete",
        "choose.set": "[B] Satz:",
        "choose.set_name": "{name} ({n}/{of})",
        "choose.random": "[Z]ufall",
        "choose.level": "[L] Stufe (Lösungslänge):",
        "choose.random_name": "Eins der zehn, per Zufall",
        "choose.random_view": "Zufall: das Ziel kommt nach der Wahl.",
        "choose.best": "{name}: Bestwert {n}",
        "choose.footer": "[RETURN] los [V] Ziel [C] Optionen [P] Rätsel",
        "level.easy": "leicht",
        "level.normal": "normal",
        "level.hard": "schwer",
        "cmd.start": "Los",
        "cmd.random": "Zufälliges Ziel",
        "cmd.level": "Nächste Stufe",
        "cmd.set": "Nächster Puzzle-Satz",
        "cmd.view": "Vorschau",
        "cmd.config": "Optionen",
        "cmd.back": "Zurück zum Spiel",
        "cmd.shuffle": "Mischen und spielen",
        "cmd.new": "Neues Spiel",
        "cmd.check": "Prüfen",
        "cmd.auto": "Dauerprüfung an/aus",
        "cmd.reshuffle": "Gleiche Mischung neu",
        "cmd.restart": "Neustart: neues Puzzle",
        "cmd.mouse": "Maus an",
        "cmd.joystick": "Joystick an",
        "cmd.keys": "Nur Tastatur",
        "side.level": "Stufe",
        "side.best": "Bestwert",
        "side.auto": "Automatik",
        "side.goal": "Ziel",
        "shuffle.level": "{level}",
        "auto.on": "Dauerprüfung an: Lösung wird erkannt.",
        "auto.off": "Dauerprüfung aus: mit P prüfen.",
        "busy.shuffle": "Es wird noch gemischt: einen Moment.",
        "hint": "Tipp: Stein {tile} ziehen (noch {n}).",
        "keys.play1": "[F1] Hilfe [V] Ziel [P]rüfen [S] Automatik",
        "keys.play2": "[H] Tipp [Z] rückgängig [Y] vor [R] Neu [Q] Ende",
        "thinking": "Denke nach",
        "par.thinking": "wird berechnet",
        "solved.line": "{moves} - optimal {par}",
        "solved.best": "Neuer Bestwert für Ziel und Stufe!",
        "solved.old_best": "Bestwert für Ziel und Stufe: {n}",
        "solved.keys": "[N]eues Spiel [V]orschau [F1] Hilfe [X] Ende",
        "preview.footer": "[RETURN] mischen  [X] Ende  [F1] Hilfe",
        "preview.caption": "Das ist das Ziel:",
        "help.config": (
            "ByPuzz: 15 Steine über das Leerfeld ins Zielbild schieben. "
            "Hier: [L] Linkshänder-, [C] Cursor- oder [R] Rechtshänder-Tasten; "
            "[M] Maus, [J] Joystick an/aus; [T] nur Tastatur (in ByPuzz; das "
            "Menü nimmt immer beide); [G] welche Pad-Taste bestätigt; [S] Ton; "
            "[P] Zahlen oder Bild auf den Steinen. "
            "Grün = aktiv. [Return] übernimmt; Pad: Steuerkreuz und A."
        ),
        "help.choose": (
            "Ziel wählen: [1]-[9], [0] oder [Z]ufall; Pfeile/Steuerkreuz und "
            "[Return]/A, oder klicken. [L] Stufe: leicht 10-20, normal 25-35, "
            "schwer ab 45 Züge der kürzesten Lösung. [B] nächster Puzzle-Satz; "
            "eine ByMore-Datei aufs Fenster ziehen lädt einen. [V] Vorschau; "
            "[C] Optionen; [X]/[Q] Ende. Pad START: alle Befehle."
        ),
        "help.preview": (
            "Das Ziel: die Steine in dieses Bild bringen, das Leerfeld an die "
            "leere Stelle. [Return] oder Pad A mischt und startet; [X] beendet "
            "ohne das lange Mischen; [R] zurück zur Auswahl."
        ),
        "help.view": "Das Zielbild. Eine beliebige Taste führt zurück ins Spiel.",
        "help.shuffle": (
            "Mischen: ByPuzz sucht eine Stellung, deren kürzeste Lösung zur "
            "Stufe passt, baut das Brett auf und prüft, welche Steine schon "
            "richtig liegen (sie blinken grün). [X] beendet."
        ),
        "help.play": (
            "Eine Richtung schiebt den Nachbarstein ins Leerfeld (OBEN holt den "
            "Stein darunter hoch); Joystick ebenso; oder einen Stein in Zeile/"
            "Spalte des Leerfelds anklicken. [V] Ziel; [P] oder Pad X prüfen; "
            "[S] Dauerprüfung; [H] oder Pad Y Tipp; [M] Maus, [J] Joystick an, "
            "[T] nur Tastatur; [R] neues Puzzle; [X]/[Q] Ende."
        ),
        "help.solved": (
            "Gelöst! Optimal ist die Länge einer kürzesten Lösung ab deiner "
            "Startstellung. [N], [Return] oder Pad A: neues Spiel; [V] Vorschau; "
            "[X]/[Q] Ende."
        ),
        "eval.solo.win": "{n} Züge bis zum Ziel.",
        "eval.solo.win.one": "1 Zug bis zum Ziel.",
        "eval.solo.won": "Am Ziel.",
        "eval.solo.loss": "Das Ziel ist nicht erreichbar.",
        "eval.solo.at_least": "Mindestens {n} Züge bis zum Ziel.",
        "review.none": "Kein Zug führte vom Ziel weg.",
        "review.count": "{n} Züge führten vom Ziel weg",
        "review.count.one": "1 Zug führte vom Ziel weg",
        "review.summary": "{count}, der erste bei Zug {n}: {best} führte hin.",
    },
}

SPEC = GameSpec(
    key="bypuzz",
    rules=RULES,
    strings=STRINGS,
    aliases=("fifteen",),
    cartridge="pyxel_app.cartridges.bypuzz:ByPuzz",
    puzzle_cartridge="pyxel_app.cartridges.bypuzz.puzzle:PuzzleByPuzz",
    engine=lazy("pyxel_app.ai.fifteen:make_engine"),
    solve=lazy("pyxel_app.ai.fifteen:solve_text"),
    solve_options=("goal",),
    solve_note=lazy("pyxel_app.ai.fifteen:slow_note"),
    slow_perft_depth=18,
    # Play and solved, the config screen, the puzzle choice.
    hotkeys=tuple("VPSXQRMJTHNZY" + "LCG" + "B0123456789"),
)
