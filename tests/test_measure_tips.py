"""scripts/measure_tips.py (lesson 9 on evidence): each tip's situation finder recognises the
position lesson 9 shows for that tip, and only situations of that kind; the interval is the
usual mean ± 1.96 standard errors; the generated table replaces only its own part of a doc."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml

from tests.support.scripts import load_script
from tutorial.engine.actions import Call, NameTrump, PlayCard
from tutorial.engine.cards import parse_index
from tutorial.engine.hand import Hand
from tutorial.engine.state import State
from tutorial.scenario.setup import HandSetup
from tutorial.yamldoc import Where, YamlDoc


def hand_of(data: Any, before: tuple[int, int] | None = None) -> Hand:
    """The hand a ``hand`` scenario mapping stops at (or just before card ``before``)."""
    return HandSetup.from_json(data, Where(YamlDoc("test", data, None))).hand(before)


ROOT = Path(__file__).resolve().parent.parent


def _script() -> ModuleType:
    return load_script("scripts/measure_tips.py")


M = _script()


def scenario(name: str) -> dict[str, Any]:
    data = yaml.safe_load((ROOT / "lessons" / "scenarios" / name).read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def state_of(name: str, before: tuple[int, int] | None = None, **changes: Any) -> State:
    data = {**scenario(name), **changes}
    for key in [k for k, v in changes.items() if v is None]:
        del data[key]
    return hand_of(data, before).state


def cards(*codes: str) -> set[PlayCard]:
    return {PlayCard(parse_index(c), ()) for c in codes}


def test_capture_a_pedro_is_lesson_9_s_first_position() -> None:
    found = M.capture_a_pedro(state_of("09-capture-a-pedro.yaml", (2, 4)))
    assert found is not None
    assert cards("AS") <= set(found.tip) and cards("QS", "9S") <= set(found.alt)
    assert M.capture_a_pedro(state_of("09-capture-a-pedro.yaml", (2, 1))) is None  # a lead


def test_lead_trumps_early_is_the_bidder_s_first_lead() -> None:
    s = state_of("09-lead-trumps.yaml", (1, 1))  # A, the high bidder, on lead to trick 1
    found = M.lead_trumps_early(s)
    assert found is not None
    assert set(found.tip) == cards("AS", "9S", "8S", "3S") and set(found.alt) == cards("AD", "JD")
    assert M.lead_trumps_early(state_of("09-lead-trumps.yaml")) is None  # after trick 1


def test_pedro_under_partner_sees_the_partner_winning() -> None:
    found = M.pedro_under_partner(state_of("09-pedro-under-partner.yaml", (1, 3)))
    assert found is not None and set(found.tip) == cards("5C") and found.note == "not last"
    assert cards("7S", "TS") <= set(found.alt)


def test_bid_on_strength_needs_a_fair_hand_and_the_first_call() -> None:
    first = state_of("09-bid-eight.yaml", bids=[], trump=None, plays=None)
    found = M.bid_on_strength(first)
    assert found is not None and found.tip == (Call(8),) and found.alt == (Call(11),)
    after = state_of("09-bid-eight.yaml", bids=[8], trump=None, plays=None)
    assert M.bid_on_strength(after) is None  # not the first call any more


def test_load_with_trumps_names_the_longest_suit() -> None:
    s = state_of("09-trump-spades.yaml", trump=None, plays=None)
    found = M.load_with_trumps(s)
    assert found is not None and found.tip == (NameTrump(3),)  # spades: six of A's nine cards
    assert NameTrump(2) in found.alt  # hearts, the 5♥ that tempts


def test_count_the_pedros_leads_the_master_trump() -> None:
    found = M.count_the_pedros(state_of("09-count-the-pedros.yaml", (3, 1)))
    assert found is not None
    assert set(found.tip) == cards("JH") and set(found.alt) == cards("7H", "2H")


def test_finders_find_their_situations_in_random_deals() -> None:
    seen: dict[str, int] = {}
    rng = random.Random(5)
    for deal in range(40):
        for name, state, found in M.situations_of_deal(rng, list(M.TIPS), deal):
            seen[name] = seen.get(name, 0) + 1
            assert state.to_act is not None and found.tip and found.alt
            assert not set(found.tip) & set(found.alt)
    assert set(seen) == set(M.TIPS), seen


def test_mean_and_interval() -> None:
    m, se, lo, hi = M.mean_ci([1.0, 2.0, 3.0, 4.0])
    assert m == 2.5 and math.isclose(se, math.sqrt(5 / 3 / 4))
    assert math.isclose(lo, m - 1.96 * se) and math.isclose(hi, m + 1.96 * se)


def test_the_doc_keeps_everything_outside_the_markers(tmp_path: Path) -> None:
    doc = tmp_path / "tips.md"
    doc.write_text(f"# head\n{M.BEGIN}\nold\n{M.END}\ntail\n", encoding="utf-8")
    M.write_docs(doc, "| new |\n")
    assert doc.read_text(encoding="utf-8") == f"# head\n{M.BEGIN}\n| new |\n{M.END}\ntail\n"
    (tmp_path / "bare.md").write_text("no markers", encoding="utf-8")
    with pytest.raises(SystemExit):
        M.write_docs(tmp_path / "bare.md", "x")


def test_two_saved_runs_are_compared_on_the_situations_both_priced(tmp_path: Path) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"

    def rows(xs: list[tuple[int, float]]) -> str:
        return "\n".join(
            json.dumps({"tip": "t09-bid", "deal": d, "diff": v, "best": True}) for d, v in xs
        )

    a.write_text(rows([(1, 2.0), (2, 4.0), (3, 9.0)]), encoding="utf-8")
    b.write_text(rows([(1, 1.0), (2, 3.0)]), encoding="utf-8")
    table = M.compare(a, b)
    assert "| `t09-bid` | 2 | +3.00 | +2.00 | +1.00 [+1.00, +1.00] |" in table, table
    back, deals = M.from_jsonl(a, 2, ["t09-bid"])
    assert back["t09-bid"].diffs == [2.0, 4.0] and deals == 2
