"""The learner code on a phone (320×640, Chromium): typed into the sidebar's form, it is
read and taken. Streamlit's own hint under the field, "Press Enter to submit form", is
English in every language, and at 320 px it was drawn over the code being typed (session 7,
pages-tester, pt)."""

from __future__ import annotations

from pathlib import Path

from tests.ui.test_browser import ARGS, CHROMIUM, pw, server, wait_idle
from tutorial.progress import new_learner_code

__all__ = ["server"]


def test_a_learner_code_typed_on_a_phone(server: str, tmp_path: Path) -> None:
    code = new_learner_code()
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 320, "height": 640})
        page.goto(f"{server}/?lang=pt")
        wait_idle(page)
        page.locator('[data-testid="stExpandSidebarButton"]').first.click()
        side = page.locator('[data-testid="stSidebar"]')
        side.get_by_text("Continuar com outro código").first.click()
        field = side.locator('[data-testid="stTextInputField"]')
        field.click()
        field.type(code)
        page.wait_for_timeout(500)
        page.screenshot(path=str(tmp_path / "code-pt-320.png"))
        hints = page.locator('[data-testid="InputInstructions"]:visible').all_inner_texts()
        side.get_by_role("button", name="Usar este código").click()
        page.wait_for_function(f"() => location.search.includes('learner={code}')")
        browser.close()
    assert hints == [], f"Streamlit's English hint over the field: {hints}"
