"""The page's fallback to the store.next long poll (js/store.js) where the browser has no EventSource: the
inquiry screen follows its store through store.next alone."""

from browser import screenshot, wait_for
from contract import drain, models

WITHOUT_EVENT_SOURCE = "delete window.EventSource;"


def test_without_event_source_the_inquiry_screen_follows_its_store_through_store_next(stack, driver):
    # Before any script of the page runs, as in a browser without Server-Sent Events.
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WITHOUT_EVENT_SOURCE})
    _, code = stack.create_inquiry("tmpl_simple")
    driver.get(stack.page_url("org-demo", code=code))
    assert driver.execute_script("return typeof window.EventSource") == "undefined"

    wait_for(driver, '#inquiry-screen[data-step="name"]')
    wait_for(driver, "#inquiry-field-f_name").send_keys("Ada Lovelace")
    wait_for(driver, '#inquiry button.primary[data-intent="SUBMIT"]:not(:disabled)').click()
    wait_for(driver, '#inquiry-screen[data-step="review"]')
    screenshot(driver, "long-poll-review")

    entries = drain(driver)
    assert not [entry for entry in entries if entry["kind"] == "sse"], "no Server-Sent Events were read"
    # Whole models and deltas (store.next with delta) alike, each delta applied to the model before it.
    polled = [state for state in models(entries) if (state["model"] or {}).get("inquiry") is not None]
    steps = {state["model"]["inquiry"].get("stage", {}).get("content", {}).get("value", {}).get("stepId")
             for state in polled}
    assert {"name", "review"} <= steps, steps
    answers = [entry["answer"].get("result") or {} for entry in entries
               if entry["kind"] == "rpc" and entry["request"]["method"] == "store.next"]
    assert any("patch" in answer for answer in answers), "the poll takes deltas"
    versions = [state["version"] for state in polled]
    assert versions == sorted(versions), "no poll answers an older model than the one before"
