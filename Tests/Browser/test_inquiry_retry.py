"""A step whose submit fails at Folio with a retryable error (the emulator's fault, docs/folio-api.md "Faults"):
the inquiry screen shows the banner with its retry, and the retry sends the step again and goes through."""

from selenium.webdriver.common.by import By

from browser import screenshot, wait_for

SUBMIT_ROUTE = "POST /v1/inquiries/{inquiryId}/submit"


def submit(driver):
    wait_for(driver, '#inquiry button.primary[data-intent="SUBMIT"]:not(:disabled)').click()


def test_a_submit_folio_refuses_with_503_is_retried_from_the_banner(stack, driver):
    inquiry_id, code = stack.create_inquiry("tmpl_simple")
    driver.get(stack.page_url("org-demo", code=code))
    wait_for(driver, '#inquiry-screen[data-step="name"]')
    wait_for(driver, "#inquiry-field-f_name").send_keys("Grace Hopper")
    screenshot(driver, "retry-name")

    stack.admin("POST", "/admin/faults", {"route": SUBMIT_ROUTE, "count": 1, "status": 503})
    try:
        submit(driver)
        banner = wait_for(driver, '#inquiry-banner[data-retryable="true"]')
        assert banner.get_attribute("role") == "alert"
        assert wait_for(driver, "#inquiry-screen").get_attribute("data-step") == "name", "the step stays"
        assert driver.find_element(By.ID, "inquiry-field-f_name").get_attribute("value") == "Grace Hopper"
        assert stack.admin("GET", "/admin/faults")["items"] == [], "the fault was used up"
        assert stack.admin("GET", f"/admin/inquiries/{inquiry_id}")["submissions"] == [], "nothing was recorded"
        screenshot(driver, "retry-banner")

        wait_for(driver, "#inquiry-banner-retry:not(:disabled)").click()
        wait_for(driver, '#inquiry-screen[data-step="review"]')
        assert not driver.find_elements(By.ID, "inquiry-banner"), "the banner goes with the retry"
        submissions = stack.admin("GET", f"/admin/inquiries/{inquiry_id}")["submissions"]
        assert [(entry["stepId"], entry["fields"].get("name")) for entry in submissions] == [("name", "Grace Hopper")]
        screenshot(driver, "retry-review")
    finally:
        stack.admin("DELETE", "/admin/faults")
