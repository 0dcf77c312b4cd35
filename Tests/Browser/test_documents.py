"""The documents screen in a real browser: a membership card issued after an inquiry is received, opened from
the reception banner (which then acknowledges it), and shown with its fields and photo (Clients/web
js/screens/documents.js, docs/web-client.md)."""

import datetime
import json
import threading
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from browser import console_errors, screenshot, wait_for

# Signs the page's runtime in as chen through AuthStore, as the sign-in screen would (docs/auth-store.md).
SIGN_IN_CHEN = """
const done = arguments[arguments.length - 1];
(async () => {
  const { mount } = await import('/js/store.js');
  const auth = await mount('auth.mount');
  const until = (test) => new Promise((resolve) => auth.subscribe((model) => { if (test(model)) resolve(model); }));
  await auth.dispatch({type: 'START', value: {value: {type: 'SIGN_IN', value: {value: {type: 'WITH_IDENTIFIER',
    value: {identifier: {type: 'EMAIL', value: {value: 'chen.wei@example.net'}}}}}}}});
  const asked = await until((model) => model.flow?.value?.phase?.type === 'PASSWORD' || model.flow?.type === 'FAILED');
  if (asked.flow.type === 'FAILED') return 'FAILED: ' + JSON.stringify(asked.flow.value);
  await auth.dispatch({type: 'ANSWER', value: {value: {type: 'PASSWORD', value: {value: 'chen-Password-1'}}}});
  const model = await until((model) => ['AUTHENTICATED', 'FAILED'].includes(model.flow?.type));
  await auth.close();
  return model.flow.type;
})().then(done, (error) => done('error: ' + error.message));
"""

# Runs an inquiry of tmpl_membership (which offers a membership card) to its end on the page's runtime.
COMPLETE_MEMBERSHIP = """
const [launchCode, done] = arguments;
(async () => {
  const { mount } = await import('/js/store.js');
  const inquiry = await mount('inquiry.mount');
  const until = (test) => new Promise((resolve) => inquiry.subscribe((model) => { if (test(model)) resolve(model); }));
  const step = (model) => model.inquiry?.stage?.content?.value?.stepId;
  await inquiry.dispatch({type: 'OPEN', value: {entry: {type: 'START', value: {launchCode}}}});
  await until((model) => step(model) === 'name' && !model.loading);
  await inquiry.dispatch({type: 'ACT', value: {type: 'EDIT', value: {key: 'name', value: {type: 'TEXT', value: {text: 'Chen Wei'}}}}});
  await inquiry.dispatch({type: 'ACT', value: {type: 'SUBMIT'}});
  await until((model) => step(model) === 'review' && !model.loading);
  await inquiry.dispatch({type: 'ACT', value: {type: 'COMPLETE'}});
  const model = await until((model) => model.inquiry?.stage?.content?.type === 'TERMINAL' && !model.loading);
  await inquiry.close();
  return model.inquiry.stage.content.value.outcome;
})().then(done, (error) => done('error: ' + error.message));
"""


def sign_in_chen(driver):
    """Signs chen in; when Folio refuses the start for now (its limit of starts per identifier in a window of the
    emulator's clock, which the test keeps on the wall clock), waits as long as Folio asks and tries once more."""
    signed_in = driver.execute_async_script(SIGN_IN_CHEN)
    if signed_in.startswith('FAILED') and 'RATE_LIMITED' in signed_in:
        wait = json.loads(signed_in.removeprefix('FAILED: '))['error']['value'].get('retryAfter', 60)
        time.sleep(min(wait, 300) + 2)
        signed_in = driver.execute_async_script(SIGN_IN_CHEN)
    return signed_in


def launch_code(created):
    """The launch code of what `stack.create_inquiry` answered (a dict of Folio's answer or an (id, code) pair)."""
    if isinstance(created, dict):
        return created['launchCode']
    if isinstance(created, (tuple, list)):
        return created[1]
    return getattr(created, 'launch_code', None) or created.code


def reception(driver):
    return driver.execute_script("return document.getElementById('reception')?.dataset.reception")


def open_screen(driver, name):
    driver.execute_script('document.getElementById(arguments[0]).click()', f'nav-{name}')


