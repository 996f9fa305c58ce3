"""AppTest: the learner as dealer (issue 23, item 6; ``/play?lang=en&seed=101&dealer=A``,
then pass), at its keep from the rest of the stock: the refill summary says what the dealer
did without a count it does not have yet (it said "A (dealer) discarded 7 and took -1"), and
A's seat shows the cards A holds now — its trumps and what it took — with their count (it
showed the 9 cards dealt, the discarded ones too, under "9 cards")."""

from __future__ import annotations

import re

import pytest

from tests.ui.playdriver import game_of, ok, open_play, step, use_game
from tutorial.engine.cards import CODES, iter_bits
from tutorial.engine.state import DEALER_KEEPS, Phase
from tutorial.i18n import LANGS, get_translator


def at_dealer_keep(monkeypatch: pytest.MonkeyPatch, lang: str):  # type: ignore[no-untyped-def]
    at, clicker = open_play(monkeypatch, lang=lang)
    use_game(at, "pagat-62", 101, 0)
    for _ in range(60):
        s = game_of(at).state()
        if s.phase is Phase.REFILL and s.pending == DEALER_KEEPS and s.to_act == 0:
            return at, clicker
        step(at, clicker)
        ok(at)
    raise AssertionError("the dealer's keep never came")


@pytest.mark.parametrize("lang", LANGS)
def test_the_dealer_s_refill_and_seat_tell_the_truth(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    at, clicker = at_dealer_keep(monkeypatch, lang)
    t = get_translator(lang)
    g = game_of(at)
    obs = g.observation(0)
    notes = "\n".join(str(a.value) for a in at.info)
    assert "-1" not in notes, notes
    dealer_line = [line for line in notes.split("\n") if line.startswith("A ")]
    assert dealer_line, notes
    html = str(clicker.last.get("data", {}).get("html", ""))
    shown = set(re.findall(r'data-card="(\w+)"', html))
    holds = {CODES[c] for c in iter_bits(obs.hand)}
    assert shown == holds, (sorted(shown), sorted(holds))
    assert len(holds) < 9
    count = t.n("{n} card", "{n} cards", len(holds))
    seat_a = re.search(r'data-seat="A".*?<span class="cc-note">([^<]*)</span>', html)
    assert seat_a is not None and seat_a.group(1).startswith(count), seat_a and seat_a.group(1)
