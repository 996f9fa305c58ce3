"""AppTest: Puzzles from my games — a costly card of the practice table comes back as the
learner saw it (nothing hidden from seat A in the page), the learner clicks a card on the
table and is told whether it is a better card and why, in every language."""

from __future__ import annotations

import re
import time
from html import unescape

import pytest

from tests.practice.test_retry import CODE, finished_game, review_of
from tests.ui.playdriver import Clicker, hidden_cards, page_text
from tests.ui.test_app import app, no_errors, open_page
from tutorial.engine.cards import CODES
from tutorial.explain import card_name
from tutorial.i18n import LANGS, get_translator
from tutorial.practice import retry
from tutorial.progress import ProgressStore, new_learner_code
from tutorial.ui.table import cardbuttons


@pytest.fixture(scope="module")
def positions() -> list[dict[str, object]]:
    g = finished_game()
    return retry.from_review(g.profile, g.current, review_of(g))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("right", [True, False])
def test_a_costly_card_comes_back_and_the_better_card_is_found(
    lang: str, right: bool, positions: list[dict[str, object]], monkeypatch: pytest.MonkeyPatch
) -> None:
    tr = get_translator(lang)
    code = new_learner_code()
    retry.add(ProgressStore(), code, positions)  # due at once
    clicker = Clicker()
    monkeypatch.setattr(cardbuttons, "_COMPONENT", clicker)
    at = open_page(app(lang=lang, learner=code), "retry")
    no_errors(at)
    r, _ = retry.queue(ProgressStore().items(code, retry.PREFIX), time.time())
    state = r.state()
    text = page_text(at, clicker)
    for c in hidden_cards(state):  # the learner's view of that moment, nothing more
        assert f'data-card=\\"{CODES[c]}\\"' not in text and card_name(tr, c) not in text
    target = r.best[0].card if right else r.played.card
    clicker.choose = lambda codes: CODES[target]
    clicker.armed = True
    at.run()
    no_errors(at)
    # the verdict under the cards, where the learner tapped (the card table scrolls it into
    # view), not in an alert under the table: off a phone's screen (session 7, 320×640)
    html = str(clicker.last.get("data", {}).get("html", ""))
    note = re.search(r'<p class="cb-note" role="status">(.*?)</p>', html, re.S)
    assert note is not None, html[-500:]
    verdict = unescape(note.group(1))
    assert not at.success and not at.info, (at.success, at.info)
    if right:
        assert verdict.startswith(tr("Right!")), verdict
    else:
        assert verdict.startswith(tr("Not yet.")), verdict
        assert tr("That is the card you played in the game.") in verdict
    text = page_text(at, clicker)
    for c in hidden_cards(state):
        assert card_name(tr, c) not in text
    saved = retry.queue(ProgressStore().items(code, retry.PREFIX), time.time())
    again = next(x for x in saved if x.id == r.id)
    assert (again.attempts, again.correct) == ((1, 1) if right else (1, 0))
    # right: back in 10 minutes (a learning step); wrong: in 1 minute
    assert again.card.due - again.card.last == (600 if right else 60)
    at.button(key="retry_next").click().run()
    no_errors(at)


def test_nothing_to_retry_says_so_and_offers_the_practice_table() -> None:
    at = open_page(app(lang="fr", learner=CODE), "retry")
    no_errors(at)
    assert at.success and any("play" in str(p.proto.page) for p in at.get("page_link"))


def test_positions_not_due_yet_say_when_they_come_back() -> None:
    g = finished_game()
    code = new_learner_code()
    new = retry.from_review(g.profile, g.current, review_of(g))
    assert retry.add(ProgressStore(), code, new) == 2  # due at once…
    for n in new:  # …missed again: back in a minute
        retry.record(ProgressStore(), code, str(n["id"]), right=False)
    at = open_page(app(lang="pt", learner=code), "retry")
    no_errors(at)
    tr = get_translator("pt")
    want = tr.n(
        "Nothing is due now. {n} position to retry later: it comes back {when}.",
        "Nothing is due now. {n} positions to retry later: the next one comes back {when}.",
        2,
        when="dentro de 1 minuto",
    )
    assert [x.value for x in at.success] == [want]


@pytest.mark.parametrize("seat", [1, 3])
def test_a_costly_card_of_a_shared_tables_seat_comes_back_from_that_seat(
    seat: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A player at B (or D) of a shared table retries from their seat: their cards are the
    buttons, nothing they could not see is in the page (failed before: the position was
    refused, "nothing to retry"; then the page offered no card: it asked A)."""
    from tests.ui.test_table_page import hidden_from

    g = finished_game()
    code = new_learner_code()
    new = retry.from_review(g.profile, g.current, review_of(g, seat), seat=seat)
    assert retry.add(ProgressStore(), code, new) == 2
    clicker = Clicker()
    monkeypatch.setattr(cardbuttons, "_COMPONENT", clicker)
    tr = get_translator("es")
    at = open_page(app(lang="es", learner=code), "retry")
    no_errors(at)
    assert not at.success, [x.value for x in at.success]  # not "nothing to retry"
    r, _ = retry.queue(ProgressStore().items(code, retry.PREFIX), time.time())
    state = r.state()
    assert r.seat == seat and state.to_act == seat
    legal = {a.card for a in state.legal_actions() if hasattr(a, "card")}
    assert {CODES[c] for c in legal} == set(clicker.playable())
    text = page_text(at, clicker)
    for c in hidden_from(state, seat):
        assert f'data-card=\\"{CODES[c]}\\"' not in text and card_name(tr, c) not in text
    clicker.choose = lambda codes: CODES[r.best[0].card]
    clicker.armed = True
    at.run()
    no_errors(at)
    html = unescape(str(clicker.last.get("data", {}).get("html", "")))
    assert tr("Right!") in html
    saved = {x.id: x for x in retry.positions(ProgressStore().items(code, retry.PREFIX))}
    assert (saved[r.id].attempts, saved[r.id].correct) == (1, 1)
