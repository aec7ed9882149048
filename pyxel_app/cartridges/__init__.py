"""The screens of the games: a game with screens of its own (ByPuzz) or a board view
for the match layer (Connect 4).  Which games exist is ``pyxel_app.games``' business;
the shell loads these by the import path a game's spec names."""
