"""Entry point: page config, session set-up, language picker, navigation. Pages live in
``tutorial/ui/pages/``.

``streamlit run streamlit_app.py`` finds the ASGI app ``app`` below and serves it: Streamlit's
own server with one middleware in front, :class:`tutorial.addresses.NestedAddresses`, which
sends a nested address a person types (``/lesson/two-pedros``, ``/play/extra``) to the page
it starts with (Streamlit drew a blank white page there). Each page run executes this file
as ``__main__``."""

import streamlit as st

# The bots' and the coach's worker processes start with multiprocessing's "spawn", which
# imports the parent's main module in each worker under the name "__mp_main__" — during a
# Streamlit run that is this script: a worker must not run the app (in bare mode, where a
# failure kills the worker and breaks the whole pool: the bots then fall back to random
# cards in the server).
if __name__ == "__main__":  # a page run
    from tutorial.ui import nodelay
    from tutorial.ui.app import main

    nodelay.ensure(st.get_option("server.port"))  # the browsers' connections: no Nagle delay
    st.set_page_config(page_title="Cinch · Double Pedro", page_icon="♠", layout="wide")
    main()
elif __name__ != "__mp_main__":  # the server (``streamlit run`` imports the app from here)
    from starlette.middleware import Middleware

    from tutorial.addresses import NestedAddresses

    app = st.App(__file__, middleware=[Middleware(NestedAddresses)])
