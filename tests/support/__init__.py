"""Tools for tests and benchmarks: a learner over Streamlit's wire protocol (``wire``), the
server's stage probes (``stagetiming``)."""
