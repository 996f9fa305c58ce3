"""Glossary: the game's terms in the learner's language, searchable."""

import streamlit as st

from tutorial.lessons.reference import SourceError, load_glossary
from tutorial.ui.app import current
from tutorial.ui.views import md, safe_md


@st.cache_resource(show_spinner=False)
def _glossary():  # type: ignore[no-untyped-def]
    return load_glossary()


s = current()
t = s.t
st.title(t("Glossary"))
try:
    terms = _glossary()
except SourceError as exc:
    st.warning(t("The glossary is unavailable: {problem}", problem=str(exc)), icon="⚠️")
    st.stop()
query = st.text_input(t("Search"), key="glossary_search").strip().lower()
for term in sorted(terms, key=lambda x: x.term.get(s.lang).lower()):
    name = term.term.get(s.lang)
    definition = term.definition.get(s.lang)
    if query and query not in name.lower() and query not in definition.lower():
        continue
    st.markdown(f"**{safe_md(name)}**")
    md(definition)
