// The page: one runtime per tab, a screen per store. Each screen module (js/screens/<name>.js) exports
// `open(container, context)` and answers a function that closes what it mounted. That function may carry
// `setLocale(locale)`: then a change of language goes to the open screen instead of opening it again.

import { call, setToken } from './rpc.js';
import { mount } from './store.js';
import { h, show } from './dom.js';
import { t, setLocale, locale } from './i18n.js';

const screens = ['session', 'auth', 'inquiry', 'vault', 'documents'];
const titles = { session: 'session', auth: 'signIn', inquiry: 'inquiry', vault: 'vault', documents: 'documents' };
let closeScreen = null;
let currentScreen = null;

/** Reads a message aloud to screen readers (errors, changes of phase). */
export function announce(message) {
  const announcer = document.getElementById('announcer');
  announcer.textContent = '';
  setTimeout(() => { announcer.textContent = message; }, 50);
}

async function createRuntime() {
  const query = new URLSearchParams(location.search);
  const organizationId = query.get('org') ?? 'org_bluebank';
  const requested = query.get('locale') ?? sessionStorage.getItem('folio.locale') ?? navigator.language ?? 'en';
  const params = {
    organizationId,
    locale: requested,
    capabilities: {
      webAuthn: typeof window.PublicKeyCredential === 'function', platform: 'WEB', deviceLocale: navigator.language,
    },
  };
  const credential = localStorage.getItem(`folio.device.${organizationId}`);
  if (credential) params.deviceCredential = credential;
  const created = await call('runtime.create', params);
  localStorage.setItem(`folio.device.${organizationId}`, created.deviceCredential);
  setToken(created.token);
  setLocale(requested);
  return { runtimeId: created.runtimeId, organizationId };
}

function renderNav() {
  const nav = document.getElementById('nav');
  show(nav, screens.map((name) => h('button', {
    type: 'button', id: `nav-${name}`, 'aria-current': name === currentScreen ? 'page' : null,
    onclick: () => openScreen(name),
  }, t(titles[name]))));
  document.getElementById('language-text').textContent = t('language');
  document.getElementById('language').value = locale();
}

export async function openScreen(name, options = {}) {
  if (closeScreen) await closeScreen();
  closeScreen = null;
  currentScreen = name;
  renderNav();
  const main = document.getElementById('main');
  show(main, h('p', {}, t('loading')));
  const module = await import(`./screens/${name}.js`);
  closeScreen = await module.open(main, { ...context, options });
  // The screen may have put the focus on its heading already.
  if (!main.contains(document.activeElement)) main.focus();
}

const context = { mount, call, openScreen, announce, runtime: null };

async function start() {
  context.runtime = await createRuntime();
  // The runtime is this tab's: when the tab goes away its stores close with it, rather than holding their
  // subscriptions (and a vault's long poll at Folio) until the runtime expires.
  addEventListener('pagehide', (event) => {
    if (!event.persisted) call('runtime.shutdown', undefined, { keepalive: true }).catch(() => {});
  });
  document.getElementById('language').addEventListener('change', async (event) => {
    const value = event.target.value;
    sessionStorage.setItem('folio.locale', value);
    await call('runtime.setLocale', { locale: value });
    setLocale(value);
    // A screen that can follow the language itself keeps its store (a ceremony or an inquiry goes on).
    if (closeScreen && typeof closeScreen.setLocale === 'function') {
      renderNav();
      await closeScreen.setLocale(value);
    } else {
      await openScreen(currentScreen ?? 'session');
    }
  });
  const query = new URLSearchParams(location.search);
  // A launch link (?code=…) or a handoff link (?handoff=…) opens the inquiry; a provider's redirect has a state too.
  const linked = (query.get('code') && !query.get('state')) || query.get('handoff') ? 'inquiry' : 'session';
  const first = query.get('screen') ?? linked;
  await openScreen(screens.includes(first) ? first : 'session');
}

start().catch((error) => {
  show(document.getElementById('main'), h('div', { class: 'banner error', role: 'alert' }, String(error.message ?? error)));
});
