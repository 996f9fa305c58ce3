"""The clickable cards (tutorial.ui.table.cardbuttons): markup, reasons from the engine, and the
value returned to the page (the browser side is in test_browser_cardbuttons.py)."""

from __future__ import annotations

import random
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from tutorial.engine.actions import Call, NameTrump, play_of
from tutorial.engine.cards import CODES, iter_bits
from tutorial.engine.legality import why_illegal
from tutorial.engine.profiles import PAGAT_62
from tutorial.engine.state import Phase, State
from tutorial.explain import card_label, explain_illegal
from tutorial.i18n import LANGS, get_translator
from tutorial.ui.table import cardbuttons
from tutorial.ui.table.cardbuttons import buttons_html, play_choices

DEMO = Path(__file__).resolve().parent / "apps" / "cardbuttons_demo.py"


def following_state(seed: int = 5) -> State:
    """A position in play where the seat to act must follow and holds forbidden cards."""
    state = State.random_deal(PAGAT_62, dealer=3, rng=random.Random(seed))
    for a in (Call(7), Call(None), Call(None), Call(None), NameTrump(2)):
        state.apply(a)
    while state.phase is not Phase.PLAY:
        state.apply(state.legal_actions()[0])
    for lead in state.legal_actions():
        state.apply(lead)
        if state.legal_play_mask() != state.hands[state.to_act]:
            return state
        state.undo()
    raise AssertionError("no lead forces a follow in this deal")


class Buttons(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.buttons: list[dict[str, str | None]] = []
        self.ids: dict[str, str] = {}
        self._id: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "button":
            self.buttons.append(a)
        if tag == "span" and a.get("id"):
            self._id = a["id"]

    def handle_data(self, data: str) -> None:
        if self._id:
            self.ids[self._id] = data
            self._id = None


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_is_a_labelled_button_and_forbidden_ones_say_why(lang: str) -> None:
    t = get_translator(lang)
    state = following_state()
    seat = state.to_act
    ch = play_choices(t, state, seat)
    assert ch.cards == tuple(iter_bits(state.hands[seat]))
    assert ch.legal == frozenset(iter_bits(state.legal_play_mask()))
    assert ch.legal and set(ch.cards) - ch.legal  # some cards allowed, some forbidden
    html = buttons_html(
        t, ch.cards, ch.legal, ch.reasons, state.trump, state.profile, group_label="x"
    )
    parsed = Buttons()
    parsed.feed(html)
    assert len(parsed.buttons) == len(ch.cards)
    for b in parsed.buttons:
        card = CODES.index(str(b["data-card"]))
        assert b["type"] == "button"
        assert b["aria-label"] == card_label(t, card, state.trump, state.profile)
        assert "disabled" not in b  # a disabled button cannot be focused
        if card in ch.legal:
            assert b.get("aria-disabled") is None and b.get("data-why") is None
        else:
            err = why_illegal(state, play_of(card))
            assert err is not None
            reason = explain_illegal(t, err.facts())
            assert b["aria-disabled"] == "true"
            assert reason in str(b["data-why"])
            assert parsed.ids[str(b["aria-describedby"])] == reason


def test_hidden_forbidden_cards_look_playable_and_keep_their_rule_for_the_click() -> None:
    """Failed before (a lesson writer, session 12): a plain move (its point is telling a
    trump) drew its forbidden cards pale and announced them unavailable — which cards are
    legal tells which are trumps. With ``hide_forbidden`` they carry no ``aria-disabled``
    and no description, only their rule for when they are played (``data-why``)."""
    t = get_translator("es")
    state = following_state()
    ch = play_choices(t, state, state.to_act)
    html = buttons_html(
        t,
        ch.cards,
        ch.legal,
        ch.reasons,
        None,
        state.profile,
        group_label="x",
        hide_forbidden=True,
    )
    parsed = Buttons()
    parsed.feed(html)
    assert "aria-disabled" not in html and "aria-describedby" not in html and not parsed.ids
    for b in parsed.buttons:
        card = CODES.index(str(b["data-card"]))
        if card in ch.legal:
            assert b.get("data-forbidden") is None and b.get("data-why") is None
        else:
            assert b["data-forbidden"] == "true" and ch.reasons[card] in str(b["data-why"])


def test_only_the_cards_given_reach_the_markup() -> None:
    t = get_translator("en")
    state = following_state()
    seat = state.to_act
    ch = play_choices(t, state, seat)
    html = buttons_html(
        t, ch.cards, ch.legal, ch.reasons, state.trump, state.profile, group_label="x"
    )
    shown = set(re.findall(r'data-card="([0-9TJQKA]{1,2}[CDHS])"', html))
    assert shown == {CODES[c] for c in ch.cards}
    for other in set(range(52)) - set(ch.cards):
        label = card_label(t, other, state.trump, state.profile)
        assert label not in html


def test_interpolated_text_is_escaped() -> None:
    t = get_translator("en")
    html = buttons_html(
        t, [0, 1], {0}, {1: '<img src=x onerror="alert(1)">'}, None, PAGAT_62, group_label='"><b>'
    )
    assert "<img" not in html and "<b>" not in html
    assert "&lt;img" in html


def test_no_choices_when_it_is_not_the_seats_turn() -> None:
    state = following_state()
    other = (state.to_act + 1) % 4
    ch = play_choices(get_translator("en"), state, other)
    assert ch.legal == frozenset() and ch.reasons == {}


class FakeComponent:
    """Stands in for the browser: reports one click (AppTest cannot run component JS)."""

    def __init__(self, click: str | None) -> None:
        self.click = click
        self.calls: list[dict[str, Any]] = []

    def __call__(self, **kwargs: Any) -> dict[str, Any]:
        self.calls.append(kwargs)
        click, self.click = self.click, None
        return {"play": click}


def run_demo(monkeypatch: pytest.MonkeyPatch, click: str | None) -> tuple[AppTest, FakeComponent]:
    fake = FakeComponent(click)
    monkeypatch.setattr(cardbuttons, "_COMPONENT", fake)
    at = AppTest.from_file(str(DEMO), default_timeout=60)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at, fake


def test_a_click_on_a_legal_card_is_returned(monkeypatch: pytest.MonkeyPatch) -> None:
    state = following_state()
    legal = next(iter_bits(state.legal_play_mask()))
    at, fake = run_demo(monkeypatch, CODES[legal])
    assert at.markdown[-1].value == f"picked: {legal}"
    assert fake.calls and fake.calls[0]["key"] == "demo"
    assert "on_play_change" in fake.calls[0]


@pytest.mark.parametrize("forged", ["forbidden", "not-held", "junk"])
def test_a_forged_click_is_ignored(monkeypatch: pytest.MonkeyPatch, forged: str) -> None:
    state = following_state()
    hand = state.hands[state.to_act]
    if forged == "forbidden":
        code: str | None = CODES[next(iter_bits(hand & ~state.legal_play_mask()))]
    elif forged == "not-held":
        code = CODES[next(c for c in range(52) if not (hand >> c) & 1)]
    else:
        code = "<script>"
    at, _ = run_demo(monkeypatch, code)
    assert at.markdown[-1].value == "picked: -"
