"""Nested addresses are redirected to the page they start with (issue 26, break 7): the
rule, and the middleware's answer (the browser test is tests/ui/test_browser_nested_urls.py)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tutorial.addresses import NestedAddresses, nearest


@pytest.mark.parametrize(
    ("path", "query", "target"),
    [
        ("/lesson/two-pedros", "lang=fr", "/lesson?lang=fr&nested=two-pedros"),
        ("/play/extra", "", "/play?nested=extra"),
        ("/play/extra/more/", "lang=en&learner=x", "/play?lang=en&learner=x&nested=extra%2Fmore"),
        ("/play/a", "nested=old&lang=es", "/play?lang=es&nested=a"),
        ("/%5Cevil.com/x", "", "/%5Cevil.com?nested=x"),
        ("/\\evil.com/x", "", "/%5Cevil.com?nested=x"),
        ("/play", "", None),
        ("/", "", None),
        ("/_stcore/health", "", None),
        ("/static/js/index.js", "", None),
        ("/media/abc.png", "", None),
        ("/component/x/index.html", "", None),
        ("/app/static/x.png", "", None),
        ("/_other/thing", "", None),
        ("/play/_stcore/health", "", None),  # the browser looks for the server there
        ("/lesson/_stcore/host-config", "", None),
        ("/play/static/js/index.js", "", None),
    ],
)
def test_the_nearest_page(path: str, query: str, target: str | None) -> None:
    assert nearest(path, query) == target


def test_the_middleware_redirects_a_get_and_passes_the_rest() -> None:
    seen: list[str] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        seen.append(scope["path"])

    sent: list[dict[str, Any]] = []

    async def send(message: Any) -> None:
        sent.append(dict(message))

    async def receive() -> Any:
        return {"type": "http.request"}

    mw = NestedAddresses(app)
    get = {"type": "http", "method": "GET", "path": "/lesson/two-pedros", "query_string": b""}
    asyncio.run(mw(get, receive, send))
    assert sent[0]["status"] == 302
    assert (b"location", b"/lesson?nested=two-pedros") in sent[0]["headers"]
    post = {**get, "method": "POST"}
    ws = {"type": "websocket", "path": "/_stcore/stream"}
    plain = {**get, "path": "/play"}
    for scope in (post, ws, plain):
        asyncio.run(mw(scope, receive, send))
    assert seen == ["/lesson/two-pedros", "/_stcore/stream", "/play"]
