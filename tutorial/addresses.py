"""Nested addresses a person types (``/lesson/two-pedros``, ``/play/extra``): redirected to
the page they start with, the rest in ``?nested=``, so the app shows a page in the learner's
language instead of a blank white one.

Streamlit answers any address it does not know with its page, whose scripts are addressed
relative to it (``./static/js/…``): under ``/lesson/two-pedros`` the browser asked for
``/lesson/static/js/…``, got that page again instead of a script, and drew nothing. This
ASGI middleware, in front of Streamlit's own server (``streamlit_app.py`` runs the app as
Streamlit's ``App`` with it), answers a GET or HEAD of such an address with a redirect to
its first part: ``/lesson/two-pedros?lang=fr`` → ``/lesson?lang=fr&nested=two-pedros``.
The page then uses the rest where it names something (a lesson) or says the address had
parts it does not know (:func:`tutorial.ui.app.nested_notice`). Nothing of the address
reaches the file system; the first part is percent-encoded, so the redirect never leaves
the site (``/\\evil.com/x`` → ``/%5Cevil.com``)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import quote, unquote, urlencode

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

RESERVED = frozenset({"_stcore", "static", "media", "component", "app", "vendor", "~"})
"""Parts of the addresses Streamlit itself serves (its API, assets, media, components, static
files; also under a page's address, where the browser looks for the server first, e.g.
``/play/_stcore/health``): an address with one of them (or any part starting with ``_``) is
never redirected."""
NESTED = "nested"
"""The query parameter that carries the rest of a nested address."""
MAX_REST = 200


def nearest(path: str, query: str) -> str | None:
    """Where a GET of ``path`` (with ``query``, the raw query string) is redirected: the
    page named by its first part, with the rest in ``?nested=``; None for an address that
    is not nested, or that Streamlit serves itself."""
    parts = [p for p in path.split("/") if p]
    if len(parts) < 2 or any(p in RESERVED or p.startswith("_") for p in parts):
        return None  # (the browser looks for the server under a page: /play/_stcore/health)
    rest = "/".join(unquote(p) for p in parts[1:])[:MAX_REST]
    extra = urlencode({NESTED: rest})
    kept = "&".join(
        p for p in query.split("&") if p and not p.startswith(NESTED + "=") and p != NESTED
    )
    return f"/{quote(unquote(parts[0]), safe='')}?" + (f"{kept}&{extra}" if kept else extra)


class NestedAddresses:
    """ASGI middleware: a GET or HEAD of a nested address is redirected (302) to
    :func:`nearest`; everything else goes on to the app."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope.get("type") == "http" and scope.get("method") in ("GET", "HEAD"):
            query = scope.get("query_string", b"").decode("latin-1")
            target = nearest(str(scope.get("path", "")), query)
            if target is not None:
                await send(
                    {
                        "type": "http.response.start",
                        "status": 302,
                        "headers": [
                            (b"location", target.encode("latin-1")),
                            (b"cache-control", b"no-cache"),
                            (b"content-length", b"0"),
                        ],
                    }
                )
                await send({"type": "http.response.body", "body": b""})
                return
        await self.app(scope, receive, send)


__all__ = ["NESTED", "NestedAddresses", "nearest"]
