"""Recorded hands as scenarios: the inverse of replaying a ``hand`` scenario."""

from __future__ import annotations

from typing import Any

from tutorial.engine.cards import CODES, bits, codes
from tutorial.engine.playout import Playout
from tutorial.engine.profiles import get_profile
from tutorial.engine.seats import SUIT_LETTERS
from tutorial.jsonvalue import JsonObject
from tutorial.scenario.fields import SEATS, TEAMS
from tutorial.scenario.results import Points


def playout_scenario(p: Playout, profile: str) -> JsonObject:
    """A ``hand`` scenario (plain data, ready for YAML) that replays ``p`` exactly, with an
    ``expect`` holding what the playout scored."""
    deal: dict[str, list[str]] = {s: [] for s in SEATS}
    for i in range(36):
        deal[SEATS[(p.dealer + 1 + i // 3) % 4]].append(CODES[p.deck[i]])
    scenario: JsonObject = {
        "kind": "hand",
        "profile": profile,
        "dealer": SEATS[p.dealer],
        "deal": deal,
        "stock": [CODES[c] for c in p.deck[36:]],
        "bids": ["pass" if c is None else c for c in p.calls],
    }
    if p.bidder is None:
        scenario["expect"] = {"thrown_in": True}
        return scenario
    scenario["trump"] = SUIT_LETTERS[p.trump]
    if any(p.keep):
        scenario["keep"] = {SEATS[s]: [CODES[c] for c in k] for s, k in enumerate(p.keep) if k}
    if p.reshuffle is not None:
        scenario["reshuffle"] = [CODES[c] for c in p.reshuffle]
    tricks: list[list[str | list[str]]] = []
    current: list[str | list[str]] = []
    sizes = _trick_sizes(p, get_profile(profile).hand_size)
    for seat_card_pile in p.plays:
        _, card, pile = seat_card_pile
        current.append(CODES[card] if not pile else [CODES[card], *(CODES[c] for c in pile)])
        if len(current) == sizes[len(tricks)]:
            tricks.append(current)
            current = []
    scenario["plays"] = tricks
    scenario["expect"] = {
        "bidder": SEATS[p.bidder],
        "bid": p.bid,
        "points": Points.of(p.points).to_json(),
        "owners": {k: None if v is None else TEAMS[v] for k, v in p.owners.items()},
        "made": p.made,
        "delta": Points.of(p.delta).to_json(),
        "hands_after_refill": {SEATS[s]: codes(bits(p.start_hands[s])) for s in range(4)},
    }
    return scenario


def _trick_sizes(p: Playout, size: int = 6) -> list[int]:
    """How many seats played in each trick (4, except when short hands run out); a hand
    of more than ``size`` cards plays its surplus as a pile on the first trick."""
    held = [h.bit_count() for h in p.start_hands]
    sizes = []
    first = True
    while any(held):
        n = sum(1 for h in held if h)
        sizes.append(n)
        for s in range(4):
            if held[s]:
                held[s] -= (held[s] - size + 1) if first and held[s] > size else 1
        first = False
    return sizes


def dump_yaml(data: Any) -> str:
    """YAML for a scenario, with lists of cards on one line each."""
    import yaml

    class _Dumper(yaml.SafeDumper):
        pass

    def _list(dumper: yaml.SafeDumper, value: list[Any]) -> yaml.Node:
        flow = all(not isinstance(v, dict) for v in value)
        return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=flow)

    _Dumper.add_representer(list, _list)
    return yaml.dump(data, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=100)
