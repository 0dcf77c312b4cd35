"""The inquiry screen (js/screens/inquiry.js) driven by InquiryStore's model: a launch link to the end, the
banner and an error at its field, German, a code step, a document upload and the handoff QR code."""

import struct
import zlib

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from browser import screenshot, wait_for, wait_for_value
from contract import drain, models
from stack import OUTPUT


def submit(driver):
    wait_for(driver, '#inquiry button.primary[data-intent="SUBMIT"]:not(:disabled)').click()


def active_id(driver):
    return driver.execute_script("return document.activeElement && document.activeElement.id")


PHONE_TYPED, PHONE_FORMATTED = "015112345678", "01511 2345678"
"""A German mobile number typed without spaces, and what the store shows for it (libphonenumber as you type)."""


def newest_field(driver, field_id):
    """The FieldView `field_id` in the newest inquiry model the page received (SSE or store.state/next)."""
    newest = None
    for state in models(drain(driver)):
        if (state["model"] or {}).get("inquiry") is not None and (newest is None or state["version"] >= newest["version"]):
            newest = state
    content = (((newest or {}).get("model") or {}).get("inquiry") or {}).get("stage", {}).get("content", {})
    for box in content.get("value", {}).get("containers", []):
        for element in box["elements"]:
            if element["type"] == "FIELD" and element["value"]["value"]["id"] == field_id:
                return element["value"]["value"]
    raise AssertionError(f"no field {field_id} in the newest model")


