"""The demo inquiry `make run` prints, completed in the page: the same request (scripts/demo-inquiry.json, which
scripts/run-stack.sh sends), the same URL form, every step and field kind of its template, the end and the
redirect."""

import json
from datetime import date, timedelta

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from browser import assert_no_console_errors, network_events, new_driver, screenshot, wait_for, wait_for_value
from contract import drain, models
from stack import OUTPUT, ROOT

DEMO = json.loads((ROOT / "scripts" / "demo-inquiry.json").read_text())
"""What scripts/run-stack.sh asks the emulator for: organizationId, templateId, launchCodeTtlSeconds."""


def template(template_id):
    path = ROOT / "Services" / "FolioEmulator" / "Fixtures" / "inquiry" / f"{template_id}.json"
    return json.loads(path.read_text())["inquiryTemplates"][0]


def proof_of_address():
    """A one-page PDF for the FILE field (it accepts JPEG and PDF)."""
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] >>",
    ]
    body, offsets = b"%PDF-1.4\n", []
    for number, content in enumerate(objects, start=1):
        offsets.append(len(body))
        body += b"%d 0 obj\n" % number + content + b"\nendobj\n"
    xref = len(body)
    body += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    body += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    body += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    path = OUTPUT / "proof-of-address.pdf"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(body)
    return str(path)


def next_weekday_in(days):
    """An ISO date `days` from today that is not a Sunday (the appointment field disables Sundays)."""
    day = date.today() + timedelta(days=days)
    return (day + timedelta(days=1) if day.weekday() == 6 else day).isoformat()


def field(driver, field_id, suffix=""):
    return wait_for(driver, f"#inquiry-field-{field_id}{suffix}")


def submit(driver, step):
    wait_for(driver, f'#inquiry-screen[data-step="{step}"] button.primary[data-intent="SUBMIT"]:not(:disabled)').click()


def fill_personal(driver):
    field(driver, "f_full_name").send_keys("Ada Lovelace")
    field(driver, "f_customer_number").send_keys("12345")
    wait_for_value(driver, "#inquiry-field-f_customer_number", "12-345")
    field(driver, "f_birth_date").send_keys("10121985")
    wait_for_value(driver, "#inquiry-field-f_birth_date", "10.12.1985")
    # A datetime-local picker takes no typing in a steady way: its value is set as picking it would, then change.
    appointment = f"{next_weekday_in(14)}T10:30"
    driver.execute_script(
        "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('change', {bubbles: true}));",
        field(driver, "f_appointment"), appointment)
    wait_for_value(driver, "#inquiry-field-f_appointment", appointment)


def fill_contact(driver):
    Select(field(driver, "f_phone", "-country")).select_by_value("DE")
    field(driver, "f_phone").send_keys("015112345678")
    wait_for_value(driver, "#inquiry-field-f_phone", "01511 2345678")
    field(driver, "f_website").send_keys("https://ada.example.org")
    field(driver, "f_notes").send_keys("Please call in the afternoon.")
    field(driver, "f_household_size").send_keys("3")
    address = {"line1": "Hauptstraße 1", "city": "Berlin", "postal_code": "10115", "country": "DE"}
    for part, value in address.items():
        field(driver, "f_address", f"-{part}").send_keys(value)
    for part, value in address.items():  # each part as typed, though the others were typed after it
        wait_for_value(driver, f"#inquiry-field-f_address-{part}", value)


def fill_choices(driver):
    Select(field(driver, "f_nationality")).select_by_value("DE")
    Select(field(driver, "f_document_type")).select_by_value("passport")
    field(driver, "f_interests", "-0").click()
    wait_for(driver, "#inquiry-field-f_interests-0:checked")
    field(driver, "f_contact_preference", "-0").click()
    wait_for(driver, "#inquiry-field-f_contact_preference-0:checked")
    driver.find_element(By.CSS_SELECTOR, 'label[for="inquiry-field-f_terms"]').click()
    wait_for(driver, "#inquiry-field-f_terms:checked")
    field(driver, "f_consents", "-1").click()
    wait_for(driver, "#inquiry-field-f_consents-1:checked")
    driver.find_element(By.ID, "inquiry-field-f_proof_of_address").send_keys(proof_of_address())
    wait_for(driver, "#inquiry-field-f_proof_of_address-hint", "proof-of-address.pdf")


