"""The ``rules`` bot: the heuristics a sound club player follows.

* **Bidding** from an estimate of the side's points with each suit as trump: the point
  trumps it holds, each counted by how safe it is (the trumps above it that it also holds),
  plus a share of the others growing with its trump length; it bids the estimate less a
  margin if that beats the high bid, and overcalls its partner only with clearly more.
  The dealer forced to bid (the first three passed) bids the profile's forced bid.
* **Trump**: the suit with the best estimate.
* **Discard**: trumps are always kept; at a classic discard it keeps its plain aces (and a
  king beside its ace) while there is room; the dealer keeps the highest plain cards.
* **Play**: see :func:`choose_play` — lead trumps to draw the opponents' (a boss trump, or a
  low one that shields its Pedros), play its best point card under a partner's safe winner,
  win cheaply when the trick is worth it, protect the 10 and its Pedros, duck with low cards.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tutorial.bots.knowledge import Knowledge, capture_values, held_values
from tutorial.bots.stakes import defending_wins, made_wins, need_defending
from tutorial.bots.view import legal_actions
from tutorial.engine.actions import Action, Call, DealerKeep, Keep, NameTrump, PlayCard
from tutorial.engine.cards import iter_bits
from tutorial.engine.observe import Observation
from tutorial.engine.profiles import Profile, get_profile
from tutorial.engine.state import DEALER_KEEPS, Phase

BID_MARGIN = 2.0
"""Points below the estimate the bot bids (duplicate rules-vs-rules over 300 deals of
``pagat-62``: margin 2.0 beat 0.5 by 3.0 a hand, 1.0 by 1.7, 1.5 by 2.3, 3.0 by 2.8)."""
PARTNER_MARGIN = 3.5
"""The margin for overcalling a partner."""
GAME_MARGIN = 1.0
"""The margin when the contract decides the game: making it wins the game for us, or the
opponents would win it by making theirs and our contract stops them (``bench_score.py``,
1000 duplicate games each: 0.5 won 49.4%, 1.0 50.0%; NOTES, "Session 6 — bots")."""
SAFE_MARGIN = 3.5
"""The margin when our side would win the game defending with a few points
(:data:`EASY_NEED` or fewer): no needless risk of being set."""
EASY_NEED = 4
RA = 12  # rank index of an ace
RK = 11


def decide_rules(obs: Observation, rng: random.Random) -> Action:
    legal = legal_actions(obs)
    if len(legal) == 1:
        return legal[0]
    p = get_profile(obs.profile)
    if obs.phase is Phase.BID:
        return choose_call(p, obs, legal)
    if obs.phase is Phase.TRUMP:
        return NameTrump(best_trump(p, obs.hand))
    if obs.phase is Phase.REFILL:
        if obs.pending == DEALER_KEEPS:
            return _pick(legal, DealerKeep(_dealer_keep(legal)))
        return _pick(legal, Keep(keep_for(p, obs)))
    plays = [a for a in legal if isinstance(a, PlayCard)]
    return choose_play(Knowledge.of(obs), plays)


def _pick(legal: list[Action], wanted: Action) -> Action:
    for a in legal:
        if a == wanted:
            return a
    return legal[0]  # pragma: no cover - the choices are made from the legal options


# -- bidding and trump ---------------------------------------------------------------------
def estimate(p: Profile, trump: int, hand: int) -> float:
    """Points the side may expect with ``trump``, from the seat's own cards."""
    order = p.trumps.order[trump]
    cap = capture_values(p, trump)
    held = held_values(p, trump)
    mine = hand & p.trumps.mask[trump]
    n = mine.bit_count()
    est = 0.0
    above_mine = 0
    for i, c in enumerate(order):
        ours = bool((mine >> c) & 1)
        if ours:
            est += held[c]
            if cap[c]:
                safe = 1.0 if i == above_mine else 0.3 + 0.6 * above_mine / i + 0.05 * n
                est += cap[c] * min(1.0, safe)
            above_mine += 1
        elif cap[c] or held[c]:
            share = 0.2 + 0.05 * n + 0.1 * above_mine
            est += (cap[c] + held[c]) * min(0.75, share)
    return est


