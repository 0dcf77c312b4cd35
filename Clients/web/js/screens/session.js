// SessionStore: who the runtime is (a guest, or a signed-in account), and sign-out.

import { h, show } from '../dom.js';
import { t } from '../i18n.js';

export async function open(container, context) {
  const store = await context.mount('session.mount');
  store.subscribe((model) => {
    const identity = model.identity;
    const who = identity.type === 'AUTHENTICATED' ? identity.value.email : t('guest');
    show(container,
      h('section', { 'aria-labelledby': 'session-title' },
        h('h2', { id: 'session-title' }, t('session')),
        h('p', { id: 'session-identity', 'data-identity': identity.type }, who),
        h('p', { id: 'session-status' }, model.status.type),
        identity.type === 'AUTHENTICATED'
          ? h('button', { type: 'button', id: 'sign-out', onclick: () => store.dispatch({ type: 'SIGN_OUT' }) }, t('signOut'))
          : h('button', { type: 'button', id: 'go-sign-in', class: 'primary', onclick: () => context.openScreen('auth') }, t('signIn'))));
  });
  return () => store.close();
}
