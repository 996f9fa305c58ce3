"""``hand`` scenarios: a hand from the deal, through the rules core, as far as it goes.

A hand scenario may stop anywhere: in the bidding, before trump is named, between tricks or
in the middle of a trick. The result then has ``finished: false`` and a ``position``: the
phase, who acts next and the legal actions in the core's notation (``pass``, ``8``,
``trump H``, ``5D``, ``6H/9H 8H``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from tutorial.engine.cards import CARDS, CODES, Card, Suit, parse_index
from tutorial.engine.errors import IllegalAction, InvalidInput
from tutorial.engine.hand import Hand, Phase
from tutorial.engine.profiles import Profile
from tutorial.engine.seats import Seat, Team
from tutorial.engine.state import CHANCE, State
from tutorial.scenario import fields as F
from tutorial.scenario.common import SEATS, Replay, held, illegal, table_plays, top_and_pile
from tutorial.scenario.moments import Moment
from tutorial.scenario.results import (
    HandOutcome,
    HandReport,
    Points,
    PositionReport,
    RefillReport,
    SeatCall,
    TrickResult,
)
from tutorial.yamldoc import Key, Where

_AFTER_BIDDING = ("trump", "keep", "dealer_keeps", "reshuffle", "plays")


def position(hand: Hand) -> PositionReport:
    """Where an unfinished hand stands: phase, who acts next, the legal actions."""
    s = hand.state
    in_play = s.phase is Phase.PLAY
    return PositionReport(
        phase=s.phase.value,
        to_act=None if s.to_act == CHANCE else Seat(s.to_act),
        legal=tuple(s.legal_actions()),
        trick=len(s.tricks) + 1 if in_play else None,
        cards_played=len(s.trick_plays) if in_play else None,
    )


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
    score = F.game_score(w, m, profile)
    try:
        hand = Hand.from_deal(profile, dealer, dealt, stock, score=score)
    except InvalidInput as exc:  # pragma: no cover - the field checks above come first
        raise w.error(("deal",), str(exc)) from None
    seat_dealer = Seat(dealer)
    moments: list[Moment] = [
        Moment("deal", dealer=seat_dealer, hands=held(hand.hands), stock=len(stock))
    ]
    # bidding
    bids = m.get("bids")
    if not isinstance(bids, list):
        raise w.error(
            ("bids",),
            "expected the list of calls, one per seat from the dealer's left (pass or a number)",
        )
    calls: list[SeatCall] = []
    states: dict[str, State] = {}  # the core's state before each decision a lesson may hand over
    for i, call in enumerate(bids):
        if hand.phase is not Phase.BID:
            raise w.error(("bids", i), "the bidding is already over: too many calls")
        s = hand.to_act
        value = F.call(w, ("bids", i), call)
        states[f"call:{SEATS[s]}"] = hand.state.copy()
        try:
            hand.bid(s, value)
        except IllegalAction as exc:
            raise illegal(
                w,
                ("bids", i),
                exc,
                f"seat {SEATS[s]} cannot call {'pass' if value is None else value}",
            ) from None
        calls.append(SeatCall(Seat(s), value))
    if hand.phase is Phase.BID:
        _partial(
            m,
            w,
            _AFTER_BIDDING,
            f"the bidding is not finished: {SEATS[hand.to_act]} still has to call",
        )
    moments.append(
        Moment("bidding", dealer=seat_dealer, hands=held(hand.hands), calls=tuple(calls))
    )
    base = HandReport(profile.name, seat_dealer, tuple(calls), thrown_in=hand.phase is Phase.DONE)
    if hand.phase is Phase.DONE:  # everyone passed and the profile throws the hand in
        for key in ("trump", "plays", "dealer_keeps", "reshuffle", "keep"):
            if key in m:
                raise w.error((key,), f"everyone passed: the hand is thrown in, so it has no {key}")
        return Replay("hand", profile.name, base, tuple(moments), states)
    if hand.phase is Phase.BID or "trump" not in m:  # stops before trump is named
        if hand.phase is Phase.TRUMP:
            _partial(m, w, _AFTER_BIDDING, "trump must be named first (`trump:`)")
        return Replay(
            "hand", profile.name, replace(base, position=position(hand)), tuple(moments), states
        )
    assert hand.high_seat is not None
    trump = F.suit(w, ("trump",), m.get("trump"))
    states["trump"] = hand.state.copy()
    hand.name_trump(hand.high_seat, trump)
    named = replace(base, bidder=Seat(hand.high_seat), bid=hand.high_bid, trump=Suit(trump))
    if not profile.draw:
        _partial(
            m,
            w,
            ("keep", "dealer_keeps", "reshuffle"),
            f"in {profile.name} there is no discard and no refill",
        )
        named = replace(named, hands_after_refill=held(hand.start_hands))
        return _play(m, w, profile, hand, named, moments, states)
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
    refill = RefillReport(
        discards=held(log.discard_masks),
        received=tuple(_cards(r) for r in log.received),
        dealer_examined=_cards(log.dealer_examined),
        dealer_discarded=_cards(log.dealer_discarded),
        reshuffled=None if log.reshuffled is None else _cards(log.reshuffled),
        reshuffle_before=None if log.reshuffle_before is None else Seat(log.reshuffle_before),
        short_shared=log.short_shared,
    )
    named = replace(named, refill=refill, hands_after_refill=held(hand.start_hands))
    moments.append(
        Moment(
            "refill",
            dealer=seat_dealer,
            trump=Suit(trump),
            hands=held(hand.hands),
            refill=refill,
        )
    )
    return _play(m, w, profile, hand, named, moments, states)


def _cards(indices: list[int]) -> tuple[Card, ...]:
    return tuple(CARDS[c] for c in indices)


def _play(
    m: Mapping[str, Any],
    w: Where,
    profile: Profile,
    hand: Hand,
    report: HandReport,
    moments: list[Moment],
    states: dict[str, State],
) -> Replay:
    """The tricks of ``plays``; the last one may be unfinished."""
    assert hand.high_seat is not None
    trump = Suit(hand.trump)
    plays = m.get("plays", [])
    if not isinstance(plays, list):
        raise w.error(("plays",), "expected a list of tricks")
    tricks: list[TrickResult] = []
    for t, trick in enumerate(plays):
        if hand.phase is not Phase.PLAY:
            raise w.error(("plays", t), "the hand is over: too many tricks")
        if not isinstance(trick, list) or not trick:
            raise w.error(("plays", t), "expected the cards of one trick, in play order")
        leader = Seat(hand.to_act)
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
            moments.append(
                Moment(
                    f"t{t + 1}c{k + 1}",
                    trump=trump,
                    hands=held(hand.hands),
                    leader=leader,
                    trick=table_plays(done),
                )
            )
        if len(hand.tricks) <= t:
            if t == len(plays) - 1:
                break  # the scenario stops in the middle of its last trick
            raise w.error(
                ("plays", t), f"trick {t + 1} is not complete: {SEATS[hand.to_act]} has not played"
            )
        tr = hand.tricks[t]
        result = TrickResult(
            number=tr.number,
            leader=Seat(tr.leader),
            plays=table_plays([(p.seat, p.card, tuple(p.beneath)) for p in tr.plays]),
            winner=Seat(tr.winner),
            winning_card=CARDS[tr.winning_card],
            trumped=tr.trumped,
            points=tr.points,
        )
        tricks.append(result)
        moments.append(
            Moment(
                f"t{t + 1}",
                trump=trump,
                hands=held(hand.hands),
                leader=leader,
                trick=table_plays(done),
                winner=result.winner,
                winning_card=result.winning_card,
                trumped=result.trumped,
                trick_points=result.points,
            )
        )
    report = replace(report, tricks=tuple(tricks))
    if not hand.is_done():
        report = replace(report, position=position(hand))
    else:
        r = hand.result()
        assert hand.high_bid is not None and r.made is not None
        outcome = HandOutcome(
            points=Points.of(r.points),
            owners=tuple((k, None if v is None else Team(v)) for k, v in r.owners.items()),
            made=r.made,
            delta=Points.of(r.delta),
            bidder=Seat(hand.high_seat),
            bid=hand.high_bid,
        )
        report = replace(report, outcome=outcome)
        moments.append(Moment("score", trump=trump, outcome=outcome))
    return Replay("hand", profile.name, report, tuple(moments), states)
