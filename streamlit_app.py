"""Entry point: page config, session set-up, language picker, navigation. Pages live in
``tutorial/ui/pages/``."""

import streamlit as st

from tutorial.ui import nodelay
from tutorial.ui.app import main

# The bots' and the coach's worker processes start with multiprocessing's "spawn", which
# imports the parent's main module in each worker under the name "__mp_main__" — during a
# Streamlit run that is this script: a worker must not run the app (in bare mode, where a
# failure kills the worker and breaks the whole pool: the bots then fall back to random
# cards in the server).
if __name__ != "__mp_main__":
    nodelay.ensure(st.get_option("server.port"))  # the browsers' connections: no Nagle delay
    st.set_page_config(page_title="Cinch · Double Pedro", page_icon="♠", layout="wide")
    main()
