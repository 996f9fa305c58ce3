"""Drills: endless engine-generated puzzles with step-by-step explanations."""
