"""Piles on the first trick (a hand of more than its size plays its top card with the
rest beneath): the piles worth trying and their search, for :class:`search.Search`.

The pile rule is ``position.pile_tops``/``pile_beneath``: the cards beneath are chosen run
by run of equivalent cards (which cards of a run go beneath does not matter: the weakest
are taken) and equivalent top cards are tried once. ``tests/solver`` pins the piles to
the validating ``Hand`` and the values to plain alpha-beta and the session-2 solver.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tutorial.solver.search import Search


def search_pile(
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
    legal: int,
) -> int:
    """Seat ``seats[i]``, holding more than a hand, plays one of its piles (``legal``: the
    cards it may top the pile with) to the trick, as ``Search._play`` plays a card."""
    s = seats[i]
    hands = sr.hands
    h = hands[s]
    maximize = not s & 1
    value = -1 if maximize else 999
    last = i + 1 == len(seats)
    for top, beneath in pile_choices(sr, h, legal, o):
        moved = (1 << top) | beneath
        hands[s] = h & ~moved
        p = sr.pv[moved & sr.pm]
        if led < 0:
            nled = sr.suit[top]
            nbest, nwin = sr.key[nled][top], s
        else:
            nled = led
            k = sr.key[led][top]
            nbest, nwin = (k, s) if k > best else (best, win)
        if last:
            g = 0 if nwin & 1 else tpts + p
            v = g + sr._node(nwin, alpha - g, beta - g)
        else:
            v = sr._play(seats, i + 1, alpha, beta, o & ~beneath, nled, nbest, nwin, tpts + p, None)
        hands[s] = h
        if maximize:
            if v > value:
                value = v
                alpha = max(alpha, v)
        elif v < value:
            value = v
            beta = min(beta, v)
        if alpha >= beta:
            break
    return value


def pile_choices(sr: Search, hand: int, legal: int, o: int) -> list[tuple[int, int]]:
    """Piles of ``hand`` (strength space) up to equivalence: (top card, mask beneath).
    The pile rule is ``position.pile_tops``/``pile_beneath``; cards beneath are chosen
    run by run of equivalent cards (which of a run go beneath does not matter: the
    weakest are taken), and equivalent top cards are tried once."""
    k = hand.bit_count() - sr.size
    forbidden = sr.forbidden
    free = hand & ~forbidden
    tops = legal & forbidden if free.bit_count() == k else legal
    out: list[tuple[int, int]] = []
    for top in _representatives(sr, tops, o):
        rest = hand & ~(1 << top)
        free = rest & ~forbidden
        if free.bit_count() >= k:
            must, may = 0, free
        else:
            must, may = free, rest & forbidden
        runs = _runs(sr, may, o)
        for beneath in _choose(runs, k - must.bit_count(), must):
            out.append((top, beneath))
    return out


def _representatives(sr: Search, m: int, o: int) -> list[int]:
    out = []
    pts = sr.pts
    for c in bits(m):
        up = o & sr.above[c]
        if up:
            nxt = up & -up
            if nxt & m and pts[c] == pts[nxt.bit_length() - 1]:
                continue
        out.append(c)
    return out


def _runs(sr: Search, m: int, o: int) -> list[list[int]]:
    """Cards of ``m`` grouped into runs of equivalent cards, each run weakest first."""
    runs: list[list[int]] = []
    pts = sr.pts
    for c in bits(m):  # weakest first: strength order is index order
        if runs:
            prev = runs[-1][-1]
            up = o & sr.above[prev]
            if up and (up & -up) == 1 << c and pts[prev] == pts[c]:
                runs[-1].append(c)
                continue
        runs.append([c])
    return runs


def _choose(runs: list[list[int]], want: int, base: int) -> list[int]:
    """Every way to take ``want`` cards from the runs, up to equivalence (the weakest
    ``n`` of a run), each as a mask added to ``base``."""
    if want == 0:
        return [base]
    if not runs:
        return []
    room = sum(len(r) for r in runs[1:])
    first, rest = runs[0], runs[1:]
    out = []
    for n in range(min(want, len(first)), -1, -1):
        if want - n > room:
            break
        m = base
        for c in first[:n]:
            m |= 1 << c
        out.extend(_choose(rest, want - n, m))
    return out


def bits(mask: int) -> list[int]:
    """Card indices in a mask, lowest first: :func:`tutorial.engine.cards.bits` compiled with
    the solver (a native loop in the hot path, not a call into the pure-Python module)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