def best_trump(p: Profile, hand: int) -> int:
    def key(s: int) -> tuple[float, int]:
        return (estimate(p, s, hand), (hand & p.trumps.mask[s]).bit_count())

    return max(range(4), key=key)


def choose_call(p: Profile, obs: Observation, legal: list[Action]) -> Action:
    value = call_for(p, obs.seat, obs.hand, obs.calls, obs.score)
    for a in legal:
        if isinstance(a, Call) and a.value == value:
            return a
    return legal[0]  # the dealer forced to bid


def call_for(
    p: Profile,
    seat: int,
    hand: int,
    calls: Sequence[tuple[int, int | None]],
    score: tuple[int, int] = (0, 0),
) -> int | None:
    """The bid (None: pass) the rules bot makes holding ``hand`` after ``calls``, at the
    game score ``score`` before the hand — when it may pass (the dealer forced to bid has
    one call and is not asked)."""
    high_seat = None
    high = None
    for s, value in calls:
        if value is not None:
            high_seat, high = s, value
    est = max(estimate(p, s, hand) for s in range(4))
    partner_holds = high_seat is not None and (high_seat & 1) == (seat & 1)
    margin = PARTNER_MARGIN if partner_holds else BID_MARGIN
    low = p.bid_min if high is None else high + 1
    if low > p.bid_max:
        return None
    if not partner_holds:  # the game score in mind (rules-blind: as if at 0-0)
        margin = game_margin(p, score, seat & 1, high, low, margin, est)
    reach = int(est - margin)
    if reach < low:
        return None
    # bid what the hand is worth, but no more than needed to win the bidding
    return low if not p.auction and len(calls) == 3 else min(reach, p.bid_max)


def game_margin(
    p: Profile,
    score: tuple[int, int],
    side: int,
    high: int | None,
    low: int,
    margin: float,
    est: float | None = None,
) -> float:
    """The bidding margin at this game score (``margin`` when the score changes nothing),
    from the engine's scoring (:mod:`tutorial.bots.stakes`): :data:`GAME_MARGIN` when the
    contract decides the game — making our bid of ``low`` wins it for us and making theirs
    (the high bid, or the lowest) would win it for them (*bidder goes out*), or their bid
    would win it and ours stops them (made with the points we expect, ``est``, at least the
    bid, it leaves them short of going out) — and :data:`SAFE_MARGIN` when making our bid
    wins but defending with a few points wins too."""
    other = 1 - side
    theirs = made_wins(p, score, other, p.bid_min if high is None else high)
    ours = made_wins(p, score, side, low)
    taken = min(p.total_points, max(low, int(est if est is not None else low)))
    if theirs and (ours or not defending_wins(p, score, other, p.total_points - taken, low)):
        return GAME_MARGIN
    if ours:
        need = need_defending(p, score, side, p.bid_min if high is None else high)
        return SAFE_MARGIN if need is not None and need <= EASY_NEED else GAME_MARGIN
    return margin


# -- discard ------------------------------------------------------------------------------
def keep_for(p: Profile, obs: Observation) -> tuple[int, ...]:
    """The non-trumps the rules bot keeps at the discard: its aces, then kings beside an
    ace, as many as there is room for."""
    tm = p.trumps.mask[obs.trump]
    room = max(0, p.hand_size - (obs.hand & tm).bit_count())
    plain = [c for c in iter_bits(obs.hand & ~tm)]
    aces = [c for c in plain if c % 13 == RA]
    kings = [c for c in plain if c % 13 == RK and c + 1 in aces]
    return tuple((aces + kings)[:room])


def _dealer_keep(legal: list[Action]) -> tuple[int, ...]:
    options = sorted({c for a in legal if isinstance(a, DealerKeep) for c in a.cards})
    count = len(legal[0].cards) if isinstance(legal[0], DealerKeep) else 0
    return tuple(sorted(options, key=lambda c: -(c % 13))[:count])


