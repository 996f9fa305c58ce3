"""Glossary: the game's terms in the learner's language, searchable."""

import streamlit as st

from tutorial.ui.app import current, pages
from tutorial.ui.mdsafe import plain_md
from tutorial.ui.session import glossary, link_params, load_or_stop
from tutorial.ui.views import md, safe_md

s = current()
t = s.t
st.title(t("Glossary"))
st.page_link(
    pages(s)["play"],
    label=t("Try it at the practice table"),
    icon=":material/playing_cards:",
    query_params=link_params(s),
)
terms = load_or_stop(glossary, t("The glossary is unavailable: {problem}", problem="{problem}"))
typed = st.text_input(t("Search"), key="glossary_search").strip()
query = typed.lower()
shown = 0
for term in sorted(terms, key=lambda x: x.term.get(s.lang).lower()):
    name = term.term.get(s.lang)
    definition = term.definition.get(s.lang)
    if query and query not in name.lower() and query not in definition.lower():
        continue
    st.markdown(f"**{safe_md(name)}**")
    md(definition)
    shown += 1
if query and not shown:  # say so: the page was blank below the field
    st.info(
        t("No term matches “{query}”.", query=plain_md(typed))
        + " "
        + t("Try a shorter word, or clear the search to see every term."),
        icon=":material/search_off:",
    )
