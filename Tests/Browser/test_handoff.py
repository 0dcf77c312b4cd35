"""The handoff between two browsers (two Chromium processes, so two devices with their own runtime and device
credential): the first page hands off, the second joins with the code the first shows, the model makes each page
the controller or the observer, and control goes back and forth with Continue here (CONTINUE_HERE)."""

from selenium.webdriver.common.by import By

from browser import assert_no_console_errors, new_driver, screenshot, wait_for

CONTROLLER = '#inquiry-screen[data-step="personal"]:not([data-observer])'
OBSERVER = '#inquiry-screen[data-step="observer"][data-observer="true"]'


def controller_of(stack, inquiry_id):
    return stack.admin("GET", f"/admin/inquiries/{inquiry_id}")["controllerDeviceId"]


def test_a_second_browser_joins_through_the_handoff_and_control_goes_back_and_forth(stack, driver):
    inquiry_id, code = stack.create_inquiry("tmpl_full")
    driver.get(stack.page_url("org-demo", code=code))
    wait_for(driver, CONTROLLER)
    first_device = controller_of(stack, inquiry_id)
    wait_for(driver, '#inquiry-button-handoff[data-intent="HANDOFF"]').click()
    handoff = wait_for(driver, "#inquiry-handoff-code").text.strip()
    assert handoff
    assert handoff in wait_for(driver, "#inquiry-handoff-qr").get_attribute("src")
    screenshot(driver, "handoff-first-shows-code")

    second = new_driver()
    try:
        # The second device opens the handoff link; Folio keeps the first as controller until it takes over.
        second.get(stack.page_url("org-demo", handoff=handoff))
        wait_for(second, OBSERVER)
        here = wait_for(second, '#inquiry-screen button[data-intent="CONTINUE_HERE"]')
        assert not second.find_elements(By.CSS_SELECTOR, '#inquiry-screen button[data-intent="SUBMIT"]')
        assert controller_of(stack, inquiry_id) == first_device
        screenshot(second, "handoff-second-observes")

        here.click()
        wait_for(second, CONTROLLER)
        second_device = controller_of(stack, inquiry_id)
        assert second_device != first_device
        assert wait_for(second, '#inquiry-button-handoff[data-intent="HANDOFF"]')
        wait_for(second, "#inquiry-field-f_full_name").send_keys("Ada Lovelace")
        screenshot(second, "handoff-second-controls")

        # The first page still shows its handoff; Continue here takes control back.
        wait_for(driver, "#inquiry-continue-here:not(:disabled)").click()
        wait_for(driver, CONTROLLER)
        assert controller_of(stack, inquiry_id) == first_device
        screenshot(driver, "handoff-first-controls-again")

        # The second page learns it lost control with its next request: the model shows the observer screen.
        wait_for(second, '#inquiry button.primary[data-intent="SUBMIT"]:not(:disabled)').click()
        wait_for(second, OBSERVER)
        screenshot(second, "handoff-second-observes-again")
        assert controller_of(stack, inquiry_id) == first_device
        assert_no_console_errors(second)
    finally:
        screenshot(second, "handoff-second-end")
        second.quit()
