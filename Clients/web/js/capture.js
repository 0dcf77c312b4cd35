// The camera of a GOVERNMENT_ID SCAN (docs/inquiry-store.md "Document capture", docs/capture.md): the page shows the
// preview with a frame guide, posts the Y (luma) plane of preview frames to the InquiryStore through POST /frames,
// and the store decides when to take the photo (`camera.trigger`, `camera.shouldCapture`). Once it decided, the page
// takes the photo and sends it as UPLOAD under the SCAN's `captureField`. The page decides nothing itself.
//
//   const stop = await startCapture(container, inquiryStore, context);   // later: stop()

import { h, show } from './dom.js';
import { t, addLabels, locale } from './i18n.js';
import { postFrame } from './rpc.js';
import { loadStyle } from './styles.js';
import { toBase64 } from './bytes.js';

addLabels({
  en: {
    captureVideo: 'Camera preview', captureGuide: 'Frame for the document',
    captureSEARCHING: 'Place the document inside the frame.', captureSUGGESTED: 'Document found. Hold it still.',
    captureABOUT_TO_DECIDE: 'Hold still…', captureDECIDED: 'Photo taken.', captureUploading: 'Sending the photo…',
    captureStarting: 'Starting the camera…', captureUploadFailed: 'The photo could not be sent.',
    captureSendAgain: 'Send the photo again', captureTryAgain: 'Try again', captureChooseFile: 'Choose a photo instead',
    captureSideFRONT: 'Front side', captureSideBACK: 'Back side', captureSideBARCODE: 'Side with the barcode',
    captureDenied: 'This page may not use the camera. Allow the camera for this site in your browser’s settings, then try again.',
    captureNoCamera: 'No camera was found. Connect a camera, then try again.',
    captureBusy: 'The camera is in use by another app or could not be started. Close the other app, then try again.',
    captureUnsupported: 'This browser cannot use the camera on this page (the page needs a secure https connection).',
    captureFailed: 'The camera could not be started.',
  },
  de: {
    captureVideo: 'Kameravorschau', captureGuide: 'Rahmen für das Dokument',
    captureSEARCHING: 'Legen Sie das Dokument in den Rahmen.', captureSUGGESTED: 'Dokument erkannt. Bitte ruhig halten.',
    captureABOUT_TO_DECIDE: 'Ruhig halten…', captureDECIDED: 'Foto aufgenommen.', captureUploading: 'Foto wird gesendet…',
    captureStarting: 'Kamera wird gestartet…', captureUploadFailed: 'Das Foto konnte nicht gesendet werden.',
    captureSendAgain: 'Foto erneut senden', captureTryAgain: 'Erneut versuchen',
    captureChooseFile: 'Stattdessen ein Foto auswählen',
    captureSideFRONT: 'Vorderseite', captureSideBACK: 'Rückseite', captureSideBARCODE: 'Seite mit dem Barcode',
    captureDenied: 'Diese Seite darf die Kamera nicht verwenden. Erlauben Sie die Kamera für diese Website in den Einstellungen Ihres Browsers und versuchen Sie es erneut.',
    captureNoCamera: 'Es wurde keine Kamera gefunden. Schließen Sie eine Kamera an und versuchen Sie es erneut.',
    captureBusy: 'Die Kamera wird von einer anderen App verwendet oder ließ sich nicht starten. Schließen Sie die andere App und versuchen Sie es erneut.',
    captureUnsupported: 'Dieser Browser kann die Kamera auf dieser Seite nicht verwenden (die Seite braucht eine sichere https-Verbindung).',
    captureFailed: 'Die Kamera konnte nicht gestartet werden.',
  },
});

/** At most one frame every 125 ms (8 per second): the store starts a new steady run when two good frames are more
 *  than 250 ms apart (docs/capture.md "Trigger rules"), so a slower page would never let it decide. */
const FRAME_INTERVAL_MS = 125;
/** Frames are sent at the camera's size, scaled down to fit 1280 × 720 (the size docs/capture.md measures). */
const MAX_FRAME_WIDTH = 1280;
const MAX_FRAME_HEIGHT = 720;

const tag = (value) => (value !== null && typeof value === 'object' ? value.type : value);

/** The GOVERNMENT_ID SCAN the model shows, with a key that changes for another step, attempt or side; else null. */
export function scanOf(model) {
  const content = model?.inquiry?.stage?.content;
  if (tag(content) !== 'VERIFICATION') return null;
  const view = content.value;
  if (tag(view) !== 'GOVERNMENT_ID') return null;
  const { stepId, attempt, state } = view.value;
  if (tag(state) !== 'SCAN') return null;
  return { ...state.value, stepId, key: `${stepId}/${attempt?.used ?? 0}/${state.value.side}` };
}

/** Why the camera could not start, from the getUserMedia error. */
function reasonOf(error) {
  switch (error?.name) {
    case 'NotAllowedError': case 'PermissionDeniedError': case 'SecurityError': return 'denied';
    case 'NotFoundError': case 'DevicesNotFoundError': case 'OverconstrainedError': return 'none';
    case 'NotReadableError': case 'TrackStartError': case 'AbortError': return 'busy';
    default: return 'failed';
  }
}
const reasonLabels = { denied: 'captureDenied', none: 'captureNoCamera', busy: 'captureBusy', unsupported: 'captureUnsupported', failed: 'captureFailed' };

