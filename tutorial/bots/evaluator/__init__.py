"""One evaluator for every piece of advice: the options of a decision point priced from
the deciding seat's observation only.

The expert bot plays its :attr:`~Evaluation.choice`; the practice table's hint is that
choice; the bid and trump advisor shows its options; the hand review labels each decision
from it; lesson tips are measured with it. One objective (:mod:`tutorial.bots.evaluator.outcome`):
the expected change of (our side's game score − the other side's) over this hand, and where
the hand can end the game, the game itself. Honest uncertainty
(:mod:`tutorial.bots.evaluator.stats`): every option's value with its standard error, paired
over the same worlds; options within the noise of the best are all best.

>>> from tutorial.bots.evaluator import evaluate, TABLE
>>> ev = evaluate(obs, seed=7, budget=TABLE)     # doctest: +SKIP
>>> ev.choice, ev.best_set, ev.close              # doctest: +SKIP
"""

from tutorial.bots.evaluator.core import (
    BUDGETS,
    KINDS,
    QUICK,
    TABLE,
    Budget,
    default_budget,
    evaluate,
    kind_of,
)
from tutorial.bots.evaluator.outcome import GAME, SCORE, Breakdown, Outcome, objective
from tutorial.bots.evaluator.result import Evaluation, Option, SuitOutlook
from tutorial.bots.evaluator.stats import NEGLIGIBLE, Z

__all__ = [
    "BUDGETS",
    "GAME",
    "KINDS",
    "NEGLIGIBLE",
    "QUICK",
    "SCORE",
    "TABLE",
    "Breakdown",
    "Budget",
    "Evaluation",
    "Option",
    "Outcome",
    "SuitOutlook",
    "Z",
    "default_budget",
    "evaluate",
    "kind_of",
    "objective",
]
