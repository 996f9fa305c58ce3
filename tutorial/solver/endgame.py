"""The last two tricks solved exactly in one function (every hand holds two cards).

With two cards a hand, a trick boundary has at most 2 × 2 × 2 × 2 lines: the first trick
is chosen, the second is forced. :func:`two_tricks` walks them as four nested loops with
alpha-beta on the full window (the value is exact, so ``Search._node`` caches it by the
relative-rank key and never searches the same two-trick ending twice, whatever the window
of the test that reaches it). The rules are those of the search's tables: a seat holding
the led suit follows it or plays a trump, the highest trick key wins, the winner leads the
last trick. ``tests/solver`` pins it to plain alpha-beta.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tutorial.solver.search import Search


def _choices(h: int, o: int, above: tuple[int, ...], pts: tuple[int, ...]) -> tuple[int, ...]:
    """The cards of a two-card hand ``h`` worth trying when both are legal, as bits: only the
    stronger if the two are equivalent (one suit, no card out between them, same points)."""
    low = h & -h
    high = h ^ low
    c = low.bit_length() - 1
    up = o & above[c]
    if up & -up == high and pts[c] == pts[high.bit_length() - 1]:
        return (high,)
    return (high, low)


def two_tricks(sr: Search, leader: int) -> int:
    """AC's exact capture points from the last two tricks, ``leader`` to lead, every hand
    holding two cards (strength space, ``sr.hands``)."""
    hands = sr.hands
    key, suit, pts, block, tb, above = sr.key, sr.suit, sr.pts, sr.block, sr.trumps, sr.above
    s0 = leader
    h0, h1, h2, h3 = hands[s0], hands[(s0 + 1) & 3], hands[(s0 + 2) & 3], hands[(s0 + 3) & 3]
    o = h0 | h1 | h2 | h3
    total = sr.pv[o & sr.pm]
    ch0 = _choices(h0, o, above, pts)
    ch1 = _choices(h1, o, above, pts)
    ch2 = _choices(h2, o, above, pts)
    ch3 = _choices(h3, o, above, pts)
    # values are the points of the leader's side: the leader and the third seat maximise
    val0 = -1
    for b0 in ch0:
        c0 = b0.bit_length() - 1
        r0 = (h0 ^ b0).bit_length() - 1
        led = suit[c0]
        keys = key[led]
        blk = block[led]
        k0 = keys[c0]
        p0 = pts[c0]
        m1 = h1 & (blk | tb) if h1 & blk else h1
        m2 = h2 & (blk | tb) if h2 & blk else h2
        m3 = h3 & (blk | tb) if h3 & blk else h3
        val1 = 999
        for b1 in ch1 if m1 == h1 else (m1,):
            c1 = b1.bit_length() - 1
            r1 = (h1 ^ b1).bit_length() - 1
            k1 = keys[c1]
            if k1 > k0:
                kb1, w1 = k1, 1
            else:
                kb1, w1 = k0, 0
            p1 = p0 + pts[c1]
            val2 = -1
            for b2 in ch2 if m2 == h2 else (m2,):
                c2 = b2.bit_length() - 1
                r2 = (h2 ^ b2).bit_length() - 1
                k2 = keys[c2]
                if k2 > kb1:
                    kb2, w2 = k2, 2
                else:
                    kb2, w2 = kb1, w1
                p2 = p1 + pts[c2]
                val3 = 999
                for b3 in ch3 if m3 == h3 else (m3,):
                    c3 = b3.bit_length() - 1
                    r3 = (h3 ^ b3).bit_length() - 1
                    if keys[c3] > kb2:
                        w = 3
                        r = r3
                    else:
                        w = w2
                        r = r0 if w == 0 else r1 if w == 1 else r2
                    p = p2 + pts[c3]
                    # the last trick: led by the winner of the first
                    lk = key[suit[r]]
                    best, win = lk[r0], 0
                    if lk[r1] > best:
                        best, win = lk[r1], 1
                    if lk[r2] > best:
                        best, win = lk[r2], 2
                    if lk[r3] > best:
                        win = 3
                    v = (0 if w & 1 else p) + (0 if win & 1 else total - p)
                    if v < val3:
                        val3 = v
                        if v <= val2 or v <= val0:
                            break
                if val3 > val2:
                    val2 = val3
                    if val3 >= val1:
                        break
            if val2 < val1:
                val1 = val2
                if val2 <= val0:
                    break
        if val1 > val0:
            val0 = val1
            if val0 >= total:
                break
    return total - val0 if s0 & 1 else val0
