"""A tab whose server is gone reloads itself on a live one (issue 26, "replicas that heal").

When the replica a tab is on dies (or a lone server restarts), Streamlit's page reconnects
its websocket, but the new server does not know its session and the page stays frozen: its
clicks do nothing, with no message (tested with Streamlit 1.67, behind nginx and alone). So
the page watches for that: its first websocket is made before this script runs, so any new
one is a reconnection, and the page reloads its own address at once, with ``moved=1`` added.
The address holds the learner's place (lesson, step, language, learner code) and the store
holds their progress (what was not saved yet waits in the spool); nginx sends the reload to
a live replica; :func:`tutorial.ui.session.moved_here` sees ``moved=1``, says so in the
learner's language and takes it out of the address. Installed once per page; its element is
hidden."""

from __future__ import annotations

import streamlit as st

WATCH = """<style>[data-testid="stElementContainer"]:has(> [data-testid="stHtml"]
> .cinch-reconnect){display:none}</style><script class="cinch-reconnect">(() => {
if (window.cinchReconnect) return; window.cinchReconnect = 1;
const Orig = window.WebSocket;
function Watched(url, protocols) {
 const ws = protocols === undefined ? new Orig(url) : new Orig(url, protocols);
 if (String(url).indexOf('/_stcore/stream') >= 0 && !window.cinchReloading) {
  window.cinchReloading = 1;
  const here = new URL(window.location.href);
  here.searchParams.set('moved', '1');
  setTimeout(() => window.location.replace(here.toString()), 0);
 }
 return ws;
}
Watched.prototype = Orig.prototype;
for (const k of ['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED']) Watched[k] = Orig[k];
window.WebSocket = Watched;
})();</script>"""


def watch_reconnect() -> None:
    """Draw :data:`WATCH` (a reconnection reloads the page on a live server)."""
    st.html(WATCH, unsafe_allow_javascript=True)
