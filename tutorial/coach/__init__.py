"""The coach: every decision of a finished hand priced against the best one, labelled and,
where the solver proves it, explained; and a bid advisor for a hand before the call.

>>> from tutorial.coach import review, advise
"""

from tutorial.coach.advise import Advice, advise
from tutorial.coach.labels import LABELS, THRESHOLDS, label_of
from tutorial.coach.reasons import REASONS, reason_text
from tutorial.coach.review import Decision, NotPriced, Review, review

__all__ = [
    "LABELS",
    "REASONS",
    "THRESHOLDS",
    "Advice",
    "Decision",
    "NotPriced",
    "Review",
    "advise",
    "label_of",
    "reason_text",
    "review",
]
