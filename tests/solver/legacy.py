"""The session-2 solver, kept unchanged as a second, independent reference for the new
search (``tutorial.solver.search``): boolean zero-window tests on the point target with
absolute transposition keys, no fail-soft bounds, no quick-trick bound. It is exact and
slower; ``legacy_values`` values every legal card as the old ``analyse.solve`` did.

The original docstring follows.

The fast double-dummy search: zero-window tests on the point target.

:meth:`Search.at_least` answers one question — can side AC take at least ``need`` more
capture points from this position, both sides playing their best? — and exact values come
from a few such tests (:meth:`Search.future`). Built the way fast solvers are (Bo Haglund's
DDS for bridge):

* a transposition table at trick boundaries (the four hands and the leader), storing lower
  and upper bounds of the points still to come, shared by every test of a solve;
* equivalent cards searched once: two cards of one hand, of one effective suit, adjacent in
  strength among the cards still out (in the hands or on the current trick) and carrying the
  same points give the same result, so only the stronger is tried;
* move ordering: the lead that refuted the last test at this boundary first, then cheap
  rules (win cheaply, smear points on a partner's winning card, throw nothing of value);
* quick cut-offs: no test is searched whose answer the points still out already decide;
  the last trick is counted, not searched.

The rules are the engine's: ``legal_plays`` (trick.py), ``TRICK_KEY`` and ``EFFECTIVE_SUIT``
(trumps.py), the profile's point table (through :class:`~tutorial.solver.position.Position`).
"""

from __future__ import annotations

from itertools import product

from tutorial.engine.trick import legal_plays
from tutorial.engine.trumps import EFFECTIVE_SUIT, PEDRO_TRUMPS, TRICK_KEY, TRUMP_MASK
from tutorial.solver.position import Position, pile_beneath, pile_tops, seat_order
from tutorial.solver.tables import layout


class _Strength:
    def __init__(self, trump: int) -> None:
        lay = layout(PEDRO_TRUMPS, trump)
        self.bit = lay.bit
        self.above = tuple(lay.above[lay.position[c]] for c in range(52))
        self.card = lay.card


STRENGTH = tuple(_Strength(t) for t in range(4))


def to_strength(trump: int, mask: int) -> int:
    bit = STRENGTH[trump].bit
    out = 0
    while mask:
        low = mask & -mask
        out |= bit[low.bit_length() - 1]
        mask ^= low
    return out


_ORDERS = tuple(tuple((leader + i) & 3 for i in range(4)) for leader in range(4))


