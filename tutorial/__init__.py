"""Cinch (Double Pedro) tutorial: rules engine, scenarios, lessons and the learner's app."""

__version__ = "0.1.0"