/** The Y plane of RGBA pixels: Y = 0.299 R + 0.587 G + 0.114 B, rounded. */
export function lumaOf(rgba, width, height) {
  const luma = new Uint8Array(width * height);
  for (let pixel = 0, offset = 0; pixel < luma.length; pixel += 1, offset += 4) {
    luma[pixel] = (299 * rgba[offset] + 587 * rgba[offset + 1] + 114 * rgba[offset + 2] + 500) / 1000;
  }
  return luma;
}

function frameSize(video) {
  const scale = Math.min(1, MAX_FRAME_WIDTH / video.videoWidth, MAX_FRAME_HEIGHT / video.videoHeight);
  return { width: Math.round(video.videoWidth * scale), height: Math.round(video.videoHeight * scale) };
}

export async function startCapture(container, store, context = {}) {
  loadStyle('/css/capture.css');
  let stopped = false;
  let stream = null;
  let timer = null;
  let inFlight = false;
  let pausedUntil = 0;
  let current = null; // the SCAN shown
  let model = null;
  let photo = null; // {key, action, sent}: the photo taken for the SCAN of `key`
  let shownHint = null;
  let uploaded = false; // the last SCAN ended after its photo was sent

  const video = h('video', { id: 'capture-video', playsinline: true, muted: true, autoplay: true, 'aria-label': t('captureVideo') });
  video.muted = true;
  const side = h('span', { class: 'capture-side', id: 'capture-side' });
  // The store's countdown while it is about to decide; not read out (the hint says "Hold still" once).
  const countdown = h('span', { class: 'capture-countdown', id: 'capture-countdown', hidden: true });
  const guide = h('div', { class: 'capture-guide', 'aria-hidden': 'true' }, side, countdown);
  const stage = h('div', { class: 'capture-stage' }, video, guide);
  const hint = h('p', { id: 'capture-hint', class: 'capture-hint', role: 'status', 'aria-live': 'polite' }, t('captureStarting'));
  const problem = h('div', { id: 'capture-problem' });
  const root = h('div', { id: 'capture', class: 'capture', 'data-trigger': 'NONE', 'data-camera': 'starting' }, stage, hint, problem);
  container.append(root);

  const frameCanvas = document.createElement('canvas');
  const frameContext = frameCanvas.getContext('2d', { willReadFrequently: true });

  function setHint(key, text) {
    if (shownHint === key) return;
    shownHint = key;
    hint.textContent = text;
  }

  function showProblem(...children) {
    show(problem, children.length > 0 ? h('div', { class: 'banner error', role: 'alert' }, children) : null);
  }

  // --- the camera ---

  async function startCamera() {
    showProblem();
    root.dataset.camera = 'starting';
    if (!navigator.mediaDevices?.getUserMedia) return cameraFailed('unsupported');
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'environment', width: 1280, height: 720 }, audio: false,
      });
    } catch (error) {
      return cameraFailed(reasonOf(error));
    }
    if (stopped) {
      stopStream();
      return;
    }
    video.srcObject = stream;
    await new Promise((resolve) => {
      if (video.readyState >= 1) resolve();
      else video.addEventListener('loadedmetadata', resolve, { once: true });
    });
    stage.style.aspectRatio = `${video.videoWidth} / ${video.videoHeight}`;
    await video.play().catch(() => {});
    root.dataset.camera = 'on';
    render();
    schedule();
  }

  function cameraFailed(reason) {
    root.dataset.camera = reason;
    setHint(`problem:${reason}`, '');
    const fallback = fileFallback();
    showProblem(
      h('p', { id: 'capture-error', 'data-reason': reason }, t(reasonLabels[reason])),
      h('div', { class: 'capture-actions' },
        reason !== 'unsupported' ? h('button', { type: 'button', id: 'capture-retry', onclick: () => startCamera() }, t('captureTryAgain')) : null,
        fallback));
    problem.querySelector('button, input')?.focus();
  }

  /** Where the step also takes a file, a person without a camera may choose a photo instead. */
  function fileFallback() {
    if (!current || current.captureMode === 'CAMERA') return null;
    const input = h('input', {
      type: 'file', id: 'capture-file', accept: 'image/jpeg,image/png',
      onchange: async () => {
        const file = input.files?.[0];
        if (!file) return;
        const bytes = toBase64(new Uint8Array(await file.arrayBuffer()));
        photo = { key: current.key, sent: false, action: uploadAction(current, file.name, file.type || 'image/jpeg', bytes) };
        sendPhoto();
      },
    });
    return h('label', { class: 'capture-file' }, t('captureChooseFile'), ' ', input);
  }

  function stopStream() {
    for (const track of stream?.getTracks() ?? []) track.stop();
    stream = null;
    video.srcObject = null;
  }

  // --- preview frames ---

  function schedule() {
    if (!stopped) timer = setTimeout(tick, FRAME_INTERVAL_MS);
  }

  function tick() {
    timer = null;
    if (stopped) return;
    const wanted = current && !current.camera.shouldCapture && !photo;
    if (wanted && !inFlight && !document.hidden && Date.now() >= pausedUntil && stream && video.readyState >= 2 && video.videoWidth > 0) {
      const { width, height } = frameSize(video);
      if (frameCanvas.width !== width || frameCanvas.height !== height) {
        frameCanvas.width = width;
        frameCanvas.height = height;
      }
      frameContext.drawImage(video, 0, 0, width, height);
      const luma = lumaOf(frameContext.getImageData(0, 0, width, height).data, width, height);
      inFlight = true;
      postFrame(store.id, width, height, luma)
        .catch((error) => {
          // A closed store or runtime takes no more frames; anything else (a full queue, the rate limit) waits a
          // second and goes on.
          if (error?.code === -32001 || error?.code === -32002) stopped = true;
          else pausedUntil = Date.now() + 1000;
        })
        .finally(() => { inFlight = false; });
    }
    schedule();
  }

  // --- the photo ---

  function uploadAction(scan, fileName, mimeType, bytes) {
    return { type: 'ACT', value: { type: 'UPLOAD', value: { field: scan.captureField, fileName, mimeType, bytes } } };
  }

  async function takePhoto(scan) {
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d').drawImage(video, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.92));
    const bytes = toBase64(new Uint8Array(await blob.arrayBuffer()));
    photo = { key: scan.key, sent: false, action: uploadAction(scan, `document-${scan.side.toLowerCase()}.jpg`, 'image/jpeg', bytes) };
    sendPhoto();
  }

  /** Sends the photo once the store takes a request (it ignores an UPLOAD while another request runs). */
  function sendPhoto() {
    if (!photo?.action || photo.sent || stopped || !model || model.loading || current?.key !== photo.key) return;
    photo.sent = true;
    photo.failed = false;
    setHint('uploading', t('captureUploading'));
    showProblem();
    store.dispatch(photo.action).catch(() => {
      photo.failed = true;
      render();
    });
  }

  // --- the model ---

  /** ABOUT_TO_DECIDE's remainingMillis as seconds over the frame guide (`0.4 s`); nothing for another trigger. */
  function drawCountdown(trigger) {
    const remaining = tag(trigger) === 'ABOUT_TO_DECIDE' ? trigger.value?.remainingMillis : undefined;
    countdown.hidden = typeof remaining !== 'number';
    if (countdown.hidden) {
      delete countdown.dataset.remainingMillis;
      countdown.textContent = '';
      return;
    }
    const seconds = new Intl.NumberFormat(locale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 })
      .format(remaining / 1000);
    countdown.dataset.remainingMillis = String(remaining);
    countdown.textContent = `${seconds} s`;
  }

  function render() {
    const scan = current;
    root.dataset.trigger = scan ? tag(scan.camera.trigger) : 'NONE';
    side.textContent = scan ? t(`captureSide${scan.side}`) : '';
    if (!scan) {
      drawCountdown(null);
      // The SCAN is over (the photo reached the step, or the inquiry moved on): nothing more to do here.
      setHint(uploaded ? 'uploaded' : 'none', uploaded ? t('captureDECIDED') : '');
      showProblem();
      return;
    }
    drawCountdown(scan.camera.trigger);
    if (root.dataset.camera !== 'on') return;
    const trigger = tag(scan.camera.trigger);
    if (photo?.sent && !photo.failed && !model.error) setHint('uploading', t('captureUploading'));
    else setHint(trigger, t(`capture${trigger}`));
    // The upload failed (the store shows why in its error; the page could not send it at all): offer to send the
    // same photo again.
    const failed = photo && photo.key === scan.key && ((photo.failed) || (photo.sent && model.error && !model.loading));
    if (failed && !problem.querySelector('#capture-send-again')) {
      showProblem(h('p', {}, t('captureUploadFailed')), h('button', {
        type: 'button', id: 'capture-send-again', class: 'primary',
        onclick: () => { photo.sent = false; sendPhoto(); },
      }, t('captureSendAgain')));
    }
  }

  const unsubscribe = store.subscribe((next) => {
    model = next;
    const scan = scanOf(next);
    if (scan?.key !== current?.key) {
      uploaded = Boolean(photo?.sent && !photo.failed);
      if (photo && photo.key !== scan?.key) photo = null; // another side, attempt or step
    }
    current = scan;
    render();
    if (scan && scan.camera.shouldCapture && !photo && stream && video.videoWidth > 0) {
      photo = { key: scan.key, sent: false, pending: true };
      takePhoto(scan).catch(() => { photo = null; });
    } else {
      sendPhoto();
    }
  });

  await startCamera();

  return function stop() {
    if (stopped && !stream && !root.isConnected) return;
    stopped = true;
    if (timer) clearTimeout(timer);
    unsubscribe();
    stopStream();
    root.remove();
  };
}
