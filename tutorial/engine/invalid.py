"""The engine's base error and :class:`InvalidInput`, below the vocabulary: :mod:`seats` and
:mod:`cards` raise it when a letter cannot be read, and :mod:`errors` (which spells a seat
with the vocabulary's letters) hands both on with :class:`~tutorial.engine.errors.Reason`
and :class:`~tutorial.engine.errors.IllegalAction`."""

from __future__ import annotations


class CinchError(Exception):
    """Base class of every error the engine raises on purpose."""


class InvalidInput(CinchError, ValueError):
    """Input that cannot be parsed or is inconsistent (unknown/duplicate card, wrong count)."""
