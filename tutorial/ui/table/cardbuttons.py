"""Cards the learner clicks: each card of a hand is a real ``<button>`` on the table.

:func:`card_buttons` draws one seat's cards as buttons (a Streamlit v2 component: plain
HTML and JavaScript in the page's own DOM, no iframe, no build step) and returns the card
clicked in this run, or None. Each button's accessible name is the card's translated label
(``5♦ — five of diamonds — Left Pedro, trump``); it is operable by keyboard (Tab, Enter or
Space). A card the rules forbid stays focusable (``aria-disabled``, not ``disabled``, which
would take it out of the Tab order): focusing, hovering or clicking it shows which rule
forbids it, in a live region the screen reader reads, and never sends a click.

Only what the caller passes reaches the browser: give it the cards the learner may see.
:func:`play_choices` computes, from the core, the legal cards of the seat to act and each
other card's reason in the learner's language (the lesson page's "your move" uses it too).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

import streamlit as st

from tutorial.engine.actions import play_of
from tutorial.engine.cards import CODES, Card, iter_bits
from tutorial.engine.legality import why_illegal
from tutorial.engine.profiles import Profile
from tutorial.engine.state import Phase, State
from tutorial.explain import card_label, explain_illegal
from tutorial.i18n import Translator
from tutorial.ui import slots
from tutorial.ui.table import svg

CSS = """
.cb-hand{display:flex;flex-wrap:wrap;gap:6px;align-items:flex-end;margin:.25rem 0}
.cb-card{all:unset;box-sizing:border-box;cursor:pointer;border-radius:8px;padding:2px;
 line-height:0;transition:transform .08s;border:2px solid transparent}