class Search:
    """One solve's search state: the hands (changed and restored in place), the tables of
    its trump suit, the transposition table and the node count."""

    def __init__(self, pos: Position) -> None:
        self.nodes = 0
        self._rules: tuple[object, ...] = ()
        self.bind(pos)

    def bind(self, pos: Position) -> None:
        """Make this search ready for ``pos``. Its transposition table is kept when
        ``pos`` has the same trump, point table (capture value of every card), pile rule
        and hand size as the positions searched before — then every stored bound is a
        function of the four hands and the leader alone, whatever deal it came from — and
        cleared otherwise. So reuse is always safe; it pays across the sampled worlds of
        one position only when their point tables agree (``classic-51`` High and Low
        depend on the cards in play, so worlds often differ there)."""
        rules = (pos.trump, pos.capture, pos.forbidden, pos.profile.hand_size)
        if rules == self._rules:
            return
        self._rules = rules
        t = pos.trump
        self.trump = t
        self.eff = EFFECTIVE_SUIT[t]
        self.tk = TRICK_KEY[t]
        self.pts = pos.capture
        self.forbidden = pos.forbidden
        st = STRENGTH[t]
        self.sbit = st.bit
        self.sabove = st.above
        self.scard = st.card
        self.hands = list(pos.hands)
        self.size = pos.profile.hand_size  # a hand beyond it plays a pile
        tm = TRUMP_MASK[t]
        self.tmask = tm
        # the point cards, strongest first: (card, its trump key, value)
        self.point_cards = sorted(
            ((c, self.tk[t][c], v) for c, v in enumerate(pos.capture) if v),
            key=lambda x: -x[1],
        )
        self.tt: dict[tuple[int, int, int, int, int], list[int]] = {}
        self.killer: dict[tuple[int, int, int, int, int], int] = {}

    # -- entry points ---------------------------------------------------------------------
    def at_least(self, pos: Position, need: int) -> bool:
        """True if AC can take at least ``need`` capture points from ``pos`` on
        (the current trick's cards included)."""
        self.bind(pos)
        self.hands = list(pos.hands)
        o_s = to_strength(self.trump, sum(pos.hands))
        rem = sum(self.pts[c] for h in pos.hands for c in _bits(h))
        if not pos.plays:
            return self._boundary(pos.leader, need, rem, o_s)
        tops = 0
        tpts = 0
        led = self.eff[pos.plays[0].card]
        keys = self.tk[led]
        best, win = -2, pos.leader
        for p in pos.plays:
            tops |= self.sbit[p.card]
            tpts += self.pts[p.card] + sum(self.pts[c] for c in p.beneath)
            if keys[p.card] > best:
                best, win = keys[p.card], p.seat
        if need <= 0:
            return True
        if need > rem + tpts:
            return False
        return self._play(
            pos.seats, len(pos.plays), need, rem, o_s | tops, tops, led, best, win, tpts
        )

    def future(self, pos: Position, guess: int | None = None) -> int:
        """The exact capture points AC takes from ``pos`` on under best play: zero-window
        tests, first at ``guess`` and next to it (MTD(f) style), then by halving."""
        lo, hi = 0, pos.remaining
        probe = guess
        near = guess is not None
        while lo < hi:
            if probe is None or not lo < probe <= hi:
                probe = (lo + hi + 1) // 2
            if self.at_least(pos, probe):
                lo = probe
                probe = probe + 1 if near else None
            else:
                hi = probe - 1
                probe = probe - 1 if near else None
            near = False
        return lo

    # -- the search -----------------------------------------------------------------------
    def _boundary(self, leader: int, need: int, rem: int, o_s: int) -> bool:
        if need <= 0:
            return True
        if need > rem:
            return False
        hands = self.hands
        h0, h1, h2, h3 = hands
        key = (h0, h1, h2, h3, leader)
        entry = self.tt.get(key)
        if entry is not None:
            if entry[0] >= need:
                return True
            if entry[1] < need:
                return False
        self.nodes += 1
        lo, hi = self._sure(h0 | h2, h1 | h3, rem)
        if lo >= need:
            return True
        if hi < need:
            return False
        if h0 and h1 and h2 and h3:
            seats = _ORDERS[leader]
            if not (h0 & (h0 - 1) or h1 & (h1 - 1) or h2 & (h2 - 1) or h3 & (h3 - 1)):
                return self._last_trick(seats, need)
        else:
            while not hands[leader]:
                leader = (leader + 1) & 3
            seats = seat_order(leader, hands)
            if all(not (hands[s] & (hands[s] - 1)) for s in seats):
                return self._last_trick(seats, need)
        result = self._play(seats, 0, need, rem, o_s, 0, -1, -2, leader, 0, key)
        if entry is None:
            entry = [lo, hi]
            self.tt[key] = entry
        if result:
            entry[0] = need
        else:
            entry[1] = need - 1
        return result

    def _sure(self, ac: int, bd: int, rem: int) -> tuple[int, int]:
        """Bounds of AC's points to come: a point card (always a trump) is sure for its
        side when the other side holds no stronger trump — the trick it falls in is won
        by it or by a stronger trump of its own side."""
        tk = self.tk[self.trump]
        tm = self.tmask
        top_ac = max((tk[c] for c in _bits(ac & tm)), default=-1)
        top_bd = max((tk[c] for c in _bits(bd & tm)), default=-1)
        lo = 0
        lost = 0
        for c, key, v in self.point_cards:
            if ac >> c & 1:
                if key > top_bd:
                    lo += v
            elif bd >> c & 1 and key > top_ac:
                lost += v
        return lo, rem - lost

    def _last_trick(self, seats: tuple[int, ...], need: int) -> bool:
        hands = self.hands
        lead = hands[seats[0]].bit_length() - 1
        keys = self.tk[self.eff[lead]]
        pts = self.pts
        best, win, total = -2, seats[0], 0
        for s in seats:
            c = hands[s].bit_length() - 1
            total += pts[c]
            if keys[c] > best:
                best, win = keys[c], s
        return (total if not win & 1 else 0) >= need

    def _play(
        self,
        seats: tuple[int, ...],
        i: int,
        need: int,
        rem: int,
        o_s: int,
        tops: int,
        led: int,
        best: int,
        win: int,
        tpts: int,
        key: tuple[int, int, int, int, int] | None = None,
    ) -> bool:
        """Seat ``seats[i]`` plays to a trick whose cards so far have strength mask
        ``tops``, points ``tpts`` and best trick key ``best`` (played by ``win``)."""
        self.nodes += 1
        s = seats[i]
        hands = self.hands
        h = hands[s]
        m = h if led < 0 else legal_plays(h, self.trump, led)
        if h.bit_count() > self.size:
            return self._pile(seats, i, need, rem, o_s, tops, led, best, win, tpts, m)
        pts = self.pts
        sabove = self.sabove
        scard = self.scard
        cands: list[int] = []
        mm = m
        while mm:
            low = mm & -mm
            mm ^= low
            c = low.bit_length() - 1
            up = o_s & sabove[c]
            if up:
                y = scard[(up & -up).bit_length() - 1]
                if m >> y & 1 and pts[y] == pts[c]:
                    continue  # the next stronger card out is ours and equivalent
            cands.append(c)
        last = i + 1 == len(seats)
        if len(cands) > 1:
            cands = self._order(cands, s, led, best, win, last, o_s, key, tpts)
        maximize = not s & 1
        tk = self.tk
        sbit = self.sbit
        for c in cands:
            hands[s] = h & ~(1 << c)
            if led < 0:
                nled = self.eff[c]
                nbest, nwin = tk[nled][c], s
            else:
                nled = led
                k = tk[led][c]
                nbest, nwin = (k, s) if k > best else (best, win)
            p = pts[c]
            if last:
                gained = tpts + p
                result = self._boundary(
                    nwin,
                    need - gained if not nwin & 1 else need,
                    rem - p,
                    o_s & ~(tops | sbit[c]),
                )
            else:
                result = self._play(
                    seats, i + 1, need, rem - p, o_s, tops | sbit[c], nled, nbest, nwin, tpts + p
                )
            hands[s] = h
            if result is maximize:
                if key is not None and i == 0:
                    self.killer[key] = c
                return result
        return not maximize

    def _order(
        self,
        cands: list[int],
        s: int,
        led: int,
        best: int,
        win: int,
        last: bool,
        o_s: int,
        key: tuple[int, int, int, int, int] | None,
        tpts: int,
    ) -> list[int]:
        """Likely best cards first (measured by node counts over random openings): leads
        of trumps before plain cards, the top trump first, then from the highest; a
        follower takes a trick that holds points as cheaply as it can, ducks one that holds
        none, drops points on a partner's winning card and throws nothing of value."""
        pts = self.pts
        if led < 0:
            killer = self.killer.get(key) if key is not None else None
            sabove = self.sabove
            tk = self.tk
            eff = self.eff
            trump = self.trump

            def lead_score(c: int) -> int:
                if c == killer:
                    return 1000
                top = not o_s & sabove[c]
                if eff[c] == trump:
                    return 320 + pts[c] if top else 230 + tk[trump][c] // 10
                return 200 if top else 150 - 10 * pts[c] - tk[eff[c]][c]

            return sorted(cands, key=lead_score, reverse=True)
        keys = self.tk[led]
        mine = s & 1
        partner_wins = (win & 1) == mine

        def score(c: int) -> int:
            k = keys[c]
            p = pts[c]
            if k > best:  # takes the lead of the trick
                if partner_wins:
                    return 20 * p - k
                return 500 + 20 * p - k if last else (400 if tpts else 180) - k + 5 * p
            if partner_wins:
                return 300 + 20 * p - k if last else 250 + 5 * p - k
            return 200 - 20 * p - k

        return sorted(cands, key=score, reverse=True)

    # -- piles (first trick, a hand of more than 6 cards) ---------------------------------
    def _pile(
        self,
        seats: tuple[int, ...],
        i: int,
        need: int,
        rem: int,
        o_s: int,
        tops: int,
        led: int,
        best: int,
        win: int,
        tpts: int,
        legal: int,
    ) -> bool:
        s = seats[i]
        hands = self.hands
        h = hands[s]
        maximize = not s & 1
        for top, beneath in self.pile_choices(h, legal, o_s):
            moved = (1 << top) | beneath
            hands[s] = h & ~moved
            p = sum(self.pts[c] for c in _bits(moved))
            bs = to_strength(self.trump, beneath)
            if led < 0:
                nled = self.eff[top]
                nbest, nwin = self.tk[nled][top], s
            else:
                nled = led
                k = self.tk[led][top]
                nbest, nwin = (k, s) if k > best else (best, win)
            ntops = tops | self.sbit[top]
            if i + 1 == len(seats):
                result = self._boundary(
                    nwin,
                    need - (tpts + p) if not nwin & 1 else need,
                    rem - p,
                    o_s & ~(ntops | bs),
                )
            else:
                result = self._play(
                    seats, i + 1, need, rem - p, o_s & ~bs, ntops, nled, nbest, nwin, tpts + p
                )
            hands[s] = h
            if result is maximize:
                return result
        return not maximize

    def pile_choices(self, hand: int, legal: int, o_s: int) -> list[tuple[int, int]]:
        """Piles of ``hand`` up to equivalence: (top card, mask beneath). Cards beneath are
        chosen class by class (equivalent cards in a class: which of them go beneath does
        not matter; the weakest are taken)."""
        k = hand.bit_count() - self.size
        tops = pile_tops(hand, legal, k, self.forbidden)
        out: list[tuple[int, int]] = []
        for top in self._representatives(tops, o_s):
            must, may = pile_beneath(hand, top, k, self.forbidden)
            want = k - must.bit_count()
            classes = self._classes(may, o_s)
            for counts in product(*(range(len(cl) + 1) for cl in classes)):
                if sum(counts) != want:
                    continue
                beneath = must
                for cl, n in zip(classes, counts, strict=True):
                    for c in cl[:n]:
                        beneath |= 1 << c
                out.append((top, beneath))
        return out

    def _representatives(self, m: int, o_s: int) -> list[int]:
        out = []
        for c in _bits(m):
            up = o_s & self.sabove[c]
            if up:
                y = self.scard[(up & -up).bit_length() - 1]
                if m >> y & 1 and self.pts[y] == self.pts[c]:
                    continue
            out.append(c)
        return out

    def _classes(self, m: int, o_s: int) -> list[list[int]]:
        """Cards of ``m`` grouped into runs of equivalent cards, each run weakest first."""
        cards = sorted(_bits(m), key=lambda c: self.sbit[c])
        classes: list[list[int]] = []
        for c in cards:
            if classes:
                prev = classes[-1][-1]
                up = o_s & self.sabove[prev]
                nxt = self.scard[(up & -up).bit_length() - 1] if up else -1
                if nxt == c and self.pts[prev] == self.pts[c]:
                    classes[-1].append(c)
                    continue
            classes.append([c])
        return classes


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def legacy_values(pos: Position) -> dict[int, tuple[int, int]]:
    """Every legal card of the seat to play → the hand's points (AC, BD) if it is played
    (with its best cards beneath), as the session-2 ``analyse.solve`` computed them."""
    total = pos.total
    search = Search(pos)
    seat = pos.to_play
    side = seat & 1
    o_s = to_strength(pos.trump, sum(pos.hands)) | to_strength(
        pos.trump, sum(1 << p.card for p in pos.plays)
    )
    legal = pos.legal_mask()
    rep: dict[int, int] = {}
    for c in sorted(_bits(legal), key=lambda c: -search.sbit[c]):
        up = o_s & search.sabove[c]
        if up:
            y = search.scard[(up & -up).bit_length() - 1]
            if legal >> y & 1 and search.pts[y] == search.pts[c]:
                rep[c] = rep[y]
                continue
        rep[c] = c
    if pos.pile_size():
        options = search.pile_choices(pos.hands[seat], legal, o_s)
    else:
        options = [(c, 0) for c in sorted(set(rep.values()))]
    guess: int | None = None
    by_rep: dict[int, tuple[int, int]] = {}
    for top, beneath in options:
        child = pos.apply((top, tuple(sorted(_bits(beneath)))))
        fut = search.future(child, guess)
        guess = fut
        ac = child.taken[0] + pos.held[0] + fut
        known = by_rep.get(top)
        if known is None or (ac, total - ac)[side] > known[side]:
            by_rep[top] = (ac, total - ac)
    return {card: by_rep[rep[card]] for card in _bits(legal)}
