"""The document camera in a real browser (Clients/web js/capture.js, docs/web-client.md): during a
GOVERNMENT_ID scan the page posts luma frames, the InquiryStore decides, the page takes the photo and uploads it,
and the step moves on to CONFIRM; ABOUT_TO_DECIDE's countdown is drawn over the frame guide. The camera is a canvas that shows a card on a desk, handed to the page in place of
getUserMedia's stream, so the module is tested on its own (test_kyc_camera.py runs the inquiry screen with
Chromium's fake camera playing the generated card video)."""

from selenium.webdriver.support.ui import WebDriverWait

from browser import screenshot, wait_for

# Starts an inquiry of tmpl_govid on the page's runtime, chooses the passport, and starts the camera on the SCAN
# of its front side. `window.capture` records the scan states the store shows.
START_SCAN = """
const [launchCode, done] = arguments;
(async () => {
  const camera = document.createElement('canvas');
  camera.width = 1280;
  camera.height = 720;
  const paint = camera.getContext('2d');
  paint.fillStyle = 'rgb(50,50,50)';
  paint.fillRect(0, 0, 1280, 720);
  paint.fillStyle = 'rgb(200,200,200)';
  paint.fillRect(240, 108, 800, 504);           // an ID-1 card, 800 × 504 pixels
  paint.fillStyle = 'rgb(60,60,60)';
  for (let line = 0; line < 10; line += 1) paint.fillRect(560, 168 + line * 40, 200 + (line * 37) % 220, 14);
  const stream = camera.captureStream(30);
  navigator.mediaDevices.getUserMedia = async () => stream;
  setInterval(() => { paint.fillStyle = 'rgb(50,50,50)'; paint.fillRect(0, 0, 2, 2); }, 50);

  const { mount } = await import('/js/store.js');
  const { startCapture } = await import('/js/capture.js');
  const inquiry = await mount('inquiry.mount');
  const until = (test) => new Promise((resolve) => inquiry.subscribe((model) => { if (test(model)) resolve(model); }));
  const state = (model) => model.inquiry?.stage?.content?.value?.value?.state?.type;
  await inquiry.dispatch({type: 'OPEN', value: {entry: {type: 'START', value: {launchCode}}}});
  await until((model) => state(model) === 'SELECT_DOCUMENT' && !model.loading);
  await inquiry.dispatch({type: 'ACT', value: {type: 'EDIT', value: {key: 'document_type',
    value: {type: 'SELECTION', value: {value: 'PASSPORT'}}}}});
  await inquiry.dispatch({type: 'ACT', value: {type: 'SUBMIT'}});
  await until((model) => state(model) === 'SCAN' && !model.loading);
  window.capture = {seen: [], countdown: []};
  inquiry.subscribe((model) => {
    const shown = model.inquiry?.stage?.content?.value?.value?.state;
    const seen = shown?.type === 'SCAN' ? shown.value.camera.trigger.type : shown?.type;
    if (window.capture.seen.at(-1) !== seen) window.capture.seen.push(seen);
    // What the page drew for this model's countdown, read once every subscriber (capture.js too) has drawn it.
    const remaining = seen === 'ABOUT_TO_DECIDE' ? shown.value.camera.trigger.value.remainingMillis : null;
    queueMicrotask(() => {
      const drawn = document.getElementById('capture-countdown');
      if (drawn) window.capture.countdown.push([remaining, drawn.hidden ? null : drawn.textContent]);
    });
  });
  const box = document.createElement('div');
  document.getElementById('main').replaceChildren(box);
  window.capture.stop = await startCapture(box, inquiry, {});
  return state(inquiry.model);
})().then(done, (error) => done('error: ' + error.message));
"""


def launch_code(created):
    if isinstance(created, dict):
        return created['launchCode']
    if isinstance(created, (tuple, list)):
        return created[1]
    return getattr(created, 'launch_code', None) or created.code


def test_the_store_decides_and_the_photo_of_the_front_side_is_uploaded(stack, driver):
    driver.set_script_timeout(60)
    driver.get(f'{stack.gateway_url}/?screen=session')
    wait_for(driver, '#session-identity')
    created = stack.create_inquiry('tmpl_govid', 'org_bluebank')
    assert driver.execute_async_script(START_SCAN, launch_code(created)) == 'SCAN'
    wait_for(driver, '#capture[data-camera="on"]')
    assert wait_for(driver, '#capture-side').text == 'Front side'
    screenshot(driver, 'capture-scan')

    # Frames go to the store, which finds the card, counts down and decides; the photo goes up and the step
    # shows CONFIRM.
    WebDriverWait(driver, 40).until(
        lambda d: d.execute_script('return window.capture.seen.includes("CONFIRM")'),
        'the step moves on to CONFIRM')
    seen = driver.execute_script('return window.capture.seen')
    assert seen.index('ABOUT_TO_DECIDE') < seen.index('DECIDED') < seen.index('CONFIRM'), seen
    # The countdown over the frame guide shows each ABOUT_TO_DECIDE's remainingMillis, and nothing otherwise.
    countdown = driver.execute_script('return window.capture.countdown')
    assert any(remaining is not None for remaining, _ in countdown), countdown
    for remaining, text in countdown:
        if remaining is None:
            assert text is None, countdown
        else:  # seconds with one decimal, rounded as the page's number format rounds
            assert text.endswith(' s') and abs(float(text[:-2]) - remaining / 1000) <= 0.05 + 1e-9, countdown
    assert wait_for(driver, '#capture-hint').text == 'Photo taken.'
    screenshot(driver, 'capture-confirm')

    driver.execute_script('window.capture.stop()')
    assert not driver.find_elements('css selector', '#capture')
