"""`cinch review FILE --seat S [--json]` and `cinch advise FILE --seat S [--json]`."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from tutorial.cli import main
from tutorial.engine.actions import Action
from tutorial.engine.seats import SUIT_LETTERS

DATA = Path(__file__).resolve().parent / "data"
ROOT = Path(__file__).resolve().parents[2]
BAD = str(DATA / "left-pedro-bad.yaml")


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, object]]:
    code = main([*argv, "--json"])
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1
    return code, json.loads(out[0])


def test_review_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    code, obj = _json(capsys, "review", BAD, "--seat", "A", "--samples", "24", "--lang", "fr")
    assert code == 0
    assert set(obj) == {"file", "ok", "result", "mismatches", "error"}
    assert obj["ok"] is True and obj["error"] is None
    r = obj["result"]
    assert isinstance(r, dict) and r["seat"] == "A" and r["lang"] == "fr"
    phases = [d["phase"] for d in r["decisions"]]
    assert phases == ["bid", "trump", *["play"] * 6]
    for d in r["decisions"]:
        assert {"best", "action", "expected_cost", "dd_cost", "label", "reason"} <= set(d)
        assert {"cost_se", "close", "why", "objective"} <= set(d)
        assert {"label_text", "reason_text"} <= set(d)
    pedro = next(d for d in r["decisions"] if d["index"] == 12)
    assert pedro["action"] == "5S" and pedro["reason"] == "left_pedro_fell"
    assert pedro["reason_text"] == "Le Pedro gauche est tombé sous un atout plus fort."
    assert r["not_priced"] == []  # A is not the dealer: no keep decision in pagat-62


def test_review_text_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", BAD, "--seat", "A", "--samples", "24", "--lang", "es"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"ok     {BAD}: seat A, 8 decision(s) priced")
    assert "Baza 2: elegiste 5S, lo mejor era JC" in out
    assert "El Pedro izquierdo cayó ante un triunfo más alto." in out


def test_review_exit_1_on_failed_expectation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    p = tmp_path / "x.yaml"
    p.write_text(Path(BAD).read_text() + "expect: {made: true}\n")
    assert main(["review", str(p), "--seat", "B", "--samples", "1"]) == 1
    assert "expect.made" in capsys.readouterr().out


def test_review_exit_2_with_file_and_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    unfinished = ROOT / "examples" / "solve" / "solve-after-two-tricks.yaml"
    code, obj = _json(capsys, "review", str(unfinished), "--seat", "A")
    assert code == 2 and obj["ok"] is False
    err = obj["error"]
    assert isinstance(err, dict) and err["line"] and "finished hand" in err["message"]
    bad = tmp_path / "bad.yaml"
    bad.write_text("kind: hand\ndealer: Q\n")
    assert main(["review", str(bad), "--seat", "A"]) == 2
    out = capsys.readouterr().out
    assert out.startswith(f"error  {bad}:2: dealer")
    assert main(["review", str(tmp_path / "none.yaml"), "--seat", "A"]) == 2
    assert "file not found" in capsys.readouterr().out


def test_review_bad_arguments_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (
        ["--seat", "E"],
        ["--seat", "A", "--samples", "0"],
        ["--seat", "A", "--lang", "de"],
    ):
        with pytest.raises(SystemExit) as exc:
            main(["review", BAD, *argv])
        assert exc.value.code == 2
    capsys.readouterr()


def test_advise_json_contract(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = yaml.safe_load(Path(BAD).read_text())
    for key in ("trump", "dealer_keeps", "plays"):
        del data[key]
    data["bids"] = ["pass"]
    p = tmp_path / "bidding.yaml"
    p.write_text(yaml.safe_dump(data))
    code, obj = _json(capsys, "advise", str(p), "--seat", "B", "--samples", "2")
    assert code == 0, obj
    r = obj["result"]
    assert isinstance(r, dict) and r["seat"] == "B" and r["play"] == "bots" and r["bot"] == "rules"
    assert r["suits"] and all(s["suit"] in SUIT_LETTERS for s in r["suits"])  # worth considering
    for s in r["suits"]:
        assert sum(s["distribution"].values()) == pytest.approx(1.0)
    calls = {c["call"] for c in r["calls"]}
    assert calls == {"pass", *(str(b) for b in range(7, 15))}
    best = next(c for c in r["calls"] if c["call"] == r["best"])
    assert best["best"] and all(c["se"] is not None for c in r["calls"])
    assert isinstance(r["close"], list)
    # the wrong seat is a located error
    code, obj = _json(capsys, "advise", str(p), "--seat", "A")
    assert code == 2 and "B is to call" in str(obj["error"])


def test_review_text_names_the_refill_and_advise_names_its_bot(
    capsys: pytest.CaptureFixture[str],
) -> None:
    low = str(DATA / "low-bad.yaml")  # classic-51: A keeps nothing at the discard
    assert main(["review", low, "--seat", "A", "--samples", "1", "--lang", "es"]) == 0
    out = capsys.readouterr().out
    assert "Descarte y reposición: elegiste keep" in out
    assert "not priced" not in out
    bidding = str(ROOT / "examples" / "decide" / "bidding.yaml")
    assert main(["advise", bidding, "--seat", "B", "--samples", "2"]) == 0
    out = capsys.readouterr().out
    assert "every hand played by rules bots" in out and "holds the contract" in out


BIDDING = str(ROOT / "examples" / "decide" / "bidding.yaml")


def _played_by(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The bots asked to decide inside the evaluator's worlds (its actors, resolved by name in
    tutorial.bots.evaluator.core; the default rules players take a faster path, pinned to the
    same decisions). The first few decisions of each are checked against tutorial.bots.decide:
    an actor acts as that bot would for the same (observation, seed)."""
    from tutorial.bots import decide
    from tutorial.bots.evaluator import core
    from tutorial.engine.observe import observe
    from tutorial.engine.state import State

    asked: list[str] = []

    def spy(bot: str, real: Callable[[State, int], Action]) -> Callable[[State, int], Action]:
        def acting(state: State, seed: int) -> Action:
            action = real(state, seed)
            if asked.count(bot) < 3:
                assert action == decide(bot, observe(state, state.to_act), seed), bot
            asked.append(bot)
            return action

        return acting

    monkeypatch.setattr(core, "_ACTORS", {b: spy(b, f) for b, f in core._ACTORS.items()})
    return asked


