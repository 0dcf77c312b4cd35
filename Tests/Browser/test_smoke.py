"""The reference client loads from the Gateway, creates a runtime, and keeps to its Content-Security-Policy."""

import shutil
import subprocess
import urllib.parse

from browser import SCREENSHOTS, screenshot, wait_for
from stack import http

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
    "media-src 'self' blob: mediastream:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
    "form-action 'self'; object-src 'none'"
)


def test_the_page_loads_and_creates_a_runtime(stack, driver):
    status, headers, _ = http("GET", stack.gateway_url + "/")
    assert status == 200
    assert headers["Content-Type"] == "text/html; charset=utf-8"
    assert headers["Content-Security-Policy"] == CSP
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "no-referrer"
    status, headers, _ = http("GET", stack.gateway_url + "/js/app.js")
    assert (status, headers["Content-Type"]) == (200, "text/javascript; charset=utf-8")

    driver.get(stack.page_url("org-demo"))
    identity = wait_for(driver, "#session-identity")
    assert identity.text.strip()
    assert driver.title == "FolioHost"
    screenshot(driver, "smoke-session")


def test_a_qr_code_renders_as_an_image(stack, driver):
    link = stack.page_url("org-demo", code="ABCD-1234")
    source = stack.gateway_url + "/qr.svg?data=" + urllib.parse.quote(link, safe="")
    status, headers, body = http("GET", source)
    assert status == 200
    assert headers["Content-Type"] == "image/svg+xml; charset=utf-8"
    assert headers["Content-Security-Policy"] == CSP
    assert body.count("<path") == 1
    assert http("GET", stack.gateway_url + "/qr.svg?data=")[0] == 400

    # An <img> of the page's own origin, as the client would show it (the CSP allows img-src 'self').
    driver.get(stack.page_url("org-demo"))
    wait_for(driver, "#session-identity")
    driver.execute_script(
        """
        const img = document.createElement('img');
        img.id = 'qr-test';
        img.alt = 'QR';
        img.src = arguments[0];
        document.body.append(img);
        """,
        source,
    )
    image = wait_for(driver, "#qr-test")
    driver.execute_script("return arguments[0].decode()", image)
    natural = driver.execute_script("return [arguments[0].naturalWidth, arguments[0].naturalHeight]", image)
    # 4 CSS pixels per module, the quiet zone included: a version-v code is (17 + 4v + 8) × 4 wide.
    assert natural[0] == natural[1] and natural[0] > 0 and natural[0] % 4 == 0, natural
    assert ((natural[0] // 4) - 8 - 17) % 4 == 0, natural
    screenshot(driver, "smoke-qr")

    # What the browser drew scans back to the link (zbarimg of Debian's zbar-tools).
    zbarimg = shutil.which("zbarimg")
    assert zbarimg, "zbarimg is missing: scripts/install-deps.sh --browser installs zbar-tools"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    drawn = SCREENSHOTS / "smoke-qr-image.png"
    drawn.write_bytes(image.screenshot_as_png)
    scanned = subprocess.run(
        [zbarimg, "--raw", "--quiet", str(drawn)], capture_output=True, text=True, timeout=30
    )
    assert scanned.returncode == 0, scanned.stderr
    assert scanned.stdout.strip() == link
