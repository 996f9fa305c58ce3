"""The app's Streamlit settings that the server's speed depends on (``.streamlit/config.toml``),
as the server reads them."""

from __future__ import annotations

import tomllib
from pathlib import Path

CONFIG = Path(__file__).resolve().parents[2] / ".streamlit" / "config.toml"


def test_no_garbage_collection_after_each_run_and_no_source_watching() -> None:
    server = tomllib.loads(CONFIG.read_text(encoding="utf-8"))
    # a full gc.collect() after every run of every session held the server's lock 100-140 ms
    assert server["runner"]["postScriptGC"] is False
    # the source watcher walked sys.modules on the event loop for every session
    assert server["server"]["fileWatcherType"] == "none"
    assert server["server"]["runOnSave"] is False


def test_streamlit_knows_the_options() -> None:
    from streamlit import config

    for option in ("runner.postScriptGC", "server.fileWatcherType", "server.runOnSave"):
        assert option in config._config_options_template
