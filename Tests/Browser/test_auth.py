"""The sign-in screen (js/screens/auth.js) driven by AuthStore's model: password, an emailed code, a sign-up
with its recovery code in German; errors at their input, focus on the new step's heading.

The emulator allows 10 starts per account for the session's stack (its clock stands still): chen.wei starts
twice here."""

import base64
import datetime
import hashlib
import hmac
import struct
import uuid

from selenium.webdriver.common.by import By

from browser import screenshot, wait_for


def totp(secret: str, unix: int, digits: int = 6, period: int = 30) -> str:
    """RFC 6238 with HMAC-SHA1, the emulator's authenticator codes."""
    key = base64.b32decode(secret.upper() + "=" * (-len(secret) % 8))
    digest = hmac.new(key, struct.pack(">Q", unix // period), hashlib.sha1).digest()
    offset = digest[-1] & 0x0F
    number = struct.unpack(">I", digest[offset:offset + 4])[0] & 0x7FFFFFFF
    return str(number % 10**digits).zfill(digits)


def active_id(driver):
    return driver.execute_script("return document.activeElement && document.activeElement.id")


def start_sign_in(stack, driver, organization, email, **query):
    driver.get(stack.page_url(organization, screen="auth", **query))
    field = wait_for(driver, "#auth-email")
    field.clear()
    field.send_keys(email)
    screenshot(driver, f"auth-start-{email.split('@')[0].split('.')[0]}")
    wait_for(driver, "#auth-submit").click()


def test_sign_in_with_a_password_shows_a_wrong_one_at_its_input(stack, driver):
    start_sign_in(stack, driver, "org_bluebank", "chen.wei@example.net")
    wait_for(driver, '#auth-screen[data-phase="PASSWORD"]')
    assert active_id(driver) == "auth-title", "a new step puts the focus on its heading"
    assert driver.find_element(By.CSS_SELECTOR, 'label[for="auth-password"]').text
    screenshot(driver, "auth-password")

    wait_for(driver, "#auth-password").send_keys("not-the-password")
    wait_for(driver, "#auth-submit").click()
    error = wait_for(driver, "#auth-password-error")
    assert error.text == "The password is not correct."
    password = driver.find_element(By.ID, "auth-password")
    assert password.get_attribute("aria-invalid") == "true"
    assert "auth-password-error" in password.get_attribute("aria-describedby")
    assert active_id(driver) == "auth-password", "the focus goes to the input in error"
    screenshot(driver, "auth-wrong-password")

    password.clear()
    password.send_keys("chen-Password-1")
    wait_for(driver, "#auth-submit").click()
    wait_for(driver, '#auth-screen[data-flow="AUTHENTICATED"]')
    wait_for(driver, "#auth-to-session").click()
    wait_for(driver, "#session-identity", "chen.wei@example.net")
    screenshot(driver, "auth-password-session")
    assert driver.find_element(By.ID, "session-identity").get_attribute("data-identity") == "AUTHENTICATED"


def test_sign_in_with_an_emailed_code(stack, driver):
    start_sign_in(stack, driver, "org_civic", "emil.larsen@example.dk")
    wait_for(driver, '#auth-screen[data-phase="OTP"]')
    hint = driver.find_element(By.ID, "auth-otp-hint").text
    assert "6" in hint and "@" in hint, hint
    screenshot(driver, "auth-otp")

    wait_for(driver, "#auth-otp").send_keys("000000")
    wait_for(driver, "#auth-submit").click()
    assert wait_for(driver, "#auth-otp-error").text == "The code is not correct."
    screenshot(driver, "auth-otp-wrong-code")

    code = stack.last_code("emil.larsen@example.dk")
    otp = driver.find_element(By.ID, "auth-otp")
    otp.clear()
    otp.send_keys(code)
    wait_for(driver, "#auth-submit").click()
    wait_for(driver, '#auth-screen[data-flow="AUTHENTICATED"]')
    screenshot(driver, "auth-code-signed-in")


def test_an_alternative_switches_from_the_password_to_a_code(stack, driver):
    start_sign_in(stack, driver, "org_bluebank", "chen.wei@example.net")
    wait_for(driver, '#auth-screen[data-phase="PASSWORD"]')
    wait_for(driver, '#auth-alt-otp[data-method="OTP"]').click()
    wait_for(driver, '#auth-screen[data-phase="OTP"]')
    screenshot(driver, "auth-alternative-otp")
    wait_for(driver, "#auth-otp").send_keys(stack.last_code("chen.wei@example.net"))
    wait_for(driver, "#auth-submit").click()
    wait_for(driver, '#auth-screen[data-flow="AUTHENTICATED"]')


def test_a_sign_up_in_german_shows_the_recovery_code_until_it_is_saved(stack, driver):
    email = f"new.{uuid.uuid4().hex[:8]}@example.org"
    driver.get(stack.page_url("org_bluebank", screen="auth", locale="de"))
    wait_for(driver, "#auth-title", "Anmelden")
    wait_for(driver, "#auth-email").send_keys(email)
    wait_for(driver, "#auth-region-eu").click()
    screenshot(driver, "auth-sign-up-de-start")
    wait_for(driver, "#auth-submit").click()

    wait_for(driver, '#auth-screen[data-phase="NEW_PASSWORD"]')
    assert wait_for(driver, "#auth-title").text == "Neues Passwort wählen"
    assert "Europäische Union" in driver.find_element(By.ID, "auth-region").text
    screenshot(driver, "auth-sign-up-de-new-password")
    wait_for(driver, "#auth-new-password").send_keys("a-Long-new-password-7")
    wait_for(driver, "#auth-submit").click()

    wait_for(driver, '#auth-screen[data-flow="AWAITING_RECOVERY_CODE_ACK"]')
    assert wait_for(driver, "#auth-recovery-code-value").text.strip()
    assert driver.find_element(By.ID, "auth-ack").text == "Ich habe ihn gesichert"
    screenshot(driver, "auth-recovery-code-de")
    driver.find_element(By.ID, "auth-ack").click()
    wait_for(driver, '#auth-screen[data-flow="AUTHENTICATED"]')
    wait_for(driver, "#auth-to-session").click()
    wait_for(driver, "#session-identity", email)


def test_cancel_returns_to_the_start(stack, driver):
    start_sign_in(stack, driver, "org_bluebank", "dana@example.org")
    wait_for(driver, '#auth-screen[data-phase="PASSWORD"]')
    wait_for(driver, "#auth-cancel").click()
    wait_for(driver, '#auth-screen[data-flow="IDLE"]')
    screenshot(driver, "auth-cancelled")
    assert driver.find_element(By.ID, "auth-email").get_attribute("value") == "dana@example.org"


def test_a_closed_passkey_dialog_is_reported_and_can_be_opened_again(stack, driver):
    start_sign_in(stack, driver, "org_bluebank", "pia@example.org")
    wait_for(driver, '#auth-screen[data-phase="PASSKEY"]')
    screenshot(driver, "auth-passkey")
    # The dialog is closed by the person: the browser rejects with NotAllowedError.
    driver.execute_script(
        "navigator.credentials.get = () => Promise.reject(new DOMException('closed', 'NotAllowedError'));"
    )
    wait_for(driver, "#auth-passkey").click()
    wait_for(driver, '#auth-screen[data-error="PASSKEY_CANCELLED"]')
    assert wait_for(driver, "#auth-banner").text == "The passkey request was cancelled."
    screenshot(driver, "auth-passkey-cancelled")
    assert wait_for(driver, "#auth-passkey").is_enabled()


def test_a_device_approval_refused_shows_at_its_input_and_a_recovery_code_goes_on(stack, driver):
    start_sign_in(stack, driver, "org_bluebank", "omar@example.org")
    wait_for(driver, "#auth-password").send_keys("omar-Password-4")
    wait_for(driver, "#auth-submit").click()
    wait_for(driver, '#auth-screen[data-phase="DEVICE_APPROVAL"]')
    assert wait_for(driver, "#auth-device [data-fingerprint]").text
    screenshot(driver, "auth-device-approval")
    wait_for(driver, "#auth-transfer-ack").send_keys("c2lnbmF0dXJl")
    wait_for(driver, "#auth-submit").click()
    assert wait_for(driver, "#auth-transfer-ack-error").text == "The approval from your other device was not accepted."
    screenshot(driver, "auth-device-approval-refused")

    wait_for(driver, '#auth-alt-recovery-code[data-method="RECOVERY_CODE"]').click()
    wait_for(driver, '#auth-screen[data-phase="RECOVERY_CODE"]')
    screenshot(driver, "auth-recovery-code")
    wait_for(driver, "#auth-recovery-code").send_keys("omar-3hvn 8rlc-2zeg")
    wait_for(driver, "#auth-submit").click()
    wait_for(driver, '#auth-screen[data-flow="AUTHENTICATED"]')
    screenshot(driver, "auth-after-recovery-code")


def test_a_password_then_an_authenticator_code(stack, driver):
    start_sign_in(stack, driver, "org_bluebank", "dana@example.org")
    wait_for(driver, "#auth-password").send_keys("dana-Password-2")
    wait_for(driver, "#auth-submit").click()
    wait_for(driver, '#auth-screen[data-phase="TOTP"]')
    screenshot(driver, "auth-totp")
    # The emulator's clock (test mode) decides which code is current.
    now = stack.admin("GET", "/admin/clock")["now"]
    unix = int(datetime.datetime.fromisoformat(now.replace("Z", "+00:00")).timestamp())
    wait_for(driver, "#auth-totp").send_keys(totp("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", unix))
    wait_for(driver, "#auth-submit").click()
    wait_for(driver, '#auth-screen[data-flow="AUTHENTICATED"]')
    screenshot(driver, "auth-totp-signed-in")


def sign_up(stack, driver, organization, email):
    """A new account for `email` through the sign-in screen (a new password, the recovery code acknowledged),
    so no other test's sign-in starts are spent; ends on AUTHENTICATED."""
    start_sign_in(stack, driver, organization, email)
    wait_for(driver, '#auth-screen[data-phase="NEW_PASSWORD"]')
    wait_for(driver, "#auth-new-password").send_keys("a-Long-new-password-8")
    wait_for(driver, "#auth-submit").click()
    wait_for(driver, '#auth-screen[data-flow="AWAITING_RECOVERY_CODE_ACK"]')
    wait_for(driver, "#auth-ack").click()
    wait_for(driver, '#auth-screen[data-flow="AUTHENTICATED"]')


def test_sign_out_on_the_session_screen_turns_the_account_back_into_a_guest(stack, driver):
    email = f"leaving.{uuid.uuid4().hex[:8]}@example.org"
    sign_up(stack, driver, "org_bluebank", email)
    wait_for(driver, "#auth-to-session").click()
    wait_for(driver, '#session-identity[data-identity="AUTHENTICATED"]', email)
    screenshot(driver, "session-signed-in")

    wait_for(driver, "#sign-out").click()
    identity = wait_for(driver, '#session-identity:not([data-identity="AUTHENTICATED"])')
    assert identity.text == "Guest"
    assert not driver.find_elements(By.ID, "sign-out")
    assert wait_for(driver, "#go-sign-in").is_enabled()
    screenshot(driver, "session-signed-out")
