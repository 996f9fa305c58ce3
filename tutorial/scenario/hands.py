"""``hand`` scenarios: a hand from the deal, through the rules core, as far as it goes.

A hand scenario may stop anywhere: in the bidding, before trump is named, between tricks or
in the middle of a trick. The result then has ``finished: false`` and a ``position``: the
phase, who acts next and the legal actions in the core's notation (``pass``, ``8``,
``trump H``, ``5D``, ``6H/9H 8H``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tutorial.engine.cards import CODES, mask_codes, parse_index
from tutorial.engine.errors import IllegalAction, InvalidInput
from tutorial.engine.hand import Hand, Phase
from tutorial.engine.profiles import Profile
from tutorial.engine.seats import SUIT_LETTERS
from tutorial.engine.state import CHANCE
from tutorial.scenario import fields as F
from tutorial.scenario.common import (
    SEATS,
    Replay,
    frame_trick,
    hands_codes,
    illegal,
    team_name,
    teams,
    top_and_pile,
)
from tutorial.yamldoc import Key, Where

_AFTER_BIDDING = ("trump", "keep", "dealer_keeps", "reshuffle", "plays")


def position(hand: Hand) -> dict[str, Any]:
    """Where an unfinished hand stands: phase, who acts next, the legal actions."""
    s = hand.state
    out: dict[str, Any] = {
        "phase": s.phase.value,
        "to_act": None if s.to_act == CHANCE else SEATS[s.to_act],
        "legal": [str(a) for a in s.legal_actions()],
    }
    if s.phase is Phase.PLAY:
        out["trick"] = len(s.tricks) + 1
        out["cards_played"] = len(s.trick_plays)
    return out


def position_summary(pos: dict[str, Any]) -> str:
    """One line for ``cinch replay``: ``play, trick 2 (1 card played): B to play 5D 9C``."""
    where = pos["phase"]
    if "trick" in pos:
        where += f", trick {pos['trick']} ({pos['cards_played']} card(s) played)"
    who = pos["to_act"] or "chance"
    verb = {"bid": "to call", "trump": "to name trump", "play": "to play"}.get(
        pos["phase"], "to act"
    )
    legal = (
        " ".join(pos["legal"])
        if len(pos["legal"]) <= 16
        else (" ".join(pos["legal"][:16]) + f" ... ({len(pos['legal'])} actions)")
    )
    return f"position: {where}: {who} {verb}: {legal}"


def _partial(m: Mapping[str, Any], w: Where, later: tuple[str, ...], why: str) -> None:
    for key in later:
        if key in m:
            raise w.error((key,), why)


def _keep_place(raw: Mapping[str, Any], code: object) -> tuple[Key, ...]:
    """Where in ``keep`` the card ``code`` is listed (for an error about that card)."""
    for seat_name, listed in raw.items():
        for i, item in enumerate(listed if isinstance(listed, list) else []):
            if isinstance(item, str) and isinstance(code, str):
                try:
                    if CODES[parse_index(item)] == code:
                        return ("keep", seat_name, i)
                except InvalidInput:
                    continue
    return ("keep",)


def replay_hand(m: Mapping[str, Any], w: Where, profile: Profile) -> Replay:
    dealer = F.seat(w, ("dealer",), m.get("dealer"))
    deal = F.mapping(w, ("deal",), m.get("deal"), required=SEATS)
    seen: dict[int, tuple[Key, ...]] = {}
    dealt = {
        s: F.cards(w, ("deal", SEATS[s]), deal[SEATS[s]], count=9, seen=seen) for s in range(4)
    }
    stock = F.cards(w, ("stock",), m.get("stock"), count=16, seen=seen)
    try:
        hand = Hand.from_deal(profile, dealer, dealt, stock)
    except InvalidInput as exc:  # pragma: no cover - the field checks above come first
        raise w.error(("deal",), str(exc)) from None
    frames: list[dict[str, Any]] = [
        {
            "id": "deal",
            "dealer": SEATS[dealer],
            "hands": hands_codes(hand.hands),
            "stock": len(stock),
        }
    ]
    # bidding
    bids = m.get("bids")
    if not isinstance(bids, list):
        raise w.error(
            ("bids",),
            "expected the list of calls, one per seat from the dealer's left (pass or a number)",
        )
    calls_out = []
    for i, call in enumerate(bids):
        if hand.phase is not Phase.BID:
            raise w.error(("bids", i), "the bidding is already over: too many calls")
        s = hand.to_act
        value = None if call == "pass" or call is None else F.integer(w, ("bids", i), call)
        try:
            hand.bid(s, value)
        except IllegalAction as exc:
            raise illegal(
                w,
                ("bids", i),
                exc,
                f"seat {SEATS[s]} cannot call {'pass' if value is None else value}",
            ) from None
        calls_out.append({"seat": SEATS[s], "call": "pass" if value is None else value})
    if hand.phase is Phase.BID:
        _partial(
            m,
            w,
            _AFTER_BIDDING,
            f"the bidding is not finished: {SEATS[hand.to_act]} still has to call",
        )
    frames.append(
        {
            "id": "bidding",
            "dealer": SEATS[dealer],
            "hands": hands_codes(hand.hands),
            "calls": calls_out,
        }
    )
    result: dict[str, Any] = {
        "profile": profile.name,
        "dealer": SEATS[dealer],
        "calls": calls_out,
        "thrown_in": hand.phase is Phase.DONE,
    }
    if hand.phase is Phase.DONE:  # everyone passed and the profile throws the hand in
        for key in ("trump", "plays", "dealer_keeps", "reshuffle", "keep"):
            if key in m:
                raise w.error((key,), f"everyone passed: the hand is thrown in, so it has no {key}")
        result.update(
            bidder=None,
            bid=None,
            trump=None,
            points=teams((0, 0)),
            made=None,
            delta=teams((0, 0)),
        )
        return Replay("hand", profile.name, result, frames)
    if hand.phase is Phase.BID or "trump" not in m:  # stops before trump is named
        if hand.phase is Phase.TRUMP:
            _partial(m, w, _AFTER_BIDDING, "trump must be named first (`trump:`)")
        result.update(finished=False, position=position(hand))
        return Replay("hand", profile.name, result, frames)
    assert hand.high_seat is not None
    trump = F.suit(w, ("trump",), m.get("trump"))
    hand.name_trump(hand.high_seat, trump)
    if not profile.draw:
        _partial(
            m,
            w,
            ("keep", "dealer_keeps", "reshuffle"),
            f"in {profile.name} there is no discard and no refill",
        )
        result.update(
            bidder=SEATS[hand.high_seat],
            bid=hand.high_bid,
            trump=SUIT_LETTERS[trump],
            refill=None,
            hands_after_refill=hands_codes(hand.start_hands),
        )
        return _play(m, w, profile, hand, result, frames)
    keep = None
    if "keep" in m:
        km = F.mapping(w, ("keep",), m["keep"], optional=SEATS)
        keep = {SEATS.index(k): F.cards(w, ("keep", k), v) for k, v in km.items()}
    dk = F.cards(w, ("dealer_keeps",), m["dealer_keeps"]) if "dealer_keeps" in m else None
    rs = F.cards(w, ("reshuffle",), m["reshuffle"]) if "reshuffle" in m else None
    try:
        hand.refill(keep=keep, dealer_keeps=dk, reshuffle=rs)
    except IllegalAction as exc:
        where: tuple[Key, ...] = ("trump",)
        if exc.reason.value == "dealer_keeps_invalid" and "dealer_keeps" in m:
            where = ("dealer_keeps",)
        elif exc.reason.value == "reshuffle_invalid" and "reshuffle" in m:
            where = ("reshuffle",)
        elif "keep" in m and exc.reason.value.startswith("keep"):
            where = ("keep",)
        elif keep is not None and exc.reason.value == "card_not_in_hand":
            where = _keep_place(m["keep"], exc.facts().get("card"))
        raise illegal(w, where, exc, "the discard and refill cannot go this way") from None
    log = hand.refill_log
    assert log is not None
    if rs is not None and log.reshuffled is None:
        raise w.error(("reshuffle",), "the stock did not run out, so there is nothing to reshuffle")
    refill = {
        "discards": {SEATS[s]: mask_codes(log.discard_masks[s]) for s in range(4)},
        "received": {SEATS[s]: [CODES[c] for c in log.received[s]] for s in range(4)},
        "dealer_examined": [CODES[c] for c in log.dealer_examined],
        "dealer_discarded": [CODES[c] for c in log.dealer_discarded],
        "reshuffled": None if log.reshuffled is None else [CODES[c] for c in log.reshuffled],
        "reshuffle_before": None if log.reshuffle_before is None else SEATS[log.reshuffle_before],
        "short_shared": log.short_shared,
    }
    result.update(
        bidder=SEATS[hand.high_seat],
        bid=hand.high_bid,
        trump=SUIT_LETTERS[trump],
        refill=refill,
        hands_after_refill=hands_codes(hand.start_hands),
    )
    frames.append(
        {
            "id": "refill",
            "dealer": SEATS[dealer],
            "trump": SUIT_LETTERS[trump],
            "hands": hands_codes(hand.hands),
            "refill": refill,
        }
    )
    return _play(m, w, profile, hand, result, frames)


def _play(
    m: Mapping[str, Any],
    w: Where,
    profile: Profile,
    hand: Hand,
    result: dict[str, Any],
    frames: list[dict[str, Any]],
) -> Replay:
    """The tricks of ``plays``; the last one may be unfinished."""
    assert hand.high_seat is not None
    trump = hand.trump
    plays = m.get("plays", [])
    if not isinstance(plays, list):
        raise w.error(("plays",), "expected a list of tricks")
    tricks_out: list[dict[str, Any]] = []
    states: dict[str, Any] = {}
    for t, trick in enumerate(plays):
        if hand.phase is not Phase.PLAY:
            raise w.error(("plays", t), "the hand is over: too many tricks")
        if not isinstance(trick, list) or not trick:
            raise w.error(("plays", t), "expected the cards of one trick, in play order")
        leader = hand.to_act
        done: list[tuple[int, int, tuple[int, ...]]] = []
        for k, item in enumerate(trick):
            if len(hand.tricks) > t:
                raise w.error(("plays", t, k), f"trick {t + 1} already has all its cards")
            s = hand.to_act
            local: dict[int, tuple[Key, ...]] = {}
            top, pile = top_and_pile(w, ("plays", t, k), item, local)
            states[f"t{t + 1}c{k + 1}"] = hand.state.copy()
            try:
                hand.play(s, top, pile)
            except IllegalAction as exc:
                raise illegal(
                    w,
                    ("plays", t, k),
                    exc,
                    f"trick {t + 1}, seat {SEATS[s]} cannot play {CODES[top]}",
                    trick=t + 1,
                ) from None
            done.append((s, top, pile))
            frames.append(
                {
                    "id": f"t{t + 1}c{k + 1}",
                    "trump": SUIT_LETTERS[trump],
                    "hands": hands_codes(hand.hands),
                    "leader": SEATS[leader],
                    "trick": frame_trick(done),
                }
            )
        if len(hand.tricks) <= t:
            if t == len(plays) - 1:
                break  # the scenario stops in the middle of its last trick
            raise w.error(
                ("plays", t), f"trick {t + 1} is not complete: {SEATS[hand.to_act]} has not played"
            )
        tr = hand.tricks[t]
        tricks_out.append(
            {
                "number": tr.number,
                "leader": SEATS[tr.leader],
                "cards": [
                    CODES[p.card]
                    if not p.beneath
                    else [CODES[p.card], *(CODES[c] for c in p.beneath)]
                    for p in tr.plays
                ],
                "seats": [SEATS[p.seat] for p in tr.plays],
                "winner": SEATS[tr.winner],
                "winning_card": CODES[tr.winning_card],
                "trumped": tr.trumped,
                "points": tr.points,
            }
        )
        frames.append(
            {
                "id": f"t{t + 1}",
                "trump": SUIT_LETTERS[trump],
                "hands": hands_codes(hand.hands),
                "leader": SEATS[leader],
                "trick": frame_trick(done),
                "winner": SEATS[tr.winner],
                "winning_card": CODES[tr.winning_card],
                "trumped": tr.trumped,
                "points": tr.points,
            }
        )
    result["tricks"] = tricks_out
    result["finished"] = hand.is_done()
    if not hand.is_done():
        result["position"] = position(hand)
    else:
        r = hand.result()
        result.update(
            points=teams(r.points),
            owners={k: team_name(v) for k, v in r.owners.items()},
            made=r.made,
            delta=teams(r.delta),
        )
        frames.append(
            {
                "id": "score",
                "trump": SUIT_LETTERS[trump],
                "points": result["points"],
                "owners": result["owners"],
                "made": r.made,
                "delta": result["delta"],
                "bidder": SEATS[hand.high_seat],
                "bid": hand.high_bid,
            }
        )
    return Replay("hand", profile.name, result, frames, states)
