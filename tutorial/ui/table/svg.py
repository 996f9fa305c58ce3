"""Cards and the card table as SVG/HTML built from trusted templates.

Every value that reaches the markup (labels from the catalogs, seat names, codes) goes
through :func:`html.escape`; nothing from lesson text or the URL is inserted unescaped. The
cards are drawn by the project (no images): two-colour suits with the suit symbol, the trump
marked by a band, both Pedros by a "P" badge, and the winning card by a thick outline and a
star, so it stands out by shape as well as by colour. Each played card lies in front of the
seat that played it (A bottom, B left, C top, D right). Pure functions; no Streamlit here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from html import escape

from tutorial.engine.cards import Card, rank_label
from tutorial.engine.seats import Seat
from tutorial.engine.trumps import EFFECTIVE_SUIT, LEFT_PEDRO, RIGHT_PEDRO, TRUMP_MASK, TRUMP_ORDER

RED = "#c0262d"
BLACK = "#1b1b1b"
SUIT_CYCLE = (3, 2, 0, 1)
"""Suits in display order, alternating colours: ♠ ♥ ♣ ♦ (rotated to start at trump)."""


@dataclass(frozen=True)
class CardView:
    code: str
    label: str
    """Accessible text label, already in the learner's language."""
    winner: bool = False
    dim: bool = False
    small: bool = False


