"""The practice table's game: plain data replayed through the engine (no UI here)."""