.cb-card svg{width:58px;height:81px;display:block;pointer-events:none}
.cb-card:not([aria-disabled="true"]):hover{transform:translateY(-6px)}
.cb-card:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
.cb-card[aria-disabled="true"]{cursor:not-allowed;opacity:.42;filter:grayscale(.6)}
.cb-card.cb-hint{border-color:#f2c14e;box-shadow:0 0 0 3px #f2c14e}
.cb-why{min-height:1.3em;margin:.2rem 0 0;font-size:.9rem;font-family:sans-serif;
 color:var(--st-text-color,#31333f)}
.cc-slot .cb-why{color:#fff;width:0;min-width:100%}
.cb-note{margin:.35rem 0 0;padding:.4rem .55rem;border-radius:8px;background:#e8f0fe;
 color:#0b3a8c;font-size:.92rem;line-height:1.35;font-family:sans-serif}
.cc-slot .cb-note{width:0;min-width:calc(100% - 1.1rem)}
.cc-slot .cc-card{width:58px;height:81px}
@media (max-width:640px){.cc-slot .cc-card{width:44px;height:62px}}
.cb-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);
 white-space:nowrap}
@media (max-width:640px){.cb-card svg{width:44px;height:62px}.cb-hand{gap:4px}}
"""

JS = """
export default function(component) {
  const { data, setTriggerValue, parentElement } = component;
  let root = parentElement.querySelector('.cb-root');
  if (!root) {
    root = document.createElement('div');
    root.className = 'cb-root';
    parentElement.appendChild(root);
  }
  const active = parentElement.activeElement || document.activeElement;
  const had = active && active.dataset ? active.dataset.card : null;
  root.innerHTML = data.html;
  // One click per drawing: a second click (a double-click, fast clicks on other cards)
  // before the page draws the cards again sends nothing; each click carries the position
  // it was made in, so the server drops one that arrives after the position has changed.
  const at = data.at == null ? null : String(data.at);
  delete root.dataset.sent;
  if (had) {  // a rerun redraws the hand: keep the keyboard where it was
    const again = root.querySelector(`button.cb-card[data-card="${had}"]`);
    if (again) again.focus();
  }
  // A new verdict on the learner's card must be read where they clicked: while the page
  // settles (a slow rerun replaces what is above it) keep it in view, for a few seconds or
  // until the learner scrolls, touches or types.
  const note = root.querySelector('.cb-note');
  if (!note) {
    delete root.dataset.note;
  } else if (root.dataset.note !== note.textContent) {
    root.dataset.note = note.textContent;
    let done = false;
    const stop = () => { done = true; };
    ['wheel', 'touchstart', 'keydown'].forEach(
      (ev) => window.addEventListener(ev, stop, { once: true, passive: true }));
    const started = Date.now();
    const keep = () => {
      if (done || !note.isConnected || Date.now() - started > 8000) return;
      const box = note.getBoundingClientRect();
      if (box.top < 0 || box.top + 60 > window.innerHeight) {
        note.scrollIntoView({ block: box.height + 60 > window.innerHeight ? 'start' : 'nearest' });
      }
      setTimeout(keep, 200);
    };
    requestAnimationFrame(keep);
  }
  const why = root.querySelector('.cb-why');
  const say = (b) => { why.textContent = b.dataset.why || ''; };
  // the rule of a forbidden card is drawn under the cards: a card clicked at the screen's
  // bottom edge had it below the screen (4 of 18 forbidden clicks at 1280x900)
  const bring = () => {
    const box = why.getBoundingClientRect();
    if (box.bottom > window.innerHeight || box.top < 72) {
      why.style.scrollMarginTop = '72px';
      why.style.scrollMarginBottom = '8px';
      why.scrollIntoView({ block: 'nearest' });
    }
  };
  root.querySelectorAll('button.cb-card').forEach((b) => {
    // a hidden forbidden card looks playable and says its rule only when played (a plain
    // move: the learner finds the rule by trying the card)
    const hidden = b.dataset.forbidden === 'true';
    const forbidden = hidden || b.getAttribute('aria-disabled') === 'true';
    b.addEventListener('focus', () => {
      // by keyboard: the rule into view too (a click's focus does not move the page under
      // the pointer: the click brings it)
      if (forbidden && !hidden) { say(b); if (b.matches(':focus-visible')) bring(); return; }
      // keep the line's height: a shorter page would move the cards under the pointer
      // (or finger) between press and release, and the click would be lost
      why.style.minHeight = why.offsetHeight + 'px';
      why.textContent = '';
    });
    b.addEventListener('mouseenter', () => { if (forbidden && !hidden) say(b); });
    b.addEventListener('click', (e) => {
      e.preventDefault();
      if (root.dataset.sent !== undefined) return;  // this position's card is on its way
      // nor within 300 ms of the click before: fast clicks meant for the cards before are
      // not played in the next position when it comes at once (the learner won the trick
      // and leads again)
      // — by when the click was made (the event's time stamp), not when it is handled: under
      // load the browser handles queued clicks late, after the next position is drawn; and
      // kept on the window, not on this drawing, which Streamlit may mount anew (a third
      // fast click once played a second card, load 5-8)
      const made = performance.timeOrigin + e.timeStamp;
      if (at !== null && made - Number(window.cinchCardSentAt || 0) < 300) return;
      if (forbidden) { say(b); bring(); return; }
      root.dataset.sent = b.dataset.card;
      window.cinchCardSentAt = made;
      root.querySelectorAll('button.cb-card').forEach(
        (o) => o.setAttribute('aria-disabled', 'true'));
      why.textContent = data.sent;
      setTriggerValue('play', at === null ? b.dataset.card : { card: b.dataset.card, at });
    });
  });
}
"""

_COMPONENT: Any = st.components.v2.component("cinch_card_buttons", css=CSS, js=JS)
"""The mounted component (tests may replace it: AppTest cannot run component JavaScript)."""


@dataclass(frozen=True)
class Choices:
    """One seat's cards, the ones it may play, and why each other one may not."""

    cards: tuple[int, ...]
    legal: frozenset[int]
    reasons: Mapping[int, str]


def play_choices(t: Translator, state: State, seat: int) -> Choices:
    """The cards ``seat`` holds, the ones it may play now (as a plain card or the top of its
    pile) and, for each other card, the engine's reason in the learner's language."""
    hand = state.hands[seat]
    cards = tuple(iter_bits(hand))
    if state.phase is not Phase.PLAY or state.to_act != seat:
        return Choices(cards, frozenset(), {})
    legal = frozenset(iter_bits(state.legal_play_mask()))
    reasons: dict[int, str] = {}
    for c in cards:
        if c in legal:
            continue
        err = why_illegal(state, play_of(c))
        reasons[c] = explain_illegal(t, err.facts()) if err else t("That move is not allowed.")
    return Choices(cards, legal, reasons)


def buttons_html(
    t: Translator,
    cards: Sequence[int],
    legal: Collection[int],
    reasons: Mapping[int, str],
    trump: int | None,
    profile: Profile,
    *,
    group_label: str,
    hint: int | None = None,
    passive: bool = False,
    note: str | None = None,
    hide_forbidden: bool = False,
) -> str:
    """The buttons' markup (every value escaped). Forbidden cards carry their reason as
    ``data-why`` and in a visually hidden description (``aria-describedby``);
    ``hide_forbidden``: they look and are announced as playable (``data-forbidden``, no
    ``aria-disabled``) and say their rule only when played — a plain move, where which
    cards are legal would tell the trump the learner is asked to find. ``passive``:
    the cards as pictures (with their labels), not buttons — nothing to choose now.
    ``note``: a message drawn right under the cards (``**bold**`` allowed), e.g. why the
    card just played is not the move — where the learner's eyes are."""
    order = svg.hand_order([CODES[c] for c in cards], trump)
    parts = [f'<div class="cb-hand" role="group" aria-label="{escape(group_label, quote=True)}">']
    for code in order:
        card = Card.parse(code).index
        label = card_label(t, card, trump, profile)
        if passive:
            parts.append(svg.card_svg(svg.CardView(code, label), trump))
            continue
        face = svg.card_svg(svg.CardView(code, label), trump).replace(
            'role="img"', 'aria-hidden="true" focusable="false"', 1
        )
        attrs = f'type="button" class="cb-card{" cb-hint" if card == hint else ""}"'
        attrs += f' data-card="{escape(code)}" aria-label="{escape(label, quote=True)}"'
        extra = ""
        if card not in legal:
            why = reasons.get(card) or t("That move is not allowed.")
            attrs += f' data-why="{escape(f"{Card(card).pretty}: {why}", quote=True)}"'
            if hide_forbidden:
                attrs += ' data-forbidden="true"'
            else:
                wid = f"cb-why-{escape(code)}"
                attrs += f' aria-disabled="true" aria-describedby="{wid}"'
                extra = f'<span class="cb-sr" id="{wid}">{escape(why)}</span>'
        parts.append(f"<button {attrs}>{face}</button>{extra}")
    parts.append("</div>")
    if note:
        text = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", escape(note))
        parts.append(f'<p class="cb-note" role="status">{text}</p>')
    parts.append('<p class="cb-why" role="status" aria-live="polite"></p>')
    return "".join(parts)


def _noop() -> None:
    """The component needs a callback to report clicks; the page reads the result."""


def card_buttons(
    t: Translator,
    *,
    key: str,
    cards: Sequence[int],
    legal: Collection[int],
    reasons: Mapping[int, str],
    trump: int | None,
    profile: Profile,
    group_label: str | None = None,
    hint: int | None = None,
    passive: bool = False,
    table: str | None = None,
    note: str | None = None,
    on_play: Callable[[int], object] | None = None,
    revision: object = None,
    position: str | None = None,
    hide_forbidden: bool = False,
) -> int | None:
    """Draw ``cards`` as buttons; return the card clicked in this run (only ever one of
    ``legal``: a forged click on another card is ignored), else None. ``on_play``: called
    with the card clicked *before* the next run (as a widget's ``on_click``), so that run
    already draws the position after it; a click it handled is not returned again (where
    callbacks do not run, e.g. in AppTest, the card is returned as without ``on_play``).
    ``key`` must change when the position changes (e.g. include the number of actions
    taken), so that a click is never applied to a later position. ``table``: trusted HTML
    (our own, escaped) of the card table with an empty ``cc-slot`` element where the cards
    go (:class:`svg.TableView` ``slot``), so the learner clicks the cards on the table
    itself. ``note``: a message under the cards (see :func:`buttons_html`). ``revision``:
    for a caller that keeps ``key`` while the same position is tried again (a lesson's
    "your move": the table is then redrawn in place, never dropped and rebuilt): change it
    after each click, so the buttons are drawn afresh even when nothing else changed.
    ``position``: names the position the cards are offered in (for a caller that keeps
    ``key`` while the position changes, e.g. the practice table): each click carries it,
    and a click made in another position — late, or the second of a double-click — is
    dropped without a word (idempotent clicks). ``hide_forbidden``: forbidden cards look
    playable and say their rule when played (:func:`buttons_html`)."""
    html = buttons_html(
        t,
        cards,
        legal,
        reasons,
        trump,
        profile,
        group_label=group_label or t("Your cards: choose one to play"),
        hint=hint,
        passive=passive,
        note=note,
        hide_forbidden=hide_forbidden,
    )
    if table is not None:
        slot = '<div class="cc-slot"></div>'
        if slot not in table:
            raise ValueError("the table has no cc-slot for the cards")
        html = table.replace(slot, f'<div class="cc-slot">{html}</div>', 1)
    done_key = f"{key}__handled"

    def clicked() -> None:
        value: Any = slots.widget_value(key)
        code = _clicked_card(value.get("play") if hasattr(value, "get") else None, position)
        card = _playable(code, cards, legal, passive)
        if card is not None and on_play is not None:
            slots.Slot[object](done_key, object).set(code)
            on_play(card)

    data: dict[str, object] = {"html": html, "sent": t("Playing…"), "revision": str(revision)}
    if position is not None:
        data["at"] = position
    result = _COMPONENT(
        key=key, data=data, on_play_change=clicked if on_play is not None else _noop
    )
    code = _clicked_card(result.get("play") if hasattr(result, "get") else None, position)
    handled = slots.Slot[object](done_key, object).pop() if on_play is not None else None
    if handled is not None and handled == code:
        return None
    return _playable(code, cards, legal, passive)


def _clicked_card(value: object, position: str | None) -> object:
    """The card code of a click (``{"card", "at"}`` when the cards carry a position, else
    the bare code); None for a click made in another position than ``position``."""
    if isinstance(value, Mapping):
        at = value.get("at")
        return value.get("card") if position is None or at == position else None
    return value if position is None else None


def _playable(
    code: object, cards: Sequence[int], legal: Collection[int], passive: bool
) -> int | None:
    if passive or not isinstance(code, str) or code not in CODES:
        return None
    card = CODES.index(code)
    return card if card in legal and card in cards else None


__all__ = ["Choices", "buttons_html", "card_buttons", "play_choices"]
