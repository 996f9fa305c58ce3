"""The practice table: the game's flow, the controls, the table, hints, the hand's review."""
