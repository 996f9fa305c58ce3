"""The Streamlit tutorial (the only package that imports Streamlit)."""