# -- play ---------------------------------------------------------------------------------
def _cost(k: Knowledge, c: int) -> int:
    """How much giving ``c`` away costs: points first, then trumps, then rank."""
    if k.is_trump(c):
        return 100 * k.pts[c] + 20 + k.strength[c] - 100
    return 100 * k.pts[c] + c % 13


def choose_play(k: Knowledge, plays: list[PlayCard]) -> PlayCard:
    tops = sorted({a.card for a in plays})
    card = _lead(k, tops) if not k.view.current else _follow(k, tops)
    options = [a for a in plays if a.card == card]
    # the cards beneath a pile are captured by the trick's winner: put the weakest there
    return min(options, key=lambda a: sum(_cost(k, c) for c in a.beneath))


def _lead(k: Knowledge, tops: list[int]) -> int:
    trumps = [c for c in tops if k.is_trump(c)]
    plain = [c for c in tops if not k.is_trump(c)]
    if trumps and k.opponents_may_trump():
        bosses = [c for c in trumps if k.is_boss(c)]
        if bosses:  # it wins whatever: draws a trump from each opponent and keeps its points
            return max(bosses, key=lambda c: (k.pts[c], k.strength[c]))
        cheap = [c for c in trumps if not k.pts[c]]
        if cheap:  # a low trump draws the high ones out before the Pedros and the 10 go
            return min(cheap, key=lambda c: k.strength[c])
        if plain:
            return min(plain, key=lambda c: _cost(k, c))
        return min(trumps, key=lambda c: _cost(k, c))
    if plain:
        bosses = [c for c in plain if _plain_boss(k, c)]
        if bosses and not k.opponents_may_trump():
            return max(bosses, key=lambda c: c % 13)
        return min(plain, key=lambda c: _cost(k, c))
    return max(trumps, key=lambda c: (k.is_boss(c), k.pts[c], -_cost(k, c)))


def _plain_boss(k: Knowledge, c: int) -> bool:
    """No card of its suit that is still out beats it."""
    suit = c // 13
    for r in range(c % 13 + 1, 13):
        x = suit * 13 + r
        if not k.is_trump(x) and not (k.played >> x) & 1 and not (k.hand >> x) & 1:
            return False
    return True


def _key(k: Knowledge, c: int) -> int:
    return k.profile.trumps.trick_key[k.trump][k.view.led][c]


def _opponents_to_come(k: Knowledge) -> list[int]:
    return [x for x in k.to_come if (x & 1) != (k.seat & 1)]


def _holds(k: Knowledge, c: int) -> bool:
    """Would ``c``, winning the trick now, still win it after the seats to come?"""
    opps = _opponents_to_come(k)
    if not opps:
        return True
    if k.is_trump(c):
        return k.is_boss(c)
    if any(k.trump not in k.voids[x] for x in opps) and k.unseen_trumps:
        return False
    return _plain_boss(k, c)


def _follow(k: Knowledge, tops: list[int]) -> int:
    view = k.view
    partner = k.seat ^ 2
    trick_pts = k.trick_points()
    if view.best_seat == partner and _holds(k, view.best_card):
        # partner wins the trick: add our best point card (a Pedro under partner's winner)
        richest = max(tops, key=lambda c: (k.pts[c], -_cost(k, c)))
        if k.pts[richest]:
            return richest
        return min(tops, key=lambda c: _cost(k, c))
    winners = [c for c in tops if _key(k, c) > view.best_key]
    safe = [c for c in winners if _holds(k, c)]
    if safe and (trick_pts > 0 or any(k.pts[c] for c in safe)):
        # win cheaply; a point card that wins safely takes its own points home (the 10)
        return max(safe, key=lambda c: (k.pts[c], -_cost(k, c)))
    if winners and view.best_seat != partner and trick_pts >= 5:
        plain_winners = [c for c in winners if not k.pts[c]] or winners
        return max(plain_winners, key=lambda c: _key(k, c))
    return min(tops, key=lambda c: _cost(k, c))
