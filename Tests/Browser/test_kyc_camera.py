"""A KYC inquiry (tmpl_kyc) from its launch link on the inquiry screen, with the browser's camera fed by
Chromium's fake capture device playing the generated card video (y4m.py): on each side's SCAN the page starts
the camera itself (js/capture.js), posts preview frames, the InquiryStore decides and the page uploads the photo.
No shutter is pressed: the test only watches the step move on to CONFIRM, then the back side, then the check."""

from selenium.webdriver.common.by import By

from browser import assert_no_console_errors, new_driver, screenshot, wait_for

# Records every value `#capture` shows in `data-trigger` (the store's camera.trigger), across re-renders.
WATCH_TRIGGERS = """
window.seenTriggers = [];
new MutationObserver((changes) => {
  for (const change of changes) {
    const value = change.target.getAttribute('data-trigger');
    if (change.target.id === 'capture' && window.seenTriggers.at(-1) !== value) window.seenTriggers.push(value);
  }
}).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-trigger'] });
"""


def submit(driver):
    wait_for(driver, '#inquiry button.primary[data-intent="SUBMIT"]:not(:disabled)').click()


def clicks_on(driver):
    return driver.execute_script("return window.pageClicks")


def scan_side(driver, side):
    """Waits on the SCAN of `side` until the page took and uploaded its photo by itself (CONFIRM of that side)."""
    wait_for(driver, f'#inquiry-verification[data-kind="GOVERNMENT_ID"][data-state="SCAN"]')
    wait_for(driver, '#capture[data-camera="on"]')
    driver.execute_script(WATCH_TRIGGERS)
    before = clicks_on(driver)
    screenshot(driver, f"kyc-camera-scan-{side}")
    wait_for(driver, '#inquiry-verification[data-state="CONFIRM"]', timeout=40)
    assert clicks_on(driver) == before, "nothing was clicked during the scan"
    seen = driver.execute_script("return window.seenTriggers")
    assert "ABOUT_TO_DECIDE" in seen and "DECIDED" in seen, seen
    assert seen.index("ABOUT_TO_DECIDE") < seen.index("DECIDED"), seen
    assert f"document-{side}.jpg" in wait_for(driver, "#inquiry-image").text
    assert not driver.find_elements(By.CSS_SELECTOR, "#capture"), "the camera stops with the scan"
    screenshot(driver, f"kyc-camera-confirm-{side}")
    return seen


def test_a_kyc_inquiry_takes_both_sides_of_the_id_card_by_itself(stack, card_video):
    _, code = stack.create_inquiry("tmpl_kyc")
    driver = new_driver(fake_video=card_video)
    try:
        driver.get(stack.page_url("org-demo", code=code))
        wait_for(driver, '#inquiry-verification[data-kind="GOVERNMENT_ID"][data-state="SELECT_DOCUMENT"]')
        # Counts every click the page receives, so the scan can show it got none.
        driver.execute_script(
            "window.pageClicks = 0; document.addEventListener('click', () => { window.pageClicks += 1; }, true);")
        screenshot(driver, "kyc-camera-select-document")
        wait_for(driver, "#inquiry-document-national_identity_card").click()
        submit(driver)

        front = scan_side(driver, "front")
        submit(driver)  # "Use this photo"
        back = scan_side(driver, "back")
        assert wait_for(driver, "#inquiry-verification").get_attribute("data-step") == "government_id"
        submit(driver)

        # The check runs (PROCESSING) and passes; Continue leads to the selfie, which needs the app.
        wait_for(driver, '#inquiry-verification[data-step="government_id"][data-state="PASSED"]', timeout=40)
        screenshot(driver, "kyc-camera-passed")
        submit(driver)
        wait_for(driver, '#inquiry-verification[data-kind="SELFIE"]', timeout=30)
        wait_for(driver, '#inquiry-native-needed[data-needs="LIVENESS"]', timeout=30)
        screenshot(driver, "kyc-camera-selfie")
        print(f"triggers seen: front {front}, back {back}")
        assert_no_console_errors(driver)
    finally:
        screenshot(driver, "kyc-camera-end")
        driver.quit()
