"""Double-dummy solving of the play phase: exact values with every card visible."""