def test_a_document_is_received_opened_and_acknowledged(stack, driver):
    # The emulator's clock stands still in test mode; it follows the wall clock while the issuance ages.
    running = threading.Event()
    running.set()

    def follow_the_wall_clock():
        while running.is_set():
            now = datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')
            try:
                stack.admin('POST', '/admin/clock', {'set': now})
            except Exception:  # the next round sets it again
                pass
            time.sleep(0.5)

    clock = threading.Thread(target=follow_the_wall_clock, daemon=True)
    clock.start()
    driver.set_script_timeout(60)
    try:
        driver.get(f'{stack.gateway_url}/?screen=session')
        wait_for(driver, '#session-identity')
        assert sign_in_chen(driver) == 'AUTHENTICATED'
        # The vault's first sync publishes chen's vault keys, which the issuer seals the document to.
        open_screen(driver, 'vault')
        WebDriverWait(driver, 30).until(lambda d: d.execute_script(
            "return document.getElementById('vault-sync')?.textContent.includes('Last synced')"))

        open_screen(driver, 'documents')
        # The reception line is empty (so not displayed) while it is IDLE: wait for the screen, then for the line.
        wait_for(driver, '#documents-refresh')
        WebDriverWait(driver, 20).until(lambda d: reception(d) is not None, 'the reception line is drawn')
        before = {item.get_attribute('data-document-id')
                  for item in driver.find_elements(By.CSS_SELECTOR, '#documents-list [data-document-id]')}
        screenshot(driver, 'documents-list-before-reception')
        stack.admin('POST', '/admin/issuances/auto-decide', {'issueAfterSeconds': 0})
        created = stack.create_inquiry('tmpl_membership', 'org_bluebank')
        assert driver.execute_async_script(COMPLETE_MEMBERSHIP, launch_code(created)) == 'COMPLETED'
        # Receiving can be short: the screen is kept as it shows first, Receiving or already Received.
        shown = WebDriverWait(driver, 60, poll_frequency=0.05).until(
            lambda d: reception(d) in ('RECEIVING', 'RECEIVED') and reception(d), 'the reception starts')
        screenshot(driver, f'documents-reception-{shown.lower()}')

        WebDriverWait(driver, 60).until(lambda d: reception(d) == 'RECEIVED', 'the reception shows Received')
        # The banner and the list are drawn again as the model changes: read them in the page, in one step each.
        document_id = WebDriverWait(driver, 20).until(lambda d: d.execute_script(
            "return document.getElementById('reception-open')?.dataset.documentLink"), 'the Received link')
        assert document_id not in before
        wait_for(driver, f'#documents-list [data-document-id="{document_id}"]', 'Membership card')
        assert driver.execute_script(
            'return document.querySelector(arguments[0])?.dataset.status',
            f'#documents-list [data-document-id="{document_id}"]') == 'VALID'
        screenshot(driver, 'documents-received')

        # The link opens the document, then acknowledges: the banner goes. The detail is drawn anew when its photo
        # arrives, which may be between two reads of the test: each is one step in the page, by selector.
        wait_for(driver, '#reception-open')
        driver.execute_script("document.getElementById('reception-open').click()")
        wait_for(driver, f'#document-detail[data-document-id="{document_id}"][data-phase="READY"]')
        assert 'Membership card' in driver.execute_script(
            "return document.querySelector('#document-detail #document-title')?.textContent ?? ''")
        assert WebDriverWait(driver, 20).until(lambda d: d.execute_script(
            "return document.querySelector('#document-detail [data-field-key=\"member_name\"]')?.textContent"),
            'the member_name field') == 'Chen Wei'
        assert not driver.find_element(By.ID, 'documents-list').is_displayed()
        WebDriverWait(driver, 20).until(lambda d: reception(d) == 'IDLE', 'Acknowledge clears Received')

        # The photo is read through attachment.getBytes and shown from a blob URL, revoked once it closes.
        url = WebDriverWait(driver, 20).until(lambda d: d.execute_script(
            "const photo = document.querySelector('#document-detail img[data-photo]');"
            " return photo?.complete && photo.naturalWidth > 0 ? photo.src : null"), 'the photo is shown')
        assert url.startswith('blob:')
        screenshot(driver, 'documents-detail')
        driver.execute_script("document.getElementById('document-back').click()")
        assert driver.find_element(By.ID, 'documents-list').is_displayed()
        # Read back as an image (the page's CSP allows blob: images, and no fetch of blob: URLs).
        revoked = driver.execute_async_script(
            'const [url, done] = arguments; const image = new Image();'
            ' image.onload = () => done(false); image.onerror = () => done(true); image.src = url;', url)
        assert revoked
        # The refused load of the revoked URL is the only console error expected.
        errors = console_errors(driver)
        assert all(url in entry.get('message', '') for entry in errors), errors
        driver.console_entries.clear()
    finally:
        running.clear()
        stack.admin('POST', '/admin/issuances/auto-decide', {'issueAfterSeconds': None})
