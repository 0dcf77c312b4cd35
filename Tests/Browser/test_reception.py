"""The documents screen's reception banner (Clients/web js/screens/documents.js, docs/documents.md
"FolioDocumentReception"): an issuance the issuer declines shows NOT_ISSUED without a retry, and a pass that
fails shows FAILED with Retry, which sends RETRY and clears it."""

import contextlib
import datetime
import threading
import time
import uuid

from selenium.webdriver.support.ui import WebDriverWait

from browser import screenshot, wait_for
from contract import drain
from test_auth import sign_up
from test_documents import COMPLETE_MEMBERSHIP, launch_code, open_screen, reception


@contextlib.contextmanager
def emulator_clock_on_the_wall_clock(stack):
    """Keeps the emulator's clock (which stands still in test mode) on the wall clock, so the issuer's read
    interval passes, as the documents journey does."""
    running = threading.Event()
    running.set()

    def follow():
        while running.is_set():
            now = datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')
            with contextlib.suppress(Exception):  # the next round sets it again
                stack.admin('POST', '/admin/clock', {'set': now})
            time.sleep(0.5)

    thread = threading.Thread(target=follow, daemon=True)
    thread.start()
    try:
        yield
    finally:
        running.clear()
        thread.join()


def issuance_ids(stack):
    return {item['issuance']['id'] for item in stack.admin('GET', '/admin/issuances')['items']}


def reception_text(driver):
    return driver.execute_script("return document.getElementById('reception')?.textContent")


def test_a_declined_issuance_shows_not_issued_and_a_failed_pass_is_retried_from_the_banner(stack, driver):
    driver.set_script_timeout(60)
    with emulator_clock_on_the_wall_clock(stack):
        sign_up(stack, driver, 'org_bluebank', f'reception.{uuid.uuid4().hex[:8]}@example.org')
        # The vault's first sync publishes the account's vault keys, which an issuer seals documents to.
        open_screen(driver, 'vault')
        WebDriverWait(driver, 30).until(lambda d: d.execute_script(
            "return document.getElementById('vault-sync')?.textContent.includes('Last synced')"))
        open_screen(driver, 'documents')
        wait_for(driver, '#documents-refresh')
        WebDriverWait(driver, 20).until(lambda d: reception(d) is not None, 'the reception line is drawn')

        # An inquiry on this page's runtime offers a membership card; the issuer declines it.
        before = issuance_ids(stack)
        created = stack.create_inquiry('tmpl_membership', 'org_bluebank')
        assert driver.execute_async_script(COMPLETE_MEMBERSHIP, launch_code(created)) == 'COMPLETED'
        offered = issuance_ids(stack) - before
        assert len(offered) == 1, offered
        stack.admin('POST', f'/admin/issuances/{offered.pop()}/decide',
                    {'decision': 'DECLINE', 'reason': 'Not a member'})
        WebDriverWait(driver, 60).until(lambda d: reception(d) == 'NOT_ISSUED', 'the reception shows NotIssued')
        assert reception_text(driver) == 'The issuer declined to issue the document'
        assert not driver.find_elements('id', 'reception-retry'), 'NotIssued offers no retry'
        screenshot(driver, 'reception-not-issued')

        # The next pass cannot list the invites: FAILED with Retry; the retry's pass goes through.
        stack.admin('POST', '/admin/faults', {'route': 'GET /v1/vault/issued-invites', 'count': 1, 'status': 400})
        try:
            wait_for(driver, '#documents-refresh').click()
            WebDriverWait(driver, 30).until(lambda d: reception(d) == 'FAILED', 'the reception shows Failed')
            retry = wait_for(driver, '#reception-retry')
            assert retry.text == 'Retry'
            assert "Couldn’t receive the document" in reception_text(driver)
            screenshot(driver, 'reception-failed')
            drain(driver)
            retry.click()
            WebDriverWait(driver, 30).until(lambda d: reception(d) == 'IDLE', 'the retried pass ends Idle')
            sent = [entry['request']['params']['action'] for entry in drain(driver)
                    if entry['kind'] == 'rpc' and entry['request']['method'] == 'store.dispatch']
            assert {'type': 'RETRY'} in sent, sent
            screenshot(driver, 'reception-retried')
        finally:
            stack.admin('DELETE', '/admin/faults')
