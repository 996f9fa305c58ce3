"""One whole trick of four seats searched in one function: the four plays as nested loops.

:func:`search_trick` is the search's hot path (``Search._node`` calls it at every trick
boundary after the first trick where all four seats hold cards). It does what
``seats.play`` does seat by seat — the follow rule in strength space, equivalent cards
tried once, the same move ordering, fail-soft alpha-beta at every seat — without a call,
an argument list or a list of tuples per play: candidates are sorted as ints
(``score * 64 + card``, the followers' candidates and orders memoised for the whole search
in ``Search.reps`` and ``Search.orders``), the tables are locals, and in the trick before
the last two (every hand three cards) the fourth seat first looks its two-trick ending up
in ``Search.last_two`` (``endgame.two_tricks`` solves the endings not there yet).
``tests/solver`` pins it to plain minimax and to the session-2 solver.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from tutorial.solver.search import Entry, Search


LOW: Final = tuple((1 << (8 * p)) - 1 for p in range(53))
"""LOW[p]: the bytes of the ``p`` weakest cards of a relative-rank key."""
BELOW: Final = tuple((1 << c) - 1 for c in range(52))
ETC_ABOVE: Final = 12
"""The fourth seat first looks its cards' boundaries up (bounds and table, no search) in
tricks with more cards out than this: a card that cuts is taken first. Below it the
look-ups cost more than they save (-15% nodes, no less CPU on 24 openings)."""


def _lead_order(
    h: int, o: int, above: tuple[int, ...], pts: tuple[int, ...], tb: int, first: int
) -> list[int]:
    """The leader's cards (one of each run of equivalent cards), likely best first, as
    ``score * 64 + card``: the table's lead (``first``, its rank among the cards out),
    then trumps (the top trump first, then from the lowest: -2% nodes against from the
    highest on 40 openings per profile), then plain cards (a top card first)."""
    out = []
    mm = h
    while mm:
        low = mm & -mm
        mm ^= low
        c = low.bit_length() - 1
        up = o & above[c]
        if up:
            nxt = up & -up
            if nxt & h and pts[c] == pts[nxt.bit_length() - 1]:
                continue  # the next stronger card out is ours and equivalent
        if (o & BELOW[c]).bit_count() == first:
            sc = 10000
        elif tb >> c & 1:
            sc = 2300 - c if up else 3200 + pts[c]
        else:
            sc = 1500 - 10 * pts[c] - c if up else 2000
        out.append(sc * 64 + c)
    out.sort(reverse=True)
    return out


def _reps(m: int, o: int, above: tuple[int, ...], pts: tuple[int, ...]) -> tuple[int, ...]:
    """The cards of ``m`` that are not equivalent to a stronger one of ``m`` (the next
    stronger card out is ours and carries the same points), weakest first."""
    out = []
    mm = m
    while mm:
        low = mm & -mm
        mm ^= low
        c = low.bit_length() - 1
        up = o & above[c]
        if up:
            nxt = up & -up
            if nxt & m and pts[c] == pts[nxt.bit_length() - 1]:
                continue
        out.append(c)
    return tuple(out)


def _follow_order(
    reps: tuple[int, ...],
    pts: tuple[int, ...],
    keys: tuple[int, ...],
    best: int,
    partner_wins: bool,
    last: bool,
    tpts: int,
) -> tuple[int, ...]:
    """A follower's candidate cards ``reps`` (one of each run of equivalent cards), likely
    best first, as ``score * 64 + card``: take a trick that holds points as cheaply as
    possible, duck one that holds none, drop points on a partner's winning card, throw
    nothing of value."""
    out = []
    for c in reps:
        p = pts[c]
        k = keys[c]
        if k > best:  # takes the lead of the trick
            if partner_wins:
                sc = 20 * p - k
            elif last:
                sc = 500 + 20 * p - k
            else:
                sc = (450 if tpts else 350) - k + 5 * p
        elif partner_wins:
            sc = 300 + 20 * p - k if last else 250 + 20 * p - k
        else:
            sc = 200 - 20 * p - k
        out.append(sc * 64 + c)
    out.sort(reverse=True)
    return tuple(out)


def search_trick(
    sr: Search, seats: tuple[int, ...], alpha: int, beta: int, o: int, entry: Entry, seq: int
) -> int:
    """Fail-soft value (AC's capture points from this trick on) of a trick boundary where
    the four ``seats`` (leader first) all hold cards and no pile is possible; the best lead
    of a cut-off is recorded in ``entry``."""
    s0, s1, s2, s3 = seats
    hands = sr.hands
    h0, h1, h2, h3 = hands[s0], hands[s1], hands[s2], hands[s3]
    above, pts, tb, key, suit, block = sr.above, sr.pts, sr.trumps, sr.key, sr.suit, sr.block
    # every hand holds three cards: the boundaries after this trick are two-trick endings,
    # solved exactly by ``endgame.two_tricks`` and cached by their relative-rank key
    endgame = h0.bit_count() == 3 and h1.bit_count() == 3 and h2.bit_count() == 3
    endgame = endgame and h3.bit_count() == 3
    last_two = sr.last_two
    etc = o.bit_count() > ETC_ABOVE  # see ETC_ABOVE
    mx0 = not s0 & 1  # the leader's side maximises AC's points if it is AC
    nodes = 1
    val0 = -1 if mx0 else 999
    a0, b0 = alpha, beta
    # each follower's candidates by led suit (the cards out do not change within the trick)
    reps1: dict[int, tuple[int, ...]] = {}
    reps2: dict[int, tuple[int, ...]] = {}
    reps3: dict[int, tuple[int, ...]] = {}
    # followers' orders, shared by the whole search: a function of the candidates, the led
    # suit, the best trick key so far and the flags (partner winning, last seat, points in
    # the trick)
    orders = sr.orders
    # and their candidates: a function of the legal cards and of the cards out between the
    # weakest and the strongest of them (the next stronger card out of each)
    reps = sr.reps
    for x0 in _lead_order(h0, o, above, pts, tb, entry[2]):
        c0 = x0 & 63
        hands[s0] = h0 ^ (1 << c0)
        low = LOW[(o & BELOW[c0]).bit_count()]
        seq1 = (seq & low) | ((seq >> 8) & ~low)
        o1 = o ^ (1 << c0)
        led = suit[c0]
        keys = key[led]
        k0 = keys[c0]
        blk = block[led]
        # -- second seat (the leader's opponent)
        nodes += 1
        val1 = 999 if mx0 else -1
        a1, b1 = a0, b0
        cand1 = reps1.get(led)
        if cand1 is None:
            m1 = h1 & (blk | tb) if h1 & blk else h1
            rk = (m1, o & ((1 << m1.bit_length()) - 1) & -(m1 & -m1))
            cand1 = reps.get(rk)
            if cand1 is None:
                cand1 = reps[rk] = _reps(m1, o, above, pts)
            reps1[led] = cand1
        if len(cand1) > 1:
            fk = (cand1, led, k0, int(pts[c0] > 0))
            order1 = orders.get(fk)
            if order1 is None:
                order1 = orders[fk] = _follow_order(cand1, pts, keys, k0, False, False, pts[c0])
        else:
            order1 = cand1
        for x1 in order1:
            c1 = x1 & 63
            hands[s1] = h1 ^ (1 << c1)
            low = LOW[(o1 & BELOW[c1]).bit_count()]
            seq2 = (seq1 & low) | ((seq1 >> 8) & ~low)
            o2 = o1 ^ (1 << c1)
            k1 = keys[c1]
            if k1 > k0:
                best1, win1 = k1, s1
            else:
                best1, win1 = k0, s0
            tp1 = pts[c0] + pts[c1]
            # -- third seat (the leader's partner)
            nodes += 1
            val2 = -1 if mx0 else 999
            a2, b2 = a1, b1
            cand2 = reps2.get(led)
            if cand2 is None:
                m2 = h2 & (blk | tb) if h2 & blk else h2
                rk = (m2, o & ((1 << m2.bit_length()) - 1) & -(m2 & -m2))
                cand2 = reps.get(rk)
                if cand2 is None:
                    cand2 = reps[rk] = _reps(m2, o, above, pts)
                reps2[led] = cand2
            if len(cand2) > 1:
                fk = (cand2, led, best1, (win1 == s0) << 2 | (tp1 > 0))
                order2 = orders.get(fk)
                if order2 is None:
                    order2 = orders[fk] = _follow_order(
                        cand2, pts, keys, best1, win1 == s0, False, tp1
                    )
            else:
                order2 = cand2
            for x2 in order2:
                c2 = x2 & 63
                hands[s2] = h2 ^ (1 << c2)
                low = LOW[(o2 & BELOW[c2]).bit_count()]
                seq3 = (seq2 & low) | ((seq2 >> 8) & ~low)
                o3 = o2 ^ (1 << c2)
                k2 = keys[c2]
                if k2 > best1:
                    best2, win2 = k2, s2
                else:
                    best2, win2 = best1, win1
                tp2 = tp1 + pts[c2]
                # -- fourth seat (the trick is decided by its card)
                nodes += 1
                val3 = 999 if mx0 else -1
                a3, b3 = a2, b2
                cand3 = reps3.get(led)
                if cand3 is None:
                    m3 = h3 & (blk | tb) if h3 & blk else h3
                    rk = (m3, o & ((1 << m3.bit_length()) - 1) & -(m3 & -m3))
                    cand3 = reps.get(rk)
                    if cand3 is None:
                        cand3 = reps[rk] = _reps(m3, o, above, pts)
                    reps3[led] = cand3
                if len(cand3) > 1:
                    fk = (cand3, led, best2, (win2 == s1) << 2 | 2)
                    order3 = orders.get(fk)
                    if order3 is None:
                        order3 = orders[fk] = _follow_order(
                            cand3, pts, keys, best2, win2 == s1, True, tp2
                        )
                else:
                    order3 = cand3
                known: dict[int, int] | None = None
                if etc and len(order3) > 1:
                    # enhanced transposition cut-off: a card whose boundary is decided by
                    # its bounds or the table without a search is taken first if it cuts;
                    # the other decided values are kept for the search below
                    known = {}
                    for x3 in order3:
                        c3 = x3 & 63
                        hands[s3] = h3 ^ (1 << c3)
                        win = s3 if keys[c3] > best2 else win2
                        g = 0 if win & 1 else tp2 + pts[c3]
                        v = sr._node(
                            win, a3 - g, b3 - g, seq3, LOW[(o3 & BELOW[c3]).bit_count()], True
                        )
                        if v > -1000:
                            v += g
                            known[x3] = v
                            if v <= a3 if mx0 else v >= b3:
                                order3 = (x3,)
                                break
                    hands[s3] = h3
                for x3 in order3:
                    c3 = x3 & 63
                    r3 = h3 ^ (1 << c3)
                    if known is not None and x3 in known:
                        v = known[x3]
                    elif endgame:
                        win = s3 if keys[c3] > best2 else win2
                        g = 0 if win & 1 else tp2 + pts[c3]
                        hands[s3] = r3
                        low = LOW[(o3 & BELOW[c3]).bit_count()]
                        k4 = ((seq3 & low) | ((seq3 >> 8) & ~low), win)
                        v = last_two.get(k4, -1)
                        if v < 0:  # bounds first, then solved and cached
                            v = sr._node(win, a3 - g, b3 - g, seq3, low)
                        v += g
                    else:
                        win = s3 if keys[c3] > best2 else win2
                        g = 0 if win & 1 else tp2 + pts[c3]
                        hands[s3] = r3
                        v = g + sr._node(
                            win, a3 - g, b3 - g, seq3, LOW[(o3 & BELOW[c3]).bit_count()]
                        )
                    if mx0:  # the fourth seat minimises
                        if v < val3:
                            val3 = v
                            if v < b3:
                                b3 = v
                                if a3 >= b3:
                                    break
                    elif v > val3:
                        val3 = v
                        if v > a3:
                            a3 = v
                            if a3 >= b3:
                                break
                hands[s3] = h3
                v = val3
                if mx0:  # the third seat maximises
                    if v > val2:
                        val2 = v
                        if v > a2:
                            a2 = v
                            if a2 >= b2:
                                break
                elif v < val2:
                    val2 = v
                    if v < b2:
                        b2 = v
                        if a2 >= b2:
                            break
            hands[s2] = h2
            v = val2
            if mx0:  # the second seat minimises
                if v < val1:
                    val1 = v
                    if v < b1:
                        b1 = v
                        if a1 >= b1:
                            break
            elif v > val1:
                val1 = v
                if v > a1:
                    a1 = v
                    if a1 >= b1:
                        break
        hands[s1] = h1
        v = val1
        if mx0:
            if v > val0:
                val0 = v
                if v > a0:
                    a0 = v
                    if a0 >= b0:
                        entry[2] = (o & BELOW[c0]).bit_count()
                        break
        elif v < val0:
            val0 = v
            if v < b0:
                b0 = v
                if a0 >= b0:
                    entry[2] = (o & BELOW[c0]).bit_count()
                    break
    hands[s0] = h0
    sr.nodes += nodes
    return val0
