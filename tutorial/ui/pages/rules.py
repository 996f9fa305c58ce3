"""Rules reference: the full rules of the selected profile, every decided point marked."""

import streamlit as st

from tutorial.ui import slots
from tutorial.ui.app import current, pages
from tutorial.ui.session import keep, link_params, load_or_stop, reference
from tutorial.ui.views import md, safe_md

s = current()
t = s.t
st.title(t("Rules reference"))
st.page_link(
    pages(s)["play"],
    label=t("Try it at the practice table"),
    icon=":material/playing_cards:",
    query_params=link_params(s),
)
ref = load_or_stop(
    reference, t("The rules reference is unavailable: {problem}", problem="{problem}")
)
names = list(ref)
keep(slots.RULES_PROFILE)
st.pills(
    t("Which game"),
    options=names,
    key=slots.RULES_PROFILE.key,
    format_func=lambda n: ref[n].title.get(s.lang),
    default=names[0],
    selection_mode="single",
)  # pills, not a segmented control: on a phone its two halves wrap and the first lost its edge
chosen = slots.RULES_PROFILE.get() or names[0]
rules = ref[chosen]
md(rules.summary.get(s.lang))
for section in rules.sections:
    st.subheader(section.title.get(s.lang))
    md(section.text.get(s.lang))
    for d in section.decided:
        st.info(safe_md(t("**Decided:** {text}", text=d.get(s.lang))), icon=":material/push_pin:")
