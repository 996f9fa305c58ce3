"""Drawing cards and tables: card SVGs, a moment's table, card buttons."""
