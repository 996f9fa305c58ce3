"""Entry point: page config, session set-up, language picker, navigation. Pages live in
``tutorial/ui/pages/``."""

import streamlit as st

from tutorial.ui import nodelay
from tutorial.ui.app import main

nodelay.ensure(st.get_option("server.port"))  # the browsers' connections: no Nagle delay
st.set_page_config(page_title="Cinch · Double Pedro", page_icon="♠", layout="wide")
main()
