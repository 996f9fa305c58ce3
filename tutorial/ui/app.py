"""The app shell: session, sidebar, navigation, and an error boundary around every page."""

from __future__ import annotations

import logging
from pathlib import Path
from urllib.parse import unquote, urlparse

import streamlit as st
from streamlit.errors import StreamlitAPIException
from streamlit.runtime.scriptrunner_utils.exceptions import ScriptControlException

from tutorial.addresses import NESTED
from tutorial.i18n import LANGS
from tutorial.progress import CODE_LENGTH
from tutorial.ui import heap, runtiming, slots
from tutorial.ui.reconnect import watch_reconnect
from tutorial.ui.reveal import keep_place
from tutorial.ui.session import (
    Session,
    course,
    language_picker,
    last_position,
    link_params,
    one_lessons_version,
    progress_notice,
    setup,
    show_notes,
)
from tutorial.ui.views import safe_md

log = logging.getLogger("cinch.ui")
HOME = "home"
START = "start"
"""The home page is the default page, served at ``/`` (its own name, which Streamlit still
requires, is never an address); ``/home``, the address a person types, is a hidden page of
the same script (:func:`missing_page`)."""
PAGES = Path(__file__).resolve().parent / "pages"
ROOT = Path(__file__).resolve().parent.parent.parent


def current() -> Session:
    """The session set up by :func:`main` in this run."""
    s = slots.SESSION.get()
    if not isinstance(s, Session):  # a page run on its own (tests): set it up now
        s = slots.SESSION.set(setup())
    return s


def _page(name: str) -> str:
    return str((PAGES / f"{name}.py").relative_to(ROOT))


def pages(s: Session) -> dict[str, st.Page]:
    """The app's pages, titled in the learner's language: made once a session and language
    (each ``st.Page`` resolves and checks its file: 1.3–1.5 ms of the server's lock a run)."""
    held = slots.PAGES.get()
    if held is not None and len(held) == 2 and held[0] == s.lang:
        return dict(held[1])
    made = _make_pages(s)
    slots.PAGES.set((s.lang, made))
    return dict(made)


def _make_pages(s: Session) -> dict[str, st.Page]:
    t = s.t
    return {
        "home": st.Page(
            _page("home"), title=t("Home"), icon=":material/home:", default=True, url_path=START
        ),
        "lesson": st.Page(
            _page("lesson"), title=t("Lessons"), icon=":material/school:", url_path="lesson"
        ),
        "drills": st.Page(
            _page("drills"), title=t("Drills"), icon=":material/fitness_center:", url_path="drills"
        ),
        "mistakes": st.Page(
            _page("mistakes"),
            title=t("Review my mistakes"),
            icon=":material/replay:",
            url_path="mistakes",
        ),
        "play": st.Page(
            _page("play"),
            title=t("Practice table"),
            icon=":material/playing_cards:",
            url_path="play",
        ),
        "table": st.Page(
            _page("table"),
            title=t("Play together"),
            icon=":material/groups:",
            url_path="table",
        ),
        "retry": st.Page(
            _page("retry"),
            title=t("Puzzles from my games"),
            icon=":material/restart_alt:",
            url_path="retry",
        ),
        "rules": st.Page(
            _page("rules"), title=t("Rules reference"), icon=":material/gavel:", url_path="rules"
        ),
        "glossary": st.Page(
            _page("glossary"), title=t("Glossary"), icon=":material/menu_book:", url_path="glossary"
        ),
    }


def missing_page(s: Session, all_pages: dict[str, st.Page]) -> st.Page | None:
    """The page of a link to a page the app does not have (``/nosuchpage``): a hidden page
    under that name drawing the home page, which says so in the learner's language. Without
    it Streamlit finds no page and shows its own "Page not found" dialog, in English.
    ``/home`` is the home page under its name, with no notice."""
    try:
        return _missing_page(s, all_pages)
    except StreamlitAPIException:  # a path Streamlit refuses as a page's name
        log.exception("missing_page")
        return None


def _missing_page(s: Session, all_pages: dict[str, st.Page]) -> st.Page | None:
    path = unquote(urlparse(st.context.url or "").path).strip("/")
    base = str(st.get_option("server.baseUrlPath") or "").strip("/")
    if base and (path == base or path.startswith(base + "/")):
        path = path[len(base) :].strip("/")
    path = path.strip()
    if path == HOME:  # the home page by its name: no notice
        return st.Page(_page("home"), title=s.t("Home"), url_path=HOME, visibility="hidden")
    known = {START, *(p.url_path for p in all_pages.values())}
    if not path or "/" in path or path in known:
        return None
    # (a path Streamlit refuses as a page's name raises StreamlitAPIException, caught
    # above; it never reaches the file system)
    return st.Page(_page("home"), title=s.t("Home"), url_path=path, visibility="hidden")


