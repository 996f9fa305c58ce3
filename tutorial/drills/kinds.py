"""The drill kinds. Each builds a scenario from a seed, lets the engine replay it, and
explains the engine's result step by step.

``generate(kind, seed, difficulty)`` is deterministic: the same arguments give the same
puzzle. Difficulty 1 is plain, 2 brings in the left Pedro, ruffs or set bids, 3 piles,
near-ties and edge cases (see each kind's docstring).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tutorial.drills.model import Line, Puzzle
from tutorial.engine.cards import CODES, mask_codes
from tutorial.engine.hand import Hand
from tutorial.engine.playout import random_playout
from tutorial.engine.profiles import get_profile
from tutorial.engine.trumps import EFFECTIVE_SUIT, LEFT_PEDRO, RIGHT_PEDRO, TRUMP_MASK, TRUMP_ORDER
from tutorial.i18n import N_
from tutorial.scenario.export import playout_scenario
from tutorial.scenario.replay import replay
from tutorial.yamldoc import Where, YamlDoc

SEATS = "ABCD"
SUITS = "CDHS"
KINDS = ("trick-winner", "legal-plays", "hand-points", "score-update", "game-end", "refill")
DIFFICULTIES = (1, 2, 3)

# lesson steps that teach each rule (checked by a test against the lessons)
L_LEFT = ("trumps-and-points", "left-pedro-is-trump")
L_LEAVES = ("left-pedro-is-not-a-diamond", "five-of-diamonds-changes-suit")
L_ORDER = ("trumps-and-points", "fourteen-trumps-in-order")
L_WINS = ("play-and-surplus-trumps", "who-wins-the-trick")
L_PILE = ("play-and-surplus-trumps", "the-open-pile")
L_TRUMP_LED = ("play-and-surplus-trumps", "trump-led")
L_PLAIN_LED = ("play-and-surplus-trumps", "plain-suit-led")
L_VOID = ("play-and-surplus-trumps", "void-plays-anything")
L_CAPTOR = ("trumps-and-points", "points-to-the-captor")
L_LOW = ("trumps-and-points", "low-to-the-holder")
L_LOW51 = ("fifty-one-and-variants", "low-is-the-lowest-in-play")
L_14 = ("trumps-and-points", "fourteen-points")
L_DEFENDERS = ("scoring-and-bidder-goes-out", "defenders-always-add")
L_SET = ("scoring-and-bidder-goes-out", "failed-bid-loses-whole-bid")
L_NEGATIVE = ("scoring-and-bidder-goes-out", "negative-scores")
L_62 = ("scoring-and-bidder-goes-out", "first-to-62")
L_BGO = ("scoring-and-bidder-goes-out", "bidder-goes-out")
L_BGO_FAILS = ("scoring-and-bidder-goes-out", "bidder-goes-out-fails")
L_BOTH_62 = ("scoring-and-bidder-goes-out", "both-reach-62")
L_DISCARD = ("discard-and-refill", "discard-every-non-trump")
L_FILL = ("discard-and-refill", "fill-to-six-in-order")
L_SIX = ("discard-and-refill", "six-trumps-receive-nothing")
L_DEALER = ("discard-and-refill", "dealer-takes-the-rest")
L_RUNS_OUT = ("discard-and-refill", "stock-runs-out")

ALL_LINKS = (
    L_LEFT,
    L_LEAVES,
    L_ORDER,
    L_WINS,
    L_PILE,
    L_TRUMP_LED,
    L_PLAIN_LED,
    L_VOID,
    L_CAPTOR,
    L_LOW,
    L_LOW51,
    L_14,
    L_DEFENDERS,
    L_SET,
    L_NEGATIVE,
    L_62,
    L_BGO,
    L_BGO_FAILS,
    L_BOTH_62,
    L_DISCARD,
    L_FILL,
    L_SIX,
    L_DEALER,
    L_RUNS_OUT,
)


def _line(msg: str, link: tuple[str, str] | None = None, **values: Any) -> Line:
    return Line(msg, values, link[0] if link else None, link[1] if link else None)


def _replay(scenario: dict[str, Any]) -> dict[str, Any]:
    doc = YamlDoc("drill", scenario, None)
    return replay(scenario, Where(doc)).result


def _teams(pair: tuple[int, int] | list[int]) -> dict[str, int]:
    return {"AC": pair[0], "BD": pair[1]}


def _trump_line(trump: int) -> Line:
    return _line(
        N_("Trump is {suit}: the left Pedro is {left_card}, a trump for every purpose."),
        L_LEFT,
        suit=SUITS[trump],
        left_card=CODES[LEFT_PEDRO[trump]],
    )


def _lead_line(trump: int, leader: int, lead: int, led: int) -> Line:
    """What the lead makes the suit led (trump, if the left Pedro or any trump is led)."""
    if led == trump:
        return _line(
            N_("{seat} leads {lead_card}, a trump: trump is led."),
            L_TRUMP_LED,
            seat=SEATS[leader],
            lead_card=CODES[lead],
        )
    return _line(
        N_("{seat} leads {lead_card}: {led_suit} is the suit led."),
        L_WINS,
        seat=SEATS[leader],
        lead_card=CODES[lead],
        led_suit=SUITS[led],
    )


# -- trick winner ---------------------------------------------------------------------------
def trick_winner(seed: int, difficulty: int) -> Puzzle:
    """1: no trump played; 2: ruffs with the left Pedro; 3: both Pedros and an open pile."""
    rng = random.Random(f"trick-winner/{difficulty}/{seed}")
    trump = rng.randrange(4)
    tm = TRUMP_MASK[trump]
    leader = rng.randrange(4)
    deck = list(range(52))
    rng.shuffle(deck)
    plain = [c for c in deck if not (tm >> c) & 1]
    trumps = [c for c in TRUMP_ORDER[trump]]
    rng.shuffle(trumps)
    pile: tuple[int, ...] = ()
    pile_at = -1
    if difficulty == 1:
        lead = plain[0]
        same = [c for c in plain[1:] if c // 13 == lead // 13]
        other = [c for c in plain[1:] if c // 13 != lead // 13]
        cards = [lead, same[0], *rng.sample([same[1], other[0], other[1], same[2]], 2)]
    elif difficulty == 2:
        lead = next(c for c in plain if c // 13 == 3 - trump) if rng.random() < 0.5 else plain[0]
        rest = [c for c in plain if c != lead and c // 13 == lead // 13]
        extra = [c for c in trumps if c != LEFT_PEDRO[trump]]
        cards = [lead, LEFT_PEDRO[trump], extra[0], rest[0]]
        cards[1:] = rng.sample(cards[1:], 3)
    else:
        pedros = [RIGHT_PEDRO[trump], LEFT_PEDRO[trump]]
        scoring = {TRUMP_ORDER[trump][i] for i in (0, 3, 4, 9, 10, 13)}
        free = [c for c in trumps if c not in scoring]
        lead = plain[0] if rng.random() < 0.5 else free[0]
        others = [c for c in (free[1], free[2], plain[1]) if c != lead]
        cards = [lead, *pedros, others[0]]
        cards[1:] = rng.sample(cards[1:], 3)
        pile_at = rng.randrange(4)
        pool = [c for c in free if c not in cards]
        pile = tuple(pool[: 1 + rng.randrange(2)])
        if not (tm >> cards[pile_at]) & 1:  # a pile comes from a hand of all trumps
            pile_at = next(i for i, c in enumerate(cards) if (tm >> c) & 1)
    played: list[Any] = [CODES[c] for c in cards]
    if pile:
        played[pile_at] = [CODES[cards[pile_at]], *(CODES[c] for c in pile)]
    scenario = {"kind": "trick", "trump": SUITS[trump], "leader": SEATS[leader], "cards": played}
    r = _replay(scenario)
    led = SUITS.index(r["led_suit"])
    lines = [_trump_line(trump)]
    lead_card = cards[0]
    lines.append(_lead_line(trump, leader, lead_card, led))
    for i, c in enumerate(cards[1:], 1):
        seat = SEATS[(leader + i) % 4]
        if c == LEFT_PEDRO[trump]:
            lines.append(
                _line(
                    N_(
                        "{seat} plays {card}: not a {printed_suit} card but the left "
                        "Pedro, a trump."
                    ),
                    L_LEAVES,
                    seat=seat,
                    card=CODES[c],
                    printed_suit=SUITS[c // 13],
                )
            )
        elif (tm >> c) & 1:
            lines.append(
                _line(N_("{seat} plays {card}, a trump."), L_ORDER, seat=seat, card=CODES[c])
            )
        elif EFFECTIVE_SUIT[trump][c] == led:
            lines.append(
                _line(
                    N_("{seat} plays {card}: it follows {led_suit}."),
                    L_WINS,
                    seat=seat,
                    card=CODES[c],
                    led_suit=SUITS[led],
                )
            )
        else:
            lines.append(
                _line(
                    N_("{seat} plays {card}: neither {led_suit} nor a trump, so it cannot win."),
                    L_WINS,
                    seat=seat,
                    card=CODES[c],
                    led_suit=SUITS[led],
                )
            )
    if pile:
        lines.append(
            _line(
                N_(
                    "Beneath {seat}'s top card lie {cards}: they do not contest the "
                    "trick, but go with it to the winner."
                ),
                L_PILE,
                seat=SEATS[(leader + pile_at) % 4],
                cards=[CODES[c] for c in pile],
            )
        )
    if r["trumped"]:
        lines.append(
            _line(
                N_("The highest trump played is {card}: {seat} wins."),
                L_ORDER,
                card=r["winning_card"],
                seat=r["winner"],
            )
        )
    else:
        lines.append(
            _line(
                N_("No trump was played: the highest {led_suit}, {card}, wins for {seat}."),
                L_WINS,
                led_suit=SUITS[led],
                card=r["winning_card"],
                seat=r["winner"],
            )
        )
    pts = r["points"]["AC"] + r["points"]["BD"]
    if pts:
        team = "AC" if r["points"]["AC"] else "BD"
        lines.append(
            _line(N_("The trick carries {n} points, for {team}."), L_CAPTOR, n=pts, team=team)
        )
    return Puzzle(
        "trick-winner",
        seed,
        difficulty,
        "pagat-62",
        scenario,
        _line(N_("Which card wins this trick?")),
        "cards",
        (r["winning_card"],),
        tuple(lines),
        show={
            "trump": SUITS[trump],
            "leader": SEATS[leader],
            "trick": _frame_trick(leader, cards, pile, pile_at),
            "pick": [CODES[c] for c in cards],
        },
    )


def _frame_trick(
    leader: int, cards: list[int], pile: tuple[int, ...], pile_at: int
) -> list[dict[str, Any]]:
    return [
        {
            "seat": SEATS[(leader + i) % 4],
            "card": CODES[c],
            "beneath": [CODES[x] for x in pile] if i == pile_at else [],
        }
        for i, c in enumerate(cards)
    ]


# -- legal plays ----------------------------------------------------------------------------
def legal_plays(seed: int, difficulty: int) -> Puzzle:
    """1: plain suit led, plain cases; 2: the left Pedro's printed suit led, or a void hand;
    3: trump led (possibly the left Pedro) with the left Pedro the only trump in hand."""
    rng = random.Random(f"legal-plays/{difficulty}/{seed}")
    trump = rng.randrange(4)
    tm = TRUMP_MASK[trump]
    left = LEFT_PEDRO[trump]
    leader = rng.randrange(4)
    before = 1 + rng.randrange(3)
    deck = [c for c in range(52) if c != left]
    rng.shuffle(deck)
    plain = [c for c in deck if not (tm >> c) & 1]
    trumps = [c for c in deck if (tm >> c) & 1]
    if difficulty == 1:
        lead = plain[0]
        suit = [c for c in plain[1:] if c // 13 == lead // 13]
        off = [c for c in plain[1:] if c // 13 != lead // 13]
        hand = [*suit[:2], trumps[0], *off[:3]]
        others = [*suit[2 : 2 + before - 1], *off[3 : 3 + before]][: before - 1]
    elif difficulty == 2:
        printed = 3 - trump
        if rng.random() < 0.5:  # the left Pedro's printed suit is led
            lead = next(c for c in plain if c // 13 == printed)
            suit = [c for c in plain if c // 13 == printed and c != lead]
            off = [c for c in plain if c // 13 not in (printed,)]
            hand = [left, *suit[: rng.randrange(2)], trumps[0], *off[:4]][:6]
        else:  # a void hand: nothing of the suit led
            lead = plain[0]
            off = [c for c in plain[1:] if c // 13 != lead // 13]
            hand = [left, trumps[0], *off[:4]]
        others = [c for c in plain if c not in hand and c != lead][: before - 1]
    else:
        lead = left if rng.random() < 0.4 else trumps[0]
        off = [c for c in plain]
        hand = [left, *off[:5]] if lead != left else [trumps[1], *off[:5]]
        others = [c for c in off[5:] if c not in hand][: before - 1]
    seen = {lead, *others}
    hand = [c for c in dict.fromkeys(hand) if c not in seen][:6]
    scenario = {
        "kind": "legal",
        "trump": SUITS[trump],
        "leader": SEATS[leader],
        "cards": [CODES[c] for c in [lead, *others]],
        "hand": [CODES[c] for c in hand],
    }
    r = _replay(scenario)
    seat = r["seat"]
    led = SUITS.index(r["led_suit"])
    lines = [_trump_line(trump)]
    lines.append(_lead_line(trump, leader, lead, led))
    if led == trump:
        held = [c for c in hand if (tm >> c) & 1]
        if held:
            lines.append(
                _line(
                    N_("{seat} holds trumps ({cards}), so must play one of them."),
                    L_TRUMP_LED,
                    seat=seat,
                    cards=mask_codes(_mask(held)),
                )
            )
        else:
            lines.append(
                _line(N_("{seat} holds no trump, so may play any card."), L_VOID, seat=seat)
            )
    else:
        follow = [c for c in hand if EFFECTIVE_SUIT[trump][c] == led]
        held = [c for c in hand if (tm >> c) & 1]
        if left in hand and left // 13 == led:
            lines.append(
                _line(
                    N_(
                        "{card} is not a {printed_suit} card any more: it is the left "
                        "Pedro, a trump."
                    ),
                    L_LEAVES,
                    card=CODES[left],
                    printed_suit=SUITS[left // 13],
                )
            )
        if follow:
            lines.append(
                _line(
                    N_(
                        "{seat} holds {led_suit} ({cards}): {seat} may follow suit "
                        "or play a trump, but not another plain suit."
                    ),
                    L_PLAIN_LED,
                    seat=seat,
                    led_suit=SUITS[led],
                    cards=mask_codes(_mask(follow)),
                )
            )
            if held:
                lines.append(
                    _line(
                        N_("{seat}'s trumps: {cards}."),
                        L_PLAIN_LED,
                        seat=seat,
                        cards=mask_codes(_mask(held)),
                    )
                )
        else:
            lines.append(
                _line(
                    N_("{seat} holds no {led_suit}, so may play any card."),
                    L_VOID,
                    seat=seat,
                    led_suit=SUITS[led],
                )
            )
    lines.append(_line(N_("{seat} may play: {cards}."), None, seat=seat, cards=r["legal"]))
    return Puzzle(
        "legal-plays",
        seed,
        difficulty,
        "pagat-62",
        scenario,
        _line(N_("Which cards may {seat} play?"), seat=seat),
        "cards",
        tuple(r["legal"]),
        tuple(lines),
        show={
            "trump": SUITS[trump],
            "leader": SEATS[leader],
            "trick": _frame_trick(leader, [lead, *others], (), -1),
            "hands": {seat: r["hand"]},
            "to_play": seat,
            "pick": r["hand"],
        },
    )


def _mask(cards: list[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


# -- hand points ----------------------------------------------------------------------------
def hand_points(seed: int, difficulty: int) -> Puzzle:
    """1: Low captured by the side that held it; 2: Low captured by the other side (it still
    scores for its holder); 3: the 51-point profile, where Low is the lowest trump in play
    and goes to its captor."""
    rng = random.Random(f"hand-points/{difficulty}/{seed}")
    profile = get_profile("classic-51" if difficulty == 3 else "pagat-62")
    for _ in range(2000):
        p = random_playout(profile, rng.randrange(4), rng)
        if p.bidder is None:
            continue
        if difficulty == 3:
            break
        two = TRUMP_ORDER[p.trump][-1]
        held = 0 if (p.start_hands[0] | p.start_hands[2]) >> two & 1 else 1
        captor = 0 if (p.captured[0] >> two) & 1 else 1
        if (held == captor) == (difficulty == 1):
            break
    scenario = playout_scenario(p, profile.name)
    scenario.pop("expect", None)
    r = _replay(scenario)
    trump = SUITS.index(r["trump"])
    lines = [_trump_line(trump)]
    names = {
        "high": N_("High"),
        "jack": N_("Jack"),
        "game": N_("Game"),
        "right_pedro": N_("right Pedro"),
        "left_pedro": N_("left Pedro"),
        "low": N_("Low"),
    }
    cards = {
        name: card
        for name, card, _, _ in _points_table(profile.name, trump, r["hands_after_refill"])
    }
    for name in ("high", "jack", "game", "right_pedro", "left_pedro"):
        team = r["owners"].get(name)
        if team is None:
            continue
        lines.append(
            _line(
                N_("{point} ({card}, {n}) goes to {team}, who captured it."),
                L_CAPTOR,
                point=names[name],
                card=CODES[cards[name]],
                team=team,
                n=5 if "pedro" in name else 1,
            )
        )
    low_team = r["owners"].get("low")
    if low_team is not None and difficulty == 3:
        lines.append(
            _line(
                N_("Low is the lowest trump in play, {card}: it goes to {team}, who captured it."),
                L_LOW51,
                card=CODES[cards["low"]],
                team=low_team,
            )
        )
    elif low_team is not None:
        lines.append(
            _line(
                N_("Low ({card}) goes to {team}, who held it before play, whoever captured it."),
                L_LOW,
                card=CODES[cards["low"]],
                team=low_team,
            )
        )
    lines.append(
        _line(
            N_("Total: A and C {ac}, B and D {bd}."),
            L_14,
            ac=r["points"]["AC"],
            bd=r["points"]["BD"],
        )
    )
    captured: dict[str, list[str]] = {"AC": [], "BD": []}
    for trick in r["tricks"]:
        team = "AC" if trick["winner"] in "AC" else "BD"
        for c in trick["cards"]:
            captured[team].extend(c if isinstance(c, list) else [c])
    holder = next(
        (s for s, h in r["hands_after_refill"].items() if CODES[TRUMP_ORDER[trump][-1]] in h), None
    )
    return Puzzle(
        "hand-points",
        seed,
        difficulty,
        profile.name,
        scenario,
        _line(N_("How many points does each side score this hand?")),
        "team_numbers",
        (r["points"]["AC"], r["points"]["BD"]),
        tuple(lines),
        show={
            "trump": SUITS[trump],
            "captured": {k: mask_codes(_mask([_idx(c) for c in v])) for k, v in captured.items()},
            "low_holder": holder if difficulty != 3 else None,
            "two": CODES[TRUMP_ORDER[trump][-1]],
        },
    )


def _idx(code: str) -> int:
    return CODES.index(code)


def _points_table(
    profile: str, trump: int, hands: dict[str, list[str]]
) -> list[tuple[str, int, int, bool]]:
    from tutorial.engine.hand import point_table

    in_play = _mask([_idx(c) for h in hands.values() for c in h])
    return list(point_table(get_profile(profile), trump, in_play).cards)


def _score_scenario(
    before: list[int], bidder: int, bid: int, taken: int
) -> tuple[dict[str, Any], str]:
    """A ``score`` scenario: the bidders took ``taken`` of the 14 points, the defenders the
    rest."""
    pts = [0, 0]
    pts[bidder], pts[1 - bidder] = taken, 14 - taken
    team = ("AC", "BD")[bidder]
    return {
        "kind": "score",
        "before": _teams(before),
        "bidder": team,
        "bid": bid,
        "points": _teams(pts),
    }, team


# -- score update -------------------------------------------------------------------------
def score_update(seed: int, difficulty: int) -> Puzzle:
    """1: the bid is made; 2: the bid fails (the whole bid is lost); 3: a failed bid that
    drives a total below zero, or scores near the end."""
    rng = random.Random(f"score-update/{difficulty}/{seed}")
    bidder = rng.randrange(2)
    bid = 7 + rng.randrange(8)
    if difficulty == 1:
        taken = bid + rng.randrange(15 - bid)
        before = [rng.randrange(0, 50), rng.randrange(0, 50)]
    elif difficulty == 2:
        taken = rng.randrange(bid)
        before = [rng.randrange(5, 50), rng.randrange(5, 50)]
    else:
        taken = rng.randrange(bid)
        before = [rng.randrange(-12, 10), rng.randrange(-12, 10)]
        before[bidder] = rng.randrange(-10, bid)
    before = [min(b, 54) for b in before]
    scenario, team = _score_scenario(before, bidder, bid, taken)
    r = _replay(scenario)
    defenders = ("AC", "BD")[1 - bidder]
    lines = []
    if r["made"]:
        lines.append(
            _line(
                N_("{team} bid {bid} and took {points}, at least the bid: they add {points}."),
                L_DEFENDERS,
                team=team,
                bid=bid,
                points=taken,
            )
        )
    else:
        lines.append(
            _line(
                N_(
                    "{team} bid {bid} but took only {points}: they lose the whole "
                    "bid, {bid}, not just the {short} missing."
                ),
                L_SET,
                team=team,
                bid=bid,
                points=taken,
                short=bid - taken,
            )
        )
    lines.append(
        _line(
            N_("{team}, the defenders, always add what they took: {points}."),
            L_DEFENDERS,
            team=defenders,
            points=14 - taken,
        )
    )
    for side in ("AC", "BD"):
        link = L_NEGATIVE if r["after"][side] < 0 else None
        lines.append(
            _line(
                N_("{team}: {before} → {after}."),
                link,
                team=side,
                before=r["before"][side],
                after=r["after"][side],
            )
        )
    return Puzzle(
        "score-update",
        seed,
        difficulty,
        "pagat-62",
        scenario,
        _line(N_("What is the new score?")),
        "team_numbers",
        (r["after"]["AC"], r["after"]["BD"]),
        tuple(lines),
        show=dict(scenario),
    )


# -- game end --------------------------------------------------------------------------------
def game_end(seed: int, difficulty: int) -> Puzzle:
    """1: one side may reach 62; 2: both held 55+ (bidder goes out); 3: both reach 62 on a
    hand when bidder goes out was not in force, or a bidder-goes-out hand that fails."""
    rng = random.Random(f"game-end/{difficulty}/{seed}")
    bidder = rng.randrange(2)
    bid = 7 + rng.randrange(4)
    if difficulty == 1:
        before = [rng.randrange(40, 61), rng.randrange(20, 54)]
        rng.shuffle(before)
        taken = rng.randrange(15)
    elif difficulty == 2:
        before = [rng.randrange(55, 62), rng.randrange(55, 62)]
        taken = rng.randrange(15)
    else:
        if rng.random() < 0.5:  # both reach 62 with bidder goes out not in force
            before = [rng.randrange(55, 62), rng.randrange(50, 55)]
            rng.shuffle(before)
            low = 0 if before[0] < before[1] else 1
            need_low = 62 - before[low]  # the side below 55 needs this many points
            need_high = 62 - before[1 - low]
            pts_low = (
                rng.randrange(need_low, 14 - need_high + 1)
                if need_low <= 14 - need_high
                else need_low
            )
            bidder = low if rng.random() < 0.5 else 1 - low
            pts = [0, 0]
            pts[low], pts[1 - low] = pts_low, 14 - pts_low
            taken = pts[bidder]
            bid = 7 if taken >= 7 else bid
        else:  # bidder goes out in force, but the bid fails
            before = [rng.randrange(55, 62), rng.randrange(55, 62)]
            taken = rng.randrange(bid)
    scenario, team = _score_scenario(before, bidder, bid, taken)
    r = _replay(scenario)
    lines = []
    made = (
        N_("{team} bid {bid} and took {points}: made.")
        if r["made"]
        else N_("{team} bid {bid} and took {points}: set, they lose {bid}.")
    )
    lines.append(
        _line(made, L_SET if not r["made"] else L_DEFENDERS, team=team, bid=bid, points=taken)
    )
    lines.append(
        _line(
            N_("New score: A and C {ac}, B and D {bd}."),
            None,
            ac=r["after"]["AC"],
            bd=r["after"]["BD"],
        )
    )
    if r["bidder_goes_out"]:
        lines.append(
            _line(
                N_("Both sides held 55 or more before the hand: bidder goes out is in force."),
                L_BGO,
            )
        )
    else:
        low_team = "AC" if before[0] < before[1] else "BD"
        if min(before) < 55 and max(r["after"].values()) >= 55:
            lines.append(
                _line(
                    N_(
                        "{team} held only {score} before the hand: bidder goes out is not in force."
                    ),
                    L_BGO,
                    team=low_team,
                    score=min(before),
                )
            )
    both = r["after"]["AC"] >= 62 and r["after"]["BD"] >= 62
    if r["decided_by"] == "bidder_goes_out":
        lines.append(
            _line(N_("The bidders made their bid: they win at once, whatever the totals."), L_BGO)
        )
    elif r["winner"]:
        if r["bidder_goes_out"]:
            lines.append(
                _line(N_("The bidders failed, so the hand is scored normally."), L_BGO_FAILS)
            )
        lines.append(_line(N_("Only {team} have 62 or more: {team} win."), L_62, team=r["winner"]))
    elif both:
        lines.append(
            _line(
                N_(
                    "Both sides have 62 or more: no winner yet; the next hand is "
                    "played under bidder goes out."
                ),
                L_BOTH_62,
            )
        )
    else:
        lines.append(_line(N_("Nobody has won yet: play on."), L_62))
    answer = r["winner"] or "none"
    return Puzzle(
        "game-end",
        seed,
        difficulty,
        "pagat-62",
        scenario,
        _line(N_("After this hand, who has won the game?")),
        "choice",
        answer,
        tuple(lines),
        options=("AC", "BD", "none"),
        show=dict(scenario),
    )


# -- refill -------------------------------------------------------------------------------------
def refill(seed: int, difficulty: int) -> Puzzle:
    """1: nobody holds 6 trumps and the stock suffices; 2: a player already holds 6 or more
    trumps; 3: the stock runs out and the discards are reshuffled."""
    rng = random.Random(f"refill/{difficulty}/{seed}")
    profile = get_profile("pagat-62")
    for _ in range(5000):
        dealer = rng.randrange(4)
        deck = list(range(52))
        rng.shuffle(deck)
        trump = rng.randrange(4)
        hand = Hand.from_deck(profile, dealer, deck)
        tm = TRUMP_MASK[trump]
        counts = [(h & tm).bit_count() for h in hand.hands]
        others = [(dealer + i) % 4 for i in (1, 2, 3)]
        # the stock (16) runs out exactly when the four hands together need more than 16
        runs_out = sum(max(0, 6 - c) for c in counts) > 16
        big = any(counts[s] >= 6 for s in others)
        ok = {
            1: not runs_out and not big and max(counts) < 6,
            2: big and not runs_out,
            3: runs_out,
        }[difficulty]
        if ok:
            break
    bidder = rng.randrange(4)
    calls: list[Any] = [7 if (dealer + 1 + i) % 4 == bidder else "pass" for i in range(4)]
    deal = {SEATS[s]: mask_codes(hand.hands[s]) for s in range(4)}
    scenario: dict[str, Any] = {
        "kind": "hand",
        "dealer": SEATS[dealer],
        "deal": deal,
        "stock": [CODES[c] for c in deck[36:]],
        "bids": calls,
        "trump": SUITS[trump],
    }
    if runs_out:
        discards = [
            c for s in range(4) for c in range(52) if (hand.hands[s] >> c) & 1 and not (tm >> c) & 1
        ]
        rng.shuffle(discards)
        scenario["reshuffle"] = [CODES[c] for c in discards]
    r = _replay(scenario)
    received = r["refill"]["received"]
    lines = [
        _trump_line(trump),
        _line(N_("Everyone discards every non-trump and keeps every trump."), L_DISCARD),
    ]
    for s in [*others, dealer]:
        seat = SEATS[s]
        kept = counts[s]
        if r["refill"]["reshuffled"] and r["refill"]["reshuffle_before"] == seat:
            lines.append(
                _line(
                    N_(
                        "The stock ran out while serving {seat}: the discarded "
                        "non-trumps were shuffled into a new stock."
                    ),
                    L_RUNS_OUT,
                    seat=seat,
                )
            )
        if s == dealer and r["refill"]["reshuffled"]:
            lines.append(
                _line(
                    N_(
                        "The dealer, {seat}, keeps {n} trumps and, the stock having run out, "
                        "draws {r} cards from the top of the new stock to reach 6."
                    ),
                    L_RUNS_OUT,
                    seat=seat,
                    n=kept,
                    r=len(received[seat]),
                )
            )
        elif s == dealer:
            rest = len(r["refill"]["dealer_examined"])
            got = len(received[seat])
            lines.append(
                _line(
                    N_(
                        "The dealer, {seat}, keeps {n} trumps, takes the rest of the "
                        "stock ({k} cards), keeps every trump in it and other cards "
                        "only to reach 6: {seat} adds {r} cards."
                    ),
                    L_DEALER,
                    seat=seat,
                    n=kept,
                    k=rest,
                    r=got,
                )
            )
        elif kept >= 6:
            lines.append(
                _line(
                    N_("{seat} already holds {n} trumps (6 or more): {seat} receives nothing."),
                    L_SIX,
                    seat=seat,
                    n=kept,
                )
            )
        else:
            lines.append(
                _line(
                    N_("{seat} keeps {n} trumps, discards {d} cards and receives {r}."),
                    L_FILL,
                    seat=seat,
                    n=kept,
                    d=9 - kept,
                    r=len(received[seat]),
                )
            )
    answer = tuple(len(received[s]) for s in SEATS)
    return Puzzle(
        "refill",
        seed,
        difficulty,
        "pagat-62",
        scenario,
        _line(N_("How many cards does each player take from the stock?")),
        "seat_numbers",
        answer,
        tuple(lines),
        show={"trump": SUITS[trump], "dealer": SEATS[dealer], "hands": deal},
    )


GENERATORS: dict[str, Callable[[int, int], Puzzle]] = {
    "trick-winner": trick_winner,
    "legal-plays": legal_plays,
    "hand-points": hand_points,
    "score-update": score_update,
    "game-end": game_end,
    "refill": refill,
}


def generate(kind: str, seed: int, difficulty: int) -> Puzzle:
    """The puzzle for (kind, seed, difficulty): always the same for the same arguments."""
    if kind not in GENERATORS:
        raise ValueError(f"unknown drill kind {kind!r}: expected one of {', '.join(KINDS)}")
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"difficulty must be 1, 2 or 3, not {difficulty!r}")
    return GENERATORS[kind](seed, difficulty)


__all__ = ["DIFFICULTIES", "GENERATORS", "KINDS", "generate"]
