// A mounted store as the page sees it (DESIGN §3): its model follows the Gateway's Server-Sent Events, with the
// store.next long poll as the fallback where EventSource is missing or keeps failing.

import { applyPatch } from './jsonpatch.js';
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
    let model = state.model;
    if (state.patch !== undefined) {
      // A delta from the version held (`store.next` with delta, `event: patch`); one from elsewhere, or one that
      // does not apply, is dropped and the whole model read again.
      try {
        if (state.baseVersion !== this.version) throw new Error(`a patch from ${state.baseVersion}, held ${this.version}`);
        model = applyPatch(this.model, state.patch);
      } catch (error) {
        this.reload();
        return;
      }
    }
    this.version = state.version;
    this.model = model;
    for (const listener of this.listeners) listener(this.model);
  }

  /**
   * The store's version now, read with `store.state` (whose model is published): a model that answers an action
   * whose dispatch was answered is at least this version. null when the store cannot be read.
   */
  async currentVersion() {
    const state = await call('store.state', { storeId: this.id });
    this.publish(state);
    return typeof state?.version === 'number' ? state.version : null;
  }

  async reload() {
    try {
      const state = await call('store.state', { storeId: this.id });
      this.publish(state);
    } catch (error) {
      // The stream or the poll goes on and delivers the next state.
    }
  }

  follow() {
    if (typeof EventSource === 'function' && this.failures < 3) {
      const query = new URLSearchParams({ storeId: this.id, token: currentToken(), delta: '1' });
      const source = new EventSource(`/events?${query}`);
      this.source = source;
      for (const kind of ['state', 'patch']) {
        source.addEventListener(kind, (event) => {
          this.failures = 0;
          this.publish(JSON.parse(event.data));
        });
      }
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
        const state = await call('store.next', {
          storeId: this.id, afterVersion: this.version, timeoutMs: 25000, delta: true,
        });
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
