"""The search seat by seat, for the tricks ``trick.search_trick`` does not take whole: the
first trick when a hand may play a pile, a root in the middle of a trick, and tricks with a
seat out of cards. :func:`play` is one seat's play (the follow rule in strength space,
equivalent cards tried once, fail-soft alpha-beta, the cut-off's lead recorded in the
transposition entry); :func:`_order` its cheap move ordering. ``tests/solver`` pins them to
plain minimax and alpha-beta.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutorial.solver.piles import search_pile

if TYPE_CHECKING:
    from tutorial.solver.search import Entry, Search


def play(
    sr: Search,
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
    """Seat ``seats[i]`` plays to a trick whose best trick key so far is ``best``
    (played by ``win``) and whose cards so far carry ``tpts`` points; ``o`` is every
    card still out (in the hands or on this trick)."""
    sr.nodes += 1
    s = seats[i]
    hands = sr.hands
    h = hands[s]
    tb = sr.trumps
    if led < 0:
        m = h
    elif h & sr.block[led]:
        m = h & (sr.block[led] | tb)
    else:
        m = h
    if h.bit_count() > sr.size:
        return search_pile(sr, seats, i, alpha, beta, o, led, best, win, tpts, m)
    pts = sr.pts
    above = sr.above
    cands: list[int] = []
    mm = m
    while mm:
        low = mm & -mm
        mm ^= low
        c = low.bit_length() - 1
        up = o & above[c]
        if up:
            nxt = up & -up
            if nxt & m and pts[c] == pts[nxt.bit_length() - 1]:
                continue  # the next stronger card out is ours and equivalent
        cands.append(c)
    last = i + 1 == len(seats)
    if len(cands) > 1:
        cands = _order(sr, cands, s, led, best, win, last, o, entry, tpts)
    maximize = not s & 1
    value = -1 if maximize else 999
    key = sr.key
    for c in cands:
        hands[s] = h & ~(1 << c)
        if led < 0:
            nled = sr.suit[c]
            nbest, nwin = key[nled][c], s
        else:
            nled = led
            k = key[led][c]
            nbest, nwin = (k, s) if k > best else (best, win)
        p = pts[c]
        if last:
            if nwin & 1:
                v = sr._node(nwin, alpha, beta)
            else:
                g = tpts + p
                v = g + sr._node(nwin, alpha - g, beta - g)
        else:
            v = play(sr, seats, i + 1, alpha, beta, o, nled, nbest, nwin, tpts + p, None)
        hands[s] = h
        if maximize:
            if v > value:
                value = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        if entry is not None:
                            entry[2] = (o & ((1 << c) - 1)).bit_count()
                        break
        elif v < value:
            value = v
            if v < beta:
                beta = v
                if alpha >= beta:
                    if entry is not None:
                        entry[2] = (o & ((1 << c) - 1)).bit_count()
                    break
    return value


def _order(
    sr: Search,
    cands: list[int],
    s: int,
    led: int,
    best: int,
    win: int,
    last: bool,
    o: int,
    entry: Entry | None,
    tpts: int,
) -> list[int]:
    """Likely best cards first: leads of trumps before plain cards, the top trump
    first, then from the highest; a follower takes a trick that holds points as cheaply
    as it can, ducks one that holds none, drops points on a partner's winning card and
    throws nothing of value."""
    pts = sr.pts
    if led < 0:
        first = entry[2] if entry is not None else -1
        above = sr.above
        tb = sr.trumps
        scored = []
        for c in cands:
            if (o & ((1 << c) - 1)).bit_count() == first:
                sc = 10000
            elif tb >> c & 1:
                sc = 3200 + pts[c] if not o & above[c] else 2300 + c
            else:
                sc = 2000 if not o & above[c] else 1500 - 10 * pts[c] - c
            scored.append((sc, c))
    else:
        keys = sr.key[led]
        partner_wins = (win & 1) == (s & 1)
        scored = []
        for c in cands:
            k = keys[c]
            p = pts[c]
            if k > best:  # takes the lead of the trick
                if partner_wins:
                    sc = 20 * p - k
                elif last:
                    sc = 500 + 20 * p - k
                else:
                    sc = (400 if tpts else 180) - k + 5 * p
            elif partner_wins:
                sc = 300 + 20 * p - k if last else 250 + 5 * p - k
            else:
                sc = 200 - 20 * p - k
            scored.append((sc, c))
    scored.sort(reverse=True)
    return [c for _, c in scored]
