"""The app shell: session, sidebar, navigation, and an error boundary around every page."""

from __future__ import annotations

import logging
from pathlib import Path

import streamlit as st
from streamlit.runtime.scriptrunner_utils.exceptions import ScriptControlException

from tutorial.progress import CODE_LENGTH
from tutorial.ui.session import (
    Session,
    course,
    language_picker,
    link_params,
    progress_notice,
    setup,
    show_notes,
)

log = logging.getLogger("cinch.ui")
PAGES = Path(__file__).resolve().parent / "pages"
ROOT = Path(__file__).resolve().parent.parent.parent


def current() -> Session:
    """The session set up by :func:`main` in this run."""
    s = st.session_state.get("_session")
    if not isinstance(s, Session):  # a page run on its own (tests): set it up now
        s = setup()
        st.session_state["_session"] = s
    return s


def _page(name: str) -> str:
    return str((PAGES / f"{name}.py").relative_to(ROOT))


def pages(s: Session) -> dict[str, st.Page]:
    t = s.t
    return {
        "home": st.Page(_page("home"), title=t("Home"), icon="🏠", default=True, url_path="home"),
        "lesson": st.Page(_page("lesson"), title=t("Lessons"), icon="📘", url_path="lesson"),
        "drills": st.Page(_page("drills"), title=t("Drills"), icon="🎯", url_path="drills"),
        "rules": st.Page(_page("rules"), title=t("Rules reference"), icon="📜", url_path="rules"),
        "glossary": st.Page(_page("glossary"), title=t("Glossary"), icon="🔤", url_path="glossary"),
    }


def sidebar(s: Session, all_pages: dict[str, st.Page]) -> None:
    t = s.t
    with st.sidebar:
        language_picker(s)
        lessons_label = t("Lessons")
        st.markdown(f"**{lessons_label}**")
        for lesson in course().lessons:
            st.page_link(
                all_pages["lesson"],
                label=f"{lesson.number}. {lesson.title.get(s.lang)}",
                query_params=link_params(s, lesson=lesson.id),
            )
        st.divider()
        st.caption(t("Your learner code (keep it to continue on another device):"))
        st.code(s.learner, language=None)
        with st.form("learner_form", border=False):
            st.text_input(
                t("Continue with another code"),
                key="learner_input",
                placeholder="abcd-2345-efgh-6789",
                max_chars=CODE_LENGTH,
            )
            if st.form_submit_button(t("Use this code"), key="learner_submit"):
                from tutorial.progress import parse_learner_code

                code = parse_learner_code(st.session_state.get("learner_input"))
                if code:
                    st.session_state["learner"] = code
                    st.query_params["learner"] = code
                    st.rerun()
                else:
                    st.warning(
                        t("That is not a learner code: a code looks like abcd-2345-efgh-6789.")
                    )


def main() -> None:
    s = setup()
    st.session_state["_session"] = s
    all_pages = pages(s)
    page = st.navigation(list(all_pages.values()), position="sidebar")
    sidebar(s, all_pages)
    show_notes(s)
    notice = st.empty()  # filled after the page: it knows then whether a save failed
    try:
        page.run()
    except ScriptControlException:  # st.rerun, st.stop, st.switch_page
        raise
    except Exception:  # the learner never sees a traceback; the log has it
        log.exception("page %s failed", page.title)
        st.error(s.t("Something went wrong on this page. Please open it again from the menu."))
    finally:
        with notice.container():
            progress_notice(s)
