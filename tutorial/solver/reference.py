"""Two plain solvers to check and to measure the fast one against.

* :func:`minimax_values` — exhaustive minimax over the validating
  :class:`~tutorial.engine.hand.Hand` itself: every legal card (every legal pile) is played
  on a copy of the hand and the finished hand's own ``result().points`` is the value.
  Nothing of the solver's is used; it is slow and obviously right, for small positions.
* :func:`alphabeta` — a plain alpha-beta on a :class:`Position` (no transposition table, no
  equivalent cards, no move ordering): the baseline of the benchmark.
"""

from __future__ import annotations

from itertools import combinations

from tutorial.engine.cards import iter_bits
from tutorial.engine.errors import IllegalAction
from tutorial.engine.hand import Hand, Phase
from tutorial.engine.trick import legal_plays
from tutorial.engine.trumps import EFFECTIVE_SUIT, TRICK_KEY
from tutorial.solver.position import Position, pile_options, seat_order

Action = tuple[int, tuple[int, ...]]


def hand_actions(hand: Hand) -> list[Action]:
    """Every (card, beneath) that ``Hand.play`` accepts from the seat to act, found by
    trying them all on copies (piles: every subset of the right size)."""
    k = hand.pile_size()
    seat = hand.to_act
    cards = list(iter_bits(hand.hands[seat]))
    out: list[Action] = []
    for card in cards:
        others = [c for c in cards if c != card]
        for beneath in combinations(others, k) if k else [()]:
            trial = hand.copy()
            try:
                trial.play(seat, card, beneath)
            except IllegalAction:
                continue
            out.append((card, tuple(beneath)))
    return out


def minimax_values(hand: Hand) -> dict[Action, tuple[int, int]]:
    """Each legal action of the seat to act → the hand's points (AC, BD) under best play
    after it, by exhaustive minimax on copies of ``hand``."""
    seat = hand.to_act
    out = {}
    for action in hand_actions(hand):
        child = hand.copy()
        child.play(seat, action[0], action[1])
        out[action] = minimax(child)
    return out


def minimax(hand: Hand) -> tuple[int, int]:
    """The points (AC, BD) of ``hand`` under best play by both sides."""
    if hand.phase is Phase.DONE:
        return hand.result().points
    values = minimax_values(hand).values()
    side = hand.to_act & 1
    return max(values, key=lambda v: v[side])


def alphabeta(pos: Position) -> int:
    """Capture points AC takes from ``pos`` on under best play: plain fail-hard alpha-beta
    over every legal card (every pile), no transposition table, no ordering."""
    if pos.is_over():
        return 0
    return _Plain(pos).root()


class _Plain:
    def __init__(self, pos: Position) -> None:
        self.trump = pos.trump
        self.eff = EFFECTIVE_SUIT[pos.trump]
        self.tk = TRICK_KEY[pos.trump]
        self.pts = pos.capture
        self.forbidden = pos.forbidden
        self.hands = list(pos.hands)
        self.size = pos.profile.hand_size  # a hand beyond it plays a pile
        self.pos = pos
        self.nodes = 0

    def root(self) -> int:
        pos = self.pos
        best, win, tpts = -2, pos.leader, 0
        led = pos.led
        for p in pos.plays:
            tpts += self.pts[p.card] + sum(self.pts[c] for c in p.beneath)
            key = self.tk[led][p.card]
            if key > best:
                best, win = key, p.seat
        return self._play(pos.seats, len(pos.plays), led, best, win, tpts, -1, 99)

    def _trick(self, leader: int, alpha: int, beta: int) -> int:
        hands = self.hands
        if not any(hands):
            return 0
        while not hands[leader]:
            leader = (leader + 1) & 3
        return self._play(seat_order(leader, hands), 0, -1, -2, leader, 0, alpha, beta)

    def _play(
        self,
        seats: tuple[int, ...],
        i: int,
        led: int,
        best: int,
        win: int,
        tpts: int,
        alpha: int,
        beta: int,
    ) -> int:
        self.nodes += 1
        s = seats[i]
        h = self.hands[s]
        m = legal_plays(h, self.trump, led)
        k = h.bit_count() - self.size
        actions = (
            pile_options(h, m, k, self.forbidden) if k > 0 else ((c, ()) for c in iter_bits(m))
        )
        maximize = not s & 1
        value = -1 if maximize else 99
        for card, beneath in actions:
            moved = 1 << card
            for c in beneath:
                moved |= 1 << c
            self.hands[s] = h & ~moved
            p = sum(self.pts[c] for c in iter_bits(moved))
            nled = self.eff[card] if led < 0 else led
            key = self.tk[nled][card]
            nbest, nwin = (key, s) if key > best else (best, win)
            if i + 1 < len(seats):
                v = self._play(seats, i + 1, nled, nbest, nwin, tpts + p, alpha, beta)
            else:
                gained = tpts + p if not nwin & 1 else 0
                v = gained + self._trick(nwin, alpha - gained, beta - gained)
            self.hands[s] = h
            if maximize:
                value = max(value, v)
                alpha = max(alpha, v)
            else:
                value = min(value, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        return value
