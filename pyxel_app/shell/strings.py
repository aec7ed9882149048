"""Every word the player reads, one table per language; English is the default.

German follows the wording of the C64 ByPuzz ("Mischen.", "Prüfen", "Züge").
``[K]`` marks a hotkey letter that the UI prints in reverse video.
"""

from __future__ import annotations

import errno

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
        "title.press": "press any key or button",
        "title.demo": "DEMO - press any key or button",
        "keys.word": "Keys.",
        "keys.intro": "RETURN on an action, then the new key.",
        "keys.waiting": "New key for {action}? (ESC cancels)",
        "keys.footer": "[RETURN] change  [D]efaults  [ESC] back",
        "keys.taken": "{key} is already {other}: not changed.",
        "keys.reserved": "{key} always stays {action}.",
        "help.word": "Help.",
        "help.any_key": "<any key or button>",
        "help.footer": "[ESC] back (or any other key)",
        "help.footer.scroll": "[↑↓] scroll  [ESC] back (or any key)",
        "help.shell": (
            "Everywhere: [F1] or pad BACK help; [ESC] or pad B back; "
            "[TAB]/[F10] or pad START game menu; [Z] undo, [Y] redo "
            "(pad shoulders); [H] or pad Y hint. Arrows, d-pad or stick "
            "move; [RETURN]/[SPACE] or pad A select; the mouse clicks."
        ),
        "help.menu": (
            "The cartridge menu. Choose a game with the arrows, the d-pad or "
            "the mouse wheel; [RETURN], pad A or a click starts it, and a game "
            "left unfinished is offered again. [L] switches the language "
            "(English/Deutsch); [K] opens the Keys screen; [Q] or [ESC] quits."
        ),
        "help.keys": (
            "The Keys screen. Choose an action with the arrows and press "
            "[RETURN], then the new key for it; [ESC] cancels. A key that "
            "already does something else is refused. [D] brings back the "
            "defaults; [ESC] returns to the menu. Keys are kept in the settings."
        ),
        "confirm.yes_no": "[Y]es   [N]o",
        "confirm.quit": "Really quit?",
        "confirm.leave": "Leave this game? It is saved.",
        "confirm.leave_unsaved": "Leave this game? It could not be saved and is kept only until you quit.",
        "confirm.new_game": "Start a new game? The game in progress is lost.",
        "confirm.load": "Load the saved game? The game in progress is lost.",
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
        "pause.leave": "Leave {game}",
        "pause.quit": "Quit the app",
        "pause.footer": "[↑↓] choose  [RETURN] OK  [ESC] back",
        "pause.footer.scroll": "[↑↓] scroll  [RETURN] OK  [ESC] back",
        "msg.saved": "Game saved.",
        "msg.not_saved": "Not saved: kept only until you quit.",
        "msg.loaded": "Game loaded.",
        "msg.no_save": "There is no saved game yet.",
        "msg.write_failed": "Could not save {file}: {why}. Play goes on; it is kept until you quit.",
        "msg.crashed": "Something went wrong — your game was saved. Details: {log}",
        "msg.crashed_unsaved": "Something went wrong — your game could not be saved. Details: {log}",
        "msg.crashed_no_game": "Something went wrong. Details: {log}",
        "storage.set_aside": "{file} could not be used ({why}); kept as {bad}.",
        "storage.unusable": "{file} could not be used ({why}) nor set aside ({problem}); it is left alone.",
        "storage.no_folder": "The data folder {folder} cannot be used ({why}). Play goes on; nothing is saved this time.",
        "storage.too_big": "too big, more than {limit} bytes",
        "storage.kind.folder": "a folder, not a file",
        "storage.kind.pipe": "a named pipe, not a file",
        "storage.kind.device": "a device, not a file",
        "storage.kind.other": "not a plain file",
        "settings.odd_key": "{key}: a key with odd characters",
        "msg.save_bug": "it trips up the game; see crash.log",
        "settings.fixed": "Settings: {problems}. Defaults used there, everything else kept.",
        "msg.no_hint": "No hint here.",
        "msg.save_kept": "Old game kept until your first move.",
        "msg.ok": "[RETURN] OK",
        "match.word.setup": "Players.",
        "match.word.rules": "Rules.",
        "match.word.play": "Playing.",
        "match.word.won": "You won!",
        "match.word.lost": "You lost.",
        "match.word.side_won": "{colour} won!",
        "match.word.draw": "Draw.",
        "match.choose_mode": "Choose a game mode:",
        "match.mode.computer": "One player (against the computer)",
        "match.mode.two": "Two players",
        "match.choose_level": "How strongly should the computer play?",
        "match.choose_variant": "Which rules?",
        "match.seat": "Player {n}:",
        "match.default_name": "Player {n}",
        "match.enter_name": "Please enter your user name!",
        "match.empty_name": "(empty: {name})",
        "match.name_too_long": "A name has at most {n} letters.",
        "match.key.space": "SPACE",
        "match.key.delete": "DELETE",
        "match.key.done": "DONE",
        "match.keys.choose": "[↑↓] choose [RETURN] OK [ESC] back [F1] help",
        "match.keys.name": "Type; [RETURN] accept, [BACKSPACE] delete",
        "match.keys.name_pad": "Pad: [A] letter [B] delete [START] done",
        "match.keys.colour": "[1]-[4] or type it; [ESC] back; [F1] help",
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
        "match.keys.over": "[N]ew game\n[P]layers\n[M]enu\n[Z] undo\n[F1] help",
        "match.keys.over_net": "[N]ew game?\n[M]enu\n[Z] ask to undo\n[F1] help",
        "match.won": "{player} won!",
        "match.computer": "Computer",
        "match.choose_first": "Who starts?",
        "match.starts": "{player} starts",
        "match.keys.play": "[Z] undo [Y] redo\n[H]int [R]estart\n[F1] help [X] leave",
        "match.keys.net": "[Z] ask to undo\n[TAB] menu\n[F1] help [X] leave",
        "net.help": (
            "Network: one computer hosts, the other joins with its address. [Z] asks the other "
            "player to take your last move back; the game menu ([TAB], pad START) offers a draw "
            "or resigns; after the end [N] asks for a new game, the sides swapped. A dropped "
            "connection keeps the game: reconnect from the question or the game menu."
        ),
        "net.mode.host": "Host a network game",
        "net.mode.join": "Join a network game",
        "net.word": "Network.",
        "net.hosting": "Waiting for the other player to join.",
        "net.tell": "On the other computer choose \"Join a network game\" and type one of these addresses:",
        "net.port": "port {port}",
        "net.waiting": "Waiting {time}",
        "net.keys.cancel": "[ESC] cancel  [F1] help",
        "net.keys.retry": "[RETURN] try again  [ESC] back",
        "net.address": "Address of the computer that hosts (name or number, :port if not {port}):",
        "net.keys.address": "Type; [RETURN] connect, [BACKSPACE] delete",
        "net.connecting": "Connecting to {address}.",
        "net.other_player": "the other player",
        "net.waiting_for": "Waiting for {player} {time}",
        "net.wait_turn": "Please wait: it is {player}'s turn.",
        "net.online": "Connected",
        "net.linking": "Connecting",
        "net.offline": "Not connected",
        "net.back_soon": "Waiting for {player} on port {port} {time}",
        "net.lost": "Connection lost: {why}",
        "net.not_now": "Not connected: {why}",
        "net.ask_reconnect": "Connection lost: {why}. Reconnect?",
        "net.ask_back": "A network game with {player}: reconnect now?",
        "net.left": "{player} left the game.",
        "net.not_connected": "Not connected to the other computer.",
        "net.undo_asked": "Asked {player} to take back your last move.",
        "net.ask_undo": "{player} asks to take the game back to move {n}. Agree?",
        "net.undo_done": "Taken back, as agreed.",
        "net.undo_refused": "{player} does not agree to take back.",
        "net.draw_offered": "Draw offered to {player}.",
        "net.ask_draw": "{player} offers a draw. Accept?",
        "net.draw_refused": "{player} declines the draw.",
        "net.draw_agreed": "The game is drawn by agreement.",
        "net.resigned": "{player} resigned: {winner} wins.",
        "net.confirm_resign": "Really resign this game?",
        "net.peer_error": "{player}: {text}",
        "net.refused_move": "Move {n} from {player} is not legal here: refused.",
        "net.only_here": "Not in a network game: both play on from here.",
        "net.new_asked": "Asked {player} for a new game (the sides swap).",
        "net.ask_new": "{player} asks for a new game, the sides swapped. Play?",
        "net.new_refused": "{player} does not want a new game now.",
        "net.bad_address": "Not an address: {address}",
        "net.mismatch": "The two games differ (here {here} moves, there {there}): not resumed.",
        "net.version": "The other computer speaks protocol version {theirs}, this one {ours}: update both.",
        "net.other_game": "The other computer is playing {theirs}, not {ours}.",
        "net.variant": "The other computer plays the variant {theirs}, which this one does not know.",
        "net.variant_differs": "The other computer plays the variant {theirs}, this one {ours}.",
        "net.same_side": "Both computers want to play side {side}.",
        "net.slow": "The other computer did not greet within {seconds} s.",
        "net.own_move": "The other computer sent move {n}, which is this side's to make: not resumed.",
        "net.turned_away": "A connection was turned away: {why}.",
        "net.away.version": "another protocol version",
        "net.away.other_game": "another game",
        "net.away.variant": "another variant",
        "net.away.variant_differs": "another variant",
        "net.away.same_side": "the same side",
        "net.away.mismatch": "the moves of another game",
        "net.away.own_move": "it sent a move of this side",
        "net.away.protocol": "not the protocol",
        "net.away.slow": "too slow to greet",
        "net.away.refused": "it refused this game",
        "net.away.other": "it did not fit",
        "net.cmd.draw": "Offer a draw",
        "net.cmd.resign": "Resign",
        "net.cmd.reconnect": "Reconnect",
        "net.why.closed": "the other computer closed the connection",
        "net.why.cut": "the connection was cut",
        "net.why.silent": "no answer for {detail} s",
        "net.why.garbage": "the other computer sent something unreadable ({detail})",
        "net.why.flood": "the other computer does not take what is sent",
        "net.why.refused": "nobody is hosting a game there",
        "net.why.unknown_host": "that address is not known",
        "net.why.port_in_use": "that port is in use",
        "net.why.port_denied": "that port is not permitted here",
        "net.why.unreachable": "that computer cannot be reached",
        "net.why.left": "the other player left",
        "net.why.protocol": "the other computer broke the protocol ({detail})",
        "net.why.other": "{detail}",
        "net.why.not_here": "this computer has no such address",
        "net.why.network": "a network error ({detail})",
        "net.why.asking": "the other computer asked more than {detail} questions a minute",
        "net.why.busy": "the other computer was greeting another one",
        "net.why.slow": "no greeting within {detail} s",
        "net.bad.unknown_command": "an unknown command \"{verb}\"",
        "net.bad.unreadable": "{verb} with unreadable text",
        "net.bad.not_number": "{verb} without its number",
        "net.bad.extra_fields": "{verb} with more than it takes",
        "net.bad.no_move": "MOVE without a move",
        "net.bad.not_digest": "RESUME without its digest",
        "net.bad.hello": "a greeting without game, variant and side",
        "net.bad.too_long": "a line longer than {n} bytes",
        "net.bad.not_utf8": "a line that is not text",
        "net.bad.before_hello": "{verb} before the greeting",
        "net.bad.out_of_turn": "{verb} out of turn",
        "net.bad.other": "a line that is not the protocol",
        "net.peer.move": "The other computer refused a move: the games are out of step.",
        "net.peer.order": "The other computer was not ready for that.",
        "net.peer.asked": "The other computer knows of no such question.",
        "net.peer.protocol": "The other computer could not read this one.",
        "net.peer.version": "The other computer speaks another protocol version: update both.",
        "net.peer.other_game": "The other computer is playing another game.",
        "net.peer.variant": "The other computer does not know this variant.",
        "net.peer.variant_differs": "The other computer plays another variant.",
        "net.peer.same_side": "The other computer wants to play the same side.",
        "net.peer.mismatch": "The other computer has another game: not resumed.",
        "net.peer.busy": "The other computer is greeting someone else: try again shortly.",
        "net.peer.slow": "The other computer waited too long for the greeting.",
        "net.peer.own_move": "The other computer makes its own moves: not resumed.",
        "net.peer.asking": "The other computer was asked too many questions: disconnected.",
        "net.bad_port": "The port must be a number from 1 to 65535.",
        "keys.action.up": "Move up",
        "keys.action.down": "Move down",
        "keys.action.left": "Move left",
        "keys.action.right": "Move right",
        "keys.action.select": "Select",
        "keys.action.back": "Back",
        "keys.action.undo": "Undo",
        "keys.action.redo": "Redo",
        "keys.action.hint": "Hint",
        "keys.action.menu": "Game menu",
        "keys.action.help": "Help",
        "keys.clash": "{key} is also a key of {games}: there it does both.",
        "keyname.SPACE": "Space",
        "keyname.BACKSPACE": "Backspace",
        "keyname.DELETE": "Delete",
        "keyname.INSERT": "Insert",
        "keyname.HOME": "Home",
        "keyname.END": "End",
        "keyname.PAGEUP": "Page up",
        "keyname.PAGEDOWN": "Page down",
        "keyname.keypad": "Keypad {key}",
        "error.line": "line {n}: {text}",
        "error.variant": "unknown variant {variant}; choose from {variants}",
        "error.file.too_big": "file too big ({n} bytes, at most {most})",
        "error.os.other": "the file cannot be used ({name})",
        "error.os.EACCES": "permission denied",
        "error.os.EPERM": "not permitted",
        "error.os.ENOENT": "no such file or folder",
        "error.os.ENOTDIR": "a file is in the way of the folder",
        "error.os.EISDIR": "a folder, not a file",
        "error.os.EROFS": "the disk is read-only",
        "error.os.ENOSPC": "the disk is full",
        "error.os.EDQUOT": "the disk quota is used up",
        "error.os.EIO": "the disk could not be read or written",
        "error.os.ELOOP": "the path goes round in circles",
        "error.os.ENAMETOOLONG": "the name is too long",
        "error.os.EMFILE": "too many files are open",
        "error.os.EBUSY": "the file is busy",
        "error.file.not_text": "the file is not UTF-8 text",
        "error.side.white": "White",
        "error.side.black": "Black",
        "error.save.not_field": "expected key=value, got {got}",
        "error.save.other_game": "this save is of another game ({game})",
        "error.save.format": "unknown save format {format}",
        "error.save.inner": "{problem}",
        "error.save.too_many": "more than {n} moves",
        "error.save.unknown_field": "unknown field {field}",
        "error.save.no_game": "no {field} line: not a save file",
        "error.save.no_start": "no {field} line",
        "error.save.bad_start": "bad start position: {problem}",
        "error.save.wrong_variant": "the start position is not of the variant {variant}",
        "error.save.move": "move {move}: {problem}",
        "error.save.position": "position {position} is past the last move",
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
        "title.press": "Taste oder Knopf drücken",
        "title.demo": "DEMO - Taste oder Knopf drücken",
        "keys.word": "Tasten.",
        "keys.intro": "RETURN auf Aktion, dann neue Taste.",
        "keys.waiting": "Neue Taste für {action}? (ESC: Abbruch)",
        "keys.footer": "[RETURN] ändern  [D] Standard  [ESC] zurück",
        "keys.taken": "{key} ist schon {other}: nicht geändert.",
        "keys.reserved": "{key} bleibt immer {action}.",
        "help.word": "Hilfe.",
        "help.any_key": "<beliebige Taste>",
        "help.footer": "[Esc] zurück (oder eine andere Taste)",
        "help.footer.scroll": "[↑↓] blättern, jede andere Taste: zurück",
        "help.shell": (
            "Überall: [F1] oder Pad BACK Hilfe; [Esc] oder Pad B zurück; "
            "[Tab]/[F10] oder Pad START Spielmenü; [Z] rückgängig, [Y] "
            "wiederholen (Schultertasten); [H] oder Pad Y Tipp. Pfeile, "
            "Steuerkreuz oder Stick bewegen; [Return]/[Leertaste] oder Pad A "
            "wählen; die Maus klickt."
        ),
        "help.menu": (
            "Das Modul-Menü. Ein Spiel mit den Pfeilen, dem Steuerkreuz oder "
            "dem Mausrad wählen; [Return], Pad A oder ein Klick startet es, und "
            "ein unfertiges Spiel wird wieder angeboten. [L] wechselt die Sprache "
            "(English/Deutsch); [K] öffnet die Tasten-Seite; [Q] oder [Esc] beendet."
        ),
        "help.keys": (
            "Die Tasten-Seite. Eine Aktion mit den Pfeilen wählen und [Return] "
            "drücken, dann die neue Taste dafür; [Esc] bricht ab. Eine Taste, "
            "die schon etwas anderes tut, wird abgelehnt. [D] stellt den "
            "Standard wieder her; [Esc] führt zurück zum Menü. Die Tasten "
            "bleiben in den Einstellungen gespeichert."
        ),
        "confirm.yes_no": "[J]a   [N]ein",
        "confirm.quit": "Wirklich beenden?",
        "confirm.leave": "Spiel verlassen? Es ist gespeichert.",
        "confirm.leave_unsaved": "Spiel verlassen? Es konnte nicht gespeichert werden und bleibt nur bis zum Beenden.",
        "confirm.new_game": "Neues Spiel beginnen? Das laufende Spiel geht verloren.",
        "confirm.load": "Gespeichertes Spiel laden? Das laufende Spiel geht verloren.",
        "confirm.restart": "Wirklich neu starten?",
        "confirm.resume": "Gespeichertes {game}-Spiel fortsetzen?",
        "pause.word": "Pause.",
        "pause.resume": "Zurück zum Spiel",
        "pause.undo": "Rückgängig",
        "pause.redo": "Zug wiederholen",
        "pause.restart": "Neustart",
        "pause.hint": "Tipp",
        "pause.save": "Spiel speichern",
        "pause.load": "Spiel laden",
        "pause.help": "Hilfe",
        "pause.leave": "{game} verlassen",
        "pause.quit": "Programm beenden",
        "pause.footer": "[↑↓] wählen  [RETURN] OK  [ESC] zurück",
        "pause.footer.scroll": "[↑↓] blättern  [RETURN] OK  [ESC] zurück",
        "msg.saved": "Spiel gespeichert.",
        "msg.not_saved": "Nicht gespeichert: bleibt nur bis zum Beenden.",
        "msg.loaded": "Spiel geladen.",
        "msg.no_save": "Noch kein Spiel gespeichert.",
        "msg.write_failed": "{file} nicht gespeichert: {why}. Es geht weiter; bis zum Beenden im Speicher.",
        "msg.crashed": "Etwas ist schiefgegangen — dein Spiel wurde gespeichert. Details: {log}",
        "msg.crashed_unsaved": "Etwas ist schiefgegangen — dein Spiel konnte nicht gespeichert werden. Details: {log}",
        "msg.crashed_no_game": "Etwas ist schiefgegangen. Details: {log}",
        "storage.set_aside": "{file} unbrauchbar ({why}); als {bad} aufbewahrt.",
        "storage.unusable": "{file} unbrauchbar ({why}), nicht umbenennbar ({problem}); bleibt, wie es ist.",
        "storage.no_folder": "Datenordner {folder} nicht nutzbar ({why}). Es geht weiter; diesmal wird nichts gespeichert.",
        "storage.too_big": "zu groß, mehr als {limit} Bytes",
        "storage.kind.folder": "ein Ordner, keine Datei",
        "storage.kind.pipe": "eine benannte Pipe, keine Datei",
        "storage.kind.device": "ein Gerät, keine Datei",
        "storage.kind.other": "keine gewöhnliche Datei",
        "settings.odd_key": "{key}: ein Schlüssel mit seltsamen Zeichen",
        "msg.save_bug": "das Spiel stolpert darüber; siehe crash.log",
        "settings.fixed": "Einstellungen: {problems}. Dort Standard, alles andere bleibt.",
        "msg.no_hint": "Hier gibt es keinen Tipp.",
        "msg.save_kept": "Altes Spiel bleibt bis zum ersten Zug.",
        "msg.ok": "[RETURN] OK",
        "match.word.setup": "Spieler.",
        "match.word.rules": "Regeln.",
        "match.word.play": "Spielen.",
        "match.word.won": "Gewonnen!",
        "match.word.lost": "Verloren.",
        "match.word.side_won": "{colour} siegt!",
        "match.word.draw": "Remis.",
        "match.choose_mode": "Wähle einen Spielmodus:",
        "match.mode.computer": "Einzelspieler (KI-Modus)",
        "match.mode.two": "Zweispieler",
        "match.choose_level": "Wie stark soll der Computer spielen?",
        "match.choose_variant": "Welche Regeln?",
        "match.seat": "Spieler {n}:",
        "match.default_name": "Spieler {n}",
        "match.enter_name": "Bitte gib deinen Benutzernamen ein!",
        "match.empty_name": "(leer: {name})",
        "match.name_too_long": "Ein Name hat höchstens {n} Zeichen.",
        "match.key.space": "LEER",
        "match.key.delete": "LÖSCHEN",
        "match.key.done": "FERTIG",
        "match.keys.choose": "[↑↓] Wahl [RETURN] OK [ESC] zurück [F1] Hilfe",
        "match.keys.name": "[RETURN] fertig, [BACKSPACE] löscht",
        "match.keys.name_pad": "Pad: [A] Zeichen [B] löschen [START] fertig",
        "match.keys.colour": "[1]-[4] oder tippen; [ESC] zurück; [F1] Hilfe",
        "match.choose_colour": "Bitte wähle deine Farbe ({colours})!",
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
        "match.keys.over": "[N]eues Spiel\n[P] neue Spieler\n[M]enü\n[Z] rückgängig\n[F1] Hilfe",
        "match.keys.over_net": "[N]eues Spiel?\n[M]enü\n[Z] Rücknahme?\n[F1] Hilfe",
        "match.won": "{player} hat gewonnen!",
        "match.computer": "Computer",
        "match.choose_first": "Wer fängt an?",
        "match.starts": "{player} fängt an",
        "match.keys.play": "[Z] rückgängig [Y] vor\n[H] Tipp [R] Neu\n[F1] Hilfe [X] Ende",
        "match.keys.net": "[Z] Rücknahme?\n[TAB] Menü\n[F1] Hilfe [X] Ende",
        "net.help": (
            "Netzwerk: ein Rechner eröffnet, der andere tritt mit dessen Adresse bei. [Z] fragt "
            "den anderen Spieler, ob du deinen letzten Zug zurücknehmen darfst; das Spielmenü "
            "([Tab], Pad START) bietet Remis an oder gibt auf; nach dem Ende fragt [N] nach "
            "einem neuen Spiel mit getauschten Seiten. Bricht die Verbindung ab, bleibt das "
            "Spiel: über die Frage oder das Spielmenü neu verbinden."
        ),
        "net.mode.host": "Netzwerkspiel eröffnen",
        "net.mode.join": "Netzwerkspiel beitreten",
        "net.word": "Netzwerk.",
        "net.hosting": "Warte, bis der andere Spieler beitritt.",
        "net.tell": "Auf dem anderen Rechner \"Netzwerkspiel beitreten\" wählen und eine dieser Adressen tippen:",
        "net.port": "Port {port}",
        "net.waiting": "Wartezeit {time}",
        "net.keys.cancel": "[ESC] abbrechen  [F1] Hilfe",
        "net.keys.retry": "[RETURN] nochmal  [ESC] zurück",
        "net.address": "Adresse des eröffnenden Rechners (Name oder Nummer, :Port wenn nicht {port}):",
        "net.keys.address": "[RETURN] verbinden, [BACKSPACE] löscht",
        "net.connecting": "Verbinde mit {address}.",
        "net.other_player": "der andere Spieler",
        "net.waiting_for": "Warte auf {player} {time}",
        "net.wait_turn": "Bitte warten: {player} ist am Zug.",
        "net.online": "Verbunden",
        "net.linking": "Verbinde",
        "net.offline": "Nicht verbunden",
        "net.back_soon": "Warte auf {player}, Port {port} {time}",
        "net.lost": "Verbindung verloren: {why}",
        "net.not_now": "Nicht verbunden: {why}",
        "net.ask_reconnect": "Verbindung verloren: {why}. Neu verbinden?",
        "net.ask_back": "Ein Netzwerkspiel mit {player}: jetzt neu verbinden?",
        "net.left": "{player} hat das Spiel verlassen.",
        "net.not_connected": "Nicht mit dem anderen Rechner verbunden.",
        "net.undo_asked": "{player} gefragt, ob du deinen Zug zurücknehmen darfst.",
        "net.ask_undo": "{player} möchte zu Zug {n} zurück. Einverstanden?",
        "net.undo_done": "Zurückgenommen, wie vereinbart.",
        "net.undo_refused": "{player} ist mit dem Zurücknehmen nicht einverstanden.",
        "net.draw_offered": "{player} wurde Remis angeboten.",
        "net.ask_draw": "{player} bietet Remis an. Annehmen?",
        "net.draw_refused": "{player} lehnt das Remis ab.",
        "net.draw_agreed": "Das Spiel endet einvernehmlich unentschieden.",
        "net.resigned": "{player} hat aufgegeben: {winner} gewinnt.",
        "net.confirm_resign": "Wirklich aufgeben?",
        "net.peer_error": "{player}: {text}",
        "net.refused_move": "Zug {n} von {player} ist hier nicht erlaubt: abgelehnt.",
        "net.only_here": "Nicht im Netzwerkspiel: beide spielen von hier weiter.",
        "net.new_asked": "{player} nach einem neuen Spiel gefragt (die Seiten tauschen).",
        "net.ask_new": "{player} möchte ein neues Spiel mit getauschten Seiten. Spielen?",
        "net.new_refused": "{player} möchte jetzt kein neues Spiel.",
        "net.bad_address": "Keine Adresse: {address}",
        "net.mismatch": "Die beiden Spiele weichen ab (hier {here} Züge, dort {there}): nicht fortgesetzt.",
        "net.version": "Der andere Rechner spricht Protokoll {theirs}, dieser {ours}: bitte beide aktualisieren.",
        "net.other_game": "Der andere Rechner spielt {theirs}, nicht {ours}.",
        "net.variant": "Der andere Rechner spielt die Variante {theirs}, die dieser nicht kennt.",
        "net.variant_differs": "Der andere Rechner spielt die Variante {theirs}, dieser {ours}.",
        "net.same_side": "Beide Rechner wollen Seite {side} spielen.",
        "net.slow": "Der andere Rechner hat nicht binnen {seconds} s gegrüßt.",
        "net.own_move": "Der andere Rechner schickte Zug {n}, den diese Seite zu machen hat: nicht fortgesetzt.",
        "net.turned_away": "Eine Verbindung wurde abgewiesen: {why}.",
        "net.away.version": "eine andere Protokollversion",
        "net.away.other_game": "ein anderes Spiel",
        "net.away.variant": "eine andere Variante",
        "net.away.variant_differs": "eine andere Variante",
        "net.away.same_side": "dieselbe Seite",
        "net.away.mismatch": "die Züge eines anderen Spiels",
        "net.away.own_move": "sie schickte einen Zug dieser Seite",
        "net.away.protocol": "nicht das Protokoll",
        "net.away.slow": "zu langsam mit dem Gruß",
        "net.away.refused": "sie lehnte dieses Spiel ab",
        "net.away.other": "sie passte nicht",
        "net.cmd.draw": "Remis anbieten",
        "net.cmd.resign": "Aufgeben",
        "net.cmd.reconnect": "Neu verbinden",
        "net.why.closed": "der andere Rechner hat die Verbindung beendet",
        "net.why.cut": "die Verbindung wurde unterbrochen",
        "net.why.silent": "keine Antwort seit {detail} s",
        "net.why.garbage": "der andere Rechner schickte Unlesbares ({detail})",
        "net.why.flood": "der andere Rechner nimmt nichts mehr an",
        "net.why.refused": "dort eröffnet niemand ein Spiel",
        "net.why.unknown_host": "diese Adresse ist unbekannt",
        "net.why.port_in_use": "dieser Port ist belegt",
        "net.why.port_denied": "dieser Port ist hier nicht erlaubt",
        "net.why.unreachable": "dieser Rechner ist nicht erreichbar",
        "net.why.left": "der andere Spieler ist gegangen",
        "net.why.protocol": "der andere Rechner hält sich nicht ans Protokoll ({detail})",
        "net.why.other": "{detail}",
        "net.why.not_here": "dieser Rechner hat diese Adresse nicht",
        "net.why.network": "ein Netzwerkfehler ({detail})",
        "net.why.asking": "der andere Rechner stellte mehr als {detail} Fragen pro Minute",
        "net.why.busy": "der andere Rechner begrüßte gerade einen anderen",
        "net.why.slow": "kein Gruß binnen {detail} s",
        "net.bad.unknown_command": "ein unbekannter Befehl \"{verb}\"",
        "net.bad.unreadable": "{verb} mit unlesbarem Text",
        "net.bad.not_number": "{verb} ohne seine Zahl",
        "net.bad.extra_fields": "{verb} mit zu vielen Angaben",
        "net.bad.no_move": "ein Zugbefehl ohne Zug",
        "net.bad.not_digest": "eine Fortsetzung ohne Prüfsumme",
        "net.bad.hello": "ein Gruß ohne Spiel, Variante und Seite",
        "net.bad.too_long": "eine Zeile länger als {n} Bytes",
        "net.bad.not_utf8": "eine Zeile, die kein Text ist",
        "net.bad.before_hello": "{verb} vor dem Gruß",
        "net.bad.out_of_turn": "{verb} zur falschen Zeit",
        "net.bad.other": "eine Zeile außerhalb des Protokolls",
        "net.peer.move": "Der andere Rechner lehnte einen Zug ab: die Spiele laufen auseinander.",
        "net.peer.order": "Der andere Rechner war dafür nicht bereit.",
        "net.peer.asked": "Der andere Rechner kennt diese Frage nicht.",
        "net.peer.protocol": "Der andere Rechner konnte diesen nicht verstehen.",
        "net.peer.version": "Der andere Rechner spricht ein anderes Protokoll: bitte beide aktualisieren.",
        "net.peer.other_game": "Der andere Rechner spielt ein anderes Spiel.",
        "net.peer.variant": "Der andere Rechner kennt diese Variante nicht.",
        "net.peer.variant_differs": "Der andere Rechner spielt eine andere Variante.",
        "net.peer.same_side": "Der andere Rechner will dieselbe Seite spielen.",
        "net.peer.mismatch": "Der andere Rechner hat ein anderes Spiel: nicht fortgesetzt.",
        "net.peer.busy": "Der andere Rechner ist gerade belegt: bitte gleich nochmal versuchen.",
        "net.peer.slow": "Der andere Rechner hat zu lange auf den Gruß gewartet.",
        "net.peer.own_move": "Der andere Rechner macht seine Züge selbst: nicht fortgesetzt.",
        "net.peer.asking": "Dem anderen Rechner wurden zu viele Fragen gestellt: getrennt.",
        "net.bad_port": "Der Port muss eine Zahl von 1 bis 65535 sein.",
        "keys.action.up": "Nach oben",
        "keys.action.down": "Nach unten",
        "keys.action.left": "Nach links",
        "keys.action.right": "Nach rechts",
        "keys.action.select": "Auswählen",
        "keys.action.back": "Zurück",
        "keys.action.undo": "Rückgängig",
        "keys.action.redo": "Wiederholen",
        "keys.action.hint": "Tipp",
        "keys.action.menu": "Spielmenü",
        "keys.action.help": "Hilfe",
        "keys.clash": "{key} ist auch eine Taste von {games}: dort tut sie beides.",
        "keyname.SPACE": "Leertaste",
        "keyname.BACKSPACE": "Rücktaste",
        "keyname.DELETE": "Entf",
        "keyname.INSERT": "Einfg",
        "keyname.HOME": "Pos1",
        "keyname.END": "Ende",
        "keyname.PAGEUP": "Bild auf",
        "keyname.PAGEDOWN": "Bild ab",
        "keyname.keypad": "Ziffernblock {key}",
        "error.line": "Zeile {n}: {text}",
        "error.variant": "unbekannte Variante {variant}; möglich sind {variants}",
        "error.file.too_big": "Datei zu groß ({n} Bytes, höchstens {most})",
        "error.os.other": "die Datei lässt sich nicht verwenden ({name})",
        "error.os.EACCES": "keine Berechtigung",
        "error.os.EPERM": "nicht erlaubt",
        "error.os.ENOENT": "keine solche Datei und kein solcher Ordner",
        "error.os.ENOTDIR": "eine Datei steht dem Ordner im Weg",
        "error.os.EISDIR": "ein Ordner, keine Datei",
        "error.os.EROFS": "der Datenträger ist schreibgeschützt",
        "error.os.ENOSPC": "der Datenträger ist voll",
        "error.os.EDQUOT": "das Speicherkontingent ist erschöpft",
        "error.os.EIO": "der Datenträger ließ sich nicht lesen oder beschreiben",
        "error.os.ELOOP": "zu viele Verknüpfungen im Pfad",
        "error.os.ENAMETOOLONG": "der Name ist zu lang",
        "error.os.EMFILE": "zu viele Dateien sind offen",
        "error.os.EBUSY": "die Datei ist belegt",
        "error.file.not_text": "die Datei ist kein UTF-8-Text",
        "error.side.white": "Weiß",
        "error.side.black": "Schwarz",
        "error.save.not_field": "erwartet Schlüssel=Wert, gefunden {got}",
        "error.save.other_game": "dieser Spielstand gehört zu einem anderen Spiel ({game})",
        "error.save.format": "unbekanntes Speicherformat {format}",
        "error.save.inner": "{problem}",
        "error.save.too_many": "mehr als {n} Züge",
        "error.save.unknown_field": "unbekanntes Feld {field}",
        "error.save.no_game": "keine Zeile {field}: kein Spielstand",
        "error.save.no_start": "keine Zeile {field}",
        "error.save.bad_start": "falsche Anfangsstellung: {problem}",
        "error.save.wrong_variant": "die Anfangsstellung gehört nicht zur Variante {variant}",
        "error.save.move": "Zug {move}: {problem}",
        "error.save.position": "Stellung {position} liegt hinter dem letzten Zug",
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


