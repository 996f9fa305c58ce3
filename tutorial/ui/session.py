"""Per-session set-up: language, learner code, progress store, the course.

The language and the learner code live in the URL (``?lang=``, ``?learner=``) and in the
session; a value from the URL is validated and never reaches the file system. Everything
the learner has done lives in ``st.session_state`` keyed by stable ids, so switching
language reruns the page without losing the step, the scenario position or the answers.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from tutorial.i18n import DEFAULT_LANG, LANGS, Translator, get_translator, language_name, negotiate
from tutorial.i18n import parse_lang as _parse_lang
from tutorial.lessons.course import fingerprint, load_course
from tutorial.lessons.model import Course
from tutorial.lessons.reference import (
    ProfileRules,
    SourceError,
    Term,
    load_glossary,
    load_reference,
)
from tutorial.progress import new_learner_code, parse_learner_code
from tutorial.progress_outbox import Outbox, SessionStore
from tutorial.store.sqlite import recreated
from tutorial.ui import slots
from tutorial.ui.mdsafe import plain_md
from tutorial.yamldoc import is_internal, located

log = logging.getLogger("cinch.ui")


T = TypeVar("T")


def course() -> Course:
    """The lessons, loaded and engine-checked once per version of the lessons folder: a
    broken file is read once (not again on every new session) and again when it changes."""
    return _course(lessons_version())


def lessons_version() -> str:
    """The version of the lessons folder as one string (:func:`fingerprint`): the caches
    below are keyed by it, and Streamlit hashes a string at a fraction of the cost of the
    tuple of every file's name, time and size (every page run looks it up). Within a run of
    the app (:func:`one_lessons_version`) the folder is walked once, not at every call."""
    pinned = getattr(_this_run, "lessons_version", None)
    return pinned if isinstance(pinned, str) else repr(fingerprint())


_this_run = threading.local()


@contextmanager
def one_lessons_version() -> Iterator[None]:
    """One version of the lessons folder for everything a page run does in this thread (the
    sidebar, the page and the course's caches ask three or more times a run; each walk of
    the folder cost about 3 ms of the server's lock). Outside it every call walks the folder."""
    _this_run.lessons_version = repr(fingerprint())
    try:
        yield
    finally:
        _this_run.lessons_version = None


@st.cache_resource(show_spinner=False, max_entries=2)
def _course(version: str) -> Course:
    return load_course()


def reference() -> dict[str, ProfileRules]:
    """The rules reference, per version of the lessons folder (its error too)."""
    return _raise_or_return(_reference(lessons_version()))


@st.cache_resource(show_spinner=False, max_entries=2)
def _reference(version: str) -> dict[str, ProfileRules] | SourceError:
    return _value_or_error(load_reference)


def glossary() -> tuple[Term, ...]:
    return _raise_or_return(_glossary(lessons_version()))


@st.cache_resource(show_spinner=False, max_entries=2)
def _glossary(version: str) -> tuple[Term, ...] | SourceError:
    return _value_or_error(load_glossary)


def _value_or_error(loader: Callable[[], T]) -> T | SourceError:
    try:  # a bug of ours: the page says unavailable, never a traceback
        return located(getattr(loader, "__name__", "?"), loader)
    except SourceError as exc:
        if is_internal(exc):
            log.error("loading failed", exc_info=exc.__cause__)
        return exc


def _raise_or_return(value: T | SourceError) -> T:
    if isinstance(value, SourceError):
        raise value
    return value


def load_or_stop(loader: Callable[[], T], unavailable: str) -> T:
    """Content from ``loader``, or a visible warning (``unavailable`` with the problem as
    ``{problem}``) and the end of the page, if its file is broken."""
    try:
        return loader()
    except SourceError as exc:
        st.warning(unavailable.format(problem=plain_md(str(exc))), icon=":material/warning:")
        st.stop()
        raise  # st.stop() does not return


def outbox() -> Outbox:
    """This session's view of its writes that are not saved yet: those in the machine's
    spool (they survive a reload, a closed tab, a dead replica) and those kept in this
    session only (the spool could not take them)."""
    box = slots.OUTBOX.get()
    return box if isinstance(box, Outbox) else slots.OUTBOX.set(Outbox())


def store() -> SessionStore:
    """The progress store as this session uses it: it never raises, and a write that
    fails is kept and retried (see :mod:`tutorial.progress_outbox`)."""
    return SessionStore(outbox())


def notice_facts() -> tuple[bool, bool, bool]:
    """What :func:`progress_notice` shows depends on (a part of a page that runs alone,
    :mod:`tutorial.ui.parts`, runs the whole page again when they change, so the notice is
    never stale)."""
    box = outbox()
    return bool(box.pending), bool(box.waiting), bool(box.read_failed)


def progress_notice(s: Session) -> None:
    """An honest word when progress cannot be saved or read right now (nothing if fine)."""
    box = outbox()
    t = s.t
    if box.waiting:  # kept in this session only: it is lost if the tab goes
        st.warning(
            t(
                "Your progress cannot be saved right now. What you do is kept in this tab "
                "and saved as soon as saving works again, so please keep this tab open."
            ),
            icon=":material/save:",
        )
    elif box.pending:  # in the spool: a reload or a closed tab loses nothing
        st.warning(
            t(
                "Your progress cannot be saved right now. What you do is kept, and it will "
                "be saved as soon as saving works again, even if you close this page."
            ),
            icon=":material/save:",
        )
    elif box.read_failed:
        st.warning(
            t(
                "Your saved progress cannot be read right now, so earlier answers may not "
                "show. New answers are still saved."
            ),
            icon=":material/save:",
        )
    here = store()
    if here.url is None and recreated(here.path) is not None:
        st.warning(
            t(
                "The file that keeps everyone's progress on this server was deleted while "
                "the app was running, so earlier progress may not show. What you do now is "
                "saved."
            ),
            icon=":material/save:",
        )


@dataclass
class Session:
    lang: str
    t: Translator
    learner: str
    notes: list[str] = field(default_factory=list)


def _browser_lang() -> str | None:
    locale = _from_browser(lambda: st.context.locale)
    found = _parse_lang(locale) if isinstance(locale, str) and locale else None
    if found:
        return found
    header = _from_browser(lambda: st.context.headers.get("Accept-Language"))
    return negotiate(header if isinstance(header, str) else None)


def _from_browser(read: Callable[[], object]) -> object:
    """What the browser told Streamlit (``st.context``), or None where it cannot say."""
    try:
        return read()
    except (RuntimeError, AttributeError, KeyError):  # outside a server run (tests) or in
        # older runtimes st.context raises one of these; a hint for the language is never
        # worth failing the page
        return None


def whole_in(value: object, low: int, high: int) -> int | None:
    """A URL's value as a whole number from ``low`` to ``high``, or None (anything else)."""
    try:
        n = int(str(value))
    except ValueError:
        return None
    return n if low <= n <= high else None


def _on_lang_change() -> None:
    chosen = slots.LANG_PICKER.get()
    if chosen in LANGS:
        slots.LANG.set(chosen)
        slots.LANG_SWITCHED.set(True)  # the page brings the learner's place back


def setup() -> Session:
    """Read and validate the URL, fill the session, write the URL back. Call once per run."""
    qp = st.query_params
    notes: list[str] = []
    raw_lang = qp.get("lang")
    lang = slots.LANG.get()
    if lang is None:
        url_lang = _parse_lang(raw_lang) if raw_lang is not None else None
        if raw_lang is not None and url_lang is None:
            notes.append("lang")
        lang = slots.LANG.set(url_lang or _browser_lang() or DEFAULT_LANG)
    raw_code = qp.get("learner")
    code = parse_learner_code(raw_code) if raw_code is not None else None
    if code is not None:
        slots.LEARNER.set(code)
    elif raw_code is not None:
        notes.append("learner")
    learner = slots.LEARNER.get()
    if learner is None:
        learner = slots.LEARNER.set(new_learner_code())
    if qp.get("lang") != lang:
        qp["lang"] = lang
    if qp.get("learner") != learner:
        qp["learner"] = learner
    slots.LANG_PICKER.set(lang)
    # a note stays visible for the rest of the visit, not just the first page
    kept = slots.NOTES.setdefault([])
    kept.extend(n for n in notes if n not in kept)
    here = store()
    here.refresh(learner)  # what of this learner waits in the spool (a reload shows it)
    if outbox().pending:  # retry what could not be saved before
        here.flush()
    return Session(lang, get_translator(lang), learner, list(kept))


def language_picker(s: Session) -> None:
    st.selectbox(
        s.t("Language"),
        options=list(LANGS),
        format_func=language_name,
        key=slots.LANG_PICKER.key,
        on_change=_on_lang_change,
    )


def moved_here() -> bool:
    """Whether this session is a tab that came from a server that is gone (its replica
    died, or this server restarted): it reloaded itself with ``moved=1``
    (:mod:`tutorial.ui.reconnect`, taken out of the address here), or the browser asked to
    resume a session this server does not know (Streamlit sends the old id in the
    websocket's subprotocols). Asked once per session."""
    if slots.MOVED_CHECKED.get():
        return False
    slots.MOVED_CHECKED.set(True)
    if st.query_params.get("moved") is not None:
        flag = st.query_params.get("moved")
        del st.query_params["moved"]
        if flag == "1":
            return True
    header = _from_browser(lambda: st.context.headers.get("Sec-Websocket-Protocol"))
    raw = header if isinstance(header, str) else ""  # no browser (tests): none
    ctx = get_script_run_ctx()
    parts = [p.strip() for p in raw.split(",")]
    before = parts[2] if len(parts) > 2 else ""
    return bool(before) and ctx is not None and before != ctx.session_id


def show_notes(s: Session) -> None:
    t = s.t
    if moved_here():
        st.info(
            t(
                "The server this page was on stopped, so you are on another one now. "
                "You are where you were; nothing you saved is lost."
            ),
            icon=":material/sync:",
        )
    for note in s.notes:
        if note == "lang":
            st.info(
                t(
                    "The language in the link is not one of the four; showing {language}.",
                    language=language_name(s.lang),
                ),
                icon=":material/info:",
            )
        elif note == "learner":
            st.info(
                t(
                    "The learner code in the link is not valid; a new code was made: {code}.",
                    code=s.learner,
                ),
                icon=":material/info:",
            )


def link_params(s: Session, **extra: str) -> dict[str, str]:
    """Query parameters that keep the language and the learner code on every link."""
    return {"lang": s.lang, "learner": s.learner, **extra}


def share_params(**extra: str) -> dict[str, str]:
    """Query parameters of a link meant to be shared: never the learner code (it is the
    learner's only credential), nor the sharer's language (the reader's browser decides)."""
    return dict(extra)


def keep(key: str | slots.Slot[Any]) -> None:
    """Re-assert a widget's value before it is drawn. Widgets whose option labels are
    translated (``format_func``) must call this: the browser sends back the label it last
    showed, and after a language switch that label no longer matches, so the widget would
    fall back to its first option on the next click. Setting the value from the session
    makes the server send it to the browser again, in the new language."""
    slots.keep_value(key.key if isinstance(key, slots.Slot) else key)


def last_position(learner: str) -> dict[str, object] | None:
    """Where the learner last was: ``{"lesson": id, "step": id, "t": time}``, or None."""
    positions = [
        it.value
        for it in store().items(learner, "lesson/").values()
        if it.item.endswith("/at") and isinstance(it.value, dict) and "t" in it.value
    ]
    best: dict[str, object] | None = max(positions, key=lambda v: float(v["t"]), default=None)
    return best
