from collections.abc import Iterator
from pathlib import Path

import pytest
import streamlit as st


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test gets its own progress database and fresh cached resources."""
    monkeypatch.setenv("CINCH_PROGRESS_DB", str(tmp_path / "progress.sqlite3"))
    st.cache_resource.clear()
    yield
    st.cache_resource.clear()
