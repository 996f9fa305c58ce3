"""Where learner progress is kept: one small interface (:class:`~tutorial.store.base.Backend`)
and two backends, embedded SQLite (the default: nothing to install or start) and PostgreSQL
(when ``CINCH_DATABASE_URL`` names one, so several app replicas share one database).

The app and the rest of the code use :class:`tutorial.progress.ProgressStore`, which picks
the backend; nothing outside this package talks SQL."""

from tutorial.store.base import Backend, Change, Item, StoreError

__all__ = ["Backend", "Change", "Item", "StoreError"]
