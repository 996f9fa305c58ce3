"""Drive the practice table in AppTest: the learner's decisions by its controls, its cards
through a stand-in for the card component (AppTest cannot run component JavaScript), and
a check after every run that no card hidden from seat A is anywhere in the page."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from tutorial.engine.cards import CODES, iter_bits
from tutorial.engine.observe import observe
from tutorial.engine.state import Phase, State
from tutorial.explain import card_name
from tutorial.i18n import get_translator
from tutorial.practice.game import Game
from tutorial.ui.table import cardbuttons

ROOT = Path(__file__).resolve().parents[2]
PLAY = "tutorial/ui/pages/play.py"
ENABLED = re.compile(
    r'<button type="button" class="cb-card[^"]*" data-card="(\w+)" aria-label="[^"]*">'
)


class Clicker:
    """Stands in for the card component: remembers what it was given and, when armed,
    reports a click on the first card it offered as playable."""

    def __init__(self) -> None:
        self.armed = False
        self.last: dict[str, Any] = {}
        self.choose: Callable[[list[str]], str] = lambda codes: codes[0]

    def playable(self) -> list[str]:
        return ENABLED.findall(str(self.last.get("data", {}).get("html", "")))

    def __call__(self, **kwargs: Any) -> dict[str, Any]:
        self.last = kwargs
        if self.armed:
            self.armed = False
            codes = self.playable()
            if codes:  # as the component's JavaScript sends it (with the position, if any)
                code = self.choose(codes)
                at = self.last.get("data", {}).get("at")
                return {"play": code if at is None else {"card": code, "at": at}}
        return {"play": None}


def open_play(monkeypatch: pytest.MonkeyPatch, **params: str) -> tuple[AppTest, Clicker]:
    monkeypatch.setenv("CINCH_PLAY_PAUSE", "0")
    from tutorial.ui.play import flow as playflow

    monkeypatch.setattr(playflow, "PAUSE", 0.0)
    monkeypatch.setattr(playflow, "TRICK_PAUSE", 0.0)
    clicker = Clicker()
    monkeypatch.setattr(cardbuttons, "_COMPONENT", clicker)
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=90)
    for k, v in params.items():
        at.query_params[k] = v
    at.run()
    at.switch_page(PLAY)
    at.run()
    ok(at)
    return at, clicker


def use_game(at: AppTest, profile: str, seed: int, dealer: int) -> None:
    """Sit the learner at a chosen deal (random bots: quick and deterministic)."""
    g = Game.new(profile, "random", seed)
    g.current.dealer = dealer
    at.session_state["play_game"] = g
    at.session_state["play_learner"] = at.session_state["learner"]
    at.run()
    ok(at)


def ok(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]


def game_of(at: AppTest) -> Game:
    g = at.session_state["play_game"]
    assert isinstance(g, Game)
    return g


def page_text(at: AppTest, clicker: Clicker) -> str:
    """Everything the page sends: every element's protobuf, and the card component's data."""
    parts = []

    def walk(node: Any) -> None:
        proto = getattr(node, "proto", None)
        if proto is not None:
            parts.append(str(proto))
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    parts.append(str(clicker.last.get("data", "")))
    return "\n".join(parts)


def hidden_cards(state: State) -> set[int]:
    """The cards seat A cannot see now (while the hand is being played)."""
    if state.phase is Phase.DONE:
        return set()
    obs = observe(state, 0)
    seen = obs.dealt | obs.hand
    for c in (*obs.received, *(obs.dealer_saw or ())):  # the dealer looks through the rest
        seen |= 1 << c
    for p in obs.plays:
        seen |= 1 << p.card
        for b in p.beneath:
            seen |= 1 << b
    return set(range(52)) - set(iter_bits(seen))


def assert_no_leak(at: AppTest, clicker: Clicker, lang: str) -> None:
    g = game_of(at)
    text = page_text(at, clicker)
    tr = get_translator(lang)
    for c in hidden_cards(g.state()):
        assert (
            f'data-card=\\"{CODES[c]}\\"' not in text and f'data-card="{CODES[c]}"' not in text
        ), CODES[c]
        assert card_name(tr, c) not in text, (CODES[c], card_name(tr, c))


def step(at: AppTest, clicker: Clicker, bid_high: bool = False) -> str:
    """Take the learner's decision if it has one (pass, or the highest bid with
    ``bid_high``; trump: the suit it holds most of); return what was done."""
    g = game_of(at)
    state = g.state()
    keys = {b.key for b in at.button if b.key}
    if state.to_act != 0 or state.phase is Phase.DONE:
        at.run()
        time.sleep(0.05)
        return "wait"
    if state.phase is Phase.BID:
        calls = sorted(
            int(k.rsplit("_", 1)[1]) for k in keys if k.startswith("play_call_") and k[-1].isdigit()
        )
        if "play_call_pass" in keys and not (bid_high and calls):
            key = "play_call_pass"
        else:
            key = f"play_call_{calls[-1]}"
        at.button(key=key).click().run()
        return "call"
    if state.phase is Phase.TRUMP:
        from tutorial.engine.trumps import TRUMP_MASK

        h = state.hands[0]
        suit = max(range(4), key=lambda x: (h & TRUMP_MASK[x]).bit_count())
        at.button(key=f"play_trump_{suit}").click().run()
        return "trump"
    if state.phase is Phase.REFILL:
        if "play_keep_go" in keys:
            at.button(key="play_keep_go").click().run()
            return "keep"
        options, count = state.pending_info
        pills = at.pills(key=f"play_dkeep_{g.number}")
        pills.set_value([CODES[c] for c in list(options)[: int(count)]]).run()
        at.button(key="play_dkeep_go").click().run()
        return "dealer_keep"
    k = state.pile_size(0)
    if k:
        pills = at.pills(key=f"play_pile_{g.number}")
        free = state.hands[0] & ~state.beneath_forbidden
        allowed = free if free.bit_count() >= k else state.hands[0]
        pills.set_value([CODES[c] for c in list(iter_bits(allowed))[:k]]).run()
    clicker.armed = True
    at.run()
    return "play"


def play_hand(
    at: AppTest, clicker: Clicker, lang: str, limit: int = 400, bid_high: bool = False
) -> list[str]:
    """Play the current hand to its end; check for leaks after every run."""
    done = []
    for _ in range(limit):
        ok(at)
        assert_no_leak(at, clicker, lang)
        if game_of(at).hand_over():
            at.run()
            ok(at)
            return done
        done.append(step(at, clicker, bid_high))
    raise AssertionError(f"the hand did not end: {done[-20:]}")