def hand_order(codes: Sequence[str], trump: int | None) -> list[str]:
    """Cards as a player holds them. Before trump: by suit (alternating colours), high to low.
    Once trump is named: by *effective* suit, the trumps first and in trump order (the left
    Pedro among them, just below the right Pedro), then each plain suit high to low."""
    named = trump is not None and trump >= 0
    start = SUIT_CYCLE.index(trump) if named and trump is not None else 0
    cycle = SUIT_CYCLE[start:] + SUIT_CYCLE[:start]

    def key(code: str) -> tuple[int, int]:
        i = Card.parse(code).index
        if named and trump is not None:
            suit = EFFECTIVE_SUIT[trump][i]
            if suit == trump:
                return (0, TRUMP_ORDER[trump].index(i))
            return (cycle.index(suit), -(i % 13))
        return (cycle.index(i // 13), -(i % 13))

    return sorted(codes, key=key)


def card_svg(view: CardView, trump: int | None) -> str:
    """One card as inline SVG with ``role="img"`` and its label as ``aria-label``/``title``."""
    card = Card.parse(view.code)
    colour = RED if card.suit.is_red else BLACK
    rank = escape(rank_label(card.rank))
    sym = escape(card.suit.symbol)
    label = escape(view.label, quote=True)
    is_trump = trump is not None and trump >= 0 and bool((TRUMP_MASK[trump] >> card.index) & 1)
    pedro = (
        trump is not None and trump >= 0 and card.index in (RIGHT_PEDRO[trump], LEFT_PEDRO[trump])
    )
    classes = "cc-card" + (" cc-win" if view.winner else "") + (" cc-dim" if view.dim else "")
    classes += " cc-small" if view.small else ""
    w, h = (46, 64) if view.small else (60, 84)
    parts = [
        f'<svg class="{classes}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 84" '
        f'width="{w}" height="{h}" role="img" aria-label="{label}" '
        f'data-card="{escape(card.code)}">',
        f"<title>{label}</title>",
        '<rect x="1.5" y="1.5" width="57" height="81" rx="6" fill="#fffdf7" '
        f'stroke="{"#0b57d0" if view.winner else "#8a8a8a"}" '
        f'stroke-width="{4 if view.winner else 1.2}"/>',
    ]
    if is_trump:
        parts.append(_TRUMP_BAND)
    parts += [
        f'<text x="5" y="18" font-size="16" font-weight="700" fill="{colour}" '
        f'font-family="sans-serif">{rank}</text>',
        f'<text x="6" y="33" font-size="14" fill="{colour}" font-family="sans-serif">{sym}</text>',
        f'<text x="36" y="58" font-size="28" text-anchor="middle" fill="{colour}" '
        f'font-family="sans-serif">{sym}</text>',
    ]
    if pedro:  # on the left, so it stays visible when the cards of a hand overlap
        parts.append(_PEDRO_BADGE)
    if view.winner:
        parts.append(_STAR)
    parts.append("</svg>")
    return "".join(parts)


_TRUMP_BAND = '<rect x="4" y="70" width="52" height="9" rx="3" fill="#f2c14e"/>'
_PEDRO_BADGE = (
    '<circle cx="13" cy="47" r="8.5" fill="#6a1b9a"/>'
    '<text x="13" y="51.5" font-size="12" font-weight="700" fill="#fff" '
    'text-anchor="middle" font-family="sans-serif">P</text>'
)
_STAR = (
    '<path d="M47 60 l3 6 6.5 1 -4.7 4.6 1.1 6.5 -5.9 -3.1 -5.9 3.1 1.1 -6.5 '
    '-4.7 -4.6 6.5 -1z" fill="#0b57d0"/>'
)


@dataclass(frozen=True)
class Play:
    seat: str
    top: CardView
    beneath: tuple[CardView, ...] = ()
    note: str = ""
    """Short text under the card, e.g. "led" for the leader's card."""


@dataclass(frozen=True)
class Legend:
    """What the marks mean, in the learner's language (drawn under the table)."""

    trump: str
    """The band (not listed when empty: a table drawn without trump marks)."""
    pedro: str
    """The "P" badge (not listed when empty)."""
    winner: str
    dim: str
    team_ac: str
    team_bd: str
    lead: str = ""
    """The ◆ after a seat's letter (the seat that leads the trick); not listed when empty."""


@dataclass(frozen=True)
class TableView:
    """What the card table shows at one moment of a scenario."""

    trump: int | None
    trump_text: str
    seat_titles: Mapping[str, str]
    """Seat → heading, e.g. ``A (partner C)``."""
    hands: Mapping[str, Sequence[CardView]]
    trick: Sequence[Play]
    caption: str
    """Short text under the trick (the winner, or whose turn it is)."""
    leader: str | None = None
    winner: str | None = None
    seat_notes: Mapping[str, Sequence[str]] = field(default_factory=dict)
    """Seat → short lines under its heading (leads, cards held, tricks and points taken)."""
    legend: Legend | None = None
    slot: str | None = None
    """A seat whose cards are drawn elsewhere (the learner's card buttons): its hand is an
    empty ``cc-slot`` element to be filled."""
    beneath: Sequence[CardView] = ()
    """The slot seat's cards that go beneath the card it chooses (an open pile): not offered,
    drawn under the slot with ``beneath_text``, so every card the seat holds is in view."""
    beneath_text: str = ""
    bottom: Seat = Seat.A
    """The seat drawn at the bottom (the viewer's own, at a shared table): the others follow
    it clockwise (left, top, right), each played card in front of its seat."""


_POS = {Seat.A: "south", Seat.B: "west", Seat.C: "north", Seat.D: "east"}


def _at(view: TableView, seat: Seat) -> Seat:
    """Where ``seat`` sits on the drawing: the place A takes when ``view.bottom`` is at the
    bottom (the CSS names the places by the seats of the unrotated table)."""
    return Seat((seat - view.bottom) % 4)


TABLE_CSS = """
<style>
.cc-table{display:grid;grid-template-columns:1fr auto 1fr;grid-template-areas:
 ". north ." "west middle east" ". south .";gap:.4rem;background:#1f5f3a;border-radius:14px;
 padding:.5rem;color:#fff;font-family:sans-serif;align-items:center;line-height:1.25}
.cc-seat{background:rgba(0,0,0,.18);border-radius:10px;padding:.3rem .45rem;min-width:0}
.cc-head{display:flex;flex-wrap:wrap;align-items:baseline;gap:0 .5rem}
.cc-seat-title{font-size:.9rem;font-weight:700;color:#fff;display:inline-flex;flex-wrap:wrap;
 align-items:baseline;column-gap:.9em;overflow:hidden;max-width:100%}
.cc-tp{position:relative;white-space:nowrap}
.cc-sep{position:absolute;right:100%;width:.9em;text-align:center}
.cc-tp.cc-partner{margin-left:-.62em}
.cc-note{font-size:.78rem;color:#e8f3ec}
.cc-lead .cc-letter::after{content:"\\a0\\25c6";color:#f2c14e}
.cc-team-AC{border-left:6px solid #f2c14e}.cc-team-BD{border-left:6px dashed #9ad0ff}
.cc-north{grid-area:north}.cc-south{grid-area:south}.cc-west{grid-area:west}
.cc-east{grid-area:east}.cc-middle{grid-area:middle;text-align:center}
.cc-hand{display:flex;margin-top:.2rem}
.cc-fan{flex:0 1 30px;min-width:0}.cc-fan:last-child{flex:0 0 auto}
.cc-hand svg{width:50px;height:70px;display:block}
.cc-trick{position:relative;width:196px;height:186px;margin:0 auto}
.cc-play{position:absolute;display:flex;flex-direction:column;align-items:center;
 font-size:.72rem;line-height:1.1}
.cc-play svg{width:54px;height:75px}
.cc-at-C{top:0;left:71px}.cc-at-A{bottom:0;left:71px}
.cc-at-B{top:46px;left:0}.cc-at-D{top:46px;right:0}
.cc-pile{display:flex}.cc-pile svg+svg{margin-left:-38px}
.cc-pile svg:first-child{position:relative;z-index:2}
.cc-card.cc-dim{opacity:.4}
.cc-beneath{display:flex;flex-wrap:wrap;align-items:center;gap:.1rem .5rem;margin-top:.3rem}
.cc-beneath .cc-hand{margin-top:0}
.cc-trump{font-weight:700;margin-bottom:.2rem;font-size:.88rem}
.cc-caption{margin:.2rem auto 0;font-size:.85rem;max-width:280px}
.cc-legend{grid-column:1/-1;display:flex;flex-wrap:wrap;gap:.1rem .8rem;font-size:.75rem;
 color:#e8f3ec;margin:0;padding:0;list-style:none}
.cc-table .cc-legend li{display:flex;align-items:center;gap:.25rem;margin:0;font-size:.75rem;
 padding:0}
.cc-legend svg{width:18px;height:18px}
@media (min-width:641px){.cc-table.cc-south-slot{grid-template-areas:"north north north"
 "west middle east" "south south south"}}
@media (max-width:640px){.cc-table{grid-template-columns:1fr 1fr;grid-template-areas:
 "north north" "west east" "middle middle" "south south";padding:.35rem;gap:.3rem}
 .cc-seat{padding:.2rem .3rem}.cc-seat-title{font-size:.8rem}.cc-note{font-size:.7rem}
 .cc-tp.cc-partner{order:1;flex-basis:100%;margin-left:0;font-size:.66rem;font-weight:400}
 .cc-fan:not(:last-child){flex-basis:16px}.cc-hand svg{width:38px;height:53px}
 .cc-many .cc-fan:not(:last-child){flex-basis:12px}.cc-many svg{width:32px;height:45px}
 .cc-trick{width:240px;height:92px}.cc-play svg{width:44px;height:61px}
 .cc-play{transform:translateX(-50%);white-space:nowrap}.cc-at-B{top:8px;left:28px}.cc-at-C{top:0;left:90px}
 .cc-at-A{top:16px;bottom:auto;left:150px}.cc-at-D{top:8px;right:auto;left:212px}
 .cc-caption{max-width:none}
 .cc-table .cc-legend li{font-size:.68rem}.cc-legend{gap:0 .5rem}
 .cc-table.cc-side-slot{grid-template-areas:"north north" "west west" "middle middle"
 "east east" "south south"}}
</style>
"""


def _legend_html(legend: Legend) -> str:
    def mark(inner: str) -> str:
        return (
            '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
            f'<rect x="2" y="1" width="20" height="22" rx="3" fill="#fffdf7"/>{inner}</svg>'
        )

    items = [
        (mark('<rect x="4" y="17" width="16" height="4" rx="1.5" fill="#f2c14e"/>'), legend.trump),
        (
            mark(
                '<circle cx="12" cy="12" r="7" fill="#6a1b9a"/><text x="12" y="16" '
                'font-size="10" font-weight="700" fill="#fff" text-anchor="middle" '
                'font-family="sans-serif">P</text>'
            ),
            legend.pedro,
        ),
        (
            mark(
                '<rect x="2" y="1" width="20" height="22" rx="3" fill="none" stroke="#0b57d0" '
                'stroke-width="3"/><path d="M12 6 l2 4 4.4 .6 -3.2 3 .8 4.4 -4 -2.1 -4 2.1 '
                '.8 -4.4 -3.2 -3 4.4 -.6z" fill="#0b57d0"/>'
            ),
            legend.winner,
        ),
        (
            mark('<rect x="2" y="1" width="20" height="22" rx="3" fill="#1f5f3a" opacity=".6"/>'),
            legend.dim,
        ),
        (
            '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
            '<line x1="5" y1="2" x2="5" y2="22" stroke="#f2c14e" stroke-width="5"/></svg>',
            legend.team_ac,
        ),
        (
            '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
            '<line x1="5" y1="2" x2="5" y2="22" stroke="#9ad0ff" stroke-width="5" '
            'stroke-dasharray="4 3"/></svg>',
            legend.team_bd,
        ),
    ]
    if legend.lead:
        items.append(
            (
                '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
                '<text x="1" y="17" font-size="14" font-weight="700" fill="#fff" '
                'font-family="sans-serif">B</text>'
                '<path d="M18.5 7 L23 12 L18.5 17 L14 12 Z" fill="#f2c14e"/></svg>',
                legend.lead,
            )
        )
    lis = "".join(f"<li>{icon}<span>{escape(text)}</span></li>" for icon, text in items if text)
    return f'<ul class="cc-legend">{lis}</ul>'


def _fan(cards: Sequence[CardView], trump: int | None, extra: str = "") -> str:
    """A fanned hand on one row: each card but the last shows a strip of at most 30 px (16 on
    a phone), narrower as the row fills, so a long hand overlaps more instead of wrapping."""
    inner = "".join(f'<span class="cc-fan">{card_svg(c, trump)}</span>' for c in cards)
    return f'<div class="cc-hand{extra}">{inner}</div>'


def _title_html(title: str, seat: str) -> str:
    """A seat's title in parts that never break inside: "D · opponent · dealer" wraps only
    between its parts, and a line never starts with the "·" (the separator of a part that
    starts a line lies outside the title's box). "C (partner A) · dealer": on phones the
    partner part is a line of its own under "C · dealer" (``cc-partner``). The text stays the
    title word for word, in order."""
    first, *more = title.split(" · ")
    if first.startswith(seat + " "):
        parts = [
            f'<span class="cc-tp"><span class="cc-letter">{escape(seat)}</span></span>',
            f'<span class="cc-tp cc-partner">{escape(first[len(seat) :])}</span>',
        ]
    else:
        parts = [f'<span class="cc-tp"><span class="cc-letter">{escape(first)}</span></span>']
    parts += [
        f'<span class="cc-tp"><span class="cc-sep"> · </span>{escape(p)}</span>' for p in more
    ]
    return "".join(parts)


def _beneath_html(view: TableView) -> str:
    return (
        f'<div class="cc-beneath"><span class="cc-note">{escape(view.beneath_text)}</span>'
        f"{_fan(view.beneath, view.trump)}</div>"
    )


def table_html(view: TableView) -> str:
    """The whole card table as HTML: the four seats around the trick, each played card in
    front of the seat that played it. Seat titles are ``role="heading"`` blocks, not HTML
    headings, so Markdown adds no "link to heading" Tab stops."""
    # on a phone B and D share a row; a side seat whose cards are buttons gets a row of its
    # own (in half a row its six buttons stood in one column, a screen and a half high)
    at = {s.letter: _POS[_at(view, s)] for s in Seat}.get(view.slot or "")
    side = " cc-side-slot" if at in ("west", "east") else ""
    # the learner's buttons at the bottom (the practice table): on a wide screen the top
    # and bottom seats span the table, so the side seats are not squeezed by nine buttons
    side += " cc-south-slot" if at == "south" else ""
    out = [
        TABLE_CSS,
        f'<div class="cc-table{side}" role="group" '
        f'aria-label="{escape(view.trump_text, quote=True)}">',
    ]
    for s in Seat:
        seat, team = s.letter, s.team.label
        hand = view.hands.get(seat, ())
        by_code = {c.code: c for c in hand}
        order = hand_order([c.code for c in hand], view.trump)
        # a long hand in half a phone's row: smaller cards (nine 38 px cards left 10 px each)
        place = _POS[_at(view, s)]
        many = " cc-many" if place in ("west", "east") and len(order) >= 7 and not side else ""
        cards = _fan([by_code[code] for code in order], view.trump, many) if order else ""
        title = _title_html(view.seat_titles.get(seat, seat), seat)
        notes = "".join(
            f'<span class="cc-note">{escape(n)}</span>' for n in view.seat_notes.get(seat, ())
        )
        lead = " cc-lead" if view.leader == seat else ""
        out.append(
            f'<div class="cc-seat cc-{place} cc-team-{team}{lead}" data-seat="{seat}">'
            f'<div class="cc-head"><span class="cc-seat-title" role="heading" aria-level="3">'
            f"{title}</span>{notes}</div>"
            + cards
            + ('<div class="cc-slot"></div>' if view.slot == seat else "")
            + (_beneath_html(view) if view.slot == seat and view.beneath else "")
            + "</div>"
        )
    plays = []
    letters = {x.letter: x for x in Seat}
    for p in view.trick:
        where = _at(view, letters[p.seat]).letter if p.seat in letters else p.seat
        pile = "".join(card_svg(c, view.trump) for c in (p.top, *p.beneath))
        tag = escape(p.seat) + (f" · {escape(p.note)}" if p.note else "")
        plays.append(
            f'<div class="cc-play cc-at-{escape(where)}" data-seat="{escape(p.seat)}">'
            f'<div class="cc-pile">{pile}</div><span>{tag}</span></div>'
        )
    out.append(
        f'<div class="cc-middle"><div class="cc-trump">{escape(view.trump_text)}</div>'
        f'<div class="cc-trick">{"".join(plays)}</div>'
        f'<div class="cc-caption">{escape(view.caption)}</div></div>'
    )
    if view.legend is not None:
        out.append(_legend_html(view.legend))
    out.append("</div>")
    return "".join(out)
