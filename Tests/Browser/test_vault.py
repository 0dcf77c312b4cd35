"""The vault screen in a real browser: a note created, edited, moved to the trash and restored (Clients/web
js/screens/vault.js, docs/web-client.md)."""

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from browser import screenshot, wait_for


def record_titled(driver, list_id, title, timeout=20):
    """The record of list `list_id` whose title is `title`, once the model shows it: its id, data attributes and
    payload, read at once (every model renders the list anew, so elements do not last)."""
    read = """
      const [listId, title] = arguments;
      for (const item of document.querySelectorAll(`#${listId} [data-record-id]`)) {
        if (item.querySelector('.vault-record-title')?.textContent !== title) continue;
        return {id: item.dataset.recordId, key: item.dataset.recordKey, schema: item.dataset.schema,
                state: item.dataset.state,
                payload: item.querySelector('[data-payload]').textContent};
      }
      return null;
    """
    return WebDriverWait(driver, timeout).until(
        lambda d: d.execute_script(read, list_id, title), f'{title!r} in #{list_id}')


def click(driver, record, action):
    """Clicks the control of `action` of the record (looked up by its id when clicked)."""
    driver.execute_script(
        'document.querySelector(`[data-record-id="${arguments[0]}"] [data-action="${arguments[1]}"]`).click()',
        record['id'], action)


def type_into(driver, css, text, clear=False):
    """Types into the field at `css`; a model that renders the field anew meanwhile keeps what was typed, so the
    rest is typed into the new one."""
    for _ in range(5):
        try:
            field = wait_for(driver, css)
            if clear:
                field.clear()
                clear = False
            field.send_keys(text)
            return
        except StaleElementReferenceException:
            continue
    raise AssertionError(f'{css} kept changing')


def js_click(driver, css):
    driver.execute_script('document.querySelector(arguments[0]).click()', css)


def test_a_note_is_created_edited_trashed_and_restored(stack, driver):
    driver.get(f'{stack.gateway_url}/?screen=vault')
    wait_for(driver, '#vault-sync')

    # Created: the title is required, then the note shows with its payload as text.
    driver.find_element(By.ID, 'vault-create').click()
    wait_for(driver, '#vault-new-title-error', 'Enter a title.')
    screenshot(driver, 'vault-title-required')
    driver.find_element(By.ID, 'vault-new-title').send_keys('Visa')
    driver.find_element(By.ID, 'vault-new-text').send_keys('valid until 2030')
    driver.find_element(By.ID, 'vault-create').click()
    note = record_titled(driver, 'vault-records', 'Visa')
    assert note['schema'] == 'note'
    assert note['state'] == 'ACTIVE'  # a record's state is a plain string on the wire
    assert note['key'] == note['id'], 'a guest record keeps its local id, which is its key'
    assert '"title":"Visa"' in note['payload']
    assert driver.find_element(By.ID, 'vault-new-title').get_attribute('value') == ''
    screenshot(driver, 'vault-created')

    # Edited in place.
    click(driver, note, 'edit')
    wait_for(driver, '#vault-edit-title')
    assert driver.switch_to.active_element.get_attribute('id') == 'vault-edit-title'
    screenshot(driver, 'vault-edit-form')
    type_into(driver, '#vault-edit-title', 'Visa renewed', clear=True)
    js_click(driver, '#vault-save')
    note = record_titled(driver, 'vault-records', 'Visa renewed')
    assert 'valid until 2030' in note['payload']
    assert not driver.find_elements(By.ID, 'vault-edit-form')
    screenshot(driver, 'vault-edited')

    # Trashed: it leaves the records for the trash.
    click(driver, note, 'trash')
    trashed = record_titled(driver, 'vault-trash', 'Visa renewed')
    assert trashed['state'] == 'DELETED'
    wait_for(driver, '#vault-records-empty')
    screenshot(driver, 'vault-trashed')

    # Restored: back among the records, the trash empty.
    click(driver, trashed, 'restore')
    restored = record_titled(driver, 'vault-records', 'Visa renewed')
    assert restored['state'] == 'ACTIVE'
    assert restored['key'] == note['key'], 'the key stays through every change'
    wait_for(driver, '#vault-trash-empty')

    # A guest cannot sync: the store's error shows as a banner until dismissed.
    js_click(driver, '#vault-sync-now')
    wait_for(driver, '#vault-error')
    assert driver.execute_script(
        "return document.getElementById('vault-error').dataset.error") == 'TRANSIENT_NOT_SUPPORTED'
    js_click(driver, '#vault-dismiss-error')
    WebDriverWait(driver, 20).until(lambda d: not d.find_elements(By.ID, 'vault-error'))
    screenshot(driver, 'vault-restored')