@pytest.mark.parametrize("bot", ["random", "rules", "expert"])
def test_advise_bot_plays_the_worlds_out(
    bot: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every value `--bot` accepted before session 9 (tutorial.bots.BOT_NAMES) is accepted
    again and is what its help says: the bot that finishes the bidding and plays the worlds
    out (rules, the default, is the evaluator's own fast playout)."""
    code, ref = _json(capsys, "advise", BIDDING, "--seat", "B", "--samples", "1")
    asked = _played_by(monkeypatch)
    code, obj = _json(capsys, "advise", BIDDING, "--seat", "B", "--samples", "1", "--bot", bot)
    assert code == 0, obj
    r = obj["result"]
    assert isinstance(r, dict) and isinstance(ref["result"], dict)
    assert r["bot"] == bot and r["play"] == "bots"
    nets = [(c["call"], c["net"]) for c in r["calls"]]
    ref_nets = [(c["call"], c["net"]) for c in ref["result"]["calls"]]
    if bot == "rules":
        assert asked == [] and r == ref["result"]
    else:  # other players, other values; every decision in the worlds was that bot's
        assert asked and set(asked) == {bot}
        assert nets != ref_nets
    assert main(["advise", BIDDING, "--seat", "B", "--samples", "1", "--bot", bot]) == 0
    assert f"every hand played by {bot} bots" in capsys.readouterr().out


@pytest.mark.parametrize("bot", ["random", "rules", "expert"])
def test_review_bot_plays_the_worlds_of_calls_trump_and_keeps_out(
    bot: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`cinch review --bot B`: B plays the worlds of the calls, trump and keeps out; the
    cards are solved whatever B is (their decisions are priced alike). The expert is
    asked for every decision of those playouts; here it answers as the rules bot would (a
    real expert review of this hand takes ~25 s; test_advise_bot_plays_the_worlds_out runs
    the real one)."""
    from tutorial.bots import decide
    from tutorial.bots.evaluator import core
    from tutorial.engine.observe import observe
    from tutorial.engine.state import State

    low = str(DATA / "low-bad.yaml")
    code, ref = _json(capsys, "review", low, "--seat", "A", "--samples", "2")
    asked: list[str] = []

    def spy(b: str) -> Callable[[State, int], Action]:
        def acting(state: State, seed: int) -> Action:
            asked.append(b)
            return decide("rules" if b == "expert" else b, observe(state, state.to_act), seed)

        return acting

    monkeypatch.setattr(core, "_ACTORS", {b: spy(b) for b in core._ACTORS})
    code, obj = _json(capsys, "review", low, "--seat", "A", "--samples", "2", "--bot", bot)
    assert code == 0, obj
    r, r0 = obj["result"], ref["result"]
    assert isinstance(r, dict) and isinstance(r0, dict)
    assert r["bot"] == bot and r0["bot"] == "rules"
    assert set(asked) == (set() if bot == "rules" else {bot})
    cards = [(d["action"], d["options"]) for d in r["decisions"] if d["phase"] == "play"]
    ref_cards = [(d["action"], d["options"]) for d in r0["decisions"] if d["phase"] == "play"]
    assert cards == ref_cards  # solved, not played out
    others = [d["options"] for d in r["decisions"] if d["phase"] != "play"]
    ref_others = [d["options"] for d in r0["decisions"] if d["phase"] != "play"]
    assert (others == ref_others) == (bot != "random")  # expert stands in as rules here


def test_review_text_says_pass_in_the_learners_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from tutorial.cli.coach import _review_text
    from tutorial.coach.review import Decision, Review
    from tutorial.engine.actions import Call
    from tutorial.engine.state import Phase
    from tutorial.i18n import get_translator

    decision = Decision(0, Phase.BID, Call(10), Call(None), 11.08, 0, "blunder", None, 4, ())
    for lang, word in (("es", "paso"), ("pt", "passo"), ("fr", "passe"), ("en", "pass")):
        report = Review(0, "pagat-62", (decision,), (), samples=4, seed=0, ms=1.0)
        _review_text(get_translator(lang))("f.yaml", report)
        line = capsys.readouterr().out.splitlines()[1]
        assert word in line and (lang == "en" or not re.search(r"\bpass\b", line)), (lang, line)


@pytest.mark.parametrize("seed", [3, 11])
def test_decide_advise_and_review_agree_for_the_same_seed(
    seed: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 23's contract: the action of `cinch decide --bot expert --seed K` is the advisor's
    best (and among its calls marked best by net) for `--seed K`, and `cinch review --seed K`
    rates each of the expert's own decisions best."""
    import random

    from tutorial.bots import decide
    from tutorial.coach.scenario import scenario_of
    from tutorial.engine.observe import observe
    from tutorial.engine.profiles import PAGAT_62
    from tutorial.engine.state import State

    rng = random.Random(seed)
    s = State.random_deal(PAGAT_62, 3, rng)  # A calls first
    bidding = tmp_path / "bidding.yaml"
    bidding.write_text(yaml.safe_dump(scenario_of(s)))
    code, obj = _json(
        capsys, "decide", str(bidding), "--seat", "A", "--bot", "expert", "--seed", str(seed)
    )
    assert code == 0, obj
    action = str(obj["action"])  # cinch decide's JSON: {"seat", "phase", "action"} (a bid: int)
    code, obj = _json(capsys, "advise", str(bidding), "--seat", "A", "--seed", str(seed))
    assert code == 0, obj
    r = obj["result"]
    assert r["best"] == action
    assert next(c for c in r["calls"] if c["call"] == action)["best"]
    top = r["calls"][0]
    mine = next(c for c in r["calls"] if c["call"] == action)
    assert top["net"] - mine["net"] <= max(0.05, 2 * (mine["cost_se"] or 0.0)) + 1e-3
    # the whole hand with A the expert (seed K) and the others rules bots
    while not s.is_terminal():
        if s.is_chance():
            s.apply(s.chance_outcome(rng))
            continue
        bot = "expert" if s.to_act == 0 else "rules"
        s.apply(decide(bot, observe(s, s.to_act), seed))
    hand = tmp_path / "hand.yaml"
    hand.write_text(yaml.safe_dump(scenario_of(s)))
    code, obj = _json(capsys, "review", str(hand), "--seat", "A", "--seed", str(seed))
    assert code == 0, obj
    labels = [(d["action"], d["label"]) for d in obj["result"]["decisions"]]
    assert labels and all(label == "best" for _a, label in labels), labels
