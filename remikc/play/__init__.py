"""`remikc play`: one person at the table against the bots, under a compiled variant.

`said.py` reads what the player types (the app API's card notation, with shorter forms),
`screen.py` puts the table into words, `table.py` keeps the game and its history and lets the
bots move, `terminal.py` is the prompt (prompt_toolkit) and the replay of a saved game.  The
referee is the generated module's own (`apply`, `legal_actions`, the bots): nothing here judges
a move."""
