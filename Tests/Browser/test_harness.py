"""The harness's own pieces the screen tests build on: the emulator's operator API, the browser's locale, and
the fake camera playing the generated card video."""

import socket
import threading
from pathlib import Path

import pytest

from browser import assert_no_console_errors, new_driver, screenshot, wait_for
from nats_cluster import NATSCluster
from stack import StackError, _ephemeral_port_range, free_port

# Reads the camera into a canvas and answers the mean luma of the frame's centre and of its left edge.
SAMPLE_CAMERA = """
const done = arguments[arguments.length - 1];
(async () => {
  const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: false });
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  await video.play();
  // The card slides in during the video's first 2 s and then lies still.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const context = canvas.getContext('2d');
  context.drawImage(video, 0, 0);
  const mean = (x, y, w, h) => {
    const data = context.getImageData(x, y, w, h).data;
    let sum = 0;
    for (let i = 0; i < data.length; i += 4) sum += 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2];
    return sum / (data.length / 4);
  };
  const w = canvas.width, h = canvas.height;
  const result = {
    width: w, height: h,
    // The plain card right of where the text stripes end, and the desk at the left.
    card: mean(Math.round(w * 0.82), Math.round(h * 0.5), 8, 8),
    desk: mean(0, 0, Math.round(w * 0.1), h),
  };
  stream.getTracks().forEach((track) => track.stop());
  return result;
})().then(done, (error) => done({ error: String(error) }));
"""


def test_create_inquiry_gives_a_new_launch_code_each_time(stack):
    first = stack.create_inquiry("tmpl_kyc")
    second = stack.create_inquiry("tmpl_full", "org-demo")
    assert first[0] != second[0] and first[1] != second[1]
    assert all(isinstance(value, str) and value for value in first + second)
    assert stack.page_url(code=first[1]).endswith(f"/?org=org-demo&code={first[1]}")


def test_the_browser_speaks_the_locale_it_is_given(stack):
    driver = new_driver(locale="de-DE")
    try:
        driver.get(stack.page_url())
        wait_for(driver, "#session-identity")
        assert driver.execute_script("return navigator.language") == "de-DE"
        wait_for(driver, "#language-text", "Sprache")
        screenshot(driver, "harness-locale-de")
        assert_no_console_errors(driver)
    finally:
        driver.quit()


def test_the_mailbox_is_read_with_the_admin_key(stack):
    assert stack.admin("GET", "/admin/mailbox?to=nobody%40example.com")["items"] == []
    with pytest.raises(StackError, match="no code was sent to nobody@example.com"):
        stack.last_code("nobody@example.com")


def test_the_fake_camera_plays_the_card_video(stack, card_video):
    driver = new_driver(fake_video=card_video)
    try:
        driver.set_script_timeout(20)
        driver.get(stack.page_url())
        wait_for(driver, "#session-identity")
        sample = driver.execute_async_script(SAMPLE_CAMERA)
        assert "error" not in sample, sample
        assert (sample["width"], sample["height"]) == (640, 480), sample
        # The card is light (luma 200 in the file) and the desk dark (45): well apart after the browser's
        # conversion to RGB.
        assert sample["card"] > 150 > 90 > sample["desk"], sample
        assert_no_console_errors(driver)
    finally:
        driver.quit()


def test_free_port_never_hands_out_the_same_port_twice():
    ports = [free_port() for _ in range(2000)]
    assert len(set(ports)) == len(ports)


def test_free_port_answers_below_the_kernels_ephemeral_range_when_there_is_room():
    ephemeral = _ephemeral_port_range()
    room_below = ephemeral.start - 20000 >= 4096
    ports = [free_port() for _ in range(200)]
    assert all((port < ephemeral.start) == room_below for port in ports)


def test_a_monitoring_port_that_answers_something_else_counts_as_a_node_not_answering(tmp_path: Path):
    # A NATS client port answers its INFO line to any connection, an HTTP request included.
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()

    def answer_info():
        connection, _ = listener.accept()
        with connection:
            connection.sendall(b'INFO {"server_id":"other"}\r\n')

    threading.Thread(target=answer_info, daemon=True).start()
    cluster = NATSCluster(tmp_path, free_port(), free_port, tmp_path / "nats.log")
    cluster.monitor_ports[0] = listener.getsockname()[1]
    try:
        assert cluster._connections(0) is None
    finally:
        listener.close()
