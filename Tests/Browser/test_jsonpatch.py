"""The page's JSON Patch applier (Clients/web/js/jsonpatch.js), run in Chromium on the conformance suite the
Swift applier passes (Tests/FolioModelTests/Vectors/json-patch), and deltas followed by a real page."""

import json
from pathlib import Path

from selenium.webdriver.common.by import By

from browser import screenshot, wait_for
from test_vault import record_titled

VECTORS = Path(__file__).resolve().parents[1] / "FolioModelTests" / "Vectors" / "json-patch"

RUN_SUITE = r"""
const [cases, done] = arguments;
import('/js/jsonpatch.js').then(({ applyPatch }) => {
  const failures = [];
  let checked = 0;
  const equal = (a, b) => JSON.stringify(sort(a)) === JSON.stringify(sort(b));
  const sort = (value) => Array.isArray(value) ? value.map(sort)
    : value && typeof value === 'object' ? Object.fromEntries(Object.keys(value).sort().map((k) => [k, sort(value[k])]))
    : value;
  for (const c of cases) {
    if (c.disabled) continue;
    checked += 1;
    const before = JSON.stringify(c.doc);
    let result, error = null;
    try { result = applyPatch(c.doc, c.patch); } catch (e) { error = String(e); }
    if (JSON.stringify(c.doc) !== before) failures.push(`${c.comment}: the document held was changed`);
    if ('error' in c) { if (error === null) failures.push(`${c.comment}: applied, expected ${c.error}`); }
    else if (error !== null) failures.push(`${c.comment}: ${error}`);
    else if ('expected' in c && !equal(result, c.expected)) failures.push(`${c.comment}: ${JSON.stringify(result)}`);
  }
  done({ checked, failures });
}, (error) => done({ checked: 0, failures: [String(error)] }));
"""


def run_suite(driver, name: str) -> dict:
    cases = json.loads((VECTORS / f"{name}.json").read_text())
    return driver.execute_async_script(RUN_SUITE, cases)


def test_the_pages_patch_applier_passes_the_conformance_suite_without_changing_the_model_it_holds(stack, driver):
    driver.get(stack.page_url("org-demo"))
    wait_for(driver, "#session-identity")
    for name, enabled in (("tests", 92), ("spec_tests", 16)):
        outcome = run_suite(driver, name)
        assert outcome["failures"] == []
        assert outcome["checked"] == enabled


def test_many_operations_on_an_array_and_a_copy_of_a_changed_container_apply_leaving_the_held_model(stack, driver):
    # The applier copies a container once per patch and changes that copy in place afterwards; what a `copy`
    # op takes from such a container is a value of its own.
    records = [{"id": f"r{i}", "sync": {"dirty": True}} for i in range(300)]
    cases = [
        {
            "comment": "one operation per element of a large array",
            "doc": {"records": records},
            "patch": [{"op": "replace", "path": f"/records/{i}/sync/dirty", "value": False} for i in range(300)],
            "expected": {"records": [{"id": f"r{i}", "sync": {"dirty": False}} for i in range(300)]},
        },
        {
            "comment": "a copy of a container changed earlier in the patch, then changed apart",
            "doc": {"a": {"x": 1}},
            "patch": [
                {"op": "replace", "path": "/a/x", "value": 2},
                {"op": "copy", "from": "/a", "path": "/b"},
                {"op": "replace", "path": "/b/x", "value": 3},
            ],
            "expected": {"a": {"x": 2}, "b": {"x": 3}},
        },
    ]
    driver.get(stack.page_url("org-demo"))
    wait_for(driver, "#session-identity")
    outcome = driver.execute_async_script(RUN_SUITE, cases)
    assert outcome == {"checked": 2, "failures": []}


def test_the_page_follows_a_store_by_patches_after_its_first_model(stack, driver):
    driver.get(f"{stack.gateway_url}/?screen=vault")
    wait_for(driver, "#vault-sync")
    for title in ("First", "Second"):
        driver.find_element(By.ID, "vault-new-title").send_keys(title)
        driver.find_element(By.ID, "vault-create").click()
        record_titled(driver, "vault-records", title)
    screenshot(driver, "jsonpatch-vault-two-records")
    recorded = driver.execute_script("return (window.__folioContract || []).filter((e) => e.kind === 'sse');")
    patches = [entry["data"] for entry in recorded if entry["data"] and "patch" in entry["data"]]
    assert recorded[0]["data"]["model"] is not None, "the first state of a stream is whole"
    assert patches, "later states came as patches"
    assert all(patch["patch"] for patch in patches), "a patch event carries the change"
