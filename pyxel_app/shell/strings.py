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
        "menu.language": "[L]anguage: {language}",
        "menu.keys_screen": "[K]eys",
        "menu.quit": "[Q]uit",
        "keys.word": "Keys.",
        "keys.intro": "RETURN on an action, then the new key.",
        "keys.waiting": "New key for {action}? (ESC cancels)",
        "keys.footer": "[RETURN] change  [D]efaults  [ESC] back",
        "keys.taken": "{key} is already {other}: not changed.",
        "keys.reserved": "{key} always stays {action}.",
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
        "msg.write_failed": "Could not save {file}: {why}. Play goes on; it is kept until you quit.",
        "msg.crashed": "Something went wrong — your game was saved. Details: {log}",
        "msg.crashed_unsaved": "Something went wrong — your game could not be saved. Details: {log}",
        "storage.set_aside": "{file} could not be used ({why}); kept as {bad}.",
        "storage.unusable": "{file} could not be used ({why}) nor set aside ({problem}); it is left alone.",
        "storage.no_folder": "The data folder {folder} cannot be used ({why}). Play goes on; nothing is saved this time.",
        "storage.not_text": "not UTF-8 text",
        "msg.save_bug": "it trips up the game; see crash.log",
        "settings.fixed": "Settings: {problems}. Defaults used there, everything else kept.",
        "msg.no_hint": "No hint here.",
        "msg.ok": "[RETURN] OK",
        "connect4.name": "Connect 4",
        "connect4.desc": "Four in a row: two players, or you against the computer.",
        "connect4.title": "C O N N E C T   4",
        "connect4.word.setup": "Players.",
        "connect4.word.play": "Playing.",
        "connect4.word.won": "Won!",
        "connect4.word.draw": "Draw.",
        "connect4.choose_mode": "Choose a game mode:",
        "connect4.mode.computer": "One player (against the computer)",
        "connect4.mode.two": "Two players",
        "connect4.choose_level": "How strong should the computer play?",
        "connect4.level.primitive": "Primitive",
        "connect4.level.easy": "Easy (looks 2 moves ahead)",
        "connect4.level.medium": "Medium (looks 4 moves ahead)",
        "connect4.level.hard": "Hard (looks up to 8 moves ahead)",
        "connect4.level.perfect": "Perfect (solves when it can in 2 s)",
        "connect4.ai_name.primitive": "Primitive AI",
        "connect4.ai_name.easy": "Easy AI",
        "connect4.ai_name.medium": "Medium AI",
        "connect4.ai_name.hard": "Hard AI",
        "connect4.ai_name.perfect": "Perfect AI",
        "connect4.seat": "Player {n}:",
        "connect4.default_name": "Player {n}",
        "connect4.enter_name": "Please enter your user name!",
        "connect4.empty_name": "(empty: {name})",
        "connect4.name_too_long": "A name has at most {n} letters.",
        "connect4.key.space": "SPACE",
        "connect4.key.delete": "DELETE",
        "connect4.key.done": "DONE",
        "connect4.keys.choose": "[↑↓] choose  [RETURN] OK  [ESC] back",
        "connect4.keys.name": "Type; [RETURN] accept, [BACKSPACE] delete",
        "connect4.keys.name_pad": "Pad: [A] letter [B] delete [START] done",
        "connect4.keys.colour": "[1]-[4] or type it; [ESC] back",
        "connect4.choose_colour": "Please choose your colour ({colours})!",
        "connect4.or": " or ",
        "connect4.colour.red": "Red",
        "connect4.colour.green": "Green",
        "connect4.colour.yellow": "Yellow",
        "connect4.colour.blue": "Blue",
        "connect4.taken_by": "({player})",
        "connect4.invalid": "Invalid choice!",
        "connect4.colour_taken": "Invalid choice! {player} has {colour} already.",
        "connect4.column_full": "This column is already full!",
        "connect4.wait_thinking": "Please wait: the computer is thinking.",
        "connect4.to_move": "{player} to move",
        "connect4.won": "{player} won with these stones: {stones}",
        "connect4.draw": "The game is a draw!",
        "connect4.moves": "Move {n}",
        "connect4.thinking": "Thinking",
        "connect4.hinting": "Hint",
        "connect4.hint": "Hint: column {column}.",
        "connect4.new_players": "New players",
        "connect4.keys.play": "[A]-[G] [1]-[7]\n[←→] [RETURN]\n drop a disc\n[Z]undo [Y]redo\n[H]int [R]estart\n[X] leave",
        "connect4.keys.over": "[N]ew game\n[P]layers\n[M]enu\n[Z]undo",
        "connect4.help": (
            "Drop discs in turn; four of your colour in a row (across, up or "
            "diagonal) wins; a full board is a draw. Choose a column with [A]-[G] "
            "or [1]-[7], or move the arrow with left/right (stick, d-pad) and drop "
            "with [RETURN], DOWN or pad A; or click a column. [Z] undo (against "
            "the computer its reply goes too), [Y] redo, [H] or pad Y hint, [R] "
            "restart, [X] leave. After a game: [N] new game, [P] new players, [M] "
            "menu. Names: type them, or pick letters with the pad. Cells are "
            "(x|y), (0|0) bottom left."
        ),
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
            "[M] mouse, [J] joystick on/off; [T] keyboard only; [G] which pad "
            "button confirms; [S] sound; [P] numbers or a picture on the tiles. "
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
        "keys.taken": "{key} ist schon {other}: nicht geändert.",
        "keys.reserved": "{key} bleibt immer {action}.",
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
        "msg.write_failed": "{file} nicht gespeichert: {why}. Es geht weiter; bis zum Beenden im Speicher.",
        "msg.crashed": "Etwas ist schiefgegangen — dein Spiel wurde gespeichert. Details: {log}",
        "msg.crashed_unsaved": "Etwas ist schiefgegangen — dein Spiel konnte nicht gespeichert werden. Details: {log}",
        "storage.set_aside": "{file} unbrauchbar ({why}); als {bad} aufbewahrt.",
        "storage.unusable": "{file} unbrauchbar ({why}), nicht umbenennbar ({problem}); bleibt, wie es ist.",
        "storage.no_folder": "Datenordner {folder} nicht nutzbar ({why}). Es geht weiter; diesmal wird nichts gespeichert.",
        "storage.not_text": "kein UTF-8-Text",
        "msg.save_bug": "das Spiel stolpert darüber; siehe crash.log",
        "settings.fixed": "Einstellungen: {problems}. Dort Standard, alles andere bleibt.",
        "msg.no_hint": "Hier gibt es keinen Tipp.",
        "msg.ok": "[RETURN] OK",
        "connect4.name": "Vier gewinnt",
        "connect4.desc": "Vier in einer Reihe: zu zweit oder gegen den Computer.",
        "connect4.title": "V I E R   G E W I N N T",
        "connect4.word.setup": "Spieler.",
        "connect4.word.play": "Spielen.",
        "connect4.word.won": "Gewonnen!",
        "connect4.word.draw": "Remis.",
        "connect4.choose_mode": "Wählen Sie einen Spielmodus:",
        "connect4.mode.computer": "Einzelspieler (KI-Modus)",
        "connect4.mode.two": "Zweispieler",
        "connect4.choose_level": "Wie stark soll der Computer spielen?",
        "connect4.level.primitive": "Primitiv",
        "connect4.level.easy": "Leicht (schaut 2 Züge voraus)",
        "connect4.level.medium": "Mittel (schaut 4 Züge voraus)",
        "connect4.level.hard": "Schwer (bis zu 8 Züge voraus)",
        "connect4.level.perfect": "Perfekt (löst, wenn es in 2 s geht)",
        "connect4.ai_name.primitive": "Primitive KI",
        "connect4.ai_name.easy": "Leichte KI",
        "connect4.ai_name.medium": "Mittlere KI",
        "connect4.ai_name.hard": "Starke KI",
        "connect4.ai_name.perfect": "Perfekte KI",
        "connect4.seat": "Spieler {n}:",
        "connect4.default_name": "Spieler {n}",
        "connect4.enter_name": "Bitte geben Sie Ihren Benutzernamen ein!",
        "connect4.empty_name": "(leer: {name})",
        "connect4.name_too_long": "Ein Name hat höchstens {n} Zeichen.",
        "connect4.key.space": "LEER",
        "connect4.key.delete": "LÖSCHEN",
        "connect4.key.done": "FERTIG",
        "connect4.keys.choose": "[↑↓] wählen  [RETURN] OK  [ESC] zurück",
        "connect4.keys.name": "Tippen; [RETURN] fertig, [BACKSPACE] löscht",
        "connect4.keys.name_pad": "Pad: [A] Zeichen [B] löschen [START] fertig",
        "connect4.keys.colour": "[1]-[4] oder eintippen; [ESC] zurück",
        "connect4.choose_colour": "Bitte wählen Sie Ihre Farbe ({colours})!",
        "connect4.or": " oder ",
        "connect4.colour.red": "Rot",
        "connect4.colour.green": "Grün",
        "connect4.colour.yellow": "Gelb",
        "connect4.colour.blue": "Blau",
        "connect4.taken_by": "({player})",
        "connect4.invalid": "Fehlerhafte Auswahl!",
        "connect4.colour_taken": "Fehlerhafte Auswahl! {player} hat schon {colour}.",
        "connect4.column_full": "Diese Spalte ist schon voll!",
        "connect4.wait_thinking": "Bitte warten: der Computer denkt nach.",
        "connect4.to_move": "{player} ist am Zug",
        "connect4.won": "{player} hat mit folgenden Steinen gewonnen: {stones}",
        "connect4.draw": "Das Spiel ist unentschieden!",
        "connect4.moves": "Zug {n}",
        "connect4.thinking": "Denkt nach",
        "connect4.hinting": "Tipp",
        "connect4.hint": "Tipp: Spalte {column}.",
        "connect4.new_players": "Neue Spieler",
        "connect4.keys.play": "[A]-[G] [1]-[7]\n[←→] [RETURN]\n Stein einwerfen\n[Z]zurück [Y]vor\n[H]Tipp [R]estart\n[X] Ende",
        "connect4.keys.over": "[N]eues Spiel\n[P] neue Spieler\n[M]enü\n[Z] zurück",
        "connect4.help": (
            "Abwechselnd Steine einwerfen; vier der eigenen Farbe in einer Reihe "
            "(waagrecht, senkrecht oder diagonal) gewinnen; volles Brett heißt "
            "unentschieden. Spalte mit [A]-[G] oder [1]-[7] wählen, oder den Pfeil "
            "mit links/rechts (Stick, Steuerkreuz) bewegen und mit [RETURN], UNTEN "
            "oder Pad A einwerfen; oder eine Spalte anklicken. [Z] zurück (gegen "
            "den Computer samt seiner Antwort), [Y] vor, [H] oder Pad Y Tipp, [R] "
            "Neustart, [X] Ende. Danach: [N] neues Spiel, [P] neue Spieler, [M] "
            "Menü. Namen eintippen oder mit dem Pad Zeichen wählen. Felder heißen "
            "(x|y), (0|0) unten links."
        ),
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
            "[M] Maus, [J] Joystick an/aus; [T] nur Tastatur; [G] welche "
            "Pad-Taste bestätigt; [S] Ton; [P] Zahlen oder Bild auf den Steinen. "
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


def set_language(language: str) -> None:
    global _language
    if language not in STRINGS:
        raise ValueError(f"unknown language {language!r}")
    _language = language


def language() -> str:
    return _language


def t(key: str, /, **values) -> str:
    table = STRINGS[_language]
    text = table.get(key) or STRINGS["en"][key]
    return text.format(**values) if values else text
