"""German chosen mid-journey with the page's language selector (`#language`): a sign-up on the sign-in screen
and an inquiry on a verification step go on where they were, with the page's labels and the models' texts in
German. A sign-up makes a new account each run, so Folio's limit of sign-in starts per account never applies."""

import uuid

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from browser import screenshot, wait_for


def choose_german(driver):
    Select(wait_for(driver, "#language")).select_by_value("de")
    wait_for(driver, "#language-text", "Sprache")


def test_german_chosen_during_a_sign_up_on_the_sign_in_screen(stack, driver):
    email = f"neu.{uuid.uuid4().hex[:8]}@example.org"
    driver.get(stack.page_url("org_bluebank", screen="auth", locale="en"))
    wait_for(driver, "#auth-title", "Sign in")
    wait_for(driver, "#auth-email").send_keys(email)
    wait_for(driver, "#auth-region-eu").click()
    wait_for(driver, "#auth-submit").click()
    wait_for(driver, '#auth-screen[data-phase="NEW_PASSWORD"]')
    assert wait_for(driver, "#auth-title").text == "Choose a new password"
    assert "European Union" in driver.find_element(By.ID, "auth-region").text
    screenshot(driver, "german-auth-before")

    choose_german(driver)
    # The page's labels at once, the phase kept.
    wait_for(driver, "#auth-title", "Neues Passwort wählen")
    assert driver.find_element(By.CSS_SELECTOR, 'label[for="auth-new-password"]').text == "Neues Passwort"
    assert driver.find_element(By.ID, "nav-auth").text == "Anmelden"
    assert driver.find_element(By.CSS_SELECTOR, "#auth-region legend").text == "Wo deine Dokumente gespeichert werden"
    assert driver.find_element(By.CSS_SELECTOR, "html").get_attribute("lang") == "de"
    assert wait_for(driver, "#auth-screen").get_attribute("data-phase") == "NEW_PASSWORD"

    # A weak password: the error in German; the store's next model has the region titles in German.
    wait_for(driver, "#auth-new-password").send_keys("kurz")
    wait_for(driver, "#auth-submit").click()
    error = wait_for(driver, "#auth-new-password-error")
    assert error.text.startswith("Dieses Passwort ist zu schwach."), error.text
    wait_for(driver, "#auth-region", "Europäische Union")
    screenshot(driver, "german-auth-weak-password")

    password = driver.find_element(By.ID, "auth-new-password")
    password.clear()
    password.send_keys("ein-Langes-neues-Passwort-9")
    wait_for(driver, "#auth-submit").click()
    wait_for(driver, '#auth-screen[data-flow="AWAITING_RECOVERY_CODE_ACK"]')
    assert wait_for(driver, "#auth-ack").text == "Ich habe ihn gesichert"
    screenshot(driver, "german-auth-recovery-code")
    driver.find_element(By.ID, "auth-ack").click()
    wait_for(driver, '#auth-screen[data-flow="AUTHENTICATED"]')
    assert wait_for(driver, "#auth-title").text == "Du bist angemeldet"
    screenshot(driver, "german-auth-signed-in")


def test_german_chosen_on_a_verification_step_of_an_inquiry(stack, driver):
    _, code = stack.create_inquiry("tmpl_email")
    driver.get(stack.page_url("org-demo", code=code))
    wait_for(driver, '#inquiry-verification[data-kind="EMAIL_OTP"][data-state="VERIFY"]')
    assert wait_for(driver, "#inquiry-title").text == "Your email address"
    wait_for(driver, "#inquiry-contact").send_keys("erika.de@example.com")
    screenshot(driver, "german-inquiry-before")

    choose_german(driver)
    wait_for(driver, '#inquiry[lang="de"]')
    assert wait_for(driver, "#inquiry-title").text == "Deine E-Mail-Adresse"
    assert driver.find_element(By.CSS_SELECTOR, 'label[for="inquiry-contact"]').text == "E-Mail *"
    assert driver.find_element(By.ID, "inquiry-contact").get_attribute("value") == "erika.de@example.com"
    assert driver.find_element(By.ID, "nav-inquiry").text == "Verifizierung"
    screenshot(driver, "german-inquiry-verify")

    # The journey goes on in German: the code is sent, the next state's texts and the page's hint are German.
    wait_for(driver, '#inquiry button.primary[data-intent="SUBMIT"]:not(:disabled)', "Code senden").click()
    wait_for(driver, '#inquiry-verification[data-state="CONFIRM"]')
    assert wait_for(driver, "#inquiry-title").text == "Gib den Code ein"
    assert driver.find_element(By.ID, "inquiry-otp-hint").text.startswith("6 Ziffern.")
    screenshot(driver, "german-inquiry-confirm")
