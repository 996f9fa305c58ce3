"""The fast double-dummy search: fail-soft zero-window tests on the point target.

:meth:`Search.bounded` searches a position with a window and answers a bound of the capture
points side AC takes from there on; :meth:`Search.future` finds the exact value with a few
zero-window tests (MTD(f): each test starts from the last answer). Built the way fast
solvers are (Bo Haglund's DDS for bridge):

* cards renumbered in *strength space* (``tables.layout``): every effective suit a run of
  bits, weakest first, the trumps on top, so that following suit, "the next stronger card
  still out", "a side's highest trump" and "the points in a set of cards" are one or two
  bit operations and a table look-up;
* a transposition table at trick boundaries (the four hands and the leader) storing lower
  and upper bounds of the points still to come and the lead that decided the last test,
  shared by every test of a solve (and kept across solves by :meth:`Search.bind` when it
  is safe);
* equivalent cards searched once: two cards of one hand, of one effective suit, adjacent
  in strength among the cards still out (in the hands or on the current trick) and carrying
  the same points give the same result, so only the stronger is tried (piles: the cards
  beneath are chosen run by run);
* move ordering: the transposition table's lead first, then cheap rules (win cheaply,
  smear points on a partner's winning card, duck a trick that holds none);
* quick cut-offs: a point card is sure for its side when the other side holds no higher
  trump, which bounds every node before it is searched;
* the last two tricks (every hand two cards) solved exactly by ``endgame.two_tricks`` and
  cached by the relative-rank key and the leader (``Search.last_two``).

A search can be stopped early (:meth:`Search.limit`): a node limit and a wall-clock
deadline, checked at every trick boundary searched. Past either, the boundary raises
``limits.Stopped`` and the test under way is abandoned. Everything the search keeps stays
sound: a transposition-table entry holds its quick bounds until its search finishes, the
hands are rebuilt by every entry point, so the same search may be used again (its table
only holds true bounds). A node limit stops at the same node on every run and in both the
compiled and the pure-Python search (they count the same nodes); a deadline does not.

The rules are the engine's through the tables: the follow rule of ``trick.legal_plays``,
the trick order of ``TrumpRules.trick_key``, the pile rule of ``position.pile_tops`` and
``position.pile_beneath``, the point table of the position.
"""

from __future__ import annotations

import time
from typing import Final

from tutorial.solver.endgame import two_tricks
from tutorial.solver.limits import CLOCK_EVERY, NO_LIMIT, Stopped
from tutorial.solver.piles import bits, pile_choices
from tutorial.solver.position import Position
from tutorial.solver.seats import play
from tutorial.solver.tables import from_strength, layout
from tutorial.solver.trick import search_trick

# seats of a trick: ORDER[non-empty seats as 4 bits][leader], skipping empty hands
ORDER: Final = tuple(
    tuple(tuple(s for s in ((lead + i) & 3 for i in range(4)) if ne >> s & 1) for lead in range(4))
    for ne in range(16)
)


def first_seat(leader: int, hands: list[int]) -> int:
    """The seat that leads a trick led by ``leader`` (the next one with cards)."""
    while not hands[leader]:
        leader = (leader + 1) & 3
    return leader


Entry = list[int]
"""A transposition-table entry: [lower bound, upper bound, best lead or -1] (the lead as
its rank among the cards out: the entry serves every position with the same relative-rank
key)."""


