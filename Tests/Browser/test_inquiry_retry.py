"""A step whose submit fails at Folio with a retryable error (the emulator's fault, docs/folio-api.md "Faults"):
the inquiry screen shows the banner with its retry, and the retry sends the step again and goes through. A
verification attempt that ends FAILED with canRetry is tried again from its own button."""

from selenium.webdriver.common.by import By

from browser import screenshot, wait_for
from test_inquiry import photo_file

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


def test_a_document_check_that_fails_with_can_retry_is_tried_again_from_the_page_and_passes(stack, driver):
    # The emulator's testing knob: the first attempt of the step fails, the next one passes.
    _, code = stack.create_inquiry(
        "tmpl_govid_upload", testing={"verification": {"government_id": {"outcomes": ["FAIL", "PASS"]}}})
    driver.get(stack.page_url("org-demo", code=code))

    def upload_the_photo():
        wait_for(driver, '#inquiry-verification[data-state="UPLOAD_REVIEW"]')
        driver.find_element(By.ID, "inquiry-upload").send_keys(photo_file())
        wait_for(driver, "#inquiry-image", "document-photo.png")
        submit(driver)

    wait_for(driver, '#inquiry-verification[data-state="SELECT_DOCUMENT"]')
    wait_for(driver, '#inquiry-document-passport[data-document="PASSPORT"]').click()
    submit(driver)
    upload_the_photo()
    failed = wait_for(driver, '#inquiry-verification[data-state="FAILED"]', timeout=40)
    assert failed.get_attribute("data-attempt-phase") == "FAILED"
    assert wait_for(driver, "#inquiry-attempt").text == "Attempt 1 of 3"
    retry = wait_for(driver, '#inquiry-verification button.primary[data-intent="SUBMIT"]:not(:disabled)')
    screenshot(driver, "retry-check-failed")

    retry.click()
    # The next attempt keeps the chosen document and asks for its photo again.
    wait_for(driver, "#inquiry-attempt", "Attempt 2 of 3")
    upload_the_photo()
    wait_for(driver, '#inquiry-verification[data-state="PASSED"]', timeout=40)
    assert wait_for(driver, "#inquiry-attempt").text == "Attempt 2 of 3"
    screenshot(driver, "retry-check-passed")