def photo_file():
    """A small PNG to upload as a document photo."""
    width, height = 64, 40
    raw = b"".join(b"\x00" + bytes((x * 7 + y * 3) % 256 for x in range(width * 3)) for y in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
    path = OUTPUT / "document-photo.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(png)
    return str(path)


def test_a_simple_inquiry_from_its_launch_link_to_its_end_closes_itself_without_a_redirect(stack, driver):
    _, code = stack.create_inquiry("tmpl_simple")
    driver.get(stack.page_url("org-demo", code=code))
    wait_for(driver, '#inquiry-screen[data-step="name"]')
    assert wait_for(driver, "#inquiry-title").text == "Your name"
    assert active_id(driver) == "inquiry-title"
    screenshot(driver, "inquiry-simple-name")

    submit(driver)
    banner = wait_for(driver, "#inquiry-banner")
    assert "This field is required" in banner.text
    assert banner.get_attribute("role") == "alert"
    screenshot(driver, "inquiry-simple-required-banner")

    name = wait_for(driver, "#inquiry-field-f_name")
    assert driver.find_element(By.CSS_SELECTOR, 'label[for="inquiry-field-f_name"]').text == "Name *"
    name.send_keys("Ada Lovelace")
    submit(driver)
    wait_for(driver, '#inquiry-screen[data-step="review"]')
    screenshot(driver, "inquiry-simple-review")
    wait_for(driver, '#inquiry button[data-intent="COMPLETE"]:not(:disabled)').click()

    # tmpl_simple has no redirect: at its end the page sends Close at once, and the entry form comes back.
    wait_for(driver, '#inquiry-closed[data-outcome="COMPLETED"]')
    wait_for(driver, "#inquiry-code")
    screenshot(driver, "inquiry-simple-closed")


def test_a_redirect_the_page_cannot_open_is_reported_refused_and_its_banner_closes_the_inquiry(stack, driver):
    # tmpl_app_redirect ends with folio-demo://verified, an app's own scheme, which a web page does not open.
    _, code = stack.create_inquiry("tmpl_app_redirect")
    driver.get(stack.page_url("org-demo", code=code))
    wait_for(driver, '#inquiry-screen[data-step="review"]')
    drain(driver)
    wait_for(driver, '#inquiry button[data-intent="COMPLETE"]:not(:disabled)').click()

    banner = wait_for(driver, '#inquiry[data-stage="TERMINAL"] #inquiry-banner')
    assert wait_for(driver, "#inquiry-terminal").get_attribute("data-redirect") == "folio-demo://verified"
    close = wait_for(driver, "#inquiry-banner-close")
    screenshot(driver, "inquiry-redirect-refused")
    entries = drain(driver)
    received = [state for state in models(entries) if (state["model"] or {}).get("inquiry") is not None]
    refused = max((state for state in received if state["model"].get("error")), key=lambda state: state["version"])
    chrome = refused["model"]["chrome"]["error"]
    assert refused["model"]["error"]["text"] == chrome["description"]
    assert chrome["description"] in banner.text
    assert close.text == chrome["close"]
    sent = [entry["request"]["params"]["action"] for entry in entries
            if entry["kind"] == "rpc" and entry["request"]["method"] == "store.dispatch"]
    assert {"type": "ACT", "value": {"type": "LINK_REFUSED", "value": {"url": "folio-demo://verified"}}} in sent, sent
    assert {"type": "CLOSE"} not in sent, "LinkRefused instead of Close"

    close.click()
    wait_for(driver, '#inquiry-closed[data-outcome="COMPLETED"]')
    assert driver.current_url.startswith(stack.gateway_url), "the page stays"


def test_a_date_error_shows_at_its_field_and_masks_shape_the_text(stack, driver):
    _, code = stack.create_inquiry("tmpl_full")
    driver.get(stack.page_url("org-demo", code=code))
    wait_for(driver, '#inquiry-screen[data-step="personal"]')

    # The page has no mask of its own: the digits go to the store as typed, and the store's masked text
    # replaces them while the field still has the focus.
    customer = wait_for(driver, "#inquiry-field-f_customer_number")
    customer.send_keys("12345")
    wait_for_value(driver, "#inquiry-field-f_customer_number", "12-345")
    assert active_id(driver) == "inquiry-field-f_customer_number"
    assert newest_field(driver, "f_customer_number")["value"] == "12-345"

    birth = wait_for(driver, "#inquiry-field-f_birth_date")
    birth.send_keys("01012020")
    wait_for_value(driver, "#inquiry-field-f_birth_date", "01.01.2020")
    assert active_id(driver) == "inquiry-field-f_birth_date"
    assert newest_field(driver, "f_birth_date")["value"] == "01.01.2020"
    wait_for(driver, "#inquiry-field-f_full_name").click()
    error = wait_for(driver, "#inquiry-field-f_birth_date-error")
    assert "18" in error.text
    birth = driver.find_element(By.ID, "inquiry-field-f_birth_date")
    assert birth.get_attribute("aria-invalid") == "true"
    assert "inquiry-field-f_birth_date-error" in birth.get_attribute("aria-describedby")
    screenshot(driver, "inquiry-date-error")


def test_a_phone_number_shows_the_store_formatted_national_number_while_it_is_typed(stack, driver):
    _, code = stack.create_inquiry("tmpl_full")
    driver.get(stack.page_url("org-demo", code=code))
    wait_for(driver, '#inquiry-screen[data-step="personal"]')
    wait_for(driver, "#inquiry-field-f_full_name").send_keys("Ada Lovelace")
    submit(driver)
    wait_for(driver, '#inquiry-screen[data-step="contact"]')

    Select(wait_for(driver, "#inquiry-field-f_phone-country")).select_by_value("DE")
    phone = wait_for(driver, "#inquiry-field-f_phone")
    phone.send_keys(PHONE_TYPED)
    shown = wait_for_value(driver, "#inquiry-field-f_phone", PHONE_FORMATTED)
    assert active_id(driver) == "inquiry-field-f_phone"
    assert newest_field(driver, "f_phone")["input"]["national"]["text"] == PHONE_FORMATTED
    caret = driver.execute_script("return [arguments[0].selectionStart, arguments[0].value.length]", shown)
    assert caret == [len(PHONE_FORMATTED), len(PHONE_FORMATTED)]
    screenshot(driver, "inquiry-phone-formatted")


def test_the_page_language_asks_the_inquiry_for_german(stack, driver):
    _, code = stack.create_inquiry("tmpl_simple")
    driver.get(stack.page_url("org-demo", code=code))
    wait_for(driver, '#inquiry-screen[data-step="name"]')
    wait_for(driver, "#inquiry-field-f_name").send_keys("Ada")
    Select(driver.find_element(By.ID, "language")).select_by_value("de")
    wait_for(driver, '#inquiry[lang="de"]')
    assert wait_for(driver, "#inquiry-title").text == "Dein Name"
    assert driver.find_element(By.ID, "inquiry-field-f_name").get_attribute("value") == "Ada"
    assert driver.find_element(By.ID, "nav-inquiry").text == "Verifizierung"
    screenshot(driver, "inquiry-german")


def test_an_email_code_step_shows_a_wrong_code_at_the_code(stack, driver):
    _, code = stack.create_inquiry("tmpl_email")
    driver.get(stack.page_url("org-demo", code=code))
    wait_for(driver, '#inquiry-verification[data-kind="EMAIL_OTP"][data-state="VERIFY"]')
    wait_for(driver, "#inquiry-contact").send_keys("erika@example.com")
    screenshot(driver, "inquiry-email-verify")
    submit(driver)
    wait_for(driver, '#inquiry-verification[data-state="CONFIRM"]')
    screenshot(driver, "inquiry-email-confirm")
    wait_for(driver, "#inquiry-otp").send_keys("000000")
    submit(driver)
    error = wait_for(driver, "#inquiry-otp-error")
    assert error.text
    assert driver.find_element(By.ID, "inquiry-otp").get_attribute("aria-invalid") == "true"
    screenshot(driver, "inquiry-email-wrong-code")

    otp = driver.find_element(By.ID, "inquiry-otp")
    otp.clear()
    otp.send_keys(stack.last_code("erika@example.com"))
    submit(driver)
    wait_for(driver, '#inquiry:not([data-stage="VERIFICATION"]), #inquiry-verification[data-state="PASSED"]', timeout=30)


def test_a_document_photo_is_uploaded_and_the_identity_shown(stack, driver):
    _, code = stack.create_inquiry("tmpl_govid_upload")
    driver.get(stack.page_url("org-demo", code=code))
    wait_for(driver, '#inquiry-verification[data-state="SELECT_DOCUMENT"]')
    wait_for(driver, '#inquiry-document-passport[data-document="PASSPORT"]').click()
    screenshot(driver, "inquiry-select-document")
    submit(driver)
    wait_for(driver, '#inquiry-verification[data-state="UPLOAD_REVIEW"]')
    driver.find_element(By.ID, "inquiry-upload").send_keys(photo_file())
    wait_for(driver, "#inquiry-image", "document-photo.png")
    screenshot(driver, "inquiry-upload-review")
    submit(driver)
    wait_for(driver, "#inquiry-identity", timeout=40)
    assert "ERIKA" in driver.find_element(By.ID, "inquiry-identity").text.upper()
    screenshot(driver, "inquiry-identity")


def test_the_handoff_shows_its_qr_code_and_continue_here_comes_back(stack, driver):
    _, code = stack.create_inquiry("tmpl_full")
    driver.get(stack.page_url("org-demo", code=code))
    wait_for(driver, '#inquiry-screen[data-step="personal"]')
    wait_for(driver, '#inquiry-button-handoff[data-intent="HANDOFF"]').click()
    image = wait_for(driver, "#inquiry-handoff-qr")
    assert image.get_attribute("src").split("?")[0].endswith("/qr.svg")
    assert image.get_attribute("alt")
    assert wait_for(driver, "#inquiry-handoff-code").text
    driver.execute_script("return arguments[0].decode()", image)
    assert driver.execute_script("return arguments[0].naturalWidth", image) > 0
    screenshot(driver, "inquiry-handoff")
    wait_for(driver, "#inquiry-continue-here").click()
    wait_for(driver, '#inquiry-screen[data-step="personal"]')
    screenshot(driver, "inquiry-handoff-continued-here")


def test_an_unknown_launch_code_shows_the_failure_notice(stack, driver):
    driver.get(stack.page_url("org-demo", code="ilc_unknownlaunchcode"))
    notice = wait_for(driver, "#inquiry-failure")
    assert notice.get_attribute("role") == "alert"
    assert wait_for(driver, "#inquiry-title").text
    screenshot(driver, "inquiry-failure-notice")
    wait_for(driver, "#inquiry-close").click()
    wait_for(driver, "#inquiry-code")
