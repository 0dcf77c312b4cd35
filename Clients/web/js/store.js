// A mounted store as the page sees it (DESIGN §3): its model follows the Gateway's Server-Sent Events, with the
// store.next long poll as the fallback where EventSource is missing or keeps failing.

import { call, currentToken } from './rpc.js';

export class Store {
  constructor(id) {
    this.id = id;
    this.version = -1;
    this.model = null;
    this.closed = false;
    this.listeners = new Set();
    this.source = null;
    this.failures = 0;
  }

  /** Calls `listener(model)` on every new model (and at once when one is known). Answers an unsubscribe. */
  subscribe(listener) {
    this.listeners.add(listener);
    if (this.model !== null) listener(this.model);
    return () => this.listeners.delete(listener);
  }

  /** Sends one action; it throws only when the store is closed or the runtime shut down. */
  dispatch(action) {
    return call('store.dispatch', { storeId: this.id, action });
  }

  close() {
    this.closed = true;
    if (this.source) this.source.close();
    return call('store.close', { storeId: this.id }).catch(() => {});
  }

  publish(state) {
    if (state === null || state === undefined) {
      this.closed = true;
      return;
    }
    if (state.version <= this.version) return;
    this.version = state.version;
    this.model = state.model;
    for (const listener of this.listeners) listener(this.model);
  }

  follow() {
    if (typeof EventSource === 'function' && this.failures < 3) {
      const query = new URLSearchParams({ storeId: this.id, token: currentToken() });
      const source = new EventSource(`/events?${query}`);
      this.source = source;
      source.addEventListener('state', (event) => {
        this.failures = 0;
        this.publish(JSON.parse(event.data));
      });
      source.addEventListener('closed', () => {
        source.close();
        this.closed = true;
      });
      source.onerror = () => {
        if (this.closed) return;
        this.failures += 1;
        if (this.failures >= 3) {
          source.close();
          this.poll();
        }
      };
    } else {
      this.poll();
    }
  }

  async poll() {
    while (!this.closed) {
      try {
        const state = await call('store.next', { storeId: this.id, afterVersion: this.version, timeoutMs: 25000 });
        this.publish(state);
      } catch (error) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }
}

/** Mounts a store (`inquiry.mount`, `vault.mount`, `documents.mountList`...) and follows its model. */
export async function mount(method, params = undefined) {
  const mounted = await call(method, params);
  const store = new Store(mounted.storeId);
  const state = await call('store.state', { storeId: store.id });
  store.publish(state);
  store.follow();
  return store;
}