def sent_actions(events):
    """The store.dispatch actions in the network events, in order, with each one's index among the events."""
    actions = []
    for index, event in enumerate(events):
        request = event["params"].get("request", {}) if event["method"] == "Network.requestWillBeSent" else {}
        if request.get("url", "").endswith("/rpc") and request.get("postData"):
            call = json.loads(request["postData"])
            if call.get("method") == "store.dispatch":
                actions.append((index, call["params"]["action"]))
    return actions


def test_the_demo_inquiry_make_run_prints_goes_through_every_step_to_its_redirect(stack):
    redirect = template(DEMO["templateId"])["terminal"]["redirect"]
    _, code = stack.create_inquiry(
        DEMO["templateId"], DEMO["organizationId"], launchCodeTtlSeconds=DEMO["launchCodeTtlSeconds"])
    driver = new_driver(network_log=True)
    try:
        # The URL run-stack.sh prints: /?org=<organization>&code=<launch code>.
        driver.get(f"{stack.gateway_url}/?org={DEMO['organizationId']}&code={code}")

        wait_for(driver, '#inquiry-screen[data-step="personal"]')
        fill_personal(driver)
        screenshot(driver, "demo-1-personal")
        submit(driver, "personal")

        wait_for(driver, '#inquiry-screen[data-step="contact"]')
        fill_contact(driver)
        screenshot(driver, "demo-2-contact")
        submit(driver, "contact")

        wait_for(driver, '#inquiry-screen[data-step="choices"]')
        fill_choices(driver)
        screenshot(driver, "demo-3-choices")
        submit(driver, "choices")

        wait_for(driver, '#inquiry-screen[data-step="review"]')
        assert wait_for(driver, '[data-image="SUCCESS"]').get_attribute("aria-label") == "Done"
        assert driver.find_element(By.CSS_SELECTOR, '[data-image="folio_logo"]').get_attribute("aria-hidden") == "true"
        screenshot(driver, "demo-4-review")
        Select(wait_for(driver, "#inquiry-language")).select_by_value("de")
        wait_for(driver, '#inquiry[lang="de"] #inquiry-title', "Prüfen und abschließen")
        screenshot(driver, "demo-5-review-german")

        drain(driver)  # what the page recorded for the contract check, before it leaves for the redirect
        wait_for(driver, '#inquiry-button-complete[data-intent="COMPLETE"]:not(:disabled)').click()
        WebDriverWait(driver, 30, poll_frequency=0.1).until(lambda d: d.current_url == redirect)
        screenshot(driver, "demo-6-redirect")

        events = network_events(driver)
        # Each stream's states, whole or as a patch from the one before (`delta=1`), by the stream they came on.
        terminal = models([
            {"kind": "sse", "storeId": event["params"]["requestId"], "data": json.loads(event["params"]["data"])}
            for event in events
            if event["method"] == "Network.eventSourceMessageReceived"
            and event["params"].get("eventName") in ("state", "patch")
        ])
        assert any(
            (state["model"].get("inquiry") or {}).get("stage", {}).get("content", {}).get("type") == "TERMINAL"
            and state["model"]["inquiry"]["stage"]["content"]["value"]["outcome"] == "COMPLETED"
            for state in terminal
        )
        actions = sent_actions(events)
        assert [action["type"] for _, action in actions[-2:]] == ["ACT", "CLOSE"]
        assert actions[-2][1]["value"]["type"] == "COMPLETE"
        leaving = next(index for index, event in enumerate(events) if event["method"] == "Network.requestWillBeSent"
                       and event["params"]["request"]["url"] == redirect)
        assert actions[-1][0] < leaving, "the page sent Close before it went to the redirect"
        assert_no_console_errors(driver)
    finally:
        driver.quit()
