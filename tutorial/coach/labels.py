"""Labels for a decision's expected cost, as chess tools label moves.

The expected cost is in points: points of the hand for a card, points of the game score for
a call or the choice of trump (see :mod:`tutorial.coach.review`). Thresholds (inclusive upper
bounds):

===============  =====================  ==============================================
label            expected cost          what it means at the table
===============  =====================  ==============================================
``best``         at most 0.05           the best action, or as good as it
``good``         at most 0.35           a fraction of a point: a sound choice
``inaccuracy``   at most 1.0            about a Low, Jack or Game given away one time in two
``mistake``      at most 2.5            a point card lost, or two
``blunder``      more than 2.5          a Pedro's worth (5) lost one time in two or more
===============  =====================  ==============================================
"""

from __future__ import annotations

from tutorial.i18n import N_

LABELS: tuple[str, ...] = ("best", "good", "inaccuracy", "mistake", "blunder")
"""The labels, from the best to the worst."""

THRESHOLDS: tuple[tuple[str, float], ...] = (
    ("best", 0.05),
    ("good", 0.35),
    ("inaccuracy", 1.0),
    ("mistake", 2.5),
)
"""(label, inclusive upper bound of the expected cost); beyond the last: ``blunder``."""

LABEL_TEXT: dict[str, str] = {
    "best": N_("best"),
    "good": N_("good"),
    "inaccuracy": N_("inaccuracy"),
    "mistake": N_("mistake"),
    "blunder": N_("blunder"),
}
"""The label as the learner reads it (translate with ``t(LABEL_TEXT[label])``)."""


def label_of(cost: float) -> str:
    """The label of an expected cost in points (``cost`` ≥ 0)."""
    for name, bound in THRESHOLDS:
        if cost <= bound:
            return name
    return "blunder"


def worse_than_good(label: str) -> bool:
    """True for inaccuracy, mistake and blunder: the labels that call for a reason."""
    return LABELS.index(label) >= LABELS.index("inaccuracy")