class Search:
    """One position family's search state: the tables of its trump and point table, the
    hands (strength space, changed and restored in place), the transposition table and the
    node count."""

    def __init__(self, pos: Position) -> None:
        self.nodes = 0
        self.stop_at = NO_LIMIT
        self.deadline = float("inf")
        self.check_at = NO_LIMIT
        self._rules: tuple[object, ...] = ()
        self.bind(pos)

    def limit(self, max_nodes: int = NO_LIMIT, deadline: float = float("inf")) -> None:
        """Stop every later test once ``max_nodes`` more nodes are counted (from
        ``self.nodes`` now) or ``time.monotonic()`` passes ``deadline``: the trick boundary
        searched then raises ``limits.Stopped``. The count may pass the limit by the card
        nodes of the tricks in progress (a few), never by a boundary's search."""
        self.stop_at = self.nodes + max_nodes if max_nodes < NO_LIMIT else NO_LIMIT
        self.deadline = deadline
        # the first boundary searched looks at the clock (a deadline may be past already)
        self.check_at = min(self.stop_at, self.nodes + 1)

    def unlimit(self) -> None:
        """No limit any more."""
        self.limit()

    def _next_check(self) -> None:
        if self.deadline == float("inf"):
            self.check_at = self.stop_at
        else:
            self.check_at = min(self.stop_at, self.nodes + CLOCK_EVERY)

    def _check(self) -> None:
        """The node count reached ``check_at``: stop if a limit is passed."""
        if self.nodes >= self.stop_at:
            raise Stopped("nodes", self.nodes)
        if time.monotonic() >= self.deadline:
            raise Stopped("time", self.nodes)
        self._next_check()

    def bind(self, pos: Position) -> None:
        """Make this search ready for ``pos``. The transposition table is kept when ``pos``
        has the same trump rules, trump, point table (capture value of every card), pile
        rule and hand size as the positions searched before: every stored bound is then a
        function of the four hands and the leader alone, whatever deal they came from. It
        is cleared otherwise, so reuse is always safe; it pays across the sampled worlds of
        one position when their point tables agree (in ``classic-51`` High and Low depend
        on which trumps are in play, so worlds differ more often there)."""
        rules = (pos.profile.trumps, pos.trump, pos.capture, pos.forbidden, pos.profile.hand_size)
        if rules == self._rules:
            return
        self._rules = rules
        lay = layout(pos.profile.trumps, pos.trump)
        self.lay = lay
        self.rules = pos.profile.trumps
        self.trump = pos.trump
        self.bit = lay.bit
        self.card = lay.card
        self.suit = lay.suit
        self.block = lay.block
        self.above = lay.above
        self.key = lay.key
        self.trumps = lay.trumps
        self.pts = tuple(pos.capture[lay.card[i]] for i in range(52))
        self.pm = self.to_s(sum(1 << c for c, v in enumerate(pos.capture) if v))
        self.forbidden = self.to_s(pos.forbidden)
        self.size = pos.profile.hand_size  # a hand beyond it plays a pile
        # points of every set of point cards
        pv = {0: 0}
        m = self.pm
        while m:
            low = m & -m
            m ^= low
            v = self.pts[low.bit_length() - 1]
            pv.update({k | low: s + v for k, s in pv.items()})
        self.pv = pv
        # the cheapest card of every set of point cards
        self.pmin = {k: min(self.pts[c] for c in bits(k)) for k in pv if k}
        # ptop[k][n]: the points of the n dearest cards of a set k of point cards
        ptop = {}
        for k in pv:
            vals = sorted((self.pts[c] for c in bits(k)), reverse=True)
            sums = [0]
            for v in vals:
                sums.append(sums[-1] + v)
            ptop[k] = tuple(sums[min(n, len(vals))] for n in range(16))
        self.ptop = ptop
        # relative-rank keys: one byte per card still out, weakest first: its holder, its
        # effective suit and its point class (two positions with the same bytes are the
        # same game up to the names of the cards)
        classes = sorted(set(self.pts))
        self.digit = tuple(lay.suit[i] << 2 | classes.index(self.pts[i]) << 4 for i in range(52))
        self.tt: dict[tuple[int, int], Entry] = {}
        self.last_two: dict[tuple[int, int], int] = {}
        self.orders: dict[tuple[tuple[int, ...], int, int, int], tuple[int, ...]] = {}
        self.reps: dict[tuple[int, int], tuple[int, ...]] = {}
        self.hands = [0, 0, 0, 0]
        self.pile_cards = 999

    def sequence(self) -> int:
        """The relative-rank key of the hands: for every card still out, weakest first,
        one byte (holder, effective suit, point class)."""
        h0, h1, h2, h3 = self.hands
        o = h0 | h1 | h2 | h3
        digit = self.digit
        seq = shift = 0
        while o:
            low = o & -o
            o ^= low
            c = low.bit_length() - 1
            holder = 0 if h0 & low else 1 if h1 & low else 2 if h2 & low else 3
            seq |= (digit[c] | holder) << shift
            shift += 8
        return seq

    def to_s(self, mask: int) -> int:
        bit = self.bit
        out = 0
        while mask:
            low = mask & -mask
            out |= bit[low.bit_length() - 1]
            mask ^= low
        return out

    def from_s(self, mask: int) -> int:
        return from_strength(self.trump, mask, self.rules)

    # -- entry points ---------------------------------------------------------------------
    def bounded(self, pos: Position, alpha: int, beta: int) -> int:
        """Fail-soft bound of the capture points AC takes from ``pos`` on (the current
        trick's cards included): the exact value if it lies strictly inside the window, an
        upper bound ≤ ``alpha`` or a lower bound ≥ ``beta`` otherwise."""
        self.bind(pos)
        if pos.is_over():
            return 0
        self.hands = [self.to_s(h) for h in pos.hands]
        # a boundary with as many cards as a root with piles is that root: no quick bound
        big = any(h.bit_count() > self.size for h in pos.hands)
        self.pile_cards = sum(h.bit_count() for h in pos.hands) if big else 999
        if not pos.plays:
            return self._node(pos.leader, alpha, beta)
        o = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
        led = self.suit[self.bit[pos.plays[0].card].bit_length() - 1]
        best, win, tpts = -2, pos.leader, 0
        for p in pos.plays:
            c = self.bit[p.card].bit_length() - 1
            o |= 1 << c
            tpts += self.pts[c] + sum(self.pts[self.bit[b].bit_length() - 1] for b in p.beneath)
            if self.key[led][c] > best:
                best, win = self.key[led][c], p.seat
        return play(self, pos.seats, len(pos.plays), alpha, beta, o, led, best, win, tpts, None)

    def quick_bounds(self, pos: Position) -> tuple[int, int]:
        """The bounds (lower, upper) of the capture points AC takes from ``pos`` on that a
        trick boundary gets before it is searched or looked up (sure points and quick
        tricks); for tests."""
        if pos.plays:
            raise ValueError("quick bounds are those of a trick boundary")
        self.bind(pos)
        if pos.is_over():
            return 0, 0
        self.hands = [self.to_s(h) for h in pos.hands]
        self.pile_cards = 999
        return self._node(pos.leader, -1, 0), self._node(pos.leader, pos.remaining, 999)

    def at_least(self, pos: Position, need: int) -> bool:
        """True if AC can take at least ``need`` capture points from ``pos`` on."""
        return self.bounded(pos, need - 1, need) >= need

    def future(self, pos: Position, guess: int | None = None) -> int:
        """The exact capture points AC takes from ``pos`` on under best play, by zero-window
        tests (MTD(f)): each test is placed at the last answer, first at ``guess``."""
        lo, hi = 0, pos.remaining
        g = (lo + hi + 1) // 2 if guess is None else guess
        while lo < hi:
            beta = min(max(g, lo + 1), hi)
            g = self.bounded(pos, beta - 1, beta)
            if g < beta:
                hi = g
            else:
                lo = g
        return lo

    # -- the search -----------------------------------------------------------------------
    def _node(
        self, leader: int, alpha: int, beta: int, seq: int = -1, low: int = -1, probe: bool = False
    ) -> int:
        """A trick boundary: ``leader`` (or the next seat with cards) leads. ``seq`` is the
        boundary's relative-rank key (:meth:`sequence`), computed here if not given; if
        ``low`` is given, ``seq`` is the key with one more card, whose byte is just above
        ``low``. With ``probe``, a boundary that its bounds and the table do not decide is
        not searched: the answer is then -100000."""
        hands = self.hands
        h0, h1, h2, h3 = hands
        o = h0 | h1 | h2 | h3
        pm = o & self.pm
        if not pm:
            return 0
        pv = self.pv
        rem = pv[pm]
        tb = self.trumps
        act = (h0 | h2) & tb
        bdt = (h1 | h3) & tb
        lead = leader if hands[leader] else first_seat(leader, hands)
        # Sure points are those of the trumps of the side holding the top trump that are
        # above the other side's best (``w``): each wins the trick it is played to (every
        # point card of the profiles is a trump; a point card that is not would never be
        # counted sure). Each of them also lets the partner drop a point trump on it (a
        # trump may always be played), and if the leader holds one, leading it forces the
        # opponents to follow with a trump (their cheapest point card if they hold only
        # point trumps). Not at a root with piles (a pile plays several cards at once).
        if act > bdt:
            w = act & ~((1 << bdt.bit_length()) - 1)
            lo = pv[w & pm]
            hi = rem
            if o.bit_count() < self.pile_cards:
                ptop = self.ptop
                pt = pm & tb & ~w
                lo += ptop[h2 & pt][(h0 & w).bit_count()]
                lo += ptop[h0 & pt][(h2 & w).bit_count()]
                if not lead & 1 and hands[lead] & w:
                    q = h1 & tb
                    if q and not q & ~pm:
                        lo += self.pmin[q]
                    q = h3 & tb
                    if q and not q & ~pm:
                        lo += self.pmin[q]
        else:
            w = bdt & ~((1 << act.bit_length()) - 1)
            lo = 0
            hi = rem - pv[w & pm]
            if o.bit_count() < self.pile_cards:
                ptop = self.ptop
                pt = pm & tb & ~w
                hi -= ptop[h3 & pt][(h1 & w).bit_count()]
                hi -= ptop[h1 & pt][(h3 & w).bit_count()]
                if lead & 1 and hands[lead] & w:
                    q = h0 & tb
                    if q and not q & ~pm:
                        hi -= self.pmin[q]
                    q = h2 & tb
                    if q and not q & ~pm:
                        hi -= self.pmin[q]
        if lo >= beta:
            return lo
        if hi <= alpha or lo == hi:
            return hi
        if (
            o.bit_count() == 8
            and h0.bit_count() == 2
            and h1.bit_count() == 2
            and h2.bit_count() == 2
        ):
            # the last two tricks (every hand holds two cards): exact, cached
            if low >= 0:
                seq = (seq & low) | ((seq >> 8) & ~low)
            elif seq < 0:
                seq = self.sequence()
            key2 = (seq, leader)
            v2 = self.last_two.get(key2)
            if v2 is None:
                self.nodes += 1
                v2 = self.last_two[key2] = two_tricks(self, leader)
            return v2
        if low >= 0:
            seq = (seq & low) | ((seq >> 8) & ~low)
        elif seq < 0:
            seq = self.sequence()
        key = (seq, leader)
        entry = self.tt.get(key)
        if entry is not None:
            if entry[0] > lo:
                lo = entry[0]
                if lo >= beta:
                    return lo
            if entry[1] < hi:
                hi = entry[1]
                if hi <= alpha:
                    return hi
            if lo == hi:
                return lo
            if probe:
                return -100000
        elif probe:
            return -100000
        else:
            entry = [lo, hi, -1]
            self.tt[key] = entry
        self.nodes += 1
        if self.nodes >= self.check_at:
            self._check()
        seats = ORDER[(h0 != 0) | (h1 != 0) << 1 | (h2 != 0) << 2 | (h3 != 0) << 3][leader]
        if not (h0 & (h0 - 1) or h1 & (h1 - 1) or h2 & (h2 - 1) or h3 & (h3 - 1)):
            v = self._last_trick(seats, rem)
        elif len(seats) == 4 and o.bit_count() < self.pile_cards:
            v = search_trick(self, seats, alpha, beta, o, entry, seq)
        else:
            v = play(self, seats, 0, alpha, beta, o, -1, -2, seats[0], 0, entry)
        if v < lo:
            v = lo
        elif v > hi:
            v = hi
        if v <= alpha:
            entry[0] = lo
            entry[1] = v
        elif v >= beta:
            entry[0] = v
            entry[1] = hi
        else:
            entry[0] = entry[1] = v
        return v

    def _last_trick(self, seats: tuple[int, ...], points: int) -> int:
        hands = self.hands
        keys = self.key[self.suit[hands[seats[0]].bit_length() - 1]]
        best, win = -2, 0
        for s in seats:
            k = keys[hands[s].bit_length() - 1]
            if k > best:
                best, win = k, s
        return 0 if win & 1 else points

    def _play(
        self,
        seats: tuple[int, ...],
        i: int,
        alpha: int,
        beta: int,
        o: int,
        led: int,
        best: int,
        win: int,
        tpts: int,
        entry: Entry | None,
    ) -> int:
        """Seat ``seats[i]`` plays (``seats.play``; for ``piles``, which cannot import it)."""
        return play(self, seats, i, alpha, beta, o, led, best, win, tpts, entry)

    # -- piles (first trick, a hand of more than its size): ``piles`` ------------------------
    def pile_choices(self, hand: int, legal: int, o: int) -> list[tuple[int, int]]:
        """Piles of ``hand`` (strength space) up to equivalence: (top card, mask beneath);
        see :func:`piles.pile_choices`."""
        return pile_choices(self, hand, legal, o)