def error_words(error: BaseException) -> str:
    """An error as the player reads it, in the current language: a rules error by its ``code`` and
    fields (``<game>.error.<rest>`` or ``error.<code>``), "line N: " before it; a file that cannot be
    read or decoded in a few words; anything else in its own (English) words."""
    if isinstance(error, UnicodeError):
        return t("error.file.not_text")
    if isinstance(error, OSError):
        # the common system refusals in the player's words, others by their name (EIO), never the
        # system's English sentence
        name = errno.errorcode.get(error.errno or 0, "")
        return t(f"error.os.{name}") if has(f"error.os.{name}") else t("error.os.other", name=name or "?")
    code = getattr(error, "code", "")
    head, _, rest = code.partition(".")
    key = next((key for key in (f"{head}.error.{rest}", f"error.{code}") if code and has(key)), None)
    if key is None:
        return str(error)
    fields = {name: _field_words(head, name, value) for name, value in error.fields.items()}
    text = t(key, **fields)
    return text if error.line is None else t("error.line", n=error.line, text=text)


def _field_words(game: str, name: str, value: object) -> object:
    """A field in the player's words: an inner error, a side, a variant's name."""
    if isinstance(value, BaseException):
        return error_words(value)
    if name == "side" and has(f"error.side.{value}"):
        return t(f"error.side.{value}")
    if name in ("variant", "named") and has(f"{game}.variant.{value}"):
        return t(f"{game}.variant.{value}")
    return value
