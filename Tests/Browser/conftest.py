"""Fixtures of the browser tests: one stack per session, one Chromium per test."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import browser as browser_module  # noqa: E402
from browser import assert_no_console_errors, new_driver, screenshot  # noqa: E402
from contract import Contract, drain  # noqa: E402
from stack import OUTPUT, Stack, http  # noqa: E402
from y4m import write_card_video  # noqa: E402


@pytest.fixture(scope="session")
def stack():
    """The whole stack (PostgreSQL, NATS, emulator, every service, the Gateway serving Clients/web), started
    once for the session and stopped at its end; logs in <output>/logs/."""
    with Stack() as started:
        print(f"\nstack up in {started.startup_seconds:.1f} s at {started.gateway_url}, logs in {started.logs}")
        yield started


@pytest.fixture(scope="session")
def contract(stack) -> Contract:
    """The OpenRPC document the Gateway serves, ready to validate traffic (contract.py); at the end of the
    session it prints how many models, actions and results of each kind were validated."""
    status, _, document = http("GET", f"{stack.gateway_url}/openrpc.json")
    assert status == 200, document
    checked = Contract(document=document)
    yield checked
    print("\nvalidated against the OpenRPC document: " + ", ".join(f"{n} {k}" for k, n in sorted(checked.checked.items())))


@pytest.fixture(autouse=True)
def traffic_keeps_the_contract(request):
    """Every JSON-RPC exchange and SSE model of every browser the test made is validated against the OpenRPC
    document when the test ends (contract.py)."""
    browser_module.CREATED.clear()
    yield
    drivers = list(browser_module.CREATED)
    browser_module.CREATED.clear()
    if not drivers:
        return
    failed = getattr(request.node, "report_call", None)
    checked = request.getfixturevalue("contract")
    violations = []
    for made in drivers:
        violations += checked.check_all(drain(made))
    if failed is None or not failed.failed:
        assert violations == [], "\n".join(violations[:40])


@pytest.fixture(scope="session")
def card_video() -> Path:
    """The generated ID card video (y4m.write_card_video), written once per session, for
    `new_driver(fake_video=card_video)`."""
    return write_card_video(OUTPUT / "card.y4m")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, "report_" + report.when, report)


@pytest.fixture
def driver(request):
    """A headless Chromium for one test. At its end: a screenshot `<test name>-end.png`, then a failure for
    any console error (unless the test failed already). A test that expects console errors reads them
    with browser.console_errors(driver) and clears `driver.console_entries` itself."""
    browser = new_driver()
    try:
        yield browser
        screenshot(browser, f"{request.node.name}-end")
        failed = getattr(request.node, "report_call", None)
        if failed is None or not failed.failed:
            assert_no_console_errors(browser)
    finally:
        browser.quit()
