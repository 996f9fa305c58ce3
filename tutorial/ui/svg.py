"""Cards and the card table as SVG/HTML built from trusted templates.

Every value that reaches the markup (labels from the catalogs, seat names, codes) goes
through :func:`html.escape`; nothing from lesson text or the URL is inserted unescaped. The
cards are drawn by the project (no images): two-colour suits with the suit symbol, the trump
marked by a band, both Pedros by a "P" badge, and the winning card by a thick outline and a
star, so it stands out by shape as well as by colour. Pure functions; no Streamlit here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape

from tutorial.engine.cards import Card, rank_label
from tutorial.engine.trumps import LEFT_PEDRO, RIGHT_PEDRO, TRUMP_MASK

RED = "#c0262d"
BLACK = "#1b1b1b"


@dataclass(frozen=True)
class CardView:
    code: str
    label: str
    """Accessible text label, already in the learner's language."""
    winner: bool = False
    dim: bool = False
    small: bool = False


def card_svg(view: CardView, trump: int | None) -> str:
    """One card as inline SVG with ``role="img"`` and its label as ``aria-label``/``title``."""
    card = Card.parse(view.code)
    colour = RED if card.suit.is_red else BLACK
    rank = escape(rank_label(card.rank))
    sym = escape(card.suit.symbol)
    label = escape(view.label, quote=True)
    w, h = (46, 64) if view.small else (60, 84)
    is_trump = trump is not None and trump >= 0 and bool((TRUMP_MASK[trump] >> card.index) & 1)
    pedro = (
        trump is not None and trump >= 0 and card.index in (RIGHT_PEDRO[trump], LEFT_PEDRO[trump])
    )
    parts = [
        f'<svg class="cc-card{" cc-win" if view.winner else ""}{" cc-dim" if view.dim else ""}" '
        f'xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 84" width="{w}" height="{h}" '
        f'role="img" aria-label="{label}" data-card="{escape(card.code)}">',
        f"<title>{label}</title>",
        '<rect x="1.5" y="1.5" width="57" height="81" rx="6" fill="#fffdf7" '
        f'stroke="{"#0b57d0" if view.winner else "#8a8a8a"}" '
        f'stroke-width="{4 if view.winner else 1.2}"/>',
    ]
    if is_trump:
        parts.append('<rect x="4" y="70" width="52" height="9" rx="3" fill="#f2c14e"/>')
    parts += [
        f'<text x="6" y="18" font-size="16" font-weight="700" fill="{colour}" '
        f'font-family="sans-serif">{rank}</text>',
        f'<text x="6" y="33" font-size="14" fill="{colour}" font-family="sans-serif">{sym}</text>',
        f'<text x="30" y="58" font-size="30" text-anchor="middle" fill="{colour}" '
        f'font-family="sans-serif">{sym}</text>',
    ]
    if pedro:
        parts.append(
            '<circle cx="47" cy="14" r="9" fill="#6a1b9a"/>'
            '<text x="47" y="18.5" font-size="12" font-weight="700" fill="#fff" '
            'text-anchor="middle" font-family="sans-serif">P</text>'
        )
    if view.winner:
        parts.append(
            '<path d="M47 60 l3 6 6.5 1 -4.7 4.6 1.1 6.5 -5.9 -3.1 -5.9 3.1 1.1 -6.5 '
            '-4.7 -4.6 6.5 -1z" fill="#0b57d0"/>'
        )
    parts.append("</svg>")
    return "".join(parts)


@dataclass(frozen=True)
class Play:
    seat: str
    top: CardView
    beneath: tuple[CardView, ...] = ()


@dataclass(frozen=True)
class TableView:
    """What the card table shows at one moment of a scenario."""

    trump: int | None
    trump_text: str
    seat_titles: Mapping[str, str]
    """Seat → heading, e.g. ``A · partners A–C``."""
    hands: Mapping[str, Sequence[CardView]]
    trick: Sequence[Play]
    caption: str
    """Short text under the trick (the winner, or whose turn it is)."""
    leader: str | None = None
    winner: str | None = None


_POS = {"A": "south", "B": "west", "C": "north", "D": "east"}

TABLE_CSS = """
<style>
.cc-table{display:grid;grid-template-columns:1fr 1.2fr 1fr;grid-template-areas:
 ". north ." "west middle east" ". south .";gap:.6rem;background:#1f5f3a;border-radius:14px;
 padding:.8rem;color:#fff;font-family:sans-serif}
.cc-seat{background:rgba(0,0,0,.18);border-radius:10px;padding:.4rem}
.cc-seat h4{margin:0 0 .3rem 0;font-size:.95rem;color:#fff}
.cc-team-AC{border-left:6px solid #f2c14e}.cc-team-BD{border-left:6px dashed #9ad0ff}
.cc-north{grid-area:north}.cc-south{grid-area:south}.cc-west{grid-area:west}
.cc-east{grid-area:east}.cc-middle{grid-area:middle;text-align:center}
.cc-hand{display:flex;flex-wrap:wrap;gap:3px}
.cc-trick{display:grid;grid-template-columns:repeat(2,auto);gap:.4rem;justify-content:center}
.cc-play{display:inline-flex;flex-direction:column;align-items:center;font-size:.8rem}
.cc-pile{display:flex}.cc-pile svg+svg{margin-left:-30px}
.cc-pile svg:first-child{position:relative;z-index:2}
.cc-card.cc-dim{opacity:.45}
.cc-trump{font-weight:700;margin-bottom:.4rem}
.cc-caption{margin-top:.4rem;font-size:.9rem}
@media (max-width:640px){.cc-table{grid-template-columns:1fr;grid-template-areas:
 "north" "west" "middle" "east" "south"}}
</style>
"""


def table_html(view: TableView) -> str:
    """The whole card table as HTML (CSS grid; stacks in one column on narrow screens)."""
    out = [
        TABLE_CSS,
        f'<div class="cc-table" role="group" aria-label="{escape(view.trump_text, quote=True)}">',
    ]
    for seat in "ABCD":
        team = "AC" if seat in "AC" else "BD"
        cards = "".join(card_svg(c, view.trump) for c in view.hands.get(seat, ()))
        title = escape(view.seat_titles.get(seat, seat))
        out.append(
            f'<div class="cc-seat cc-{_POS[seat]} cc-team-{team}" data-seat="{seat}">'
            f'<h4>{title}</h4><div class="cc-hand">{cards}</div></div>'
        )
    plays = []
    for p in view.trick:
        pile = "".join(card_svg(c, view.trump) for c in (p.top, *p.beneath))
        plays.append(
            f'<div class="cc-play" data-seat="{escape(p.seat)}">'
            f'<div class="cc-pile">{pile}</div><span>{escape(p.seat)}</span></div>'
        )
    out.append(
        f'<div class="cc-middle"><div class="cc-trump">{escape(view.trump_text)}</div>'
        f'<div class="cc-trick">{"".join(plays)}</div>'
        f'<div class="cc-caption">{escape(view.caption)}</div></div>'
    )
    out.append("</div>")
    return "".join(out)
