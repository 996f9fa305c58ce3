"""Why one option is better than another, from the evaluation's breakdowns.

For a call, the choice of trump or a keep, :func:`why` compares the best option with the
one chosen over the same worlds and names the reason that applies (first that holds, in
this order), with the numbers the learner reads:

``game_chance``
    the hand can end the game: how often each option wins it (and loses it);
``dealer_forced``
    the best is to pass: the other side's dealer is then forced to bid, and our side sets
    them in most of those deals;
``bid_set_often``
    the chosen bid is set in many of the deals in which the seat holds it;
``pass_lets_them_make``
    the chosen pass lets the other side take the bid and make it;
``holds_more``
    the best (higher) bid keeps the contract where the chosen one is outbid;
``trump_points`` / ``keep_points``
    the points each side takes and how often the bid is made, with each trump or keep;
``points_breakdown``
    otherwise: the points each side takes and the change of score with each option.

For a card, :func:`gave_away` is what it gives away on average (points of the hand) against
the best card; the named reason proved on the actual deal is :mod:`tutorial.coach.reasons`'.
No verdict goes without one of these.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutorial.bots.evaluator import GAME, Breakdown, Evaluation
from tutorial.engine.actions import Action, Call, DealerKeep, Keep, NameTrump
from tutorial.engine.profiles import get_profile
from tutorial.jsonvalue import JsonObject

FORCED_SHARE = 0.2
"""The forced dealer is named when it happens in at least this share of the deals..."""
FORCED_SET = 0.4
"""... and our side sets it in at least this share of those."""
SET_SHARE = 0.3
"""A bid is 'set often' from this share of the deals in which the seat holds it."""
THEY_MAKE = 0.5


@dataclass(frozen=True, slots=True)
class Why:
    """The reason the best option beats the chosen one, with the numbers it states."""

    code: str
    params: tuple[tuple[str, float | str], ...]
    best: Breakdown
    chosen: Breakdown

    def param(self, name: str) -> float | str:
        return dict(self.params)[name]

    def to_json(self) -> JsonObject:
        return {
            "reason": self.code,
            "params": {k: (round(v, 4) if isinstance(v, float) else v) for k, v in self.params},
            "best": self.best.to_json(),
            "chosen": self.chosen.to_json(),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Why:
        params = tuple(
            (str(k), v if isinstance(v, str) else float(v)) for k, v in dict(data["params"]).items()
        )
        return cls(
            str(data["reason"]),
            params,
            Breakdown.from_json(data["best"]),
            Breakdown.from_json(data["chosen"]),
        )


def _share(part: float, whole: float) -> float:
    return part / whole if whole > 0 else 0.0


def why(ev: Evaluation, chosen: Action, best: Action, profile: str) -> Why | None:
    """Why ``best`` beats ``chosen`` in ``ev`` (None for a card or the same action)."""
    ob, oc = ev.option(best), ev.option(chosen)
    if ob is None or oc is None or best == chosen:
        return None
    b, c = ob.breakdown, oc.breakdown
    names = {"best": str(best), "chosen": str(chosen)}

    def made(x: Breakdown) -> float:
        return _share(x.we_made, x.we_hold)

    def out(code: str, **params: float | str) -> Why:
        return Why(code, tuple({**names, **params}.items()), b, c)

    if ev.objective == GAME and (b.win != c.win or b.lose != c.lose):
        return out("game_chance", win=b.win, win_chosen=c.win, lose=b.lose, lose_chosen=c.lose)
    if isinstance(best, NameTrump) and isinstance(chosen, NameTrump):
        return out(
            "trump_points", ours=b.ours, ours_chosen=c.ours, made=made(b), made_chosen=made(c)
        )
    if isinstance(best, Keep | DealerKeep):
        return out(
            "keep_points", ours=b.ours, ours_chosen=c.ours, theirs=b.theirs, theirs_chosen=c.theirs
        )
    if isinstance(best, Call) and isinstance(chosen, Call):
        p = get_profile(profile)
        forced_set = _share(b.forced_them_set, b.forced_them)
        if (
            best.value is None
            and p.dealer_forced_bid is not None
            and b.forced_them >= FORCED_SHARE
            and forced_set >= FORCED_SET
        ):
            return out(
                "dealer_forced",
                bid=float(p.dealer_forced_bid),
                pct=forced_set,
                forced=b.forced_them,
            )
        set_share = _share(c.we_hold - c.we_made, c.we_hold)
        if chosen.value is not None and c.own > 0 and set_share >= SET_SHARE:
            return out("bid_set_often", bid=float(chosen.value), pct=set_share)
        they_make = _share(c.they_made, c.they_hold)
        if chosen.value is None and best.value is not None and they_make >= THEY_MAKE:
            return out("pass_lets_them_make", pct=c.they_hold, made=they_make)
        if (
            best.value is not None
            and chosen.value is not None
            and best.value > chosen.value
            and b.own > c.own
        ):
            return out("holds_more", pct=b.own, pct_chosen=c.own)
    return out(
        "points_breakdown",
        ours=b.ours,
        theirs=b.theirs,
        ours_chosen=c.ours,
        theirs_chosen=c.theirs,
        net=b.gain - b.loss,
        net_chosen=c.gain - c.loss,
    )


def gave_away(ev: Evaluation, chosen: Action, best: Action) -> float | None:
    """For a card: the points of the hand it gives away on average against ``best``."""
    ob, oc = ev.option(best), ev.option(chosen)
    if ob is None or oc is None or best == chosen:
        return None
    return float(max(0.0, ob.breakdown.ours - oc.breakdown.ours))
