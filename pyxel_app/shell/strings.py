"""Every word the player reads, one table per language; English is the default.

German follows the wording of the C64 ByPuzz ("Mischen.", "Prüfen", "Züge").
``[K]`` marks a hotkey letter that the UI prints in reverse video.
"""

from __future__ import annotations

from .. import games

LANGUAGES = ("en", "de")

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "language.name": "English",
        "menu.word": "Menu.",
        "menu.title": "B Y P U Z Z   A R C A D E",
        "menu.choose": "Choose a cartridge:",
        "menu.keys": "[↑↓] choose  [RETURN] play  [F1] help",
        "menu.language": "[L]anguage: {language}",
        "menu.keys_screen": "[K]eys",
        "menu.quit": "[Q]uit",
        "keys.word": "Keys.",
        "keys.intro": "RETURN on an action, then the new key.",
        "keys.waiting": "New key for {action}? (ESC cancels)",
        "keys.footer": "[RETURN] change  [D]efaults  [ESC] back",
        "keys.taken": "{key} is now {action} only.",
        "keys.reserved": "{key} is kept for help.",
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
        "match.word.setup": "Players.",
        "match.word.play": "Playing.",
        "match.word.won": "Won!",
        "match.word.draw": "Draw.",
        "match.choose_mode": "Choose a game mode:",
        "match.mode.computer": "One player (against the computer)",
        "match.mode.two": "Two players",
        "match.choose_level": "How strong should the computer play?",
        "match.seat": "Player {n}:",
        "match.default_name": "Player {n}",
        "match.enter_name": "Please enter your user name!",
        "match.empty_name": "(empty: {name})",
        "match.name_too_long": "A name has at most {n} letters.",
        "match.key.space": "SPACE",
        "match.key.delete": "DELETE",
        "match.key.done": "DONE",
        "match.keys.choose": "[↑↓] choose  [RETURN] OK  [ESC] back",
        "match.keys.name": "Type; [RETURN] accept, [BACKSPACE] delete",
        "match.keys.name_pad": "Pad: [A] letter [B] delete [START] done",
        "match.keys.colour": "[1]-[4] or type it; [ESC] back",
        "match.choose_colour": "Please choose your colour ({colours})!",
        "match.or": " or ",
        "match.taken_by": "({player})",
        "match.invalid": "Invalid choice!",
        "match.colour_taken": "Invalid choice! {player} has {colour} already.",
        "match.wait_thinking": "Please wait: the computer is thinking.",
        "match.to_move": "{player} to move",
        "match.draw": "The game is a draw!",
        "match.moves": "Move {n}",
        "match.thinking": "Thinking",
        "match.hinting": "Hint",
        "match.new_players": "New players",
        "match.keys.over": "[N]ew game\n[P]layers\n[M]enu\n[Z]undo",
        "match.won": "{player} won!",
        "match.computer": "Computer",
        "match.choose_first": "Who starts?",
        "match.starts": "{player} starts",
        "match.keys.play": "[Z]undo [Y]redo\n[H]int [R]estart\n[X] leave",
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
        "bypuzz.word.config": "Config.",
        "bypuzz.word.choose": "Choose.",
        "bypuzz.word.preview": "Preview.",
        "bypuzz.word.shuffle": "Shuffling.",
        "bypuzz.word.build": "Building.",
        "bypuzz.word.check": "Checking.",
        "bypuzz.preset.standard": "Standard",
        "bypuzz.preset.transposed": "Transposed",
        "bypuzz.preset.mirrored": "Mirrored",
        "bypuzz.preset.upside_down": "Upside down",
        "bypuzz.preset.reversed": "Reversed",
        "bypuzz.preset.snake": "Snake",
        "bypuzz.preset.columns": "Column snake",
        "bypuzz.preset.spiral": "Spiral",
        "bypuzz.preset.diagonal": "Diagonals",
        "bypuzz.preset.odd_even": "Odd and even",
        "bypuzz.set.user": "My set",
        "bypuzz.set.too_big": "file too big ({n} bytes)",
        "bypuzz.set.bad": "Puzzle set {name} not loaded: {why}. Nothing was changed.",
        "bypuzz.set.loaded": "Puzzle set \"{name}\" loaded: 10 new targets.",
        "bypuzz.confirm.quit": "Really quit ByPuzz?",
        "bypuzz.confirm.restart": "Really restart? Back to the puzzle choice.",
        "bypuzz.on": "on",
        "bypuzz.off": "off",
        "bypuzz.devices": "Mouse {mouse}, joystick {pad}.",
        "bypuzz.config.keys": "Keys to move the tiles:",
        "bypuzz.config.l": "left hand",
        "bypuzz.config.c": "cursor keys",
        "bypuzz.config.r": "right hand",
        "bypuzz.config.cursor_too": "(arrows always work)",
        "bypuzz.config.devices": "Input (the keyboard is always on):",
        "bypuzz.config.m": "mouse",
        "bypuzz.config.j": "joystick/pad",
        "bypuzz.config.t": "keyboard only",
        "bypuzz.config.g": "pad buttons",
        "bypuzz.config.pad.a_ok": "A ok / B back",
        "bypuzz.config.pad.b_ok": "B ok / A back",
        "bypuzz.config.game": "Game:",
        "bypuzz.config.s": "sound",
        "bypuzz.config.p": "tiles",
        "bypuzz.config.accept": "<RETURN> accept",
        "bypuzz.config.footer": "[X] quit   [F1] help",
        "bypuzz.config.l.cmd": "Left-hand keys",
        "bypuzz.config.c.cmd": "Cursor keys",
        "bypuzz.config.r.cmd": "Right-hand keys",
        "bypuzz.config.m.cmd": "Mouse on/off",
        "bypuzz.config.j.cmd": "Joystick on/off",
        "bypuzz.config.t.cmd": "Keyboard only",
        "bypuzz.config.g.cmd": "Pad buttons",
        "bypuzz.config.s.cmd": "Sound on/off",
        "bypuzz.config.p.cmd": "Numbers or picture",
        "bypuzz.config.return.cmd": "Accept",
        "bypuzz.tiles.numbers": "numbers",
        "bypuzz.tiles.picture1": "balloon",
        "bypuzz.tiles.picture2": "lighthouse",
        "bypuzz.tiles.picture3": "rocket",
        "bypuzz.choose.set": "[B] set: {name} ({n}/{of})",
        "bypuzz.choose.random": "[Z] random",
        "bypuzz.choose.level": "[L]evel (shortest):",
        "bypuzz.choose.random_name": "One of the ten, at random",
        "bypuzz.choose.random_view": "Random: the target shows after the choice.",
        "bypuzz.choose.best": "{name}: best {n}",
        "bypuzz.choose.footer": "[RETURN] start [V]iew [C]onfig [X] quit",
        "bypuzz.level.easy": "easy",
        "bypuzz.level.normal": "normal",
        "bypuzz.level.hard": "hard",
        "bypuzz.cmd.start": "Start",
        "bypuzz.cmd.random": "Random target",
        "bypuzz.cmd.level": "Next level",
        "bypuzz.cmd.set": "Next puzzle set",
        "bypuzz.cmd.view": "View the target",
        "bypuzz.cmd.config": "Config screen",
        "bypuzz.cmd.quit": "Quit ByPuzz",
        "bypuzz.cmd.back": "Back to the game",
        "bypuzz.cmd.shuffle": "Shuffle and play",
        "bypuzz.cmd.new": "New game",
        "bypuzz.cmd.check": "Check",
        "bypuzz.cmd.auto": "Auto check on/off",
        "bypuzz.cmd.reshuffle": "Same shuffle again",
        "bypuzz.cmd.restart": "Restart: new puzzle",
        "bypuzz.cmd.mouse": "Mouse on",
        "bypuzz.cmd.joystick": "Joystick on",
        "bypuzz.cmd.keys": "Keyboard only",
        "bypuzz.side.level": "Level",
        "bypuzz.side.best": "Best",
        "bypuzz.side.auto": "Auto",
        "bypuzz.side.goal": "Goal",
        "bypuzz.shuffle.level": "{level}",
        "bypuzz.auto.on": "Auto check on: solved is seen at once.",
        "bypuzz.auto.off": "Auto check off: press P to check.",
        "bypuzz.hint": "Hint: move {tile} ({n} to go).",
        "bypuzz.keys.play1": "[V]iew [P]check [S]auto [H]int [R]estart",
        "bypuzz.keys.play2": "[M]ouse [J]oy [T]keys [Z]undo [X]quit",
        "bypuzz.thinking": "Thinking",
        "bypuzz.par.thinking": "thinking",
        "bypuzz.solved.line": "{n} moves - optimal {par}",
        "bypuzz.solved.best": "A new best for this target and level!",
        "bypuzz.solved.old_best": "Best for this target and level: {n}",
        "bypuzz.solved.keys": "[N]ew game   [V]iew   [X] quit",
        "bypuzz.preview.footer": "[RETURN] shuffle  [X] quit  [F1] help",
        "bypuzz.preview.caption": "This is the target:",
        "bypuzz.help.config": (
            "ByPuzz: slide 15 tiles through the gap into the target picture. "
            "This screen: [L] left-hand, [C] cursor or [R] right-hand keys; "
            "[M] mouse, [J] joystick on/off; [T] keyboard only (in ByPuzz; the "
            "menu always takes both); [G] which pad button confirms; [S] sound; "
            "[P] numbers or a picture on the tiles. "
            "Green = active. [RETURN] accepts; pad: d-pad and A."
        ),
        "bypuzz.help.choose": (
            "Choose a target: [1]-[9], [0] or [Z] random; arrows/d-pad and "
            "[RETURN]/A, or click. [L] level: easy 10-20, normal 25-35, hard "
            "45+ moves of a shortest solution. [B] next puzzle set; drop a "
            "ByMore file on the window to add one. [V] view big; [C] config; "
            "[X]/[Q] quit. Pad START: all commands."
        ),
        "bypuzz.help.preview": (
            "The target: bring the tiles into this picture; the gap goes where "
            "the blank is. [RETURN] or pad A shuffles and starts; [X] quits "
            "without the long shuffle; [R] back to the choice."
        ),
        "bypuzz.help.view": "The target picture. Any key goes back to the game.",
        "bypuzz.help.shuffle": (
            "Shuffling: ByPuzz looks for a start whose shortest solution fits "
            "the level, then builds the board and checks which tiles are "
            "already in place (they blink green). [X] quits."
        ),
        "bypuzz.help.play": (
            "A direction moves the tile next to the gap into it (UP brings the "
            "tile below the gap up); joystick the same; click a tile in the "
            "gap's row or column. [V] target; [P] or pad X check; [S] auto "
            "check on/off; [H] or pad Y hint; [M] mouse, [J] joystick on, [T] "
            "keys only; [R] new puzzle; [X]/[Q] quit. Every slide counts."
        ),
        "bypuzz.help.solved": (
            "Solved! The par is the length of a shortest solution from your "
            "start. [N], [RETURN] or pad A: new game; [V] view; [X]/[Q] quit."
        ),
    },
    "de": {
        "language.name": "Deutsch",
        "menu.word": "Menü.",
        "menu.title": "B Y P U Z Z   A R C A D E",
        "menu.choose": "Modul wählen:",
        "menu.keys": "[↑↓] wählen  [RETURN] spielen  [F1] Hilfe",
        "menu.language": "[L] Sprache: {language}",
        "menu.keys_screen": "[K] Tasten",
        "menu.quit": "[Q] Ende",
        "keys.word": "Tasten.",
        "keys.intro": "RETURN auf Aktion, dann neue Taste.",
        "keys.waiting": "Neue Taste für {action}? (ESC: Abbruch)",
        "keys.footer": "[RETURN] ändern  [D] Standard  [ESC] zurück",
        "keys.taken": "{key} ist jetzt nur noch {action}.",
        "keys.reserved": "{key} bleibt für die Hilfe.",
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
        "match.word.setup": "Spieler.",
        "match.word.play": "Spielen.",
        "match.word.won": "Gewonnen!",
        "match.word.draw": "Remis.",
        "match.choose_mode": "Wählen Sie einen Spielmodus:",
        "match.mode.computer": "Einzelspieler (KI-Modus)",
        "match.mode.two": "Zweispieler",
        "match.choose_level": "Wie stark soll der Computer spielen?",
        "match.seat": "Spieler {n}:",
        "match.default_name": "Spieler {n}",
        "match.enter_name": "Bitte geben Sie Ihren Benutzernamen ein!",
        "match.empty_name": "(leer: {name})",
        "match.name_too_long": "Ein Name hat höchstens {n} Zeichen.",
        "match.key.space": "LEER",
        "match.key.delete": "LÖSCHEN",
        "match.key.done": "FERTIG",
        "match.keys.choose": "[↑↓] wählen  [RETURN] OK  [ESC] zurück",
        "match.keys.name": "Tippen; [RETURN] fertig, [BACKSPACE] löscht",
        "match.keys.name_pad": "Pad: [A] Zeichen [B] löschen [START] fertig",
        "match.keys.colour": "[1]-[4] oder eintippen; [ESC] zurück",
        "match.choose_colour": "Bitte wählen Sie Ihre Farbe ({colours})!",
        "match.or": " oder ",
        "match.taken_by": "({player})",
        "match.invalid": "Fehlerhafte Auswahl!",
        "match.colour_taken": "Fehlerhafte Auswahl! {player} hat schon {colour}.",
        "match.wait_thinking": "Bitte warten: der Computer denkt nach.",
        "match.to_move": "{player} ist am Zug",
        "match.draw": "Das Spiel ist unentschieden!",
        "match.moves": "Zug {n}",
        "match.thinking": "Denkt nach",
        "match.hinting": "Tipp",
        "match.new_players": "Neue Spieler",
        "match.keys.over": "[N]eues Spiel\n[P] neue Spieler\n[M]enü\n[Z] zurück",
        "match.won": "{player} hat gewonnen!",
        "match.computer": "Computer",
        "match.choose_first": "Wer fängt an?",
        "match.starts": "{player} fängt an",
        "match.keys.play": "[Z]zurück [Y]vor\n[H]Tipp [R]estart\n[X] Ende",
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
        "bypuzz.word.config": "Konfig.",
        "bypuzz.word.choose": "Auswahl.",
        "bypuzz.word.preview": "Vorschau",
        "bypuzz.word.shuffle": "Mischen.",
        "bypuzz.word.build": "Aufbauen",
        "bypuzz.word.check": "Prüfen.",
        "bypuzz.preset.standard": "Standard",
        "bypuzz.preset.transposed": "Gespiegelt diagonal",
        "bypuzz.preset.mirrored": "Spiegelbild",
        "bypuzz.preset.upside_down": "Kopfstand",
        "bypuzz.preset.reversed": "Rückwärts",
        "bypuzz.preset.snake": "Schlange",
        "bypuzz.preset.columns": "Spaltenschlange",
        "bypuzz.preset.spiral": "Spirale",
        "bypuzz.preset.diagonal": "Diagonalen",
        "bypuzz.preset.odd_even": "Ungerade, gerade",
        "bypuzz.set.user": "Mein Satz",
        "bypuzz.set.too_big": "Datei zu groß ({n} Bytes)",
        "bypuzz.set.bad": "Puzzle-Satz {name} nicht geladen: {why}. Nichts wurde geändert.",
        "bypuzz.set.loaded": "Puzzle-Satz \"{name}\" geladen: 10 neue Ziele.",
        "bypuzz.confirm.quit": "ByPuzz wirklich beenden?",
        "bypuzz.confirm.restart": "Wirklich neu starten? Zurück zur Auswahl.",
        "bypuzz.on": "an",
        "bypuzz.off": "aus",
        "bypuzz.devices": "Maus {mouse}, Joystick {pad}.",
        "bypuzz.config.keys": "Tasten zum Schieben:",
        "bypuzz.config.l": "Linkshänder",
        "bypuzz.config.c": "Cursortasten",
        "bypuzz.config.r": "Rechtshänder",
        "bypuzz.config.cursor_too": "(Pfeile gehen immer)",
        "bypuzz.config.devices": "Eingabe (Tastatur ist immer an):",
        "bypuzz.config.m": "Maus",
        "bypuzz.config.j": "Joystick/Pad",
        "bypuzz.config.t": "nur Tastatur",
        "bypuzz.config.g": "Pad-Tasten",
        "bypuzz.config.pad.a_ok": "A OK / B zurück",
        "bypuzz.config.pad.b_ok": "B OK / A zurück",
        "bypuzz.config.game": "Spiel:",
        "bypuzz.config.s": "Ton",
        "bypuzz.config.p": "Steine",
        "bypuzz.config.accept": "<RETURN> übernehmen",
        "bypuzz.config.footer": "[X] Ende   [F1] Hilfe",
        "bypuzz.config.l.cmd": "Linkshänder-Tasten",
        "bypuzz.config.c.cmd": "Cursortasten",
        "bypuzz.config.r.cmd": "Rechtshänder-Tasten",
        "bypuzz.config.m.cmd": "Maus an/aus",
        "bypuzz.config.j.cmd": "Joystick an/aus",
        "bypuzz.config.t.cmd": "Nur Tastatur",
        "bypuzz.config.g.cmd": "Pad-Tasten",
        "bypuzz.config.s.cmd": "Ton an/aus",
        "bypuzz.config.p.cmd": "Zahlen oder Bild",
        "bypuzz.config.return.cmd": "Übernehmen",
        "bypuzz.tiles.numbers": "Zahlen",
        "bypuzz.tiles.picture1": "Ballon",
        "bypuzz.tiles.picture2": "Leuchtturm",
        "bypuzz.tiles.picture3": "Rakete",
        "bypuzz.choose.set": "[B] Satz: {name} ({n}/{of})",
        "bypuzz.choose.random": "[Z]ufall",
        "bypuzz.choose.level": "[L] Stufe (kürzeste):",
        "bypuzz.choose.random_name": "Eins der zehn, per Zufall",
        "bypuzz.choose.random_view": "Zufall: das Ziel erscheint nach der Wahl.",
        "bypuzz.choose.best": "{name}: Bestwert {n}",
        "bypuzz.choose.footer": "[RETURN] los [V]orschau [C]onfig [X]Ende",
        "bypuzz.level.easy": "leicht",
        "bypuzz.level.normal": "normal",
        "bypuzz.level.hard": "schwer",
        "bypuzz.cmd.start": "Los",
        "bypuzz.cmd.random": "Zufälliges Ziel",
        "bypuzz.cmd.level": "Nächste Stufe",
        "bypuzz.cmd.set": "Nächster Puzzle-Satz",
        "bypuzz.cmd.view": "Vorschau",
        "bypuzz.cmd.config": "Konfiguration",
        "bypuzz.cmd.quit": "ByPuzz beenden",
        "bypuzz.cmd.back": "Zurück zum Spiel",
        "bypuzz.cmd.shuffle": "Mischen und spielen",
        "bypuzz.cmd.new": "Neues Spiel",
        "bypuzz.cmd.check": "Prüfen",
        "bypuzz.cmd.auto": "Dauerprüfung an/aus",
        "bypuzz.cmd.reshuffle": "Gleiche Mischung neu",
        "bypuzz.cmd.restart": "Neustart: neues Puzzle",
        "bypuzz.cmd.mouse": "Maus an",
        "bypuzz.cmd.joystick": "Joystick an",
        "bypuzz.cmd.keys": "Nur Tastatur",
        "bypuzz.side.level": "Stufe",
        "bypuzz.side.best": "Best",
        "bypuzz.side.auto": "Auto",
        "bypuzz.side.goal": "Ziel",
        "bypuzz.shuffle.level": "{level}",
        "bypuzz.auto.on": "Dauerprüfung an: gelöst wird sofort erkannt.",
        "bypuzz.auto.off": "Dauerprüfung aus: P drücken zum Prüfen.",
        "bypuzz.hint": "Tipp: Stein {tile} ziehen (noch {n}).",
        "bypuzz.keys.play1": "[V]orschau [P]rüfen [S]:auto [H]:Tipp",
        "bypuzz.keys.play2": "[R]estart [M]aus [J]oy [T]ast. [X]Ende",
        "bypuzz.thinking": "Denke nach",
        "bypuzz.par.thinking": "wird berechnet",
        "bypuzz.solved.line": "{n} Züge - optimal {par}",
        "bypuzz.solved.best": "Neuer Bestwert für Ziel und Stufe!",
        "bypuzz.solved.old_best": "Bestwert für Ziel und Stufe: {n}",
        "bypuzz.solved.keys": "[N]eues Spiel   [V]orschau   [X] Ende",
        "bypuzz.preview.footer": "[RETURN] mischen  [X] Ende  [F1] Hilfe",
        "bypuzz.preview.caption": "Das ist das Ziel:",
        "bypuzz.help.config": (
            "ByPuzz: 15 Steine über das Leerfeld ins Zielbild schieben. "
            "Hier: [L] Linkshänder-, [C] Cursor- oder [R] Rechtshänder-Tasten; "
            "[M] Maus, [J] Joystick an/aus; [T] nur Tastatur (in ByPuzz; das "
            "Menü nimmt immer beide); [G] welche Pad-Taste bestätigt; [S] Ton; "
            "[P] Zahlen oder Bild auf den Steinen. "
            "Grün = aktiv. [RETURN] übernimmt; Pad: Steuerkreuz und A."
        ),
        "bypuzz.help.choose": (
            "Ziel wählen: [1]-[9], [0] oder [Z]ufall; Pfeile/Steuerkreuz und "
            "[RETURN]/A, oder klicken. [L] Stufe: leicht 10-20, normal 25-35, "
            "schwer ab 45 Züge der kürzesten Lösung. [B] nächster Puzzle-Satz; "
            "eine ByMore-Datei aufs Fenster ziehen lädt einen. [V] Vorschau; "
            "[C] Konfiguration; [X]/[Q] Ende. Pad START: alle Befehle."
        ),
        "bypuzz.help.preview": (
            "Das Ziel: die Steine in dieses Bild bringen, das Leerfeld an die "
            "leere Stelle. [RETURN] oder Pad A mischt und startet; [X] beendet "
            "ohne das lange Mischen; [R] zurück zur Auswahl."
        ),
        "bypuzz.help.view": "Das Zielbild. Eine beliebige Taste führt zurück ins Spiel.",
        "bypuzz.help.shuffle": (
            "Mischen: ByPuzz sucht eine Stellung, deren kürzeste Lösung zur "
            "Stufe passt, baut das Brett auf und prüft, welche Steine schon "
            "richtig liegen (sie blinken grün). [X] beendet."
        ),
        "bypuzz.help.play": (
            "Eine Richtung schiebt den Nachbarstein ins Leerfeld (OBEN holt den "
            "Stein darunter hoch); Joystick ebenso; oder einen Stein in Zeile/"
            "Spalte des Leerfelds anklicken. [V] Ziel; [P] oder Pad X prüfen; "
            "[S] Dauerprüfung; [H] oder Pad Y Tipp; [M] Maus, [J] Joystick an, "
            "[T] nur Tastatur; [R] neues Puzzle; [X]/[Q] Ende."
        ),
        "bypuzz.help.solved": (
            "Gelöst! Optimal ist die Länge einer kürzesten Lösung ab deiner "
            "Startstellung. [N], [RETURN] oder Pad A: neues Spiel; [V] Vorschau; "
            "[X]/[Q] Ende."
        ),
    },
}

_language = "en"
_merged: dict[str, dict[str, str]] = {}
_merged_version = -1


def table(language: str) -> dict[str, str]:
    """The shell's words plus every registered game's, each game's under ``<key>.``."""
    global _merged_version
    if _merged_version != games.version:
        _merged.clear()
        _merged_version = games.version
    merged = _merged.get(language)
    if merged is None:
        merged = dict(STRINGS[language])
        for spec in games.GAMES:
            merged.update((f"{spec.key}.{key}", text) for key, text in spec.strings.get(language, {}).items())
        _merged[language] = merged
    return merged


def set_language(language: str) -> None:
    global _language
    if language not in STRINGS:
        raise ValueError(f"unknown language {language!r}")
    _language = language


def language() -> str:
    return _language


def has(key: str) -> bool:
    return key in table("en")


def text_in(language: str, key: str) -> str:
    """``key`` in ``language``, falling back to English."""
    return table(language).get(key) or table("en")[key]


def t(key: str, /, **values) -> str:
    text = text_in(_language, key)
    return text.format(**values) if values else text