PAGE_CSS = """<style>
[data-testid="stMainBlockContainer"]{padding-top:3rem}
[data-testid="stMainBlockContainer"] h1{font-size:2rem;padding-top:.4rem}
.st-key-lesson_nav [data-testid="stPageLink-NavLink"]{background-color:transparent}
.st-key-lesson_nav [data-testid="stPageLink-NavLink"] *{font-weight:400}
.st-key-lesson_nav [data-testid="stPageLink-NavLink"]:hover{background-color:rgba(151,166,195,.15)}
[data-testid="stMain"] [data-testid="stPageLink-NavLink"] span,
[data-testid="stMain"] [data-testid="stPageLink-NavLink"] p{white-space:normal;overflow:visible}
[data-testid="InputInstructions"]{display:none}
[data-testid="stMarkdownContainer"] table{display:block;max-width:100%;overflow-x:auto}
.stApp [data-testid="stCaptionContainer"]{opacity:.75}
.stApp [data-testid="stButtonGroup"] button[data-selected="true"],
.stApp [data-testid="stButtonGroup"] button[data-selected="true"] *{color:inherit}
</style>"""
# InputInstructions: Streamlit's "Press Enter to submit form" under a text field, English in
# every language; on a phone it covered the learner code being typed (each field here has
# its button, or applies when the learner leaves it). Tables: a wide one (the score sheet, the
# bid advisor's calls) scrolls inside its column on a phone instead of running off the screen.
# Captions: Streamlit draws them in the text colour at opacity .6 (#828180 on white, 3.9:1,
# under WCAG AA's 4.5:1 for text this size: axe's color-contrast on most pages); at .75 they
# are 6.1:1 in the light theme (8.9:1 in the dark), still lighter than the text they follow.
# A chosen pill or segment (the rules page's "Cinch to 62", a card picked): Streamlit writes
# it in the primary red on its own tint, 3.6:1 in the dark theme (#cf4250 on #291a1a); in
# the text colour it is 13:1 there (the tint and the red border still mark the choice)


def page_setup(s: Session) -> None:
    """Page-wide CSS, and ``<html lang>`` set to the learner's language (screen readers read
    the page in the right language). ``lang`` is one of :data:`LANGS`, never raw URL text."""
    assert s.lang in LANGS
    st.html(PAGE_CSS)
    keep_place()  # a language switch brings the learner back to the block they were at
    st.html(
        f'<script>document.documentElement.setAttribute("lang", "{s.lang}")</script>',
        unsafe_allow_javascript=True,
    )


def current_lesson_id(s: Session) -> str | None:
    """The lesson the lesson page shows: the one in the link, else the learner's last one,
    else the first."""
    c = course()
    wanted = st.query_params.get("lesson")
    if isinstance(wanted, str) and c.lesson(wanted):
        return wanted
    recent = last_position(s.learner)
    if recent and c.lesson(str(recent.get("lesson"))):
        return str(recent["lesson"])
    return c.first.id if c.first else None


def sidebar(s: Session, all_pages: dict[str, st.Page], page: st.Page) -> None:
    t = s.t
    with st.sidebar:
        language_picker(s)
        here = current_lesson_id(s) if page.url_path == "lesson" else None
        with (
            st.expander(t("All lessons"), expanded=False),
            st.container(key="lesson_nav", gap=None),
        ):
            for lesson in course().lessons:
                label = f"{lesson.number}. {lesson.title.get(s.lang)}"
                if lesson.optional:
                    label += " · " + t("optional")
                if lesson.id == here:  # the current lesson is marked, not a link to itself
                    st.markdown("**▸ " + safe_md(label).replace("*", "\\*") + "**")
                else:
                    st.page_link(
                        all_pages["lesson"],
                        label=label,
                        query_params=link_params(s, lesson=lesson.id),
                    )
        st.caption(t("Your learner code (keep it to continue on another device):"))
        # wrapped: on a phone the code's box scrolled sideways, a region no keyboard could
        # reach (axe's scrollable-region-focusable, every page at 360 px)
        st.code(s.learner, language=None, wrap_lines=True)
        with (
            st.expander(t("Continue with another code"), expanded=False),
            st.form("learner_form", border=False),
        ):
            st.text_input(
                t("Continue with another code"),
                key=slots.LEARNER_INPUT.key,
                placeholder="abcd-2345-efgh-6789",
                max_chars=CODE_LENGTH,
            )
            if st.form_submit_button(t("Use this code"), key="learner_submit"):
                from tutorial.progress import parse_learner_code

                code = parse_learner_code(slots.LEARNER_INPUT.get())
                if code:
                    slots.LEARNER.set(code)
                    st.query_params["learner"] = code
                    st.rerun()
                else:
                    st.warning(
                        t("That is not a learner code: a code looks like abcd-2345-efgh-6789.")
                    )


def main() -> None:
    with runtiming.timed() as run, one_lessons_version():  # the lessons folder: once a run
        _main(run)


def nested_notice(s: Session) -> bool:
    """A nested address (``/lesson/two-pedros``) was redirected here with its rest in
    ``?nested=`` (:mod:`tutorial.addresses`): drop it from the address; on the lesson page
    use it when it names a lesson (the page meant); otherwise True — the page says that
    the address had parts the app does not know."""
    qp = st.query_params
    if NESTED not in qp:
        return False
    rest = str(qp.get(NESTED) or "")
    del qp[NESTED]
    path = unquote(urlparse(st.context.url or "").path).strip("/")
    if path == "lesson" and "lesson" not in qp and "/" not in rest and course().lesson(rest):
        qp["lesson"] = rest
        return False
    return True


def _main(run: dict[str, str]) -> None:
    s = slots.SESSION.set(setup())
    nested = nested_notice(s)
    all_pages = pages(s)
    missing = missing_page(s, all_pages)
    listed = list(all_pages.values()) + ([missing] if missing else [])
    page = st.navigation(listed, position="sidebar")
    if missing is not None and page.url_path == missing.url_path != HOME:
        slots.PAGE_NOT_FOUND.set(True)  # read (and dropped) by the home page
    run.update(page=page.url_path or HOME, lang=s.lang)
    page_setup(s)
    sidebar(s, all_pages, page)
    show_notes(s)
    watch_reconnect()
    if nested and not slots.PAGE_NOT_FOUND.get():  # (the home page says that one)
        st.info(
            s.t("That address has more parts than the app knows; here is the nearest page."),
            icon=":material/info:",
        )
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
        heap.settle(f"{page.url_path or 'home'}:{s.lang}")  # once a page and language: warm
