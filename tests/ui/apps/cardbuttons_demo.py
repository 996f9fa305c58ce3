"""A page with one hand of card buttons (the browser test of tutorial.ui.table.cardbuttons)."""

import random

import streamlit as st

from tutorial.engine.actions import Call, NameTrump
from tutorial.engine.profiles import PAGAT_62
from tutorial.engine.state import Phase, State
from tutorial.i18n import get_translator
from tutorial.ui.table.cardbuttons import card_buttons, play_choices

lang = st.query_params.get("lang", "en")
t = get_translator(lang if lang in ("es", "pt", "fr", "en") else "en")
state = State.random_deal(PAGAT_62, dealer=3, rng=random.Random(5))
for a in (Call(7), Call(None), Call(None), Call(None), NameTrump(2)):
    state.apply(a)
while state.phase is not Phase.PLAY:
    state.apply(state.legal_actions()[0])
# the seat to act leads a card that the next seat must follow (some of its cards forbidden)
for lead in state.legal_actions():
    state.apply(lead)
    if state.legal_play_mask() != state.hands[state.to_act]:
        break
    state.undo()
seat = state.to_act
ch = play_choices(t, state, seat)
picked = card_buttons(
    t,
    key="demo",
    cards=ch.cards,
    legal=ch.legal,
    reasons=ch.reasons,
    trump=state.trump,
    profile=state.profile,
    hide_forbidden=st.query_params.get("hide") == "1",
)
if picked is not None:
    st.session_state["picked"] = picked
st.markdown(f"picked: {st.session_state.get('picked', '-')}")
