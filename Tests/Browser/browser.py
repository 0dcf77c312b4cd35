"""Headless Chromium (Debian's `chromium` and `chromium-driver`) through Selenium, for the browser tests."""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
from pathlib import Path

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import WebDriverWait

import contract
from stack import OUTPUT

SCREENSHOTS = OUTPUT / "screenshots"


def _binary(variable: str, *names: str) -> str | None:
    if os.environ.get(variable):
        return os.environ[variable]
    for name in names:
        if found := shutil.which(name):
            return found
    return None


# Every driver made since the test began; conftest checks their traffic against the API contract at its end.
CREATED: list[WebDriver] = []


def new_driver(fake_video: Path | None = None, locale: str = "en-US", network_log: bool = False) -> WebDriver:
    """A headless Chromium with a fake camera and microphone that need no permission prompt (playing the
    `.y4m` file `fake_video` when given, else Chromium's test pattern), the language `locale`, and its console
    logged (read with `driver.get_log("browser")`). With `network_log`, DevTools' network events are kept too
    (`network_events(driver)`), which outlive a navigation away from the page. CHROMIUM / CHROMEDRIVER override
    the binaries."""
    options = webdriver.ChromeOptions()
    chromium = _binary("CHROMIUM", "chromium", "chromium-browser")
    if chromium:
        options.binary_location = chromium
    for argument in [
        "--headless=new",
        "--no-sandbox",  # CI runs as root
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--window-size=1280,900",
        "--use-fake-ui-for-media-stream",
        "--use-fake-device-for-media-stream",
        f"--lang={locale}",
        "--no-first-run",
        "--disable-extensions",
        "--disable-background-networking",
        "--disable-component-update",
    ]:
        options.add_argument(argument)
    if fake_video is not None:
        options.add_argument(f"--use-file-for-fake-video-capture={fake_video}")
    options.add_experimental_option("prefs", {"intl.accept_languages": locale})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", **({"performance": "ALL"} if network_log else {})})
    driver_path = _binary("CHROMEDRIVER", "chromedriver")
    service = Service(executable_path=driver_path) if driver_path else Service()
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(30)
    driver.console_entries = []  # every console entry read so far, see console()
    contract.install(driver)
    CREATED.append(driver)
    return driver


def network_events(driver: WebDriver) -> list[dict]:
    """The DevTools Network events so far (`{"method", "params"}`, in order) of a `new_driver(network_log=True)`;
    Chromium hands each out once, so they are kept on the driver."""
    if not hasattr(driver, "network_entries"):
        driver.network_entries = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method", "").startswith("Network."):
            driver.network_entries.append(message)
    return driver.network_entries


def console(driver: WebDriver) -> list[dict]:
    """Every console entry of the browser so far (Chromium hands each out once; they are kept on the driver)."""
    driver.console_entries.extend(driver.get_log("browser"))
    return driver.console_entries


def console_errors(driver: WebDriver) -> list[dict]:
    """The console entries of level SEVERE: uncaught errors, `console.error`, failed loads, CSP violations."""
    return [entry for entry in console(driver) if entry.get("level") == "SEVERE"]


def assert_no_console_errors(driver: WebDriver, allow: list[str] | None = None) -> None:
    """Fails with every SEVERE console entry whose message matches none of the regular expressions `allow`."""
    allowed = [re.compile(pattern) for pattern in allow or []]
    errors = [
        entry for entry in console_errors(driver)
        if not any(pattern.search(entry.get("message", "")) for pattern in allowed)
    ]
    assert not errors, "console errors:\n" + "\n".join(entry.get("message", str(entry)) for entry in errors)


def screenshot(driver: WebDriver, name: str) -> Path:
    """Saves a PNG of the whole page, not only the 1280 x 900 window (DevTools' Page.captureScreenshot beyond
    the viewport, at the document's full size), as <output>/screenshots/<name>.png and returns its path."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", name).strip("_") or "screenshot"
    path = SCREENSHOTS / f"{safe}.png"
    metrics = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
    content = metrics.get("cssContentSize") or metrics["contentSize"]
    viewport = metrics.get("cssLayoutViewport") or metrics["layoutViewport"]
    clip = {
        "x": 0, "y": 0, "scale": 1,
        "width": max(content["width"], viewport["clientWidth"]),
        "height": max(content["height"], viewport["clientHeight"]),
    }
    shot = driver.execute_cdp_cmd(
        "Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True, "clip": clip}
    )
    path.write_bytes(base64.b64decode(shot["data"]))
    return path


def wait_for_value(driver: WebDriver, css: str, value: str, timeout: float = 20) -> WebElement:
    """The first element matching `css` once its `value` is `value`, waiting up to `timeout` seconds; fails
    with the value it had last."""
    seen = []

    def holds(d: WebDriver):
        for element in d.find_elements(By.CSS_SELECTOR, css):
            try:
                seen[:] = [element.get_attribute("value")]
                if seen[0] == value:
                    return element
            except Exception:  # stale: the page re-rendered meanwhile
                continue
        return False

    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.05).until(holds)
    except TimeoutException:
        raise AssertionError(f"{css!r} never held {value!r} in {timeout} s; last {seen!r}") from None


def wait_for(driver: WebDriver, css: str, text: str | None = None, timeout: float = 20) -> WebElement:
    """The first visible element matching `css` (whose text contains `text`, when given), waiting up to
    `timeout` seconds; fails with the page's text and console when none comes."""

    def found(d: WebDriver):
        for element in d.find_elements(By.CSS_SELECTOR, css):
            try:
                if element.is_displayed() and (text is None or text in element.text):
                    return element
            except Exception:  # stale: the page re-rendered meanwhile
                continue
        return False

    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.1).until(found)
    except TimeoutException:
        body = driver.find_element(By.TAG_NAME, "body").text[:2000]
        messages = "\n".join(entry.get("message", "") for entry in console(driver))
        wanted = f"{css!r}" + (f" with text {text!r}" if text else "")
        raise AssertionError(
            f"no {wanted} after {timeout} s at {driver.current_url}\n--- page\n{body}\n--- console\n{messages}"
        ) from None
