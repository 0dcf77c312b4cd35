"""Fixtures of the browser tests: one stack per session, one Chromium per test."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from browser import assert_no_console_errors, new_driver, screenshot  # noqa: E402
from stack import OUTPUT, Stack  # noqa: E402
from y4m import write_card_video  # noqa: E402


@pytest.fixture(scope="session")
def stack():
    """The whole stack (PostgreSQL, NATS, emulator, every service, the Gateway serving Clients/web), started
    once for the session and stopped at its end; logs in <output>/logs/."""
    with Stack() as started:
        print(f"\nstack up in {started.startup_seconds:.1f} s at {started.gateway_url}, logs in {started.logs}")
        yield started


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
